"""The computer opponent and the hint engine: players that see one seat's view only.

>>> from ginrummy.match import Match
>>> from ginrummy.view import seat_view
>>> match = Match(seed=5)
>>> seat = match.to_move
>>> player = make_player("hard", seed=1)
>>> player.choose(seat_view(match, seat)).action in match_legal(match)
True

``make_player(level, seed)`` returns a player for ``random``, ``simple`` (the two
reference players), ``easy``, ``normal``, ``hard`` or ``expert`` (hard's judgement with
a determinised search on top: ``expert``); ``advise(view)`` returns the move the hard
player would make for that seat, with a one-line reason. A
``Decision`` carries ``action`` (the action text), ``reason`` (English), ``key`` and
``params`` (the template of ``REASONS`` and its parameters, for translations);
``decision.for_opponent()`` is the same move told to the other player, naming no
card it cannot see.

How strong each level is, measured in the arena (``python -m ginrummy arena``),
and every trial made to make them stronger, with its figures: ``docs/opponent.md``.
"""

from __future__ import annotations

from ..match import Match
from ..view import SeatView
from .baseline import RandomPlayer, SimplePlayer
from .decision import REASONS, Decision, Player, render
from .expert import ExpertPlayer
from .heuristic import STYLES, HeuristicPlayer
from .mahjong import FlowPlayer

LEVELS = ("random", "easy", "simple", "normal", "hard", "expert")
"""Every player name ``make_player`` knows, weakest first."""

__all__ = ["LEVELS", "REASONS", "Decision", "Player", "advise", "make_player", "render"]


def make_player(level: str, seed: int = 0, seconds: float | None = None) -> Player:
    """Return the player of ``level``; ``seed`` fixes its random choices. It plays any
    rules: a Mahjong gin view goes to the level's Mahjong gin style (``bot.mahjong``).
    ``seconds`` is the expert's clock a search (the page's: a slow phone stops its search
    early); without it the expert makes all its guesses, and other levels ignore it.

    :raises ValueError: when ``level`` is not one of ``LEVELS``.
    """
    return FlowPlayer(_gin_player(level, seed, seconds), seed)


def _gin_player(level: str, seed: int = 0, seconds: float | None = None) -> Player:
    """Return the gin rummy player of ``level`` (the expert with the clock ``seconds``).

    :raises ValueError: when ``level`` is not one of ``LEVELS``.
    """
    if level == "random":
        return RandomPlayer(seed)
    if level == "simple":
        return SimplePlayer(seed)
    if level in STYLES:
        return HeuristicPlayer(STYLES[level], seed)
    if level == "expert":
        return ExpertPlayer(seed, seconds=seconds)
    raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")


def advise(view: SeatView, level: str = "hard", seed: int = 0) -> Decision:
    """Return the move ``level`` would make for the seat of ``view``, and why.

    :raises ValueError: when it is not this seat's turn, or ``level`` is unknown.
    """
    return make_player(level, seed).choose(view)


def match_legal(match: Match) -> list[str]:
    """Return the legal action texts of ``match`` (a helper for examples and tests)."""
    return [action.text for action in match.legal_actions()]
