"""The opponent is fair by construction: its decisions depend on its seat's view only.

At many real decision points, the hidden cards (the other hand, less the cards it
took from the pile, and the whole stock) are dealt again at random, consistently
with everything the seat has seen. The seat's view must not change, and neither may
any player's decision (same seed).
"""

from __future__ import annotations

import copy
import random

import pytest

from deals import play_views
from ginrummy.bot import LEVELS, Player, make_player
from ginrummy.bot.expert import ExpertPlayer
from ginrummy.bot.mahjong import FlowPlayer
from ginrummy.match import Match
from ginrummy.rules import find_rules
from ginrummy.view import seat_view


def redeal_hidden(match: Match, seat: int, rng: random.Random) -> Match:
    """Return a copy of ``match`` whose cards hidden from ``seat`` are dealt again."""
    other = 1 - seat
    hand = match.hand.copy()
    known = hand.pile_taken[other]
    hidden = [card for card in range(52) if (hand.hands[other] & ~known) >> card & 1]
    pool = hidden + list(hand.stock)
    rng.shuffle(pool)
    new_other = known
    for card in pool[: len(hidden)]:
        new_other |= 1 << card
    hand.hands[other] = new_other
    hand.stock = pool[len(hidden) :]
    hand._legal = None
    altered = copy.copy(match)
    altered.hand = hand
    return altered


def hidden_of(match: Match, seat: int) -> tuple[int, tuple[int, ...]]:
    """Return what ``seat`` cannot see: the other's unknown cards and the stock order."""
    other = 1 - seat
    return match.hand.hands[other] & ~match.hand.pile_taken[other], tuple(match.hand.stock)


def player(level: str) -> Player:
    """Return the player of ``level`` with seed 7; the expert with fewer guesses (quicker,
    and the same code: its guesses come from the view, so their number changes nothing)."""
    if level == "expert":
        return FlowPlayer(ExpertPlayer(7, deals=6), 7)
    return make_player(level, 7)


@pytest.mark.parametrize(
    "preset", ["standard", "oklahoma", "round_the_corner", "french", "mahjong"]
)
def test_decisions_ignore_the_hidden_cards(preset: str) -> None:
    rules = find_rules(preset)
    rng = random.Random(preset)
    checked = changed = 0
    for game in range(2):  # two matches, the first few dozen moves of each
        match = Match(rules, seed=100 + game)
        movers = (make_player("hard", 1), make_player("normal", 2))
        for view in play_views(match, movers, 40):
            seat = view.seat
            altered = redeal_hidden(match, seat, rng)
            changed += hidden_of(altered, seat) != hidden_of(match, seat)
            assert seat_view(altered, seat) == view
            for level in LEVELS:
                mine = player(level).choose(view)
                theirs = player(level).choose(seat_view(altered, seat))
                assert mine == theirs, (level, preset, view.phase)
            checked += 1
    assert checked > 60
    assert changed > checked // 2


def test_the_redealt_match_plays_on_with_the_same_decision() -> None:
    # The same decision is legal in both deals: the altered match is a real game.
    rules = find_rules("standard")
    rng = random.Random(5)
    match = Match(rules, seed=42)
    player = make_player("hard", 3)
    for _ in range(40):
        seat = match.to_move
        if seat is None:
            break
        altered = redeal_hidden(match, seat, rng)
        decision = player.choose(seat_view(match, seat))
        altered.play(decision.action)
        match.play(decision.action)
