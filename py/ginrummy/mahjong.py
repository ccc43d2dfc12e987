"""Mahjong gin (es "Mahjong ginebra"): melds on the table, several discards taken at once.

The es source, whole: "Similar al gin recto, no se permite el knocking. Sin embargo, se
puede tomar más de una carta, en orden, de la parte superior de la pila de descarte. Si
se toma más de una carta, la carta de posición más baja tomada debe usarse en una mano
[...]; continúe con un descarte. Las cartas se muestran en la mesa y los oponentes pueden
agregar escaleras del mismo palo o completar un trío con la cuarta carta para obtener
puntos. Después de que un jugador tiene gin, se suman los puntos, y las cartas sobre la
mesa se suman y las cartas en la mano se restan. El jugador que hace gin recibe 25
puntos adicionales, del 2 al 9 = 5 puntos, del 10 al K = 10 puntos, A = 15 puntos."

A turn, as ``MahjongHand`` plays it (the deal and the first upcard as the rules say):

- draw: ``stock``, or ``take N``, the top N cards of the discard pile;
- after a take of several cards (phase ``meld``): a meld or addition that holds the
  lowest card taken, at once;
- then (phase ``discard``) any number of melds (``meld 7h8h9h``) and additions to any
  meld on the table, the player's own or the other's (``add 5s to 6s7s8s``), when the
  rules allow them now; and a discard (``discard Kd``);
- discarding the last card is gin (``gin Kd``); ``gin Kd`` with more cards left lays
  every meld they make on the table first (all of them must be in melds).

What the source leaves open is resolved so, each a rule or said here:

- melds go down in any turn after the draw (rule ``meld_timing``), also in the turn of
  a several-card take (rule ``meld_after_take``);
- a take of several cards is allowed only when its lowest card can go into a meld at
  once (a meld of the hand's and the taken cards, or an addition to a meld on the
  table);
- a player always keeps a card it may discard: no meld or addition may leave it only
  the card it must not discard (a card taken alone from the pile may not be discarded
  in that turn, as in every preset; after a take of several any card may be);
- a player's table cards are those it laid, in its melds or added to either player's;
- a dead hand (two cards left in the stock) scores nothing, as in the other presets.

>>> from ginrummy.rules import find_rules
>>> from ginrummy.cards import parse_mask
>>> hand = MahjongHand(find_rules("mahjong"), list(range(52)), dealer=1)
>>> [a.text for a in hand.legal_actions()]
['pass', 'take 1']
>>> hand.melder.mask_value(parse_mask("7h 8h 9h Ks Kc Kd As Ac Ad"))
90
"""

from __future__ import annotations

from typing import Any

from . import actions as act
from .actions import Action, Kind
from .cards import (
    SUIT_MASK,
    card_list,
    format_card,
    format_mask,
    mask_of,
    parse_cards,
    parse_mask,
)
from .melds import Melder, all_runs, sets_of, union
from .rules import Flow, MeldTiming, Rules
from .scoring import HandScore, Outcome, Rule, ScoreLine
from .state import Event, Hand, Phase, melder_for


def melds_in(melder: Melder, hand: int, need: int = 0) -> list[int]:
    """Return every meld (a set of 3 or 4, a run of 3 or more) made of cards of ``hand``
    that holds all the cards of ``need``, sets first by rank, then runs by suit.

    >>> from ginrummy.cards import parse_mask, format_mask
    >>> from ginrummy.melds import melder
    >>> ["".join(format_mask(m)) for m in melds_in(melder(), parse_mask("5s 6s 7s 8s 8c"))]
    ['5s6s7s', '5s6s7s8s', '6s7s8s']
    """
    out = []
    needed = card_list(need)
    ranks = sorted({card % 13 for card in needed}) if need else range(13)
    suits = sorted({card // 13 for card in needed}) if need else range(4)
    for rank in ranks:
        out += [meld for meld in sets_of(hand, rank) if meld & need == need]
    for suit in suits:
        held = hand >> suit * 13 & SUIT_MASK
        for run in all_runs(melder.round_the_corner):
            meld = run << suit * 13
            if run & held == run and meld & need == need:
                out.append(meld)
    return out


def score_gin(
    rules: Rules, melder: Melder, winner: int, laid: list[int], hands: list[int]
) -> HandScore:
    """Score a Mahjong gin by ``winner``: each player's table cards (``laid``) for it, the
    cards still in its hand (``hands``) against it, and the gin bonus to the winner.

    >>> from ginrummy.rules import find_rules
    >>> from ginrummy.cards import parse_mask
    >>> from ginrummy.state import melder_for
    >>> rules = find_rules("mahjong")
    >>> score = score_gin(rules, melder_for(rules), 0, [parse_mask("As Ac Ad"),
    ...                   parse_mask("7h 8h 9h")], [0, parse_mask("Kd")])
    >>> score.points
    (70, 5)
    """
    lines = []
    for seat in (winner, 1 - winner):
        if laid[seat]:
            count = laid[seat].bit_count()
            note = f"{count} cards on the table"
            lines.append(ScoreLine(seat, melder.mask_value(laid[seat]), Rule.TABLE, note))
        if seat == winner:
            lines.append(ScoreLine(seat, rules.gin_bonus, Rule.GIN, "gin bonus"))
        elif hands[seat]:
            note = f"{hands[seat].bit_count()} cards in hand"
            lines.append(ScoreLine(seat, -melder.mask_value(hands[seat]), Rule.HAND, note))
    points = [0, 0]
    for line in lines:
        points[line.seat] += line.points
    return HandScore(Outcome.GIN, winner, (points[0], points[1]), tuple(lines))


class MahjongHand(Hand):
    """One hand of Mahjong gin: the ``Hand`` deal and draws, melds on the table, no knock."""

    def __init__(self, rules: Rules, deck: list[int], dealer: int) -> None:
        """Deal ``deck`` (top card first) as ``rules`` say, ``dealer`` dealing.

        :raises ValueError: when ``deck`` is not the 52 cards once each.
        """
        super().__init__(rules, deck, dealer)
        self.melds: list[int] = []
        """The melds on the table, in the order they were laid, with their additions."""
        self.owners: list[int] = []
        """For each meld on the table, the seat that laid it."""
        self.laid = [0, 0]
        """Per seat, the cards it put on the table (its melds and its additions)."""
        self.forced: int | None = None
        """After a take of several cards: the lowest of them, which must be melded now."""
        self.several = False
        """This turn's draw took several cards from the pile."""

    def copy(self) -> MahjongHand:
        """Return an independent copy of this hand (for search)."""
        other = super().copy()
        assert isinstance(other, MahjongHand)
        other.melds = list(self.melds)
        other.owners = list(self.owners)
        other.laid = list(self.laid)
        return other

    def table_points(self, seat: int) -> int:
        """Return the value of the cards ``seat`` has on the table."""
        return self.melder.mask_value(self.laid[seat])

    # --- legal actions --------------------------------------------------------------

    def _compute_legal(self) -> list[Action]:
        """Return the actions allowed now, sorted."""
        phase = self.phase
        if phase is Phase.FIRST_UPCARD:
            return [act.PASS, act.take(1)]
        if phase is Phase.DRAW:
            if self.events and self.events[-1].action == "pass":
                return [act.STOCK]  # both passed the first upcard: the non-dealer draws
            counts = range(1, len(self.pile) + 1)
            return [act.STOCK, *(act.take(count) for count in counts if self.can_take(count))]
        if phase is Phase.MELD:
            return sorted(self._lays(self.hands[self.to_move], self.forced), key=Action.sort_key)
        if phase is Phase.DISCARD:
            return self._play_actions()
        return []

    def can_take(self, count: int) -> bool:
        """Return whether the top ``count`` cards of the pile may be taken: one always;
        several when the lowest of them can go into a meld at once."""
        if count == 1:
            return True
        return bool(self.forced_lays(count))

    def forced_lays(self, count: int) -> list[Action]:
        """Return the melds and additions that would put the lowest of the top ``count``
        cards of the pile on the table at once, were the player to move to take them."""
        taken = self.pile[-count:]
        return self._lays(self.hands[self.to_move] | mask_of(taken), taken[0])

    def may_lay(self) -> bool:
        """Return whether the player to move may lay melds other than a forced one now
        (the ``meld_after_take`` rule: not after a take of several, when off)."""
        return not self.several or self.rules.meld_after_take

    def _keepable(self, hand: int) -> int:
        """Return the cards of ``hand`` the player may discard this turn: all but a card
        just taken alone from the pile."""
        return hand if self.taken is None else hand & ~(1 << self.taken)

    def _lays(self, hand: int, required: int | None = None) -> list[Action]:
        """Return the melds and additions of cards of ``hand`` (holding ``required`` when
        given) that leave the player a card it may discard."""
        keep = self._keepable(hand)
        need = 0 if required is None else 1 << required
        out = [act.meld(meld) for meld in melds_in(self.melder, hand, need) if keep & ~meld]
        for onto in self.melds:
            for cards in self.melder.extensions(onto, hand):
                if cards & need == need and keep & ~cards:
                    out.append(act.add(cards, onto))
        return out

    def _play_actions(self) -> list[Action]:
        """Return the discards, gins, melds and additions allowed after the draw."""
        hand = self.hands[self.to_move]
        may_lay = self.may_lay()
        out = []
        for card in card_list(hand):
            if card == self.taken:
                continue
            rest = hand & ~(1 << card)
            if not rest:
                out.append(act.gin(card))
                continue
            out.append(act.discard(card))
            if may_lay and self.melder.deadwood(rest) == 0:
                out.append(act.gin(card))
        if may_lay and self.rules.meld_timing is MeldTiming.ANY_TURN:
            out += self._lays(hand)
        return sorted(out, key=Action.sort_key)

    # --- why not --------------------------------------------------------------------

    def why_illegal(self, move: Action) -> str:
        """Return a sentence saying why ``move`` is not allowed now."""
        where = f"(phase {self.phase.value}, seat {self.to_move} to play)"
        return f"{move.text!r} is not allowed {where}: {self._reason(move)}"

    def _reason(self, move: Action) -> str:
        """Return why ``move`` is not allowed now, in a few words."""
        phase, kind = self.phase, move.kind
        if phase is Phase.HAND_OVER or phase is Phase.MATCH_OVER:
            return "the hand is over"
        if kind in (Kind.KNOCK, Kind.BIG_GIN):
            return "Mahjong gin has no knocking: go gin by discarding your last card"
        if kind in (Kind.LAYOFF, Kind.DONE):
            return "Mahjong gin has no lay-offs: add to a meld on the table with 'add'"
        if kind is Kind.UPCARD:
            return "in Mahjong gin a card is taken from the pile with 'take 1'"
        if kind is Kind.TAKE and phase in (Phase.DRAW, Phase.FIRST_UPCARD):
            return self._take_reason(move)
        if kind in (Kind.MELD, Kind.ADD) and phase in (Phase.MELD, Phase.DISCARD):
            return self._lay_reason(move)
        if phase is Phase.MELD:
            return f"the lowest card taken, {self._forced_text()}, must go into a meld first"
        if kind in (Kind.DISCARD, Kind.GIN) and phase is Phase.DISCARD and move.card is not None:
            return self._discard_reason(move.kind, move.card)
        allowed = ", ".join(repr(a.text) for a in self.legal_actions())
        return f"it is not a move of this phase; allowed: {allowed}"

    def _forced_text(self) -> str:
        """Return the card that must be melded now, as text."""
        return "-" if self.forced is None else format_card(self.forced)

    def _take_reason(self, move: Action) -> str:
        """Return why a take is not allowed now."""
        count = move.count or 0
        if self.phase is Phase.FIRST_UPCARD:
            return "only the first upcard is offered: 'take 1' or 'pass'"
        if self.events and self.events[-1].action == "pass":
            return "both players passed the first upcard: draw from the stock"
        if count > len(self.pile):
            return f"the discard pile holds {len(self.pile)} cards"
        lowest = format_card(self.pile[-count])
        return f"the lowest card taken, {lowest}, must go into a meld at once, and it fits none"

    def _lay_reason(self, move: Action) -> str:
        """Return why a meld or an addition is not allowed now."""
        hand = self.hands[self.to_move]
        cards = move.cards or 0
        missing = cards & ~hand
        if missing:
            return f"seat {self.to_move} does not hold {format_card(card_list(missing)[0])}"
        if move.kind is Kind.MELD and not self.melder.is_meld(cards):
            return f"{''.join(format_mask(cards))} is not a meld"
        onto = move.onto or 0
        if move.kind is Kind.ADD and onto not in self.melds:
            return f"there is no meld {''.join(format_mask(onto))} on the table"
        if move.kind is Kind.ADD and not self.melder.is_meld(cards | onto):
            return f"{''.join(format_mask(cards))} does not extend {''.join(format_mask(onto))}"
        if self.phase is Phase.MELD and self.forced is not None and not cards >> self.forced & 1:
            return f"the lowest card taken, {self._forced_text()}, must go into a meld first"
        if not self._keepable(hand) & ~cards:
            return "a player must keep a card it may discard"
        if not self.may_lay():
            return "after taking several cards and melding the lowest, the turn ends with a discard"
        return "melds go on the table only when going gin: play 'gin' with your discard"

    def _discard_reason(self, kind: Kind, card: int) -> str:
        """Return why a discard or a gin with ``card`` is not allowed now."""
        hand = self.hands[self.to_move]
        if not hand >> card & 1:
            return f"seat {self.to_move} does not hold {format_card(card)}"
        if card == self.taken:
            return "a card just taken from the pile may not be discarded in the same turn"
        rest = hand & ~(1 << card)
        if kind is Kind.DISCARD:
            return f"that is your last card: play 'gin {format_card(card)}'"
        if not self.may_lay():
            return "after taking several cards, gin only by discarding the last card"
        return f"{''.join(format_mask(rest))} is not all in melds"

    # --- playing --------------------------------------------------------------------

    def apply(self, move: Action) -> None:
        """Play ``move`` without checking it: the caller must know it is legal.

        For search and for ``play`` after its check; an illegal move here corrupts
        the hand.
        """
        kind = move.kind
        seat = self.to_move
        if kind is Kind.TAKE:
            self._legal = None
            assert move.count is not None
            self._take(seat, move)
        elif kind is Kind.MELD or kind is Kind.ADD:
            self._legal = None
            self._lay(seat, move)
        elif kind is Kind.GIN:
            self._legal = None
            assert move.card is not None
            self._gin(seat, move)
        else:
            if kind is Kind.STOCK:
                self.several = False
            super().apply(move)

    def _take(self, seat: int, move: Action) -> None:
        """Take the top ``move.count`` cards of the pile into ``seat``'s hand."""
        count = move.count or 1
        cards = self.pile[-count:]
        del self.pile[-count:]
        mask = mask_of(cards)
        self.hands[seat] |= mask
        self.pile_taken[seat] |= mask
        if self.phase is Phase.DRAW:
            self.pile_draws_in_a_row += 1
        self.events.append(Event(seat, move.text, card=cards[0], cards=mask))
        self.several = count > 1
        if self.several:
            self.taken, self.forced, self.phase = None, cards[0], Phase.MELD
        else:
            self.taken, self.forced, self.phase = cards[0], None, Phase.DISCARD

    def _lay(self, seat: int, move: Action) -> None:
        """Lay a meld on the table, or add cards to one, from ``seat``'s hand."""
        cards = move.cards or 0
        if move.kind is Kind.MELD:
            self.melds.append(cards)
            self.owners.append(seat)
        else:
            index = self.melds.index(move.onto or 0)
            self.melds[index] |= cards
        self._to_table(seat, cards)
        self.events.append(Event(seat, move.text, cards=cards))
        if self.phase is Phase.MELD:
            self.forced, self.phase = None, Phase.DISCARD

    def _to_table(self, seat: int, cards: int) -> None:
        """Move ``cards`` from ``seat``'s hand to its cards on the table."""
        self.hands[seat] &= ~cards
        self.pile_taken[seat] &= ~cards
        self.laid[seat] |= cards

    def _gin(self, seat: int, move: Action) -> None:
        """Go gin: discard ``move.card``, lay the rest in melds, and score the hand."""
        card = move.card
        assert card is not None
        self._discard(seat, card)
        rest = self.hands[seat]
        for meld in self.melder.best_arrangement(rest).melds:
            self.melds.append(meld)
            self.owners.append(seat)
        self._to_table(seat, rest)
        self.events.append(Event(seat, move.text, card=card, cards=rest))
        self._end(score_gin(self.rules, self.melder, seat, self.laid, self.hands))

    def describe(self) -> str:
        """Return a short text picture of the hand and the table (for debugging)."""
        melds = ", ".join(
            f"{''.join(format_mask(meld))} (seat {owner})"
            for meld, owner in zip(self.melds, self.owners, strict=True)
        )
        return f"{super().describe()}\ntable: {melds or '-'}"


def new_hand(rules: Rules, deck: list[int], dealer: int) -> Hand:
    """Return the hand ``rules`` play, dealt from ``deck`` by ``dealer``: a ``MahjongHand``
    under Mahjong gin, else a ``Hand``.

    :raises ValueError: when ``deck`` is not the 52 cards once each.
    """
    if rules.flow is Flow.MAHJONG:
        return MahjongHand(rules, deck, dealer)
    return Hand(rules, deck, dealer)


def take_report(rules: Rules, hand: str, pile: str) -> dict[str, Any]:
    """Return the takes a player holding ``hand`` may make from ``pile`` (bottom card
    first) under ``rules``: for each count from the top, the cards, the lowest, whether it
    is allowed and the melds or additions that would lay the lowest at once.

    >>> from ginrummy.rules import find_rules
    >>> report = take_report(find_rules("mahjong"), "8c 8d Kc Qs 2d", "Th 8h 3s 5s")
    >>> [(take["count"], take["allowed"], take["lays"]) for take in report["takes"]]
    [(1, True, []), (2, False, []), (3, True, ['meld 8c8d8h']), (4, False, [])]

    :raises ValueError: on bad cards, or a card both in the hand and on the pile.
    """
    cards, order = parse_mask(hand), parse_cards(pile)
    if cards & mask_of(order) or not order:
        raise ValueError("give a hand and a discard pile with no card in common")
    state = MahjongHand(rules, list(range(52)), dealer=1)
    state.hands, state.pile, state.to_move = [cards, 0], order, 0
    takes = []
    for count in range(1, len(order) + 1):
        allowed = state.can_take(count)
        lays = state.forced_lays(count) if count > 1 else []
        taken = order[-count:]
        takes.append(
            {
                "count": count,
                "action": f"take {count}",
                "cards": [format_card(card) for card in taken],
                "lowest": format_card(taken[0]),
                "allowed": allowed,
                "lays": [lay.text for lay in lays],
            }
        )
    return {"hand": format_mask(cards), "pile": [format_card(c) for c in order], "takes": takes}


def score_report(rules: Rules, laid: tuple[str, str], held: tuple[str, str]) -> dict[str, Any]:
    """Return the score of a gin by seat 0 under ``rules``, each seat having ``laid`` its
    table cards and still holding ``held``: the cards, each seat's table and hand points,
    and the hand's score with its breakdown.

    :raises ValueError: on bad cards, a card named twice, or a gin whose hand is not empty.
    """
    tables = [parse_mask(text) for text in laid]
    hands = [parse_mask(text) for text in held]
    masks = [*tables, *hands]
    if sum(mask.bit_count() for mask in masks) != union(masks).bit_count():
        raise ValueError("a card is named twice")
    if hands[0]:
        raise ValueError("the player going gin holds no card")
    melder = melder_for(rules)
    score = score_gin(rules, melder, 0, tables, hands)
    return {
        "laid": [format_mask(mask) for mask in tables],
        "hands": [format_mask(mask) for mask in hands],
        "table_points": [melder.mask_value(mask) for mask in tables],
        "hand_points": [melder.mask_value(mask) for mask in hands],
        **score.to_json(),
    }
