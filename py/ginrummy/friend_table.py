"""What the page draws of a match against a friend: a state shaped as ``bridge``'s.

The page draws a friend's match with the table, the end-of-hand screens and the score
sheet of a game against the computer. ``page_state`` gives it what ``bridge.Session.state``
gives for that game, from the referee's side of the match: its seat's view (the guest's,
seat 1, with the seats exchanged by ``mirror``, since the page draws its player at seat
0), the prompt, the ways to go out, the deadwood each discard leaves and the hand's
result. What differs is under ``"friend"``: the referee's stage, whether the page waits
for the friend's page, and why the match ended, if it did. There is no opponent for the
page to ask for moves, no statistics (a friend's match counts in none of the player's
figures against the computer) and no save of the bridge's: the match's own save is
``duel``'s.
"""

from __future__ import annotations

from typing import Any

from .bridge import discard_deadwood, going_out, param_text, prompt
from .mirror import swap_score, swap_seats
from .referee import Referee
from .rules import PRESETS, Rules, preset_name
from .scoring import HandScore
from .view import SeatView

Json = dict[str, Any]


def rules_params(rules: Rules) -> dict[str, str]:
    """Return ``rules`` as the new-game form's URL-style params: a preset and the fields
    that differ from it."""
    name = preset_name(rules) or "standard"
    changes = rules.changes_from(PRESETS[name])
    return {"preset": name, **{field: param_text(value) for field, value in changes.items()}}


def seat_state(view: SeatView, score: HandScore | None, rules: Rules) -> Json:
    """Return what ``bridge``'s state has to draw seat ``view`` of a match with no
    computer opponent, from its own seat: seat 1's view (and the hand's ``score``) with
    the seats exchanged by ``mirror``, since the page draws its player at seat 0. There
    are no statistics, no opponent to ask and no practice; ``params`` are the rules'."""
    if view.seat == 1:
        view = swap_seats(view)
        score = None if score is None else swap_score(score)
    return {
        "view": view.to_json(),
        "prompt": prompt(view),
        "going_out": going_out(view),
        "discard_deadwood": discard_deadwood(view),
        "result": None if score is None else score.to_json(),
        "stats": None,
        "opponent_to_move": False,
        "practice": False,
        "params": rules_params(rules),
    }


def page_state(referee: Referee) -> Json:
    """Return the page's state of ``referee``'s match: ``"friend"`` always, and once a hand
    is on the table everything ``bridge``'s state has to draw it (``view`` is None while
    the hand is dealt, and once the match has ended)."""
    friend = {
        "stage": referee.stage.value,
        "seat": referee.seat,
        "waiting": referee.waiting,
        "ended": referee.ended,
    }
    world = referee.world() if referee.dealt else None
    view = None if world is None else referee.seat_view(world)
    if world is None or view is None:
        return {"friend": friend, "view": None, "params": rules_params(referee.rules)}
    state = seat_state(view, world.hand.score, referee.rules)
    if referee.waiting:
        state["prompt"] = {"id": "friend_waiting"}
    return {"friend": friend, **state}
