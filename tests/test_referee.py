"""Both pages referee: two in-process pages deal fairly and play hands and a whole match;
neither holds the other's hidden cards during a hand; a forged card, an illegal move, a
knock the hidden hand does not allow, a move out of turn and a replayed message each end
the match with a clear error."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from ginrummy.actions import Action, IllegalActionError
from ginrummy.cards import DECK_SIZE, card_list, format_card, parse_card
from ginrummy.fair_deal import ORDER, ForgeryError, ProtocolError
from ginrummy.match import Match
from ginrummy.referee import Referee, Stage, dealt_positions
from ginrummy.rules import PRESETS, find_rules
from ginrummy.state import Hand


def sources(seed: int) -> dict[str, Any]:
    """Return a page's keys and shuffles drawn from ``seed``: the tests' deals repeat."""
    rng = random.Random(seed)
    return {
        "key_source": lambda: rng.randrange(1, ORDER),
        "order_source": lambda size: rng.sample(range(size), size),
    }


class Table:
    """Two pages, seats 0 (the host) and 1, passing messages in order."""

    def __init__(self, preset: str = "standard", seed: int = 5, **changes: Any) -> None:
        rules = dataclasses.replace(find_rules(preset), **changes)
        self.seats = [
            Referee(rules, seat, "m1", seed, **sources(seed * 2 + seat)) for seat in (0, 1)
        ]
        self.queues: list[list[dict[str, Any]]] = [[], []]
        """The messages waiting for each seat."""
        self.post(0, self.seats[0].start())
        self.deliver()

    def post(self, sender: int, messages: list[dict[str, Any]]) -> None:
        self.queues[1 - sender] += messages

    def deliver(self) -> None:
        while any(self.queues):
            for seat in (0, 1):
                while self.queues[seat]:
                    self.post(seat, self.seats[seat].receive(self.queues[seat].pop(0)))

    def move(self, seat: int, text: str) -> None:
        self.post(seat, self.seats[seat].play(text))
        self.deliver()

    def views(self) -> list[dict[str, Any]]:
        return [seat.view() for seat in self.seats]

    def step(self, rng: random.Random) -> bool:
        """Play one move of the seat to move (going out when it can); False at the hand's end."""
        for seat, view in enumerate(self.views()):
            table = view.get("view")
            if table is None or not table["legal"] or table["to_move"] != seat:
                continue
            self.move(seat, self.choose(seat, table["legal"], rng))
            return True
        return False

    def choose(self, seat: int, legal: list[str], rng: random.Random) -> str:
        """Go out when possible, draw from the stock, throw the card that leaves the least
        deadwood (short hands); anything else at random."""
        out = [a for a in legal if a.startswith(("gin", "big gin", "knock"))]
        if out:
            return out[0]
        if "stock" in legal:
            return "stock"
        if all(a.startswith("discard") for a in legal):
            hand = self.seats[seat].world().hand
            mine = hand.hands[seat]
            return min(legal, key=lambda a: hand.melder.deadwood(mine & ~(1 << card_of(a))))
        return rng.choice(legal)

    def play_hand(self, rng: random.Random) -> None:
        while self.step(rng):
            pass
        for view in self.views():
            assert view["stage"] == "shown", view
            assert view["view"]["phase"] in ("hand_over", "match_over")


def card_of(action: str) -> int:
    card = Action.parse(action).card
    assert card is not None
    return card


def true_match(referee: Referee) -> Match:
    """Return the match as it really is, from the checked decks (once a hand is shown)."""
    match = Match(referee.rules, seed=referee.seed, decks=referee.decks)
    for action in referee.actions:
        match.play(action)
    return match


FIRST_HAND_IN_PYODIDE = ("standard", "mahjong")
"""The presets whose first hand the Pyodide run plays too (the deal is the same for all)."""


@pytest.mark.parametrize(
    "preset",
    [
        pytest.param(name, marks=() if name in FIRST_HAND_IN_PYODIDE else pytest.mark.slow)
        for name in PRESETS
    ],
)
def test_the_first_hand_of_every_preset_is_dealt_played_and_checked(preset: str) -> None:
    table = Table(preset)
    table.play_hand(random.Random(1))
    host, guest = table.seats
    assert host.decks == guest.decks
    assert sorted(host.decks[0]) == list(range(DECK_SIZE))
    assert [a.text for a in host.actions] == [a.text for a in guest.actions]
    truth = true_match(host)
    for referee in table.seats:
        assert referee.world().scoresheet.to_json() == truth.scoresheet.to_json()


@pytest.mark.slow
def test_a_whole_match_is_played_to_its_end() -> None:
    table = Table("standard", seed=11, target=40)
    rng = random.Random(3)
    for _ in range(30):
        table.play_hand(rng)
        if table.views()[0]["view"]["phase"] == "match_over":
            break
        assert table.seats[0].prepare() and not table.seats[0].prepare()
        assert not table.seats[1].prepare()  # the guest has no first pass to make
        prepared = table.seats[0]._prepared
        table.move(1, "next")
        assert table.seats[0].stage is Stage.SHOWN  # waits for the host's own "next"
        table.move(0, "next")
        assert (
            prepared is not None and table.seats[0].channel.sent[0]["deck"] == prepared[1]["deck"]
        )
    host, guest = table.seats
    assert host.world().over and guest.world().over
    assert host.world().scoresheet.to_json() == true_match(guest).scoresheet.to_json()
    assert len(host.decks) == host.hand_number > 1


def test_a_page_never_holds_the_other_hand_or_the_stock_during_a_hand() -> None:
    """Mid-hand, each page's known cards are its own, and the public ones; no attribute
    reachable from it holds an engine hand, or a key of the other's for a hidden card."""
    table = Table("standard", seed=2)
    rng = random.Random(4)
    for _ in range(12):
        table.step(rng)
    snapshots = []
    for me in (0, 1):
        referee, other = table.seats[me], table.seats[1 - me]
        world = other.world()  # exact for the other's own hand
        hidden = world.hand.hands[1 - me] & ~world.hand.pile_taken[1 - me]
        snapshots.append((me, dict(referee.deal.known), hidden, len(world.hand.stock)))
        reachable = _reachable(referee)
        assert not [item for item in reachable if isinstance(item, Hand | Match)]
        mine = set(referee.deal.known)
        secret = {key for p, key in enumerate(other.deal._locks) if p not in mine}
        assert not secret & {item for item in reachable if isinstance(item, int)}
    table.play_hand(rng)
    deck = table.seats[0].decks[0]
    for me, known, hidden, stock in snapshots:
        assert not set(known.values()) & set(card_list(hidden)), f"seat {me} saw the other's"
        assert not set(known) & set(range(DECK_SIZE - stock, DECK_SIZE)), f"seat {me} saw stock"
        assert all(deck[p] == card for p, card in known.items())


def _reachable(root: object) -> list[object]:
    """Return every object reachable from ``root`` through attributes and containers."""
    seen: set[int] = set()
    out = []
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, type):
            continue
        seen.add(id(item))
        out.append(item)
        if isinstance(item, dict):
            stack += [*item.keys(), *item.values()]
        elif isinstance(item, list | tuple | set | frozenset):
            stack += list(item)
        elif hasattr(item, "__dict__"):
            stack += list(vars(item).values())
    return out


def _to_discard(table: Table, seat: int) -> None:
    """Play on until ``seat`` has drawn and must discard."""
    rng = random.Random(9)
    while True:
        view = table.seats[seat].view()["view"]
        if view["to_move"] == seat and view["phase"] == "discard":
            return
        mover = view["to_move"]
        legal = table.seats[mover].view()["view"]["legal"]
        draws = [a for a in legal if a in ("stock", "pass")] or [
            a for a in legal if a.startswith("discard")
        ]
        table.move(mover, rng.choice(draws))


def test_a_forged_card_ends_the_match() -> None:
    """The guest discards one card but sends it as another: the key opens to the true one."""
    table = Table(seed=3)
    _to_discard(table, 1)
    guest, host = table.seats[1], table.seats[0]
    card = next(c for c in card_list(guest.world().hand.hands[1]) if c != guest.world().hand.taken)
    messages = guest.play(f"discard {format_card(card)}")
    lie = next(c for c in range(DECK_SIZE) if c not in guest.deal.known.values())
    messages[0]["action"] = f"discard {format_card(lie)}"
    messages[0]["cards"] = {p: format_card(lie) for p in messages[0]["cards"]}
    with pytest.raises(
        ForgeryError, match=f"opens to {format_card(card)}, not to {format_card(lie)}"
    ):
        host.receive(messages[0])
    assert host.stage is Stage.ENDED and "a forged card" in (host.ended or "")
    with pytest.raises(ProtocolError, match="the match has ended"):
        host.play("stock")


def test_discarding_a_card_not_held_ends_the_match() -> None:
    """The guest discards a card of the host's hand (one it knows no key of)."""
    table = Table(seed=3)
    _to_discard(table, 1)
    guest, host = table.seats[1], table.seats[0]
    theirs = card_list(host.world().hand.hands[0])[0]
    message = guest.channel.stamp("move", {"action": f"discard {format_card(theirs)}"})
    with pytest.raises(IllegalActionError, match=f"seat 1 does not hold {format_card(theirs)}"):
        host.receive(message)
    assert host.stage is Stage.ENDED


def test_a_card_shown_without_its_key_ends_the_match() -> None:
    table = Table(seed=3)
    _to_discard(table, 1)
    guest, host = table.seats[1], table.seats[0]
    unseen = next(c for c in range(DECK_SIZE) if c not in host.deal.known.values())
    message = guest.channel.stamp("move", {"action": f"discard {format_card(unseen)}"})
    with pytest.raises(ProtocolError, match=f"shows {format_card(unseen)} without its key"):
        host.receive(message)


def test_a_knock_the_hidden_hand_does_not_allow_is_caught_at_the_reveal() -> None:
    """The guest knocks with deadwood over the limit: the host cannot see that during the
    hand, but the replay on the true deck after both reveal refuses it."""
    table = Table(seed=3)
    _to_discard(table, 1)
    guest, host = table.seats[1], table.seats[0]
    hand = guest.world().hand
    card = next(
        c
        for c in card_list(hand.hands[1])
        if hand.melder.deadwood(hand.hands[1] & ~(1 << c)) > hand.knock_limit
    )
    knock = guest.channel.stamp("move", {"action": f"knock {format_card(card)}"})
    knock.update(guest.deal.keys_for([guest_position(guest, card)], claim=True))
    reveal = guest.channel.stamp("reveal", guest.deal.reveal())
    answers = host.receive(knock)
    assert [m["type"] for m in answers] == ["reveal"]
    with pytest.raises(
        IllegalActionError, match=r"does not replay on its true deck.*over the knock"
    ):
        host.receive(reveal)
    assert host.stage is Stage.ENDED


def guest_position(referee: Referee, card: int) -> int:
    return next(p for p, c in referee.deal.known.items() if c == card)


def test_a_move_out_of_turn_ends_the_match() -> None:
    table = Table(seed=3)
    host = table.seats[0]
    mover = host.view()["view"]["to_move"]
    waiting = table.seats[1 - mover]
    message = waiting.channel.stamp("move", {"action": "pass"})
    with pytest.raises(IllegalActionError, match="came out of turn"):
        table.seats[mover].receive(message)


def test_a_replayed_message_ends_the_match() -> None:
    table = Table(seed=3)
    host = table.seats[0]
    mover = host.view()["view"]["to_move"]
    messages = table.seats[mover].play("pass")
    table.seats[1 - mover].receive(messages[0])
    with pytest.raises(ProtocolError, match="a replayed message"):
        table.seats[1 - mover].receive(messages[0])
    assert table.seats[1 - mover].stage is Stage.ENDED


def test_a_refused_move_of_ones_own_changes_nothing() -> None:
    table = Table(seed=3)
    host = table.seats[0]
    before = host.state_hash()
    waiting = 1 - host.view()["view"]["to_move"]
    with pytest.raises(IllegalActionError, match="the other player's turn"):
        table.seats[waiting].play("pass")
    with pytest.raises(ValueError, match="not a"):
        host.play("knock Qz")
    assert host.state_hash() == before and not table.queues[1]


def test_the_deal_gives_the_non_dealer_the_first_card() -> None:
    rules = find_rules("standard")
    assert dealt_positions(rules, dealer=0, seat=1)[:2] == [0, 2]
    assert dealt_positions(rules, dealer=0, seat=0)[:2] == [1, 3]
    assert len(dealt_positions(find_rules("french"), dealer=1, seat=0)) == 11


def test_a_dropped_connection_resumes_from_either_side() -> None:
    """Messages in flight are lost both ways; each page asks the other for what it lacks,
    and the hand plays on to its end, the two pages in step."""
    table = Table(seed=6)
    rng = random.Random(2)
    for _ in range(5):
        table.step(rng)
    while table.seats[0].view()["view"]["phase"] != "draw":
        table.step(rng)
    mover = table.seats[0].view()["view"]["to_move"]
    table.post(mover, table.seats[mover].play("stock"))
    lost = table.queues
    table.queues = [[], []]
    assert lost[1 - mover]  # the draw is lost on its way
    for seat in (0, 1):
        other = table.seats[1 - seat]
        table.post(1 - seat, other.receive_resume(table.seats[seat].resume_request()))
    table.deliver()
    assert table.seats[mover].stage is Stage.PLAYING
    table.play_hand(rng)
    assert table.seats[0].decks == table.seats[1].decks
    assert table.seats[0].state_hash() == table.seats[1].state_hash()


def test_pages_whose_states_differ_do_not_resume() -> None:
    table = Table(seed=6)
    host, guest = table.seats
    request = guest.resume_request()
    with pytest.raises(ProtocolError, match="did not receive what this page sent"):
        host.receive_resume({**request, "digest": "0" * 64})
    with pytest.raises(ProtocolError, match="at hand 'm1:7'"):
        host.receive_resume({**request, "hand": "m1:7"})
    assert host.stage is Stage.PLAYING


def test_a_match_saved_mid_hand_is_taken_up_again_and_finished() -> None:
    """Both pages are saved as JSON mid-hand and loaded (a reload each); the hand plays on
    to its end and the reveal checks out. The save holds no card of the other's."""
    table = Table(seed=8)
    rng = random.Random(6)
    for _ in range(7):
        table.step(rng)
    for seat in (0, 1):
        saved = json.loads(json.dumps(table.seats[seat].to_data()))
        other = table.seats[1 - seat].world().hand.hands[1 - seat]
        public = table.seats[1 - seat].world().hand.pile_taken[1 - seat]
        assert not {parse_card(c) for c in saved["deal"]["known"].values()} & set(
            card_list(other & ~public)
        )
        table.seats[seat] = Referee.from_data(saved)
        assert table.seats[seat].state_hash() == Referee.from_data(saved).state_hash()
    table.play_hand(rng)
    assert table.seats[0].decks == table.seats[1].decks


def test_a_broken_save_is_a_clear_error() -> None:
    table = Table(seed=8)
    saved = table.seats[0].to_data()
    with pytest.raises(ProtocolError, match="not the save of a friend's match"):
        Referee.from_data({**saved, "format": "x"})
    with pytest.raises(ProtocolError, match="broken"):
        Referee.from_data({key: value for key, value in saved.items() if key != "deal"})
    with pytest.raises(ProtocolError, match="not the save of a deal"):
        Referee.from_data({**saved, "deal": {**saved["deal"], "order": [0] * 52}})
    with pytest.raises(ProtocolError, match="does not replay"):
        Referee.from_data({**saved, "actions": ["knock As"], "hand_start": 1})


def test_a_move_that_opens_a_card_it_does_not_play_ends_the_match() -> None:
    """The guest's discard also opens another of its cards: the host refuses to learn it."""
    table = Table(seed=3)
    _to_discard(table, 1)
    guest, host = table.seats[1], table.seats[0]
    hand = guest.world().hand
    card, other = [c for c in card_list(hand.hands[1]) if c != hand.taken][:2]
    message = guest.channel.stamp("move", {"action": f"discard {format_card(card)}"})
    positions = [guest_position(guest, card), guest_position(guest, other)]
    message.update(guest.deal.keys_for(positions, claim=True))
    known = dict(host.deal.known)
    with pytest.raises(ProtocolError, match=f"opens {format_card(other)}, which it does not"):
        host.receive(message)
    assert host.deal.known == known


class TakingTable(Table):
    """Mahjong gin players who take several discards whenever they may, and lay melds."""

    def choose(self, seat: int, legal: list[str], rng: random.Random) -> str:
        takes = [a for a in legal if a.startswith("take") and a != "take 1"]
        lays = [a for a in legal if a.startswith(("meld", "add", "gin"))]
        return (
            takes[-1:] or lays[:1] or [a for a in legal if a == "stock"] or [rng.choice(legal)]
        )[0]


@pytest.mark.slow
def test_a_take_of_several_hangs_on_the_hidden_hand_and_is_checked_at_the_reveal() -> None:
    """Mahjong gin: whether the lowest card taken melds with the taker's hand is not for
    the other page to see; it takes the move, and the replay on the true deck checks it."""
    table = TakingTable("mahjong", seed=1)
    table.play_hand(random.Random(1))
    truth = true_match(table.seats[0])
    takers = {
        e.seat for e in truth.hand.events if e.action.startswith("take") and e.action != "take 1"
    }
    assert takers == {0, 1}
    assert table.seats[0].decks == table.seats[1].decks
