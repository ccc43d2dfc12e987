"""Views: what one seat may see, and that nothing hidden leaks into it."""

from __future__ import annotations

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from deals import draw_and_throw
from ginrummy.cards import cards_of, format_card, format_mask, mask_of
from ginrummy.match import Match
from ginrummy.rules import PRESETS, find_rules
from ginrummy.state import Phase, melder_for
from ginrummy.view import seat_view

CARD_TEXT = re.compile(r"\b[A2-9TJQK][scdh]\b")


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(sorted(PRESETS)), st.integers(0, 10**6), st.integers(0, 120), st.integers(0, 1)
)
def test_no_hidden_card_appears_in_a_view(preset: str, seed: int, steps: int, seat: int) -> None:
    rng = random.Random(seed)
    match = Match(find_rules(preset), seed=seed)
    for _ in range(steps):
        if match.hand.over:
            break
        match.play(rng.choice(match.legal_actions()))
    hand = match.hand
    if hand.over:
        return
    hidden = mask_of(hand.stock) | hand.hands[1 - seat] & ~hand.pile_taken[1 - seat]
    view = seat_view(match, seat).to_json()
    del view["cut"]  # the cut for the first deal, from a deck shuffled before this hand
    text = json.dumps(view)
    shown = set(CARD_TEXT.findall(text))
    leaked = shown & {format_card(card) for card in cards_of(hidden)}
    assert not leaked


def test_view_shows_own_hand_counts_and_top_of_pile() -> None:
    match = Match(seed=12)
    view = seat_view(match, 0).to_json()
    assert len(view["hand"]) == 10
    assert view["opponent"] == {"count": 10, "known": []}
    assert view["pile"] == [view["first_upcard"]]
    assert view["stock_count"] == 31
    mover = match.to_move
    assert seat_view(match, mover).to_json()["legal"] == ["pass", "upcard"]
    assert seat_view(match, 1 - mover).to_json()["legal"] == []


def test_open_discards_show_the_whole_pile() -> None:
    rng = random.Random(1)
    for preset, whole in (("standard", False), ("round_the_corner", True)):
        match = Match(find_rules(preset), seed=1)
        while len(match.hand.pile) < 4:
            match.play(rng.choice([a for a in match.legal_actions() if a.text != "upcard"]))
        view = seat_view(match, 0).to_json()
        assert len(view["pile"]) == (len(match.hand.pile) if whole else 1)
        assert view["pile_count"] == len(match.hand.pile)


def test_card_taken_from_the_pile_is_public() -> None:
    match = Match(seed=21)
    mover = match.to_move
    assert mover is not None
    upcard = match.hand.pile[-1]
    match.play("upcard")
    assert seat_view(match, 1 - mover).to_json()["opponent"]["known"] == [format_card(upcard)]


def test_after_the_hand_both_hands_and_the_showdown_are_shown() -> None:
    rng = random.Random(3)
    match = Match(seed=3)
    while not match.hand.over:
        legal = match.legal_actions()
        outs = [a for a in legal if a.kind.value in ("knock", "gin")]
        match.play(outs[0] if outs else rng.choice(legal))
    view = seat_view(match, 1).to_json()
    assert view["phase"] == Phase.HAND_OVER.value
    assert view["legal"] == ["next"]
    assert view["hands"] is not None and len(view["hands"]) == 2
    if match.hand.showdown is not None:
        assert view["showdown"]["points"] == list(match.hand.showdown.score.points)


def test_a_dead_hand_s_view_arranges_both_hands_in_melds() -> None:
    # Both players draw and throw the card drawn until the stock is down to two: the hand
    # dies. The page shows each hand as a knock would have laid it down, from the view.
    match = Match(seed=5)
    assert seat_view(match, 0).to_json()["revealed_arrangements"] is None
    draw_and_throw(match, until=lambda match: match.hand.over)
    assert match.hand.score is not None and match.hand.score.outcome.value == "dead"
    melder = melder_for(match.rules)
    for seat in (0, 1):
        arranged = seat_view(match, seat).to_json()["revealed_arrangements"]
        for shown, hand in zip(arranged, match.hand.hands, strict=True):
            best = melder.best_arrangement(hand)
            assert shown["deadwood"] == best.count == melder.deadwood(hand)
            cards = [c for meld in shown["melds"] for c in meld] + shown["deadwood_cards"]
            assert sorted(cards) == sorted(format_mask(hand))
