"""Views: what one seat may see, and that nothing hidden leaks into it."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deals import KNOCKER, LOOSE, NEAR_GIN, STANDARD, crafted, make_deck, piled, seed_dealt_by
from ginrummy.cards import (
    FULL_DECK,
    card_list,
    cards_of,
    format_card,
    format_cards,
    mask_of,
    parse_mask,
)
from ginrummy.match import Match
from ginrummy.rules import PRESETS, find_rules
from ginrummy.state import Phase
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


@pytest.mark.parametrize(("player", "passed"), [(NEAR_GIN, (1, 0)), (LOOSE, (0, 0))])
def test_a_hand_ended_able_to_knock_without_going_out_is_shown_as_a_knock_passed(
    player: str, passed: tuple[int, int]
) -> None:
    # Both pass the 8c; the player (seat 0) draws the Qs and throws it, the opponent draws
    # the 4s and goes gin (As-4s, 4c-6c, the sevens) throwing the Kd. With three melds and
    # the 2c (2 points) the player could have knocked with that discard and did not: a knock
    # passed, counted when the hands are shown at the hand's end and kept for the match
    # (played to 250, so that the gin on the loose hand does not end it). Holding nothing
    # under the knock limit, it passed none; the one going out never does.
    match = crafted(player, KNOCKER, "8c", STANDARD.replace(target=250), stock="Qs 4s")
    for move in ("pass", "pass", "stock", "discard Qs", "stock"):
        match.play(move)
    assert seat_view(match, 1).knocks_passed == (0, 0)
    match.play("gin Kd")
    assert seat_view(match, 0).knocks_passed == seat_view(match, 1).knocks_passed == passed
    match.play("next")
    assert seat_view(match, 1).knocks_passed == passed


def test_a_dead_hand_shows_the_knocks_passed_of_both() -> None:
    # Both pass the Ah, then each draws from the stock and throws the card it drew, until
    # the stock is down to two cards and the hand is dead: the player held three melds and
    # the 2c (2 points) all along, a knock at every discard; the opponent, no meld.
    loose = "Kc Qs 8h 6s 4c 3h Ac 7c 9s 2d"
    filler = card_list(FULL_DECK & ~parse_mask(f"{NEAR_GIN} {loose} Ah"))[:29]
    match = piled(STANDARD, NEAR_GIN, loose, "Ah", " ".join(format_cards(filler)), draws=28)
    match.play("stock")
    match.play(f"discard {format_card(filler[28])}")
    assert match.hand.over and match.hand.showdown is None
    assert seat_view(match, 1).knocks_passed == (1, 0)


def test_the_eleven_deal_s_opening_discard_is_no_knock_passed() -> None:
    # French rules: the player, dealt eleven cards, throws the Qs and keeps three melds and
    # the 2c, but the opening discard may not knock; the opponent then draws the 4s and goes
    # gin. The player never had a knock to pass.
    rules = PRESETS["french"]
    deck = make_deck(f"{NEAR_GIN} Qs", KNOCKER, stock="4s")
    match = Match(rules, seed=seed_dealt_by(rules, 1), decks=[deck])
    for move in ("discard Qs", "stock", "gin Kd"):
        match.play(move)
    assert seat_view(match, 0).knocks_passed == (0, 0)
