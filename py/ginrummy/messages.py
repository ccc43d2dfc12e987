"""Bad-input errors the page can say in the player's language: a message id and parameters.

The English message stays the error's text (for the terminal and for logs); ``key`` and
``params`` name the page's string ``error.KEY`` and fill its ``{name}`` parameters.

>>> error = MessageError("unknown opponent level 'x'", "level", value="x")
>>> str(error), error.key, error.params
("unknown opponent level 'x'", 'level', {'value': 'x'})
"""

from __future__ import annotations

import traceback
from typing import Any


class MessageError(ValueError):
    """A bad-input error with a translatable message: ``key`` and ``params``."""

    def __init__(self, message: str, key: str = "", **params: str | int) -> None:
        """Make the error: ``message`` in English, ``key`` ("" for none) and its ``params``."""
        super().__init__(message)
        self.key = key
        """The page's message id, after ``error.`` ("" when the message has none)."""
        self.params = params
        """The message's parameters: rule names, values, bounds."""


def refusal(error: ValueError) -> dict[str, Any]:
    """Return the page's answer to a request refused for bad input: the error's text and,
    when the page can say it in the player's language, ``"message"``: its id and
    parameters."""
    answer: dict[str, Any] = {"ok": False, "error": str(error)}
    if isinstance(error, MessageError) and error.key:
        answer["message"] = {"id": error.key, "params": error.params}
    return answer


def fault_answer(error: Exception) -> dict[str, Any]:
    """Return the page's answer to a fault in the engine (a bug, not bad input): the
    error's text, ``"internal": true`` and the traceback, for the page's error dialog."""
    return {
        "ok": False,
        "error": f"internal error: {type(error).__name__}: {error}",
        "internal": True,
        "traceback": traceback.format_exc(),
    }
