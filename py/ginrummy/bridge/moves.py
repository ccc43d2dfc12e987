"""The player's moves in the game against the computer: ``new``, ``play`` and ``undo``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import record
from ..match import Match, random_seed
from ..view import OPPONENT
from .arguments import (
    DEFAULT_LEVEL,
    BridgeError,
    Json,
    check_level,
    parse_practice,
    parse_secret,
    parse_seed,
    rules_from_params,
)

if TYPE_CHECKING:
    from .session import Session


def new(session: Session, params: Json) -> Json:
    """Start a match from URL-style ``params`` and return its state.

    Without a seed the match is sealed: a random seed, and a secret from this
    session's key.

    :raises BridgeError: on an unknown level, a bad seed, secret or practice flag.
    :raises RulesError: on bad rules.
    """
    params = dict(params)
    level = check_level(str(params.pop("level", DEFAULT_LEVEL)))
    seed = parse_seed(params.pop("seed", None))
    secret = parse_secret(params.pop("secret", None))
    practice = parse_practice(params.pop("practice", False))
    preset = str(params.get("preset") or "standard")
    rules = rules_from_params(params)
    if secret is not None and seed is None:
        raise BridgeError("a deal's secret needs its deal number (seed)", "secret_needs_seed")
    sealed = seed is None
    if seed is None:
        seed = random_seed()
        secret = session.sealer.secret(seed)
    session.start(Match(rules, seed=seed, secret=secret), level, preset, practice, sealed)
    return session.state()


def play(session: Session, text: str) -> Json:
    """Play the player's move ``text`` and return the new state.

    :raises BridgeError: when it is the opponent's turn.
    :raises InvalidActionError, IllegalActionError: on a bad move (nothing changes).
    """
    match = session.current
    if match.to_move == OPPONENT:
        raise BridgeError("it is the opponent's turn")
    match.play(text)
    return session.state()


def undo(session: Session) -> Json:
    """Take back the player's last move and the opponent's after it; the state.

    :raises BridgeError: outside practice games, or with no move of the player's yet.
    """
    match = session.current
    if not session.practice:
        raise BridgeError("moves can be taken back only in a practice game")
    from ..replay import undo_point

    keep = undo_point(match)
    if keep is None:
        raise BridgeError("there is no move of yours to take back")
    session.match = record.replay(match, keep)
    return session.state()
