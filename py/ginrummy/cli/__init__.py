"""The command line: a subcommand per module, each with a ``register`` function.

Every subcommand prints its result on standard output. Whatever stops it early is one
line on standard error and an exit status, never a traceback:

- bad input, whether argparse or the command refuses it: ``ginrummy: error: ...``,
  status 2 (argparse's errors end with the ``--help`` to read);
- a file that cannot be read or written: ``ginrummy: error: FILE: why``, status 1;
- Ctrl-C: ``ginrummy: stopped (Ctrl-C)``, status 130 (128 + SIGINT), any worker
  processes stopped with it (``python -m ginrummy`` also while it loads: ``__main__``);
- standard output closed before the end (``| head``): ``ginrummy: stopped (standard
  output closed)``, status 141 (128 + SIGPIPE).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from . import arena, calc, play

Handler = Callable[[argparse.Namespace], int]

MODULES = (calc, arena, play)
"""The modules that add subcommands, in the order ``--help`` lists them."""

NAME = "ginrummy"
"""The console script's name: its usage lines name it (``python -m ginrummy`` names itself
so), and it starts each line that says why a command stopped."""

INTERRUPTED = 130
"""The exit status after Ctrl-C: 128 + SIGINT, as a shell reports it."""

OUTPUT_CLOSED = 141
"""The exit status when standard output is closed early: 128 + SIGPIPE, as a shell
reports a program that a closed pipe stops."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: what is wrong, and the help to read."""

    def error(self, message: str) -> NoReturn:
        """Print ``message`` as one line on standard error and exit with status 2."""
        message = " ".join(message.split())
        self.exit(2, f"{NAME}: error: {message} (see {self.prog} --help)\n")


def build_parser(prog: str = NAME) -> argparse.ArgumentParser:
    """Return the parser of every subcommand, its usage naming the command ``prog``."""
    parser = Parser(prog=prog, description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in MODULES:
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None, prog: str = NAME) -> int:
    """Run the subcommand named in ``argv`` (default: the process arguments); return the
    exit status. The ``ginrummy`` command that installing the wheel makes runs this."""
    try:
        args = build_parser(prog).parse_args(argv)
        handler: Handler = args.handler
        status = handler(args)
        sys.stdout.flush()  # here, where a closed pipe is caught, not at Python's exit
        return status
    except ValueError as error:
        return fail(f"{NAME}: error: {error}", 2)
    except BrokenPipeError:
        discard_output()
        return fail(f"{NAME}: stopped (standard output closed)", OUTPUT_CLOSED)
    except OSError as error:
        what = f"{error.filename}: {error.strerror}" if error.filename else str(error)
        return fail(f"{NAME}: error: {what}", 1)
    except KeyboardInterrupt:  # Ctrl-C: one line, not a traceback
        return fail(f"\n{NAME}: stopped (Ctrl-C)", INTERRUPTED)


def fail(line: str, status: int) -> int:
    """Print ``line`` on standard error and return ``status``."""
    print(line, file=sys.stderr)
    return status


def discard_output() -> None:
    """Point standard output at the null device: what is still buffered for a closed
    pipe would otherwise fail again, with a traceback, when Python flushes it at exit."""
    with contextlib.suppress(OSError, ValueError):  # no file behind it (a test's capture)
        output = sys.stdout.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, output)
        os.close(null)
