"""The calculator: ``meld`` and ``showdown`` check a hand without playing one."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..cards import format_card, format_mask, parse_card, parse_mask
from ..rules import PRESETS, find_rules
from ..scoring import Outcome
from ..showdown import lay_down
from ..state import doubled_by, knock_limit_for, melder_for

KNOCKER, DEFENDER = 0, 1


def register(commands: Any) -> None:
    """Add the ``meld`` and ``showdown`` subcommands to ``commands``."""
    meld = commands.add_parser(
        "meld",
        help="best melds and deadwood of a 10- or 11-card hand",
        description="Print a hand's best arrangement as JSON; with 11 cards, the best discard.",
    )
    meld.add_argument("cards", nargs="+", help="cards like As 2s 3s Td (10d works too)")
    _add_rules(meld)
    meld.set_defaults(handler=run_meld)

    showdown = commands.add_parser(
        "showdown",
        help="score a knock: lay-offs, undercut, points",
        description="Score a showdown as JSON: both hands after the knocker's discard.",
    )
    showdown.add_argument(
        "--knocker", required=True, help="the knocker's 10 cards (11 for big gin)"
    )
    showdown.add_argument("--defender", required=True, help="the defender's 10 cards")
    showdown.add_argument(
        "--upcard",
        help="the hand's first upcard (Oklahoma knock limit, spade doubling); a player may hold it",
    )
    _add_rules(showdown)
    showdown.set_defaults(handler=run_showdown)


def _add_rules(parser: argparse.ArgumentParser) -> None:
    """Add the ``--rules PRESET`` option."""
    parser.add_argument("--rules", default="standard", choices=sorted(PRESETS), metavar="PRESET")


def meld_report(cards: str, preset: str) -> dict[str, Any]:
    """Return the ``meld`` answer for ``cards`` under the preset ``preset``.

    :raises ValueError: on bad cards or a hand that is not 10 or 11 cards.
    """
    rules = find_rules(preset)
    hand = parse_mask(cards)
    size = hand.bit_count()
    if size not in (10, 11):
        raise ValueError(f"a hand has 10 or 11 cards, not {size}")
    melder = melder_for(rules)
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


def showdown_report(preset: str, knocker: str, defender: str, upcard: str | None) -> dict[str, Any]:
    """Return the ``showdown`` answer: the knocker went out with ``knocker`` cards.

    :raises ValueError: on bad cards, or a knock the rules do not allow.
    """
    rules = find_rules(preset)
    melder = melder_for(rules)
    knocker_hand, defender_hand = parse_mask(knocker), parse_mask(defender)
    up = None if upcard is None else parse_card(upcard)
    if knocker_hand & defender_hand:
        raise ValueError(f"both hands hold {' '.join(format_mask(knocker_hand & defender_hand))}")
    if defender_hand.bit_count() != 10 or knocker_hand.bit_count() not in (10, 11):
        raise ValueError("the defender holds 10 cards, the knocker 10 (or 11 for big gin)")
    count = melder.deadwood(knocker_hand)
    if rules.knock_limit == "upcard" and up is None:
        raise ValueError("these rules take the knock limit from the first upcard: give --upcard")
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
        "winner": "knocker" if winner == KNOCKER else "defender",
        "points": score[winner],
        "knock_limit": limit,
        "doubled": doubled,
        **{
            key: value
            for key, value in result.items()
            if key not in ("knocker", "defender", "discard")
        },
        "breakdown": [
            {**line, "seat": "knocker" if line["seat"] == KNOCKER else "defender"}
            for line in breakdown
        ],
    }


def run_meld(args: argparse.Namespace) -> int:
    """Print the ``meld`` answer as JSON."""
    print(json.dumps(meld_report(" ".join(args.cards), args.rules), indent=2))
    return 0


def run_showdown(args: argparse.Namespace) -> int:
    """Print the ``showdown`` answer as JSON."""
    print(
        json.dumps(showdown_report(args.rules, args.knocker, args.defender, args.upcard), indent=2)
    )
    return 0
