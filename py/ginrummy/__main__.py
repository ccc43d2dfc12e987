"""Run the command line: ``python -m ginrummy --help``.

Ctrl-C while the command line is still loading stops it at once with one line, where
Python would print the traceback of whichever import it interrupted; from ``main`` on,
Ctrl-C is the commands' own to handle (``cli.main``).
"""

import os
import signal
import sys


def _stop_while_loading(_signal: int, _frame: object) -> None:
    """Stop at once, with one line and status 130 (``cli.INTERRUPTED``, not loaded yet):
    nothing has been done that needs ending."""
    sys.stderr.write("ginrummy: stopped (Ctrl-C)\n")
    sys.stderr.flush()
    os._exit(130)


_handler = signal.getsignal(signal.SIGINT)  # Python's, or SIG_IGN in a background job
if _handler is signal.default_int_handler:
    signal.signal(signal.SIGINT, _stop_while_loading)

from .cli import main  # noqa: E402  (once Ctrl-C is taken care of)

signal.signal(signal.SIGINT, _handler)
sys.exit(main())
