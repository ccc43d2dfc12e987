"""Determinised play-outs for the expert: guess the hidden cards, play the hand to its end.

A seat does not know the other hand or the order of the stock. ``sample_deal`` deals
them at random, consistently with everything the seat has seen (``Knowledge``): the
other hand holds the cards it took from the pile and still has, plus unseen cards
drawn in proportion to how likely the seat thinks each is there (cards near those it
threw away or passed on less, near those it took more); the rest of the unseen cards
are the stock, shuffled. Nothing the seat has seen (its hand, the discard pile, the
cards the other took) is ever dealt.

``Playout`` then plays the hand to its end from there, both seats with a cheap fixed
policy (the "simple" player's, a touch sharper): take the face-up card only when it
goes into a meld, throw the card that leaves the least deadwood (the highest on a tie).
The other seat goes gin or knocks as soon as the rules allow; the searching seat (seat
0) plays on for gin until the stock runs low (``HOLD_UNTIL``), as hard does. The result
is the hand's points for the seat, less the other's.

The searching seat's discards stay this cheap on purpose: a sharper policy measured no
better, and the play-outs' model of the other seat trades one opponent for another
(``docs/opponent.md``).

>>> from ginrummy.match import Match
>>> from ginrummy.view import seat_view
>>> view = seat_view(Match(seed=3), 1)
>>> from ginrummy.bot.tables import deadwood_tables
>>> from ginrummy.melds import Melder
>>> playout = Playout(view.rules, deadwood_tables(False, 1), Melder(), 10, False)
>>> know = Knowledge(view)
>>> other, stock = sample_deal(know, random.Random(1), playout, extra=2)
>>> other.bit_count(), len(stock) == view.stock_count
(10, True)
>>> other & view.hand, [card for card in stock if view.hand >> card & 1]
(0, [])
"""

from __future__ import annotations

import random

from ..cards import SUIT_MASK
from ..melds import Melder
from ..rules import Rules
from ..scoring import Outcome, score_hand
from ..showdown import takes_layoffs
from ..state import DEAD_STOCK
from .knowledge import Knowledge
from .tables import DeadwoodTables, set_choices, trip_ranks

HOLD_UNTIL = 5
"""Stock left from which the searching seat of a play-out knocks as soon as it can;
before that it goes out only with gin. A search whose play-outs knocked at once valued
playing on as a fast knocker plays it, and knocked where hard holds for gin and
undercuts. Against ``simple`` the expert won 0.737 of 600 games (seed 5, +4.69 points a
hand) that way, 0.770 (+5.58) with this; over 1,000 games (seed 1) 0.747 became 0.761
against ``simple`` and 0.499 became 0.510 against ``hard``."""
MAX_TURNS = 120
"""A safety cap on the turns of one play-out (the stock alone ends a hand in 31)."""


def sample_deal(
    know: Knowledge, rng: random.Random, playout: Playout, extra: int = 0
) -> tuple[int, list[int]]:
    """Return a guess of the hidden cards: the other hand (a mask) and the stock, top last.

    The other hand is the cards it is known to hold plus ``know.hidden_count`` unseen
    cards, each picked in proportion to its weight. With ``extra``, that many more are
    picked and the other hand keeps its best (``playout.least_discard``): a hand that has
    drawn and thrown for a while is better than a random one. The stock is every other
    unseen card.
    """
    other = know.sample_hidden(rng, extra) | know.known
    size = know.hidden_count + know.known.bit_count()
    while other.bit_count() > size:
        card, _left = playout.least_discard(other, know.known)
        other &= ~(1 << card)
    stock = [card for card in know.unseen_cards if not other >> card & 1]
    rng.shuffle(stock)
    return other, stock


class Playout:
    """Plays hands to their end with the cheap policy; one per decision, many hands."""

    def __init__(
        self,
        rules: Rules,
        tables: DeadwoodTables,
        melder: Melder,
        limit: int,
        doubled: bool,
    ) -> None:
        """Set up for ``rules`` with knock ``limit`` (0: gin only) and the spade doubling."""
        self.rules = rules
        self.tables = tables
        self.melder = melder
        self.limit = limit
        self.doubled = doubled

    def least_discard(self, hand: int, kept: int = 0) -> tuple[int, int]:
        """Return ``(card, deadwood left)``: the discard leaving the least, highest on a tie,
        never one of the cards of the mask ``kept``.

        Throwing ``x`` leaves the best of the hand's set choices that do not use ``x``
        (a rank of four keeps a set of three), each read from the per-suit run table.
        """
        tables = self.tables
        table, values = tables.runs, tables.values
        trips = trip_ranks(hand)
        best_key = (999, 0)
        best_card = -1
        for sets in set_choices(hand, trips) if trips else (0,):
            free = hand & ~sets
            masks = (free & SUIT_MASK, free >> 13 & SUIT_MASK, free >> 26 & SUIT_MASK, free >> 39)
            runs = [table[m] for m in masks]
            total = runs[0] + runs[1] + runs[2] + runs[3]
            left = free & ~kept
            while left:
                low = left & -left
                left ^= low
                card = low.bit_length() - 1
                suit = card // 13
                rank = card - suit * 13
                count = total - runs[suit] + table[masks[suit] ^ 1 << rank]
                key = (count, -values[rank] * 64 - card)
                if key < best_key:
                    best_key, best_card = key, card
        return best_card, best_key[0]

    def takes(self, hand: int, deadwood: int, card: int) -> bool:
        """Return whether the policy takes the face-up ``card``: it goes into a meld.

        ``deadwood`` is the deadwood of ``hand``.
        """
        tables = self.tables
        return tables.deadwood(hand | 1 << card) < deadwood + tables.values[card % 13]

    def go_out(self, knocker: int, hands: list[int]) -> int:
        """Return seat 0's points less seat 1's when ``knocker`` goes out with ``hands``.

        ``hands[knocker]`` is its ten cards after the discard.
        """
        melder = self.melder
        own, other = hands[knocker], hands[1 - knocker]
        count = self.tables.deadwood(own)
        kind = Outcome.KNOCK if count else Outcome.GIN
        if takes_layoffs(self.rules, kind):  # the knocker lays its best melds down
            melds = melder.best_arrangement(own).melds
            defender = melder.best_layoffs(melds, other).arrangement.count
        else:
            defender = self.tables.deadwood(other)
        score = score_hand(
            self.rules,
            knocker=knocker,
            kind=kind,
            knocker_count=count,
            defender_count=defender,
            doubled=self.doubled,
        )
        return score.points[0] - score.points[1]

    def play(
        self,
        hands: list[int],
        stock: list[int],
        top: int | None,
        to_move: int,
        drawn: bool = False,
        taken: int | None = None,
    ) -> int:
        """Play the hand to its end and return seat 0's points less seat 1's.

        Seat 0 is the searching seat: it knocks only once the stock is down to
        ``HOLD_UNTIL`` cards (gin at any time); seat 1 goes out as soon as it can.

        ``hands`` (changed in place) are the two seats' cards, ``stock`` the stock top
        last (popped), ``top`` the face-up card; ``to_move`` draws next, or discards
        when ``drawn`` (then it may not throw ``taken``, the card it just took).
        """
        limit = self.limit
        seat = to_move
        deadwood = self.tables.deadwood
        counts = [deadwood(hands[0]), deadwood(hands[1])]
        for _ in range(MAX_TURNS):
            hand = hands[seat]
            if not drawn:
                if top is not None and self.takes(hand, counts[seat], top):
                    hand |= 1 << top
                    taken = top
                else:
                    hand |= 1 << stock.pop()
                    taken = None
            drawn = False
            card, count = self.least_discard(hand, 0 if taken is None else 1 << taken)
            hand &= ~(1 << card)
            hands[seat] = hand
            counts[seat] = count
            if count <= limit and (seat == 1 or count == 0 or len(stock) <= HOLD_UNTIL):
                return self.go_out(seat, hands)
            if len(stock) <= DEAD_STOCK:
                return 0
            top = card
            seat = 1 - seat
        return 0  # two seats passing cards back and forth: call it a dead hand
