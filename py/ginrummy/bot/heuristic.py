"""The computer opponent: easy, normal and hard, one heuristic player with three styles.

Every decision is made from one seat's ``SeatView`` through ``Knowledge``:

- a hand of ten cards is valued by its deadwood and by what the next stock draw is
  expected to do for it (each unseen card weighted by its chance to be the next
  stock card, so dead cards and cards the other player likely holds count less),
  with a bonus for the chance to be able to knock or go gin after that draw, and for
  hard, to be low enough to undercut most knocks (``READY`` points or less);
- a discard is the card whose loss leaves the best hand, less the danger of feeding
  the other player a meld (from the card-by-card estimate of its hand);
- the face-up card is taken when the best hand with it beats the expected best hand
  after a stock draw;
- a knock is weighed by sampling the other hand from the estimate and playing out
  its lay-offs: knock when the undercut risk is low for the stage of the hand and the
  score, else keep playing; the melds laid down are the arrangement that lets the
  sampled hands lay off least.

Under a low knock limit (``LOW_LIMIT`` or less: oklahoma's low upcards, gin only under
straight gin and oklahoma's ace), hard counts a hand's cards out of melds instead of their
points (``count_cards``): going out there means melding all but a card or two, whatever
they are worth, so a pair of kings is worth keeping over a lone ace.

What was tried to make the opponent stronger, with its figures: ``docs/opponent.md``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from ..actions import Action, Kind
from ..cards import RANK_NAMES, card_list, format_card, format_mask
from ..melds import Arrangement, Melder
from ..rules import AceMode, MatchFormat
from ..state import Phase, melder_for
from ..view import SeatView
from .baseline import gin_decision, layoff_decision, only_action, view_rng
from .decision import Decision
from .knowledge import LOW_LIMIT, Knowledge
from .tables import DeadwoodTables, deadwood_tables


@dataclass(frozen=True)
class Style:
    """The knobs of one level."""

    name: str
    infer: bool = True
    """Read the other player's picks, passes and discards (else: all unseen cards alike)."""
    lookahead: bool = True
    """Value a hand by its next draw too (else: by its deadwood and close pairs only)."""
    horizon: float = 1.0
    """How many future draws the expected one-draw gain is counted for."""
    knock_bonus: float = 6.0
    """Value, in deadwood points, of being able to knock after the next draw."""
    gin_bonus: float = 10.0
    """Value of being able to go gin after the next draw."""
    danger: float = 5.0
    """Cost, in deadwood points, of a discard the other player surely melds."""
    pair_danger: float = 0.5
    """Cost of a discard that surely makes a pair for the other player."""
    take_cost: float = 0.5
    """Cost of taking the face-up card: the other player learns about the hand."""
    samples: int = 24
    """Sampled other hands for a knock decision."""
    sample_extra: float = 0.25
    """Extra cards per stock draw of the other player that a sampled hand chooses from."""
    could_knock_weight: float = 0.4
    """Weight of a sampled other hand that could have knocked but did not."""
    hold_bias: float = 20.0
    """Points a knock must beat the race to gin by, besides the score margin."""
    projection: float = 0.5
    """How far the other hand's improvement while we wait for gin is counted (0 to 1)."""
    deep: int = 3
    """How many of the best discards are valued one more draw ahead (0: none)."""
    deep_margin: float = 6.0
    """Only discards this close to the best are valued further ahead."""
    knock_ev: bool = True
    """Weigh a knock by expected points against a race to gin (else: by undercut risk)."""
    undercut_risk: float = 0.3
    """Most undercut chance accepted to knock, early in the hand."""
    late_undercut_risk: float = 0.5
    """Most undercut chance accepted to knock when the stock runs low."""
    noise: float = 0.0
    """Random noise on each discard's value (beginner's misjudgements), in deadwood points."""
    keep_high: float = 0.0
    """Chance of a beginner's habit: discarding low cards and keeping high ones."""
    knock_wait: int = 0
    """A beginner waits for this much less deadwood than allowed before knocking."""
    miss_take: float = 0.0
    """Chance of overlooking a face-up card that only lowers the deadwood."""
    defense: float = 0.0
    """Weight of the deadwood held when the other player may go out: per point of
    deadwood, times the stage of the hand (0 with a full stock, 1 when it runs out)."""
    count_cards: bool = False
    """Under a low knock limit (``LOW_LIMIT`` or less, or gin only), value hands by how
    many cards they leave out of melds, not by their points. The valuation then sees
    only gin as going out; whether to knock is still weighed in points."""
    ready_bonus: float = 0.0
    """Value of a hand that is, or after the next draw may be, at ``READY`` points or
    less: low enough to undercut most knocks (hands valued by their points only)."""


COUNTED_CARD = 8
"""What each card out of melds counts, in deadwood points, when cards are counted."""
READY = 5
"""A deadwood count that undercuts most knocks (``Style.ready_bonus``): of the knocks of
a player who knocks as soon as it can, 0.76 come with 6 to 10 points (``simple`` against
itself, 2,059 knocks in 200 games under standard)."""


HARD = Style(
    "hard",
    horizon=0.6,
    hold_bias=26.0,
    defense=1.0,
    count_cards=True,
    sample_extra=0.5,
    ready_bonus=4.0,
)
NORMAL = Style(
    "normal",
    infer=False,
    horizon=1.5,
    knock_bonus=4.0,
    gin_bonus=6.0,
    danger=4.0,
    pair_danger=0.0,
    deep=0,
    samples=10,
    hold_bias=4.0,
    undercut_risk=0.35,
    late_undercut_risk=0.55,
)
EASY = Style(
    "easy",
    infer=False,
    lookahead=False,
    deep=0,
    danger=0.0,
    pair_danger=0.0,
    samples=0,
    noise=3.0,
    keep_high=0.15,
    knock_wait=3,
    miss_take=0.4,
)
STYLES = {style.name: style for style in (EASY, NORMAL, HARD)}


@dataclass
class Context:
    """What one decision works from: the view, the knowledge and the solvers."""

    view: SeatView
    know: Knowledge
    melder: Melder
    tables: DeadwoodTables
    shape: DeadwoodTables
    """The tables hands are valued with: ``tables``, or under a low knock limit, tables
    that count the cards out of melds (``COUNTED_CARD`` points each)."""
    rng: random.Random
    limit: int
    """The knock limit of this hand (0: gin only)."""
    horizon: float
    stage: float
    """How far the hand has gone: 0 with a full stock, 1 when the stock runs out."""
    cache: dict[int, float] = field(default_factory=dict)
    """Hand values already worked out in this decision."""
    dangers: dict[int, float] = field(default_factory=dict)
    """Discard dangers already worked out in this decision."""
    hold_key: str = "hold_undercut"
    """Why a possible knock was not made: the reason key for the discard."""
    deals: list[tuple[int, list[int]]] | None = None
    """The expert's guesses of the hidden cards for this decision, once made."""

    @property
    def counts_cards(self) -> bool:
        """Return whether hands are valued by the cards they leave out of melds."""
        return self.shape is not self.tables

    def value(self, card: int) -> int:
        """Return the deadwood value of ``card``."""
        return self.tables.values[card % 13]


def lateness(stock: int) -> float:
    """Return how late in the hand a stock of ``stock`` cards is: 0 at 20 or more, 1 at 6."""
    return max(0.0, min(1.0, (20 - stock) / 14))


def knock_key(stock: int) -> str:
    """Return the reason key of a knock with ``stock`` cards left: late from 13 down."""
    return "knock_late" if lateness(stock) >= 0.5 else "knock"


class HeuristicPlayer:
    """The computer opponent at one level."""

    def __init__(self, style: Style, seed: int = 0) -> None:
        """Make the player of ``style``; ``seed`` fixes its random choices."""
        self.style = style
        self.name = style.name
        self.seed = seed

    # --- entry ----------------------------------------------------------------------

    def choose(self, view: SeatView) -> Decision:
        """Return the move for ``view`` and why."""
        forced = only_action(view)
        if forced is not None:
            return forced
        if view.phase is Phase.LAYOFF:
            return layoff_decision(view, melder_for(view.rules))
        ctx = self.context(view)
        if view.phase in (Phase.FIRST_UPCARD, Phase.DRAW):
            return self._draw(ctx)
        return self._discard_phase(ctx)

    def context(self, view: SeatView) -> Context:
        """Return what a decision for ``view`` works from, at this player's level."""
        rules = view.rules
        corner = rules.ace_mode is AceMode.ROUND_THE_CORNER
        tables = deadwood_tables(corner, rules.unmatched_ace)
        shape = tables
        if self.style.count_cards and view.knock_limit <= LOW_LIMIT:
            shape = deadwood_tables(corner, rules.unmatched_ace, COUNTED_CARD)
        know = Knowledge(view, infer=self.style.infer)
        horizon = self.style.horizon * min(1.0, view.stock_count / 20) + 0.5
        rng = view_rng(self.seed, view, self.name)
        stage = max(0.0, min(1.0, 1 - (view.stock_count - 2) / 29))
        melder = melder_for(rules)
        return Context(view, know, melder, tables, shape, rng, view.knock_limit, horizon, stage)

    # --- valuing hands --------------------------------------------------------------

    def hand_value(self, ctx: Context, hand: int) -> float:
        """Return the badness of a ten-card ``hand`` in deadwood points (lower is better)."""
        known = ctx.cache.get(hand)
        if known is not None:
            return known
        value = self._hand_value(ctx, hand)
        ctx.cache[hand] = value
        return value

    def _hand_value(self, ctx: Context, hand: int) -> float:
        """Work out ``hand_value``."""
        tables = ctx.shape
        now = tables.deadwood(hand)
        if not self.style.lookahead:
            return now - 0.25 * self._pair_bonus(ctx, hand)
        know = ctx.know
        cards = know.unseen_cards
        outcomes = tables.draw_outcomes(hand, cards)
        chance = know.draw_chance
        expected = knock = gin = ready = 0.0
        limit = ctx.limit
        for card, after in zip(cards, outcomes, strict=False):
            p = chance[card]
            expected += p * after
            if after <= READY:
                ready += p
            if after <= limit:
                knock += p
                if after == 0:
                    gin += p
        if now <= limit:
            knock = 1.0
        if now <= READY:
            ready = 1.0
        style = self.style
        gain = now - expected
        value = now - ctx.horizon * gain - style.knock_bonus * knock - style.gin_bonus * gin
        if style.defense:
            value += style.defense * ctx.stage * now
        if style.ready_bonus and not ctx.counts_cards:
            value -= style.ready_bonus * ready
        return value

    def _pair_bonus(self, ctx: Context, hand: int) -> float:
        """Return a beginner's count of close pairs among the deadwood (for easy)."""
        arrangement = ctx.melder.best_arrangement(hand)
        dead = arrangement.deadwood
        bonus = 0.0
        for card in card_list(dead):
            for other in card_list(dead):
                if other <= card:
                    continue
                if other % 13 == card % 13 or (other // 13 == card // 13 and other - card <= 2):
                    bonus += 1.0
        return bonus

    def discard_cost(self, ctx: Context, card: int, rest: int) -> float:
        """Return the danger of throwing ``card`` away, in deadwood points."""
        style = self.style
        if not style.danger and not style.pair_danger:
            return 0.0
        known = ctx.dangers.get(card)
        if known is not None:
            return known
        # the other hand never holds this seat's cards: their chances are 0 already
        know = ctx.know
        cost = style.danger * know.meld_chance(card, rest)
        if style.pair_danger:
            cost += style.pair_danger * know.pair_chance(card, rest)
        ctx.dangers[card] = cost
        return cost

    def discard_options(
        self, ctx: Context, hand: int, banned: int | None
    ) -> list[tuple[float, int]]:
        """Return ``(cost, card)`` per allowed discard of an eleven-card ``hand``, best first."""
        out = []
        noise = self.style.noise
        for card in card_list(hand):
            if card == banned:
                continue
            rest = hand & ~(1 << card)
            cost = self.hand_value(ctx, rest) + self.discard_cost(ctx, card, rest)
            if noise:
                cost += ctx.rng.uniform(-noise, noise)
            out.append((cost, card))
        out.sort()
        return out

    # --- drawing --------------------------------------------------------------------

    def _draw(self, ctx: Context) -> Decision:
        """Take the face-up card or draw from the stock (or pass the first upcard)."""
        view = ctx.view
        top = view.pile_top
        assert top is not None
        hand = view.hand
        card_text = format_card(top)
        take = self._wants_upcard(ctx, hand, top)
        if take and "upcard" in view.legal:
            return self._take_reason(ctx, hand, top)
        if "stock" in view.legal:
            return Decision.make("stock", "draw_stock", card=card_text)
        return Decision.make("pass", "pass_upcard", card=card_text)

    def _wants_upcard(self, ctx: Context, hand: int, top: int) -> bool:
        """Return whether the face-up card is worth more than a stock draw."""
        tables = ctx.shape
        with_top = hand | 1 << top
        before = tables.deadwood(hand)
        best_after = min(tables.deadwood(with_top & ~(1 << card)) for card in card_list(hand))
        if best_after == 0:
            return True
        melds = best_after < before - tables.values[top % 13]
        if self.style.miss_take and not melds and ctx.rng.random() < self.style.miss_take:
            return False  # a beginner takes a card that makes a meld, and may miss the rest
        if best_after >= before:
            return False  # the card does not even lower the deadwood
        return self._upcard_beats_stock(ctx, hand, top)

    def _upcard_beats_stock(self, ctx: Context, hand: int, top: int) -> bool:
        """Return whether the best hand with the face-up card, which lowers the deadwood
        (as ``Context.shape`` counts it), beats the expected best hand after a stock draw."""
        options = self.discard_options(ctx, hand | 1 << top, top)
        take_value = options[0][0] + self.style.take_cost
        return take_value < self._stock_value(ctx, hand)

    def _stock_value(self, ctx: Context, hand: int) -> float:
        """Return the expected value of the best hand after a stock draw."""
        know = ctx.know
        cards = know.unseen_cards
        chance = know.draw_chance
        tables = ctx.shape
        keep = self.hand_value(ctx, hand)
        before = tables.deadwood(hand)
        outcomes = tables.draw_outcomes(hand, cards)
        total = 0.0
        for card, after in zip(cards, outcomes, strict=False):
            p = chance[card]
            if p <= 0:
                continue
            best = keep + self.discard_cost(ctx, card, hand)
            if after < before:
                grown = hand | 1 << card
                for other in card_list(grown):
                    rest = grown & ~(1 << other)
                    if other != card and tables.deadwood(rest) == after:
                        value = self.hand_value(ctx, rest) + self.discard_cost(ctx, other, rest)
                        best = min(best, value)
                        break
            total += p * best
        return total

    def _take_reason(self, ctx: Context, hand: int, top: int) -> Decision:
        """Return the decision to take the face-up card, with the best reason."""
        melder = ctx.melder
        card = format_card(top)
        with_top = hand | 1 << top
        counts = melder.discard_deadwoods(with_top)
        after = min(count for other, count in counts.items() if other != top)
        if after == 0:
            return Decision.make("upcard", "take_gin", card=card)
        if 0 < after <= ctx.limit:
            return Decision.make("upcard", "take_knock", card=card)
        for meld in melder.best_arrangement(with_top).melds:
            if meld >> top & 1:
                others = meld & ~(1 << top)
                key = "take_meld" if others.bit_count() == 2 else "take_extends"
                shown = others if key == "take_meld" else meld & ~(1 << top)
                return Decision.make("upcard", key, card=card, cards="".join(format_mask(shown)))
        before = ctx.tables.deadwood(hand)
        return Decision.make("upcard", "take_improve", card=card, before=before, after=after)

    # --- discarding and going out ---------------------------------------------------

    def _discard_phase(self, ctx: Context) -> Decision:
        """Discard, knock, gin or big gin."""
        view = ctx.view
        gin = gin_decision(view)
        if gin is not None:
            return gin
        legal = [Action.parse(text) for text in view.legal]
        hand = view.hand
        options = self.discard_options(ctx, hand, view.taken)
        if self.style.deep > 1:
            options = self._look_deeper(ctx, hand, options)
        if self.style.keep_high and ctx.rng.random() < self.style.keep_high:
            options = self._keep_high(ctx, hand, options)
        knocks = [a for a in legal if a.kind is Kind.KNOCK]
        if knocks:
            decision = self._knock(ctx, hand, knocks, options)
            if decision is not None:
                return decision
        _cost, card = options[0]
        return self._discard_reason(ctx, hand, card, options)

    def _look_deeper(
        self, ctx: Context, hand: int, options: list[tuple[float, int]]
    ) -> list[tuple[float, int]]:
        """Return the options with the best few valued one draw further ahead, best first.

        Each kept hand is valued by the expected best hand after the next stock draw and
        discard, which sees pairs and runs that need two more cards.
        """
        top = options[: self.style.deep]
        best = top[0][0]
        deeper = []
        for cost, card in top:
            if cost > best + self.style.deep_margin:
                continue
            rest = hand & ~(1 << card)
            value = self._stock_value(ctx, rest) + self.discard_cost(ctx, card, rest)
            deeper.append((value - 1000.0, card))
        deeper.sort()
        kept = {card for _, card in deeper}
        return deeper + [option for option in options if option[1] not in kept]

    def _keep_high(
        self, ctx: Context, hand: int, options: list[tuple[float, int]]
    ) -> list[tuple[float, int]]:
        """Return the options with a beginner's slip: a low deadwood card thrown first."""
        arrangement = ctx.melder.best_arrangement(hand)
        loose = [c for _, c in options if arrangement.deadwood >> c & 1]
        if len(loose) < 2:
            return options
        low = min(loose, key=lambda c: (ctx.value(c), c))
        return [(options[0][0] - 1, low)] + [o for o in options if o[1] != low]

    def _knock(
        self,
        ctx: Context,
        hand: int,
        knocks: list[Action],
        options: list[tuple[float, int]],
    ) -> Decision | None:
        """Return the knock to make, or None to keep playing."""
        card, best = knock_card(ctx.melder, hand, knocks)
        rest = hand & ~(1 << card)
        style = self.style
        waits = style.knock_wait and best > max(1, ctx.limit - style.knock_wait)
        if waits and ctx.view.stock_count > 10:
            ctx.hold_key = "hold_gin"
            return None  # a beginner waits for a lower count
        arrangements = ctx.melder.arrangements(rest)
        if style.samples <= 0:
            return self._knock_decision(ctx, card, best, arrangements[0], "knock")
        samples = self._sample_hands(ctx)
        risk, chosen = self._undercut_risk(ctx, samples, best, arrangements)
        stock = ctx.view.stock_count
        late = lateness(stock)
        if style.knock_ev:
            knock_ev = self._knock_ev(ctx, samples, best, chosen)
            hold_ev = self._hold_ev(ctx, samples, best, options)
            margin = self._score_margin(ctx, knock_ev)
            if ctx.view.rules.knock_box is not None:
                margin += 10.0
            if knock_ev + margin < hold_ev + self._hold_bias(ctx):
                ctx.hold_key = "hold_gin" if risk < 0.25 else "hold_undercut"
                return None
        else:
            allowed = style.undercut_risk + (style.late_undercut_risk - style.undercut_risk) * late
            allowed += self._score_pressure(ctx)
            if ctx.view.rules.knock_box is not None:
                allowed += 0.3  # box scoring pays the knocker whatever happens
            if risk > allowed:
                return None
        key = knock_key(stock)
        return self._knock_decision(ctx, card, best, chosen, key)

    def _hold_bias(self, ctx: Context) -> float:
        """Return the points a knock must beat the race by: waiting pays in undercuts.

        A player who knocks as soon as it can often knocks into a hand kept low; the
        undercut bonus pays for the wait, so the bias grows with it (none with box scoring).
        """
        rules = ctx.view.rules
        if rules.knock_box is not None:
            return 0.0
        return self.style.hold_bias * min(1.0, rules.undercut_bonus / 25)

    def _sample_hands(self, ctx: Context) -> list[tuple[int, float]]:
        """Return guesses of the other hand, each with its weight.

        A guess that could have knocked gets less weight: most players knock when they can.
        """
        know = ctx.know
        melder = ctx.melder
        rng = ctx.rng
        extra = min(int(know.opponent_draws * self.style.sample_extra + 0.5), 6)
        out = []
        for _ in range(self.style.samples):
            pool = know.sample_hidden(rng, extra) | know.known
            while pool.bit_count() > ctx.view.opponent_count:
                counts = melder.discard_deadwoods(pool)
                worst = min(counts, key=lambda c: (counts[c], -c))
                pool &= ~(1 << worst)
            weight = 1.0
            if ctx.limit and ctx.tables.deadwood(pool) <= ctx.limit:
                weight = self.style.could_knock_weight
            out.append((pool, weight))
        return out

    def _knock_ev(
        self, ctx: Context, samples: list[tuple[int, float]], count: int, arrangement: Arrangement
    ) -> float:
        """Return the expected points of knocking now with ``count`` deadwood."""
        rules = ctx.view.rules
        melder = ctx.melder
        total = weights = 0.0
        for other, weight in samples:
            left = melder.best_layoffs(arrangement.melds, other).arrangement.count
            if rules.knock_box is not None:
                points = float(rules.knock_box + (left - count))
            elif left < count or (rules.undercut_on_tie and left == count):
                points = -float(rules.undercut_bonus + count - left)
            else:
                points = float(left - count)
            total += weight * points
            weights += weight
        return total / weights if weights else 0.0

    def _hold_ev(
        self,
        ctx: Context,
        samples: list[tuple[int, float]],
        count: int,
        options: list[tuple[float, int]],
    ) -> float:
        """Return the expected points of keeping on: a race to gin against the other's knock."""
        rules = ctx.view.rules
        know = ctx.know
        tables = ctx.tables
        cards = know.unseen_cards
        chance = know.draw_chance
        hand = ctx.view.hand & ~(1 << options[0][1])
        mine = tables.deadwood(hand)
        ours = tables.draw_outcomes(hand, cards)
        gin = sum(chance[c] for c, after in zip(cards, ours, strict=False) if after == 0)
        uniform = 1.0 / max(1, len(cards))
        limit = ctx.limit
        out_chance = gin_chance = against = 0.0
        their_deadwood = their_gain = 0.0
        weights = 0.0
        for other, weight in samples:
            theirs = tables.draw_outcomes(other, cards)
            outs = [after for after in theirs if after <= limit]
            knock = len(outs) * uniform
            gins = sum(1 for after in outs if after == 0) * uniform
            now = tables.deadwood(other)
            their_deadwood += weight * now
            their_gain += weight * (now - sum(theirs) * uniform)
            out_chance += weight * knock
            gin_chance += weight * gins
            if outs:
                value = 0.0
                for after in outs:
                    if after == 0:
                        value -= rules.gin_bonus + mine
                    elif mine < after or (rules.undercut_on_tie and mine == after):
                        value += rules.undercut_bonus + after - mine
                    else:
                        value -= mine - after
                against += weight * knock * value / len(outs)
            weights += weight
        if not weights:
            return 0.0
        q = out_chance / weights
        opp_value = against / weights / q if q > 0 else 0.0
        rounds = max(1, (ctx.view.stock_count - 2) // 2)
        wait = min(float(rounds), 1.0 / max(gin + q, 0.05))
        # the other hand improves while we wait for gin: by its expected gain per draw
        projected = their_deadwood / weights - self.style.projection * wait * their_gain / weights
        win = rules.gin_bonus + max(projected, limit + 1.0, 5.0)
        go_on = (1 - q) * (1 - gin)
        per_round = q * opp_value + (1 - q) * gin * win
        if go_on >= 1.0:
            return 0.0
        return per_round * (1 - go_on**rounds) / (1 - go_on)

    def _score_margin(self, ctx: Context, knock_ev: float) -> float:
        """Return how many points of expected value a knock is worth more for the score."""
        scores: dict[str, Any] = ctx.view.scores
        games = [g for g in scores.get("games", []) if not g.get("over")]
        if not games or ctx.view.rules.match is MatchFormat.HANDS:
            return 3.0
        totals = games[0].get("totals", [0, 0])
        mine, theirs = totals[ctx.view.seat], totals[1 - ctx.view.seat]
        target = ctx.view.rules.target
        margin = 0.0
        if mine + max(knock_ev, 0.0) * (2 if ctx.view.doubled else 1) >= target:
            margin += 10.0  # a knock that wins should end the game now
        if theirs >= target - 25:
            margin += 4.0
        return margin

    def _score_pressure(self, ctx: Context) -> float:
        """Return how much more undercut risk the score situation makes worth taking."""
        scores: dict[str, Any] = ctx.view.scores
        games = [g for g in scores.get("games", []) if not g.get("over")]
        if not games:
            return 0.0
        totals = games[0].get("totals", [0, 0])
        mine, theirs = totals[ctx.view.seat], totals[1 - ctx.view.seat]
        target = ctx.view.rules.target
        if ctx.view.rules.match is MatchFormat.HANDS:
            return 0.1
        pressure = 0.0
        if theirs >= target - 30:
            pressure += 0.1  # they are close: end hands before they gin
        if mine >= target - 15:
            pressure += 0.1  # a small win ends the game
        return pressure

    def _undercut_risk(
        self,
        ctx: Context,
        samples: list[tuple[int, float]],
        count: int,
        arrangements: list[Arrangement],
    ) -> tuple[float, Arrangement]:
        """Return the undercut chance of knocking with ``count`` and the melds to lay down.

        The melds are the least-deadwood arrangement that lets the sampled hands lay off least.
        """
        melder = ctx.melder
        tie = ctx.view.rules.undercut_on_tie
        best_key, best_arrangement = (2.0, 0.0), arrangements[0]
        weights = sum(weight for _, weight in samples) or 1.0
        for arrangement in arrangements[:4]:
            under = left_total = 0.0
            for other, weight in samples:
                left = melder.best_layoffs(arrangement.melds, other).arrangement.count
                left_total += weight * left
                if left < count or (tie and left == count):
                    under += weight
            key = (under / weights, -left_total / weights)
            if key < best_key:
                best_key, best_arrangement = key, arrangement
        return best_key[0], best_arrangement

    def _knock_decision(
        self, ctx: Context, card: int, count: int, arrangement: Arrangement, key: str
    ) -> Decision:
        """Return the knock action text with the chosen melds, and its reason."""
        melds = arrangement.melds
        text = Action(Kind.KNOCK, card, tuple(sorted(melds))).text
        if text not in ctx.view.legal and not self._melds_ok(ctx, card, melds):
            text = f"knock {format_card(card)}"
        return Decision.make(text, key, card=format_card(card), deadwood=count)

    def _melds_ok(self, ctx: Context, card: int, melds: tuple[int, ...]) -> bool:
        """Return whether ``melds`` is a least-deadwood arrangement of the hand less ``card``."""
        rest = ctx.view.hand & ~(1 << card)
        used = 0
        for meld in melds:
            if used & meld or meld & ~rest or not ctx.melder.is_meld(meld):
                return False
            used |= meld
        return ctx.melder.mask_value(rest & ~used) == ctx.melder.deadwood(rest)

    def _discard_reason(
        self, ctx: Context, hand: int, card: int, options: list[tuple[float, int]]
    ) -> Decision:
        """Return the discard of ``card`` with the reason a player would give."""
        text = f"discard {format_card(card)}"
        name = format_card(card)
        know = ctx.know
        melder = ctx.melder
        counts = melder.discard_deadwoods(hand)
        least = min(counts[c] for _, c in options)
        rest = hand & ~(1 << card)
        arrangement = melder.best_arrangement(rest)
        can_knock = [a for a in ctx.view.legal if a.startswith("knock ")]
        if can_knock and counts[card] <= ctx.limit:
            return Decision.make(text, ctx.hold_key, card=name, deadwood=counts[card])
        if know.is_dead(card):
            return Decision.make(text, "discard_dead", card=name, rank=_plural_rank(card))
        if counts[card] > least:
            # a card that leaves more deadwood: chosen for safety or for the draws it keeps
            alternatives = [c for _, c in options if counts[c] == least]
            other = alternatives[0] if alternatives else card
            if know.meld_chance(other, rest) > know.meld_chance(card, rest) + 0.1:
                return Decision.make(text, "discard_safe", card=name, other=format_card(other))
            return Decision.make(text, "discard_keep", card=name)
        loose = arrangement.deadwood | 1 << card
        highest = max(ctx.value(c) for c in card_list(loose))
        if ctx.value(card) == highest:
            return Decision.make(text, "discard_high", card=name)
        return Decision.make(text, "discard_least", card=name, deadwood=counts[card])


def _plural_rank(card: int) -> str:
    """Return the plural of ``card``'s rank name ("nines", "sixes")."""
    name = RANK_NAMES[card % 13]
    return name + "e" if name.endswith("x") else name


def _card(action: Action) -> int:
    """Return the card of an action that has one."""
    assert action.card is not None
    return action.card


def knock_card(melder: Melder, hand: int, knocks: list[Action]) -> tuple[int, int]:
    """Return the card to throw of the ``knocks`` from the 11-card ``hand``, and the
    deadwood it leaves: the least deadwood, the highest card on a tie."""
    counts = melder.discard_deadwoods(hand)
    best = min(counts[_card(a)] for a in knocks)
    return max(_card(a) for a in knocks if counts[_card(a)] == best), best


def make_style(name: str, **changes: Any) -> Style:
    """Return the style of level ``name`` with ``changes`` (for tuning)."""
    return replace(STYLES[name], **changes)
