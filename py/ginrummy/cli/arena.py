"""The arena: ``python -m ginrummy arena --a hard --b simple --games N --rules PRESET --seed S``.

Plays whole games between two players, seats alternating and each deal played twice
with the seats swapped, and prints one ``name: value`` line per figure.

``arena ... --reading`` also scores, at each discard of the ``a`` player, how well the
reading hard and the expert make of the other hand (``Knowledge``) matches the true
cards (``bot.reading``); both seats' when ``b`` is the same level.

``arena --table --games N --expert-games M --jobs J [--readme README.md]`` measures
every match-up of the README's table (``bot.arena.TABLE_PAIRS``) under every preset, N
games a cell (M for the cells with the expert, which thinks longer), J runs at a time,
and prints the table in Markdown, or writes it into the README between its markers.
"""

from __future__ import annotations

import argparse
import re
import signal
import sys
from contextlib import nullcontext
from multiprocessing.pool import Pool
from pathlib import Path
from typing import Any

from ..bot import LEVELS, make_player
from ..bot.arena import TABLE_PAIRS, ArenaResult, Cell, EndlessGame, run_arena, table_markdown
from ..bot.reading import Reading
from ..match import check_seed
from ..rules import PRESETS, find_rules


def register(commands: Any) -> None:
    """Add the ``arena`` subcommand to ``commands``."""
    arena = commands.add_parser(
        "arena",
        help="play two computer players against each other and measure them",
        description=__doc__,
    )
    arena.add_argument("--a", default="hard", choices=LEVELS, help="the player measured")
    arena.add_argument("--b", default="simple", choices=LEVELS, help="its opponent")
    arena.add_argument("--games", type=int, default=100, help="whole games to play (even: pairs)")
    arena.add_argument("--rules", default="standard", choices=sorted(PRESETS), metavar="PRESET")
    arena.add_argument("--seed", type=int, default=0, help="fixes every deal and every choice")
    arena.add_argument("--progress", action="store_true", help="print a dot per ten games")
    arena.add_argument(
        "--reading",
        action="store_true",
        help="also score the reading of the other hand at a's discards against the true cards",
    )
    arena.add_argument(
        "--table", action="store_true", help="measure the README's table: every preset"
    )
    arena.add_argument(
        "--expert-games", type=int, help="with --table: games of the expert's cells (--games)"
    )
    arena.add_argument("--jobs", type=int, default=1, help="with --table: runs at a time")
    arena.add_argument(
        "--readme", type=Path, help="with --table: write it into this file between its markers"
    )
    arena.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run the arena and print its figures (or the README's table)."""
    if args.games < 1:
        raise ValueError(f"--games must be at least 1, not {args.games}")
    check_seed(args.seed)
    if args.table:
        if args.reading:
            raise ValueError("--reading scores one match-up: leave out --table")
        return run_table(args)
    rules = find_rules(args.rules)

    def progress(done: int, _result: ArenaResult) -> None:
        if done % 10 == 0:
            print(".", end="", file=sys.stderr, flush=True)

    reading = Reading() if args.reading else None
    try:
        result = run_arena(
            lambda seed: make_player(args.a, seed),
            lambda seed: make_player(args.b, seed),
            rules,
            args.games,
            args.seed,
            progress if args.progress else None,
            reading.observer(args.a) if reading else None,
        )
    except EndlessGame as error:
        endless = f"{args.a} against {args.b} may never finish a game; try a stronger level"
        raise ValueError(f"{error}: {endless}") from None
    if args.progress:
        print(file=sys.stderr)
    for line in result.lines(args.rules) + (reading.lines() if reading else []):
        print(line)
    return 0


MARKERS = ("<!-- arena-table -->", "<!-- /arena-table -->")
"""The README's markers around the table."""


Job = tuple[str, str, str, int, int]
"""One cell to measure: preset, the two levels, games and seed."""


def run_cell(job: Job) -> Cell:
    """Return one cell of the table: ``games`` games of ``a`` against ``b`` under ``preset``."""
    preset, a, b, games, seed = job
    result = run_arena(
        lambda s: make_player(a, s), lambda s: make_player(b, s), find_rules(preset), games, seed
    )
    hands = max(result.hands, 1)
    return Cell(
        preset, a, b, result.games, result.a.games_won, (result.a.points - result.b.points) / hands
    )


def run_table(args: argparse.Namespace) -> int:
    """Measure every cell of the README's table and print it, or write it into the README."""
    expert_games = args.expert_games or args.games
    if expert_games < 1 or args.jobs < 1:
        raise ValueError("--expert-games and --jobs must be at least 1")
    if args.readme is not None and not all(m in read_readme(args.readme) for m in MARKERS):
        raise ValueError(f"{args.readme} lacks the markers {' and '.join(MARKERS)}")
    jobs: list[Job] = [
        (preset, a, b, expert_games if "expert" in (a, b) else args.games, args.seed)
        for preset in PRESETS
        for a, b in TABLE_PAIRS
    ]
    cells = []
    # one job at a time runs in this process: no pool to start (nor any in Pyodide); a
    # pool's workers are stopped when the table is done, or at once on Ctrl-C
    with start_pool(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        for cell in map(run_cell, jobs) if pool is None else pool.imap(run_cell, jobs):
            cells.append(cell)
            if args.progress:
                print(".", end="", file=sys.stderr, flush=True)
    if args.progress:
        print(file=sys.stderr)
    command = f"python -m ginrummy arena --table --games {args.games}"
    if expert_games != args.games:
        command += f" --expert-games {expert_games}"
    table = table_markdown(cells, command + f" --seed {args.seed}")
    if args.readme is None:
        print(table)
        return 0
    start, end = MARKERS
    pattern = re.compile(re.escape(start) + ".*?" + re.escape(end), re.DOTALL)
    text = pattern.sub(lambda _: f"{start}\n{table}\n{end}", read_readme(args.readme), count=1)
    args.readme.write_text(text, encoding="utf-8")
    return 0


def read_readme(path: Path) -> str:
    """Return the text of the README named by ``--readme``.

    :raises ValueError: when it cannot be read (missing, a folder, not UTF-8), in one line.
    """
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise ValueError(f"--readme {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ValueError(f"--readme {path}: not UTF-8 text") from None


def start_pool(workers: int) -> Pool:
    """Return a pool of ``workers`` processes that leave Ctrl-C to this one.

    A terminal sends Ctrl-C to every process of the command. The workers start with it
    blocked (they inherit this process's signal mask) and keep it so: this process alone
    gets it, as ``KeyboardInterrupt``, and leaving the pool's ``with`` ends the workers
    (``Pool.terminate``) mid-game. A Ctrl-C while they start waits until they have.
    """
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks
        return Pool(workers)
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return Pool(workers)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
