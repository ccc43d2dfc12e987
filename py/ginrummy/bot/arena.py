"""The arena: two players play whole games through the checked API, and are measured.

Game ``2k`` and game ``2k + 1`` use the same match seed with the seats swapped, so
each deal is played twice, once from each side: luck of the cards cancels out. Each
player sees only its ``seat_view``; its decisions are timed.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..match import Match
from ..rules import Rules
from ..scoring import Outcome
from ..view import SeatView, seat_view
from .decision import Decision, Player


@dataclass
class Side:
    """The figures of one player over an arena run."""

    name: str
    games_won: int = 0
    points: int = 0
    hands_won: int = 0
    gins: int = 0
    """Hands it won by gin or big gin."""
    knocks: int = 0
    """Hands it won by knocking."""
    undercuts: int = 0
    """Hands it won by undercutting the other's knock."""
    undercut: int = 0
    """Hands it knocked and was undercut."""
    times: list[float] = field(default_factory=list)
    """Seconds per decision."""

    def timing_ms(self, quantile: float) -> float:
        """Return the decision time at ``quantile`` (0.5: median), in milliseconds."""
        if not self.times:
            return 0.0
        ordered = sorted(self.times)
        index = min(len(ordered) - 1, int(quantile * len(ordered)))
        return ordered[index] * 1000


@dataclass
class ArenaResult:
    """The figures of an arena run: ``a`` against ``b``."""

    a: Side
    b: Side
    games: int = 0
    hands: int = 0
    dead_hands: int = 0
    seconds: float = 0.0

    def win_rate(self) -> tuple[float, float, float]:
        """Return ``a``'s share of games won and its 95% Wilson interval."""
        return wilson(self.a.games_won, self.games)

    def lines(self, rules_name: str) -> list[str]:
        """Return the report: one ``name: value`` line per figure."""
        rate, low, high = self.win_rate()
        hands = max(self.hands, 1)
        decisions = len(self.a.times) + len(self.b.times)
        thinking = sum(self.a.times) + sum(self.b.times)
        out = [
            f"a: {self.a.name}",
            f"b: {self.b.name}",
            f"rules: {rules_name}",
            f"games: {self.games}",
            f"hands: {self.hands}",
            f"win_rate: {rate:.3f} (95% CI {low:.3f}-{high:.3f})",
            f"a_games_won: {self.a.games_won}",
            f"b_games_won: {self.b.games_won}",
            f"points_per_hand: {(self.a.points - self.b.points) / hands:+.2f}",
            f"a_points_per_hand: {self.a.points / hands:.2f}",
            f"b_points_per_hand: {self.b.points / hands:.2f}",
            f"a_hand_win_rate: {self.a.hands_won / hands:.3f}",
            f"b_hand_win_rate: {self.b.hands_won / hands:.3f}",
            f"a_gin_rate: {self.a.gins / hands:.3f}",
            f"b_gin_rate: {self.b.gins / hands:.3f}",
            f"a_knock_win_rate: {self.a.knocks / hands:.3f}",
            f"b_knock_win_rate: {self.b.knocks / hands:.3f}",
            f"a_undercut_rate: {self.a.undercuts / hands:.3f}",
            f"b_undercut_rate: {self.b.undercuts / hands:.3f}",
            f"dead_hand_rate: {self.dead_hands / hands:.3f}",
            f"decisions_per_s: {decisions / thinking if thinking else 0:.0f}",
            f"a_decisions_per_s: {len(self.a.times) / max(sum(self.a.times), 1e-9):.0f}",
            f"b_decisions_per_s: {len(self.b.times) / max(sum(self.b.times), 1e-9):.0f}",
            f"a_decision_ms_median: {self.a.timing_ms(0.5):.3f}",
            f"a_decision_ms_p99: {self.a.timing_ms(0.99):.3f}",
            f"b_decision_ms_median: {self.b.timing_ms(0.5):.3f}",
            f"b_decision_ms_p99: {self.b.timing_ms(0.99):.3f}",
            f"seconds: {self.seconds:.1f}",
        ]
        return out


def wilson(wins: int, total: int, z: float = 1.96) -> tuple[float, float, float]:
    """Return the share ``wins / total`` and its Wilson score interval.

    >>> [round(x, 3) for x in wilson(70, 100)]
    [0.7, 0.604, 0.781]
    """
    if total == 0:
        return 0.0, 0.0, 1.0
    share = wins / total
    denominator = 1 + z * z / total
    centre = (share + z * z / (2 * total)) / denominator
    spread = z * math.sqrt(share * (1 - share) / total + z * z / (4 * total * total)) / denominator
    return share, max(0.0, centre - spread), min(1.0, centre + spread)


PlayerFactory = Callable[[int], Player]
"""Makes a player from a seed."""

Observer = Callable[[Match, SeatView, Player, Decision], None]
"""Sees each decision as it is made, with the whole match (for measuring, never playing)."""

MAX_ACTIONS = 20_000
"""A safety cap on the actions of one game."""


class EndlessGame(RuntimeError):
    """A game that did not end in ``MAX_ACTIONS`` actions: players who seldom go out (two
    random players deal dead hand after dead hand) may never reach the match's end."""


def game_seed(seed: int, index: int) -> int:
    """Return the match seed of game ``index``: the same for each pair of games."""
    return (seed * 1_000_003 + index // 2) % (2**63 - 1)


def play_game(
    rules: Rules,
    seed: int,
    players: tuple[Player, Player],
    times: tuple[list[float], list[float]],
    observe: Observer | None = None,
) -> Match:
    """Play one whole match between ``players`` (seat 0, seat 1) and return it.

    ``observe``, if given, sees each decision before it is played.
    """
    match = Match(rules, seed=seed)
    for _ in range(MAX_ACTIONS):
        if match.over:
            return match
        seat = match.to_move
        if seat is None:
            match.play("next")
            continue
        view = seat_view(match, seat)
        begin = time.perf_counter()
        decision = players[seat].choose(view)
        times[seat].append(time.perf_counter() - begin)
        if observe is not None:
            observe(match, view, players[seat], decision)
        match.play(decision.action)
    raise EndlessGame(f"game with seed {seed} did not end in {MAX_ACTIONS} actions")


def run_arena(
    make_a: PlayerFactory,
    make_b: PlayerFactory,
    rules: Rules,
    games: int,
    seed: int = 0,
    progress: Callable[[int, ArenaResult], None] | None = None,
    observe: Observer | None = None,
) -> ArenaResult:
    """Play ``games`` games of ``a`` against ``b``, seats alternating, and return the figures.

    ``observe`` is passed to ``play_game``.
    """
    player_a, player_b = make_a(seed), make_b(seed + 1)
    result = ArenaResult(Side(player_a.name), Side(player_b.name))
    begin = time.perf_counter()
    for index in range(games):
        a_seat = index % 2
        match_seed = game_seed(seed, index)
        player_a, player_b = make_a(match_seed * 2), make_b(match_seed * 2 + 1)
        players = (player_a, player_b) if a_seat == 0 else (player_b, player_a)
        sides = (result.a, result.b) if a_seat == 0 else (result.b, result.a)
        times = (sides[0].times, sides[1].times)
        match = play_game(rules, match_seed, players, times, observe)
        _count(result, match, sides)
        if progress is not None:
            progress(index + 1, result)
    result.seconds = time.perf_counter() - begin
    return result


def _count(result: ArenaResult, match: Match, sides: tuple[Side, Side]) -> None:
    """Add one finished match to ``result``; ``sides`` are the figures of seat 0 and 1."""
    result.games += 1
    winner = match.scoresheet.winner
    assert winner is not None
    sides[winner].games_won += 1
    for _dealer, outcome, hand_winner, points in match.hand_scores:
        result.hands += 1
        if hand_winner is None:
            result.dead_hands += outcome is Outcome.DEAD
            continue
        for seat in (0, 1):
            sides[seat].points += points[seat]
        side = sides[hand_winner]
        side.hands_won += 1
        if outcome in (Outcome.GIN, Outcome.BIG_GIN):
            side.gins += 1
        elif outcome is Outcome.KNOCK:
            side.knocks += 1
        elif outcome is Outcome.UNDERCUT:
            side.undercuts += 1
            sides[1 - hand_winner].undercut += 1


def median_ms(times: list[float]) -> float:
    """Return the median of ``times`` (seconds) in milliseconds."""
    return statistics.median(times) * 1000 if times else 0.0


TABLE_PAIRS = (
    ("easy", "simple"),
    ("normal", "simple"),
    ("hard", "simple"),
    ("expert", "simple"),
    ("expert", "hard"),
)
"""The README table's match-ups: every level against the baseline, and the top two."""


@dataclass(frozen=True)
class Cell:
    """One arena run of the README table: ``a`` against ``b`` under the preset ``rules``."""

    rules: str
    a: str
    b: str
    games: int
    won: int
    points_per_hand: float


def table_markdown(cells: list[Cell], command: str) -> str:
    """Return the README table of ``cells``: one row per preset, one column per match-up.

    >>> print(table_markdown([Cell("standard", "hard", "simple", 10, 7, 4.25)], "CMD"))
    The first player's share of whole games won, seats alternating, with its 95% interval \
and the games played (`CMD`).
    <BLANKLINE>
    | preset | hard vs simple |
    |---|---|
    | standard | 0.700 (0.397-0.892), 10 |
    """
    pairs = list(dict.fromkeys((cell.a, cell.b) for cell in cells))
    presets = list(dict.fromkeys(cell.rules for cell in cells))
    by_key = {(cell.rules, cell.a, cell.b): cell for cell in cells}
    lines = [
        "The first player's share of whole games won, seats alternating, with its 95% interval "
        f"and the games played (`{command}`).",
        "",
        "| preset | " + " | ".join(f"{a} vs {b}" for a, b in pairs) + " |",
        "|---|" + "---|" * len(pairs),
    ]
    for preset in presets:
        row = [preset]
        for a, b in pairs:
            cell = by_key.get((preset, a, b))
            if cell is None:
                row.append("")
                continue
            rate, low, high = wilson(cell.won, cell.games)
            row.append(f"{rate:.3f} ({low:.3f}-{high:.3f}), {cell.games}")
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)
