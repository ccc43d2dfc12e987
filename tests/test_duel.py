"""The page's requests for a friend's match: offer, join and accept through JSON texts,
the same build checked, the cut neither page chose, the first hand of every preset
played, a refused message that ends the match, and a resume."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ginrummy.duel import DuelError, DuelSession, commitment, request
from ginrummy.rules import PRESETS
from test_pass_play import greedy


def ask(session: DuelSession, op: str, argument: Any = None) -> dict[str, Any]:
    text = argument if isinstance(argument, str) else json.dumps(argument or {})
    answer = json.loads(request(op, text, session))
    assert isinstance(answer, dict)
    return answer


class Pages:
    """A host's and a guest's page, set up through the page's requests."""

    def __init__(self, rules: Any = "standard") -> None:
        self.sessions = [DuelSession(), DuelSession()]
        host, guest = self.sessions
        params = rules if isinstance(rules, dict) else {"preset": rules}
        offer = ask(host, "offer", {"rules": params, "build": "b7"})["offer"]
        answer = ask(guest, "join", {"offer": offer, "build": "b7"})["answer"]
        started = ask(host, "accept", {"answer": answer})
        assert started["ok"], started
        self.inbox: list[list[dict[str, Any]]] = [[], started["send"]]
        self.deliver()

    def deliver(self) -> None:
        while any(self.inbox):
            for seat in (0, 1):
                while self.inbox[seat]:
                    answer = ask(self.sessions[seat], "receive", self.inbox[seat].pop(0))
                    assert answer["ok"], answer
                    self.inbox[1 - seat] += answer["send"]

    def play(self, seat: int, action: str) -> dict[str, Any]:
        answer = ask(self.sessions[seat], "play", action)
        assert answer["ok"], answer
        self.inbox[1 - seat] += answer["send"]
        self.deliver()
        return answer

    def table(self, seat: int) -> dict[str, Any]:
        answer = ask(self.sessions[seat], "table")
        assert answer["ok"]
        table = answer["table"]
        assert isinstance(table, dict)
        return table


@pytest.mark.parametrize(
    "preset",
    # oklahoma everywhere; every other preset's first hand on CPython only (each hand is a
    # fair shuffle and deal, seconds in Pyodide)
    [
        name if name == "oklahoma" else pytest.param(name, marks=pytest.mark.slow)
        for name in PRESETS
    ],
)
def test_two_pages_set_up_a_match_and_play_a_hand(preset: str) -> None:
    pages = Pages(preset)
    rng = random.Random(5)
    while True:
        tables = [pages.table(seat) for seat in (0, 1)]
        movers = [s for s in (0, 1) if tables[s].get("view") and tables[s]["view"]["legal"]]
        movers = [s for s in movers if tables[s]["view"]["to_move"] == s]
        if not movers:
            break
        legal = tables[movers[0]]["view"]["legal"]
        out = [a for a in legal if a.startswith(("gin", "knock"))]
        pages.play(movers[0], rng.choice(out or legal))
    host, guest = (pages.table(seat) for seat in (0, 1))
    assert host["stage"] == guest["stage"] == "shown"
    assert host["view"]["scores"] == guest["view"]["scores"]
    assert host["view"]["preset"] == preset
    assert host["state_hash"] == guest["state_hash"]
    assert host["view"]["hands"] == guest["view"]["hands"]


def test_pages_of_different_builds_do_not_play() -> None:
    host, guest = DuelSession(), DuelSession()
    offer = host.offer({"rules": "standard", "build": "b7"})["offer"]
    with pytest.raises(DuelError, match="runs build 'b7' and this page 'b8'"):
        guest.join({"offer": offer, "build": "b8"})
    with pytest.raises(DuelError, match="speaks protocol 2"):
        guest.join({"offer": {**offer, "protocol": 2}, "build": "b7"})
    with pytest.raises(DuelError, match="not a gin rummy offer"):
        guest.join({"offer": {}, "build": "b7"})


def test_an_answer_to_another_offer_is_refused() -> None:
    host, guest = DuelSession(), DuelSession()
    offer = host.offer({"rules": "standard", "build": "b7"})["offer"]
    answer = guest.join({"offer": offer, "build": "b7"})["answer"]
    host.offer({"rules": "standard", "build": "b7"})
    with pytest.raises(DuelError, match="to another offer"):
        host.accept({"answer": answer})


def test_a_host_share_other_than_the_one_committed_to_is_refused() -> None:
    """The host cannot pick the cut after seeing the guest's share."""
    host, guest = DuelSession(), DuelSession()
    offer = host.offer({"rules": "standard", "build": "b7"})["offer"]
    answer = guest.join({"offer": offer, "build": "b7"})["answer"]
    hello = host.accept({"answer": answer})["send"][0]
    other = "0" * 32
    assert commitment(other) != offer["commit"]
    answer = ask(guest, "receive", {**hello, "share": other})
    assert not answer["ok"] and "not the one it committed to" in answer["error"]


def test_a_refused_message_ends_the_match_and_says_why() -> None:
    pages = Pages()
    host_table = pages.table(0)
    mover = host_table["view"]["to_move"]
    sent = pages.play(mover, "pass")["send"]
    answer = ask(pages.sessions[1 - mover], "receive", sent[0])
    assert not answer["ok"] and answer["ended"]
    assert "a replayed message" in answer["error"]
    assert answer["table"]["stage"] == "ended"


def test_a_dropped_connection_resumes_through_the_requests() -> None:
    pages = Pages()
    mover = pages.table(0)["view"]["to_move"]
    answer = ask(pages.sessions[mover], "play", "pass")
    assert answer["send"]  # lost: never delivered
    request_ = ask(pages.sessions[1 - mover], "resume")["send"]
    resent = ask(pages.sessions[mover], "receive", request_[0])["send"]
    assert resent == answer["send"]
    pages.inbox[1 - mover] += resent
    pages.deliver()
    assert pages.table(0)["state_hash"] == pages.table(1)["state_hash"]


def test_bad_requests_are_clear_errors() -> None:
    session = DuelSession()
    assert "unknown request" in ask(session, "deal")["error"]
    assert "no match against a friend" in ask(session, "play", "stock")["error"]
    assert "not JSON" in json.loads(request("join", "{", session))["error"]
    assert "rules are not valid" in ask(session, "offer", {"rules": "poker", "build": "b"})["error"]


def test_a_page_reloaded_takes_its_match_up_from_its_save() -> None:
    """A page saves after each move and reloads; the draw the other page made while it
    was away comes again, and the hand plays on."""
    pages = Pages()
    mover = pages.table(0)["view"]["to_move"]
    pages.play(mover, "pass")
    pages.play(1 - mover, "pass")
    away = 1 - mover
    saved = ask(pages.sessions[away], "save")["save"]
    assert ask(pages.sessions[mover], "play", "stock")["send"]  # lost on its way
    pages.sessions[away] = DuelSession()
    loaded = ask(pages.sessions[away], "load", {"save": saved})
    assert loaded["ok"] and loaded["table"]["stage"] == "playing"
    for seat in (0, 1):
        pages.inbox[1 - seat] += ask(pages.sessions[seat], "resume")["send"]
    pages.deliver()
    assert pages.table(mover)["view"]["phase"] == "discard"
    assert pages.table(mover)["stage"] == "playing"
    assert pages.table(0)["state_hash"] == pages.table(1)["state_hash"]


def test_an_older_save_does_not_resume() -> None:
    """A page that lost a move it had sent (a stale save) cannot take the match up."""
    pages = Pages()
    mover = pages.table(0)["view"]["to_move"]
    saved = ask(pages.sessions[mover], "save")["save"]
    pages.play(mover, "pass")
    pages.sessions[mover] = DuelSession()
    ask(pages.sessions[mover], "load", {"save": saved})
    request_ = ask(pages.sessions[mover], "resume")["send"][0]
    answer = ask(pages.sessions[1 - mover], "receive", request_)
    assert not answer["ok"] and "lost moves it had sent" in answer["error"]
    assert ask(pages.sessions[0], "load", {"save": {"format": "x"}})["ok"] is False


def test_each_page_draws_its_player_at_seat_zero_through_a_hand() -> None:
    """The page's state (``friend_table``): the guest's view too has its own hand at seat
    0 and its turn as seat 0's; a page that waits has no move; the hand's result and the
    score sheet each page draws are the other's with the seats exchanged."""
    pages = Pages()
    rng = random.Random(3)
    while True:
        states = [ask(session, "table") for session in pages.sessions]
        for seat, answer in enumerate(states):
            table, state = answer["table"], answer["state"]
            assert state["friend"]["seat"] == seat
            assert state["view"]["seat"] == 0 and state["view"]["hand"] == table["view"]["hand"]
            assert state["view"]["legal"] == table["view"]["legal"]
            assert not state["opponent_to_move"] and state["stats"] is None
        movers = [s for s in (0, 1) if states[s]["state"]["view"]["to_move"] == 0]
        legal = states[movers[0]]["state"]["view"]["legal"] if movers else []
        if not legal:
            break
        out = [a for a in legal if a.startswith(("gin", "knock"))]
        pages.play(movers[0], rng.choice(out or legal))
    host, guest = (answer["state"] for answer in states)
    assert host["view"]["phase"] == guest["view"]["phase"] == "hand_over"
    assert host["result"]["points"] == guest["result"]["points"][::-1]
    assert host["view"]["scores"]["totals"] == guest["view"]["scores"]["totals"][::-1]
    assert host["view"]["hands"] == guest["view"]["hands"][::-1]
    pages.play(0, "next")  # the host is ready: it waits for its friend
    waiting = ask(pages.sessions[0], "table")["state"]
    assert waiting["friend"]["waiting"] and waiting["prompt"] == {"id": "friend_waiting"}
    assert waiting["view"]["legal"] == []
    pages.play(1, "next")
    assert all(ask(s, "table")["state"]["view"]["hand_number"] == 2 for s in pages.sessions)


def test_an_offer_takes_the_new_game_forms_params() -> None:
    host, guest = DuelSession(), DuelSession()
    params = {"preset": "standard", "knock_limit": "7", "spade_double": "true"}
    offer = ask(host, "offer", {"rules": params, "build": "b7"})["offer"]
    assert offer["rules"]["knock_limit"] == 7 and offer["rules"]["spade_double"] is True
    joined = ask(guest, "join", {"offer": offer, "build": "b7"})
    assert joined["params"] == params
    bad = ask(host, "offer", {"rules": {"preset": "standard", "knock_limit": "x"}, "build": "b"})
    assert not bad["ok"] and "rules are not valid" in bad["error"]


def reconnect(pages: Pages, offering: int) -> None:
    """Take the pages' match up over a new connection, ``offering`` making the offer, as
    the page does after a dropped connection: each from its save."""
    saves = [ask(session, "save")["save"] for session in pages.sessions]
    pages.sessions = [DuelSession(), DuelSession()]  # reloaded pages, say
    other = 1 - offering
    offer = ask(pages.sessions[offering], "reoffer", {"save": saves[offering], "build": "b7"})
    assert offer["ok"], offer
    joined = ask(
        pages.sessions[other],
        "rejoin",
        {"offer": offer["offer"], "save": saves[other], "build": "b7"},
    )
    assert joined["ok"], joined
    accepted = ask(pages.sessions[offering], "reaccept", {"answer": joined["answer"]})
    assert accepted["ok"], accepted
    for seat in (0, 1):
        pages.inbox[1 - seat] = ask(pages.sessions[seat], "resume")["send"]


@pytest.mark.parametrize("offering", [0, 1])
def test_a_dropped_match_is_taken_up_over_a_new_connection_from_either_side(
    offering: int,
) -> None:
    pages = Pages()
    mover = pages.table(0)["view"]["to_move"]
    pages.play(mover, "pass")
    lost = ask(pages.sessions[1 - mover], "play", "pass")["send"]  # never delivered
    assert lost
    reconnect(pages, offering)
    pages.deliver()
    assert pages.table(0)["state_hash"] == pages.table(1)["state_hash"]
    assert pages.table(mover)["view"]["legal"]  # the move lost came again: play goes on
    # the resume request holds only digests and counts: nothing of either hand
    request_ = ask(pages.sessions[0], "resume")["send"][0]
    assert set(request_) == {"type", "hand", "history", "received", "digest", "sent", "sent_digest"}


def test_a_reconnection_is_only_to_the_same_match_from_the_friends_seat() -> None:
    pages, others = Pages(), Pages()
    save = ask(pages.sessions[0], "save")["save"]
    offer = ask(pages.sessions[0], "reoffer", {"save": save, "build": "b7"})["offer"]
    own_seat = ask(DuelSession(), "rejoin", {"offer": offer, "save": save, "build": "b7"})
    assert "from this page's own seat" in own_seat["error"]
    other_save = ask(others.sessions[1], "save")["save"]
    other = ask(DuelSession(), "rejoin", {"offer": offer, "save": other_save, "build": "b7"})
    assert "another match" in other["error"]
    guest_save = ask(pages.sessions[1], "save")["save"]
    build = ask(DuelSession(), "rejoin", {"offer": offer, "save": guest_save, "build": "b8"})
    assert "runs build 'b7' and this page 'b8'" in build["error"]
    new = ask(others.sessions[0], "offer", {"rules": "standard", "build": "b7"})["offer"]
    fresh = ask(DuelSession(), "rejoin", {"offer": new, "save": guest_save, "build": "b7"})
    assert "starts a new match" in fresh["error"]
    assert "made no offer" in ask(DuelSession(), "reaccept", {"answer": {}})["error"]


def test_pages_whose_states_differ_do_not_resume_and_both_say_why() -> None:
    """A page whose record of an earlier hand differs (an altered save, say) is refused:
    the match ends on both pages, and the other page is told why."""
    pages = Pages()
    rng = random.Random(11)
    while pages.table(0)["stage"] != "shown":
        tables = [pages.table(seat) for seat in (0, 1)]
        movers = [s for s in (0, 1) if tables[s]["view"]["legal"]]
        legal = tables[movers[0]]["view"]["legal"]
        out = [a for a in legal if a.startswith(("gin", "knock"))]
        pages.play(movers[0], rng.choice(out or legal))
    pages.play(0, "next")
    pages.play(1, "next")
    assert pages.table(0)["hand_id"].endswith(":2")
    referee = pages.sessions[1].referee
    assert referee is not None
    referee.decks[0][:2] = referee.decks[0][1::-1]  # hand 1's deck altered
    request_ = ask(pages.sessions[1], "resume")["send"]
    refused = ask(pages.sessions[0], "receive", request_[0])
    assert not refused["ok"] and refused["resume_refused"] and refused["ended"]
    assert "records of the match before this hand differ" in refused["error"]
    told = ask(pages.sessions[1], "receive", refused["send"][0])
    assert not told["ok"] and told["resume_refused"] and told["ended"]
    assert "could not take the match up" in told["error"]
    assert told["table"]["stage"] == "ended"


def test_a_save_keeps_its_seed_through_javascript_numbers() -> None:
    """The page keeps the save as JSON read by JavaScript, whose numbers hold 53 bits: the
    seed of the first dealer's cut (up to 2**63) must come back exact."""
    pages = Pages()
    referee = pages.sessions[0].referee
    assert referee is not None
    referee.seed = 2**62 + 1  # past 2**53: a JavaScript number would round it
    saved = ask(pages.sessions[0], "save")["save"]
    through_js = json.loads(
        json.dumps(saved), parse_int=lambda text: int(float(text))
    )  # every number as a double, as JSON.parse reads it
    loaded = DuelSession()
    assert ask(loaded, "load", {"save": through_js})["ok"]
    assert loaded.referee is not None and loaded.referee.seed == 2**62 + 1


def test_the_record_opens_once_the_match_is_over_each_page_from_its_own_seat() -> None:
    """During the match neither page may open its record (it would show the friend's
    hidden cards); once it is over each replays it to the final scores, with its own
    player at seat 0: the guest's replay is the host's with the seats exchanged."""
    pages = Pages({"preset": "standard", "match": "hands", "hands_to_win": "1"})
    rng = random.Random(8)
    for session in pages.sessions:
        assert "once the match is over" in ask(session, "record")["error"]
        assert "no replay is open" in ask(session, "replay", {"step": 0})["error"]
    moves = 0
    while True:
        states = [ask(session, "table")["state"] for session in pages.sessions]
        movers = [s for s in (0, 1) if states[s]["view"]["legal"]]
        if not movers:
            break
        if moves == 3:
            assert not ask(pages.sessions[movers[0]], "record")["ok"]  # mid-hand
        pages.play(movers[0], greedy(states[movers[0]], rng))
        moves += 1
    assert all(state["view"]["phase"] == "match_over" for state in states)
    host, guest = (ask(session, "record") for session in pages.sessions)
    assert host["ok"] and guest["ok"], (host, guest)
    assert host["step"] == guest["step"] == 0 and host["total"] == guest["total"] > 0
    total = host["total"]
    assert not ask(pages.sessions[0], "replay", {"step": total + 1})["ok"]
    assert not ask(pages.sessions[0], "replay", {"step": "1"})["ok"]
    ends = [ask(session, "replay", {"step": total}) for session in pages.sessions]
    for seat, end in enumerate(ends):
        assert end["totals"] == states[seat]["view"]["scores"]["games"][-1]["totals"]
        assert end["hands"][1] is not None  # the match is over: both hands are shown
    assert ends[0]["totals"] == ends[1]["totals"][::-1]
    assert ends[0]["hands"] == ends[1]["hands"][::-1]
    assert ends[0]["result"]["points"] == ends[1]["result"]["points"][::-1]
    for number in range(1, total + 1, max(1, total // 25)):
        steps = [ask(session, "replay", {"step": number}) for session in pages.sessions]
        seats = [step["move"]["seat"] for step in steps]
        assert seats[0] == (None if seats[1] is None else 1 - seats[1])
