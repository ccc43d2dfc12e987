"""Statistics counters of finished hands: what each ending counts, for either seat."""

from __future__ import annotations

import random

import pytest

from deals import KNOCKER, LOOSE, NEAR_GIN, STANDARD, ask, crafted, new_game
from ginrummy import bridge
from ginrummy.match import Match
from ginrummy.rules import find_rules
from ginrummy.stats import COUNTERS, hand_counts


def test_nothing_is_counted_while_the_hand_is_played() -> None:
    match = crafted(KNOCKER, LOOSE, "2d")
    match.play("upcard")
    assert hand_counts(match, 0) is None and hand_counts(match, 1) is None


def test_a_knock_counts_for_both_seats() -> None:
    # The player takes the 2d and knocks shedding the Kd: 2 deadwood against a hand with
    # no meld and nothing to lay off.
    match = crafted(KNOCKER, LOOSE, "2d")
    match.play("upcard")
    match.play("knock Kd")
    score = match.hand.score
    assert score is not None and score.winner == 0
    mine = hand_counts(match, 0)
    assert mine == {
        "hands": 1,
        "won": 1,
        "points_won": score.points[0],
        "knocks": 1,
        "knock_deadwood": 2,
    }
    assert hand_counts(match, 1) == {
        "hands": 1,
        "lost": 1,
        "points_lost": score.points[0],
        "opponent_knocks": 1,
    }


def test_an_undercut_is_given_by_the_defender_and_suffered_by_the_knocker() -> None:
    # The player takes the 8c (8 deadwood) and knocks against a defender with 2.
    match = crafted(KNOCKER, NEAR_GIN, "8c")
    match.play("upcard")
    match.play("knock Kd")
    score = match.hand.score
    assert score is not None and score.outcome.value == "undercut"
    mine = hand_counts(match, 0)
    assert mine is not None
    assert mine["lost"] == 1 and mine["undercuts_suffered"] == 1 and mine["knocks"] == 1
    assert mine["knock_deadwood"] == 8 and mine["points_lost"] == score.points[1]
    theirs = hand_counts(match, 1)
    assert theirs is not None
    assert theirs["won"] == 1 and theirs["undercuts_given"] == 1
    assert "undercuts_suffered" not in theirs and "knocks" not in theirs


def test_gin_and_big_gin_are_counted_apart_and_are_not_knocks() -> None:
    long_game = STANDARD.replace(target=500)  # 103 points do not end it
    gin = crafted(KNOCKER, LOOSE, "4s", long_game)
    gin.play("upcard")
    gin.play("gin Kd")
    assert hand_counts(gin, 0) == {
        "hands": 1,
        "won": 1,
        "points_won": gin.hand.score.points[0],  # type: ignore[union-attr]
        "gins": 1,
    }
    assert hand_counts(gin, 1)["opponent_gins"] == 1  # type: ignore[index]
    big = crafted("As 2s 3s 4s 4c 5c 6c 7d 7h 7s", LOOSE, "7c", long_game)
    big.play("upcard")
    big.play("big gin")
    assert hand_counts(big, 0)["big_gins"] == 1  # type: ignore[index]
    assert hand_counts(big, 1)["opponent_big_gins"] == 1  # type: ignore[index]
    assert "gins" not in hand_counts(big, 0)  # type: ignore[operator]


def test_a_tie_no_one_wins_is_neither_won_lost_nor_dead() -> None:
    # Under classic a tie is no undercut: the player takes the 2d and knocks shedding the
    # Kd (2 deadwood) against 2 (the 2c, which fits none of its melds): nobody wins.
    match = crafted(KNOCKER, NEAR_GIN, "2d", rules=find_rules("classic"))
    match.play("upcard")
    match.play("knock Kd")
    score = match.hand.score
    assert score is not None and (score.outcome.value, score.winner) == ("tie", None)
    assert hand_counts(match, 0) == {"hands": 1, "knocks": 1, "knock_deadwood": 2}
    assert hand_counts(match, 1) == {"hands": 1, "opponent_knocks": 1}


def test_a_dead_hand_counts_only_as_played_and_dead() -> None:
    match = Match(STANDARD, seed=5)
    while match.hand.score is None:
        match.play(
            next(a for a in match.legal_actions() if a.text.split()[0] in ("pass", "stock"))
            if match.phase.value != "discard"
            else next(a for a in match.legal_actions() if a.text.startswith("discard"))
        )
    assert hand_counts(match, 0) == {"hands": 1, "dead": 1}


def test_the_last_hand_of_a_match_counts_the_game_and_the_match() -> None:
    rules = STANDARD.replace(target=10)
    match = crafted(KNOCKER, LOOSE, "2d", rules)
    match.play("upcard")
    match.play("knock Kd")
    assert match.over
    mine = hand_counts(match, 0)
    theirs = hand_counts(match, 1)
    assert mine is not None and theirs is not None
    assert (mine["games"], mine["games_won"], mine["matches"], mine["matches_won"]) == (1, 1, 1, 1)
    assert (theirs["games"], theirs["matches"]) == (1, 1)
    assert "games_won" not in theirs and "matches_won" not in theirs


def test_a_bad_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="seat"):
        hand_counts(Match(seed=1), 2)


def test_the_bridge_state_carries_the_player_s_counts() -> None:
    session = bridge.Session()
    state = new_game(session, seed="3")
    assert state["stats"] is None
    session.match = crafted(KNOCKER, LOOSE, "2d")
    assert ask(session, "play", "upcard")["ok"]
    state = ask(session, "play", "knock Kd")
    assert state["ok"], state
    assert state["stats"] == hand_counts(session.match, 0)
    assert state["stats"]["knocks"] == 1


@pytest.mark.parametrize("seed", [11, 12])
def test_whole_matches_add_up_to_the_score_sheet(seed: int) -> None:
    """Summed over a match played at random, the counters agree with the score sheet."""
    match = Match(STANDARD.replace(target=60), seed=seed)
    rng = random.Random(seed)
    totals = dict.fromkeys(COUNTERS, 0)
    while not match.over:
        match.play(rng.choice(match.legal_actions()))
        counts = hand_counts(match, 0)
        if counts is not None and match.actions[-1].text != "next":
            assert set(counts) <= set(COUNTERS) and all(value > 0 for value in counts.values())
            for name, value in counts.items():
                totals[name] += value
    sheet = match.scoresheet
    assert totals["hands"] == match.hand_number
    assert totals["won"] == sheet.hands_won[0] and totals["lost"] == sheet.hands_won[1]
    assert totals["won"] + totals["lost"] + totals["dead"] == totals["hands"]
    assert totals["matches"] == 1 and totals["matches_won"] == int(sheet.winner == 0)
    assert totals["games"] == len(sheet.games) and totals["games_won"] == sheet.games_won()[0]
    won = [points[0] for _, _, winner, points in match.hand_scores if winner == 0]
    assert totals["points_won"] == sum(won)
