"""A hand turn by turn, and whole random matches checked for invariants."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deals import KNOCKER, NEAR_GIN, make_deck, make_hand, played, seed_dealt_by
from ginrummy.actions import IllegalActionError, InvalidActionError, Kind
from ginrummy.cards import FULL_DECK, mask_of, parse_card, parse_mask
from ginrummy.mahjong import MahjongHand
from ginrummy.match import Match
from ginrummy.rules import PRESETS, STANDARD, DeadHandDealer, find_rules
from ginrummy.scoring import Outcome
from ginrummy.showdown import Showdown
from ginrummy.state import DEAD_STOCK, MAX_PILE_DRAWS_IN_A_ROW, Phase

ND = "7c 7d 7h 8s 9s Ts Jd Qd Kd Ac"  # the non-dealer (seat 0): three melds and an ace
DEALER = "2s 3c 5h 6c 3d Js 9h Th 2h 5d"  # the dealer (seat 1): nothing melds


def texts(hand) -> list[str]:  # type: ignore[no-untyped-def]
    """Return the legal action texts."""
    return [action.text for action in hand.legal_actions()]


def test_first_upcard_offer_goes_non_dealer_then_dealer_then_stock() -> None:
    # es/it/de: the non-dealer may take the upcard or pass; then the dealer; if both
    # pass, the non-dealer must draw from the stock.
    hand = make_hand(STANDARD, ND, DEALER, upcard="4c")
    assert (hand.phase, hand.to_move, texts(hand)) == (Phase.FIRST_UPCARD, 0, ["pass", "upcard"])
    hand.play("pass")
    assert (hand.phase, hand.to_move, texts(hand)) == (Phase.FIRST_UPCARD, 1, ["pass", "upcard"])
    hand.play("pass")
    assert (hand.phase, hand.to_move, texts(hand)) == (Phase.DRAW, 0, ["stock"])
    with pytest.raises(IllegalActionError, match="allowed: 'stock'"):
        hand.play("upcard")
    hand.play("stock")
    assert hand.phase is Phase.DISCARD and hand.hands[0].bit_count() == 11


def test_dealer_takes_the_upcard_then_play_goes_on_normally() -> None:
    hand = make_hand(STANDARD, ND, DEALER, upcard="4c")
    hand.play("pass")
    hand.play("upcard")
    assert hand.to_move == 1 and hand.phase is Phase.DISCARD
    assert "discard 4c" not in texts(hand)
    hand.play("discard Js")
    assert (hand.to_move, texts(hand)) == (0, ["upcard", "stock"])


def test_the_card_taken_from_the_pile_cannot_be_discarded() -> None:
    hand = make_hand(STANDARD, ND, DEALER, upcard="4c")
    hand.play("upcard")
    with pytest.raises(IllegalActionError, match="just taken from the pile"):
        hand.play("discard 4c")


def test_eleven_deal_french() -> None:
    # fr: 11 cards to the non-dealer, 10 to the dealer, no upcard; the non-dealer opens
    # by discarding, then the dealer takes that card or the top of the stock.
    hand = make_hand(find_rules("french"), ND + " 4c", DEALER)
    assert [hand.hands[0].bit_count(), hand.hands[1].bit_count()] == [11, 10]
    assert hand.pile == [] and len(hand.stock) == 31 and hand.first_upcard is None
    assert hand.phase is Phase.DISCARD and hand.to_move == 0
    # Discarding the Ac would leave 4: a knock elsewhere, but not as the opening move.
    assert not any(text.startswith("knock") for text in texts(hand))
    hand.play("discard 4c")
    assert (hand.to_move, texts(hand)) == (1, ["upcard", "stock"])
    hand.play("upcard")
    assert "discard 4c" not in texts(hand)


def test_dead_hand_when_two_cards_are_left() -> None:
    # es/it/de: the hand is void when only two cards remain in the stock. Both players
    # draw from the stock and throw the card back; after 29 draws two remain.
    hand = make_hand(STANDARD, ND, DEALER, upcard="4c")
    hand.play("pass")
    hand.play("pass")
    while not hand.over:
        hand.play("stock")
        hand.play([a for a in hand.legal_actions() if a.kind is Kind.DISCARD][-1])
    assert len(hand.stock) == DEAD_STOCK
    assert hand.score is not None and hand.score.outcome is Outcome.DEAD
    assert hand.score.points == (0, 0)


def test_after_a_dead_hand_the_same_dealer_deals_again() -> None:
    # de: "dieses Spiel wird für ungültig erklärt und derselbe Spieler gibt".
    for rule, expected in ((DeadHandDealer.SAME, "same"), (DeadHandDealer.NEXT, "other")):
        match = Match(STANDARD.replace(dead_hand_dealer=rule), seed=11)
        dealer = match.dealer
        match.hand.stock[:] = match.hand.stock[:3]  # shorten the stock: the hand dies soon
        while not match.hand.over:
            legal = match.legal_actions()
            quiet = [a for a in legal if a.kind in (Kind.PASS, Kind.STOCK, Kind.DISCARD)]
            match.play(quiet[0])
        assert match.hand.score is not None and match.hand.score.outcome is Outcome.DEAD
        match.play("next")
        assert match.dealer == (dealer if expected == "same" else 1 - dealer)


def test_manual_layoffs() -> None:
    # Knocker seat 0: 7c-7d-7h, 8s-9s-Ts, Jd-Qd-Kd and the 4c... takes the 4c and
    # discards the Ac: deadwood 4. The defender lays off the Js by hand, then is done.
    rules = STANDARD.replace(manual_layoffs=True)
    hand = make_hand(rules, ND, "As 7s 5h 6c 3d Js 9h Th 2h 5d", upcard="4c")
    hand.play("upcard")
    hand.play("knock Ac")
    assert hand.phase is Phase.LAYOFF and hand.to_move == 1
    assert texts(hand) == ["layoff 7s", "layoff Js", "done"]
    hand.play("layoff Js")
    assert texts(hand) == ["layoff 7s", "done"]
    with pytest.raises(IllegalActionError, match="fits none"):
        hand.play("layoff 2h")
    hand.play("done")
    assert hand.showdown is not None
    assert [card for card, _ in hand.showdown.layoffs] == [parse_card("Js")]
    assert hand.showdown.defender_arrangement.count == hand.showdown.defender_before.count - 10


def test_a_tie_no_one_wins_is_entered_nowhere_and_the_deal_passes() -> None:
    # classic: the non-dealer (seat 0) knocks with 2 against 2, a tie no one wins. It is
    # no dead hand: the deal passes to seat 0 (after a dead hand seat 1 would deal again).
    rules = find_rules("classic")
    deck = make_deck(KNOCKER, NEAR_GIN, upcard="2d")
    match = Match(rules, seed=seed_dealt_by(rules, 1), decks=[deck])
    match.play("upcard")
    match.play("knock Kd")
    assert match.hand.score is not None and match.hand.score.outcome is Outcome.TIE
    assert match.scoresheet.hands_won == [0, 0] and match.scoresheet.games[0].entries == []
    match.play("next")
    assert match.dealer == 0


DEFENDER_7S_QS = "As 7s 5h 6c 3d Qs 9h Th 2h 5d"
"""No meld, 58 deadwood; the 7s and the Qs fit the non-dealer's 8s-9s-Ts-Js."""


@pytest.mark.parametrize(("preset", "laid_off"), [("standard", False), ("german", True)])
def test_defender_lays_off_on_a_gin_only_where_the_rules_allow(preset: str, laid_off: bool) -> None:
    # The non-dealer takes the Js upcard (8s-9s-Ts-Js) and goes gin shedding the Ac. de:
    # the defender "kann die Karten mit denen kombinieren, die der Spieler aufgedeckt hat,
    # der geklopft oder Gin angekündigt hat"; es, it, fr: no lay-offs on a gin. German:
    # the Qs laid off by hand, 58 - 10 = 48 left: gin 20 + 48 = 68. Standard: 25 + 58 = 83.
    rules = find_rules(preset).replace(manual_layoffs=True)
    hand = make_hand(rules, ND, DEFENDER_7S_QS, upcard="Js")
    hand.play("upcard")
    hand.play("gin Ac")
    if laid_off:
        assert hand.phase is Phase.LAYOFF and hand.to_move == 1
        assert texts(hand) == ["layoff 7s", "layoff Qs", "done"]
        hand.play("layoff Qs")
        hand.play("done")
    assert hand.showdown is not None and hand.showdown.kind is Outcome.GIN
    assert [card for card, _ in hand.showdown.layoffs] == ([parse_card("Qs")] if laid_off else [])
    assert hand.score is not None and hand.score.points == ((68, 0) if laid_off else (83, 0))


KNOCKER_FIVES = "5s 5c 5d 5h 6h 7h 8h As 6d 3h"
DEFENDER_4H = "4h 2s 9c Jc Qd 2d Ks Js 3c 9d"


def knock_with_fives(melds: str = "") -> Showdown:
    """Seat 0 draws the Kc and knocks with it; its fives can be laid down two ways."""
    hand = make_hand(STANDARD, KNOCKER_FIVES, DEFENDER_4H, upcard="Tc", stock="Kc")
    for action in ("pass", "pass", "stock"):
        hand.play(action)
    hand.play(f"knock Kc {melds}".strip())
    assert hand.showdown is not None
    return hand.showdown


def test_knocker_arrangement_leaves_the_fewest_layoffs() -> None:
    # 5s-5c-5d with 5h-6h-7h-8h, or 5s-5c-5d-5h with 6h-7h-8h: both leave As 6d 3h (10).
    # The defender holds the 4h, which fits only the run from the 5h: the engine lays
    # down the four fives, so nothing can be laid off.
    showdown = knock_with_fives()
    assert parse_mask("5s 5c 5d 5h") in showdown.knocker_arrangement.melds
    assert showdown.layoffs == ()


def test_knocker_may_choose_among_equal_arrangements() -> None:
    showdown = knock_with_fives("5s5c5d 5h6h7h8h")
    assert set(showdown.knocker_arrangement.melds) == {
        parse_mask("5s 5c 5d"),
        parse_mask("5h 6h 7h 8h"),
    }
    assert [card for card, _ in showdown.layoffs] == [parse_card("4h")]


def test_knock_with_melds_that_are_not_least_is_illegal() -> None:
    hand = make_hand(STANDARD, KNOCKER_FIVES, DEFENDER_4H, upcard="Tc", stock="Kc")
    for action in ("pass", "pass", "stock"):
        hand.play(action)
    with pytest.raises(IllegalActionError, match="least-deadwood"):
        hand.play("knock Kc 5s5c5d")


def test_pile_draw_cap_ends_an_endless_cycle() -> None:
    hand = make_hand(STANDARD, ND, DEALER, upcard="4c")
    hand.play("pass")
    hand.play("pass")
    hand.play("stock")
    hand.play("discard 4c") if "discard 4c" in texts(hand) else hand.play(hand.legal_actions()[0])
    draws = 0
    while not hand.over:
        hand.play("upcard")
        draws += 1
        hand.play(next(a for a in hand.legal_actions() if a.kind is Kind.DISCARD))
    assert draws == MAX_PILE_DRAWS_IN_A_ROW
    assert hand.score is not None and hand.score.outcome is Outcome.DEAD


def snapshot(match: Match) -> bytes:
    """Return every piece of state of ``match`` (not caches) as bytes."""
    hand_state = {k: v for k, v in vars(match.hand).items() if k not in ("melder", "_legal")}
    return pickle.dumps(
        (
            sorted(hand_state.items()),
            match.actions,
            match.dealer,
            match.hand_number,
            match.scoresheet.to_json(),
            match.hand_scores,
        )
    )


CANDIDATES = [
    "",
    "  ",
    "stock",
    "upcard",
    "pass",
    "next",
    "done",
    "big gin",
    "big",
    "gin",
    "knock",
    "discard",
    "discard Zz",
    "discard 11s",
    "knock Qs Qs",
    "fold",
    "discard Qs extra",
    "knock Qs AsAs",
    "layoff",
    "stock now",
    42,
    None,
] + [
    f"{kind} {rank}{suit}"
    for kind in ("discard", "knock", "gin", "layoff")
    for rank in "A5TK"
    for suit in "sh"
]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 10**6),
    st.sampled_from(sorted(PRESETS)),
    st.integers(0, 150),
    st.lists(st.sampled_from(CANDIDATES), min_size=1, max_size=8),
)
def test_rejected_actions_leave_the_match_unchanged(
    seed: int, preset: str, steps: int, attempts: list[object]
) -> None:
    match = played(preset, seed, steps)
    for attempt in attempts:
        legal = [a.text for a in match.legal_actions()]
        if attempt in legal:
            continue
        before = snapshot(match)
        with pytest.raises((InvalidActionError, IllegalActionError)) as caught:
            match.play(attempt)  # type: ignore[arg-type]
        assert snapshot(match) == before
        if isinstance(caught.value, IllegalActionError):
            assert repr(str(attempt).strip()) in str(caught.value) or "phase" in str(caught.value)


def check_invariants(match: Match) -> None:
    """Assert the 52 cards are all there once and the hand sizes fit the phase."""
    hand = match.hand
    parts = [hand.hands[0], hand.hands[1], mask_of(hand.stock), mask_of(hand.pile)]
    if isinstance(hand, MahjongHand):  # cards on the table; hand sizes shrink as they go
        parts += hand.laid
    union = 0
    for part in parts:
        assert not union & part
        union |= part
    assert union == FULL_DECK
    assert len(hand.stock) >= DEAD_STOCK
    if isinstance(hand, MahjongHand):
        return
    if hand.phase in (Phase.FIRST_UPCARD, Phase.DRAW):
        assert [hand.hands[0].bit_count(), hand.hands[1].bit_count()] == [10, 10]
    elif hand.phase is Phase.DISCARD:
        assert hand.hands[hand.to_move].bit_count() == 11
        assert hand.hands[1 - hand.to_move].bit_count() == 10


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(sorted(PRESETS)))
def test_random_matches_keep_cards_sizes_and_turns(seed: int, preset: str) -> None:
    rng = random.Random(seed)
    match = Match(find_rules(preset), seed=seed)
    actions_in_hand = 0
    for _ in range(3000):
        if match.over:
            break
        check_invariants(match)
        mover = match.to_move
        phase = match.phase
        action = rng.choice(match.legal_actions())
        # Prefer going out now and then, so hands end in every way, not only dead.
        outs = [a for a in match.legal_actions() if a.kind in (Kind.KNOCK, Kind.GIN, Kind.BIG_GIN)]
        if outs and rng.random() < 0.3:
            action = rng.choice(outs)
        match.play(action)
        actions_in_hand += 1
        if action.kind is Kind.NEXT:
            actions_in_hand = 0
            continue
        assert actions_in_hand < 400, "a hand must end"
        if phase is Phase.DISCARD and action.kind is Kind.DISCARD and not match.hand.over:
            assert match.to_move == 1 - mover


def test_random_matches_end() -> None:
    for preset in PRESETS:
        rng = random.Random(preset)
        match = Match(find_rules(preset).replace(match_target=400), seed=1)
        while not match.over:
            legal = match.legal_actions()
            outs = [a for a in legal if a.kind in (Kind.KNOCK, Kind.GIN, Kind.BIG_GIN)]
            match.play(outs[0] if outs else rng.choice(legal))
            assert match.hand_number < 500
        assert match.scoresheet.winner in (0, 1)
        assert match.legal_actions() == []


def test_legal_actions_are_sorted() -> None:
    match = Match(seed=4)
    rng = random.Random(4)
    for _ in range(200):
        legal = match.legal_actions()
        assert legal == sorted(legal, key=lambda action: action.sort_key())
        match.play(rng.choice(legal))


def test_bad_deck_is_an_error() -> None:
    with pytest.raises(ValueError, match="52 cards"):
        Match(decks=[make_deck(ND, DEALER)[:51]])
    with pytest.raises(ValueError, match="seed"):
        Match(seed=-1)
