"""The one entry point: ``request`` finds the request's handler and answers a JSON text.

Each request is handled by the module of its family (``moves``, ``opponent``, ``saves``,
``replays``, ``reference``); this module checks the request's name and argument, calls
the handler with the page's ``SESSION``, and turns whatever it raises into an answer.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from ..messages import fault_answer, refusal
from ..rules import STANDARD
from ..seal import Sealer
from . import moves, opponent, reference, replays, saves
from .arguments import BridgeError, Json, parse_json
from .session import Session

SESSION = Session()
"""The page's session (one per Python interpreter, so one per page)."""


def _json_argument(argument: str) -> Json:
    """Return ``argument`` parsed as a JSON object (an empty text is an empty object).

    :raises BridgeError: when it is not a JSON object.
    """
    if not argument:
        return {}
    data = parse_json(argument, "the request")
    if not isinstance(data, dict):
        raise BridgeError("the request must be a JSON object")
    return data


_HANDLERS: dict[str, Callable[[Session, str], Json]] = {
    "options": lambda session, _: reference.options(),
    "new": lambda session, argument: moves.new(session, _json_argument(argument)),
    "resume": lambda session, argument: saves.resume(session, argument),
    "play": lambda session, argument: moves.play(session, argument),
    "opponent": lambda session, _: opponent.opponent_move(session),
    "hint": lambda session, _: opponent.hint(session),
    "undo": lambda session, _: moves.undo(session),
    "review": lambda session, argument: replays.review(session, argument),
    "load_record": lambda session, argument: replays.load_record(session, argument),
    "replay": lambda session, argument: replays.replay_step(session, argument),
    "state": lambda session, _: session.state(),
    "export": lambda session, _: saves.export(session),
    "warm": lambda session, _: opponent.warm(
        session.current.rules if session.match else STANDARD, session.level
    ),
    "illustrate": lambda session, argument: reference.illustrate(_json_argument(argument)),
    "rules_help": lambda session, argument: reference.help_for(_json_argument(argument)),
}


_NO_ARGUMENT = frozenset({"options", "opponent", "hint", "undo", "state", "export", "warm"})
"""The requests that take no argument (and refuse one)."""


def use_key(key: str, session: Session = SESSION) -> None:
    """Seal ``session``'s games with ``key`` (64 hexadecimal digits) from now on.

    The page's worker calls this once as Python boots, before any request, with this
    browser's key: the one it keeps in IndexedDB, or a new one when it can keep none.
    The page itself cannot (it is no request).

    :raises ValueError: when ``key`` is not 64 hexadecimal digits.
    """
    session.sealer = Sealer(bytes.fromhex(key))


def request(op: str, argument: str = "", session: Session = SESSION) -> str:
    """Answer the request ``op`` with ``argument`` as a JSON text; never raise.

    A bad request or move answers ``{"ok": false, "error": ...}`` with a sentence for
    the player (and ``"message"``: its id and parameters, when the page can translate
    it); a fault in the engine adds ``"internal": true`` and the traceback.
    """
    handler = _HANDLERS.get(op)
    try:
        if handler is None:
            raise BridgeError(f"unknown request {op[:40]!r}; known: {', '.join(_HANDLERS)}")
        if argument and op in _NO_ARGUMENT:
            raise BridgeError(f"the request {op!r} takes no argument, not {argument[:40]!r}")
        answer: Json = {"ok": True, **handler(session, argument)}
    except ValueError as error:  # every error of bad input is a ValueError
        answer = refusal(error)
    except Exception as error:  # a bug must reach the player, not freeze the page
        answer = fault_answer(error)
    return json.dumps(answer, separators=(",", ":"))
