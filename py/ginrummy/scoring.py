"""Scoring one hand: who wins it, how many points, and the rule behind each point.

>>> from ginrummy.rules import find_rules
>>> score = score_hand(find_rules("standard"), knocker=0, kind=Outcome.KNOCK,
...                    knocker_count=7, defender_count=4, doubled=False)
>>> score.outcome.value, score.winner, score.points
('undercut', 1, (0, 28))
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from .rules import Rules


class Outcome(enum.StrEnum):
    """How a hand ended."""

    KNOCK = "knock"
    """The knocker had less deadwood than the defender."""
    TIE = "tie"
    """Equal deadwood where a tie is no undercut (early official rules): nobody wins the
    hand and nobody scores, but it is no dead hand."""
    GIN = "gin"
    """The knocker went out with no deadwood."""
    BIG_GIN = "big_gin"
    """The knocker went out with all 11 cards in melds."""
    UNDERCUT = "undercut"
    """The defender's deadwood was lower than (or, by the rules, equal to) the knocker's."""
    DEAD = "dead"
    """Two cards were left in the stock and nobody went out: nobody scores."""


class Rule(enum.StrEnum):
    """The rule that gave a line of points."""

    KNOCK = "knock"
    """The knocker's winning difference of deadwood."""
    GIN = "gin"
    """The gin bonus."""
    BIG_GIN = "big_gin"
    """The big gin bonus."""
    DEADWOOD = "deadwood"
    """The defender's deadwood, paid to a gin or big gin."""
    UNDERCUT = "undercut"
    """The defender's undercut bonus."""
    DIFFERENCE = "difference"
    """The difference of deadwood paid to the lower count (undercut or box scoring)."""
    BOX = "box"
    """The knocker's box under box scoring."""
    DOUBLING = "doubling"
    """A spade first upcard doubles the hand."""
    GAME = "game"
    """The game bonus to the winner of a game."""
    LINE = "line"
    """The line bonus, per hand won in the game."""
    SHUTOUT = "shutout"
    """The shutout bonus: the loser scored nothing in the game."""
    EXTRA_COUP = "extra_coup"
    """Oklahoma extra-coups: one per undercut, two per gin, paid at the end of the game."""
    RUBBER = "rubber"
    """Hollywood: winning two of the three games."""
    EXACT_FIFTY = "exact_fifty"
    """The game winner led by exactly 50 and so loses."""
    TABLE = "table"
    """Mahjong gin: the cards a player laid on the table, for it."""
    HAND = "hand"
    """Mahjong gin: the cards still in a player's hand, against it (negative)."""


@dataclass(frozen=True)
class ScoreLine:
    """Points to one seat, the rule that gave them, and a note in plain words."""

    seat: int
    points: int
    rule: Rule
    note: str

    def to_json(self) -> dict[str, Any]:
        """Return the line as JSON-ready data."""
        return {
            "seat": self.seat,
            "points": self.points,
            "rule": self.rule.value,
            "note": self.note,
        }


@dataclass(frozen=True)
class HandScore:
    """The score of one hand: outcome, winner, points per seat and their breakdown."""

    outcome: Outcome
    winner: int | None
    """The seat that won the hand; None for a dead hand or a tie."""
    points: tuple[int, int]
    """Points scored by each seat in this hand, doubling included."""
    lines: tuple[ScoreLine, ...]

    def to_json(self) -> dict[str, Any]:
        """Return the score as JSON-ready data."""
        return {
            "outcome": self.outcome.value,
            "winner": self.winner,
            "points": list(self.points),
            "breakdown": [line.to_json() for line in self.lines],
        }


DEAD_HAND = HandScore(Outcome.DEAD, None, (0, 0), ())
"""The score of a dead hand: nothing."""


def score_hand(
    rules: Rules,
    *,
    knocker: int,
    kind: Outcome,
    knocker_count: int,
    defender_count: int,
    doubled: bool,
) -> HandScore:
    """Score a hand that ``knocker`` ended by ``kind`` (knock, gin or big gin).

    ``defender_count`` is the defender's deadwood after its lay-offs; ``doubled`` says
    whether the first upcard was a spade under ``spade_double``.
    """
    defender = 1 - knocker
    lines: list[ScoreLine] = []
    # Resolved for box scoring (it-blog: "chi ha chiuso a Gin ottiene 25 punti"): a gin or
    # big gin takes its bonus in place of the box, plus the defender's deadwood, which is
    # the difference the lower count takes anyway.
    outcome: Outcome
    winner: int | None
    if kind is Outcome.GIN or kind is Outcome.BIG_GIN:
        outcome, winner = kind, knocker
        if kind is Outcome.GIN:
            lines.append(ScoreLine(knocker, rules.gin_bonus, Rule.GIN, "gin bonus"))
        else:
            assert rules.big_gin_bonus is not None
            lines.append(ScoreLine(knocker, rules.big_gin_bonus, Rule.BIG_GIN, "big gin bonus"))
        lines.append(
            ScoreLine(
                knocker, defender_count, Rule.DEADWOOD, f"the defender's deadwood {defender_count}"
            )
        )
    elif rules.knock_box is not None:
        outcome, winner = _box_lines(rules.knock_box, knocker, knocker_count, defender_count, lines)
    else:
        tie = knocker_count == defender_count
        if defender_count < knocker_count or (tie and rules.undercut_on_tie):
            outcome, winner = Outcome.UNDERCUT, defender
            lines.append(ScoreLine(defender, rules.undercut_bonus, Rule.UNDERCUT, "undercut bonus"))
            lines.append(
                ScoreLine(
                    defender,
                    knocker_count - defender_count,
                    Rule.DIFFERENCE,
                    f"deadwood {knocker_count} - {defender_count}",
                )
            )
        elif tie:
            outcome, winner = Outcome.TIE, None
        else:
            outcome, winner = Outcome.KNOCK, knocker
            lines.append(
                ScoreLine(
                    knocker,
                    defender_count - knocker_count,
                    Rule.KNOCK,
                    f"deadwood {defender_count} - {knocker_count}",
                )
            )
    points = [0, 0]
    for line in lines:
        points[line.seat] += line.points
    if doubled:
        for seat in (0, 1):
            if points[seat]:
                lines.append(
                    ScoreLine(seat, points[seat], Rule.DOUBLING, "spade first upcard: doubled")
                )
                points[seat] *= 2
    return HandScore(outcome, winner, (points[0], points[1]), tuple(lines))


def _box_lines(
    box: int, knocker: int, knocker_count: int, defender_count: int, lines: list[ScoreLine]
) -> tuple[Outcome, int]:
    """Add the lines of box scoring (it-blog) and return the outcome and winner.

    The knocker always takes the box; the lower deadwood takes the difference, with no
    undercut bonus. The hand's winner is the lower deadwood, the knocker on a tie.
    """
    lines.append(ScoreLine(knocker, box, Rule.BOX, "box to the knocker"))
    note = f"deadwood {max(knocker_count, defender_count)} - {min(knocker_count, defender_count)}"
    if defender_count < knocker_count:
        lines.append(ScoreLine(1 - knocker, knocker_count - defender_count, Rule.DIFFERENCE, note))
        return Outcome.UNDERCUT, 1 - knocker
    if defender_count > knocker_count:
        lines.append(ScoreLine(knocker, defender_count - knocker_count, Rule.DIFFERENCE, note))
    return Outcome.KNOCK, knocker
