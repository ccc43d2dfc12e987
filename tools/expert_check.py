"""The expert's slow check: its search with no time budget, against hard, deal by deal.

    nice -n 19 .venv/bin/python tools/expert_check.py --rules standard

Each deal is the first hand of a match (seed ``--seed``, deal ``k``): played twice, the
expert in seat 0 and then in seat 1, against hard, with the same cards (duplicate play).
A deal's figure is the expert's points less hard's, averaged over its two plays: the
luck of the cards cancels out, and since hard against hard scores 0 by symmetry, the
mean over deals, with its standard error, is the expert's edge in points per hand.
Points per hand give far more signal per CPU-second than whole games won: a game is
about five hands and ends in one bit.

The expert searched here is ``ExpertPlayer`` with many guesses per decision
(``--deals``), more of hard's discards (``--discards``) and play-outs whose first
``--hard-turns`` turns are played as the cheaper hard (``playout.Playout``), with no
clock. Every finished deal is appended to a JSON-lines file (``--out``, by default
``tools/data/expert_check-RULES.jsonl``) with its points and what the search did; a rerun
with the same settings skips the deals already there and goes on, so a run that takes
days is made in pieces. ``--report`` prints the figures of the file so far and plays
nothing.

With ``--scores``, each deal starts from a match score sampled from real games (the
states of ``tools/data/win_table-states-standard.jsonl``, written by
``tools/win_table.py``: the game's totals at the start of a hand of hard against hard,
and who deals), with the first hand's cards of the deal's seed; its figure is then also
the expert's chance of winning the game after the hand less hard's, read from the
win-probability table (``ginrummy.bot.win_table``), averaged over its two plays: 0 for a
deal where nothing changes. ``--no-table`` searches with the expert that values a hand
by its points and hard's score margin, as before the table (the default is the table;
the files made before it hold that expert's deals: ``--no-table`` reads and resumes
them). ``--versus FILE`` adds the paired difference of this file's gains less those of
FILE's on the deals both played (the expert with the table against the one without).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

from ginrummy.actions import Action
from ginrummy.bot import make_player
from ginrummy.bot.decision import Decision, Player
from ginrummy.bot.expert import ExpertPlayer
from ginrummy.bot.heuristic import Context, HeuristicPlayer
from ginrummy.bot.playout import Playout
from ginrummy.bot.search import CONFIDENCE
from ginrummy.bot.win_table import deals_next, win_probability
from ginrummy.mahjong import new_hand
from ginrummy.match import Match
from ginrummy.rules import PRESETS, find_rules
from ginrummy.scoring import HandScore, Outcome
from ginrummy.view import SeatView, seat_view

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = (
    "rules",
    "seed",
    "deals",
    "discards",
    "hard_turns",
    "confidence",
    "scores",
    "table",
    "learned",
)
"""The settings a checkpoint file is made with (the arguments, and the search's
``CONFIDENCE``): a rerun must have the same."""
OLD_SETTINGS = {"scores": None, "table": False, "learned": False}
"""The settings of records made before they were written: 0 to 0, the expert of points,
its play-outs played to the hand's end."""
STATES = ROOT / "tools" / "data" / "win_table-states-standard.jsonl"
"""The score states ``--scores`` samples from (``tools/win_table.py`` writes them)."""

Start = tuple[int, int, int]
"""A deal's start: seat 0's score in the game, seat 1's, and the dealer."""


class CheckedExpert(ExpertPlayer):
    """The expert with the slow check's play-outs, counting what its search changes."""

    def __init__(
        self,
        seed: int,
        deals: int,
        discards: int,
        hard_turns: int,
        table: bool = True,
        learned: bool = False,
    ) -> None:
        """Make the expert of the slow check (``table`` off: the expert of points;
        ``learned`` on: its play-outs end at the learned value after their hard turns)."""
        super().__init__(seed, deals=deals, discards=discards, win_table=table, learned=learned)
        self.hard_turns = hard_turns
        self.decisions = 0
        self.changed = 0
        self.thinking = 0.0

    def _playout(self, ctx: Context) -> Playout:
        """Return the play-out engine with the slow check's turns of the cheaper hard."""
        playout = super()._playout(ctx)
        playout.hard_turns = self.hard_turns
        return playout

    def choose(self, view: SeatView) -> Decision:
        """Return the expert's move, counting it and its thinking time."""
        begin = time.process_time()
        decision = super().choose(view)
        self.thinking += time.process_time() - begin
        self.decisions += 1
        return decision

    def _upcard_beats_stock(self, ctx: Context, hand: int, top: int) -> bool:
        """Return the searched answer, counting it if hard's differs."""
        searched = super()._upcard_beats_stock(ctx, hand, top)
        self.changed += searched != HeuristicPlayer._upcard_beats_stock(self, ctx, hand, top)
        return searched

    def _discard_phase(self, ctx: Context) -> Decision:
        """Return the searched move, counting it if hard's differs."""
        searched = super()._discard_phase(ctx)
        self.changed += searched.action != HeuristicPlayer._discard_phase(self, ctx).action
        return searched


def play_hand(
    rules_name: str, seed: int, players: tuple[Player, Player], start: Start | None = None
) -> HandScore:
    """Play the first hand of match ``seed`` and return its score; with ``start``, from
    that score in the game and with that dealer (the same cards)."""
    match = Match(find_rules(rules_name), seed=seed)
    if start is not None:
        match.scoresheet.games[0].totals = [start[0], start[1]]
        match.dealer = start[2]
        match.hand = new_hand(match.rules, match.deck_for(1), start[2])
    while match.to_move is not None:
        seat = match.to_move
        match.play(Action.parse(players[seat].choose(seat_view(match, seat)).action))
    score = match.hand.score
    assert score is not None
    return score


def sample_start(seed: int, index: int, states: list[Start]) -> Start:
    """Return deal ``index``'s start: one of ``states``, picked by the seed and the deal."""
    return random.Random(f"{seed}/{index}/scores").choice(states)


def chance_after(rules_name: str, start: Start, score: HandScore, seat: int) -> float:
    """Return ``seat``'s chance of winning the game after a hand scored ``score`` from
    ``start`` (the win-probability table)."""
    rules = find_rules(rules_name)
    totals = [start[0] + score.points[0], start[1] + score.points[1]]
    after = deals_next(rules, start[2], score.winner, score.outcome is Outcome.DEAD)
    return win_probability(rules, totals[seat], totals[1 - seat], after == seat)


def play_deal(args: argparse.Namespace, index: int) -> dict[str, Any]:
    """Play deal ``index`` both ways and return its record."""
    seed = args.seed * 1_000_003 + index
    record: dict[str, Any] = {key: getattr(args, key) for key in SETTINGS}
    record["deal"] = index
    start = None if args.scores is None else sample_start(args.seed, index, args.states)
    nets = []
    chances = []
    decisions = changed = 0
    seconds = 0.0
    for expert_seat in (0, 1):
        expert = CheckedExpert(
            seed * 2, args.deals, args.discards, args.hard_turns, args.table, args.learned
        )
        hard = make_player("hard", seed * 2 + 1)
        players = (expert, hard) if expert_seat == 0 else (hard, expert)
        score = play_hand(args.rules, seed, players, start)
        net = score.points[0] - score.points[1]
        nets.append(net if expert_seat == 0 else -net)
        if start is not None:
            chances.append(chance_after(args.rules, start, score, expert_seat))
        decisions += expert.decisions
        changed += expert.changed
        seconds += expert.thinking
    record.update(
        expert_seat0=nets[0],
        expert_seat1=nets[1],
        net=(nets[0] + nets[1]) / 2,
        decisions=decisions,
        changed=changed,
        seconds=round(seconds, 2),
    )
    if start is not None:
        # hard in the expert's seat would make the two chances add up to 1
        record.update(start=list(start), chances=chances, gain=(chances[0] + chances[1] - 1) / 2)
    return record


def load(path: Path, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Return the records of ``path`` (none if it is missing), checking their settings.

    :raises ValueError: when the file was made with other settings.
    """
    if not path.exists():
        return []
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    for record in records:
        made = {key: record.get(key, OLD_SETTINGS.get(key)) for key in SETTINGS}
        wanted = {key: getattr(args, key) for key in SETTINGS}
        if made != wanted:
            raise ValueError(f"{path} was made with {made}, not {wanted}: use another --out")
    return records


def mean_error(values: list[float]) -> tuple[float, float]:
    """Return the mean of ``values`` and its standard error."""
    count = len(values)
    mean = sum(values) / count
    spread = sum((value - mean) ** 2 for value in values) / max(1, count - 1)
    return mean, math.sqrt(spread / count)


def report(records: list[dict[str, Any]]) -> list[str]:
    """Return the figures of ``records``: the edge per hand with its standard error (and
    in chance of winning the game, for deals started from a score)."""
    count = len(records)
    if not count:
        return ["deals: 0"]
    mean, error = mean_error([record["net"] for record in records])
    lines = []
    gains = [record["gain"] for record in records if "gain" in record]
    if gains:
        gain, gain_error = mean_error([100 * value for value in gains])
        lines = [
            f"expert_game_win_gain_pct: {gain:+.3f} (standard error {gain_error:.3f}, "
            f"95% CI {gain - 1.96 * gain_error:+.3f} to {gain + 1.96 * gain_error:+.3f})",
            f"deals_unchanged: {sum(value == 0 for value in gains)}",
        ]
    decisions = sum(record["decisions"] for record in records)
    changed = sum(record["changed"] for record in records)
    seconds = sum(record["seconds"] for record in records)
    return [
        f"deals: {count} (hands: {2 * count})",
        *lines,
        f"expert_points_per_hand: {mean:+.2f} (standard error {error:.2f}, "
        f"95% CI {mean - 1.96 * error:+.2f} to {mean + 1.96 * error:+.2f})",
        f"expert_decisions: {decisions}",
        f"changed_from_hard: {changed} ({changed / max(1, decisions):.3f})",
        f"expert_cpu_s_per_decision: {seconds / max(1, decisions):.2f}",
        f"expert_cpu_s_per_deal: {seconds / count:.1f}",
    ]


def versus(records: list[dict[str, Any]], others: list[dict[str, Any]]) -> list[str]:
    """Return the paired difference of the two files' gains in chance of winning the game
    (``records`` less ``others``) over the deals both played."""
    theirs = {record["deal"]: record for record in others if "gain" in record}
    pairs = [
        (record, theirs[record["deal"]])
        for record in records
        if "gain" in record and record["deal"] in theirs
    ]
    if not pairs:
        return ["versus_deals: 0"]
    diff, error = mean_error([100 * (mine["gain"] - other["gain"]) for mine, other in pairs])
    points, points_error = mean_error([mine["net"] - other["net"] for mine, other in pairs])
    same = sum(mine["gain"] == other["gain"] for mine, other in pairs)
    return [
        f"versus_deals: {len(pairs)} ({same} with the same gain)",
        f"versus_game_win_gain_pct: {diff:+.3f} (standard error {error:.3f}, "
        f"95% CI {diff - 1.96 * error:+.3f} to {diff + 1.96 * error:+.3f})",
        f"versus_points_per_hand: {points:+.2f} (standard error {points_error:.2f})",
    ]


def main(argv: list[str] | None = None) -> int:
    """Run the slow check (or report it) and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="standard", choices=sorted(PRESETS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=400, help="deals to reach (each played twice)")
    parser.add_argument("--deals", type=int, default=100, help="guesses per searched decision")
    parser.add_argument("--discards", type=int, default=4, help="hard's best discards searched")
    parser.add_argument("--hard-turns", type=int, default=4, help="play-out turns as hard")
    parser.add_argument("--out", type=Path, help="the checkpoint file (JSON lines)")
    parser.add_argument("--report", action="store_true", help="print the figures so far only")
    parser.add_argument(
        "--scores",
        nargs="?",
        const=str(STATES.relative_to(ROOT)),
        help="start each deal from a score state sampled from this file (JSON lines)",
    )
    parser.add_argument(
        "--no-table",
        dest="table",
        action="store_false",
        help="the expert of points and hard's margin, not of the win-probability table",
    )
    parser.add_argument(
        "--learned",
        action="store_true",
        help="play-outs end at the learned value of the position after their turns as hard",
    )
    parser.add_argument(
        "--versus",
        type=Path,
        help="also report the paired difference with the deals of this file (e.g. --no-table's)",
    )
    args = parser.parse_args(argv)
    args.confidence = CONFIDENCE
    if args.scores is not None:
        lines = (ROOT / args.scores).read_text().splitlines()
        args.states = [tuple(json.loads(line)) for line in lines if line.strip()]
    path = args.out or ROOT / "tools" / "data" / f"expert_check-{args.rules}.jsonl"
    records = load(path, args)
    done = {record["deal"] for record in records}
    if not args.report:
        path.parent.mkdir(parents=True, exist_ok=True)
        for index in range(args.hands):
            if index in done:
                continue
            record = play_deal(args, index)
            with path.open("a") as out:
                out.write(json.dumps(record) + "\n")
            records.append(record)
            print(f"deal {index}: {record['net']:+.1f}", file=sys.stderr, flush=True)
    print("\n".join(report(records)))
    if args.versus is not None:
        others = [json.loads(line) for line in args.versus.read_text().splitlines() if line]
        print("\n".join(versus(records, others)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
