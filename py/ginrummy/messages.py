"""Bad-input errors the page can say in the player's language: a message id and parameters.

The English message stays the error's text (for the terminal and for logs); ``key`` and
``params`` name the page's string ``error.KEY`` and fill its ``{name}`` parameters.

>>> error = MessageError("unknown opponent level 'x'", "level", value="x")
>>> str(error), error.key, error.params
("unknown opponent level 'x'", 'level', {'value': 'x'})
"""

from __future__ import annotations


class MessageError(ValueError):
    """A bad-input error with a translatable message: ``key`` and ``params``."""

    def __init__(self, message: str, key: str = "", **params: str | int) -> None:
        """Make the error: ``message`` in English, ``key`` ("" for none) and its ``params``."""
        super().__init__(message)
        self.key = key
        """The page's message id, after ``error.`` ("" when the message has none)."""
        self.params = params
        """The message's parameters: rule names, values, bounds."""
