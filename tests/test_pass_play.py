"""Pass and play: both seats of one match played at one page, each player shown the table
from their own seat and only their own hand; a refused request changes nothing."""

from __future__ import annotations

import json
import random
from typing import Any

from ginrummy import bridge, record
from ginrummy.cards import parse_card
from ginrummy.match import Match
from ginrummy.pass_play import PassPlay, request
from ginrummy.seal import Sealer


def ask(session: PassPlay, op: str, argument: str = "") -> dict[str, Any]:
    answer = json.loads(request(op, argument, session))
    assert isinstance(answer, dict)
    return answer


def mask(cards: list[str]) -> int:
    return sum(1 << parse_card(card) for card in cards)


def greedy(state: dict[str, Any], rng: random.Random) -> str:
    """Return a quick player's move: go out when it can, else discard the card that
    leaves the least deadwood, else draw at random (a hand soon ends)."""
    legal = state["view"]["legal"]
    out = [action for action in legal if action.startswith(("knock", "gin", "big gin"))]
    if out:
        return str(out[0])
    left = {
        card: count
        for card, count in state["discard_deadwood"].items()
        if f"discard {card}" in legal
    }
    if left:
        return f"discard {min(left, key=left.__getitem__)}"
    return str(rng.choice(legal))


def test_each_player_sees_the_table_from_their_own_seat_with_only_their_hand() -> None:
    session = PassPlay()
    rules = {"preset": "standard", "knock_limit": "7", "match": "hands", "hands_to_win": "3"}
    state = ask(session, "new", json.dumps(rules))
    assert state["ok"] and state["params"] == rules
    assert state["stats"] is None and state["opponent_to_move"] is False
    rng = random.Random(5)
    seats_seen = set()
    while state["view"]["phase"] != "match_over":
        match = session.match
        assert match is not None
        seat = state["pass_play"]["seat"]
        seats_seen.add(seat)
        view = state["view"]
        # drawn from the player's own seat: they are seat 0, and their cards are theirs
        assert view["seat"] == 0
        assert mask(view["hand"]) == match.hand.hands[seat]
        if match.to_move is not None:
            assert match.to_move == seat and view["to_move"] == 0
            assert state["prompt"]["id"] != "opponent_turn"
        if state["result"] is not None:  # the hand's score, swapped for seat 1
            winner = match.hand.score.winner if match.hand.score else None
            assert state["result"]["winner"] == (None if winner is None else winner ^ seat)
        state = ask(session, "play", greedy(state, rng))
        assert state["ok"], state
    assert seats_seen == {0, 1}


def test_a_refused_request_changes_nothing() -> None:
    session = PassPlay()
    assert ask(session, "play", "stock")["error"] == "no pass-and-play match has been dealt"
    state = ask(session, "new", '{"preset": "oklahoma"}')
    refused = [
        ask(session, "play", "knock"),  # not an action
        ask(session, "play", "discard Qs" if "Qs" not in state["view"]["hand"] else "gin"),
        ask(session, "new", '{"preset": "no such rules"}'),
        ask(session, "new", "[1]"),
        ask(session, "new", "{"),
        ask(session, "undo"),
    ]
    assert [answer["ok"] for answer in refused] == [False] * len(refused)
    assert refused[2]["message"]["id"] == "preset_unknown"  # said in the player's language
    assert "unknown request 'undo'" in refused[-1]["error"]
    assert ask(session, "state") == state


def test_a_match_taken_up_from_its_save_goes_on_from_the_same_seat() -> None:
    """The page keeps the state's save after every move; a reloaded page takes the match
    up from it (the same browser key), at the same seat, with the same hands."""
    key = Sealer(bytes(range(32)))
    session = PassPlay(key)
    state = ask(session, "new", '{"preset": "standard"}')
    rng = random.Random(4)
    for _ in range(5):
        state = ask(session, "play", greedy(state, rng))
    reloaded = PassPlay(key)
    taken = ask(reloaded, "load", state["pass_play"]["save"])
    assert taken["ok"], taken
    assert taken["pass_play"]["seat"] == state["pass_play"]["seat"]
    assert taken["view"] == state["view"]
    move = greedy(taken, rng)
    assert ask(reloaded, "play", move)["view"] == ask(session, "play", move)["view"]


def test_a_save_shows_no_hidden_card_and_only_this_browser_opens_it_unchanged() -> None:
    key = Sealer(bytes(range(32)))
    session = PassPlay(key)
    state = ask(session, "new", '{"preset": "standard"}')
    save = json.loads(state["pass_play"]["save"])
    assert "secret" not in save["record"] and "decks" not in save["record"]
    # the seed alone does not deal the match: its secret is this browser's
    assert Match(session.match.rules, seed=save["record"]["seed"]).hand.hands != (
        session.match.hand.hands
    )
    other_browser = ask(PassPlay(Sealer(bytes(32))), "load", state["pass_play"]["save"])
    assert not other_browser["ok"] and "another browser" in other_browser["error"]
    changed = json.dumps({**save, "seat": 1 - save["seat"]})
    assert "changed after it was made" in ask(PassPlay(key), "load", changed)["error"]
    assert "not the save" in ask(PassPlay(key), "load", '{"format": "x"}')["error"]
    assert not ask(PassPlay(key), "load", "{")["ok"]


def test_the_record_opens_only_once_the_match_is_over_and_replays_to_its_scores() -> None:
    """The replay viewer shows both hands of every hand: the record is refused while the
    match is in play (even between hands), and once it is over it replays, through the
    bridge's viewer, to the match's own final scores."""
    session = PassPlay()
    rules = {"preset": "standard", "match": "hands", "hands_to_win": "2"}
    state = ask(session, "new", json.dumps(rules))
    rng = random.Random(7)
    refused = ask(session, "record")
    assert not refused["ok"] and "once the match is over" in refused["error"]
    between_hands = False
    while state["view"]["phase"] != "match_over":
        between_hands |= state["view"]["phase"] == "hand_over"
        if state["view"]["phase"] == "hand_over":
            assert not ask(session, "record")["ok"]
            assert ask(session, "state") == state  # refused, nothing changed
        state = ask(session, "play", greedy(state, rng))
    assert between_hands
    answer = ask(session, "record")
    assert answer["ok"], answer
    match = session.match
    assert match is not None
    replayed = record.load(answer["record"])
    assert replayed.actions == match.actions and replayed.over
    assert replayed.scoresheet.to_json() == match.scoresheet.to_json()
    viewer = bridge.Session()
    first = json.loads(bridge.request("load_record", answer["record"], viewer))
    assert first["ok"] and first["step"] == 0 and first["total"] == len(match.actions)
    last = json.loads(bridge.request("replay", str(first["total"]), viewer))
    assert last["totals"] == match.scoresheet.games[-1].totals
    assert last["hands"][1] is not None  # the hand is over: both are shown
