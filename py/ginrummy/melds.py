"""Meld arithmetic on card masks: deadwood, arrangements, discards and lay-offs.

The solver is exact and fast. A set uses every card of its rank but at most one
(at most one set per rank fits in a hand), so the ways to choose sets are few: none
for most hands, at most 72 for 11 cards. Once the sets are chosen, the cards left in
each suit can only form runs, and the least deadwood of a suit's 13-bit mask comes
from a table of 8,192 entries made once per ace rule. A hand's deadwood is then the
least, over the set choices, of four table look-ups.

>>> from ginrummy.cards import parse_mask, format_mask
>>> melder = Melder()
>>> melder.deadwood(parse_mask("As 2s 3s 7h 8h 9h Tc Jd Qd Kd"))
10
>>> arrangement = melder.best_arrangement(parse_mask("7s 7d 7c 7h 8h 9h"))
>>> [format_mask(meld) for meld in arrangement.melds], arrangement.count
([['7s', '7c', '7d'], ['7h', '8h', '9h']], 0)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from .cards import SUIT_MASK, card_value, cards_of, format_card, format_mask, rank_of, suit_of

_SUIT_BITS = 13
Layout = tuple[tuple[int, ...], int]
"""Runs (card masks) and the deadwood mask of one least-deadwood split of a suit."""
_RANK_LINE = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""The four aces; shifted left by a rank, the four cards of that rank."""


def _suit_masks(hand: int) -> tuple[int, int, int, int]:
    """Return the 13-bit masks of ``hand`` in spades, clubs, diamonds and hearts."""
    return (hand & SUIT_MASK, hand >> 13 & SUIT_MASK, hand >> 26 & SUIT_MASK, hand >> 39)


def _interval(start: int, length: int) -> int:
    """Return the 13-bit mask of ``length`` ranks from ``start`` upward, turning the corner."""
    mask = 0
    for step in range(length):
        mask |= 1 << (start + step) % _SUIT_BITS
    return mask


def all_runs(round_the_corner: bool) -> tuple[int, ...]:
    """Return every run of one suit as a 13-bit mask: 3+ ranks in sequence.

    With ``round_the_corner`` a run may continue from the king to the ace and two.

    >>> len(all_runs(False)), len(all_runs(True))
    (66, 131)
    """
    runs = [_interval(start, length) for start in range(13) for length in range(3, 14 - start)]
    if round_the_corner:
        runs += [
            _interval(start, length)
            for start in range(1, 13)
            for length in range(3, 13)
            if start + length > 13
        ]
    return tuple(runs)


def _nested_chains(runs: Iterable[int]) -> tuple[tuple[int, ...], ...]:
    """Group ``runs`` into chains, each run in a chain holding the one before it.

    >>> [[bin(run) for run in chain] for chain in _nested_chains([0b111, 0b1111, 0b1110])]
    [['0b111', '0b1111'], ['0b1110']]
    """
    chains: list[list[int]] = []
    for run in sorted(runs, key=int.bit_count):
        for chain in chains:
            if chain[-1] & run == chain[-1]:
                chain.append(run)
                break
        else:
            chains.append([run])
    return tuple(map(tuple, chains))


def meld_order(meld: int) -> list[int]:
    """Return the cards of ``meld`` in the order a player lays them down.

    A set by suit; a run by rank from its lowest card, and a run round the corner
    from the card after its gap, so that Q K A 2 reads so rather than A 2 Q K.

    >>> from ginrummy.cards import parse_mask, format_card
    >>> [format_card(card) for card in meld_order(parse_mask("Ah 2h Qh Kh"))]
    ['Qh', 'Kh', 'Ah', '2h']
    """
    cards = list(cards_of(meld))
    if len({suit_of(card) for card in cards}) > 1:
        return cards
    gaps = [(cards[i] - cards[i - 1]) % _SUIT_BITS for i in range(len(cards))]
    start = max(range(len(cards)), key=lambda i: gaps[i]) if max(gaps) > 1 else 0
    return cards[start:] + cards[:start]


def format_meld(meld: int) -> list[str]:
    """Return the card texts of ``meld`` in laying order (``meld_order``)."""
    return [format_card(card) for card in meld_order(meld)]


class Arrangement(NamedTuple):
    """Melds and deadwood of a hand: ``melds`` and ``deadwood`` are card masks.

    A named tuple rather than a dataclass: the solver makes one per call, and a tuple
    is made three times faster.
    """

    melds: tuple[int, ...]
    """The melds, each a card mask, in display order."""
    deadwood: int
    """The mask of the cards in no meld."""
    count: int  # type: ignore[assignment]  # a field, shadowing tuple.count on purpose
    """The deadwood count: the sum of the values of the deadwood cards."""

    def to_json(self) -> dict[str, object]:
        """Return the arrangement as JSON-ready data with card texts, melds in laying order."""
        return {
            "melds": [format_meld(meld) for meld in self.melds],
            "deadwood_cards": format_mask(self.deadwood),
            "deadwood": self.count,
        }


@dataclass(frozen=True)
class Layoffs:
    """The defender's best answer to a knock: its lay-offs and the arrangement of the rest."""

    cards: tuple[tuple[int, int], ...]
    """Each laid-off card with the index of the knocker's meld it goes on, in laying order."""
    arrangement: Arrangement
    """The defender's melds and deadwood after the lay-offs."""

    @property
    def mask(self) -> int:
        """Return the mask of the laid-off cards."""
        mask = 0
        for card, _ in self.cards:
            mask |= 1 << card
        return mask


class Melder:
    """Meld arithmetic for one ace rule (ace low or round the corner, and its value)."""

    def __init__(
        self,
        round_the_corner: bool = False,
        ace_value: int = 1,
        values: tuple[int, ...] | None = None,
    ) -> None:
        """Make the per-suit tables for ``round_the_corner`` runs and ``ace_value`` aces;
        ``values`` (by rank from the ace) replaces the usual card values when given."""
        self.round_the_corner = round_the_corner
        self.ace_value = ace_value
        self._values = values or tuple(card_value(rank, ace_value) for rank in range(13))
        runs = all_runs(round_the_corner)
        # Runs that hold rank ``i`` and nothing below it: the only runs that can hold the
        # lowest card of a mask (a run round the corner holds the ace, so it is listed at 0).
        self._runs_from = tuple(
            tuple(run for run in runs if run >> i & 1 and not run & ((1 << i) - 1))
            for i in range(13)
        )
        self._run_masks = frozenset(runs)
        self._table = self._make_table()
        self._by_suit: tuple[dict[int, Layout], ...] = ({}, {}, {}, {})
        """Per suit: the run layout of each suit mask seen so far, moved to the suit's place.
        Filled on first use: making all 4 x 8192 at once (or even the 8192 of one suit)
        would slow a cold page's first deal."""
        self._removals: dict[int, tuple[tuple[int, int], ...]] = {}
        """Per suit and suit mask, filled on first use: each card with the suit's count
        without it. Keyed by ``mask << 2 | suit``."""

    def _make_table(self) -> list[int]:
        """Return, for every 13-bit suit mask, its least deadwood using runs only.

        Masks are filled by their lowest rank, highest first, so the smaller masks each
        one reads are done. The runs from a rank are walked as chains of nested runs (see
        ``_nested_chains``): a run the mask lacks ends its chain, as every longer one
        holds it. (A cold page's first deal waits for this table; the chains make it
        about 2.5 times quicker.)
        """
        table = [0] * (1 << _SUIT_BITS)
        values = self._values
        for i in range(_SUIT_BITS - 1, -1, -1):
            low, value, chains = 1 << i, values[i], _nested_chains(self._runs_from[i])
            for upper in range(0, 1 << _SUIT_BITS, low << 1):  # the masks above rank i
                mask = upper | low
                best = value + table[upper]
                for chain in chains:
                    for run in chain:
                        if run & mask != run:
                            break
                        if table[mask ^ run] < best:
                            best = table[mask ^ run]
                table[mask] = best
        return table

    def _layout(self, mask: int) -> Layout:
        """Return one split of a 13-bit ``mask`` reaching its least deadwood: the runs
        (equal ones kept longest, touching ones joined) and the deadwood mask."""
        table, values, runs_from = self._table, self._values, self._runs_from
        runs: list[int] = []
        dead = 0
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            best, best_run = values[i] + table[mask ^ low], 0
            for run in runs_from[i]:  # shortest first: the longest of equal runs wins
                if run & mask == run and table[mask ^ run] <= best:
                    best, best_run = table[mask ^ run], run
            if best_run:
                runs.append(best_run)
                mask ^= best_run
            else:
                dead |= low
                mask ^= low
        if self.round_the_corner:
            runs = self._join_runs(runs)
        return tuple(runs), dead

    def value(self, card: int) -> int:
        """Return the deadwood value of ``card`` under this melder's card values."""
        return self._values[card % 13]

    def mask_value(self, mask: int) -> int:
        """Return the sum of the values of the cards of ``mask``."""
        return sum(self._values[card % 13] for card in cards_of(mask))

    # --- deadwood -------------------------------------------------------------------

    def deadwood(self, hand: int) -> int:
        """Return the least deadwood count of ``hand`` (a card mask of any size)."""
        a, b, c, d = hand & SUIT_MASK, hand >> 13 & SUIT_MASK, hand >> 26 & SUIT_MASK, hand >> 39
        trips = a & b & (c | d) | c & d & (a | b)
        if not trips:
            table = self._table
            return table[a] + table[b] + table[c] + table[d]
        return self._best_sets(hand, trips)[1]

    def _best_sets(self, hand: int, trips: int) -> tuple[int, int]:
        """Return the choice of sets (a mask) with the least deadwood, and that deadwood.

        ``trips`` has bit ``r`` for each rank with three or four cards in ``hand``.
        """
        table = self._table
        best_sets, best = 0, 999
        for sets in _set_choices(hand, trips):
            free = hand & ~sets
            total = (
                table[free & SUIT_MASK]
                + table[free >> 13 & SUIT_MASK]
                + table[free >> 26 & SUIT_MASK]
                + table[free >> 39]
            )
            if total < best:
                best_sets, best = sets, total
        return best_sets, best

    def discard_deadwoods(self, hand: int) -> dict[int, int]:
        """Return, for each card of ``hand`` in ascending order, the least deadwood after
        discarding it.

        Every discard is tried: the shortcut of dropping the highest deadwood card of
        the best arrangement of the whole hand is wrong (see the tests).
        """
        a, b, c, d = hand & SUIT_MASK, hand >> 13 & SUIT_MASK, hand >> 26 & SUIT_MASK, hand >> 39
        trips = a & b & (c | d) | c & d & (a | b)
        if not trips:
            return self._discards_by_runs(a, b, c, d)
        result: dict[int, int] = dict.fromkeys(cards_of(hand), 999)
        for sets in _set_choices(hand, trips):
            free = hand & ~sets
            runs_only = self._discards_by_runs(
                free & SUIT_MASK, free >> 13 & SUIT_MASK, free >> 26 & SUIT_MASK, free >> 39
            )
            for card, count in runs_only.items():
                if count < result[card]:
                    result[card] = count
        return result

    def _discards_by_runs(self, a: int, b: int, c: int, d: int) -> dict[int, int]:
        """Return the least deadwood after each discard from four suit masks, runs only."""
        table, removals = self._table, self._removals
        ta, tb, tc, td = table[a], table[b], table[c], table[d]
        total = ta + tb + tc + td
        result: dict[int, int] = {}
        for suit, mask, suit_total in ((0, a, ta), (1, b, tb), (2, c, tc), (3, d, td)):
            if mask:
                key = mask << 2 | suit
                pairs = removals.get(key)
                if pairs is None:
                    pairs = removals[key] = self._removal_pairs(mask, suit)
                rest = total - suit_total
                for card, count in pairs:
                    result[card] = rest + count
        return result

    def _removal_pairs(self, mask: int, suit: int) -> tuple[tuple[int, int], ...]:
        """Return (card, least run-only deadwood of the suit without it) for each card of a
        suit's ``mask``."""
        table = self._table
        return tuple(
            (suit * 13 + rank, table[mask & ~(1 << rank)]) for rank in range(13) if mask >> rank & 1
        )

    def least_discard(self, hand: int) -> tuple[int, int]:
        """Return ``(card, deadwood)``: the discard leaving the least deadwood, and that count.

        Ties go to the highest-value card, then to the highest card.
        """
        counts = self.discard_deadwoods(hand)
        card = min(counts, key=lambda c: (counts[c], -self._values[c % 13], -c))
        return card, counts[card]

    # --- arrangements ---------------------------------------------------------------

    def arrangements(self, hand: int) -> list[Arrangement]:
        """Return every least-deadwood arrangement of ``hand``, each once.

        Runs that touch are shown as one run, since laying them down apart changes
        nothing. They come in a fixed order, the longest melds first.
        """
        found: dict[tuple[int, ...], Arrangement] = {}
        best = self.deadwood(hand)
        a, b, c, d = _suit_masks(hand)
        trips = a & b & (c | d) | c & d & (a | b)
        for sets in _set_choices(hand, trips) if trips else (0,):
            free = hand & ~sets
            suit_masks = _suit_masks(free)
            if sum(self._table[m] for m in suit_masks) != best:
                continue
            set_melds = _split_sets(sets)
            per_suit = [self._suit_layouts(mask, suit) for suit, mask in enumerate(suit_masks)]
            for layout in itertools.product(*per_suit):
                runs = [run for suit_runs, _ in layout for run in suit_runs]
                dead = 0
                for _, suit_dead in layout:
                    dead |= suit_dead
                melds = tuple(sorted(set_melds + runs, key=_meld_order))
                if melds not in found:
                    found[melds] = Arrangement(melds, dead, best)
        return sorted(
            found.values(),
            key=lambda arr: (-max(map(int.bit_count, arr.melds), default=0), arr.melds),
        )

    def best_arrangement(self, hand: int) -> Arrangement:
        """Return one least-deadwood arrangement of ``hand``, runs as long as they go.

        Much faster than ``arrangements``: it reads one answer off the tables.
        """
        a, b, c, d = hand & SUIT_MASK, hand >> 13 & SUIT_MASK, hand >> 26 & SUIT_MASK, hand >> 39
        trips = a & b & (c | d) | c & d & (a | b)
        if trips:
            sets, count = self._best_sets(hand, trips)
            free = hand & ~sets
            a, b, c, d = (
                free & SUIT_MASK,
                free >> 13 & SUIT_MASK,
                free >> 26 & SUIT_MASK,
                free >> 39,
            )
        else:
            table = self._table
            sets, count = 0, table[a] + table[b] + table[c] + table[d]
        spades, clubs, diamonds, hearts = self._by_suit
        runs_a, dead_a = spades.get(a) or self._shifted_layout(0, a)
        runs_b, dead_b = clubs.get(b) or self._shifted_layout(1, b)
        runs_c, dead_c = diamonds.get(c) or self._shifted_layout(2, c)
        runs_d, dead_d = hearts.get(d) or self._shifted_layout(3, d)
        melds = runs_a + runs_b + runs_c + runs_d
        if sets:
            melds = tuple(_split_sets(sets)) + melds
        return Arrangement(melds, dead_a | dead_b | dead_c | dead_d, count)

    def _shifted_layout(self, suit: int, mask: int) -> Layout:
        """Return the run layout of the 13-bit ``mask`` moved to ``suit``'s place, and keep it."""
        runs, dead = self._layout(mask)
        shift = 13 * suit
        layout = self._by_suit[suit][mask] = (tuple(run << shift for run in runs), dead << shift)
        return layout

    def _suit_layouts(self, mask: int, suit: int) -> list[tuple[list[int], int]]:
        """Return each least-deadwood split of a suit into runs (touching runs joined)."""
        layouts: dict[tuple[int, ...], tuple[list[int], int]] = {}
        for runs, dead in self._suit_splits(mask):
            joined = self._join_runs(runs)
            key = tuple(joined)
            if key not in layouts:
                layouts[key] = ([run << suit * 13 for run in joined], dead << suit * 13)
        return list(layouts.values())

    def _suit_splits(self, mask: int) -> list[tuple[list[int], int]]:
        """Return every least-deadwood way to split a 13-bit mask into runs and deadwood."""
        if not mask:
            return [([], 0)]
        table, target = self._table, self._table[mask]
        low = mask & -mask
        i = low.bit_length() - 1
        out = []
        if self._values[i] + table[mask ^ low] == target:
            out += [(runs, dead | low) for runs, dead in self._suit_splits(mask ^ low)]
        for run in self._runs_from[i]:
            if run & mask == run and table[mask ^ run] == target:
                out += [([run, *runs], dead) for runs, dead in self._suit_splits(mask ^ run)]
        return out

    def _join_runs(self, runs: list[int]) -> list[int]:
        """Return the runs of one suit with touching runs joined, in ascending order."""
        union = 0
        for run in runs:
            union |= run
        joined = []
        while union:
            piece = union & -union
            grown = piece
            while True:  # grow the piece by its neighbours until it stops changing
                step = (grown << 1 | grown >> 1) & union
                if self.round_the_corner:
                    step |= (grown >> 12 | (grown & 1) << 12) & union
                if step | grown == grown:
                    break
                grown |= step
            joined.append(grown)
            union &= ~grown
        return sorted(joined)

    # --- lay-offs -------------------------------------------------------------------

    def is_run(self, meld: int) -> bool:
        """Return whether the card mask ``meld`` is a run of 3+ cards in one suit."""
        cards = list(cards_of(meld))
        if len(cards) < 3 or len({suit_of(c) for c in cards}) != 1:
            return False
        ranks = meld >> suit_of(cards[0]) * 13
        return ranks in self._run_masks

    def is_meld(self, meld: int) -> bool:
        """Return whether the card mask ``meld`` is a set of 3-4 or a run of 3+."""
        return is_set(meld) or self.is_run(meld)

    def fits(self, meld: int, card: int) -> bool:
        """Return whether ``card`` can be laid off on ``meld`` (a set or a run)."""
        if meld >> card & 1:
            return False
        if is_set(meld):
            return rank_of(card) == rank_of(_first(meld))
        return self.is_run(meld | 1 << card)

    def place_layoff(self, melds: list[int], card: int) -> int | None:
        """Return the index of the meld of ``melds`` that ``card`` goes on, or None.

        A run is preferred to a set: a run may take more cards after this one, a set of
        four takes none, so the choice never costs the defender a later lay-off.
        """
        fitting = [index for index, meld in enumerate(melds) if self.fits(meld, card)]
        if not fitting:
            return None
        return min(fitting, key=lambda index: is_set(melds[index]))

    def best_layoffs(self, knocker_melds: tuple[int, ...], defender: int) -> Layoffs:
        """Return the defender's lay-offs and arrangement with the least deadwood.

        Melds and lay-offs are chosen together: every way to extend each of the
        knocker's melds with the defender's cards (runs at either end, chained; the
        fourth card of a set) is tried with the best arrangement of what is left.
        Among equal counts, the fewest laid-off cards win.
        """
        options = [self._extensions(meld, defender) for meld in knocker_melds]
        best_key = (999, 99)
        best_choice: tuple[int, ...] = ()
        for choice in itertools.product(*options):
            used = 0
            for extension in choice:
                if used & extension:
                    break
                used |= extension
            else:
                key = (self.deadwood(defender & ~used), used.bit_count())
                if key < best_key:
                    best_key, best_choice = key, choice
        placed = tuple(
            (card, index)
            for index, extension in enumerate(best_choice)
            for card in self._laying_order(knocker_melds[index], extension)
        )
        return Layoffs(placed, self.best_arrangement(defender & ~union(best_choice)))

    def extensions(self, meld: int, hand: int) -> list[int]:
        """Return every non-empty mask of cards of ``hand`` that can be added to ``meld``:
        a set's fourth card, or cards that extend a run at either end or both, chained."""
        return self._extensions(meld, hand)[1:]

    def _extensions(self, meld: int, hand: int) -> list[int]:
        """Return every mask of cards of ``hand`` that can be laid off on ``meld``, empty first."""
        if is_set(meld):
            if meld.bit_count() >= 4:
                return [0]
            fourth = (_RANK_LINE << rank_of(_first(meld))) & ~meld & hand
            return [0, fourth] if fourth else [0]
        suit = suit_of(_first(meld))
        ranks = meld >> suit * 13 & SUIT_MASK
        held = hand >> suit * 13 & SUIT_MASK
        low, high = self._run_ends(ranks)
        downs, ups = self._chain(low, -1, held, ranks), self._chain(high, 1, held, ranks)
        options = []
        for down in downs:
            for up in ups:
                if not down & up:  # round the corner both ends may reach the same card
                    options.append((down | up) << suit * 13)
        return options

    def _run_ends(self, ranks: int) -> tuple[int, int]:
        """Return the lowest and highest rank of a run (a round-the-corner run starts high)."""
        if not self.round_the_corner or ranks == SUIT_MASK:
            return (ranks & -ranks).bit_length() - 1, ranks.bit_length() - 1
        starts = [r for r in range(13) if ranks >> r & 1 and not ranks >> (r - 1) % 13 & 1]
        ends = [r for r in range(13) if ranks >> r & 1 and not ranks >> (r + 1) % 13 & 1]
        return starts[0], ends[0]

    def _chain(self, end: int, direction: int, held: int, ranks: int) -> list[int]:
        """Return the growing chains of held ranks beyond ``end``: empty, one card, two..."""
        chains, chain, rank = [0], 0, end
        while True:
            rank += direction
            if not 0 <= rank <= 12:
                if not self.round_the_corner:
                    break
                rank %= 13
            bit = 1 << rank
            if not held & bit or (ranks | chain) & bit:
                break
            chain |= bit
            chains.append(chain)
        return chains

    def _laying_order(self, meld: int, extension: int) -> list[int]:
        """Return the cards of ``extension`` in an order each can be laid on ``meld``."""
        order, current, left = [], meld, extension
        while left:
            for card in cards_of(left):
                if self.fits(current, card):
                    order.append(card)
                    current |= 1 << card
                    left &= ~(1 << card)
                    break
            else:  # pragma: no cover - extensions are built to be layable
                raise AssertionError("extension cannot be laid off")
        return order


def union(masks: Iterable[int]) -> int:
    """Return the union of the card masks ``masks``."""
    out = 0
    for mask in masks:
        out |= mask
    return out


def _first(mask: int) -> int:
    """Return the lowest card of ``mask``."""
    return (mask & -mask).bit_length() - 1


def is_set(meld: int) -> bool:
    """Return whether the card mask ``meld`` is 3 or 4 cards of one rank."""
    if meld.bit_count() < 3:
        return False
    return meld & (_RANK_LINE << rank_of(_first(meld))) == meld


def _meld_order(meld: int) -> tuple[int, int]:
    """Return the display order key of a meld: sets first by rank, then runs by suit."""
    if is_set(meld):
        return (0, rank_of(_first(meld)))
    return (1, meld)


def _split_sets(sets: int) -> list[int]:
    """Return the sets of a mask made only of whole sets, one mask per rank."""
    melds = []
    for rank in range(13):
        meld = sets & _RANK_LINE << rank
        if meld:
            melds.append(meld)
    return melds


def _set_choices(hand: int, trips: int) -> list[int]:
    """Return every way to choose sets in ``hand``: masks of whole sets, the empty choice first.

    ``trips`` has bit ``r`` for each rank with three or four cards in the hand.
    """
    choices = [0]
    while trips:
        low = trips & -trips
        rank = low.bit_length() - 1
        trips ^= low
        choices = [chosen | option for chosen in choices for option in [0, *sets_of(hand, rank)]]
    return choices


def sets_of(hand: int, rank: int) -> list[int]:
    """Return the sets of ``rank`` in ``hand``: none with fewer than three such cards, the
    three, or the four and each three of them.

    >>> from ginrummy.cards import parse_mask, format_mask
    >>> [format_mask(meld) for meld in sets_of(parse_mask("8s 8c 8d 9s"), 7)]
    [['8s', '8c', '8d']]
    """
    line = hand & _RANK_LINE << rank
    size = line.bit_count()
    if size < 3:
        return []
    if size == 3:
        return [line]
    return [line, *(line & ~(1 << card) for card in cards_of(line))]


@functools.cache
def melder(
    round_the_corner: bool = False, ace_value: int = 1, values: tuple[int, ...] | None = None
) -> Melder:
    """Return the shared ``Melder`` for an ace rule (and card ``values``), made once."""
    return Melder(round_the_corner, ace_value, values)
