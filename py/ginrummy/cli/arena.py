"""The arena: ``python -m ginrummy arena --a hard --b simple --games N --rules PRESET --seed S``.

Plays whole games between two players, seats alternating and each deal played twice
with the seats swapped, and prints one ``name: value`` line per figure.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..bot import LEVELS, make_player
from ..bot.arena import ArenaResult, run_arena
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
    arena.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run the arena and print its figures."""
    if args.games < 1:
        raise ValueError(f"--games must be at least 1, not {args.games}")
    check_seed(args.seed)
    rules = find_rules(args.rules)

    def progress(done: int, _result: ArenaResult) -> None:
        if done % 10 == 0:
            print(".", end="", file=sys.stderr, flush=True)

    result = run_arena(
        lambda seed: make_player(args.a, seed),
        lambda seed: make_player(args.b, seed),
        rules,
        args.games,
        args.seed,
        progress if args.progress else None,
    )
    if args.progress:
        print(file=sys.stderr)
    for line in result.lines(args.rules):
        print(line)
    return 0
