"""A learned value of a position: the points a hand is worth before it is played out.

The expert's play-outs (``playout.Playout``) play a guessed hand to its end as a cheaper
hard, and most of their noise is in the last turns, played card by card as the ``simple``
player would. ``PositionValue`` stands in for those turns: from a position where a seat
is about to draw (both hands known, as in a play-out, the stock's cards but not their
order, the face-up card), it estimates the hand's points for the seat to move less the
other's, as two hard players would end the hand from there.

It is a linear function of a few figures of each hand (``features``): its deadwood, what
its next draw is expected to leave and how likely it is to knock or go gin after it, and
for the seat to move what the face-up card would leave; each also weighed by how much
stock is left. The weights were fitted by least squares to hands of hard against hard
(``tools/train_value.py``, which writes them with its seed and its figures into
``value_weights`` beside this module: a Python module, since the page imports the package
from its snapshot and reads no data file; see ``docs/opponent.md``). Points are estimated
undoubled (a spade first upcard doubles them afterwards), for the hand scoring the
weights were fitted on only (``PositionValue.fits``): other rules play out to the end.

>>> from ginrummy.cards import parse_mask, parse_card
>>> from ginrummy.bot.tables import deadwood_tables
>>> tables = deadwood_tables(False, 1)
>>> near_gin = parse_mask("As 2s 3s 7h 8h 9h Tc Jc Qc Kd")
>>> far = parse_mask("2c 4d 6h 8s Ts Qd Kh 3c 5s 9d")
>>> stock = parse_mask("4s 5h 6d 7c 8d 9c Jh Qs Kc Ad Ah 3h 3d")
>>> value = position_value()
>>> value.estimate(tables, 10, near_gin, far, stock, parse_card("Kh")) > 10
True
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass

from ..rules import Rules
from .tables import DeadwoodTables
from .value_weights import SCORINGS, WEIGHTS

FULL_STOCK = 31
"""Cards in the stock after a 10-card deal and the first upcard: the stage's scale."""
FEATURES = (
    "bias",
    "mover_deadwood",
    "other_deadwood",
    "mover_after_draw",
    "other_after_draw",
    "mover_knock_chance",
    "other_knock_chance",
    "mover_gin_chance",
    "other_gin_chance",
    "mover_can_knock",
    "other_can_knock",
    "upcard_left",
    "upcard_knocks",
    "upcard_gins",
    "stage",
    "stage_mover_deadwood",
    "stage_other_deadwood",
    "stage_mover_gin_chance",
    "stage_other_gin_chance",
    "knock_limit",
)
"""The names of ``features``' figures, in order (``value_weights.WEIGHTS`` names them too)."""


def draw_figures(
    tables: DeadwoodTables, hand: int, stock: list[int], limit: int
) -> tuple[float, float, float]:
    """Return, for a ten-card ``hand`` drawing one card of ``stock`` at random: the
    deadwood expected after the draw and the best discard (in tens), and the chances that
    it is then at most ``limit`` (a knock) and 0 (gin)."""
    outcomes = tables.draw_outcomes(hand, stock)
    if not outcomes:
        left = tables.deadwood(hand)
        return left / 10, float(left <= limit), float(left == 0)
    share = 1.0 / len(outcomes)
    knock = sum(1 for left in outcomes if left <= limit)
    gin = sum(1 for left in outcomes if left == 0)
    return sum(outcomes) * share / 10, knock * share, gin * share


def features(
    tables: DeadwoodTables, limit: int, mover: int, other: int, stock: int, top: int | None
) -> list[float]:
    """Return the figures ``PositionValue`` weighs (named by ``FEATURES``), for the seat
    holding ``mover`` about to draw, against ``other``: ``stock`` is the mask of the
    stock's cards, ``top`` the face-up card (None: none), ``limit`` the knock limit, and
    ``tables`` count deadwood in points."""
    cards = [card for card in range(stock.bit_length()) if stock >> card & 1]
    mover_now, other_now = tables.deadwood(mover), tables.deadwood(other)
    mover_after, mover_knock, mover_gin = draw_figures(tables, mover, cards, limit)
    other_after, other_knock, other_gin = draw_figures(tables, other, cards, limit)
    upcard = mover_now if top is None else tables.least_after_discard(mover | 1 << top)
    stage = max(0.0, min(1.0, len(cards) / FULL_STOCK))
    return [
        1.0,
        mover_now / 10,
        other_now / 10,
        mover_after,
        other_after,
        mover_knock,
        other_knock,
        mover_gin,
        other_gin,
        float(mover_now <= limit),
        float(other_now <= limit),
        upcard / 10,
        float(upcard <= limit),
        float(upcard == 0),
        stage,
        stage * mover_now / 10,
        stage * other_now / 10,
        stage * mover_gin,
        stage * other_gin,
        limit / 10,
    ]


HAND_RULES = (
    "deal",
    "gin_bonus",
    "big_gin_bonus",
    "undercut_bonus",
    "undercut_on_tie",
    "knock_box",
    "ace_mode",
    "unmatched_ace",
    "layoff_on_gin",
    "manual_layoffs",
)
"""The rules that score a hand (besides the knock limit and the spade doubling, which
``features`` and the play-out take in): the weights hold for these only."""


def hand_rules(rules: Rules) -> list[object]:
    """Return the values of ``HAND_RULES`` in ``rules``, as JSON writes them."""
    return [json.loads(json.dumps(getattr(rules, name))) for name in HAND_RULES]


@dataclass(frozen=True)
class PositionValue:
    """A linear value of a position, fitted to hands of hard against hard."""

    weights: tuple[float, ...]
    """One weight per name of ``FEATURES``."""
    scorings: tuple[tuple[object, ...], ...]
    """The ``hand_rules`` of each rule set the weights were fitted on."""

    def fits(self, rules: Rules) -> bool:
        """Return whether the weights hold for ``rules``: a hand scored as one of the rule
        sets they were fitted on."""
        return tuple(hand_rules(rules)) in self.scorings

    def estimate(
        self,
        tables: DeadwoodTables,
        limit: int,
        mover: int,
        other: int,
        stock: int,
        top: int | None,
    ) -> float:
        """Return the undoubled points the seat holding ``mover``, about to draw, is
        expected to score less the other's by the hand's end (``features`` says what the
        arguments are)."""
        figures = features(tables, limit, mover, other, stock, top)
        return sum(weight * figure for weight, figure in zip(self.weights, figures, strict=True))


@functools.cache
def position_value() -> PositionValue:
    """Return the value fitted by ``tools/train_value.py`` (``value_weights``; made once).

    :raises ValueError: when the weights are not those of ``FEATURES``, in order.
    """
    if tuple(WEIGHTS) != FEATURES:
        raise ValueError(f"the weights were fitted on other features: {list(WEIGHTS)}")
    return PositionValue(tuple(WEIGHTS.values()), tuple(SCORINGS))
