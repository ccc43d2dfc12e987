"""Looking back: the ``review`` of a hand, and the replay viewer's ``load_record`` and ``replay``.

The replay viewer holds its own record, apart from the game in play, which it leaves
as it is. Their modules (``ginrummy.review``, ``ginrummy.replay``) are imported when
first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .arguments import BridgeError, Json, parse_json, whole_number
from .saves import SAVE_FORMAT, unsealed_record

if TYPE_CHECKING:
    from .session import Session


def review(session: Session, text: str) -> Json:
    """Return the review of hand ``text`` (a number; empty: the current hand).

    :raises BridgeError: when ``text`` is not a number.
    :raises ReviewError: when that hand is not over.
    """
    match = session.current
    number = whole_number(text, "a hand number") if text.strip() else match.hand_number
    from ..review import review_hand

    return review_hand(match, number, session.level)


def load_record(session: Session, text: str) -> Json:
    """Check a save text or bare record for the replay viewer; its first step.

    The game in play is left as it is, whatever the text holds.

    :raises RecordError: when ``text`` is not a playable record of a game.
    :raises BridgeError: when it is a sealed save that does not match its seal.
    """
    data = parse_json(text, "the file")
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
        data, _ = unsealed_record(session, data)
    from ..replay import Replay

    session.replay = Replay(data)
    return session.replay.step(0)


def replay_step(session: Session, text: str) -> Json:
    """Return the loaded record's table after ``text`` (a number) actions.

    :raises BridgeError: when no record is loaded or ``text`` is not a number.
    """
    if session.replay is None:
        raise BridgeError("no game record is loaded: open a file first")
    return session.replay.step(whole_number(text, "a step"))
