"""Seat 1's side of the table drawn as seat 0's: the page always draws its player at 0.

The page knows one player, seat 0 (``view.PLAYER``), and one opponent, seat 1. In a
match against a friend the guest's page plays seat 1; ``swap_seats`` turns its view
into the same view with the two seats' numbers exchanged everywhere they appear (whose
turn, the dealer, each event, the cut, the melds' owners, both hands, the showdown and
every score), so the page draws it as it draws a game against the computer. Swapping
twice gives the view back.

>>> from ginrummy.match import Match
>>> from ginrummy.view import seat_view
>>> match = Match(seed=3)
>>> swapped = swap_seats(seat_view(match, 1))
>>> swapped.seat, swapped.hand == match.hand.hands[1], swapped.dealer == 1 - match.hand.dealer
(0, True, True)
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .scoring import HandScore, ScoreLine
from .showdown import Showdown
from .view import SeatView


def other(seat: int | None) -> int | None:
    """Return the other seat of ``seat`` (None stays None: no one)."""
    return None if seat is None else 1 - seat


def _pair(values: Any) -> Any:
    """Return a pair of per-seat values in the other order, as the same kind of sequence."""
    return type(values)(reversed(values))


def swap_line(line: ScoreLine) -> ScoreLine:
    """Return a score line given to the other seat."""
    return dataclasses.replace(line, seat=1 - line.seat)


def swap_score(score: HandScore) -> HandScore:
    """Return a hand's score with the two seats exchanged."""
    return dataclasses.replace(
        score,
        winner=other(score.winner),
        points=_pair(score.points),
        lines=tuple(swap_line(line) for line in score.lines),
    )


def _swap_showdown(showdown: Showdown | None) -> Showdown | None:
    """Return the showdown with the other seat knocking (its arrangements are the
    knocker's and the defender's, whoever they are)."""
    if showdown is None:
        return None
    return dataclasses.replace(
        showdown, knocker=1 - showdown.knocker, score=swap_score(showdown.score)
    )


def _swap_line_json(line: dict[str, Any]) -> dict[str, Any]:
    """Return a score line's JSON given to the other seat."""
    return {**line, "seat": 1 - line["seat"]}


def _swap_game_json(game: dict[str, Any]) -> dict[str, Any]:
    """Return one game of a score sheet's JSON (``Game.to_json``) with the seats exchanged."""
    return {
        **game,
        "hands": [[number, second, first] for number, first, second in game["hands"]],
        "totals": _pair(game["totals"]),
        "hands_won": _pair(game["hands_won"]),
        "extra_coups": _pair(game["extra_coups"]),
        "bonuses": [_swap_line_json(line) for line in game["bonuses"]],
        "final": _pair(game["final"]),
        "winner": other(game["winner"]),
    }


def swap_sheet(sheet: dict[str, Any]) -> dict[str, Any]:
    """Return a score sheet's JSON (``Scoresheet.to_json``) with the seats exchanged."""
    return {
        **sheet,
        "games": [_swap_game_json(game) for game in sheet["games"]],
        "hands_won": _pair(sheet["hands_won"]),
        "games_won": _pair(sheet["games_won"]),
        "match_totals": _pair(sheet["match_totals"]),
        "match_bonuses": [_swap_line_json(line) for line in sheet["match_bonuses"]],
        "totals": _pair(sheet["totals"]),
        "winner": other(sheet["winner"]),
    }


def swap_seats(view: SeatView) -> SeatView:
    """Return ``view`` with the two seats' numbers exchanged: seat 1's view drawn as seat
    0's (and seat 0's as seat 1's)."""
    return dataclasses.replace(
        view,
        seat=1 - view.seat,
        to_move=other(view.to_move),
        dealer=1 - view.dealer,
        events=tuple(event._replace(seat=1 - event.seat) for event in view.events),
        showdown=_swap_showdown(view.showdown),
        revealed=None if view.revealed is None else _pair(view.revealed),
        scores=swap_sheet(view.scores),
        cut=tuple(_pair(pair) for pair in view.cut),
        table=tuple((cards, 1 - owner) for cards, owner in view.table),
        laid=_pair(view.laid),
    )
