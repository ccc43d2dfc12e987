"""Stepping through a game record, and taking moves back, by replaying it.

A ``Replay`` holds a checked record and answers the table after any number of its
actions. A replay is a look back, so it shows both hands of every hand that is over
in the record; of a hand still in play when the record was saved it shows only what
the player saw (an exported running game must not show the opponent's cards or the
next stock card). A record is shown from seat 0's side unless told another seat: a
friend's match at the guest's page is drawn from seat 1's, turned with ``mirror`` so
that the page's player is seat 0, as everywhere. ``undo_point`` finds where a practice
game goes back to.

>>> from ginrummy.match import Match
>>> match = Match(seed=3)
>>> match.play("pass")
>>> steps = Replay(record.to_data(match))
>>> steps.total, steps.step(1)["move"]["action"]
(1, 'pass')
"""

from __future__ import annotations

from typing import Any

from . import record
from .actions import Action, Kind
from .cards import format_card, format_mask
from .match import Match
from .mirror import other, swap_score, swap_seats
from .view import OPPONENT, PLAYER, seat_view

Json = dict[str, Any]


def movers(match: Match) -> list[int | None]:
    """Return, for each action of ``match``, the seat that played it.

    ``None`` marks a ``next`` between hands (the page's player deals it).
    """
    fresh = record.start(record.to_data(match))
    seats: list[int | None] = []
    for action in match.actions:
        seats.append(fresh.to_move)
        fresh.apply(action)
    return seats


def undo_point(match: Match) -> int | None:
    """Return how many actions to keep to take back the player's last move, or None.

    The player's last move is the last action the player made (a ``next`` counts: the
    player deals it); the opponent's moves after it go with it, so the game is back at
    the player's decision before it.
    """
    seats = movers(match)
    for index in range(len(seats) - 1, -1, -1):
        if seats[index] != OPPONENT:
            return index
    return None


class Replay:
    """A checked game record to step through, action by action."""

    def __init__(self, data: Any, player: int = PLAYER) -> None:
        """Check the record ``data`` (parsed JSON) by playing it to its end; its steps
        are drawn from ``player``'s seat, as seat 0 (its hand at the bottom).

        :raises RecordError: when it is not a playable record; the message says why.
        """
        self.player = player
        final = record.from_data(data)
        self.data: Json = record.to_data(final)
        self.total = len(final.actions)
        """How many actions the record holds."""
        self.open_hands = final.hand_number - (0 if final.hand.over else 1)
        """Hands 1 to this are over in the record: both hands are shown."""

    def step(self, number: int) -> Json:
        """Return the table after the record's first ``number`` actions, as JSON-ready data.

        :raises RecordError: when ``number`` is not between 0 and ``total``.
        """
        if not 0 <= number <= self.total:
            raise record.RecordError(f"a step is a number from 0 to {self.total}, not {number!r}")
        match = record.from_data(self.data, max(number - 1, 0))
        before = list(match.hand.hands)
        move: Json | None = None
        if number:
            action = Action.parse(self.data["actions"][number - 1])
            seat = match.to_move
            match.play(action)
            move = self._move(match, action, seat, before)
        player = self.player
        view = seat_view(match, player)
        if player != PLAYER:
            view = swap_seats(view)
        shown_view = view.to_json()
        hand = match.hand
        shown = match.hand_number <= self.open_hands
        melder = hand.melder
        score = hand.score
        if score is not None and player != PLAYER:
            score = swap_score(score)
        totals = match.scoresheet.games[-1].totals
        return {
            "step": number,
            "total": self.total,
            "hand_number": match.hand_number,
            "dealer": view.dealer,
            "phase": view.phase.value,
            "to_move": view.to_move,
            "shown": shown,
            "hands": [
                melder.best_arrangement(hand.hands[player]).to_json(),
                melder.best_arrangement(hand.hands[1 - player]).to_json() if shown else None,
            ],
            "opponent_count": view.opponent_count,
            "opponent_known": format_mask(view.opponent_known),
            "pile": shown_view["pile"],
            "mahjong": shown_view["mahjong"],
            "stock_count": view.stock_count,
            "move": move,
            "result": score.to_json() if score is not None else None,
            "totals": totals if player == PLAYER else totals[::-1],
        }

    def _move(self, match: Match, action: Action, seat: int | None, before: list[int]) -> Json:
        """Return the move that made this step: who (as ``player`` sees the table), what,
        and the cards it showed."""
        shown_seat = seat if self.player == PLAYER else other(seat)
        move: Json = {"seat": shown_seat, "action": action.text, "kind": action.kind.value}
        if action.kind is Kind.NEXT:
            return move
        event = match.hand.events[-1]
        card = event.card if event.card is not None else event.declined
        if card is not None:
            move["card"] = format_card(card)
        if (
            action.kind is Kind.STOCK
            and seat is not None
            and (seat == self.player or match.hand_number <= self.open_hands)
        ):
            (drawn,) = format_mask(match.hand.hands[seat] & ~before[seat])
            move["drew"] = drawn
        return move
