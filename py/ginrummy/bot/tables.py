"""Fast deadwood arithmetic for the opponent's look-ahead.

The engine's ``Melder`` answers one hand at a time. The opponent asks the same
question for a hand plus each card it might draw: "after drawing ``c`` and making
the best discard, how much deadwood is left?" Two per-suit tables answer it in a
few look-ups: ``runs[m]``, the least deadwood of a 13-bit suit mask using runs only
(the engine's table, rebuilt here), and ``drop[m]``, the least of ``runs[m - x]``
over the cards ``x`` of ``m``. Sets are handled by trying each choice of sets, as
the engine does.

>>> from ginrummy.cards import parse_mask, parse_card
>>> tables = deadwood_tables(False, 1)
>>> hand = parse_mask("As 2s 7h 8h 9h Tc Jd Qd Kd 5c")
>>> tables.deadwood(hand), tables.after_draw(hand, parse_card("3s"))
(18, 5)

Counting cards instead of points (``per_card``), the same hand has four cards out of
melds, and one after the three of spades:

>>> counted = deadwood_tables(False, 1, 8)
>>> counted.deadwood(hand), counted.after_draw(hand, parse_card("3s"))
(32, 8)
"""

from __future__ import annotations

import functools

from ..cards import SUIT_MASK, card_value
from ..melds import all_runs

_RANK_LINE = 1 | 1 << 13 | 1 << 26 | 1 << 39
NO_CARD = 999
"""Stands for "no card to drop" in the ``drop`` table (an empty suit)."""


def trip_ranks(hand: int) -> int:
    """Return the 13-bit mask of ranks with three or four cards in ``hand``."""
    a, b, c, d = hand & SUIT_MASK, hand >> 13 & SUIT_MASK, hand >> 26 & SUIT_MASK, hand >> 39
    return a & b & (c | d) | c & d & (a | b)


def set_choices(hand: int, trips: int) -> list[int]:
    """Return every way to choose sets in ``hand`` as masks, the empty choice first."""
    choices = [0]
    while trips:
        low = trips & -trips
        rank = low.bit_length() - 1
        trips ^= low
        line = hand & _RANK_LINE << rank
        options = [line]
        if line.bit_count() == 4:
            options += [line & ~(1 << (rank + 13 * suit)) for suit in range(4)]
        choices = [chosen | option for chosen in choices for option in (0, *options)]
    return choices


class DeadwoodTables:
    """Per-suit tables for one ace rule, and deadwood questions answered with them."""

    def __init__(self, round_the_corner: bool, ace_value: int, per_card: int = 0) -> None:
        """Build the run-only table and the drop table for this ace rule.

        With ``per_card`` every card counts that many points instead of its value: the
        count of cards left out of melds, which is what a race to gin turns on.
        """
        if per_card:
            values = [per_card] * 13
        else:
            values = [card_value(rank, ace_value) for rank in range(13)]
        self.values = values
        runs = all_runs(round_the_corner)
        runs_from = [
            [run for run in runs if run >> i & 1 and not run & ((1 << i) - 1)] for i in range(13)
        ]
        size = 1 << 13
        table = [0] * size
        for mask in range(1, size):
            low = mask & -mask
            i = low.bit_length() - 1
            best = values[i] + table[mask ^ low]
            for run in runs_from[i]:
                if run & mask == run:
                    rest = table[mask ^ run]
                    if rest < best:
                        best = rest
            table[mask] = best
        drop = [NO_CARD] * size
        for mask in range(1, size):
            best = NO_CARD
            left = mask
            while left:
                low = left & -left
                left ^= low
                value = table[mask ^ low]
                if value < best:
                    best = value
            drop[mask] = best
        self.runs = table
        """Least deadwood of each 13-bit suit mask, with runs only."""
        self.drop = drop
        """Least of ``runs[mask - x]`` over the cards ``x`` of the mask (``NO_CARD`` if empty)."""

    def deadwood(self, hand: int) -> int:
        """Return the least deadwood count of ``hand`` (a card mask of any size)."""
        table = self.runs
        trips = trip_ranks(hand)
        if not trips:
            return (
                table[hand & SUIT_MASK]
                + table[hand >> 13 & SUIT_MASK]
                + table[hand >> 26 & SUIT_MASK]
                + table[hand >> 39]
            )
        best = NO_CARD
        for sets in set_choices(hand, trips):
            free = hand & ~sets
            total = (
                table[free & SUIT_MASK]
                + table[free >> 13 & SUIT_MASK]
                + table[free >> 26 & SUIT_MASK]
                + table[free >> 39]
            )
            if total < best:
                best = total
        return best

    def least_after_discard(self, hand: int) -> int:
        """Return the least deadwood of ``hand`` less any one of its cards."""
        table, drop = self.runs, self.drop
        best = NO_CARD
        trips = trip_ranks(hand)
        for sets in set_choices(hand, trips) if trips else (0,):
            free = hand & ~sets
            if not free:
                continue
            a, b = free & SUIT_MASK, free >> 13 & SUIT_MASK
            c, d = free >> 26 & SUIT_MASK, free >> 39
            ta, tb, tc, td = table[a], table[b], table[c], table[d]
            total = ta + tb + tc + td
            gain = min(drop[a] - ta, drop[b] - tb, drop[c] - tc, drop[d] - td)
            if total + gain < best:
                best = total + gain
        return best

    def after_draw(self, hand: int, card: int) -> int:
        """Return the least deadwood after adding ``card`` to ``hand`` and discarding one card."""
        return self.least_after_discard(hand | 1 << card)

    def draw_outcomes(self, hand: int, cards: list[int]) -> list[int]:
        """Return ``after_draw(hand, c)`` for each card ``c`` of ``cards``, quickly.

        A card whose rank is not already a pair in the hand makes no new set, so the set
        choices of the hand stay those of the hand with the card; for each choice the
        answer is read from the hand's per-suit figures, changed in the card's suit only.
        Other cards take the general way.
        """
        table, drop = self.runs, self.drop
        trips = trip_ranks(hand)
        prepared = []
        for sets in set_choices(hand, trips) if trips else (0,):
            free = hand & ~sets
            masks = (free & SUIT_MASK, free >> 13 & SUIT_MASK, free >> 26 & SUIT_MASK, free >> 39)
            runs = [table[m] for m in masks]
            gains = [drop[m] - table[m] for m in masks]
            others = [min(gains[t] for t in range(4) if t != s) for s in range(4)]
            prepared.append((masks, runs, sum(runs), others))
        single = len(prepared) == 1
        out = []
        for card in cards:
            suit = card // 13
            rank = card - suit * 13
            if (hand & _RANK_LINE << rank).bit_count() >= 2:
                out.append(self.least_after_discard(hand | 1 << card))
                continue
            bit = 1 << rank
            best = NO_CARD
            for masks, runs, total, others in prepared:
                mask = masks[suit] | bit
                in_suit = drop[mask]
                elsewhere = table[mask] + others[suit]
                value = total - runs[suit] + (in_suit if in_suit < elsewhere else elsewhere)
                if value < best:
                    best = value
                if single:
                    break
            out.append(best)
        return out


@functools.cache
def deadwood_tables(round_the_corner: bool, ace_value: int, per_card: int = 0) -> DeadwoodTables:
    """Return the shared tables for an ace rule (every card ``per_card`` if set), made once."""
    return DeadwoodTables(round_the_corner, ace_value, per_card)
