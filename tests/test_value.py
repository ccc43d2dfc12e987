"""The learned value of a position (``bot/value.py``) and the tool that fits it."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from ginrummy.bot import make_player
from ginrummy.bot.expert import ExpertPlayer
from ginrummy.bot.playout import Playout
from ginrummy.bot.tables import deadwood_tables
from ginrummy.bot.value import FEATURES, PositionValue, features, position_value
from ginrummy.bot.value_weights import MADE, WEIGHTS
from ginrummy.cards import FULL_DECK, parse_card, parse_mask
from ginrummy.match import Match
from ginrummy.melds import Melder
from ginrummy.rules import STANDARD, find_rules
from ginrummy.state import Phase
from ginrummy.view import seat_view
from test_bot_fair import hidden_of, redeal_hidden
from tooling import tool

TABLES = deadwood_tables(False, 1)
NEAR_GIN = parse_mask("As 2s 3s 7h 8h 9h Tc Jc Qc Kd")  # deadwood 10 (the king): a knock
FAR = parse_mask("2c 4d 6h 8s Ts Qd Kh 3c 5s 9d")  # no meld: 2+4+6+8+10+10+10+3+5+9 = 67
UPCARD = parse_card("Ks")  # a king beside the king of diamonds: not a meld, no gin
STOCK = FULL_DECK & ~(NEAR_GIN | FAR | 1 << UPCARD)


def figure(row: list[float], name: str) -> float:
    """Return the figure ``name`` of a row of ``features``."""
    return row[FEATURES.index(name)]


def test_the_figures_of_a_position_worked_by_hand() -> None:
    row = features(TABLES, 10, NEAR_GIN, FAR, STOCK, UPCARD)
    assert len(row) == len(FEATURES)
    assert figure(row, "mover_deadwood") == 1.0  # the king of diamonds, 10 points
    assert figure(row, "other_deadwood") == 6.7
    assert figure(row, "mover_can_knock") == 1.0 and figure(row, "other_can_knock") == 0.0
    # Gin after one draw: a card that extends a run lets the king of diamonds go. That is
    # the 4 of spades (As-4s), the 6 or 10 of hearts (6h-9h, 7h-Th), the 9 or king of
    # clubs (9c-Qc, Tc-Kc); the 6 of hearts is in the other hand: 4 of the 31 stock cards.
    assert figure(row, "mover_gin_chance") == pytest.approx(4 / 31)
    assert figure(row, "stage") == 1.0  # 31 cards: a full stock
    assert figure(row, "upcard_left") == 1.0 and figure(row, "upcard_gins") == 0.0


def test_the_value_prefers_the_better_hand_and_the_upcard_that_gins() -> None:
    value = position_value()
    ahead = value.estimate(TABLES, 10, NEAR_GIN, FAR, STOCK, UPCARD)
    behind = value.estimate(TABLES, 10, FAR, NEAR_GIN, STOCK, UPCARD)
    assert ahead > 10 > -10 > behind
    gin_card = parse_card("4s")  # As-4s and the king thrown: gin
    stock = FULL_DECK & ~(NEAR_GIN | FAR | 1 << gin_card)
    assert value.estimate(TABLES, 10, NEAR_GIN, FAR, stock, gin_card) > ahead


def test_the_value_holds_only_for_the_scoring_it_was_fitted_on() -> None:
    value = position_value()
    assert value.fits(STANDARD) and value.fits(find_rules("oklahoma"))
    assert not value.fits(STANDARD.replace(gin_bonus=20))
    assert not value.fits(STANDARD.replace(unmatched_ace=15))


def test_the_weights_name_their_features_and_beat_the_deadwood_alone() -> None:
    assert tuple(WEIGHTS) == FEATURES
    assert MADE["positions_held_out"] > 5_000
    assert MADE["held_out_r2_value"] > MADE["held_out_r2_deadwood_difference"] > 0


@pytest.mark.skipif(sys.platform == "emscripten", reason="tools/ run on CPython")
def test_least_squares_finds_the_line_that_made_the_points() -> None:
    train = tool("train_value")
    # y = 3 + 2 a - b, exactly: the normal equations give back 3, 2 and -1.
    xs = [[1.0, a, b] for a in (0.0, 1.0, 2.0, 5.0) for b in (1.0, -3.0, 4.0)]
    ys = [3 + 2 * x[1] - x[2] for x in xs]
    assert train.least_squares(xs, ys, 0.0) == pytest.approx([3.0, 2.0, -1.0])
    # A ridge pulls the slopes, never the bias, towards 0.
    ridged = train.least_squares(xs, ys, 50.0)
    assert abs(ridged[1]) < 2 and abs(ridged[2]) < 1


@pytest.mark.skipif(sys.platform == "emscripten", reason="tools/ run on CPython")
def test_a_deal_s_positions_are_what_each_seat_faced_and_what_it_got(tmp_path: Path) -> None:
    train = tool("train_value")
    rows = train.play_deal("oklahoma", 7)
    assert rows
    nets: set[int] = set()
    for mover, other, stock, top, limit, net in rows:
        assert mover.bit_count() == other.bit_count() == 10
        assert not mover & other and not (mover | other) & stock
        assert top < 0 or not (mover | other | stock) >> top & 1
        assert 0 <= limit <= 10
        nets.add(net)
    assert len(nets) == 1 or sum(nets) == 0  # one seat's gain is the other's loss
    positions = tmp_path / "positions.jsonl"
    args = ["play", "--deals", "2", "--presets", "standard", "--positions", str(positions)]
    train.main(args)
    train.main(args)  # resumed: nothing more to play
    assert [json.loads(line)["deal"] for line in positions.read_text().splitlines()] == [0, 1]


def playout_with(value: PositionValue | None, doubled: bool = False) -> Playout:
    """Return a standard play-out that ends at ``value`` at once (no turns as hard)."""
    return Playout(STANDARD, TABLES, TABLES, Melder(), 10, doubled, hard_turns=0, value=value)


@pytest.mark.parametrize("doubled", [False, True])
def test_a_play_out_with_the_value_ends_where_its_hard_turns_end(doubled: bool) -> None:
    value = position_value()
    stock = [card for card in range(52) if STOCK >> card & 1]
    expected = value.estimate(TABLES, 10, NEAR_GIN, FAR, STOCK, UPCARD)
    factor = 2 if doubled else 1
    # Seat 0 about to draw: the value's margin is seat 0's win.
    score = playout_with(value, doubled).play_score([NEAR_GIN, FAR], list(stock), UPCARD, 0, 0)
    assert score.winner == 0 and score.points == (round(expected * factor), 0)
    # Seat 1 holding the better hand, about to draw: the same margin, seat 1's.
    score = playout_with(value, doubled).play_score([FAR, NEAR_GIN], list(stock), UPCARD, 0, 1)
    assert score.winner == 1 and score.points == (0, round(expected * factor))
    # Without the value the hand is played to its end: more than the few cards of a cutoff.
    left = list(stock)
    playout_with(None).play_score([NEAR_GIN, FAR], left, UPCARD, 0, 0)
    assert len(left) < len(stock)


def test_the_learned_expert_decides_from_its_own_seat_only() -> None:
    # As test_win_table's check of the table's expert: the hidden cards dealt again
    # otherwise (the other hand, the stock) change none of its decisions.
    rng = random.Random(5)
    decisions = 0
    for seed in (3, 4):
        match = Match(STANDARD, seed=seed)
        hard = make_player("hard", seed)
        while match.to_move is not None and decisions < 24:
            seat = match.to_move
            view = seat_view(match, seat)
            if seat == 0 and match.hand.phase in (Phase.DRAW, Phase.DISCARD):
                mine = ExpertPlayer(seed, deals=6, learned=True).choose(view)
                altered = redeal_hidden(match, seat, rng)
                assert hidden_of(altered, seat) != hidden_of(match, seat) or not match.hand.stock
                assert (
                    ExpertPlayer(seed, deals=6, learned=True).choose(seat_view(altered, seat))
                    == mine
                )
                decisions += 1
                match.play(mine.action)
            else:
                match.play(hard.choose(view).action)
    assert decisions > 10
