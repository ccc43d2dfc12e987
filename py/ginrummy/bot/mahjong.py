"""The Mahjong gin opponent: simple, easy, normal and hard, one player with four styles.

It decides from one seat's ``SeatView`` only: its hand, the open discard pile, the
melds on the table and the cards the other player took from the pile.

- A hand is valued by what it could lay on the table now (its best melds, and cards
  that extend a meld on the table: points for it) less, weighted by ``hold``, the value
  of the rest (points against it if the other player goes gin).
- A draw takes the pile's cards (one, or several down to one that melds at once) when
  that gains more than a stock draw is expected to (the mean over the unseen cards).
- After the draw it goes gin when it can, else lays every meld and addition it can,
  the most valuable first, then discards the card whose loss leaves the best hand, less
  the danger of feeding the other player (a card that extends a meld on the table, or
  melds with cards it took) and plus the draws that would help the rest (``outs``).

``simple`` is the baseline: it takes the top card only when it melds with its hand,
lays what it can, and discards the card that leaves the least deadwood.

Measured with ``python -m ginrummy arena --rules mahjong --a A --b B --games N --seed 1``
(CPython 3.11, 2 cores shared with other work; normal, easy and simple before the last
change to hard, which changed only hard):

==================  =====  ======================  ===============
a vs b              games  a's win rate (95% CI)   points per hand
==================  =====  ======================  ===============
hard vs simple      1000   0.991 (0.983-0.995)     +73.06
normal vs simple    400    0.993 (0.978-0.997)     +76.65
easy vs simple      400    0.415 (0.368-0.464)     -3.26
hard vs normal      400    0.605 (0.556-0.652)     +6.82
hard vs random      100    1.000 (0.963-1.000)     +84.82
normal vs random    100    0.990 (0.946-0.998)     +66.45
easy vs random      100    0.700 (0.604-0.781)     +17.38
simple vs random    100    0.670 (0.573-0.754)     +14.36
==================  =====  ======================  ===============

``simple`` wins more hands than hard (0.62 of them against 0.36) and loses the games: it
never takes several discards, the move that puts most cards on the table. Hard decides in
0.43 ms (median) and 81 ms (99th percentile, a long pile to weigh) in CPython.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..actions import Action, Kind
from ..cards import FULL_DECK, card_list, format_card, format_mask, mask_of
from ..melds import Melder, union
from ..rules import Flow
from ..state import Phase, melder_for
from ..view import SeatView
from .baseline import only_action, view_rng
from .decision import Decision, Player


@dataclass(frozen=True)
class MahjongStyle:
    """The knobs of one level."""

    name: str
    several: bool = True
    """Weigh takes of several discards and takes for a table meld (else: only a top card
    that melds with the hand)."""
    hold: float = 0.6
    """Weight of the value of the cards that would stay in the hand."""
    outs: float = 0.0
    """Value of each unseen card that would help the hand left after a discard."""
    danger: float = 0.0
    """Cost, per point of the card, of a discard that feeds the other player."""
    slack: int = 0
    """Pick the discard at random among this many next-best ones too (easy's slips)."""


HARD_STYLE = MahjongStyle("hard", hold=0.4, outs=2.0, danger=1.0)
"""Hard's style; the expert's search is gin rummy's, so in Mahjong gin it plays this too."""

STYLES: dict[str, MahjongStyle] = {
    "simple": MahjongStyle("simple", several=False, hold=1.0),
    "easy": MahjongStyle("easy", several=False, hold=1.0, slack=2),
    "normal": MahjongStyle("normal", hold=0.6, outs=0.8),
    "hard": HARD_STYLE,
    "expert": replace(HARD_STYLE, name="expert"),
}
"""The styles of the levels ``make_player`` gives a Mahjong gin view to."""


class MahjongPlayer:
    """A Mahjong gin player of one ``MahjongStyle``."""

    def __init__(self, style: MahjongStyle, seed: int = 0) -> None:
        """Make the player; ``seed`` breaks ties."""
        self.style = style
        self.name = style.name
        self.seed = seed

    def choose(self, view: SeatView) -> Decision:
        """Return the move to make in ``view`` (it is this seat's turn) and why."""
        forced = only_action(view)
        if forced is not None:
            return forced
        reader = TableReader(view, self.style.hold)
        if view.phase in (Phase.FIRST_UPCARD, Phase.DRAW):
            return self._draw(view, reader)
        if view.phase is Phase.MELD:
            return reader.lay_decision(reader.best_lay(view.legal))
        gin = reader.gin_decision()
        if gin is not None:
            return gin
        lay = reader.best_lay(view.legal)
        if lay is not None:
            return reader.lay_decision(lay)
        return self._discard(view, reader)

    def _draw(self, view: SeatView, reader: TableReader) -> Decision:
        """Take from the pile or draw from the stock (or pass on the first upcard)."""
        top = view.pile_top
        assert top is not None
        card = format_card(top)
        stock = "stock" if "stock" in view.legal else "pass"
        declined = Decision.make(
            stock, "draw_stock" if stock == "stock" else "pass_upcard", card=card
        )
        if not self.style.several:
            partners = reader.partners(top)
            if partners and "take 1" in view.legal:
                return Decision.make("take 1", "take_meld", card=card, cards=partners)
            return declined
        now = reader.worth(view.hand)
        best, best_gain = declined, reader.stock_gain(now) if stock == "stock" else 0.0
        for text in view.legal:
            move = Action.parse(text)
            if move.kind is not Kind.TAKE or move.count is None:
                continue
            taken = view.discards[-move.count :]
            gain = reader.worth(view.hand | mask_of(taken)) - now
            if gain > best_gain:
                best_gain = gain
                best = reader.take_decision(text, taken)
        return best

    def _discard(self, view: SeatView, reader: TableReader) -> Decision:
        """Discard the card whose loss leaves the best hand, by this style."""
        style = self.style
        options = []
        for text in view.legal:
            move = Action.parse(text)
            if move.kind is not Kind.DISCARD or move.card is None:
                continue
            rest = view.hand & ~(1 << move.card)
            if style.several:
                cost = -reader.worth(rest) - style.outs * reader.outs(rest)
                cost += style.danger * reader.feeds(move.card)
            else:
                cost = reader.melder.deadwood(rest)
            options.append((cost, move.card))
        options.sort()
        rng = view_rng(self.seed, view, "mahjong")
        best = options[0][0]
        ties = [card for cost, card in options if cost == best]
        card = rng.choice(ties)
        if style.slack:
            card = rng.choice([c for _, c in options[: style.slack + 1]])
        text = f"discard {format_card(card)}"
        rest = view.hand & ~(1 << card)
        if reader.melder.value(card) >= 10 and not reader.melds_with(card, rest):
            points = reader.melder.value(card)
            return Decision.make(text, "mj_discard_high", card=format_card(card), points=points)
        deadwood = reader.melder.deadwood(rest)
        return Decision.make(text, "discard_least", card=format_card(card), deadwood=deadwood)


class TableReader:
    """What one seat's view tells about the hand and the table, in Mahjong gin values."""

    def __init__(self, view: SeatView, hold: float) -> None:
        """Read ``view``; ``hold`` weighs the value of cards left in the hand."""
        self.view = view
        self.melder: Melder = melder_for(view.rules)
        self.table = [meld for meld, _ in view.table]
        on_table = union(self.table)
        self.unseen = FULL_DECK & ~(view.hand | mask_of(view.discards) | on_table)
        self.unseen &= ~view.opponent_known
        self.unseen_cards = card_list(self.unseen)
        self.known = view.opponent_known
        self.hold = hold
        self._worth: dict[int, float] = {}

    def layable(self, hand: int) -> int:
        """Return the cards of ``hand`` that could go on the table now: its best melds and
        the cards that extend a meld on the table."""
        arrangement = self.melder.best_arrangement(hand)
        laid = union(arrangement.melds)
        for meld in self.table:
            for cards in self.melder.extensions(meld, arrangement.deadwood):
                laid |= cards
        return laid

    def worth(self, hand: int) -> float:
        """Return the value of ``hand``: what it could lay now, less ``hold`` times the
        value of the rest."""
        cached = self._worth.get(hand)
        if cached is None:
            laid = self.layable(hand)
            cached = self.melder.mask_value(laid) - self.hold * self.melder.mask_value(hand & ~laid)
            self._worth[hand] = cached
        return cached

    def stock_gain(self, now: float) -> float:
        """Return the mean gain in ``worth`` of a stock draw (over the unseen cards)."""
        if not self.unseen_cards:
            return 0.0
        hand = self.view.hand
        total = sum(self.worth(hand | 1 << card) - now for card in self.unseen_cards)
        return total / len(self.unseen_cards)

    def outs(self, rest: int) -> int:
        """Return how many unseen cards would go into a meld with ``rest`` or on the table."""
        deadwood = self.melder.deadwood(rest)
        count = 0
        for card in self.unseen_cards:
            if self.melder.deadwood(rest | 1 << card) < deadwood + self.melder.value(card) or any(
                self.melder.fits(meld, card) for meld in self.table
            ):
                count += 1
        return count

    def feeds(self, card: int) -> int:
        """Return the points a discard of ``card`` could give the other player: its value
        when it extends a meld on the table or melds with cards the other took."""
        if any(self.melder.fits(meld, card) for meld in self.table):
            return self.melder.value(card)
        if self.known and self.melds_with(card, self.known):
            return self.melder.value(card)
        return 0

    def melds_with(self, card: int, cards: int) -> bool:
        """Return whether ``card`` makes or joins a meld with some of ``cards``."""
        return self.melder.deadwood(cards | 1 << card) < self.melder.deadwood(
            cards
        ) + self.melder.value(card)

    def partners(self, card: int) -> str:
        """Return the cards ``card`` melds with in the best arrangement of the hand and it,
        as text (empty when it melds with none)."""
        hand = self.view.hand
        for meld in self.melder.best_arrangement(hand | 1 << card).melds:
            if meld >> card & 1:
                return "".join(format_mask(meld & ~(1 << card)))
        return ""

    def best_lay(self, legal: tuple[str, ...]) -> Action | None:
        """Return the meld or addition among ``legal`` that leaves the best hand with the
        most points laid, or None when there is none."""
        best, best_key = None, 0.0
        for text in legal:
            move = Action.parse(text)
            if move.kind not in (Kind.MELD, Kind.ADD) or move.cards is None:
                continue
            rest = self.view.hand & ~move.cards
            key = self.melder.mask_value(move.cards) + self.worth(rest)
            if best is None or key > best_key:
                best, best_key = move, key
        return best

    def gin_decision(self) -> Decision | None:
        """Return the gin that discards the card worth least (every other card scores on
        the table), or None when there is no gin."""
        gins = [Action.parse(text) for text in self.view.legal if text.startswith("gin ")]
        if not gins:
            return None
        best = min(gins, key=lambda move: self.melder.value(move.card or 0))
        return Decision.make(best.text, "gin", card=format_card(best.card or 0))

    def lay_decision(self, move: Action | None) -> Decision:
        """Return the decision to lay ``move`` (a meld or an addition), with its reason."""
        if move is None or move.cards is None:
            raise ValueError(f"seat {self.view.seat} has no meld to lay")
        cards = "".join(format_mask(move.cards))
        points = self.melder.mask_value(move.cards)
        if move.kind is Kind.MELD:
            return Decision.make(move.text, "mj_meld", cards=cards, points=points)
        meld = "".join(format_mask(move.onto or 0))
        return Decision.make(move.text, "mj_add", cards=cards, meld=meld, points=points)

    def take_decision(self, text: str, taken: tuple[int, ...]) -> Decision:
        """Return the decision to take the pile's cards ``taken`` (bottom first)."""
        card = format_card(taken[0])
        if len(taken) == 1:
            partners = self.partners(taken[0])
            if partners:
                return Decision.make(text, "take_meld", card=card, cards=partners)
            meld = self._fitting(taken[0])
            if meld:
                return Decision.make(text, "mj_take_table", card=card, meld=meld)
            return Decision.make(text, "mj_take", card=card)
        return Decision.make(text, "mj_take_several", count=len(taken), card=card)

    def _fitting(self, card: int) -> str:
        """Return the table meld ``card`` extends, as text (empty when none)."""
        for meld in self.table:
            if self.melder.fits(meld, card):
                return "".join(format_mask(meld))
        return ""


class FlowPlayer:
    """A level's player for any rules: its Mahjong gin style on a Mahjong gin view (when
    the level has one: ``random`` plays any rules as it is), its gin rummy player else."""

    def __init__(self, gin: Player, seed: int = 0) -> None:
        """Wrap the gin rummy player ``gin``; ``seed`` fixes the Mahjong player's ties."""
        self.gin = gin
        self.name = gin.name
        style = STYLES.get(gin.name)
        self.mahjong = None if style is None else MahjongPlayer(style, seed)

    def choose(self, view: SeatView) -> Decision:
        """Return the move to make in ``view`` and why, by the player of its rules."""
        if self.mahjong is not None and view.rules.flow is Flow.MAHJONG:
            return self.mahjong.choose(view)
        return self.gin.choose(view)
