"""The engine's benchmark: ``python -m ginrummy.bench`` prints ``name: number unit`` lines.

Every figure is measured over distinct random hands (no cache can help):

- ``meld10_us``: median time of the best arrangement (melds and deadwood) of a 10-card hand;
- ``deadwood10_us``: median time of the least deadwood count alone;
- ``knock11_us``: median time of the knock check of an 11-card hand: the least deadwood
  over every discard, and which discards allow a knock;
- ``random_hands_per_s``: complete random-vs-random hands per second through the public,
  checked API (``legal_actions`` and ``play``);
- ``fair_shuffle_deal_ms`` and ``fair_check_ms``: a friend's match's fair deal
  (``fair_deal.bench_deal``), CPU time: the three passes and the deal's openings, as the
  two pages make them one after the other; and the hand's end check of the slower side.

Each call is timed alone and the timer's own cost is taken off.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from .fair_deal import bench_deal
from .match import Match
from .melds import melder
from .state import Phase


def random_hands(count: int, size: int, seed: int) -> list[int]:
    """Return ``count`` distinct random hands of ``size`` cards as masks."""
    rng = random.Random(seed)
    hands: set[int] = set()
    while len(hands) < count:
        mask = 0
        for card in rng.sample(range(52), size):
            mask |= 1 << card
        hands.add(mask)
    return list(hands)


def median_us(function: Callable[[int], object], hands: list[int]) -> float:
    """Return the median time of one call of ``function`` on each hand, in µs.

    Each call is timed alone; the timer's own cost, measured in the same run, is taken off.
    """
    clock = time.perf_counter_ns
    overhead = statistics.median(-(clock() - clock()) for _ in range(10_000))
    times = []
    for hand in hands:
        begin = clock()
        function(hand)
        times.append(clock() - begin)
    return (statistics.median(times) - overhead) / 1000


def knock_check(hand: int, limit: int = 10) -> tuple[int, list[int]]:
    """Return the least deadwood after a discard and the discards that allow a knock."""
    counts = melder().discard_deadwoods(hand)
    return min(counts.values()), [card for card, count in counts.items() if count <= limit]


def random_hands_per_second(seconds: float, seed: int) -> float:
    """Return complete random-vs-random hands per second through the checked API."""
    rng = random.Random(seed)
    hands = 0
    begin = time.perf_counter()
    while time.perf_counter() - begin < seconds:
        match = Match(seed=rng.randrange(2**32))
        while match.phase is not Phase.HAND_OVER:
            match.play(rng.choice(match.legal_actions()))
        hands += 1
    return hands / (time.perf_counter() - begin)


def main(argv: list[str] | None = None) -> int:
    """Print every figure, one ``name: number unit`` line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40_000, help="distinct hands per figure")
    parser.add_argument("--seconds", type=float, default=3.0, help="time for random hands")
    args = parser.parse_args(argv)
    solver = melder()
    tens = random_hands(args.hands, 10, 1)
    elevens = random_hands(args.hands, 11, 2)
    print(f"meld10_us: {median_us(solver.best_arrangement, tens):.2f} us")
    print(f"deadwood10_us: {median_us(solver.deadwood, tens):.2f} us")
    print(f"knock11_us: {median_us(knock_check, elevens):.2f} us")
    print(f"random_hands_per_s: {random_hands_per_second(args.seconds, 3):.0f} hands/s")
    deal = bench_deal()
    print(f"fair_shuffle_deal_ms: {deal['shuffle_and_deal']:.0f} ms")
    print(f"fair_check_ms: {deal['check_as_second']:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
