"""Practice games (undo by replay, the opponent's own reasons) and the replay viewer."""

from __future__ import annotations

import json
from typing import Any

import pytest

from deals import ask
from ginrummy import bridge, record
from ginrummy.match import Match
from ginrummy.replay import Replay, movers, undo_point
from ginrummy.rules import PRESETS

STANDARD = PRESETS["standard"]


def play_turns(session: bridge.Session, turns: int) -> dict[str, Any]:
    """Make ``turns`` player moves (the hint's), each followed by the opponent's; the state."""
    state = ask(session, "state")
    for _ in range(turns):
        while state["opponent_to_move"]:
            state = ask(session, "opponent")
        state = ask(session, "play", ask(session, "hint")["action"])
        assert state["ok"], state
    while state["opponent_to_move"]:
        state = ask(session, "opponent")
    return state


def test_undo_goes_back_to_the_player_s_previous_decision_twice() -> None:
    session = bridge.Session()
    first = ask(session, "new", json.dumps({"seed": "5", "practice": "true", "level": "easy"}))
    assert first["practice"] is True and first["params"]["practice"] == "true"
    states = [play_turns(session, 0)]
    for _ in range(4):
        states.append(play_turns(session, 1))
    back = ask(session, "undo")
    assert back["ok"] and back["view"] == states[3]["view"]
    back = ask(session, "undo")
    assert back["view"] == states[2]["view"]
    assert ask(session, "state")["save"] == states[2]["save"]


def test_undo_is_refused_outside_practice_and_before_any_move() -> None:
    session = bridge.Session()
    ask(session, "new", json.dumps({"seed": "5"}))
    play_turns(session, 2)
    refused = ask(session, "undo")
    assert not refused["ok"] and "practice" in refused["error"]
    ask(session, "new", json.dumps({"seed": "5", "practice": "true"}))
    if ask(session, "state")["opponent_to_move"]:
        ask(session, "opponent")
    nothing = ask(session, "undo")
    assert not nothing["ok"] and "no move of yours" in nothing["error"]
    assert json.loads(ask(session, "state")["save"])["practice"] is True


def test_practice_is_kept_in_the_save_and_a_bad_flag_is_explained() -> None:
    session = bridge.Session()
    state = ask(session, "new", json.dumps({"seed": "9", "practice": "true"}))
    resumed = bridge.Session()
    again = ask(resumed, "resume", state["save"])
    assert again["practice"] is True and again["params"] == state["params"]
    normal = ask(session, "new", json.dumps({"seed": "9"}))
    assert normal["practice"] is False and "practice" not in normal["params"]
    bad = ask(session, "new", json.dumps({"practice": "maybe"}))
    assert not bad["ok"] and "practice" in bad["error"]


def test_the_opponent_says_its_own_reason_only_in_practice() -> None:
    reasons = {}
    for practice in ("false", "true"):
        session = bridge.Session()
        ask(session, "new", json.dumps({"seed": "5", "practice": practice, "level": "hard"}))
        play_turns(session, 0)
        state = ask(session, "play", "stock" if "stock" in _legal(session) else "pass")
        while not state["opponent_to_move"]:
            state = ask(session, "play", ask(session, "hint")["action"])
        keys = []
        for _ in range(6):
            if not state["opponent_to_move"]:
                state = ask(session, "play", ask(session, "hint")["action"])
                continue
            state = ask(session, "opponent")
            keys.append(state["move"]["key"])
        reasons[practice] = keys
    public = {"took_upcard", "drew_stock", "drew_stock_only", "passed_upcard", "discarded"}
    public |= {"knocked", "went_gin"}
    assert set(reasons["false"]) <= public
    assert not set(reasons["true"]) & public  # the hint-style reasons, in its own words


def _legal(session: bridge.Session) -> list[str]:
    """Return the player's legal actions now."""
    legal: list[str] = ask(session, "state")["view"]["legal"]
    return legal


def test_undo_point_takes_back_the_player_s_move_and_the_replies() -> None:
    match = Match(STANDARD, seed=5)
    seats = []
    while len(match.actions) < 12:
        seats.append(match.to_move)
        match.play(match.legal_actions()[0])
    assert movers(match) == seats
    keep = undo_point(match)
    assert keep is not None and seats[keep] == 0 and all(s == 1 for s in seats[keep + 1 :])


def test_a_replay_shows_both_hands_only_of_finished_hands() -> None:
    session = bridge.Session()
    ask(session, "new", json.dumps({"seed": "3", "level": "easy"}))
    state = play_turns(session, 1)
    while state["view"]["phase"] != "hand_over":
        state = play_turns(session, 1)
    ask(session, "play", "next")
    state = play_turns(session, 3)
    first = ask(session, "load_record", state["save"])
    total = first["total"]
    assert first["ok"] and first["step"] == 0 and first["shown"] and first["hands"][1]
    steps = [ask(session, "replay", str(n)) for n in range(total + 1)]
    assert [s["step"] for s in steps] == list(range(total + 1))
    assert {s["hand_number"] for s in steps} == {1, 2}
    assert all(s["shown"] == (s["hand_number"] == 1) for s in steps)
    assert all((s["hands"][1] is None) == (not s["shown"]) for s in steps)
    draws = [s for s in steps[1:] if s["move"]["action"] == "stock"]
    assert {(s["hand_number"], s["move"]["seat"]) for s in draws} == {(1, 0), (2, 0), (2, 1)}
    for s in draws:  # the opponent's stock card is told only once its hand is over
        assert ("drew" in s["move"]) == (s["move"]["seat"] == 0 or s["hand_number"] == 1)
    assert ask(session, "state")["save"] == state["save"]  # the game in play is untouched


BAD_FILES = [
    ("{not json", "not valid JSON"),
    ('{"format": "something else"}', "not a gin rummy record"),
    ("[1, 2]", "not a gin rummy record"),
]


@pytest.mark.parametrize(("text", "message"), BAD_FILES)
def test_a_bad_file_is_explained_and_changes_nothing(text: str, message: str) -> None:
    session = bridge.Session()
    state = ask(session, "new", json.dumps({"seed": "3"}))
    ask(session, "load_record", state["save"])
    answer = ask(session, "load_record", text)
    assert not answer["ok"] and message in answer["error"]
    assert ask(session, "replay", "0")["ok"]  # the loaded record stays
    assert ask(session, "state")["save"] == state["save"]


def test_a_tampered_record_names_the_action() -> None:
    match = Match(STANDARD, seed=3)
    match.play(match.legal_actions()[0])
    data = record.to_data(match)
    data["actions"].append("discard Zz")
    answer = ask(bridge.Session(), "load_record", json.dumps(data))
    assert not answer["ok"] and "action 2" in answer["error"]
    with pytest.raises(record.RecordError, match="from 0 to 1"):
        Replay(record.to_data(match)).step(2)
    assert "no game record" in ask(bridge.Session(), "replay", "0")["error"]
