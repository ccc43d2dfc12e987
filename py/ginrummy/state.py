"""One hand of Gin Rummy, turn by turn: the deal, draws, discards, going out, showdown.

``Hand.play`` checks every action; ``Hand.apply`` trusts its caller (for search, and
for ``play`` once it has checked). ``legal_actions()`` is cached per position and
sorted. A hand never changes after a rejected action.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from . import actions as act
from .actions import Action, IllegalActionError, Kind
from .cards import (
    DECK_SIZE,
    MAHJONG_VALUES,
    card_list,
    card_value,
    format_card,
    format_mask,
    mask_of,
)
from .melds import Arrangement, Melder, melder
from .rules import AceMode, Deal, Flow, Rules
from .scoring import DEAD_HAND, HandScore, Outcome
from .showdown import Showdown, chosen_arrangement, lay_down, settle, takes_layoffs

MAX_PILE_DRAWS_IN_A_ROW = 40
"""A safety cap: the hand is dead after this many draws from the pile in a row.

Two players who only ever take the other's discard can cycle for ever: the stock
never shrinks, so the two-card rule never ends the hand. No source sets a limit; in
real play nobody does this for long, and a program (a bot against a bot, a replay)
must still end. Forty draws in a row is far beyond any sensible play.
"""

DEAD_STOCK = 2
"""The hand is dead when a discard leaves this many cards in the stock."""


class Phase(enum.StrEnum):
    """What the game is waiting for."""

    FIRST_UPCARD = "first_upcard"
    """The first upcard is offered: "upcard" or "pass"."""
    DRAW = "draw"
    """A draw: "stock" or "upcard"."""
    DISCARD = "discard"
    """After drawing: discard, knock, gin or big gin."""
    LAYOFF = "layoff"
    """Manual lay-offs by the defender: "layoff X" or "done"."""
    MELD = "meld"
    """Mahjong gin, after taking several discards: a meld or addition with the lowest."""
    HAND_OVER = "hand_over"
    """The hand is scored: "next" deals the next one."""
    MATCH_OVER = "match_over"
    """The match has ended."""


class Event(NamedTuple):
    """One public event of a hand: who did what, and the public cards involved."""

    seat: int
    action: str
    """The action's text form, with the hidden card of a stock draw left out."""
    card: int | None = None
    """The card taken from the pile, or discarded."""
    declined: int | None = None
    """The pile's top card a player passed on or left for the stock."""
    cards: int = 0
    """Mahjong gin: the cards a take took, a meld laid or an addition added (a mask)."""

    def to_json(self) -> dict[str, object]:
        """Return the event as JSON-ready data."""
        data: dict[str, object] = {"seat": self.seat, "action": self.action}
        if self.card is not None:
            data["card"] = format_card(self.card)
        if self.declined is not None:
            data["declined"] = format_card(self.declined)
        if self.cards:
            data["cards"] = format_mask(self.cards)
        return data


def melder_for(rules: Rules) -> Melder:
    """Return the shared meld solver for the ace rules (and card values) of ``rules``."""
    values = MAHJONG_VALUES if rules.flow is Flow.MAHJONG else None
    return melder(rules.ace_mode is AceMode.ROUND_THE_CORNER, rules.unmatched_ace, values)


def knock_limit_for(rules: Rules, first_upcard: int | None) -> int:
    """Return the most deadwood allowed to knock in a hand (0: gin only).

    :raises ValueError: when the limit comes from the first upcard and there is none.
    """
    limit = rules.knock_limit
    if limit != "upcard":
        return limit
    if first_upcard is None:
        raise ValueError(
            "these rules take the knock limit from the first upcard, and there is none"
        )
    if first_upcard % 13 == 0:
        return 0  # an ace upcard: gin only, whatever an unmatched ace is worth
    return card_value(first_upcard)


def doubled_by(rules: Rules, first_upcard: int | None) -> bool:
    """Return whether the first upcard doubles the hand (a spade under ``spade_double``)."""
    return rules.spade_double and first_upcard is not None and first_upcard // 13 == 0


def check_deck(deck: list[int]) -> None:
    """Raise ``ValueError`` unless ``deck`` holds each of the 52 cards once."""
    if len(deck) != DECK_SIZE or mask_of(deck) != (1 << DECK_SIZE) - 1:
        raise ValueError("a deck must hold each of the 52 cards exactly once")


class Hand:
    """One deal, from the first card to the score. Seats are 0 and 1."""

    def __init__(self, rules: Rules, deck: list[int], dealer: int) -> None:
        """Deal ``deck`` (top card first) as ``rules`` say, ``dealer`` dealing.

        :raises ValueError: when ``deck`` is not the 52 cards once each.
        """
        check_deck(deck)
        self.rules = rules
        self.melder = melder_for(rules)
        self.dealer = dealer
        eleven = rules.deal is Deal.ELEVEN
        dealt = 21 if eleven else 20
        non_dealer = 1 - dealer
        hands = [0, 0]
        for index in range(dealt):
            seat = non_dealer if index % 2 == 0 else dealer
            hands[seat] |= 1 << deck[index]
        self.hands = hands
        self.pile: list[int] = []
        """The discard pile, top card last."""
        self.first_upcard: int | None = None
        if eleven:
            self.stock = deck[: dealt - 1 : -1]
            self.phase = Phase.DISCARD
        else:
            self.first_upcard = deck[dealt]
            self.pile.append(deck[dealt])
            self.stock = deck[:dealt:-1]
            self.phase = Phase.FIRST_UPCARD
        # The stock is kept top card last, so a draw is a pop from the end.
        self.to_move = non_dealer
        self.knock_limit = knock_limit_for(rules, self.first_upcard)
        self.doubled = doubled_by(rules, self.first_upcard)
        self.taken: int | None = None
        """The card taken from the pile this turn: it may not be discarded this turn."""
        self.opening = eleven
        """The eleven deal's first turn: the non-dealer discards or goes gin, no knock."""
        self.passes = 0
        self.pile_draws_in_a_row = 0
        self.pile_taken = [0, 0]
        """Per seat, the cards it took from the pile and still holds: public knowledge."""
        self.events: list[Event] = []
        self.table_melds: list[int] = []
        """During manual lay-offs: the knocker's melds with the cards laid off so far."""
        self.pending: tuple[int, Outcome, int | None, Arrangement, Arrangement] | None = None
        """During manual lay-offs: knocker, how it went out, its discard, its melds, the
        defender's arrangement before lay-offs."""
        self.manual_layoffs: list[tuple[int, int]] = []
        self.showdown: Showdown | None = None
        self.score: HandScore | None = None
        self._legal: list[Action] | None = None

    # --- copying --------------------------------------------------------------------

    def copy(self) -> Hand:
        """Return an independent copy of this hand (for search)."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.hands = list(self.hands)
        other.pile = list(self.pile)
        other.stock = list(self.stock)
        other.pile_taken = list(self.pile_taken)
        other.events = list(self.events)
        other.table_melds = list(self.table_melds)
        other.manual_layoffs = list(self.manual_layoffs)
        return other

    # --- legal actions --------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the hand has been scored."""
        return self.score is not None

    def legal_actions(self) -> list[Action]:
        """Return the actions allowed now, sorted (cached until the next action)."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> list[Action]:
        """Return the actions allowed now, sorted."""
        phase = self.phase
        if phase is Phase.FIRST_UPCARD:
            return [act.PASS, act.UPCARD]
        if phase is Phase.DRAW:
            if self.events and self.events[-1].action == "pass":
                return [act.STOCK]  # both passed the first upcard: the non-dealer draws
            return [act.UPCARD, act.STOCK]
        if phase is Phase.DISCARD:
            return self._discard_actions()
        if phase is Phase.LAYOFF:
            defender = self.hands[self.to_move]
            fitting = [
                act.layoff(card)
                for card in card_list(defender)
                if self.melder.place_layoff(self.table_melds, card) is not None
            ]
            return [*fitting, act.DONE]
        return []

    def _discard_actions(self) -> list[Action]:
        """Return the discards, knocks, gins and big gin allowed after a draw."""
        hand = self.hands[self.to_move]
        counts = self.melder.discard_deadwoods(hand)
        taken = self.taken
        limit = -1 if self.opening else self.knock_limit
        discard, knock, gin = act.DISCARDS, act.KNOCKS, act.GINS
        discards, knocks, gins = [], [], []
        for card, count in counts.items():
            if card == taken:
                continue
            discards.append(discard[card])
            if count == 0:
                gins.append(gin[card])
            elif count <= limit:
                knocks.append(knock[card])
        legal = discards + knocks + gins
        # 11 melded cards hold a meld of 4 or more, so one discard leaves gin: check big
        # gin only then.
        if gins and self.rules.big_gin_allowed and self.melder.deadwood(hand) == 0:
            legal.append(act.BIG_GIN)
        return legal

    # --- playing --------------------------------------------------------------------

    def play(self, action: Action | str) -> None:
        """Check ``action`` (an ``Action`` or its text) and play it.

        :raises InvalidActionError: when the text is not a well-formed action.
        :raises IllegalActionError: when the action is not allowed now.
        """
        move = action if isinstance(action, Action) else Action.parse(action)
        self.check(move)
        self.apply(move)

    def check(self, move: Action) -> None:
        """Raise ``IllegalActionError`` unless ``move`` is allowed now."""
        if move not in self.legal_actions() and not self._is_legal_chosen_knock(move):
            raise IllegalActionError(self.why_illegal(move))

    def _is_legal_chosen_knock(self, move: Action) -> bool:
        """Return whether ``move`` is a knock with melds that the knocker may lay down."""
        if move.kind is not Kind.KNOCK or move.melds is None or move.card is None:
            return False
        if act.knock(move.card) not in self.legal_actions():
            return False
        return self._valid_chosen_melds(move.card, move.melds)

    def _valid_chosen_melds(self, card: int, melds: tuple[int, ...]) -> bool:
        """Return whether ``melds`` is a least-deadwood arrangement of the hand less ``card``."""
        rest = self.hands[self.to_move] & ~(1 << card)
        used = 0
        for meld in melds:
            if used & meld or meld & ~rest or not self.melder.is_meld(meld):
                return False
            used |= meld
        return self.melder.mask_value(rest & ~used) == self.melder.deadwood(rest)

    def why_illegal(self, move: Action) -> str:
        """Return a sentence saying why ``move`` is not allowed now."""
        seat = self.to_move
        where = f"(phase {self.phase.value}, seat {seat} to play)"
        text = move.text
        hand = self.hands[seat]
        if self.phase is Phase.HAND_OVER or self.phase is Phase.MATCH_OVER:
            reason = "the hand is over"
        elif move.card is not None and move.kind is not Kind.LAYOFF and not hand >> move.card & 1:
            reason = f"seat {seat} does not hold {format_card(move.card)}"
        elif move.card is not None and move.card == self.taken and self.phase is Phase.DISCARD:
            reason = "a card just taken from the pile may not be discarded in the same turn"
        elif move.kind is Kind.KNOCK and self.phase is Phase.DISCARD and move.card is not None:
            count = self.melder.deadwood(hand & ~(1 << move.card))
            if self.opening:
                reason = "the opening discard of the eleven deal may not knock"
            elif count == 0:
                reason = f"that is gin: play 'gin {format_card(move.card)}'"
            elif self.knock_limit == 0:
                reason = "these rules allow gin only, no knock"
            elif count > self.knock_limit:
                reason = f"deadwood would be {count}, over the knock limit of {self.knock_limit}"
            else:
                reason = "those melds are not a least-deadwood arrangement of the hand"
        elif move.kind is Kind.GIN and self.phase is Phase.DISCARD and move.card is not None:
            count = self.melder.deadwood(hand & ~(1 << move.card))
            reason = f"deadwood would be {count}, not 0"
        elif move.kind is Kind.BIG_GIN and self.phase is Phase.DISCARD:
            if not self.rules.big_gin_allowed:
                reason = "these rules do not allow big gin"
            else:
                reason = f"the 11 cards leave deadwood {self.melder.deadwood(hand)}"
        elif move.kind is Kind.LAYOFF and self.phase is Phase.LAYOFF and move.card is not None:
            if not hand >> move.card & 1:
                reason = f"seat {seat} does not hold {format_card(move.card)}"
            else:
                reason = f"{format_card(move.card)} fits none of the knocker's melds"
        else:
            allowed = ", ".join(repr(a.text) for a in self.legal_actions())
            reason = f"it is not a move of this phase; allowed: {allowed}"
        return f"{text!r} is not allowed {where}: {reason}"

    def apply(self, move: Action) -> None:
        """Play ``move`` without checking it: the caller must know it is legal.

        For search and for ``play`` after its check; an illegal move here corrupts
        the hand.
        """
        self._legal = None
        kind = move.kind
        seat = self.to_move
        if kind is Kind.STOCK:
            card = self.stock.pop()
            declined = self.pile[-1] if self.pile else None
            self.hands[seat] |= 1 << card
            self.pile_draws_in_a_row = 0
            self.taken = None
            self.events.append(Event(seat, "stock", declined=declined))
            self.phase = Phase.DISCARD
        elif kind is Kind.UPCARD:
            card = self.pile.pop()
            self.hands[seat] |= 1 << card
            self.pile_taken[seat] |= 1 << card
            self.taken = card
            if self.phase is Phase.DRAW:
                self.pile_draws_in_a_row += 1
            self.events.append(Event(seat, "upcard", card=card))
            self.phase = Phase.DISCARD
        elif kind is Kind.PASS:
            self.passes += 1
            self.events.append(Event(seat, "pass", declined=self.pile[-1]))
            self.to_move = 1 - seat
            if self.passes == 2:
                self.phase = Phase.DRAW
        elif kind is Kind.DISCARD:
            assert move.card is not None
            self._discard(seat, move.card)
            self.events.append(Event(seat, move.text, card=move.card))
            self.opening = False
            if len(self.stock) <= DEAD_STOCK or self.pile_draws_in_a_row >= MAX_PILE_DRAWS_IN_A_ROW:
                self._end(None)
            else:
                self.to_move = 1 - seat
                self.phase = Phase.DRAW
        elif kind in (Kind.KNOCK, Kind.GIN, Kind.BIG_GIN):
            self._go_out(seat, move)
        elif kind is Kind.LAYOFF:
            assert move.card is not None
            index = self.melder.place_layoff(self.table_melds, move.card)
            assert index is not None
            self.table_melds[index] |= 1 << move.card
            self.hands[seat] &= ~(1 << move.card)
            self.manual_layoffs.append((move.card, index))
            self.events.append(Event(seat, move.text, card=move.card))
        elif kind is Kind.DONE:
            self.events.append(Event(seat, "done"))
            self._finish_manual_layoffs(seat)
        else:  # pragma: no cover - NEXT belongs to the match
            raise AssertionError(f"a hand cannot play {move.text!r}")

    def _discard(self, seat: int, card: int) -> None:
        """Move ``card`` from ``seat``'s hand to the pile."""
        bit = 1 << card
        self.hands[seat] &= ~bit
        self.pile_taken[seat] &= ~bit
        self.pile.append(card)
        self.taken = None

    def _go_out(self, seat: int, move: Action) -> None:
        """Lay down after a knock, gin or big gin, then lay off and score (or wait)."""
        outcome = _OUTCOMES[move.kind]
        if move.card is not None:
            self._discard(seat, move.card)
        self.events.append(Event(seat, move.text, card=move.card))
        knocker_hand, defender = self.hands[seat], self.hands[1 - seat]
        if self.rules.manual_layoffs and takes_layoffs(self.rules, outcome):
            arrangement = chosen_arrangement(self.melder, knocker_hand, move.melds, defender)
            before = self.melder.best_arrangement(defender)
            self.pending = (seat, outcome, move.card, arrangement, before)
            self.table_melds = list(arrangement.melds)
            self.to_move = 1 - seat
            self.phase = Phase.LAYOFF
            return
        self.showdown = lay_down(
            self.rules,
            self.melder,
            knocker=seat,
            kind=outcome,
            knocker_hand=knocker_hand,
            defender_hand=defender,
            discard=move.card,
            doubled=self.doubled,
            melds=move.melds,
        )
        self._end(self.showdown.score)

    def _finish_manual_layoffs(self, defender: int) -> None:
        """Score the showdown once the defender has laid off by hand."""
        assert self.pending is not None
        knocker, kind, discard, arrangement, before = self.pending
        self.pending = None
        self.showdown = settle(
            self.rules,
            knocker=knocker,
            kind=kind,
            discard=discard,
            arrangement=arrangement,
            before=before,
            layoffs=tuple(self.manual_layoffs),
            after=self.melder.best_arrangement(self.hands[defender]),
            doubled=self.doubled,
        )
        self._end(self.showdown.score)

    def _end(self, score: HandScore | None) -> None:
        """End the hand with ``score`` (None: a dead hand)."""
        self.score = score or DEAD_HAND
        self.phase = Phase.HAND_OVER
        self._legal = None

    # --- reading --------------------------------------------------------------------

    def pile_top(self) -> int | None:
        """Return the pile's top card, or None when the pile is empty."""
        return self.pile[-1] if self.pile else None

    def describe(self) -> str:
        """Return a short text picture of the hand, both hands shown (for debugging)."""
        lines = [f"phase {self.phase.value}, seat {self.to_move} to play, dealer {self.dealer}"]
        for seat in (0, 1):
            lines.append(f"seat {seat}: {' '.join(format_mask(self.hands[seat]))}")
        top = self.pile_top()
        lines.append(
            f"stock {len(self.stock)}, pile top {format_card(top) if top is not None else '-'}"
        )
        return "\n".join(lines)


_OUTCOMES = {Kind.KNOCK: Outcome.KNOCK, Kind.GIN: Outcome.GIN, Kind.BIG_GIN: Outcome.BIG_GIN}
