"""The expert: the hard player's judgement, checked by search where it matters most.

The expert starts from the hard player's reading of the hand (``HeuristicPlayer`` with
the ``hard`` style) and then searches the two decisions where hard's rules of thumb are
least sure:

- whether to knock now or play on (hard weighs it with a model of the race to gin);
- whether to take the face-up card, when taking it lowers the deadwood.

Close discards are not searched: the differences between them are small against the
play-outs' noise at this many guesses, and it would double the time of a decision.

Each candidate move is tried on the same ``deals`` guesses of the hidden cards
(``playout.sample_deal``: the other hand and the stock, consistent with everything its
seat has seen, never the true cards), and each guess is played to the end of the hand
with the cheap policy of ``playout.Playout``. The move with the best average points
wins; hard's own choice keeps a small head start, as the play-outs are noisy. The
number of guesses is fixed, so a seed replays a game exactly; it is sized to keep a
decision well under the page's 150 ms in Pyodide.
"""

from __future__ import annotations

from dataclasses import replace

from ..actions import Action
from .baseline import view_rng
from .decision import Decision
from .heuristic import HARD, Context, HeuristicPlayer, knock_card, knock_key
from .playout import Playout, sample_deal

EXPERT = replace(HARD, name="expert")
"""The expert's style: hard's knobs (the search is on top)."""

DEALS = 32
"""Guesses of the hidden cards per searched decision."""

EXTRA = 0.5
"""Extra cards per stock draw of the other player that a guessed hand keeps the best of:
more than hard's samples take, as the other player may be one that holds a low hand
rather than knock (hard does)."""

HEAD_START = 0.5
"""Points per hand hard's own choice is credited with, against play-out noise."""


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

    def _discard_value(self, ctx: Context, hand: int, card: int) -> float:
        """Return the average points of discarding ``card`` from the 11-card ``hand``."""
        playout = self._playout(ctx)
        rest = hand & ~(1 << card)
        total = 0.0
        for other, stock in self._deals(ctx):
            total += playout.play([rest, other], list(stock), card, 1)
        return total / self.deals

    def _knock_value(self, ctx: Context, card: int) -> float:
        """Return the average points of knocking (or going gin) now, throwing ``card``."""
        playout = self._playout(ctx)
        rest = ctx.view.hand & ~(1 << card)
        total = 0.0
        for other, _stock in self._deals(ctx):
            total += playout.go_out(0, [rest, other])
        return total / self.deals

    def _draw_values(self, ctx: Context, hand: int, top: int) -> tuple[float, float]:
        """Return the average points of taking ``top`` and of drawing from the stock."""
        playout = self._playout(ctx)
        take = draw = 0.0
        for other, stock in self._deals(ctx):
            take += playout.play([hand | 1 << top, other], list(stock), None, 0, True, top)
            rest = list(stock)
            drawn = hand | 1 << rest.pop()
            draw += playout.play([drawn, other], rest, None, 0, True)
        return take / self.deals, draw / self.deals

    # --- the hooks ------------------------------------------------------------------

    def _wants_upcard(self, ctx: Context, hand: int, top: int) -> bool:
        """Return hard's answer, checked by play-outs when the card lowers the deadwood."""
        hard = super()._wants_upcard(ctx, hand, top)
        if "stock" not in ctx.view.legal or "upcard" not in ctx.view.legal:
            return hard
        tables = ctx.tables
        with_top = hand | 1 << top
        if tables.least_after_discard(with_top) >= tables.deadwood(hand):
            return hard
        take, draw = self._draw_values(ctx, hand, top)
        if hard:
            take += HEAD_START
        else:
            draw += HEAD_START
        return take > draw

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
        knock = self._knock_value(ctx, card)
        knock += self._score_margin(ctx, knock)
        # a discard with two cards left in the stock leaves a dead hand: no points
        late = ctx.view.stock_count <= 2
        hold = 0.0 if late else self._discard_value(ctx, hand, options[0][1])
        if hard is not None:
            knock += HEAD_START
        else:
            hold += HEAD_START
        if knock >= hold:
            return hard if hard is not None else self._knock_now(ctx, hand, card, best)
        ctx.hold_key = "hold_undercut" if knock < 0 else "hold_gin"
        return None

    def _knock_now(self, ctx: Context, hand: int, card: int, count: int) -> Decision:
        """Return the knock throwing ``card`` with the melds that let the other lay off least."""
        rest = hand & ~(1 << card)
        arrangements = ctx.melder.arrangements(rest)
        samples = self._sample_hands(ctx)
        _risk, chosen = self._undercut_risk(ctx, samples, count, arrangements)
        return self._knock_decision(ctx, card, count, chosen, knock_key(ctx.view.stock_count))
