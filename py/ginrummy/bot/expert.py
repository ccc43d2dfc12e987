"""The expert: the hard player's judgement, checked by search where it matters most.

The expert starts from the hard player's reading of the hand (``HeuristicPlayer`` with
the ``hard`` style) and then searches the two decisions where hard's rules of thumb are
least sure:

- whether to knock now or play on (hard weighs it with a model of the race to gin);
- whether to take the face-up card, when taking it lowers the deadwood (a card that
  gives gin is always taken).

Close discards are not searched: the differences between them are small against the
play-outs' noise at this many guesses, and the play-outs' simple discards judge them
worse than hard's valuation does.

Each candidate move is tried on the same ``deals`` guesses of the hidden cards
(``playout.sample_deal``: the other hand and the stock, consistent with everything its
seat has seen, never the true cards), and each guess is played to the end of the hand
with the cheap policy of ``playout.Playout``, in which this seat plays on for gin until
the stock runs low, as hard does, and the other knocks as soon as it can. Hard's own
choice stands unless the other move's average points beat it by more than the
play-outs' noise (``overrides``: the paired gain over the same guesses, against its
standard error): at this many guesses a plain comparison follows the noise as often as
the cards. The number of guesses is fixed, so a seed replays a game exactly; it is sized
to keep a decision well under the page's 150 ms in Pyodide.

Both ways of the knock are searched: a knock against a player who holds for gin pays,
against one who knocks as soon as it can it does not. What holds the search back most is
its guess of the other hand: given the true one (in a harness, never the player) the same
search wins far more. What was tried to make the opponent stronger, with its figures:
``docs/opponent.md``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from ..actions import Action
from .baseline import view_rng
from .decision import Decision
from .heuristic import HARD, Context, HeuristicPlayer, knock_card, knock_key
from .playout import Playout, sample_deal

EXPERT = replace(HARD, name="expert")
"""The expert's style: hard's knobs (the search is on top)."""

DEALS = 32
"""Guesses of the hidden cards per searched decision. Three times as many measured no
stronger, at twice the time of a searched decision: 0.520 (+0.32 points a hand) of 400
games against hard where 32 won 0.505 (+0.48), and 0.787 (+5.82) against ``simple``
where 0.790 (+5.79) (seed 5; CPython p99 100.7 ms against 48.3 ms)."""

EXTRA = 0.5
"""Extra cards per stock draw of the other player that a guessed hand keeps the best of:
more than hard's samples take, as the other player may be one that holds a low hand
rather than knock (hard does). Either way it trades one opponent for the other (1,000
games each, seed 1, where this won 0.763, +5.72 points a hand, against ``simple`` and
0.511, +0.32, against hard): twice as many, 0.766 (+5.79) and 0.483 (-0.34), the
stronger guesses knocking less (0.126 of the hands won by a knock against hard); half
as many, 0.756 (+5.36) and 0.528 (+0.51)."""

CONFIDENCE = 1.0
"""Standard errors of the paired gain the search must see to override hard's choice."""


def overrides(own: Sequence[float], other: Sequence[float]) -> bool:
    """Return whether the points of ``other`` beat those of ``own``, guess by guess,
    by more than ``CONFIDENCE`` standard errors of their mean difference.

    >>> overrides([0, 0, 0, 0], [2, 3, 1, 2]), overrides([0, 0, 0, 0], [9, -8, 7, -6])
    (True, False)
    """
    gains = [b - a for a, b in zip(own, other, strict=True)]
    count = len(gains)
    mean = sum(gains) / count
    spread = sum((gain - mean) ** 2 for gain in gains) / max(1, count - 1)
    return mean > 0 and mean > CONFIDENCE * math.sqrt(spread / count)


class ExpertPlayer(HeuristicPlayer):
    """The expert level: hard's player with a determinised search on top."""

    def __init__(self, seed: int = 0, deals: int = DEALS) -> None:
        """Make the expert; ``seed`` fixes its choices, ``deals`` is the guesses per search."""
        super().__init__(EXPERT, seed)
        self.deals = deals

    # --- the search -----------------------------------------------------------------

    def _playout(self, ctx: Context) -> Playout:
        """Return the play-out engine for this decision's rules."""
        view = ctx.view
        return Playout(view.rules, ctx.tables, ctx.melder, ctx.limit, view.doubled)

    def _deals(self, ctx: Context) -> list[tuple[int, list[int]]]:
        """Return this decision's guesses of the hidden cards (the same for every move)."""
        if ctx.deals is None:
            rng = view_rng(self.seed, ctx.view, "expert")
            playout = self._playout(ctx)
            know = ctx.know
            extra = min(int(know.opponent_draws * EXTRA + 0.5), 8)
            ctx.deals = [sample_deal(know, rng, playout, extra) for _ in range(self.deals)]
        return ctx.deals

    def _discard_points(self, ctx: Context, hand: int, card: int) -> list[int]:
        """Return the points, guess by guess, of discarding ``card`` from the 11-card ``hand``."""
        playout = self._playout(ctx)
        rest = hand & ~(1 << card)
        return [
            playout.play([rest, other], list(stock), card, 1) for other, stock in self._deals(ctx)
        ]

    def _knock_points(self, ctx: Context, card: int) -> list[int]:
        """Return the points, guess by guess, of knocking (or going gin) now, throwing ``card``."""
        playout = self._playout(ctx)
        rest = ctx.view.hand & ~(1 << card)
        return [playout.go_out(0, [rest, other]) for other, _stock in self._deals(ctx)]

    def _draw_points(self, ctx: Context, hand: int, top: int) -> tuple[list[int], list[int]]:
        """Return the points, guess by guess, of taking ``top`` and of drawing from the stock."""
        playout = self._playout(ctx)
        take, draw = [], []
        for other, stock in self._deals(ctx):
            take.append(playout.play([hand | 1 << top, other], list(stock), None, 0, True, top))
            rest = list(stock)
            drawn = hand | 1 << rest.pop()
            draw.append(playout.play([drawn, other], rest, None, 0, True))
        return take, draw

    # --- the hooks ------------------------------------------------------------------

    def _upcard_beats_stock(self, ctx: Context, hand: int, top: int) -> bool:
        """Return hard's answer, checked by play-outs.

        Hard asks only for a card that lowers the deadwood as it values it
        (``Context.shape``): under a low knock limit, where hard counts cards, a card that
        only swaps a high one for a low one is not searched (searched, the play-outs'
        points took them: the expert won 0.300 of 40 games against hard under
        french_oklahoma, seed 1, against 0.600 without).
        """
        hard = super()._upcard_beats_stock(ctx, hand, top)
        if "stock" not in ctx.view.legal or "upcard" not in ctx.view.legal:
            return hard
        take, draw = self._draw_points(ctx, hand, top)
        return not overrides(take, draw) if hard else overrides(draw, take)

    def _knock(
        self,
        ctx: Context,
        hand: int,
        knocks: list[Action],
        options: list[tuple[float, int]],
    ) -> Decision | None:
        """Return the knock to make, or None to play on: knock against play on, played out."""
        hard = super()._knock(ctx, hand, knocks, options)
        card, best = knock_card(ctx.melder, hand, knocks)
        played = self._knock_points(ctx, card)
        margin = self._score_margin(ctx, sum(played) / len(played))
        knock = [points + margin for points in played]
        # a discard with two cards left in the stock leaves a dead hand: no points
        late = ctx.view.stock_count <= 2
        hold = [0] * len(knock) if late else self._discard_points(ctx, hand, options[0][1])
        if hard is not None and not overrides(knock, hold):
            return hard
        if hard is None and overrides(hold, knock):
            return self._knock_now(ctx, hand, card, best)
        ctx.hold_key = "hold_undercut" if sum(knock) < 0 else "hold_gin"
        return None

    def _knock_now(self, ctx: Context, hand: int, card: int, count: int) -> Decision:
        """Return the knock throwing ``card`` with the melds that let the other lay off least."""
        rest = hand & ~(1 << card)
        arrangements = ctx.melder.arrangements(rest)
        samples = self._sample_hands(ctx)
        _risk, chosen = self._undercut_risk(ctx, samples, count, arrangements)
        return self._knock_decision(ctx, card, count, chosen, knock_key(ctx.view.stock_count))
