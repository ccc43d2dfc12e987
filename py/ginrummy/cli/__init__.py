"""The command line: a subcommand per module, each with a ``register`` function.

Every subcommand prints its result on standard output; a bad input is one clear line
on standard error and exit status 2; Ctrl-C ends it with one line and status 130.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from . import arena, calc, play

Handler = Callable[[argparse.Namespace], int]

MODULES = (calc, arena, play)
"""The modules that add subcommands, in the order ``--help`` lists them."""


INTERRUPTED = 130
"""The exit status after Ctrl-C: 128 + SIGINT, as a shell reports it."""


class UsageError(ValueError):
    """Bad input on the command line, reported as one line and exit status 2."""


PROG = "ginrummy"
"""The command's name in its usage lines: the console script's (``python -m ginrummy``
names itself so)."""


def build_parser(prog: str = PROG) -> argparse.ArgumentParser:
    """Return the parser of every subcommand, its usage naming the command ``prog``."""
    parser = argparse.ArgumentParser(prog=prog, description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in MODULES:
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None, prog: str = PROG) -> int:
    """Run the subcommand named in ``argv`` (default: the process arguments); return the
    exit status. The ``ginrummy`` command that installing the wheel makes runs this."""
    parser = build_parser(prog)
    args = parser.parse_args(argv)
    handler: Handler = args.handler
    try:
        return handler(args)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: one line, not a traceback
        print(f"\n{args.command}: stopped (Ctrl-C)", file=sys.stderr)
        return INTERRUPTED
