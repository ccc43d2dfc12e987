"""Fair dealing without a dealer: both players shuffle and lock the deck (mental poker).

Two players who trust nothing but their own page deal a hand so that neither chooses the
deal, neither page ever holds the other's hidden cards or the order of the stock, and at
the hand's end each checks that the whole hand was dealt as agreed.

The cipher is commutative: a card is a point ``C`` of the elliptic curve secp256k1 (a group
of prime order ``ORDER``), and a key ``k`` (a number from 1 to ``ORDER - 1``) encrypts it as
``k * C``. Keys commute (``a * (b * C) == b * (a * C)``) and every key has an inverse, so a
card locked by both players opens with both keys, in any order. The 52 card points are
hashed from the hand's id, so no one knows a relation between them (a card's point gives
away nothing of another's, even across hands), and in a group of prime order every point
but zero is a possible card: no bit of a card survives its encryption, as a quadratic
residue does modulo a prime.

The deal, in three passes (``FIRST`` is the page that shuffles first, ``SECOND`` the other):

1. ``FIRST`` encrypts the 52 cards with one key ``a``, shuffles them and sends them
   (message ``shuffle``).
2. ``SECOND`` shuffles those and encrypts each with a key of its own for each position,
   ``b[j]``, and sends them back (``shuffle``). It cannot tell the cards apart: they are
   locked by ``a``.
3. ``FIRST`` takes its key ``a`` off each card and locks each position with a key of its
   own, ``a[j]`` (``lock``). It cannot tell the cards apart either: they are locked by the
   ``b[j]``. The deck is now ``a[j] * b[j] * C`` at position ``j``, and its order is the
   two shuffles together: neither page knows it or could choose it.

A card at position ``j`` opens for a player when the other sends its key for ``j``: a
drawn card to its drawer alone; a discard, a meld or the upcard to both (the player who
holds it sends its key with the card it claims, and the other checks that the key opens
to that card). A key that opens to no card, or to a card other than the one claimed, is a
``ForgeryError`` at once. At the hand's end both send all their keys (``reveal``), and each
checks the other's passes by doing them again with the revealed keys: ``FIRST``'s first
pass must be the 52 cards, ``SECOND``'s pass must be a shuffle of it, ``FIRST``'s lock
must be its pass with ``a`` taken off and the ``a[j]`` put on, and every key revealed
must be the one that opened a card during the hand. Then each page knows the whole deck
and can replay the hand with the rules (see ``referee``).

Every message is a JSON-ready dict stamped by a ``Channel`` with the hand's id and a
sequence number, so a message of another hand, one received twice (a replay) or one out
of order is a ``ProtocolError``.

The curve arithmetic is pure Python (Jacobian coordinates, the key split in two halves by
the curve's endomorphism, width-5 non-adjacent forms over a table of affine points): about
1 ms a multiplication on CPython here; ``bench_deal`` measures
a hand's shuffle and deal.
"""

from __future__ import annotations

import enum
import hashlib
import json
import secrets
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .cards import DECK_SIZE, format_card, parse_card

# --- the group: secp256k1 ---------------------------------------------------------------

FIELD = 2**256 - 2**32 - 977
"""The prime of the curve's field (secp256k1: y^2 = x^3 + 7)."""
ORDER = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
"""The number of points of the curve, a prime: keys are numbers from 1 to ORDER - 1."""
CURVE_B = 7
"""The curve's constant term."""
DOMAIN = b"ginrummy fair deal v1"
"""Prefixed to every hash, so that the card points are this protocol's alone."""

Point = tuple[int, int]
"""A point of the curve other than zero, in affine coordinates (x, y)."""
_Jacobian = tuple[int, int, int]
_INFINITY: _Jacobian = (1, 1, 0)
_WINDOW = 5
"""The width of the keys' non-adjacent form: a table of 8 odd multiples a point."""
LAMBDA = 0x5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72
"""A cube root of 1 modulo ``ORDER``: ``LAMBDA * (x, y) == (BETA * x, y)`` on this curve."""
BETA = 0x7AE96A2B657C07106E64479EAC3434E99CF0497512F58995C1396C28719501EE
"""A cube root of 1 modulo ``FIELD``, the endomorphism's factor on x."""
_A1 = 0x3086D221A7D46BCDE86C90E49284EB15
_B1 = -0xE4437ED6010E88286F547FA90ABFE4C3
_A2 = 0x114CA50F7A8E2F3F657C1108D9D44CFD8
_B2 = _A1


class FairDealError(ValueError):
    """The other page sent something the fair deal refuses (the base of the two below)."""


class ProtocolError(FairDealError):
    """A message that is malformed, of another hand, received twice or out of order."""


class ForgeryError(FairDealError):
    """A key that does not open to the card claimed, or a pass that was not done as
    agreed: the other page cheated (or is broken)."""


def _double(point: _Jacobian) -> _Jacobian:
    """Return ``2 * point`` (Jacobian coordinates, a = 0: dbl-2009-l)."""
    x, y, z = point
    if not z or not y:
        return _INFINITY
    p = FIELD
    a = x * x % p
    b = y * y % p
    c = b * b % p
    d = 2 * ((x + b) * (x + b) - a - c) % p
    e = 3 * a % p
    x3 = (e * e - 2 * d) % p
    return x3, (e * (d - x3) - 8 * c) % p, 2 * y * z % p


def _add_affine(point: _Jacobian, other: Point) -> _Jacobian:
    """Return ``point + other`` with ``other`` affine (madd-2007-bl)."""
    x1, y1, z1 = point
    x2, y2 = other
    if not z1:
        return x2, y2, 1
    p = FIELD
    z1z1 = z1 * z1 % p
    u2 = x2 * z1z1 % p
    s2 = y2 * z1 * z1z1 % p
    h = (u2 - x1) % p
    r = 2 * (s2 - y1) % p
    if not h:
        return _double(point) if not r else _INFINITY
    hh = h * h % p
    i = 4 * hh % p
    j = h * i % p
    v = x1 * i % p
    x3 = (r * r - j - 2 * v) % p
    y3 = (r * (v - x3) - 2 * y1 * j) % p
    z3 = ((z1 + h) * (z1 + h) - z1z1 - hh) % p
    return x3, y3, z3


def _to_affine(points: list[_Jacobian]) -> list[Point]:
    """Return ``points`` (none of them zero) in affine coordinates, with one inversion."""
    p = FIELD
    products = []
    running = 1
    for _, _, z in points:
        running = running * z % p
        products.append(running)
    inverse = pow(running, -1, p)
    out: list[Point] = [(0, 0)] * len(points)
    for index in range(len(points) - 1, -1, -1):
        x, y, z = points[index]
        z_inverse = inverse * (products[index - 1] if index else 1) % p
        inverse = inverse * z % p
        zz = z_inverse * z_inverse % p
        out[index] = (x * zz % p, y * zz * z_inverse % p)
    return out


def _split(key: int) -> tuple[int, int]:
    """Return ``(k1, k2)`` of about 128 bits each with ``k1 + k2 * LAMBDA == key`` modulo
    ``ORDER`` (the GLV decomposition, with the lattice basis of libsecp256k1)."""
    c1 = (_B2 * key + ORDER // 2) // ORDER
    c2 = (-_B1 * key + ORDER // 2) // ORDER
    return key - c1 * _A1 - c2 * _A2, -c1 * _B1 - c2 * _B2


def _naf(key: int) -> list[int]:
    """Return the width-``_WINDOW`` non-adjacent form of ``key`` >= 0, lowest digit first:
    digits 0 or odd, from -(2^(w-1) - 1) to 2^(w-1) - 1, at most one in ``_WINDOW`` not 0."""
    digits = []
    full = 1 << _WINDOW
    half = full >> 1
    while key:
        digit = 0
        if key & 1:
            digit = key & (full - 1)
            if digit >= half:
                digit -= full
            key -= digit
        digits.append(digit)
        key >>= 1
    return digits


def multiply(point: Point, key: int) -> Point:
    """Return ``key * point``: ``point`` encrypted (or decrypted, with an inverse key).

    ``key`` is taken modulo ``ORDER`` and must not be 0 there (it would give zero). The
    key is split in two halves of 128 bits (``_split``), the second multiplying
    ``LAMBDA * point``, which costs one field multiplication (``BETA * x``): half the
    doublings of a plain double-and-add.
    """
    key %= ORDER
    if not key:
        raise ValueError("a key is a number from 1 to ORDER - 1")
    p = FIELD
    twice = _to_affine([_double((point[0], point[1], 1))])[0]
    odd: list[_Jacobian] = [(point[0], point[1], 1)]
    for _ in range((1 << (_WINDOW - 2)) - 1):
        odd.append(_add_affine(odd[-1], twice))
    multiples = _to_affine(odd)  # point, 3 * point, ... (2^(w-1) - 1) * point
    plans = []
    for half, beta in zip(_split(key), (1, BETA), strict=True):
        table = [(beta * x % p, y if half >= 0 else p - y) for x, y in multiples]
        plans.append((_naf(abs(half)), table, [(x, p - y) for x, y in table]))
    result = _INFINITY
    for index in range(max(len(plans[0][0]), len(plans[1][0])) - 1, -1, -1):
        result = _double(result)
        for digits, table, negated in plans:
            digit = digits[index] if index < len(digits) else 0
            if digit > 0:
                result = _add_affine(result, table[digit >> 1])
            elif digit < 0:
                result = _add_affine(result, negated[-digit >> 1])
    return _to_affine([result])[0]


def on_curve(point: Point) -> bool:
    """Return whether ``point`` is a point of the curve (every such point is a card's
    possible encryption: the group has prime order)."""
    x, y = point
    return 0 <= x < FIELD and 0 <= y < FIELD and (y * y - x * x * x - CURVE_B) % FIELD == 0


def _lift(x: int) -> Point | None:
    """Return the point with abscissa ``x`` and an even ordinate, or None if there is none."""
    rhs = (x * x * x + CURVE_B) % FIELD
    y = pow(rhs, (FIELD + 1) // 4, FIELD)
    if y * y % FIELD != rhs:
        return None
    return (x, y if y % 2 == 0 else FIELD - y)


def encode_point(point: Point) -> str:
    """Return ``point`` as 66 hexadecimal digits (SEC 1 compressed: 02 or 03, then x)."""
    x, y = point
    return f"{2 + (y & 1):02x}{x:064x}"


def decode_point(text: object) -> Point:
    """Return the point that ``encode_point`` wrote as ``text``.

    :raises ProtocolError: when ``text`` is not a point of the curve so written.
    """
    if not isinstance(text, str) or len(text) != 66 or text[:2] not in ("02", "03"):
        raise ProtocolError(f"{text!r} is not a point (66 hexadecimal digits, 02 or 03 first)")
    try:
        x = int(text[2:], 16)
    except ValueError:
        raise ProtocolError(f"{text!r} is not a point (66 hexadecimal digits)") from None
    point = _lift(x) if x < FIELD else None
    if point is None:
        raise ProtocolError(f"{text!r} is not a point of the curve")
    return point if (point[1] & 1) == int(text[:2], 16) - 2 else (x, FIELD - point[1])


def encode_key(key: int) -> str:
    """Return ``key`` as 64 hexadecimal digits."""
    return f"{key:064x}"


def decode_key(text: object) -> int:
    """Return the key ``encode_key`` wrote as ``text``.

    :raises ProtocolError: when ``text`` is not 64 hexadecimal digits of a key.
    """
    if not isinstance(text, str) or len(text) != 64:
        raise ProtocolError(f"{text!r} is not a key (64 hexadecimal digits)")
    try:
        key = int(text, 16)
    except ValueError:
        raise ProtocolError(f"{text!r} is not a key (64 hexadecimal digits)") from None
    if not 0 < key < ORDER:
        raise ProtocolError(f"{text!r} is not a key: it must be from 1 to ORDER - 1")
    return key


def card_point(hand_id: str, card: int) -> Point:
    """Return the point that stands for ``card`` in hand ``hand_id``: hashed onto the
    curve (try and increment), so that no relation between two cards' points is known."""
    counter = 0
    while True:
        digest = hashlib.sha256(b"%s|%s|%d|%d" % (DOMAIN, hand_id.encode(), card, counter))
        point = _lift(int.from_bytes(digest.digest()) % FIELD)
        if point is not None:
            return point
        counter += 1


def new_key() -> int:
    """Return a new random key from the system's randomness (``secrets``)."""
    return secrets.randbelow(ORDER - 1) + 1


def new_order(size: int) -> list[int]:
    """Return the numbers 0 to ``size - 1`` in a random order from the system's randomness."""
    order = list(range(size))
    secrets.SystemRandom().shuffle(order)
    return order


# --- messages ---------------------------------------------------------------------------


def canonical(data: Any) -> bytes:
    """Return ``data`` as one JSON text: keys sorted, no spaces (what digests are made of)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode()


class Channel:
    """The numbered messages of one hand, both ways: stamps what is sent, checks what
    arrives, and keeps what was sent (to send again after a dropped connection)."""

    def __init__(self, hand_id: str) -> None:
        """Open the channel of hand ``hand_id``, with nothing sent or received."""
        self.hand_id = hand_id
        self.sent: list[dict[str, Any]] = []
        """Every message sent, in order: message ``n`` has ``seq`` n."""
        self.received = 0
        """How many messages have been received (the next one must have this ``seq``)."""
        self.received_digest = hashlib.sha256(hand_id.encode()).hexdigest()
        """A running SHA-256 of every message received, in order."""

    def to_data(self) -> dict[str, Any]:
        """Return the channel as JSON-ready data (to finish the match later)."""
        return {
            "hand": self.hand_id,
            "sent": self.sent,
            "received": self.received,
            "digest": self.received_digest,
        }

    @classmethod
    def from_data(cls, data: object) -> Channel:
        """Return the channel ``to_data`` saved as ``data``.

        :raises ProtocolError: when ``data`` is not such a save.
        """
        data = _saved_object(data, "a channel")
        hand, sent, received = data.get("hand"), data.get("sent"), data.get("received")
        _saved(isinstance(hand, str) and isinstance(sent, list), "a channel")
        assert isinstance(hand, str) and isinstance(sent, list)
        channel = cls(hand)
        in_order = all(
            isinstance(m, dict) and m.get("hand") == hand and m.get("seq") == n
            for n, m in enumerate(sent)
        )
        _saved(in_order and isinstance(received, int) and received >= 0, "a channel")
        _saved(isinstance(data.get("digest"), str), "a channel")
        assert isinstance(received, int)
        channel.sent = list(sent)
        channel.received = received
        channel.received_digest = data["digest"]
        return channel

    def stamp(self, kind: str, body: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Return a new message of ``kind`` with ``body``, stamped with the hand's id and
        the next sequence number, and keep it."""
        message = {"hand": self.hand_id, "seq": len(self.sent), "type": kind, **(body or {})}
        self.sent.append(message)
        return message

    def accept(self, message: object) -> dict[str, Any]:
        """Check that ``message`` is the next message of this hand and count it in.

        :raises ProtocolError: when it is not a message, is of another hand, was received
            already (a replay) or skips one (out of order); nothing is counted then.
        """
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise ProtocolError("a message is a JSON object with a 'type'")
        hand, seq = message.get("hand"), message.get("seq")
        if hand != self.hand_id:
            raise ProtocolError(f"a message of hand {hand!r} came in hand {self.hand_id!r}")
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise ProtocolError(f"message {message['type']!r} has no sequence number")
        if seq < self.received:
            raise ProtocolError(
                f"message {seq} of hand {hand!r} ({message['type']!r}) was received already: "
                "a replayed message"
            )
        if seq > self.received:
            raise ProtocolError(
                f"message {seq} of hand {hand!r} ({message['type']!r}) came before message "
                f"{self.received}: out of order"
            )
        self.received += 1
        self.received_digest = hashlib.sha256(
            self.received_digest.encode() + canonical(message)
        ).hexdigest()
        return message

    def sent_digest(self, count: int) -> str:
        """Return the running digest the other page holds after receiving our first
        ``count`` messages (compare with its ``received_digest`` to resume)."""
        digest = hashlib.sha256(self.hand_id.encode()).hexdigest()
        for message in self.sent[:count]:
            digest = hashlib.sha256(digest.encode() + canonical(message)).hexdigest()
        return digest


# --- the deal ---------------------------------------------------------------------------


def _saved(condition: bool, what: str) -> None:
    """Raise ``ProtocolError`` unless ``condition``: the save of ``what`` is broken."""
    if not condition:
        raise ProtocolError(f"this is not the save of {what}")


def _saved_object(data: object, what: str) -> dict[str, Any]:
    """Return ``data`` when it is a JSON object, else raise ``ProtocolError``."""
    if not isinstance(data, dict):
        raise ProtocolError(f"this is not the save of {what}")
    return data


class Role(enum.IntEnum):
    """Which pass of the shuffle a page makes."""

    FIRST = 0
    """Encrypts and shuffles first (one key), then locks each position."""
    SECOND = 1
    """Shuffles the first pass and locks each position."""


class Stage(enum.StrEnum):
    """Where a deal is."""

    SHUFFLING = "shuffling"
    """The three passes are under way."""
    READY = "ready"
    """The deck is shuffled and locked: cards can be opened."""
    REVEALED = "revealed"
    """Both pages revealed their keys and the deal checked out: the deck is known."""


def _points(body: Mapping[str, Any], field: str) -> list[Point]:
    """Return the 52 points of ``body[field]``.

    :raises ProtocolError: when it is not a list of 52 points, or one repeats.
    """
    texts = body.get(field)
    if not isinstance(texts, list) or len(texts) != DECK_SIZE:
        raise ProtocolError(f"{field!r} must be a list of {DECK_SIZE} points")
    points = [decode_point(text) for text in texts]
    if len(set(points)) != DECK_SIZE:
        raise ForgeryError(f"the deck in {field!r} holds a point twice")
    return points


def _keys(body: Mapping[str, Any]) -> dict[int, int]:
    """Return the keys of ``body["keys"]`` by position.

    :raises ProtocolError: when they are not an object of positions to keys.
    """
    keys = body.get("keys")
    if not isinstance(keys, dict):
        raise ProtocolError("'keys' must be an object of deck positions to keys")
    out = {}
    for name, text in keys.items():
        if not (isinstance(name, str) and name.isdigit() and int(name) < DECK_SIZE):
            raise ProtocolError(f"{name!r} is not a deck position (0 to {DECK_SIZE - 1})")
        out[int(name)] = decode_key(text)
    return out


class Deal:
    """One page's side of one hand's deal: its keys and shuffle, the three passes, and
    the cards opened to it. It never holds the other page's key for a card it may not see.

    Positions are the deck's order, top card first (position 0 is dealt first); ``known``
    maps the positions opened to this page to their cards.
    """

    def __init__(
        self,
        hand_id: str,
        role: Role,
        *,
        key_source: Callable[[], int] = new_key,
        order_source: Callable[[int], list[int]] = new_order,
    ) -> None:
        """Start the deal of hand ``hand_id`` as ``role``: make the keys and the shuffle.

        ``key_source`` and ``order_source`` are the randomness (the system's by default).
        """
        self.hand_id = hand_id
        self.role = role
        self.stage = Stage.SHUFFLING
        self._cards = [card_point(hand_id, card) for card in range(DECK_SIZE)]
        self._card_of = {point: card for card, point in enumerate(self._cards)}
        self._key = key_source() if role is Role.FIRST else 0
        """FIRST's key for its first pass (SECOND has none)."""
        self._locks = [key_source() for _ in range(DECK_SIZE)]
        """This page's key for each position."""
        self._order = order_source(DECK_SIZE)
        """FIRST: the card at each place of its first pass. SECOND: the place of the first
        pass that each position of its pass came from."""
        self._passes: list[list[Point]] = []
        """The three passes as they were sent, in order."""
        self._their_locks: dict[int, int] = {}
        """The other page's keys of the positions it opened to this page."""
        self.known: dict[int, int] = {}
        """The card at each position opened to this page."""

    def to_data(self) -> dict[str, Any]:
        """Return the deal as JSON-ready data, to finish the match later: this page's own
        keys and shuffle, the passes, and the other's keys of the cards opened to it (the
        page's own save; never send it)."""
        return {
            "hand": self.hand_id,
            "role": int(self.role),
            "stage": self.stage.value,
            "key": encode_key(self._key) if self.role is Role.FIRST else None,
            "locks": [encode_key(lock) for lock in self._locks],
            "order": self._order,
            "passes": [[encode_point(point) for point in deck] for deck in self._passes],
            "their_locks": {str(p): encode_key(key) for p, key in self._their_locks.items()},
            "known": {str(p): format_card(card) for p, card in self.known.items()},
        }

    @classmethod
    def from_data(cls, data: object) -> Deal:
        """Return the deal ``to_data`` saved as ``data``.

        :raises ProtocolError: when ``data`` is not such a save.
        """
        data = _saved_object(data, "a deal")
        hand, role, order = data.get("hand"), data.get("role"), data.get("order")
        locks, passes = data.get("locks"), data.get("passes")
        _saved(isinstance(hand, str) and role in (0, 1), "a deal")
        _saved(
            isinstance(order, list)
            and all(isinstance(place, int) for place in order)
            and sorted(order) == list(range(DECK_SIZE)),
            "a deal",
        )
        _saved(isinstance(locks, list) and len(locks) == DECK_SIZE, "a deal")
        _saved(isinstance(passes, list) and len(passes) <= 3, "a deal")
        _saved(data.get("stage") in {stage.value for stage in Stage}, "a deal")
        assert isinstance(hand, str) and isinstance(role, int) and isinstance(order, list)
        assert isinstance(locks, list) and isinstance(passes, list)
        keys = [decode_key(text) for text in locks]
        if role == Role.FIRST:
            keys.insert(0, decode_key(data.get("key")))
        supply = iter(keys)
        deal = cls(
            hand,
            Role(role),
            key_source=lambda: next(supply),
            order_source=lambda size: list(order),
        )
        deal._passes = [_points({"deck": deck}, "deck") for deck in passes]
        deal.stage = Stage(data["stage"])
        _saved((deal.stage is Stage.SHUFFLING) == (len(deal._passes) < 3), "a deal")
        their, known = data.get("their_locks"), data.get("known")
        _saved(isinstance(their, dict) and isinstance(known, dict), "a deal")
        assert isinstance(their, dict) and isinstance(known, dict)
        deal._their_locks = _keys({"keys": their})
        try:
            deal.known = {int(p): parse_card(card) for p, card in known.items()}
        except (ValueError, TypeError):
            _saved(False, "a deal")
        return deal

    @property
    def deck(self) -> list[Point]:
        """Return the shuffled and locked deck (the third pass)."""
        if len(self._passes) < 3:
            raise ProtocolError("the deck is not shuffled and locked yet")
        return self._passes[2]

    def begin(self) -> dict[str, Any]:
        """Return the first pass, as FIRST: the body of a ``shuffle`` message."""
        if self.role is not Role.FIRST or self._passes:
            raise ProtocolError("only FIRST begins a deal, once")
        first = [multiply(self._cards[card], self._key) for card in self._order]
        self._passes.append(first)
        return {"deck": [encode_point(point) for point in first]}

    def receive_pass(self, kind: str, body: Mapping[str, Any]) -> dict[str, Any] | None:
        """Take the other page's pass (a ``shuffle`` or ``lock`` message's body) and return
        the body of this page's next pass (None after the last).

        :raises ProtocolError: when the pass is malformed or not the one due now.
        :raises ForgeryError: when the deck holds a point twice.
        """
        due = ("shuffle", "lock")[len(self._passes) // 2] if len(self._passes) < 3 else None
        mine = len(self._passes) % 2 == (0 if self.role is Role.FIRST else 1)
        if due != kind or mine:
            raise ProtocolError(f"a {kind!r} pass is not due now")
        deck = _points(body, "deck")
        self._passes.append(deck)
        if self.role is Role.SECOND and len(self._passes) == 1:
            second = [
                multiply(deck[place], lock)
                for place, lock in zip(self._order, self._locks, strict=True)
            ]
            self._passes.append(second)
            return {"deck": [encode_point(point) for point in second]}
        if self.role is Role.FIRST:
            unkey = pow(self._key, -1, ORDER)
            third = [
                multiply(point, unkey * lock % ORDER)
                for point, lock in zip(deck, self._locks, strict=True)
            ]
            self._passes.append(third)
            self.stage = Stage.READY
            return {"deck": [encode_point(point) for point in third]}
        self.stage = Stage.READY
        return None

    def keys_for(self, positions: Iterable[int], claim: bool = False) -> dict[str, Any]:
        """Return the body that opens ``positions`` to the other page: this page's keys
        for them, and with ``claim`` the cards it says they are (it must know them)."""
        self._check_ready()
        positions = sorted(positions)
        body: dict[str, Any] = {
            "keys": {str(position): encode_key(self._locks[position]) for position in positions}
        }
        if claim:
            body["cards"] = {
                str(position): format_card(self.known[position]) for position in positions
            }
        return body

    def open(self, body: Mapping[str, Any], allowed: Iterable[int]) -> dict[int, int]:
        """Open the positions whose keys ``body`` carries (the other page's ``keys_for``)
        and return their cards; ``allowed`` are the positions it may open now.

        :raises ProtocolError: when the keys are malformed, or open a position not allowed.
        :raises ForgeryError: when a key opens to no card, to a card other than the one
            claimed, or to a card already seen elsewhere; nothing is learnt then.
        """
        self._check_ready()
        keys = _keys(body)
        claims = body.get("cards", {})
        if not isinstance(claims, dict):
            raise ProtocolError("'cards' must be an object of deck positions to cards")
        allowed = set(allowed)
        opened: dict[int, int] = {}
        for position, key in keys.items():
            if position not in allowed:
                raise ProtocolError(f"position {position} may not be opened now")
            card = self._card_of.get(
                multiply(self.deck[position], pow(key * self._locks[position], -1, ORDER))
            )
            if card is None:
                raise ForgeryError(f"the key sent for position {position} opens to no card")
            claim = claims.get(str(position))
            if claim is not None and claim != format_card(card):
                raise ForgeryError(
                    f"position {position} opens to {format_card(card)}, not to {claim}: "
                    "a forged card"
                )
            elsewhere = [p for p, c in self.known.items() if c == card and p != position]
            if elsewhere or card in opened.values():
                raise ForgeryError(f"{format_card(card)} opened twice: a forged deck")
            opened[position] = card
        missing = [name for name in claims if not name.isdigit() or int(name) not in keys]
        if missing:
            raise ProtocolError(f"a card is claimed at position {missing[0]} without its key")
        for position, card in opened.items():
            self.known[position] = card
            self._their_locks[position] = keys[position]
        return opened

    def reveal(self) -> dict[str, Any]:
        """Return the body of this page's ``reveal``: all its keys, at the hand's end."""
        self._check_ready()
        body: dict[str, Any] = {"locks": [encode_key(lock) for lock in self._locks]}
        if self.role is Role.FIRST:
            body["key"] = encode_key(self._key)
        return body

    def receive_reveal(self, body: Mapping[str, Any]) -> list[int]:
        """Check the other page's passes with its revealed keys and return the whole deck,
        top card first.

        :raises ProtocolError: when the keys are malformed.
        :raises ForgeryError: when a pass was not done as agreed, or a key differs from
            the one that opened a card during the hand.
        """
        self._check_ready()
        texts = body.get("locks")
        if not isinstance(texts, list) or len(texts) != DECK_SIZE:
            raise ProtocolError(f"'locks' must be a list of {DECK_SIZE} keys")
        locks = [decode_key(text) for text in texts]
        for position, lock in self._their_locks.items():
            if locks[position] != lock:
                raise ForgeryError(f"the key revealed for position {position} is not the one sent")
        first, second, third = self._passes
        if self.role is Role.FIRST:
            deck = self._check_second(first, second, locks)
        else:
            deck = self._check_first(first, second, third, body.get("key"), locks)
        for position, card in self.known.items():
            if deck[position] != card:
                raise ForgeryError(
                    f"position {position} was opened as {format_card(card)} during the hand "
                    f"but holds {format_card(deck[position])}"
                )
        self.stage = Stage.REVEALED
        self.known = dict(enumerate(deck))
        return deck

    def _check_second(self, first: list[Point], second: list[Point], locks: list[int]) -> list[int]:
        """Check, as FIRST, that SECOND's pass is a shuffle of the first pass locked with
        ``locks``, and return the deck (the third pass locks the same positions)."""
        place_of = {point: place for place, point in enumerate(first)}
        deck = []
        used = set()
        for position, lock in enumerate(locks):
            place = place_of.get(multiply(second[position], pow(lock, -1, ORDER)))
            if place is None or place in used:
                raise ForgeryError(
                    f"the second shuffle's position {position} is not a card of the first pass"
                )
            used.add(place)
            deck.append(self._order[place])
        return deck

    def _check_first(
        self,
        first: list[Point],
        second: list[Point],
        third: list[Point],
        key_text: object,
        locks: list[int],
    ) -> list[int]:
        """Check, as SECOND, that FIRST's first pass is the 52 cards under its key and its
        lock is this page's pass with the key taken off and ``locks`` put on; return the
        deck."""
        key = decode_key(key_text)
        unkey = pow(key, -1, ORDER)
        cards_at = []
        for place, point in enumerate(first):
            card = self._card_of.get(multiply(point, unkey))
            if card is None:
                raise ForgeryError(f"the first shuffle's place {place} is not a card")
            cards_at.append(card)
        if len(set(cards_at)) != DECK_SIZE:
            raise ForgeryError("the first shuffle holds a card twice")
        for position, lock in enumerate(locks):
            if multiply(second[position], unkey * lock % ORDER) != third[position]:
                raise ForgeryError(f"the lock of position {position} is not the one agreed")
        return [cards_at[place] for place in self._order]

    def _check_ready(self) -> None:
        """Raise ``ProtocolError`` unless the deck is shuffled and locked."""
        if self.stage is Stage.SHUFFLING:
            raise ProtocolError("the deck is not shuffled and locked yet")


def bench_deal(rounds: int = 3, clock: Callable[[], float] = time.process_time) -> dict[str, float]:
    """Return what a hand's shuffle and deal cost, in milliseconds of ``clock`` (by
    default this process's CPU time, steady on a busy machine; best of ``rounds``):
    each pass, the deck made ready on both sides (the three passes in turn, as two pages
    make them), ten cards opened to each side and the upcard to both, and the end's check."""
    best: dict[str, float] = {}
    for number in range(rounds):
        figures: dict[str, float] = {}
        start = clock()
        first, second = Deal(f"bench:{number}", Role.FIRST), Deal(f"bench:{number}", Role.SECOND)
        figures["setup"] = clock() - start
        mark = clock()
        pass1 = first.begin()
        figures["pass1"] = clock() - mark
        mark = clock()
        pass2 = second.receive_pass("shuffle", pass1)
        assert pass2 is not None
        figures["pass2"] = clock() - mark
        mark = clock()
        pass3 = first.receive_pass("shuffle", pass2)
        assert pass3 is not None
        figures["pass3"] = clock() - mark
        mark = clock()
        second.receive_pass("lock", pass3)
        figures["receive_lock"] = clock() - mark
        mark = clock()
        first.open(second.keys_for(range(0, 20, 2)), range(0, 20, 2))
        second.open(first.keys_for(range(1, 20, 2)), range(1, 20, 2))
        first.open(second.keys_for([20]), [20])
        second.open(first.keys_for([20]), [20])
        figures["open_deal"] = clock() - mark
        figures["shuffle_and_deal"] = clock() - start
        mark = clock()
        first_reveal, second_reveal = first.reveal(), second.reveal()
        first.receive_reveal(second_reveal)
        figures["check_as_first"] = clock() - mark
        mark = clock()
        second.receive_reveal(first_reveal)
        figures["check_as_second"] = clock() - mark
        for name, seconds in figures.items():
            best[name] = min(best.get(name, float("inf")), seconds * 1000)
    return best
