"""The computer opponent: every level plays every rule set, decisions, reasons, tables."""

from __future__ import annotations

import random
import sys
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deals import make_deck
from ginrummy.actions import Action, Kind
from ginrummy.bot import REASONS, Decision, advise, make_player, render
from ginrummy.bot.arena import play_game
from ginrummy.bot.decision import PUBLIC
from ginrummy.bot.heuristic import HARD, HeuristicPlayer
from ginrummy.bot.knowledge import ABOVE_LAST_DISCARD, LOW_LIMIT, Knowledge
from ginrummy.bot.mahjong_reasons import MAHJONG_PUBLIC
from ginrummy.bot.tables import deadwood_tables
from ginrummy.cards import format_card, parse_card, parse_mask
from ginrummy.match import Match
from ginrummy.melds import Melder
from ginrummy.rules import PRESETS, STANDARD, find_rules
from ginrummy.state import Event, Phase
from ginrummy.view import SeatView, seat_view

LONG_PRESETS = {"tournament", "french_oklahoma"}
"""Presets whose whole matches last many games: played in the slow tests only."""

PAIRS = [("hard", "random"), ("normal", "random"), ("easy", "simple")]
"""Each level meets another; together they cover every level."""

slow = pytest.mark.slow
not_in_pyodide = pytest.mark.skipif(sys.platform == "emscripten", reason="too slow in Pyodide")


def play(rules_name: str, a: str, b: str, seed: int) -> Match:
    """Play one whole match of ``a`` (seat 0) against ``b`` and return it."""
    players = (make_player(a, seed), make_player(b, seed + 1))
    return play_game(find_rules(rules_name), seed, players, ([], []))


@pytest.mark.parametrize("preset", sorted(set(PRESETS) - LONG_PRESETS))
@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_every_level_plays_whole_matches(preset: str, a: str, b: str) -> None:
    match = play(preset, a, b, seed=11)
    assert match.over
    assert match.scoresheet.winner in (0, 1)


@slow
@not_in_pyodide
@pytest.mark.parametrize("preset", sorted(LONG_PRESETS))
def test_every_level_plays_the_long_matches(preset: str) -> None:
    assert play(preset, "easy", "random", seed=5).over
    assert play(preset, "normal", "random", seed=5).over


@pytest.mark.parametrize("level", ["simple", "easy", "normal", "hard"])
def test_manual_layoffs_are_played(level: str) -> None:
    rules = STANDARD.replace(manual_layoffs=True, target=60)
    layoffs = 0
    for seed in range(3):
        players = (make_player(level, seed), make_player("simple", seed))
        match = play_game(rules, seed, players, ([], []))
        layoffs += sum(action.kind is Kind.LAYOFF for action in match.actions)
        assert match.over
    assert layoffs > 0


def test_unknown_level_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown level 'master'"):
        make_player("master")


def test_no_move_when_it_is_not_the_seats_turn() -> None:
    match = Match(seed=1)
    waiting = 1 - match.to_move  # type: ignore[operator]
    with pytest.raises(ValueError, match="no move"):
        advise(seat_view(match, waiting))


def test_same_seed_same_decisions() -> None:
    one = play("standard", "hard", "easy", seed=3)
    two = play("standard", "hard", "easy", seed=3)
    assert one.actions == two.actions


# --- going out -------------------------------------------------------------------------


def view_after_draw(
    non_dealer: str, dealer: str, upcard: str, rules_name: str = "standard"
) -> SeatView:
    """Return seat 0's view after it takes the first upcard (seat 1 deals)."""
    deck = make_deck(non_dealer, dealer, upcard)
    match = Match(find_rules(rules_name), seed=1, decks=[deck])
    if match.hand.dealer != 1:
        deck = make_deck(dealer, non_dealer, upcard)
        match = Match(find_rules(rules_name), seed=1, decks=[deck])
    match.play("upcard")
    seat = 1 - match.hand.dealer
    return seat_view(match, seat)


@pytest.mark.parametrize("level", ["simple", "easy", "normal", "hard", "expert"])
def test_gin_is_always_taken(level: str) -> None:
    view = view_after_draw("As 2s 3s 7h 8h 9h Tc Jc Qc Kd", "2d 4d 6d 8d Td 3c 5c 7c 9c 4h", "Kc")
    decision = make_player(level, 1).choose(view)
    assert decision.action == "gin Kd"
    assert "Kd" in decision.reason


@pytest.mark.parametrize("level", ["simple", "easy", "normal", "hard", "expert"])
def test_big_gin_beats_gin(level: str) -> None:
    view = view_after_draw("As 2s 3s 4s 7h 8h 9h Tc Jc Qc", "2d 4d 6d 8d Td 3c 5c 7c 9c 4h", "Kc")
    decision = make_player(level, 1).choose(view)
    assert decision.action == "big gin"


def test_hard_knocks_when_the_stock_runs_out_and_names_its_melds() -> None:
    # Three melds and a nine after taking the queen of clubs, with a few cards left in the
    # stock: there is no time left to wait for gin, so the knock is the play.
    view = view_after_draw("As 2s 3s 7h 8h 9h Tc Jc 9d Kd", "2d 4d 6d 8d Td 3c 5c 7c 9c 4h", "Qc")
    view = replace(view, stock_count=5)
    decision = make_player("hard", 1).choose(view)
    action = Action.parse(decision.action)
    assert action.kind is Kind.KNOCK
    assert action.card == parse_card("Kd")
    assert action.melds is not None
    assert len(action.melds) == 3


KINGS_OR_ACE = ("7h 8h 9h 2c 3c 4c Ks Kd As 5d", "2d 4d 6d 8d Td 3h 5c 7c 9c 4h", "6s")
"""A deal where seat 0, once it takes the six of spades, holds two melds, the two black
kings and three lone cards."""


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_under_a_low_knock_limit_a_pair_of_kings_outweighs_a_lone_ace(level: str) -> None:
    # Under standard (RULES.md: knock with 10 or less) the lower count wins the hand, so
    # a king goes: 10 points of deadwood less. Under straight gin ("no knocking: gin or
    # big gin only") and under oklahoma with a six turned up (a knock limit of 6), the
    # hand must meld all but a card or two whatever they are worth: the kings are one
    # card from a set, the ace is near nothing, so the ace goes.
    player = make_player(level, 1)
    standard = player.choose(view_after_draw(*KINGS_OR_ACE, "standard"))
    assert standard.action in ("discard Ks", "discard Kd")
    # the king is one of a pair: the hint calls it the highest card outside the melds,
    # not one far from any meld
    assert standard.reason.endswith("it is your highest card outside your melds.")
    for preset, limit in (("straight", 0), ("oklahoma", 6)):
        low = view_after_draw(*KINGS_OR_ACE, preset)
        assert low.knock_limit == limit
        assert player.choose(low).action == "discard As"


def test_counting_cards_under_a_low_limit_is_hards_judgement() -> None:
    # The levels stay apart: normal still throws the highest card under straight gin.
    gin_only = view_after_draw(*KINGS_OR_ACE, "straight")
    assert make_player("normal", 1).choose(gin_only).action in ("discard Ks", "discard Kd")


READY_DEAL = ("As 2s 3s 7h 8h 9h Tc Jc Qc 2d", "Kh Qh 5h 3h 6d 8d Td 5s 7s 9s", "4d")
"""Seat 0 holds three melds, the two of diamonds and, once taken, the four of diamonds."""


@pytest.mark.parametrize("rules_name", ["standard", "oklahoma"])
def test_hard_values_a_hand_low_enough_to_undercut(rules_name: str) -> None:
    # A player who knocks as soon as it can mostly knocks with 6 to 10 points: a hand at
    # READY (5) or less undercuts those knocks, so hard counts it better by its
    # ready_bonus. Three melds and the two of diamonds are at 2 already: the whole bonus.
    # Two melds, the seven and nine of hearts and the two and four of diamonds are at 22,
    # and no draw and discard brings them under 6 (the eight of hearts is this seat's
    # own; the three of diamonds melds the diamonds and leaves the seven): no bonus.
    # Under oklahoma with a four turned up (a knock limit of 4), hard counts cards out
    # of melds, not points, and the bonus does not apply.
    view = view_after_draw(*READY_DEAL, rules_name)
    hard = HeuristicPlayer(HARD, 1)
    plain = HeuristicPlayer(replace(HARD, ready_bonus=0.0), 1)
    low = parse_mask("As 2s 3s 7h 8h 9h Tc Jc Qc 2d")
    high = parse_mask("As 2s 3s 7h 9h Tc Jc Qc 2d 4d")
    with_bonus, without = hard.context(view), plain.context(view)
    assert HARD.ready_bonus > 0
    gain = 0.0 if with_bonus.counts_cards else HARD.ready_bonus
    assert with_bonus.counts_cards is (rules_name == "oklahoma")
    assert hard.hand_value(with_bonus, low) == pytest.approx(plain.hand_value(without, low) - gain)
    assert hard.hand_value(with_bonus, high) == pytest.approx(plain.hand_value(without, high))


# --- reasons ---------------------------------------------------------------------------


def test_every_reason_renders() -> None:
    for key, template in REASONS.items():
        names = [part.split("}")[0] for part in template.split("{")[1:]]
        text = render(key, dict.fromkeys(names, "Qs"))
        assert text
        assert "{" not in text


def test_moves_told_to_the_other_player_name_no_hidden_card() -> None:
    for key in REASONS:
        if key in PUBLIC:
            assert PUBLIC[key] in REASONS
            names = [part.split("}")[0] for part in REASONS[PUBLIC[key]].split("{")[1:]]
            # the move's own cards, nothing held: in Mahjong gin a take's cards come from
            # the open pile and a meld's or an addition's go face up on the table
            public = {"count", "cards", "meld"} if key in MAHJONG_PUBLIC else set()
            assert set(names) <= {"card", "move", *public}
    told = Decision.make("upcard", "take_meld", card="7h", cards="7s7c").for_opponent()
    assert told.reason == "Took 7h."
    assert told.params == {"card": "7h"}


TOLD_AS = {
    "Took Kd.": ("take_meld", "take_extends", "take_improve", "take_knock", "take_gin"),
    "Passed on Kd.": ("pass_upcard",),
    "Drew from the stock.": ("draw_stock",),
    "Discarded Kd.": (
        *("discard_dead", "discard_high", "discard_safe", "discard_keep", "discard_least"),
        *("discard_any", "hold_undercut", "hold_gin"),
    ),
}
"""What the other player hears of each move, whatever the reason behind it."""


@pytest.mark.parametrize(
    ("told", "key"), [(told, key) for told, keys in TOLD_AS.items() for key in keys]
)
def test_the_other_player_hears_the_move_and_nothing_of_what_the_hand_holds(
    told: str, key: str
) -> None:
    """Issue 14: "Discarded Kd and played on rather than knock" told the player that the
    opponent could have knocked; "keeping its melds", that it had some."""
    names = [part.split("}")[0] for part in REASONS[key].split("{")[1:]]
    decision = Decision.make("x", key, **dict.fromkeys(names, "Kd") | {"deadwood": 9})
    assert decision.for_opponent().reason == told
    assert set(decision.for_opponent().params) <= {"card"}


def test_every_hint_key_has_a_public_form() -> None:
    hints = {key for key in REASONS if key not in set(PUBLIC.values())}
    assert hints <= set(PUBLIC)


def test_hints_name_the_card_they_are_about() -> None:
    rng = random.Random(9)
    seen_keys: set[str] = set()
    for seed in range(4):
        match = Match(find_rules("standard"), seed=seed)
        while not match.over and match.hand_number < 3:
            seat = match.to_move
            if seat is None:
                match.play("next")
                continue
            view = seat_view(match, seat)
            hint = advise(view)
            assert isinstance(hint, Decision)
            assert hint.reason.endswith((".", "!"))
            assert hint.action in view.legal or Action.parse(hint.action).kind is Kind.KNOCK
            action = Action.parse(hint.action)
            if action.card is not None:
                assert format_card(action.card) in hint.reason
            drawing = view.phase in (Phase.FIRST_UPCARD, Phase.DRAW)
            if drawing and view.pile_top is not None and hint.key != "draw_stock_only":
                assert format_card(view.pile_top) in hint.reason
            assert hint.to_json()["key"] == hint.key
            seen_keys.add(hint.key)
            match.play(hint.action if rng.random() < 0.7 else rng.choice(view.legal))
    assert {"draw_stock", "discard_high"} <= seen_keys


def test_the_discard_of_a_dead_card_says_so() -> None:
    # Two other nines, the eight and the jack of clubs are on the pile: 9c can never meld.
    match = Match(find_rules("standard"), seed=4)
    view = seat_view(match, 0)
    pile = tuple(parse_card(text) for text in ("9s", "9d", "8c", "Jc"))
    hand = parse_mask("As 2s 3s 7h 8h 9h Qd Kd 9c 4d 5h")
    view = replace(view, hand=hand, discards=pile, opponent_known=0, events=())
    know = Knowledge(view)
    assert know.is_dead(parse_card("9c"))
    assert not know.is_dead(parse_card("Kd"))


# --- the estimate of the other hand ----------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60))
def test_the_estimate_holds_exactly_the_hidden_cards(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    match = Match(find_rules("standard"), seed=seed)
    for _ in range(steps):
        if match.hand.over:
            break
        match.play(rng.choice(match.legal_actions()))
    if match.hand.over:
        return
    seat = rng.randrange(2)
    know = Knowledge(seat_view(match, seat))
    assert abs(sum(know.in_hand) - match.hand.hands[1 - seat].bit_count()) < 1e-6
    assert abs(sum(know.draw_chance) - 1) < 1e-6 or not match.hand.stock
    for card in range(52):
        if match.hand.hands[seat] >> card & 1 or card in match.hand.pile:
            assert know.in_hand[card] == 0
            assert know.draw_chance[card] == 0
        if match.hand.pile_taken[1 - seat] >> card & 1:
            assert know.in_hand[card] == 1


def test_discards_and_pickups_move_the_estimate() -> None:
    # Seat 1 passes the first upcard 7h and later discards; the cards next to its discards
    # become less likely in its hand than cards far from anything it showed.
    match = Match(find_rules("standard"), seed=8)
    player = make_player("simple", 1)
    while len(match.hand.pile) < 6 and not match.hand.over:
        seat = match.to_move
        assert seat is not None
        match.play(player.choose(seat_view(match, seat)).action)
    seat = match.to_move
    assert seat is not None
    know = Knowledge(seat_view(match, seat))
    flat = Knowledge(seat_view(match, seat), infer=False)
    assert know.in_hand != flat.in_hand
    assert len({round(p, 9) for p in flat.in_hand if 0 < p < 1}) == 1


@pytest.mark.parametrize("knock_limit", [5, 0, 10])
def test_under_a_low_limit_cards_worth_more_than_the_last_discard_are_less_likely(
    knock_limit: int,
) -> None:
    # The other player's only event is its discard of the 6d. To knock at 5 or less, or go
    # gin, a player sheds its highest cards out of melds first: it holds a card worth more
    # (Kc: 10) only in a meld, so Kc is less likely in its hand than 4c (4), though neither
    # melds with the 6d (another suit, another rank). Its 6s, worth no more, is moved only as
    # a card of the discard's rank. Under a limit of 10 the cards' worth moves nothing.
    view = seat_view(Match(find_rules("standard"), seed=4), 0)
    discard = parse_card("6d")
    view = replace(
        view,
        hand=parse_mask("As 2s 3s 7h 8h 9h Qd Kd 9c 5h"),
        discards=(discard,),
        opponent_known=0,
        opponent_count=10,
        knock_limit=knock_limit,
        events=(Event(1, "discard 6d", card=discard),),
    )
    know = Knowledge(view)
    chance = {text: know.in_hand[parse_card(text)] for text in ("Kc", "4c", "Tc", "6s")}
    factor = ABOVE_LAST_DISCARD if knock_limit <= LOW_LIMIT else 1.0
    assert chance["Kc"] == pytest.approx(factor * chance["4c"])
    assert chance["Tc"] == pytest.approx(chance["Kc"])
    assert chance["6s"] < chance["4c"]
    assert (chance["6s"] > chance["Kc"]) == (knock_limit <= LOW_LIMIT)


# --- the fast deadwood tables ----------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(0, 51), min_size=10, max_size=10), st.booleans())
def test_draw_outcomes_agree_with_the_engine(cards: set[int], corner: bool) -> None:
    ace = 15 if corner else 1
    tables = deadwood_tables(corner, ace)
    melder = Melder(corner, ace)
    hand = sum(1 << card for card in cards)
    assert tables.deadwood(hand) == melder.deadwood(hand)
    rest = [card for card in range(52) if not hand >> card & 1]
    expected = [min(melder.discard_deadwoods(hand | 1 << card).values()) for card in rest]
    assert tables.draw_outcomes(hand, rest) == expected


def test_draw_outcomes_with_sets() -> None:
    tables = deadwood_tables(False, 1)
    melder = Melder()
    hand = parse_mask("7s 7c 7d 8d 9d 4h 4c 4s Kd Kh")
    rest = [card for card in range(52) if not hand >> card & 1]
    expected = [min(melder.discard_deadwoods(hand | 1 << card).values()) for card in rest]
    assert tables.draw_outcomes(hand, rest) == expected
