"""The meld solver: exact deadwood, arrangements, discards and lay-offs."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.cards import (
    card_value,
    cards_of,
    format_card,
    format_mask,
    mask_of,
    parse_card,
    parse_mask,
)
from ginrummy.melds import Melder, all_runs, format_meld, is_set, melder

LOW = melder(False, 1)
CORNER = melder(True, 15)


def brute_force_deadwood(hand: int, round_the_corner: bool, ace_value: int) -> int:
    """Return the least deadwood by trying every set of disjoint melds (slow, obviously right)."""
    cards = list(cards_of(hand))
    melds = []
    for size in (3, 4):
        for combo in itertools.combinations(cards, size):
            if len({c % 13 for c in combo}) == 1:
                melds.append(mask_of(combo))
    for suit in range(4):
        for run in all_runs(round_the_corner):
            meld = run << suit * 13
            if meld & hand == meld:
                melds.append(meld)
    total = sum(card_value(c, ace_value) for c in cards)
    best = total

    def search(start: int, used: int, melded_value: int) -> None:
        nonlocal best
        best = min(best, total - melded_value)
        for index in range(start, len(melds)):
            meld = melds[index]
            if not meld & used:
                value = sum(card_value(c, ace_value) for c in cards_of(meld))
                search(index + 1, used | meld, melded_value + value)

    search(0, 0, 0)
    return best


hands10 = st.lists(st.integers(0, 51), min_size=10, max_size=10, unique=True).map(mask_of)
hands11 = st.lists(st.integers(0, 51), min_size=11, max_size=11, unique=True).map(mask_of)


@settings(max_examples=300)
@given(hands10)
def test_deadwood_equals_brute_force_ace_low(hand: int) -> None:
    assert LOW.deadwood(hand) == brute_force_deadwood(hand, False, 1)


@settings(max_examples=300)
@given(hands10)
def test_deadwood_equals_brute_force_round_the_corner(hand: int) -> None:
    assert CORNER.deadwood(hand) == brute_force_deadwood(hand, True, 15)


@pytest.mark.parametrize("melder_", [LOW, CORNER], ids=["ace low", "round the corner"])
def test_every_suit_of_up_to_seven_cards_equals_brute_force(melder_: Melder) -> None:
    # The per-suit table holds every suit mask's least deadwood (runs only): checked
    # against the brute force on each mask of up to seven of the thirteen ranks (5,812 of
    # the 8,192; the rest take the brute force too long), in the suit of spades.
    for size in range(8):
        for ranks in itertools.combinations(range(13), size):
            hand = mask_of(39 + rank for rank in ranks)
            rules = (melder_.round_the_corner, melder_.ace_value)
            assert melder_.deadwood(hand) == brute_force_deadwood(hand, *rules)


@settings(max_examples=100)
@given(hands11)
def test_each_discard_equals_brute_force(hand: int) -> None:
    counts = LOW.discard_deadwoods(hand)
    assert set(counts) == set(cards_of(hand))
    for card, count in counts.items():
        assert count == brute_force_deadwood(hand & ~(1 << card), False, 1)


@settings(max_examples=150)
@given(hands10)
def test_every_arrangement_is_valid_and_least(hand: int) -> None:
    least = LOW.deadwood(hand)
    for arrangement in [LOW.best_arrangement(hand), *LOW.arrangements(hand)]:
        used = 0
        for meld in arrangement.melds:
            assert LOW.is_meld(meld)
            assert not meld & used
            used |= meld
        assert used | arrangement.deadwood == hand and not used & arrangement.deadwood
        assert LOW.mask_value(arrangement.deadwood) == arrangement.count == least


def test_doc_example_deadwood() -> None:
    # As-2s-3s, 7h-8h-9h, Jd-Qd-Kd leave only the Tc: deadwood 10.
    arrangement = LOW.best_arrangement(parse_mask("As 2s 3s 7h 8h 9h Tc Jd Qd Kd"))
    assert arrangement.count == 10
    assert format_mask(arrangement.deadwood) == ["Tc"]


def test_card_in_a_set_or_a_run_but_not_both() -> None:
    # es: "within the five cards 7 7 7 8 9, the seven of diamonds can be in the set or
    # in the run, but not in both". With 7s 7c 7d 8d 9d, one of the two is deadwood.
    # The run 7d-8d-9d leaves 7s 7c (14), the set leaves 8d 9d (17): the least is 14.
    assert LOW.deadwood(parse_mask("7s 7c 7d 8d 9d")) == 14


def test_eleven_card_knock_tries_every_discard() -> None:
    # The case: 3s 5s 6s 2c 4d 5d 6d 3h 4h 5h 6h. One least arrangement of the 11
    # cards is the two sets 5s-5d-5h and 6s-6d-6h, leaving 3s 2c 4d 3h 4h (16). Dropping
    # its highest deadwood card (a four) leaves 12, over the limit of 10. But discarding
    # the 6s leaves 4d-5d-6d and 3h-4h-5h-6h with 3s 5s 2c = 10: a legal knock.
    hand = parse_mask("3s 5s 6s 2c 4d 5d 6d 3h 4h 5h 6h")
    sets = (parse_mask("5s 5d 5h"), parse_mask("6s 6d 6h"))
    assert sets in [arrangement.melds for arrangement in LOW.arrangements(hand)]
    assert LOW.deadwood(hand & ~(1 << parse_card("4d"))) == 12
    counts = LOW.discard_deadwoods(hand)
    assert counts[parse_card("6s")] == 10
    assert LOW.least_discard(hand) == (parse_card("6s"), 10)


def test_round_the_corner_runs() -> None:
    # fr "as tournant": Q K A 2 3 is a run; K A 2 too. An unmatched ace counts 15.
    assert CORNER.deadwood(parse_mask("Qs Ks As 2s 3s")) == 0
    assert CORNER.deadwood(parse_mask("Kh Ah 2h")) == 0
    assert LOW.deadwood(parse_mask("Kh Ah 2h")) == 13
    assert CORNER.deadwood(parse_mask("Ac 5d")) == 20
    assert not LOW.is_run(parse_mask("Qs Ks As"))
    assert CORNER.is_run(parse_mask("Qs Ks As"))


def test_big_gin_eleven_cards_all_melded() -> None:
    assert LOW.deadwood(parse_mask("As 2s 3s 4s 5s 7c 7d 7h Jd Qd Kd")) == 0


def test_chained_layoffs_onto_a_run() -> None:
    # RULES.md: 7h then 8h onto 4h-5h-6h. The 8h alone does not fit; after the 7h it does.
    run = parse_mask("4h 5h 6h")
    defender = parse_mask("7h 8h 2c 9s Ks Qd Jc 3d 5c Tc")
    layoffs = LOW.best_layoffs((run,), defender)
    assert [format_card(card) for card, _ in layoffs.cards] == ["7h", "8h"]
    assert layoffs.arrangement.count == LOW.deadwood(defender & ~parse_mask("7h 8h"))


def test_fourth_card_of_a_set_is_laid_off() -> None:
    # es: the knocker melds three kings; the defender's fourth king is laid off (-10).
    kings = parse_mask("Ks Kc Kd")
    defender = parse_mask("Kh 2c 9s 4d 7c Jc 3d 5c 8h Ah")
    layoffs = LOW.best_layoffs((kings,), defender)
    assert [format_card(card) for card, _ in layoffs.cards] == ["Kh"]
    assert layoffs.arrangement.count == LOW.deadwood(defender) - 10


def test_layoffs_chosen_together_with_own_melds() -> None:
    # The defender holds 7h 7c 7d: as its own set they cost nothing; laying the 7h off
    # on 4h-5h-6h would break the set and leave 7c 7d (14). Best: keep the set.
    run = parse_mask("4h 5h 6h")
    defender = parse_mask("7h 7c 7d Ks Qd 2c 3c 9s Jd Th")
    layoffs = LOW.best_layoffs((run,), defender)
    assert layoffs.cards == ()
    # With 8h too, the 7h-8h chain onto the run and keeping 7c 7d loses to keeping the
    # set and laying off nothing (8h alone does not fit): 8 in deadwood vs 14.
    defender2 = parse_mask("7h 7c 7d 8h Qd 2c 3c 9s Jd Th")
    assert LOW.best_layoffs((run,), defender2).arrangement.count == LOW.deadwood(defender2)


def test_layoff_onto_two_runs_of_one_suit_uses_each_card_once() -> None:
    # Knocker: 2h-3h-4h and 8h-9h-Th. The defender's 5h 6h 7h could extend either;
    # all three go off (or are its own run): deadwood of the rest only.
    melds = (parse_mask("2h 3h 4h"), parse_mask("8h 9h Th"))
    defender = parse_mask("5h 6h 7h Kc Qc 2s 3d 9c Js 4c")
    layoffs = LOW.best_layoffs(melds, defender)
    assert layoffs.arrangement.count == LOW.deadwood(parse_mask("Kc Qc 2s 3d 9c Js 4c"))
    laid = [card for card, _ in layoffs.cards]
    assert len(laid) == len(set(laid))


def test_layoff_round_the_corner() -> None:
    # Q K A of hearts round the corner takes the 2h, then the 3h.
    run = parse_mask("Qh Kh Ah")
    layoffs = CORNER.best_layoffs((run,), parse_mask("2h 3h 9s"))
    assert sorted(format_card(card) for card, _ in layoffs.cards) == ["2h", "3h"]
    assert LOW.best_layoffs((parse_mask("Jh Qh Kh"),), parse_mask("Ah 2h")).cards == ()


def test_place_layoff_prefers_a_run_to_a_set() -> None:
    melds = [parse_mask("7s 7c 7d"), parse_mask("4h 5h 6h")]
    assert LOW.place_layoff(melds, parse_card("7h")) == 1
    assert LOW.place_layoff(melds, parse_card("2c")) is None


def test_is_set_and_runs() -> None:
    assert is_set(parse_mask("9s 9c 9d 9h"))
    assert not is_set(parse_mask("9s 9c"))
    assert len(all_runs(False)) == 66
    assert Melder(False, 1).deadwood(0) == 0


def test_melds_are_shown_in_laying_order() -> None:
    # The page shows a run from its low card, a round-the-corner run from the card after
    # its gap (fr "as tournant": Q K A 2 is laid so, not A 2 Q K), a set by suit.
    assert format_meld(parse_mask("Ah 2h Qh Kh")) == ["Qh", "Kh", "Ah", "2h"]
    assert format_meld(parse_mask("Kc Ac 2c")) == ["Kc", "Ac", "2c"]
    assert format_meld(parse_mask("5d 3d 4d 6d")) == ["3d", "4d", "5d", "6d"]
    assert format_meld(parse_mask("7h 7s 7d")) == ["7s", "7d", "7h"]
    arrangement = CORNER.best_arrangement(parse_mask("Qs Ks As 2s 9h 9c 9d"))
    assert sorted(arrangement.to_json()["melds"]) == [["9c", "9d", "9h"], ["Qs", "Ks", "As", "2s"]]
