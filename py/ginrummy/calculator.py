"""The calculator: a hand's best melds, or a whole showdown, as JSON-ready reports.

Shared by the command line (``python -m ginrummy meld`` / ``showdown``), the page's
rule illustrations and the rules help, so all three show the engine's own answer.

>>> from ginrummy.rules import find_rules
>>> report = hand_report(find_rules("standard"), "As 2s 3s 7h 8h 9h Tc Jd Qd Kd")
>>> report["deadwood"], report["deadwood_cards"]
(10, ['Tc'])
"""

from __future__ import annotations

from typing import Any

from .cards import format_card, format_mask, parse_card, parse_mask
from .rules import Flow, Rules
from .scoring import Outcome
from .showdown import lay_down
from .state import doubled_by, knock_limit_for, melder_for

KNOCKER, DEFENDER = 0, 1
"""The seats a showdown report is computed with (it names them ``knocker``/``defender``)."""

SEAT_NAMES = {KNOCKER: "knocker", DEFENDER: "defender"}
"""How a showdown report names each seat; a hand no one wins names its winner ``nobody``."""


def hand_report(rules: Rules, cards: str) -> dict[str, Any]:
    """Return the best arrangement of a 10- or 11-card hand under ``rules``.

    With 11 cards the report adds the best discard, the deadwood each discard leaves,
    the discards that allow a knock (when the limit does not depend on an upcard) and
    whether the hand is big gin.

    :raises ValueError: on bad cards or a hand that is not 10 or 11 cards.
    """
    melder = melder_for(rules)
    hand = parse_mask(cards)
    size = hand.bit_count()
    if size not in (10, 11):
        raise ValueError(f"a hand has 10 or 11 cards, not {size}")
    report: dict[str, Any] = {"cards": format_mask(hand), **melder.best_arrangement(hand).to_json()}
    if size == 11:
        counts = melder.discard_deadwoods(hand)
        card, least = melder.least_discard(hand)
        report["best_discard"] = format_card(card)
        report["knock_deadwood"] = least
        report["discards"] = {format_card(c): counts[c] for c in sorted(counts)}
        if isinstance(rules.knock_limit, int):  # else it depends on a hand's first upcard
            allowed = [c for c in sorted(counts) if counts[c] <= rules.knock_limit]
            report["knock_discards"] = [format_card(c) for c in allowed]
        report["big_gin"] = report["deadwood"] == 0
    return report


def showdown_report(
    rules: Rules, knocker: str, defender: str, upcard: str | None = None
) -> dict[str, Any]:
    """Return the showdown after the knocker went out holding ``knocker`` under ``rules``.

    ``upcard`` is the hand's first upcard (the Oklahoma knock limit, spade doubling).
    The report has the outcome, winner and points, both hands' melds and deadwood,
    the defender's lay-offs and the score's breakdown, seats named ``knocker`` and
    ``defender``.

    :raises ValueError: on bad cards, or a knock the rules do not allow; under Mahjong
        gin, which has no showdown.
    """
    if rules.flow is Flow.MAHJONG:
        raise ValueError(
            "Mahjong gin has no showdown: a hand ends at gin and is scored by the cards on "
            "the table and in hand (try 'play' or 'meld' with --rules mahjong)"
        )
    melder = melder_for(rules)
    knocker_hand, defender_hand = parse_mask(knocker), parse_mask(defender)
    up = None if upcard is None else parse_card(upcard)
    if knocker_hand & defender_hand:
        raise ValueError(f"both hands hold {' '.join(format_mask(knocker_hand & defender_hand))}")
    if defender_hand.bit_count() != 10 or knocker_hand.bit_count() not in (10, 11):
        raise ValueError("the defender holds 10 cards, the knocker 10 (or 11 for big gin)")
    count = melder.deadwood(knocker_hand)
    if rules.knock_limit == "upcard" and up is None:
        raise ValueError("these rules take the knock limit from the first upcard: name it")
    limit = knock_limit_for(rules, up)
    if knocker_hand.bit_count() == 11:
        if count or not rules.big_gin_allowed:
            raise ValueError(
                "11 cards go out only as big gin: all in melds, where the rules allow it"
            )
        kind = Outcome.BIG_GIN
    elif count == 0:
        kind = Outcome.GIN
    elif count > limit:
        rule = "gin only" if limit == 0 else f"the knock limit is {limit}"
        raise ValueError(f"the knocker cannot knock with deadwood {count}: {rule}")
    else:
        kind = Outcome.KNOCK
    doubled = doubled_by(rules, up)
    result = lay_down(
        rules,
        melder,
        knocker=KNOCKER,
        kind=kind,
        knocker_hand=knocker_hand,
        defender_hand=defender_hand,
        discard=None,
        doubled=doubled,
    ).to_json()
    breakdown: list[dict[str, Any]] = result.pop("breakdown")
    score: list[int] = result.pop("points")
    winner = result.pop("winner")
    return {
        "result": result.pop("outcome"),
        "winner": SEAT_NAMES.get(winner, "nobody"),
        "points": 0 if winner is None else score[winner],
        "knock_limit": limit,
        "doubled": doubled,
        "upcard": None if up is None else format_card(up),
        **{
            key: value
            for key, value in result.items()
            if key not in ("knocker", "defender", "discard")
        },
        "breakdown": [{**line, "seat": SEAT_NAMES[line["seat"]]} for line in breakdown],
    }


def illustration(rules: Rules, asked: dict[str, Any]) -> dict[str, Any]:
    """Return the report a rule illustration asks for, its kind under ``illustration``.

    ``asked`` has ``kind`` "hand" with ``cards``, or "showdown" with ``knocker``,
    ``defender`` and optionally ``upcard`` (card texts, space-separated).

    :raises ValueError: on another kind, a missing hand, or what the reports raise.
    """

    def cards(name: str) -> str:
        value = asked.get(name)
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"give the {name} cards, like As 2s 3s")
        return value

    kind = asked.get("kind")
    if kind == "hand":
        return {"illustration": kind, **hand_report(rules, cards("cards"))}
    if kind == "showdown":
        upcard = asked.get("upcard") or None
        report = showdown_report(rules, cards("knocker"), cards("defender"), upcard and str(upcard))
        return {"illustration": kind, **report}
    raise ValueError(f"an illustration is a hand or a showdown, not {kind!r}")
