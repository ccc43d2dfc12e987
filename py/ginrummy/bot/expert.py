"""The expert: the hard player's judgement, checked by search on every move that matters.

The expert starts from the hard player's choice (``HeuristicPlayer`` with the ``hard``
style) and searches it against its rivals:

- after a draw: hard's best ``DISCARDS`` discards, and when a knock is allowed, each
  knock card leaving the least deadwood with each way of laying its melds down
  (``KNOCK_CARDS``, ``ARRANGEMENTS``): knock now or play on, with which card and melds;
- before a draw: take the face-up card or draw from the stock, when taking it lowers the
  deadwood as hard values it (a card that gives gin is always taken).

Each candidate is played to the end of the hand on the same guesses of the hidden cards
(``search``; ``playout.sample_deal``: the other hand and the stock, consistent with
everything its seat has seen, never the true cards), both seats playing on as a cheaper
hard (``playout.Playout``). A knock ends the hand at once: it is scored against each
guessed hand with its lay-offs. Each guess's result is valued as the expert's chance of
winning the game from the scores after the hand (``win_table``: the match's scores in
its view, the hand's points to each seat, and who deals next); where the rules have no
table (a match by hands won), or with ``win_table`` off, as the hand's points less the
other's, plus hard's score margin for a knock. Hard's own choice stands unless a rival's
average value beats it by more than the play-outs' noise (``search.choose``).

With a fixed number of guesses (``deals``) a seed replays a game exactly; ``seconds``
adds a clock (for the page) that stops the search early. What was tried to make the
opponent stronger, with its figures: ``docs/opponent.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..actions import Action, Kind
from ..melds import Arrangement
from ..scoring import DEAD_HAND, HandScore, Outcome
from .baseline import view_rng
from .decision import Decision
from .heuristic import HARD, Context, HeuristicPlayer, knock_key
from .playout import Playout
from .search import Candidate, choose, search
from .value import position_value
from .win_table import deals_next, table_for

EXPERT = replace(HARD, name="expert")
"""The expert's style: hard's knobs (the search is on top)."""

DEALS = 24
"""Guesses of the hidden cards per searched decision."""
DISCARDS = 3
"""Hard's best discards searched after a draw."""
KNOCK_CARDS = 2
"""Knock cards searched: those leaving the least deadwood."""
ARRANGEMENTS = 4
"""Ways of laying the melds down searched per knock card."""
EXTRA = 0.5
"""Extra cards per stock draw of the other player that a guessed hand keeps the best of:
a hand that has drawn and thrown a while is better than a random one."""

Move = tuple[int, Arrangement | None]
"""A candidate after a draw: the card thrown, and the melds laid down (None: play on)."""
Valuer = Callable[[HandScore], float]
"""Values a hand's score (seat 0 the searching seat): its points (``net_points``) or the
chance of winning the game after it (``ExpertPlayer._valuer``)."""


def net_points(score: HandScore) -> float:
    """Return seat 0's points less seat 1's in ``score``: a hand's value without a table
    (hard's score margin is added to a knock's after the search)."""
    return score.points[0] - score.points[1]


class ExpertPlayer(HeuristicPlayer):
    """The expert level: hard's player with a determinised search on top."""

    def __init__(
        self,
        seed: int = 0,
        deals: int = DEALS,
        seconds: float | None = None,
        discards: int = DISCARDS,
        win_table: bool = True,
        learned: bool = False,
    ) -> None:
        """Make the expert; ``seed`` fixes its choices, ``deals`` is the most guesses per
        search, ``seconds`` an optional clock per search, ``discards`` how many of hard's
        best discards it searches; ``win_table`` off values a hand by its points (and
        hard's score margin) in place of the chance of winning the game; ``learned`` off
        plays every play-out to the hand's end, where the learned value
        (``value.position_value``) ends it after its turns as hard, under the rules it fits."""
        super().__init__(EXPERT, seed)
        self.deals = deals
        self.seconds = seconds
        self.discards = discards
        self.win_table = win_table
        self.learned = learned

    def _playout(self, ctx: Context) -> Playout:
        """Return the play-out engine for this decision's rules."""
        view = ctx.view
        learned = position_value() if self.learned else None
        value = learned if learned is not None and learned.fits(view.rules) else None
        return Playout(
            view.rules, ctx.tables, ctx.shape, ctx.melder, ctx.limit, view.doubled, value=value
        )

    def _valuer(self, ctx: Context) -> Valuer | None:
        """Return how this decision values a hand's score: the seat's chance of winning
        the game from the scores after it (``win_table``), or None to count its points
        (``win_table`` off, or rules with no table)."""
        view = ctx.view
        rules = view.rules
        found = table_for(rules) if self.win_table else None
        scores: dict[str, Any] = view.scores
        games = [game for game in scores.get("games", []) if not game.get("over")]
        if found is None or not games:
            return None
        table, scale = found
        totals = games[0].get("totals", [0, 0])
        mine, theirs = totals[view.seat], totals[1 - view.seat]
        dealer = 0 if view.dealer == view.seat else 1  # the play-outs' seats: 0 is this one
        target = rules.target

        def value(score: HandScore) -> float:
            own, other = mine + score.points[0], theirs + score.points[1]
            if own >= target or other >= target:
                return float(own > other or (own == other and score.winner == 0))
            after = deals_next(rules, dealer, score.winner, score.outcome is Outcome.DEAD)
            return table.probability(own * scale, other * scale, after == 0)

        return value

    def _search(
        self, ctx: Context, candidates: list[Candidate], playout: Playout
    ) -> list[list[float]]:
        """Return the candidates' values on this decision's guesses."""
        know = ctx.know
        rng = view_rng(self.seed, ctx.view, "expert")
        extra = min(int(know.opponent_draws * EXTRA + 0.5), 8)
        return search(candidates, know, playout, rng, self.deals, extra, self.seconds)

    # --- before a draw --------------------------------------------------------------

    def _upcard_beats_stock(self, ctx: Context, hand: int, top: int) -> bool:
        """Return hard's answer, checked by play-outs of the take and the stock draw.

        Hard asks only for a card that lowers the deadwood as it values it
        (``Context.shape``): under a low knock limit, where hard counts cards, a card that
        only swaps a high one for a low one is not searched.
        """
        hard = super()._upcard_beats_stock(ctx, hand, top)
        if "stock" not in ctx.view.legal or "upcard" not in ctx.view.legal:
            return hard
        playout = self._playout(ctx)
        dead = sum(1 << card for card in ctx.view.discards)
        value = self._valuer(ctx) or net_points

        def take(other: int, stock: list[int]) -> float:
            hands = [hand | 1 << top, other]
            return value(playout.play_score(hands, stock, None, dead & ~(1 << top), 0, top))

        def draw(other: int, stock: list[int]) -> float:
            hands = [hand | 1 << stock.pop(), other]
            return value(playout.play_score(hands, stock, top, dead, 0))

        points = self._search(ctx, [take, draw], playout)
        return choose(points, 0 if hard else 1) == 0

    # --- after a draw ---------------------------------------------------------------

    def _discard_phase(self, ctx: Context) -> Decision:
        """Return hard's discard or knock, or the rival the search finds better."""
        hard = super()._discard_phase(ctx)
        action = Action.parse(hard.action)
        if action.kind not in (Kind.DISCARD, Kind.KNOCK):
            return hard  # gin or big gin: nothing beats it
        view = ctx.view
        hand = view.hand
        options = self._look_deeper(ctx, hand, self.discard_options(ctx, hand, view.taken))
        moves: list[Move] = [(card, None) for _cost, card in options[: self.discards]]
        moves += self._knocks(ctx, hand)
        base = self._index_of(moves, action)
        if base is None:
            moves.append((action.card or 0, None))
            base = len(moves) - 1
        playout = self._playout(ctx)
        value = self._valuer(ctx) or net_points
        candidates = [self._candidate(ctx, playout, move, value) for move in moves]
        points = self._search(ctx, candidates, playout)
        if value is net_points:
            points = [
                self._with_margin(ctx, row, move) for row, move in zip(points, moves, strict=True)
            ]
        chosen = choose(points, base)
        if chosen == base:
            return hard
        card, arrangement = moves[chosen]
        if arrangement is None:
            if action.kind is Kind.KNOCK:
                mean = sum(points[base]) / len(points[base])
                nothing = value(DEAD_HAND)  # a hand nobody scores
                ctx.hold_key = "hold_undercut" if mean < nothing else "hold_gin"
            return self._discard_reason(ctx, hand, card, options)
        key = knock_key(view.stock_count)
        return self._knock_decision(ctx, card, arrangement.count, arrangement, key)

    def _knocks(self, ctx: Context, hand: int) -> list[Move]:
        """Return the knocks to search: the ``KNOCK_CARDS`` leaving the least deadwood,
        each with its first ``ARRANGEMENTS`` least-deadwood ways to lay the melds down."""
        cards = [Action.parse(text).card for text in ctx.view.legal if text.startswith("knock ")]
        counts = ctx.melder.discard_deadwoods(hand)
        values = ctx.tables.values
        known = sorted(
            {card for card in cards if card is not None},
            key=lambda card: (counts[card], -values[card % 13], -card),
        )
        moves: list[Move] = []
        for card in known[:KNOCK_CARDS]:
            arrangements = ctx.melder.arrangements(hand & ~(1 << card))
            moves += [(card, arrangement) for arrangement in arrangements[:ARRANGEMENTS]]
        return moves

    @staticmethod
    def _index_of(moves: list[Move], action: Action) -> int | None:
        """Return the index of hard's ``action`` among ``moves``, or None."""
        melds = sorted(action.melds or ())
        for index, (card, arrangement) in enumerate(moves):
            if card != action.card:
                continue
            if arrangement is None and action.kind is Kind.DISCARD:
                return index
            if arrangement is None or action.kind is not Kind.KNOCK:
                continue
            if not melds or sorted(arrangement.melds) == melds:
                return index
        return None

    def _with_margin(self, ctx: Context, points: Sequence[float], move: Move) -> list[float]:
        """Return a knock's ``points`` plus hard's score margin for its mean (a knock that
        wins the game, or ends a hand before the other nears the target, is worth more);
        a discard's as they are."""
        margin = 0.0
        if move[1] is not None:
            margin = self._score_margin(ctx, sum(points) / len(points))
        return [value + margin for value in points]

    def _candidate(
        self, ctx: Context, playout: Playout, move: Move, value: Valuer = net_points
    ) -> Candidate:
        """Return the play-out of ``move``: a knock scored at once, or a discard played to
        the end of the hand; its result valued by ``value``."""
        card, arrangement = move
        rest = ctx.view.hand & ~(1 << card)
        if arrangement is not None:
            melds = arrangement.melds

            def knock(other: int, _stock: list[int]) -> float:
                return value(playout.go_out_score(0, [rest, other], melds))

            return knock
        dead = sum(1 << pile for pile in ctx.view.discards) | 1 << card

        def play_on(other: int, stock: list[int]) -> float:
            return value(playout.play_score([rest, other], stock, card, dead, 1))

        return play_on
