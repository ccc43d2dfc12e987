"""The review of a finished hand: both hands, what the opponent knew, the player's slips.

The hand is replayed from its record. At each opponent move the review gives the
opponent's view then (its hand, the discards it had seen, the cards it knew the player
held) and the reason it played as it did; at each of the player's turns with a choice,
the move the hard engine would have made, and flags where it was clearly better:

- ``missed_gin`` / ``missed_knock``: the player could go out, the engine would have,
  and the player discarded instead (or knocked where gin was there);
- ``missed_take``: the engine would have taken the pile's card for a meld, gin or a
  knock, and the player drew from the stock or passed;
- ``worse_discard``: the engine's discard would have left at least ``DEADWOOD_GAP``
  less deadwood;
- ``risky_discard``: the engine called the player's discard the one that could help
  the other player, and threw a safe card instead;
- ``fed_meld``: the opponent took the player's discard from the pile and melded it
  (or laid it off), where the engine would have thrown another card.

Texts are ids with parameters (``review.<id>`` in the page's strings table); the
engine's reasons come in English with their key and parameters, as hints do. A hand
still in play cannot be reviewed: the review shows the opponent's cards.
"""

from __future__ import annotations

import itertools
from typing import Any

from . import record
from .actions import Action, Kind
from .cards import format_card, format_mask, mask_of, parse_card
from .mahjong import MahjongHand
from .match import Match
from .melds import union
from .state import melder_for
from .view import OPPONENT, PLAYER, SeatView, seat_view

DEADWOOD_GAP = 5
"""A discard leaving this much more deadwood than the engine's is flagged."""

GOING_OUT = (Kind.KNOCK, Kind.GIN, Kind.BIG_GIN)
TAKE_FOR_MELD = frozenset(
    {"take_meld", "take_extends", "take_knock", "take_gin", "mj_take_several", "mj_take_table"}
)
"""The engine's reasons for taking the pile's card that make passing it a slip."""

Json = dict[str, Any]


class ReviewError(ValueError):
    """A hand that cannot be reviewed: not played yet, or still in play."""


def review_hand(match: Match, number: int, level: str) -> Json:
    """Return the review of hand ``number`` of ``match``; ``level`` is the opponent's.

    :raises ReviewError: when hand ``number`` is not over (or does not exist).
    """
    if not 1 <= number <= match.hand_number:
        raise ReviewError(f"there is no hand {number}: this game has {match.hand_number}")
    if number == match.hand_number and not match.hand.over:
        raise ReviewError("this hand is still being played: a review comes once it is over")
    from .bot import advise  # late: the opponent loads after the first deal

    replay = record.start(record.to_data(match))
    actions = iter(match.actions)
    while replay.hand_number < number:
        replay.play(next(actions))
    hand = replay.hand
    melder = melder_for(replay.rules)
    dealt = [format_mask(cards) for cards in hand.hands]
    dealt_arranged = [melder.best_arrangement(cards).to_json() for cards in hand.hands]
    steps: list[Json] = []
    index = len(replay.actions)
    while not hand.over:
        action = next(actions)
        index += 1
        seat = hand.to_move
        view = seat_view(replay, seat)
        step: Json = {"index": index, "seat": seat, "action": action.text}
        if seat == OPPONENT:
            step["knew"] = knowledge(view)
            decision = advise(view, level, replay.seed)
            if decision.action == action.text:
                step["reason"] = decision.to_json()
        elif len(view.legal) > 1:
            advice = advise(view, "hard", replay.seed)
            step["hand"] = format_mask(view.hand)
            step["arranged"] = view.arrangement().to_json()
            step["advice"] = advice.to_json()
            step["flags"] = slips(view, action, advice.action, advice.key, advice.params)
        before = hand.hands[seat]
        replay.play(action)
        step["event"] = hand.events[-1].to_json()
        if action.kind is Kind.STOCK:
            (step["drew"],) = format_mask(hand.hands[seat] & ~before)
        steps.append(step)
    mark_fed_melds(steps, melded_by_opponent(replay))
    score = hand.score
    assert score is not None
    return {
        "hand_number": number,
        "dealer": hand.dealer,
        "dealt": dealt,
        "dealt_arranged": dealt_arranged,
        "upcard": None if hand.first_upcard is None else format_card(hand.first_upcard),
        "final": [format_mask(cards) for cards in hand.hands],
        "result": score.to_json(),
        "steps": steps,
        "flagged": sum(bool(step.get("flags")) for step in steps),
    }


def knowledge(view: SeatView) -> Json:
    """Return what a seat knew when it moved: its hand (and its best arrangement), the
    discards, the other's known cards."""
    return {
        "hand": format_mask(view.hand),
        "arranged": view.arrangement().to_json(),
        "discards": [format_card(card) for card in view.discards],
        "known": format_mask(view.opponent_known),
        "stock_count": view.stock_count,
    }


def slips(
    view: SeatView, action: Action, better: str, key: str, params: dict[str, Any]
) -> list[Json]:
    """Return the flags of the player's ``action`` against the engine's move ``better``."""
    engine = Action.parse(better)
    flags: list[Json] = []
    gin = engine.kind in (Kind.GIN, Kind.BIG_GIN)
    slipped = action.kind is Kind.DISCARD or (gin and action.kind is Kind.KNOCK)
    if engine.kind in GOING_OUT and slipped:
        kind = "missed_gin" if gin else "missed_knock"
        flags.append({"id": kind, "card": format_card_or_none(engine.card), "action": better})
    passed = action.kind in (Kind.STOCK, Kind.PASS)
    if engine.kind in (Kind.UPCARD, Kind.TAKE) and key in TAKE_FOR_MELD and passed:
        flags.append({"id": "missed_take", "card": str(params["card"])})
    if (
        action.card is not None
        and engine.card is not None
        and action.kind in (Kind.DISCARD, *GOING_OUT)
        and action.card != engine.card
    ):
        counts = discard_counts(view)
        mine, best = counts[action.card], counts[engine.card]
        if mine - best >= DEADWOOD_GAP:
            flags.append(
                {
                    "id": "worse_discard",
                    "card": format_card(action.card),
                    "deadwood": mine,
                    "better": format_card(engine.card),
                    "better_deadwood": best,
                }
            )
        if key == "discard_safe" and params.get("other") == format_card(action.card):
            flags.append(
                {"id": "risky_discard", "card": format_card(action.card), "better": better[8:]}
            )
    return flags


def format_card_or_none(card: int | None) -> str | None:
    """Return the text of ``card``, or None (a big gin names no card)."""
    return None if card is None else format_card(card)


def discard_counts(view: SeatView) -> dict[int, int]:
    """Return the deadwood left by each discard from the hand of ``view``."""
    return melder_for(view.rules).discard_deadwoods(view.hand)


def melded_by_opponent(match: Match) -> int:
    """Return the cards the opponent ended the hand with in melds or laid off (a mask)."""
    hand = match.hand
    showdown = hand.showdown
    if isinstance(hand, MahjongHand):  # Mahjong gin: what it laid on the table, too
        return hand.laid[OPPONENT] | union(hand.melder.best_arrangement(hand.hands[OPPONENT]).melds)
    if showdown is None:
        return union(hand.melder.best_arrangement(hand.hands[OPPONENT]).melds)
    if showdown.knocker == OPPONENT:
        return union(showdown.knocker_arrangement.melds)
    laid_off = mask_of(card for card, _ in showdown.layoffs)
    return union(showdown.defender_arrangement.melds) | laid_off


def mark_fed_melds(steps: list[Json], melded: int) -> None:
    """Flag each player discard the opponent took from the pile next and melded, where
    the engine advised another move."""
    for mine, theirs in itertools.pairwise(steps):
        event = theirs["event"]
        if (
            mine["seat"] == PLAYER
            and theirs["seat"] == OPPONENT
            and event["action"] in ("upcard", "take 1")
            and event["card"] == mine["event"].get("card")
            and melded >> parse_card(event["card"]) & 1
            and "advice" in mine
            and Action.parse(mine["advice"]["action"]).card != parse_card(event["card"])
        ):
            mine.setdefault("flags", []).append({"id": "fed_meld", "card": event["card"]})
