"""Saves: the save text of the match in play (sealed or not), ``resume`` and ``export``.

A save is ``{"format": SAVE_FORMAT, "level", "preset", "practice", "record"}``, and a
``"seal"`` while a sealed match is in play: its record then leaves the deal's secret
out, and opens only under this browser's key (``ginrummy.seal``).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .. import record
from ..rules import PRESETS, preset_name
from .arguments import DEFAULT_LEVEL, BridgeError, Json, check_level, parse_json

if TYPE_CHECKING:
    from .session import Session

SAVE_FORMAT = "gin-rummy-save"
"""The ``format`` of a save text: a game record, the opponent level and the base preset."""


def resume(session: Session, text: str) -> Json:
    """Load the match of a save text and return its state.

    :raises BridgeError: when ``text`` is not a save this page made, does not match
        its seal, or is an earlier position of a sealed game played further here.
    :raises RecordError: when its record cannot be replayed.
    """
    data = parse_json(text, "the saved game")
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise BridgeError("the saved game is not a save of this page", "not_a_save")
    level = check_level(str(data.get("level", DEFAULT_LEVEL)))
    practice = data.get("practice") is True
    preset = data.get("preset")
    game, sealed = unsealed_record(session, data)
    match = record.from_data(game)
    if sealed and not practice and len(match.actions) < session.furthest.get(match.seed, 0):
        raise BridgeError(
            "this save is an earlier position of the game in play: moves are taken back "
            "only in practice games",
            "earlier_save",
        )
    if not (isinstance(preset, str) and preset in PRESETS):
        preset = preset_name(match.rules) or "standard"
    session.start(match, level, preset, practice, sealed)
    return session.state()


def unsealed_record(session: Session, save: Json) -> tuple[Any, bool]:
    """Return the record of ``save`` (a save's data), with its deal's secret when the
    save is sealed, and whether it is.

    :raises BridgeError: when the save has a seal that is not its own under this key.
    """
    game = save.get("record")
    if "seal" not in save:
        return game, False
    body = {name: value for name, value in save.items() if name != "seal"}
    if not (session.sealer.verify(body, save["seal"]) and isinstance(game, dict)):
        raise BridgeError(
            "the game was changed after it was saved, or saved in another browser: a "
            "game in play can be opened only in the browser that plays it",
            "sealed",
        )
    return {**game, "secret": session.sealer.secret(game.get("seed"))}, True


def save_text(session: Session, reveal: bool = False) -> str:
    """Return the save text of the match: its record and the opponent level.

    A sealed match's record leaves its secret out and the save carries its seal,
    unless ``reveal``: then the secret is written out and there is no seal.
    """
    game = record.to_data(session.current)
    data: Json = {
        "format": SAVE_FORMAT,
        "level": session.level,
        "preset": session.preset,
        "practice": session.practice,
        "record": game,
    }
    if session.sealed and not reveal:
        del game["secret"]
        data["seal"] = session.sealer.seal(data)
    return json.dumps(data, separators=(",", ":"))


def export(session: Session) -> Json:
    """Return the game as a file's text: sealed while a sealed match is in play (it
    opens only in this browser), with its secret written out once the match is over
    (it opens anywhere)."""
    return {"text": save_text(session, reveal=session.current.over)}
