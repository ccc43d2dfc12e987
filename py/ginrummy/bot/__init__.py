"""The computer opponent and the hint engine: players that see one seat's view only.

>>> from ginrummy.match import Match
>>> from ginrummy.view import seat_view
>>> match = Match(seed=5)
>>> seat = match.to_move
>>> player = make_player("hard", seed=1)
>>> player.choose(seat_view(match, seat)).action in match_legal(match)
True

``make_player(level, seed)`` returns a player for ``random``, ``simple`` (the two
reference players), ``easy``, ``normal`` or ``hard``; ``advise(view)`` returns the
move the hard player would make for that seat, with a one-line reason.
"""

from __future__ import annotations

from ..match import Match
from ..view import SeatView
from .baseline import RandomPlayer, SimplePlayer
from .decision import REASONS, Decision, Player, render
from .heuristic import STYLES, HeuristicPlayer

LEVELS = ("random", "simple", "easy", "normal", "hard")
"""Every player name ``make_player`` knows, weakest first."""

__all__ = ["LEVELS", "REASONS", "Decision", "Player", "advise", "make_player", "render"]


def make_player(level: str, seed: int = 0) -> Player:
    """Return the player of ``level``; ``seed`` fixes its random choices.

    :raises ValueError: when ``level`` is not one of ``LEVELS``.
    """
    if level == "random":
        return RandomPlayer(seed)
    if level == "simple":
        return SimplePlayer(seed)
    if level in STYLES:
        return HeuristicPlayer(STYLES[level], seed)
    raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")


def advise(view: SeatView, level: str = "hard", seed: int = 0) -> Decision:
    """Return the move ``level`` would make for the seat of ``view``, and why.

    :raises ValueError: when it is not this seat's turn, or ``level`` is unknown.
    """
    return make_player(level, seed).choose(view)


def match_legal(match: Match) -> list[str]:
    """Return the legal action texts of ``match`` (a helper for examples and tests)."""
    return [action.text for action in match.legal_actions()]
