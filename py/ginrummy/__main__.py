"""Run the command line: ``python -m ginrummy --help``.

Ctrl-C while the command line is still loading stops it at once with one line, where
Python would print the traceback of whichever import it interrupted; from ``main`` on,
Ctrl-C is the commands' own to handle (``cli.main``).
"""

# _signal is the C module under signal, which imports enum first: a window of its own
import _signal  # type: ignore[import-not-found]  # (typeshed has no stubs for it)
import os
import sys


def _stop_while_loading(_signal: int, _frame: object) -> None:
    """Stop at once, with one line and status 130 (``cli.INTERRUPTED``, not loaded yet):
    nothing has been done that needs ending."""
    sys.stderr.write("ginrummy: stopped (Ctrl-C)\n")
    sys.stderr.flush()
    os._exit(130)


_handler = _signal.getsignal(_signal.SIGINT)  # Python's, or SIG_IGN in a background job
if _handler is _signal.default_int_handler:
    _signal.signal(_signal.SIGINT, _stop_while_loading)

from .cli import main  # noqa: E402  (once Ctrl-C is taken care of)

_signal.signal(_signal.SIGINT, _handler)
sys.exit(main(prog="python -m ginrummy"))
