"""The win-probability table and the expert that values its search by it.

The table (``ginrummy.bot.win_table``, made by ``tools/win_table.py``) gives a seat's
chance of winning the game from the scores and who deals next. Its facts: one table per
preset but Mahjong gin, every chance between 0 and 1, more for more own points and
less for more of the other's, the two seats' chances adding up to 1, and 1 or 0 once a
score reaches the target. The dynamic programme behind it is checked on a game small
enough to work out by hand.
"""

from __future__ import annotations

import itertools
import random

import pytest

from ginrummy.actions import Action, Kind
from ginrummy.bot import make_player
from ginrummy.bot.expert import ExpertPlayer
from ginrummy.bot.win_table import (
    SCALE,
    HandResult,
    WinTable,
    deals_next,
    grid_axis,
    solve,
    table_for,
    tables,
    win_probability,
)
from ginrummy.mahjong import new_hand
from ginrummy.match import Match
from ginrummy.rules import PRESETS, STANDARD, MatchFormat, find_rules
from ginrummy.scoring import DEAD_HAND, HandScore, Outcome
from ginrummy.view import seat_view
from test_bot_fair import hidden_of, redeal_hidden

WITH_TABLES = [name for name in PRESETS if name != "mahjong"]


def test_every_preset_but_mahjong_gin_has_a_table_and_a_match_by_hands_has_none() -> None:
    for name in WITH_TABLES:
        found = table_for(find_rules(name))
        assert found is not None and found[1] == 1.0, name
        assert name in found[0].presets
    assert table_for(find_rules("mahjong")) is None
    assert table_for(STANDARD.replace(match=MatchFormat.HANDS)) is None
    with pytest.raises(LookupError, match="hands"):
        win_probability(STANDARD.replace(match=MatchFormat.HANDS), 0, 0, True)


@pytest.mark.parametrize("name", WITH_TABLES)
def test_a_table_is_a_grid_of_chances_up_to_the_target(name: str) -> None:
    table = tables()[name]
    assert table.target == find_rules(name).target
    size = len(grid_axis(table.target, table.step))
    assert 20 <= size <= 51  # small: the page downloads it
    assert len(table.grid) == size and all(len(row) == size for row in table.grid)
    assert all(0 <= value <= SCALE for row in table.grid for value in row)
    # at the extremes: one point from the target against 0 mostly wins (in Oklahoma a
    # doubled gin can make 100 in one hand), and the other way round mostly loses
    assert table.grid[-1][0] > 0.75 * SCALE and table.grid[0][-1] < 0.25 * SCALE


@pytest.mark.parametrize("name", WITH_TABLES)
def test_more_own_points_never_lower_the_chance_and_more_of_the_other_s_never_raise_it(
    name: str,
) -> None:
    grid = find_table(name).grid
    for i in range(len(grid)):
        for j in range(len(grid)):
            if i + 1 < len(grid):
                assert grid[i + 1][j] >= grid[i][j], (name, i, j)
            if j + 1 < len(grid):
                assert grid[i][j + 1] <= grid[i][j], (name, i, j)
    rules = find_rules(name)
    target = rules.target
    for deals in (True, False):
        row = [win_probability(rules, own, 30, deals) for own in range(target + 1)]
        assert all(low <= high + 1e-12 for low, high in itertools.pairwise(row))
        column = [win_probability(rules, 30, other, deals) for other in range(target + 1)]
        assert all(low + 1e-12 >= high for low, high in itertools.pairwise(column))
        assert row[-1] == 1.0 and column[-1] == 0.0


def find_table(name: str) -> WinTable:
    """Return the table of preset ``name``."""
    found = table_for(find_rules(name))
    assert found is not None
    return found[0]


@pytest.mark.parametrize("name", ["standard", "french", "tournament", "italian"])
def test_the_two_seats_chances_add_up_to_one(name: str) -> None:
    rules = find_rules(name)
    rng = random.Random(name)
    for _ in range(300):
        own, other = rng.randrange(rules.target), rng.randrange(rules.target)
        deals = rng.random() < 0.5
        mine = win_probability(rules, own, other, deals)
        theirs = win_probability(rules, other, own, not deals)
        assert abs(mine + theirs - 1) < 1e-9
        assert 0.0 <= mine <= 1.0


def test_a_score_at_or_past_the_target_wins_or_loses_the_game() -> None:
    rules = find_rules("oklahoma")
    for deals in (True, False):
        assert win_probability(rules, 100, 99, deals) == 1.0
        assert win_probability(rules, 131, 0, deals) == 1.0
        assert win_probability(rules, 0, 100, deals) == 0.0
        assert win_probability(rules, 99, 100, deals) == 0.0
    # one point short of the target is not yet a win: the other may still go out first
    assert 0.5 < win_probability(rules, 99, 0, False) < 1.0


def test_the_dealer_s_edge_follows_who_deals_next() -> None:
    # Standard alternates the deal; the non-dealer draws first, so dealing the next hand
    # is worth something either way, but the tables must not say it is worth a game.
    for name in ("standard", "oklahoma", "french"):
        rules = find_rules(name)
        edge = win_probability(rules, 0, 0, True) - win_probability(rules, 0, 0, False)
        assert abs(edge) < 0.2, name


def golden_results(dead: float) -> dict[bool, list[tuple[float, HandResult]]]:
    """Return the made-up hands of the golden game, with a share ``dead`` of dead hands."""
    scored = 1 - dead
    dealing: list[tuple[float, HandResult]] = [
        (scored / 2, (1, 0, 0, False)),  # the dealer scores 1
        (scored / 2, (0, 2, 1, False)),  # the non-dealer scores 2
        (dead, (0, 0, None, True)),  # nobody: the same dealer deals again
    ]
    return {True: dealing, False: dealing}


def test_the_programme_works_out_a_small_game_as_by_hand() -> None:
    # A game to 2, the deal alternating; every hand the dealer scores 1 or the non-dealer
    # 2, even chances. D(a, b): the seat wins dealing next, N(a, b): the other deals.
    #   D(1,1) = 1/2 (its 1 wins, their 2 wins)      N(1,1) = 1/2 (the same, seats swapped)
    #   D(1,0) = 1/2 (its 1 wins, their 2 wins)      N(0,1) = 1/2 (their 1 wins, its 2 wins)
    #   N(1,0) = 1/2 D(1,1) + 1/2 = 3/4 (their 1 makes 1-1 with the seat dealing, its 2 wins)
    #   D(0,1) = 1/2 N(1,1) = 1/4 (its 1 makes 1-1 with the other dealing, their 2 loses)
    #   D(0,0) = 1/2 N(1,0) = 3/8 (its 1 makes 1-0, the other dealing; their 2 loses)
    #   N(0,0) = 1/2 D(0,1) + 1/2 = 5/8 (their 1 makes 0-1, the seat dealing; its 2 wins)
    # Dead hands, whatever their share, only put the same hand off: the same chances.
    expected_deal = [[3 / 8, 1 / 4], [1 / 2, 1 / 2]]
    expected_other = [[5 / 8, 1 / 2], [3 / 4, 1 / 2]]
    for dead in (0.0, 0.5):
        other, dealing = solve(STANDARD, 2, golden_results(dead))
        for a in (0, 1):
            for b in (0, 1):
                assert dealing[a][b] == pytest.approx(expected_deal[a][b])
                assert other[a][b] == pytest.approx(expected_other[a][b])


def test_the_programme_s_two_seats_add_up_to_one_when_the_winner_deals() -> None:
    # An uneven made-up game to 12 where the winner deals, with dead hands and ties
    # (a tie nobody wins passes the deal): each pair of chances still adds up to 1.
    rules = find_rules("french").replace(undercut_on_tie=False)
    dealing: list[tuple[float, HandResult]] = [
        (0.30, (3, 0, 0, False)),
        (0.25, (0, 5, 1, False)),
        (0.15, (11, 0, 0, False)),
        (0.10, (2, 1, 1, False)),  # both score (box scoring), the non-dealer wins
        (0.10, (0, 0, None, True)),
        (0.10, (0, 0, None, False)),
    ]
    other, mine = solve(rules, 12, {True: dealing, False: dealing})
    for a in range(12):
        for b in range(12):
            assert mine[a][b] + other[b][a] == pytest.approx(1.0)
            assert 0 < mine[a][b] < 1


@pytest.mark.parametrize("name", ["standard", "french", "german", "classic"])
def test_who_deals_next_is_as_the_match_says(name: str) -> None:
    rules = find_rules(name)
    match = Match(rules, seed=1)
    scores = [
        DEAD_HAND,
        HandScore(Outcome.TIE, None, (0, 0), ()),
        HandScore(Outcome.GIN, 0, (30, 0), ()),
        HandScore(Outcome.UNDERCUT, 1, (0, 27), ()),
    ]
    for score in scores:
        for dealer in (0, 1):
            dead = score.outcome is Outcome.DEAD
            assert deals_next(rules, dealer, score.winner, dead) == match.next_dealer(dealer, score)


def started(rules_name: str, seed: int, own: int, other: int, dealer: int) -> Match:
    """Return match ``seed`` with the game's scores set to ``own`` and ``other``."""
    match = Match(find_rules(rules_name), seed=seed)
    match.scoresheet.games[0].totals = [own, other]
    match.dealer = dealer
    match.hand = new_hand(match.rules, match.deck_for(1), dealer)
    return match


def test_the_expert_values_a_hand_by_the_chance_of_winning_the_game() -> None:
    match = started("standard", 3, 60, 85, 1)
    seat = match.to_move
    assert seat == 0  # the non-dealer: the first upcard is offered to it
    expert = ExpertPlayer(1, deals=4)
    ctx = expert.context(seat_view(match, seat))
    value = expert._valuer(ctx)
    assert value is not None
    # seat 0 (the searching seat) has 60, the other 85
    small = HandScore(Outcome.KNOCK, 0, (10, 0), ())
    big = HandScore(Outcome.GIN, 0, (40, 0), ())  # reaches 100: the game is won
    lost = HandScore(Outcome.GIN, 1, (0, 30), ())  # the other reaches 115: lost
    close = HandScore(Outcome.KNOCK, 1, (0, 5), ())  # the other at 90
    closer = HandScore(Outcome.KNOCK, 1, (0, 10), ())  # the other at 95
    assert value(big) == 1.0 and value(lost) == 0.0
    # the deal alternates after a scored hand, whoever won it: the same dealer next
    assert 0.0 < value(closer) < value(close) < value(small) < 1.0
    assert 0.0 < value(DEAD_HAND) < 1.0  # the other deals again
    ahead = value(small)
    assert ahead == win_probability(STANDARD, 70, 85, deals_next(STANDARD, 1, 0, False) == 0)
    # the expert of points, and rules with no table, count points as before
    assert ExpertPlayer(1, deals=4, win_table=False)._valuer(ctx) is None
    hands = Match(STANDARD.replace(match=MatchFormat.HANDS), seed=3)
    seat = hands.to_move
    assert seat is not None
    assert expert._valuer(expert.context(seat_view(hands, seat))) is None


def kind_class(action: str) -> str:
    """Return what a move does: draw before the draw, go out or throw after it."""
    kind = Action.parse(action).kind
    if kind in (Kind.STOCK, Kind.UPCARD, Kind.PASS):
        return "draw"
    return "after_draw" if kind in (Kind.DISCARD, Kind.KNOCK, Kind.GIN, Kind.BIG_GIN) else "other"


@pytest.mark.slow
def test_the_expert_with_the_table_makes_the_moves_hard_makes_legally_and_blind() -> None:
    # From scores in the middle of a game, every decision of the expert is legal, of the
    # same kind as hard's (a draw for a draw, a throw or a knock after it), and the same
    # when the cards it cannot see are dealt again.
    rng = random.Random(49)
    decisions = 0
    for seed, own, other, dealer in ((11, 70, 40, 0), (12, 20, 88, 1), (13, 95, 90, 1)):
        match = started("standard", seed, own, other, dealer)
        hard = make_player("hard", 5)
        while match.to_move is not None:
            seat = match.to_move
            view = seat_view(match, seat)
            if seat == 0:
                mine = ExpertPlayer(seed, deals=6).choose(view)
                assert mine.action in view.legal
                assert kind_class(mine.action) == kind_class(hard.choose(view).action)
                altered = redeal_hidden(match, seat, rng)
                assert hidden_of(altered, seat) != hidden_of(match, seat) or not match.hand.stock
                assert ExpertPlayer(seed, deals=6).choose(seat_view(altered, seat)) == mine
                decisions += 1
                match.play(mine.action)
            else:
                match.play(hard.choose(view).action)
    assert decisions > 10
