"""The expert's search: every candidate move played out on the same guesses.

A decision's candidates (say, hard's best discards and the knocks) are each played to
the end of the hand on one guess of the hidden cards, then on the next guess, and so on:
every candidate meets the same guesses (common random numbers), so the differences
between them are measured with far less noise than their points. The search is anytime:
it stops after ``deals`` guesses, or once ``seconds`` have passed if it was given a
clock (after at least ``LEAST_DEALS`` guesses). Without a clock, a seed gives the same
guesses and the same choice every time.

>>> points = [[1, 2, 0, 1], [3, 4, 2, 3], [9, -8, 9, -8]]
>>> choose(points, 0), choose(points, 2)  # the third's guesses are too far apart to tell
(1, 2)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from .knowledge import Knowledge
from .playout import Playout, sample_deal

LEAST_DEALS = 8
"""Guesses a search with a clock makes whatever the clock says."""
CONFIDENCE = 2.0
"""Standard errors of the paired gain a move must show to override the base choice. The
best of several rivals beats the base by one standard error by chance alone far more
often than one rival does: with four rivals as good as the base, about half the time.
At 8 guesses a decision (a slow check run cut short by a fault), one standard error
changed 0.174 of the expert's decisions from hard's over 10 deals, two changed 0.041 over
13 (``tools/expert_check.py``)."""

Candidate = Callable[[int, list[int]], float]
"""A move to search: given a guess (the other hand, the stock top last, the caller's
own copy), its value at the end of the hand for the searching seat: its points less the
other's, or its chance of winning the game from the scores after the hand (the expert
with its ``win_table``). ``CONFIDENCE`` is counted in standard errors, so it holds for
either."""


def overrides(own: Sequence[float], other: Sequence[float]) -> bool:
    """Return whether the values of ``other`` beat those of ``own``, guess by guess,
    by more than ``CONFIDENCE`` standard errors of their mean difference.

    >>> overrides([0, 0, 0, 0], [2, 3, 1, 2]), overrides([0, 0, 0, 0], [9, -8, 7, -6])
    (True, False)
    """
    gains = [b - a for a, b in zip(own, other, strict=True)]
    count = len(gains)
    mean = sum(gains) / count
    spread = sum((gain - mean) ** 2 for gain in gains) / max(1, count - 1)
    return mean > 0 and mean > CONFIDENCE * math.sqrt(spread / count)


def choose(points: Sequence[Sequence[float]], base: int) -> int:
    """Return the index of the candidate to play: the one with the highest value on
    average, if it ``overrides`` the ``base`` candidate (the heuristic's choice), else
    ``base``."""
    means = [sum(row) / len(row) for row in points]
    best = max(range(len(points)), key=lambda index: (means[index], index == base))
    if best != base and overrides(points[base], points[best]):
        return best
    return base


def search(
    candidates: Sequence[Candidate],
    know: Knowledge,
    playout: Playout,
    rng: random.Random,
    deals: int,
    extra: int,
    seconds: float | None = None,
) -> list[list[float]]:
    """Return each candidate's value, guess by guess, on the same guesses.

    Guesses come from ``sample_deal(know, rng, playout, extra)``: the seat's own view,
    never the true cards. At most ``deals`` guesses; with ``seconds``, no more once that
    much time has passed (and at least ``LEAST_DEALS``).
    """
    points: list[list[float]] = [[] for _ in candidates]
    deadline = None if seconds is None else time.perf_counter() + seconds
    for index in range(deals):
        if deadline is not None and index >= LEAST_DEALS and time.perf_counter() > deadline:
            break
        other, stock = sample_deal(know, rng, playout, extra)
        for row, candidate in zip(points, candidates, strict=True):
            row.append(candidate(other, list(stock)))
    return points
