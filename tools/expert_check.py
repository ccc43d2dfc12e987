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
"""

from __future__ import annotations

import argparse
import json
import math
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
from ginrummy.match import Match
from ginrummy.rules import PRESETS, find_rules
from ginrummy.view import SeatView, seat_view

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = ("rules", "seed", "deals", "discards", "hard_turns", "confidence")
"""The settings a checkpoint file is made with (the arguments, and the search's
``CONFIDENCE``): a rerun must have the same."""


class CheckedExpert(ExpertPlayer):
    """The expert with the slow check's play-outs, counting what its search changes."""

    def __init__(self, seed: int, deals: int, discards: int, hard_turns: int) -> None:
        """Make the expert of the slow check."""
        super().__init__(seed, deals=deals, discards=discards)
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


def play_hand(rules_name: str, seed: int, players: tuple[Player, Player]) -> int:
    """Play the first hand of match ``seed`` and return seat 0's points less seat 1's."""
    match = Match(find_rules(rules_name), seed=seed)
    while match.to_move is not None:
        seat = match.to_move
        match.play(Action.parse(players[seat].choose(seat_view(match, seat)).action))
    score = match.hand.score
    assert score is not None
    return score.points[0] - score.points[1]


def play_deal(args: argparse.Namespace, index: int) -> dict[str, Any]:
    """Play deal ``index`` both ways and return its record."""
    seed = args.seed * 1_000_003 + index
    record: dict[str, Any] = {key: getattr(args, key) for key in SETTINGS}
    record["deal"] = index
    nets = []
    decisions = changed = 0
    seconds = 0.0
    for expert_seat in (0, 1):
        expert = CheckedExpert(seed * 2, args.deals, args.discards, args.hard_turns)
        hard = make_player("hard", seed * 2 + 1)
        players = (expert, hard) if expert_seat == 0 else (hard, expert)
        net = play_hand(args.rules, seed, players)
        nets.append(net if expert_seat == 0 else -net)
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
    return record


def load(path: Path, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Return the records of ``path`` (none if it is missing), checking their settings.

    :raises ValueError: when the file was made with other settings.
    """
    if not path.exists():
        return []
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    for record in records:
        made = {key: record[key] for key in SETTINGS}
        wanted = {key: getattr(args, key) for key in SETTINGS}
        if made != wanted:
            raise ValueError(f"{path} was made with {made}, not {wanted}: use another --out")
    return records


def report(records: list[dict[str, Any]]) -> list[str]:
    """Return the figures of ``records``: the edge per hand with its standard error."""
    count = len(records)
    if not count:
        return ["deals: 0"]
    nets = [record["net"] for record in records]
    mean = sum(nets) / count
    spread = sum((net - mean) ** 2 for net in nets) / max(1, count - 1)
    error = math.sqrt(spread / count)
    decisions = sum(record["decisions"] for record in records)
    changed = sum(record["changed"] for record in records)
    seconds = sum(record["seconds"] for record in records)
    return [
        f"deals: {count} (hands: {2 * count})",
        f"expert_points_per_hand: {mean:+.2f} (standard error {error:.2f}, "
        f"95% CI {mean - 1.96 * error:+.2f} to {mean + 1.96 * error:+.2f})",
        f"expert_decisions: {decisions}",
        f"changed_from_hard: {changed} ({changed / max(1, decisions):.3f})",
        f"expert_cpu_s_per_decision: {seconds / max(1, decisions):.2f}",
        f"expert_cpu_s_per_deal: {seconds / count:.1f}",
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
    args = parser.parse_args(argv)
    args.confidence = CONFIDENCE
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
