"""The computer opponent's requests: its ``opponent`` move, a ``hint`` for the player, ``warm``.

The opponent's modules (``ginrummy.bot``) are imported at the first of these requests,
so a Python that starts afresh deals its first hand without them (the page asks for
``warm`` once the table is drawn).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ..actions import Action
from ..match import Match
from ..rules import Rules
from ..view import OPPONENT, PLAYER, SeatView, seat_view
from .arguments import LEVELS, BridgeError, Json

if TYPE_CHECKING:
    from .session import Session

EXPERT_CLOCK_S = 0.6
"""The expert's clock a search in the page: on a slow phone it stops guessing there (after
its least guesses), so with hard's own choice and the guess under way it answers within
its slot (``EXPERT_SLOT_MS``), which hides its time. A desktop makes all its guesses well
before."""
SECRET_SLOT_MS = 200
"""The least time from the last thing shown to the opponent's next move while the deal is
secret: longer than any level's decision but the expert's (hard: 30 ms at the 99th
percentile in the page), so the moves' timing tells nothing of its hand."""
EXPERT_SLOT_MS = 800
"""The same for the expert, which searches for up to ``EXPERT_CLOCK_S``."""


def least_slot_ms(level: str, secret: bool) -> int:
    """Return the least ms the page waits from the last thing shown to the opponent's next
    move (web/table/pace.js): enough to hide how long ``level`` thought while the deal is
    ``secret`` (a sealed game in play, not practice), else none.

    >>> least_slot_ms("hard", True), least_slot_ms("expert", True), least_slot_ms("expert", False)
    (200, 800, 0)
    """
    if not secret:
        return 0
    return EXPERT_SLOT_MS if level == "expert" else SECRET_SLOT_MS


def opponent_move(session: Session) -> Json:
    """Play the opponent's next move and return it, its reason and the new state.

    The move carries ``ms``, how long the opponent took to decide, only where that
    tells nothing: in a practice game (it thinks aloud) or one dealt from a known seed.
    In a sealed game its thinking time would tell its hand (issue 53).

    :raises BridgeError: when it is not the opponent's turn.
    """
    match = session.current
    if match.to_move != OPPONENT:
        raise BridgeError("it is not the opponent's turn")
    started = time.perf_counter()
    move = decide(
        session.level,
        match.seed,
        seat_view(match, OPPONENT),
        public=not session.practice,
        seconds=EXPERT_CLOCK_S,
    )
    thought = (time.perf_counter() - started) * 1000
    match.play(move["action"])
    timed = {"ms": round(thought, 2)} if session.practice or not session.sealed else {}
    return {"move": {"seat": OPPONENT, **timed, **move}, **session.state()}


def hint(session: Session) -> Json:
    """Return the move the hard level would make for the player now, and why.

    :raises BridgeError: when the player has no move to make.
    """
    match = session.current
    if match.to_move != PLAYER:
        raise BridgeError("there is no move of yours to advise on now", "no_hint")
    from ..bot import advise  # late: loaded after the first deal (see warm)

    advice = advise(seat_view(match, PLAYER), seed=match.seed).to_json()
    return {**advice, "control": Action.parse(str(advice["action"])).control}


def decide(
    level: str, seed: int, view: SeatView, public: bool = True, seconds: float | None = None
) -> Json:
    """Return the move ``level`` makes in ``view``: action text, English reason, key, params.

    The player is made for each decision: it decides from the view and its seed alone,
    so a resumed game plays on exactly as it would have (the expert too, unless its clock
    of ``seconds`` a search stops it early). A ``public`` reason is the one the other seat
    may hear (``Decision.for_opponent``), else the player's own.
    """
    from ..bot import make_player  # late: loaded after the first deal (see warm)

    decision = make_player(level, seed, seconds).choose(view)
    return (decision.for_opponent() if public else decision).to_json()


def warm(rules: Rules, level: str) -> Json:
    """Load the opponent's modules and its tables for ``rules``, so its first move is quick.

    The ``level`` player decides in a throwaway match with these rules (their ace rule
    picks the tables): a draw, then a discard, so both paths have run once.
    """
    from ..bot import LEVELS as BOT_LEVELS  # late: this is the late load
    from ..bot import make_player

    if BOT_LEVELS != LEVELS:  # pragma: no cover - a new level must be named here too
        raise AssertionError(f"the bridge's levels {LEVELS} are not the opponent's {BOT_LEVELS}")
    player = make_player(level)
    match = Match(rules, seed=0)  # a fresh match: someone is to move
    view = seat_view(match, match.to_move or 0)
    player.choose(view)  # the first upcard (or the eleven deal's opening discard)
    take = next((text for text in ("upcard", "take 1") if text in view.legal), None)
    if take is not None:
        match.play(take)
        player.choose(seat_view(match, match.to_move or 0))  # a discard after a draw
    return {}
