"""Pass and play: a match of two players at one device, a JSON text in, a JSON text out.

The page's third door into Python, beside ``bridge`` (the game against the computer) and
``duel`` (a friend's page): one ``Match`` with both seats played at this page. Every
answer is the table as the player to move sees it, from their own seat
(``friend_table.seat_state``), and names that seat under ``"pass_play"``: when it is
another seat than the one drawn last, the page hides the table behind its "pass to the
other player" screen until that player asks to see it. Between hands, and once the
match is over, the seat that played last keeps the table. Requests:

- ``new`` (JSON object of texts, the new-game form's rules: ``preset`` and the fields
  changed): deal a match from a random seed; the state.
- ``play`` (an action text of the state's ``legal``): the move of the player to move;
  the state.
- ``state`` (none): the state again.
- ``load`` (a save text, the state's ``pass_play.save``): take the match up again (after
  a reload); the state.
- ``record`` (none): once the match is over, its whole record (``ginrummy.record``, deal
  included) as a text under ``"record"``, for the replay viewer (the bridge's
  ``load_record``); refused while it is in play, when it would show the hidden cards.

The match is sealed as the bridge's games are (``ginrummy.seal``, under the same browser
key): dealt from a random seed and a secret only this Python can work out, so the save
the page keeps (``"pass_play"["save"]``, after every move; its own key, never the
bridge's) shows neither player the other's cards, and a save changed after it was made
is refused. Nothing here counts in the statistics of games against the computer: the
bridge's game waits as it was.

>>> answer = json.loads(request("new", '{"preset": "oklahoma"}', PassPlay()))
>>> answer["ok"], answer["pass_play"]["seat"] in (0, 1), answer["stats"]
(True, True, None)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import bridge, record
from .bridge import parse_json, rules_from_params
from .friend_table import seat_state
from .match import Match, random_seed
from .messages import fault_answer, refusal
from .seal import Sealer
from .view import seat_view

SAVE_FORMAT = "gin-rummy-pass-play"
"""The ``format`` of a pass-and-play match's save."""

Json = dict[str, Any]


class PassPlayError(ValueError):
    """A request the pass-and-play match cannot take: none dealt, or not a request."""


class PassPlay:
    """One match of two players passing the device between turns."""

    def __init__(self, sealer: Sealer | None = None) -> None:
        """Start with no match; seal it with ``sealer`` (default: the bridge's, which
        holds this browser's key)."""
        self.match: Match | None = None
        self.seat = 0
        """The seat the table is drawn for: the one to move, or the last to move."""
        self._sealer = sealer

    @property
    def sealer(self) -> Sealer:
        """Return the key the match is sealed with."""
        return self._sealer or bridge.SESSION.sealer

    def new(self, params: Json) -> Json:
        """Deal a match under the new-game form's rules ``params``; return its state.

        :raises RulesError: on bad rules (nothing changes).
        """
        seed = random_seed()
        match = Match(rules_from_params(params), seed=seed, secret=self.sealer.secret(seed))
        self.match = match
        self.seat = match.to_move or 0
        return self.state()

    def save(self) -> str:
        """Return the save text of the match: its record without the secret, the seat the
        table is drawn for, and the seal of both."""
        game = record.to_data(self._playing())
        del game["secret"]
        data: Json = {"format": SAVE_FORMAT, "seat": self.seat, "record": game}
        data["seal"] = self.sealer.seal(data)
        return json.dumps(data, separators=(",", ":"))

    def load(self, text: str) -> Json:
        """Take up the match ``save`` made (its text); return its state.

        :raises PassPlayError: when it is not such a save, was changed after it was made,
            or was made in another browser; nothing changes then.
        """
        data = parse_json(text, "the pass-and-play save")
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise PassPlayError(f"this is not the save of a pass-and-play match ({SAVE_FORMAT})")
        seal = data.pop("seal", None)
        if not self.sealer.verify(data, seal):
            raise PassPlayError(
                "the pass-and-play save was changed after it was made, or made in another browser"
            )
        game, seat = data.get("record"), data.get("seat")
        if not isinstance(game, dict) or seat not in (0, 1):
            raise PassPlayError("the pass-and-play save is broken")
        match = record.from_data({**game, "secret": self.sealer.secret(game.get("seed"))})
        self.match, self.seat = match, seat
        return self.state()

    def _playing(self) -> Match:
        """Return the match in play.

        :raises PassPlayError: before one was dealt.
        """
        if self.match is None:
            raise PassPlayError("no pass-and-play match has been dealt")
        return self.match

    def play(self, action: str) -> Json:
        """Play ``action`` for the player to move; return the state.

        :raises InvalidActionError, IllegalActionError: on a bad move (nothing changes).
        """
        match = self._playing()
        match.play(action)
        if match.to_move is not None:
            self.seat = match.to_move
        return self.state()

    def record(self) -> Json:
        """Return the match's whole record as a text under ``"record"``: its deal and every
        move, both players' cards included.

        :raises PassPlayError: before the match is over (nothing changes): the record
            would show each player the other's hand and the stock.
        """
        match = self._playing()
        if not match.over:
            raise PassPlayError(
                "the match's record opens once the match is over: before, it would show"
                " the hidden cards"
            )
        return {"record": record.save(match)}

    def state(self) -> Json:
        """Return the table as ``self.seat`` sees it, and under ``"pass_play"`` that seat and
        the match's save."""
        match = self._playing()
        view = seat_view(match, self.seat)
        state = seat_state(view, match.hand.score, match.rules)
        return {"pass_play": {"seat": self.seat, "save": self.save()}, **state}


SESSION = PassPlay()
"""The page's one pass-and-play match."""

_HANDLERS: dict[str, Callable[[PassPlay, str], Json]] = {
    "new": lambda session, argument: session.new(_object(argument)),
    "play": lambda session, argument: session.play(argument),
    "state": lambda session, _argument: session.state(),
    "load": lambda session, argument: session.load(argument),
    "record": lambda session, _argument: session.record(),
}


def _object(argument: str) -> Json:
    """Return ``argument`` parsed as a JSON object.

    :raises PassPlayError: when it is not one.
    """
    data = parse_json(argument or "{}", "the request")
    if not isinstance(data, dict):
        raise PassPlayError("the request's argument is a JSON object")
    return data


def request(op: str, argument: str = "", session: PassPlay = SESSION) -> str:
    """Answer the request ``op`` with ``argument`` as a JSON text; never raise.

    A refused request answers ``{"ok": false, "error": ...}`` (``messages.refusal``) and
    changes nothing; a fault
    in the engine adds ``"internal": true`` and the traceback.
    """
    handler = _HANDLERS.get(op)
    answer: Json
    try:
        if handler is None:
            raise PassPlayError(f"unknown request {op[:40]!r}; known: {', '.join(_HANDLERS)}")
        answer = {"ok": True, **handler(session, argument)}
    except ValueError as error:
        answer = refusal(error)
    except Exception as error:  # a bug must reach the player, not freeze the page
        answer = fault_answer(error)
    return json.dumps(answer, separators=(",", ":"))
