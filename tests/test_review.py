"""The review of a finished hand: crafted hands whose slips the review must flag."""

from __future__ import annotations

import json
from typing import Any

import pytest

from deals import KNOCKER, LOOSE, STANDARD, ask, make_deck, seed_dealt_by
from ginrummy import bridge
from ginrummy.bridge.opponent import hint, opponent_move
from ginrummy.cards import parse_mask
from ginrummy.match import Match
from ginrummy.melds import format_meld
from ginrummy.review import ReviewError, review_hand
from ginrummy.state import melder_for

SEED = seed_dealt_by(STANDARD, 1)
"""A seed whose first hand the opponent deals: the player moves first."""


def crafted(player: str, opponent: str, upcard: str, stock: str, actions: list[str]) -> Match:
    """Return a standard match dealt these cards, with ``actions`` played (both seats)."""
    match = Match(STANDARD, seed=SEED, decks=[make_deck(player, opponent, upcard, stock)])
    for action in actions:
        match.play(action)
    return match


def flags_of(review: dict[str, Any], action: str) -> list[str]:
    """Return the flag ids of the player's step that played ``action``."""
    (step,) = [s for s in review["steps"] if s["seat"] == 0 and s["action"] == action]
    return [flag["id"] for flag in step.get("flags", [])]


# The player holds three melds and the king of diamonds, takes the 2d and could knock
# with 2 deadwood, but breaks the sevens instead; it knocks a turn later.
#   player    As 2s 3s | 4c 5c 6c | 7d 7h 7s | Kd      upcard 2d
#   opponent  Kc Qd Jd 9c 8d Ts 4h 2h Qh 5d            stock Qc, then 7c
MISSED_KNOCK = crafted(
    KNOCKER,
    LOOSE,
    "2d",
    "Qc 7c",
    ["upcard", "discard 7h", "stock", "discard Qc", "stock", "knock Kd"],
)

# The player throws the jack of hearts the opponent waits for (Qh Kh): it takes it,
# melds it and knocks at once.
#   player    As 2s 3s | 4c 5c 6c | 7d 7h 7s | Jh      upcard Ks, stock Qc
#   opponent  9d Td Jd | 5h 5s 5d | Qh Kh 2c 3h
FED = crafted(
    "As 2s 3s 4c 5c 6c 7d 7h 7s Jh",
    "9d Td Jd Qh Kh 5h 5s 5d 2c 3h",
    "Ks",
    "Qc",
    ["pass", "pass", "stock", "discard Jh", "upcard", "knock 3h"],
)


def test_a_missed_knock_is_flagged_with_the_engine_s_knock() -> None:
    review = review_hand(MISSED_KNOCK, 1, "normal")
    assert flags_of(review, "discard 7h") == ["missed_knock", "worse_discard"]
    (slip,) = [s for s in review["steps"] if s["action"] == "discard 7h"]
    assert slip["advice"]["action"].startswith("knock Kd ")
    worse = slip["flags"][1]
    assert (worse["card"], worse["better"], worse["better_deadwood"]) == ("7h", "Kd", 2)
    assert flags_of(review, "knock Kd") == []  # the knock itself is no slip
    assert review["flagged"] == 1


def test_a_review_shows_both_hands_and_what_the_opponent_knew() -> None:
    review = review_hand(MISSED_KNOCK, 1, "normal")
    assert set(review["dealt"][0]) == {"As", "2s", "3s", "4c", "5c", "6c", "7s", "7d", "7h", "Kd"}
    assert "Kc" in review["dealt"][1] and review["upcard"] == "2d"
    assert review["result"]["outcome"] == "knock"
    draw, discard = (s for s in review["steps"] if s["seat"] == 1)
    assert draw["knew"]["known"] == ["2d"]  # the player took the 2d from the pile
    assert draw["knew"]["discards"] == ["7h"]
    assert "Qc" not in draw["knew"]["hand"] and draw["drew"] == "Qc"
    assert set(discard["knew"]["hand"]) == {*draw["knew"]["hand"], "Qc"}
    assert [s["index"] for s in review["steps"]] == [1, 2, 3, 4, 5, 6]


def test_a_review_gives_each_hand_shown_in_its_best_melds() -> None:
    review = review_hand(MISSED_KNOCK, 1, "normal")
    # Dealt As 2s 3s 4c 5c 6c 7s 7d 7h Kd: three melds, the Kd left over.
    dealt = review["dealt_arranged"][0]
    assert dealt["deadwood_cards"] == ["Kd"]
    assert sorted(dealt["melds"]) == [
        ["4c", "5c", "6c"],
        ["7s", "7d", "7h"],
        ["As", "2s", "3s"],
    ]
    melder = melder_for(MISSED_KNOCK.rules)
    shown = [(s["hand"], s["arranged"]["melds"]) for s in review["steps"] if "hand" in s]
    shown += [
        (s["knew"]["hand"], s["knew"]["arranged"]["melds"]) for s in review["steps"] if "knew" in s
    ]
    assert len(shown) == 6
    for cards, melds in shown:
        best = melder.best_arrangement(parse_mask(cards))
        assert sorted(melds) == sorted(format_meld(meld) for meld in best.melds)
        assert {card for meld in melds for card in meld} <= set(cards)


def test_a_discard_the_opponent_melds_is_flagged() -> None:
    review = review_hand(FED, 1, "normal")
    assert "fed_meld" in flags_of(review, "discard Jh")
    assert review["result"]["outcome"] == "knock"
    assert "Jh" in review["final"][1]


def test_an_opponent_move_carries_its_own_reason_when_it_would_play_it() -> None:
    match = Match(STANDARD, seed=SEED)
    session = bridge.Session()
    session.match, session.level = match, "hard"
    while not match.hand.over:
        if match.to_move == 1:
            opponent_move(session)
        else:
            match.play(hint(session)["action"])
    review = review_hand(match, 1, "hard")
    opponent_steps = [s for s in review["steps"] if s["seat"] == 1]
    assert opponent_steps and all("reason" in s for s in opponent_steps)
    assert all(not s.get("flags") for s in review["steps"])  # the engine made no slips


def test_a_hand_in_play_cannot_be_reviewed() -> None:
    match = crafted(KNOCKER, LOOSE, "2d", "", [])
    with pytest.raises(ReviewError, match="still being played"):
        review_hand(match, 1, "normal")
    with pytest.raises(ReviewError, match="no hand 2"):
        review_hand(match, 2, "normal")


def test_the_bridge_reviews_the_last_hand_and_earlier_ones() -> None:
    session = bridge.Session()
    bridge.resume(
        session,
        json.dumps({"format": bridge.SAVE_FORMAT, "level": "easy", "record": record_of(FED)}),
    )
    answer = ask(session, "review")
    assert answer["ok"] and answer["hand_number"] == 1
    assert ask(session, "play", "next")["ok"]
    assert ask(session, "review", "1")["steps"] == answer["steps"]
    refused = ask(session, "review", "2")
    assert not refused["ok"] and "still being played" in refused["error"]
    assert "whole number" in ask(session, "review", "x")["error"]


def record_of(match: Match) -> dict[str, Any]:
    """Return the record data of ``match``."""
    from ginrummy import record

    return record.to_data(match)


def test_a_knock_where_gin_was_there_is_a_missed_gin() -> None:
    # The 4s gives gin (As 2s 3s 4s | 4c 5c 6c | 7d 7h 7s, discarding Kd); the player
    # knocks with the ace instead, keeping the king: 10 deadwood.
    match = crafted(
        "As 2s 3s 4c 5c 6c 7d 7h 7s Kd", "Kc Qd Jd 9c 8d Ts 4h 2h Qh 5d", "4s", "", ["upcard"]
    )
    match.play("knock As")
    review = review_hand(match, 1, "normal")
    assert flags_of(review, "knock As") == ["missed_gin", "worse_discard"]
    assert review["result"]["outcome"] == "knock"
