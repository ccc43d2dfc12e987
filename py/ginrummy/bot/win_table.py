"""The chance of winning the game from a score: a table made from self-play.

A game is won by the first seat to reach the rules' ``target`` (game, line and shutout
bonuses, boxes and extra-coups come after and decide nothing here). ``win_table_data``,
next to this module (JSON text in a Python string: imported with the package, it is in
the page's snapshot like any module), holds per preset the probability that a seat
wins the game from each pair of scores (its own, the other's) when it deals the next
hand. It is made by
``tools/win_table.py``: hard plays hard for many hands, each hand's result is recorded
(what the dealer and the non-dealer scored, or nothing), and ``solve`` works out, by
dynamic programming from the target down, the chance of winning from every score.

Only the seat that deals next is stored: the game is the same for both seats, so the
chance when the other deals is one less the other seat's chance, seen from its side.
Scores are stored on a grid (every ``step`` points, and the target less one) and read
between grid points by bilinear interpolation; the probabilities are rounded to three
digits. Rules that match no preset read the table of the preset nearest to them, its
scores scaled to their target (an approximation); a match by hands won, or Mahjong gin,
has no table (``table_for`` answers None).

>>> from ginrummy.rules import find_rules
>>> standard = find_rules("standard")
>>> win_probability(standard, 100, 40, False), win_probability(standard, 40, 100, True)
(1.0, 0.0)
>>> low, high = win_probability(standard, 0, 0, True), win_probability(standard, 0, 0, False)
>>> abs(low + high - 1) < 0.002
True
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..rules import PRESETS, DeadHandDealer, Flow, MatchFormat, NextDealer, Rules, preset_name
from .win_table_data import DATA

SCALE = 1000
"""Probabilities are stored as whole numbers of this many parts."""

HandResult = tuple[int, int, int | None, bool]
"""One hand's result from the dealer's side: (points to the dealer, points to the
non-dealer, the hand's winner: 0 the dealer, 1 the non-dealer, None nobody, whether it
was a dead hand)."""


def deals_next(rules: Rules, dealer: int, winner: int | None, dead: bool) -> int:
    """Return the seat that deals after a hand ``dealer`` dealt, as ``Match.next_dealer``
    does: after a dead hand the same dealer or the other (``dead_hand_dealer``); with
    ``next_dealer`` winner, the hand's ``winner``; otherwise the other seat.

    >>> from ginrummy.rules import find_rules
    >>> standard, french = find_rules("standard"), find_rules("french")
    >>> deals_next(standard, 0, 0, False), deals_next(french, 0, 0, False)
    (1, 0)
    """
    if dead:
        return dealer if rules.dead_hand_dealer is DeadHandDealer.SAME else 1 - dealer
    if rules.next_dealer is NextDealer.WINNER and winner is not None:
        return winner
    return 1 - dealer


def solve(
    rules: Rules, target: int, results: Mapping[bool, Iterable[tuple[float, HandResult]]]
) -> list[list[list[float]]]:
    """Return the chance that a seat wins the game, ``p[d][a][b]``, from every own score
    ``a`` and other's score ``b`` below ``target``, when it deals the next hand (``d``
    1) or the other does (``d`` 0).

    ``results[True]`` are the results of a hand the seat deals, each with its
    probability, ``results[False]`` those of a hand the other deals (each
    ``HandResult`` from the dealer's side); who deals after a hand follows ``rules``
    (``deals_next``). A hand that takes either seat to the target ends the game: the
    higher score wins it, the hand's winner on a tie. Hands that score nothing (a dead
    hand, a tie nobody wins) come back to the same scores: each pair of scores is solved
    as two linear equations, one per dealer.
    """
    # The moves from (a, b): per dealer d, (probability, own gain, other gain, next d).
    moves: list[list[tuple[float, int, int, int, int | None]]] = [[], []]
    for own_deals in (False, True):
        for share, (to_dealer, to_other, winner, dead) in results[own_deals]:
            gain = (to_dealer, to_other) if own_deals else (to_other, to_dealer)
            seat_winner = None if winner is None else (winner if own_deals else 1 - winner)
            dealer = 0 if own_deals else 1  # the seat is 0, the other 1
            after = deals_next(rules, dealer, seat_winner, dead)
            moves[own_deals].append((share, gain[0], gain[1], int(after == 0), seat_winner))
    p = [[[0.0] * target for _ in range(target)] for _ in range(2)]
    for a in range(target - 1, -1, -1):
        for b in range(target - 1, -1, -1):
            # v[d] = c[d] + stay[d] * v[d] + swap[d] * v[1 - d], for d = 0, 1
            c = [0.0, 0.0]
            stay = [0.0, 0.0]
            swap = [0.0, 0.0]
            for d in (0, 1):
                for share, gain_a, gain_b, after, winner in moves[d]:
                    own, other = a + gain_a, b + gain_b
                    if own >= target or other >= target:
                        won = own > other or (own == other and winner == 0)
                        c[d] += share * won
                    elif gain_a or gain_b:
                        c[d] += share * p[after][own][other]
                    elif after == d:
                        stay[d] += share
                    else:
                        swap[d] += share
            # (1 - stay0) v0 - swap0 v1 = c0; -swap1 v0 + (1 - stay1) v1 = c1
            a00, a01, a10, a11 = 1 - stay[0], -swap[0], -swap[1], 1 - stay[1]
            det = a00 * a11 - a01 * a10
            p[0][a][b] = (c[0] * a11 - a01 * c[1]) / det
            p[1][a][b] = (a00 * c[1] - a10 * c[0]) / det
    return p


def grid_axis(target: int, step: int) -> list[int]:
    """Return the scores a table of ``target`` stores: every ``step`` below the target
    less one, and the target less one.

    >>> grid_axis(10, 4)
    [0, 4, 8, 9]
    """
    return [*range(0, target - 1, step), target - 1]


@dataclass(frozen=True)
class WinTable:
    """The chance of winning a game to ``target`` when the seat deals next, on a grid."""

    target: int
    """The score that ends the game."""
    step: int
    """Points between the grid's scores (the last is the target less one)."""
    grid: tuple[tuple[int, ...], ...]
    """``grid[i][j]``: the chance, in ``SCALE`` parts, with own score the ``i``-th of
    ``grid_axis`` and the other's the ``j``-th, the seat dealing next."""
    presets: tuple[str, ...] = ()
    """The presets this table was made for."""

    def _dealing(self, own: float, other: float) -> float:
        """Return the chance when the seat deals next, read between the grid's scores."""
        last = len(self.grid) - 1
        step, top = self.step, self.target - 1

        def place(score: float) -> tuple[int, float]:
            index = min(int(score // step), last - 1)
            low, high = index * step, min(index * step + step, top)
            return index, min(1.0, max(0.0, (score - low) / (high - low)))

        i, x = place(own)
        j, y = place(other)
        row, below = self.grid[i], self.grid[i + 1]
        value = (row[j] * (1 - y) + row[j + 1] * y) * (1 - x) + (
            below[j] * (1 - y) + below[j + 1] * y
        ) * x
        return value / SCALE

    def probability(self, own: float, other: float, own_deals_next: bool) -> float:
        """Return the chance of winning the game with scores ``own`` and ``other``,
        dealing the next hand or not: 1 when ``own`` has reached the target (and is
        ahead), 0 when ``other`` has, one half at a tie past it."""
        target = self.target
        if own >= target or other >= target:
            return 1.0 if own > other else 0.0 if own < other else 0.5
        own, other = max(0.0, own), max(0.0, other)
        if own_deals_next:
            return self._dealing(own, other)
        return 1.0 - self._dealing(other, own)


@functools.cache
def tables() -> dict[str, WinTable]:
    """Return every preset's table, read from ``win_table_data.DATA`` (once)."""
    loaded: dict[str, WinTable] = {}
    for entry in json.loads(DATA)["tables"]:
        table = WinTable(
            target=entry["target"],
            step=entry["step"],
            grid=tuple(tuple(row) for row in entry["grid"]),
            presets=tuple(entry["presets"]),
        )
        for name in table.presets:
            loaded[name] = table
    return loaded


def table_for(rules: Rules) -> tuple[WinTable, float] | None:
    """Return the table for ``rules`` and the factor its scores are scaled by, or None
    when the game is not won by reaching a target (a match by hands, Mahjong gin).

    A preset reads its own table at scale 1; other rules read the table of the preset
    with the most rules in common, scores scaled by its target over theirs.
    """
    if rules.match is MatchFormat.HANDS or rules.flow is not Flow.KNOCK:
        return None
    known = tables()
    name = preset_name(rules)
    if name in known:
        return known[name], 1.0
    mine = rules.to_dict()

    def common(preset: str) -> int:
        theirs = PRESETS[preset].to_dict()
        return sum(mine[field] == theirs[field] for field in mine)

    nearest = max(sorted(known), key=common)
    table = known[nearest]
    return table, table.target / rules.target


def win_probability(rules: Rules, own: int, other: int, own_deals_next: bool) -> float:
    """Return a seat's chance of winning the game under ``rules`` with its score ``own``,
    the other's ``other``, dealing the next hand or not.

    :raises LookupError: when the rules' game is not won by reaching a target
        (``table_for``).
    """
    found = table_for(rules)
    if found is None:
        raise LookupError(f"no win-probability table for a {rules.match.value} match")
    table, scale = found
    if own >= rules.target or other >= rules.target:
        return 1.0 if own > other else 0.0 if own < other else 0.5
    return table.probability(own * scale, other * scale, own_deals_next)
