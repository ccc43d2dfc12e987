"""Both pages referee: one player's side of a match against a friend, dealt fairly.

Each of the two pages runs a ``Referee`` for its own seat. The hands are dealt by
``fair_deal`` (seat 0 shuffles first in every hand), so a page knows its own cards, the
public ones (the upcard, the discards, Mahjong gin's melds) and nothing else: not the
other hand, not the stock. Every move, its own and the other's, goes through the engine:

- A page builds the match as it may know it (``world``): the deck of a hand in play has
  the cards this page knows at their positions, and the cards it does not know put in the
  other positions in a fixed order (ascending), which tells nothing, since it is made of
  what the page knows. Its own hand, the pile and every public fact are then exact, and
  so are its legal moves and its view; the other hand and the stock are placeholders that
  no view shows.
- The other player's moves are checked in that match at once where what they depend on
  is known (whose turn, the phase, that a discarded or melded card opens from its hand and
  is not the card it just took). The moves that depend on its hidden cards (a knock, a
  gin, Mahjong gin's take of several cards) are checked when the hand ends: both pages
  reveal their keys, check the deal (``fair_deal``) and replay the whole hand with the
  engine on the true deck, every move checked.

A move the engine refuses, a card that does not open to the card claimed, or a message
out of order ends the match (``ended``) with a clear error; the match's record is the
page's to keep.

The messages, each stamped by the hand's ``Channel``: ``shuffle`` and ``lock`` (the
deal's passes), ``open`` (keys that open cards to the other page: its deal, its draw from
the stock), ``move`` (an action, with the keys and cards of what it shows of the mover's
hidden cards), ``reveal`` (all keys, at the hand's end) and ``next`` (the player is
ready for the next hand: it is dealt when both are).
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
from collections.abc import Callable
from typing import Any

from .actions import NEXT, Action, IllegalActionError, Kind
from .cards import DECK_SIZE, card_list, format_card, parse_cards
from .fair_deal import (
    Channel,
    Deal,
    FairDealError,
    ProtocolError,
    Role,
    canonical,
    new_key,
    new_order,
)
from .fair_deal import Stage as DealStage
from .match import Match, check_seed
from .rules import Deal as DealKind
from .rules import Rules
from .state import Phase
from .view import SeatView, seat_view

HOST = 0
"""The seat of the page that made the offer: it shuffles first in every hand."""

SAVE_FORMAT = "gin-rummy-friend-match"
"""The ``format`` of a friend's match saved to finish later."""

ENDING = frozenset({Kind.KNOCK, Kind.GIN, Kind.BIG_GIN})
"""The moves that end a hand by going out: the other page checks them after the reveal."""


class Stage(enum.StrEnum):
    """Where this page's side of the hand is."""

    DEALING = "dealing"
    """The deal's passes and openings are under way: no table to show yet."""
    PLAYING = "playing"
    """The hand is in play."""
    DRAWING = "drawing"
    """This page drew from the stock and waits for the other's key to see the card."""
    REVEALING = "revealing"
    """The hand has ended: this page sent its keys and waits for the other's."""
    SHOWN = "shown"
    """The deal checked out: the whole hand is known to both (lay-offs, score, next)."""
    ENDED = "ended"
    """The other page sent something refused: the match cannot go on."""


def dealt_positions(rules: Rules, dealer: int, seat: int) -> list[int]:
    """Return the deck positions the deal gives to ``seat`` (the non-dealer first)."""
    dealt = 21 if rules.deal is DealKind.ELEVEN else 20
    parity = 0 if seat != dealer else 1
    return list(range(parity, dealt, 2))


def upcard_position(rules: Rules) -> int | None:
    """Return the deck position of the first upcard (None: the eleven deal has none)."""
    return None if rules.deal is DealKind.ELEVEN else 20


def named_cards(action: Action) -> list[int]:
    """Return the cards an action puts on the table: its card, the cards of a meld or
    addition, and a knock's chosen melds."""
    mask = action.cards or 0
    for meld in action.melds or ():
        mask |= meld
    cards = card_list(mask)
    if action.card is not None and action.card not in cards:
        cards.append(action.card)
    return cards


class Referee:
    """One page's side of a match against a friend: its seat, the fair deal of the hand
    in play, and every move checked by the engine."""

    def __init__(
        self,
        rules: Rules,
        seat: int,
        match_id: str,
        seed: int,
        *,
        key_source: Callable[[], int] = new_key,
        order_source: Callable[[int], list[int]] = new_order,
    ) -> None:
        """Referee ``seat`` (0: the host) of match ``match_id`` under ``rules``, its first
        dealer cut from ``seed`` (both pages agree on it: see ``duel``); the deals' keys
        and shuffles come from ``key_source`` and ``order_source`` (the system's
        randomness by default; see ``fair_deal.Deal``).

        :raises ValueError: when ``seat`` is not 0 or 1 or the seed is not a seed.
        """
        if seat not in (0, 1):
            raise ValueError(f"a seat is 0 or 1, not {seat!r}")
        check_seed(seed)
        self._sources = (key_source, order_source)
        self.rules = rules
        self.seat = seat
        self.match_id = match_id
        self.seed = seed
        self.decks: list[list[int]] = []
        """The deck of every hand whose deal has been revealed and checked."""
        self.actions: list[Action] = []
        """Every move of the match both pages have agreed, in order."""
        self.hand_number = 1
        self.stage = Stage.DEALING
        self.ended: str | None = None
        """Why the match ended early (the other page's fault), or None."""
        self._hand_start = 0
        """The index in ``actions`` of the hand in play's first move."""
        self._last_channel: Channel | None = None
        """The last hand's channel."""
        self._prepared: tuple[Deal, dict[str, Any]] | None = None
        """The host's next deal and its first pass, made ahead (``prepare``)."""
        self._first_pass: dict[str, Any] | None = None
        """The hand in play's first pass, when it was made ahead."""
        self._start_hand()

    # --- the hand in play -----------------------------------------------------------

    @property
    def hand_id(self) -> str:
        """Return the id of the hand in play: the match's id and the hand's number."""
        return f"{self.match_id}:{self.hand_number}"

    def _start_hand(self) -> None:
        """Make the deal and the channel of the hand in play (keeping the last hand's
        channel, to send its end again after a dropped connection)."""
        prepared = self._prepared
        self._prepared = None
        if prepared is not None and prepared[0].hand_id == self.hand_id:
            self.deal, self._first_pass = prepared
        else:
            self.deal, self._first_pass = self._new_deal(self.hand_id), None
        self.channel = Channel(self.hand_id)
        self.stage = Stage.DEALING
        self._shown: set[int] = set()
        """The positions opened to both pages."""
        self._awaiting: set[int] = set()
        """The positions the other page's next ``open`` must open."""
        self._drawing: Action | None = None
        self._ending: Action | None = None
        """The move that ended the hand, until the reveal lets it be checked."""
        self._ready: set[int] = set()
        """The seats that asked for the next hand."""

    def _new_deal(self, hand_id: str) -> Deal:
        """Return this page's side of a new deal of hand ``hand_id``."""
        role = Role.FIRST if self.seat == HOST else Role.SECOND
        keys, orders = self._sources
        return Deal(hand_id, role, key_source=keys, order_source=orders)

    def start(self) -> list[dict[str, Any]]:
        """Return the messages that begin the hand in play's deal (the host's first pass;
        the other page waits for it)."""
        if self.seat != HOST or self.channel.sent:
            return []
        return [self.channel.stamp("shuffle", self._first_pass or self.deal.begin())]

    def prepare(self) -> bool:
        """As the host, between hands, make the next hand's first pass now (the page asks
        while the players read the score): it depends on nothing of the other page's, and
        the next deal then waits only for the other two passes. Return whether it did."""
        over = self.stage is Stage.SHOWN and self.world().phase is Phase.HAND_OVER
        if self.seat != HOST or not over or self._prepared is not None:
            return False
        deal = self._new_deal(f"{self.match_id}:{self.hand_number + 1}")
        self._prepared = (deal, deal.begin())
        return True

    def world(self) -> Match:
        """Return the match as this page may know it: the hand in play dealt from the
        cards this page knows, the others put in a fixed order that tells nothing."""
        decks = list(self.decks)
        if len(decks) < self.hand_number:
            known = self.deal.known
            rest = iter(sorted(set(range(DECK_SIZE)) - set(known.values())))
            decks.append([known[p] if p in known else next(rest) for p in range(DECK_SIZE)])
        match = Match(self.rules, seed=self.seed, decks=decks)
        for action in self.actions:
            match.apply(action)
        return match

    def view(self) -> dict[str, Any]:
        """Return what the page shows: the stage, and once dealt the seat's view."""
        data: dict[str, Any] = {
            "stage": self.stage.value,
            "seat": self.seat,
            "hand_id": self.hand_id,
            "ended": self.ended,
            "state_hash": self.state_hash(),
        }
        view = self.seat_view()
        if view is not None:
            data["view"] = view.to_json()
        return data

    @property
    def dealt(self) -> bool:
        """Whether there is a hand on the table to show: dealt, and the match not ended."""
        return self.stage is not Stage.DEALING and self.stage is not Stage.ENDED

    @property
    def waiting(self) -> bool:
        """Whether this page waits for the other before it may move: for the key of the
        card it drew, for the other's keys at the hand's end, or for the other to be
        ready for the next hand."""
        return self.stage in (Stage.DRAWING, Stage.REVEALING) or self.seat in self._ready

    def seat_view(self, world: Match | None = None) -> SeatView | None:
        """Return this seat's view of ``world`` (default: ``world()``), with no legal moves
        while it waits (``waiting``); None while there is no hand to show (``dealt``)."""
        if not self.dealt:
            return None
        view = seat_view(self.world() if world is None else world, self.seat)
        return dataclasses.replace(view, legal=()) if self.waiting else view

    def state_hash(self) -> str:
        """Return a digest of what this page holds agreed: the match, its moves, the
        checked decks and the hand's messages both ways (two pages in step agree on it)."""
        data: dict[str, Any] = {
            "match": self.match_id,
            "actions": [action.text for action in self.actions],
            "decks": self.decks,
            "hand": self.hand_id,
            "messages": [self.channel.sent_digest(len(self.channel.sent))],
        }
        data["messages"].insert(1 - self.seat, self.channel.received_digest)  # by seat
        return hashlib.sha256(canonical(data)).hexdigest()

    def history_digest(self, hand_number: int) -> str:
        """Return a digest of the match as it stood when hand ``hand_number`` (the hand
        in play or an earlier one) began: its id, rules and cut, the checked decks and
        every move before that hand. Both pages agreed all of it, so two pages of one
        match agree on it; a resume compares it (``resume_request``)."""
        if not 1 <= hand_number <= self.hand_number:
            raise ValueError(f"hand {hand_number} is not one of this match's so far")
        hand_ends = [i for i, action in enumerate(self.actions) if action.kind is Kind.NEXT]
        start = 0 if hand_number == 1 else hand_ends[hand_number - 2] + 1
        data = {
            "match": self.match_id,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "decks": self.decks[: hand_number - 1],
            "actions": [action.text for action in self.actions[:start]],
        }
        return hashlib.sha256(canonical(data)).hexdigest()

    def end(self, reason: str) -> None:
        """End the match: the other page sent something refused (``reason``, in words)."""
        self.ended = reason
        self.stage = Stage.ENDED

    # --- saving, to finish later ----------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """Return the match as JSON-ready data, to finish it later: the page's own save
        (it holds this page's keys of the hand in play; never send it)."""
        return {
            "format": SAVE_FORMAT,
            "rules": self.rules.to_dict(),
            "seat": self.seat,
            "match": self.match_id,
            "seed": str(self.seed),  # a text: up to 2**63, past a JavaScript number's precision
            "decks": [[format_card(card) for card in deck] for deck in self.decks],
            "actions": [action.text for action in self.actions],
            "hand_number": self.hand_number,
            "hand_start": self._hand_start,
            "stage": self.stage.value,
            "ended": self.ended,
            "deal": self.deal.to_data(),
            "channel": self.channel.to_data(),
            "last_channel": None if self._last_channel is None else self._last_channel.to_data(),
            "shown": sorted(self._shown),
            "awaiting": sorted(self._awaiting),
            "drawing": None if self._drawing is None else self._drawing.text,
            "ending": None if self._ending is None else self._ending.text,
            "ready": sorted(self._ready),
        }

    @classmethod
    def from_data(cls, data: object) -> Referee:
        """Return the match ``to_data`` saved as ``data``, its moves replayed and checked.

        :raises ValueError: when ``data`` is not such a save, or does not replay.
        """
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ProtocolError(f"this is not the save of a friend's match ({SAVE_FORMAT})")
        try:
            seed = data["seed"]
            seed = int(seed) if isinstance(seed, str) and seed.isdecimal() else seed
            referee = cls(Rules.from_dict(data["rules"]), data["seat"], data["match"], seed)
            referee.decks = [parse_cards(deck) for deck in data["decks"]]
            referee.actions = [Action.parse(text) for text in data["actions"]]
            referee.hand_number = data["hand_number"]
            referee._hand_start = data["hand_start"]
            referee.stage = Stage(data["stage"])
            referee.ended = data["ended"]
            referee.deal = Deal.from_data(data["deal"])
            referee.channel = Channel.from_data(data["channel"])
            last = data["last_channel"]
            referee._last_channel = None if last is None else Channel.from_data(last)
            referee._shown = {int(p) for p in data["shown"]}
            referee._awaiting = {int(p) for p in data["awaiting"]}
            referee._drawing = None if data["drawing"] is None else Action.parse(data["drawing"])
            referee._ending = None if data["ending"] is None else Action.parse(data["ending"])
            referee._ready = {int(seat) for seat in data["ready"]}
        except (KeyError, TypeError) as error:
            raise ProtocolError(f"the save of a friend's match is broken: {error}") from None
        numbers = (referee.hand_number, referee._hand_start)
        if not all(isinstance(n, int) and n >= 0 for n in numbers):
            raise ProtocolError("the save of a friend's match is broken: bad hand numbers")
        if referee.deal.hand_id != referee.hand_id or referee.channel.hand_id != referee.hand_id:
            raise ProtocolError("the save of a friend's match is broken: its hands differ")
        try:
            match = Match(referee.rules, seed=referee.seed, decks=referee.decks)
            for action in referee.actions[: referee._hand_start]:
                match.play(action)
            referee.world()  # the hand in play, as this page knows it
        except (ValueError, AssertionError, IndexError, KeyError) as error:
            raise ProtocolError(f"the save of a friend's match does not replay: {error}") from None
        return referee

    # --- a dropped connection -------------------------------------------------------

    def resume_request(self) -> dict[str, Any]:
        """Return the message that asks the other page, after a dropped connection, for
        what this page has not received (it is not numbered: it may be sent again). It
        carries the digests of this page's state: of the match before the hand in play
        (``history_digest``) and of the hand's messages both ways; it holds nothing the
        other page may not see."""
        return {
            "type": "resume",
            "hand": self.hand_id,
            "history": self.history_digest(self.hand_number),
            "received": self.channel.received,
            "digest": self.channel.received_digest,
            "sent": len(self.channel.sent),
            "sent_digest": self.channel.sent_digest(len(self.channel.sent)),
        }

    def receive_resume(self, message: object) -> list[dict[str, Any]]:
        """Answer the other page's ``resume_request``: the messages it has not received,
        when its state's digests are this page's (the match before the hand, and what it
        received is what this page sent).

        :raises ProtocolError: when the two pages' states differ (the match cannot resume
            and is saved to finish later); nothing changes then.
        """
        self._check_open()
        if not isinstance(message, dict) or message.get("type") != "resume":
            raise ProtocolError("a resume request is a JSON object of type 'resume'")
        hand, count, digest = message.get("hand"), message.get("received"), message.get("digest")
        channels = [c for c in (self._last_channel, self.channel) if c is not None]
        ids = [channel.hand_id for channel in channels]
        if hand not in ids:
            if hand == f"{self.match_id}:{self.hand_number + 1}":
                return []  # the other page is ahead: it sends what this page lacks
            raise ProtocolError(
                f"the other page is at hand {hand!r} and this page at {self.hand_id!r}: "
                "the match cannot resume"
            )
        channel = channels[ids.index(hand)]
        hand_number = self.hand_number if channel is self.channel else self.hand_number - 1
        if message.get("history") != self.history_digest(hand_number):
            raise ProtocolError(
                "the two pages' records of the match before this hand differ: the match "
                "cannot resume"
            )
        if not isinstance(count, int) or not 0 <= count <= len(channel.sent):
            raise ProtocolError(f"the other page says it received {count!r} messages")
        sent = message.get("sent")
        if channel is self.channel and (
            not isinstance(sent, int)
            or sent < channel.received
            or (sent == channel.received and message.get("sent_digest") != channel.received_digest)
        ):
            raise ProtocolError(
                "the other page lost moves it had sent (an older save?): the match cannot resume"
            )
        if channel.sent_digest(count) != digest:
            raise ProtocolError(
                "the other page did not receive what this page sent: the match cannot resume"
            )
        later = self.channel.sent if channel is not self.channel else []
        return channel.sent[count:] + later

    # --- this page's moves ----------------------------------------------------------

    def play(self, text: str) -> list[dict[str, Any]]:
        """Check this page's move ``text`` and return the messages that tell the other
        page; nothing changes when it is refused.

        :raises InvalidActionError: when ``text`` is not a move.
        :raises IllegalActionError: when the move is not allowed now.
        """
        self._check_open()
        action = Action.parse(text)
        if self.stage not in (Stage.PLAYING, Stage.SHOWN):
            raise IllegalActionError(f"{action.text!r} must wait: the hand is {self.stage.value}")
        if action.kind is Kind.NEXT:
            return self._ask_next(self.seat, action)
        world = self.world()
        if world.to_move != self.seat:
            raise IllegalActionError(f"{action.text!r} must wait: it is the other player's turn")
        if self.stage is Stage.SHOWN:
            world.play(action)
            self.actions.append(action)
            return [self.channel.stamp("move", {"action": action.text})]
        if action.kind in ENDING:
            world.hand.check(action)
            return [self._move_message(action), self._end_hand(action)]
        stock = len(world.hand.stock)
        world.play(action)
        message = self._move_message(action)
        if world.hand.over:
            return [message, self._end_hand(action)]
        if action.kind is Kind.STOCK:
            self._drawing = action
            self._awaiting = {DECK_SIZE - stock}
            self.stage = Stage.DRAWING
        else:
            self.actions.append(action)
        return [message]

    def _move_message(self, action: Action) -> dict[str, Any]:
        """Return the ``move`` message of this page's ``action``, with the keys and cards
        of the hidden cards it shows."""
        position_of = {card: position for position, card in self.deal.known.items()}
        hidden = [position_of[card] for card in named_cards(action)]
        hidden = [position for position in hidden if position not in self._shown]
        body: dict[str, Any] = {"action": action.text}
        if hidden:
            body.update(self.deal.keys_for(hidden, claim=True))
            self._shown.update(hidden)
        return self.channel.stamp("move", body)

    def _end_hand(self, action: Action) -> dict[str, Any]:
        """End the hand with ``action`` (the other page's is checked after the reveal) and
        return the message that reveals this page's keys."""
        self._ending = action
        self.stage = Stage.REVEALING
        return self.channel.stamp("reveal", self.deal.reveal())

    def _ask_next(self, seat: int, action: Action) -> list[dict[str, Any]]:
        """Note that ``seat`` is ready for the next hand; deal it when both are."""
        if self.stage is not Stage.SHOWN or self.world().phase is not Phase.HAND_OVER:
            raise IllegalActionError(f"{action.text!r} is not allowed: the hand is not over")
        if seat in self._ready:
            raise IllegalActionError(f"seat {seat} asked for the next hand already")
        self._ready.add(seat)
        out = [self.channel.stamp("next")] if seat == self.seat else []
        if len(self._ready) == 2:
            self.actions.append(NEXT)
            self.hand_number += 1
            self._hand_start = len(self.actions)
            self._last_channel = self.channel
            self._start_hand()
            out += self.start()
        return out

    # --- the other page's messages --------------------------------------------------

    def receive(self, message: object) -> list[dict[str, Any]]:
        """Take the other page's ``message`` and return this page's answers.

        :raises FairDealError: when it is malformed, replayed, out of order or forged;
        :raises IllegalActionError: when it carries a move the rules do not allow. Either
            ends the match (``ended``).
        """
        self._check_open()
        try:
            return self._receive(self.channel.accept(message))
        except (FairDealError, IllegalActionError, ValueError) as error:
            self.end(str(error))
            raise

    def _receive(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        """Dispatch one accepted message."""
        kind = message["type"]
        if kind in ("shuffle", "lock"):
            return self._receive_pass(kind, message)
        if kind == "open":
            return self._receive_open(message)
        if kind == "move":
            return self._receive_move(message)
        if kind == "reveal":
            return self._receive_reveal(message)
        if kind == "next":
            return self._ask_next(1 - self.seat, NEXT)
        raise ProtocolError(f"unknown message type {kind!r}")

    def _receive_pass(self, kind: str, message: dict[str, Any]) -> list[dict[str, Any]]:
        """Take a pass of the deal; answer with this page's, then open the other's cards."""
        if self.stage is not Stage.DEALING:
            raise ProtocolError(f"a {kind!r} pass came after the deal")
        reply = self.deal.receive_pass(kind, message)
        out = []
        if reply is not None:
            out.append(self.channel.stamp("lock" if self.seat == HOST else "shuffle", reply))
        if self.deal.stage is DealStage.READY:
            dealer = self.world().hand.dealer
            upcard = upcard_position(self.rules)
            extra = [] if upcard is None else [upcard]
            theirs = dealt_positions(self.rules, dealer, 1 - self.seat)
            self._awaiting = {*dealt_positions(self.rules, dealer, self.seat), *extra}
            self._shown.update(extra)
            out.append(self.channel.stamp("open", self.deal.keys_for([*theirs, *extra])))
        return out

    def _receive_open(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        """Take the keys of the cards this page awaits: its deal, or its draw."""
        if not self._awaiting:
            raise ProtocolError("keys came that this page did not ask for")
        if message.get("cards"):
            raise ProtocolError("an 'open' message claims no cards")
        opened = self.deal.open(message, self._awaiting)
        if set(opened) != self._awaiting:
            missing = sorted(self._awaiting - set(opened))
            raise ProtocolError(f"the keys of positions {missing} are missing")
        self._awaiting = set()
        if self.stage is Stage.DRAWING:
            assert self._drawing is not None
            self.actions.append(self._drawing)
            self._drawing = None
        self.stage = Stage.PLAYING
        return []

    def _receive_move(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        """Check the other page's move, open what it shows, and answer a draw from the
        stock with this page's key for the card drawn."""
        text = message.get("action")
        if not isinstance(text, str):
            raise ProtocolError("a 'move' message names its action")
        action = Action.parse(text)
        them = 1 - self.seat
        if action.kind is Kind.NEXT or self.stage not in (Stage.PLAYING, Stage.SHOWN):
            raise ProtocolError(f"a move {action.text!r} came while the hand is {self.stage.value}")
        world = self.world()
        if world.to_move != them:
            raise IllegalActionError(f"{action.text!r} came out of turn: it is this page's turn")
        if self.stage is Stage.SHOWN:
            if "keys" in message:
                raise ProtocolError("a move after the reveal carries no keys")
            world.play(action)
            self.actions.append(action)
            return []
        if "keys" in message:
            self._check_claims(message, action)
            self._shown.update(self.deal.open(message, self._hidden_positions(world, them)))
        known = set(self.deal.known.values())
        unseen = [format_card(card) for card in named_cards(action) if card not in known]
        if unseen:
            raise ProtocolError(f"{action.text!r} shows {unseen[0]} without its key")
        if action.kind in ENDING:
            return [self._end_hand(action)]
        world = self.world()
        stock = len(world.hand.stock)
        try:
            world.play(action)
        except IllegalActionError:
            if not self._public_take(world, action):
                raise
            world.apply(action)  # its lowest card's meld follows; the reveal checks it
        if world.hand.over:
            return [self._end_hand(action)]
        self.actions.append(action)
        if action.kind is Kind.STOCK:
            return [self.channel.stamp("open", self.deal.keys_for([DECK_SIZE - stock]))]
        return []

    @staticmethod
    def _check_claims(message: dict[str, Any], action: Action) -> None:
        """Check that every key of the other's move comes with the card it opens to, and
        that the card is one the move puts on the table (a page shows nothing else).

        :raises ProtocolError: when not.
        """
        keys, claims = message.get("keys"), message.get("cards")
        if not isinstance(keys, dict) or not isinstance(claims, dict) or set(keys) != set(claims):
            raise ProtocolError(f"{action.text!r} must name the card of each key it sends")
        named = {format_card(card) for card in named_cards(action)}
        extra = sorted(str(card) for card in claims.values() if card not in named)
        if extra:
            raise ProtocolError(f"{action.text!r} opens {extra[0]}, which it does not play")

    def _hidden_positions(self, world: Match, seat: int) -> set[int]:
        """Return the positions of ``seat``'s cards that this page has not seen."""
        known = self.deal.known
        rest = iter(sorted(set(range(DECK_SIZE)) - set(known.values())))
        guess = {p: next(rest) for p in range(DECK_SIZE) if p not in known}
        hand = world.hand.hands[seat]
        return {p for p, card in guess.items() if hand >> card & 1}

    @staticmethod
    def _public_take(world: Match, action: Action) -> bool:
        """Return whether ``action`` is a take of several cards that is allowed as far as
        this page can see (whether its lowest card melds with the hidden hand waits for
        the next move and the reveal)."""
        hand = world.hand
        return (
            action.kind is Kind.TAKE
            and (action.count or 0) > 1
            and hand.phase is Phase.DRAW
            and (action.count or 0) <= len(hand.pile)
            and not (hand.events and hand.events[-1].action == "pass")
        )

    def _receive_reveal(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        """Check the deal with the other page's keys, then replay the hand with the engine
        on the true deck, every move checked."""
        if self.stage is not Stage.REVEALING or self._ending is None:
            raise ProtocolError("keys were revealed before the hand's end")
        deck = self.deal.receive_reveal(message)
        match = Match(self.rules, seed=self.seed, decks=[*self.decks, deck])
        for action in self.actions[: self._hand_start]:
            match.apply(action)
        for action in [*self.actions[self._hand_start :], self._ending]:
            try:
                match.play(action)
            except IllegalActionError as error:
                raise IllegalActionError(
                    f"the hand does not replay on its true deck: {error}"
                ) from None
        self.decks.append(deck)
        self.actions.append(self._ending)
        self._ending = None
        self.stage = Stage.SHOWN
        return []

    def _check_open(self) -> None:
        """Raise ``ProtocolError`` when the match has ended."""
        if self.ended is not None:
            raise ProtocolError(f"the match has ended: {self.ended}")
