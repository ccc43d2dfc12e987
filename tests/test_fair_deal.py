"""The fair deal: the curve's arithmetic, the three passes, openings, the end's check, and
each kind of cheat caught (a forged key, a forged claim, a pass not done as agreed, a key
revealed that differs, a replayed or out-of-order message)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ginrummy.cards import DECK_SIZE, format_card
from ginrummy.fair_deal import (
    FIELD,
    ORDER,
    Channel,
    Deal,
    ForgeryError,
    ProtocolError,
    Role,
    Stage,
    bench_deal,
    card_point,
    decode_point,
    encode_key,
    encode_point,
    multiply,
    new_key,
    on_curve,
)

GENERATOR = (
    0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798,
    0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8,
)
"""secp256k1's standard base point (SEC 2), for known answers."""


def test_multiply_matches_known_answers() -> None:
    """2G and 3G of secp256k1 (SEC 2 test vectors), and (n - 1)G = -G."""
    assert multiply(GENERATOR, 2)[0] == (
        0xC6047F9441ED7D6D3045406E95C07CD85C778E4B8CEF3CA7ABAC09B95C709EE5
    )
    assert multiply(GENERATOR, 3)[0] == (
        0xF9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9
    )
    assert multiply(GENERATOR, ORDER - 1) == (GENERATOR[0], FIELD - GENERATOR[1])


@pytest.mark.parametrize("key", [1, 2, 3, 2**128, 2**128 - 1, ORDER - 2, ORDER - 1])
def test_keys_commute_and_invert(key: int) -> None:
    """Encrypting with two keys in either order gives one point; the inverse key opens it."""
    card = card_point("test", 5)
    other = new_key()
    both = multiply(multiply(card, key), other)
    assert both == multiply(multiply(card, other), key)
    assert multiply(both, pow(key * other, -1, ORDER)) == card
    assert on_curve(both)


def test_zero_is_not_a_key() -> None:
    with pytest.raises(ValueError, match="from 1 to ORDER - 1"):
        multiply(GENERATOR, ORDER)


def test_points_round_trip_and_bad_ones_are_refused() -> None:
    point = multiply(GENERATOR, new_key())
    assert decode_point(encode_point(point)) == point
    x_not_on_curve = next(x for x in range(1, 100) if not _has_point(x))
    for bad in ["", "04" + "0" * 64, "02" + "g" * 64, f"02{x_not_on_curve:064x}", 7]:
        with pytest.raises(ProtocolError, match="is not a point"):
            decode_point(bad)


def _has_point(x: int) -> bool:
    """Return whether some point of the curve has abscissa ``x``."""
    rhs = (x**3 + 7) % FIELD
    return pow(rhs, (FIELD - 1) // 2, FIELD) == 1


def test_card_points_are_distinct_and_differ_by_hand() -> None:
    points = {card_point("m:1", card) for card in range(DECK_SIZE)}
    assert len(points) == DECK_SIZE
    assert card_point("m:2", 0) not in points


# --- a whole deal between two pages, message by message -----------------------------------


Forge = Callable[[Deal, dict[str, Any]], None]
"""A change a cheating page makes to its pass before sending it."""


class Pages:
    """FIRST and SECOND dealing hand ``hand_id`` to each other through stamped messages."""

    def __init__(self, forge_first: Forge | None = None, forge_second: Forge | None = None) -> None:
        """Deal hand "m:1"; ``forge_first`` and ``forge_second`` may change a page's pass
        (the deal and the body it sends) before it goes."""
        hand_id = "m:1"
        self.first = Deal(hand_id, Role.FIRST)
        self.second = Deal(hand_id, Role.SECOND)
        self.first_channel, self.second_channel = Channel(hand_id), Channel(hand_id)
        body1 = self.first.begin()
        if forge_first:
            forge_first(self.first, body1)
        pass1 = self.first_channel.stamp("shuffle", body1)
        body2 = self.second.receive_pass("shuffle", self.second_channel.accept(pass1))
        assert body2 is not None
        if forge_second:
            forge_second(self.second, body2)
        message2 = self.second_channel.stamp("shuffle", body2)
        pass3 = self.first.receive_pass("shuffle", self.first_channel.accept(message2))
        assert pass3 is not None
        message3 = self.first_channel.stamp("lock", pass3)
        assert self.second.receive_pass("lock", self.second_channel.accept(message3)) is None

    def open_to_first(self, positions: list[int]) -> dict[int, int]:
        return self.first.open(self.second.keys_for(positions), positions)

    def open_to_second(self, positions: list[int]) -> dict[int, int]:
        return self.second.open(self.first.keys_for(positions), positions)


def test_a_deal_opens_each_card_to_whom_it_is_dealt_and_checks_out() -> None:
    pages = Pages()
    assert pages.first.stage is pages.second.stage is Stage.READY
    firsts = pages.open_to_first(list(range(0, 20, 2)))
    seconds = pages.open_to_second(list(range(1, 20, 2)))
    assert len(set(firsts.values()) | set(seconds.values())) == 20
    assert set(pages.first.known) == set(range(0, 20, 2))
    assert set(pages.second.known) == set(range(1, 20, 2))
    # A card of the first's goes public: it sends its key and names the card.
    discard = pages.second.open(pages.first.keys_for([0], claim=True), [0])
    assert discard == {0: firsts[0]}
    first_deck = pages.first.receive_reveal(pages.second.reveal())
    second_deck = pages.second.receive_reveal(pages.first.reveal())
    assert first_deck == second_deck
    assert sorted(first_deck) == list(range(DECK_SIZE))
    assert all(first_deck[position] == card for position, card in firsts.items())
    assert all(first_deck[position] == card for position, card in seconds.items())
    assert pages.first.stage is Stage.REVEALED


def test_two_deals_deal_differently() -> None:
    decks = []
    for _ in range(2):
        pages = Pages()
        decks.append(pages.first.receive_reveal(pages.second.reveal()))
    assert decks[0] != decks[1]


def test_neither_page_holds_the_others_keys_for_cards_it_may_not_see() -> None:
    """Every attribute of each side, inspected: the other's keys appear only for positions
    opened to it, and ``known`` holds only those positions."""
    pages = Pages()
    pages.open_to_first([0, 2, 4])
    pages.open_to_second([1, 3])
    for me, other, mine in (
        (pages.first, pages.second, {0, 2, 4}),
        (pages.second, pages.first, {1, 3}),
    ):
        assert set(me.known) == mine
        reachable = _reachable_ints(me)
        secret_keys = [key for position, key in enumerate(other._locks) if position not in mine]
        if other.role is Role.FIRST:
            secret_keys.append(other._key)
        assert not reachable & set(secret_keys)
        assert not reachable & {
            other._locks[position] * me._locks[position] for position in range(52)
        }


def _reachable_ints(root: object) -> set[int]:
    """Return every int reachable from ``root`` through attributes and containers."""
    seen: set[int] = set()
    found: set[int] = set()
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, bool):
            continue
        if isinstance(item, int):
            found.add(item)
        elif isinstance(item, dict):
            stack += list(item.keys()) + list(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack += list(item)
        elif hasattr(item, "__dict__"):
            stack += list(vars(item).values())
    return found


def test_a_key_that_opens_to_no_card_is_a_forgery() -> None:
    pages = Pages()
    body = {"keys": {"5": encode_key(new_key())}}
    with pytest.raises(ForgeryError, match="position 5 opens to no card"):
        pages.first.open(body, [5])
    assert 5 not in pages.first.known


def test_a_claimed_card_that_the_key_does_not_open_to_is_a_forgery() -> None:
    pages = Pages()
    card = pages.open_to_first([7])[7]
    body = pages.first.keys_for([7], claim=True)
    lie = format_card((card + 1) % DECK_SIZE)
    body["cards"]["7"] = lie
    with pytest.raises(ForgeryError, match=f"opens to {format_card(card)}, not to {lie}"):
        pages.second.open(body, [7])
    assert 7 not in pages.second.known


def test_a_position_not_allowed_now_is_refused() -> None:
    pages = Pages()
    with pytest.raises(ProtocolError, match="position 30 may not be opened now"):
        pages.first.open(pages.second.keys_for([30]), [21])
    assert not pages.first.known


def test_a_second_pass_that_is_no_shuffle_of_the_first_is_caught_at_the_end() -> None:
    """SECOND puts a card of its choice in place of one of the first pass: its lock still
    opens (to that card), but the end's check finds the pass is not a shuffle."""

    def forge(deal: Deal, body: dict[str, Any]) -> None:
        body["deck"][0] = encode_point(multiply(card_point("m:1", 0), deal._locks[0]))
        deal._passes[1][0] = decode_point(body["deck"][0])

    pages = Pages(forge_second=forge)
    with pytest.raises(ForgeryError, match="position 0 is not a card of the first pass"):
        pages.first.receive_reveal(pages.second.reveal())


def test_a_lock_not_done_as_agreed_is_caught_at_the_end() -> None:
    """FIRST locks position 3 with a key other than the one it reveals."""
    pages = Pages()
    reveal = pages.first.reveal()
    reveal["locks"][3] = encode_key(new_key())
    with pytest.raises(ForgeryError, match="lock of position 3 is not the one agreed"):
        pages.second.receive_reveal(reveal)


def test_a_first_pass_that_is_not_the_deck_is_caught_at_the_end() -> None:
    """FIRST puts a point of no card (here, another hand's) in its first pass."""

    def forge(deal: Deal, body: dict[str, Any]) -> None:
        body["deck"][9] = encode_point(multiply(card_point("other hand", 9), deal._key))
        deal._passes[0][9] = decode_point(body["deck"][9])

    pages = Pages(forge_first=forge)
    with pytest.raises(ForgeryError, match="first shuffle's place 9 is not a card"):
        pages.second.receive_reveal(pages.first.reveal())


def test_a_revealed_key_that_differs_from_the_one_sent_is_caught() -> None:
    pages = Pages()
    pages.open_to_first([4])
    reveal = pages.second.reveal()
    reveal["locks"][4] = encode_key(new_key())
    with pytest.raises(ForgeryError, match="key revealed for position 4 is not the one sent"):
        pages.first.receive_reveal(reveal)


def test_a_deck_with_a_point_twice_is_refused() -> None:
    first, second = Deal("m:1", Role.FIRST), Deal("m:1", Role.SECOND)
    pass1 = first.begin()
    pass1["deck"][1] = pass1["deck"][0]
    with pytest.raises(ForgeryError, match="holds a point twice"):
        second.receive_pass("shuffle", pass1)


def test_a_pass_out_of_turn_is_refused() -> None:
    first = Deal("m:1", Role.FIRST)
    with pytest.raises(ProtocolError, match="'lock' pass is not due now"):
        first.receive_pass("lock", first.begin())
    with pytest.raises(ProtocolError, match="not shuffled and locked yet"):
        first.keys_for([0])


# --- the channel -------------------------------------------------------------------------


def test_a_replayed_message_is_refused_and_not_counted() -> None:
    sender, receiver = Channel("m:3"), Channel("m:3")
    first = sender.stamp("move", {"action": "stock"})
    receiver.accept(first)
    with pytest.raises(ProtocolError, match="received already: a replayed message"):
        receiver.accept(first)
    assert receiver.received == 1


def test_a_message_out_of_order_or_of_another_hand_is_refused() -> None:
    sender, receiver = Channel("m:3"), Channel("m:3")
    sender.stamp("move", {"action": "stock"})
    second = sender.stamp("move", {"action": "discard Qs"})
    with pytest.raises(ProtocolError, match="came before message 0: out of order"):
        receiver.accept(second)
    with pytest.raises(ProtocolError, match="a message of hand 'm:2' came in hand 'm:3'"):
        receiver.accept({**sender.sent[0], "hand": "m:2"})
    for bad in [None, [], {"seq": 0}, {"type": "move", "hand": "m:3"}]:
        with pytest.raises(ProtocolError):
            receiver.accept(bad)
    assert receiver.received == 0


def test_digests_agree_on_what_was_received() -> None:
    sender, receiver = Channel("m:3"), Channel("m:3")
    for action in ("stock", "discard Qs"):
        receiver.accept(sender.stamp("move", {"action": action}))
    sender.stamp("move", {"action": "upcard"})
    assert sender.sent_digest(2) == receiver.received_digest
    assert sender.sent_digest(3) != receiver.received_digest


def test_bench_deal_reports_each_stage() -> None:
    figures = bench_deal(rounds=1)
    assert {"pass1", "pass2", "pass3", "shuffle_and_deal", "check_as_second"} <= set(figures)
    assert all(value > 0 for value in figures.values())
