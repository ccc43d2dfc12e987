"""Statistics facts of a finished hand, seen from one seat, as counters the page adds up.

The page keeps statistics by rule set and level; it knows no rules, so the engine
says what each hand counts for: a dict of whole-number counters (``COUNTERS``), every
one of them 0 or more. Adding the dicts of many hands gives the totals, and the
averages are quotients of two totals (points per hand won: ``points_won / won``;
deadwood at your knocks: ``knock_deadwood / knocks``).

>>> from ginrummy.match import Match
>>> match = Match(seed=3)
>>> hand_counts(match, 0) is None  # the hand is still being played
True
"""

from __future__ import annotations

from .match import Match
from .scoring import Outcome

COUNTERS: tuple[str, ...] = (
    "hands",
    "won",
    "lost",
    "dead",
    "points_won",
    "points_lost",
    "knocks",
    "knock_deadwood",
    "opponent_knocks",
    "gins",
    "opponent_gins",
    "big_gins",
    "opponent_big_gins",
    "undercuts_given",
    "undercuts_suffered",
    "games",
    "games_won",
    "matches",
    "matches_won",
)
"""Every counter a hand's record may carry, in the order the page lists them.

``hands`` played; hands ``won``, ``lost`` and ``dead`` (nobody scored; a tie no one
wins is none of the three); ``points_won``:
the seat's points in the hands it won (doubling included), ``points_lost`` the other's
in the hands it won; ``knocks``: the seat's plain knocks (not gins, undercut or not) and
``knock_deadwood`` the sum of its deadwood at them; ``opponent_knocks`` likewise;
``gins`` and ``big_gins`` the seat's, ``opponent_gins`` and ``opponent_big_gins`` the
other's; ``undercuts_given``: the seat defended and undercut the knocker,
``undercuts_suffered``: the seat knocked and was undercut; ``games`` and ``games_won``:
games (or Hollywood columns) that ended with this hand; ``matches`` and ``matches_won``:
1 when the match ended with this hand."""


def hand_counts(match: Match, seat: int) -> dict[str, int] | None:
    """Return what the finished current hand of ``match`` counts for ``seat``, or None.

    None while the hand is being played. Counters that are 0 are left out.

    :raises ValueError: when ``seat`` is not 0 or 1.
    """
    if seat not in (0, 1):
        raise ValueError(f"a seat is 0 or 1, not {seat!r}")
    hand = match.hand
    score = hand.score
    if score is None:
        return None
    other = 1 - seat
    counts = dict.fromkeys(COUNTERS, 0)
    counts["hands"] = 1
    if score.outcome is Outcome.DEAD:
        counts["dead"] = 1
    elif score.winner == seat:
        counts["won"] = 1
        counts["points_won"] = score.points[seat]
    elif score.winner == other:  # a tie that no one wins is neither won nor lost
        counts["lost"] = 1
        counts["points_lost"] = score.points[other]
    showdown = hand.showdown
    if showdown is not None:
        mine = showdown.knocker == seat
        if showdown.kind is Outcome.KNOCK:
            counts["knocks" if mine else "opponent_knocks"] = 1
            if mine:
                counts["knock_deadwood"] = showdown.knocker_arrangement.count
        elif showdown.kind is Outcome.GIN:
            counts["gins" if mine else "opponent_gins"] = 1
        else:
            counts["big_gins" if mine else "opponent_big_gins"] = 1
        if score.outcome is Outcome.UNDERCUT:
            counts["undercuts_suffered" if mine else "undercuts_given"] = 1
    elif score.outcome is Outcome.GIN:  # Mahjong gin: a gin with no showdown
        counts["gins" if score.winner == seat else "opponent_gins"] = 1
    sheet = match.scoresheet
    for game in sheet.games:
        if game.over and game.entries and game.entries[-1][0] == match.hand_number:
            counts["games"] += 1
            counts["games_won"] += game.winner == seat
    if sheet.over:
        counts["matches"] = 1
        counts["matches_won"] = int(sheet.winner == seat)
    return {name: value for name, value in counts.items() if value}
