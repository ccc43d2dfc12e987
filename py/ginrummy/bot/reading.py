"""How well a seat reads the other hand: its estimate scored against the true cards.

Hard weighs each discard by its danger, the chance the other hand holds two cards that
meld with it (``Knowledge.meld_chance``), read from the other player's picks, passes and
discards. ``Reading.observer`` watches arena games (``run_arena(..., observe=...)``) and,
at each discard decision of the measured level, once that player has decided, scores the
chance for every card of the hand against the other hand's true cards. Only this
measurement sees them; the players see their views alone.

The same decisions are scored twice, as a baseline in the same run: with ``Knowledge``
as hard and the expert use it (``reading_*``; the measured level's own choices are
what is watched, whatever it reads), and with its inference off, every unseen card
alike (``uniform_*``). Figures, per estimate:

- ``auc``: of the pairs of cards in one hand where one melds with the other hand and the
  other does not, the share the estimate ranks the right way round (ties count half):
  the order a discard choice goes by;
- ``brier`` and ``log_loss``: how well the chances match how often cards meld;

and ``meld_share`` (the cards that meld with the other hand) and ``feed_rate`` (the
measured player's discards that did: cards it gave the other player a meld with).

What it measured, and the sharper readings tried (none found much more):
``docs/opponent.md``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..actions import Action, Kind
from ..cards import DECK_SIZE, card_list
from ..match import Match
from ..state import Phase
from ..view import SeatView
from .arena import Observer
from .decision import Decision, Player
from .knowledge import Knowledge, chance_to_meld

CLAMP = 1e-4
"""Chances are kept this far from 0 and 1 for the log loss."""


@dataclass
class Scores:
    """One estimate's running figures against the truth."""

    cards: int = 0
    melds: int = 0
    """Cards that meld with the other hand."""
    squared: float = 0.0
    log_loss: float = 0.0
    pairs: int = 0
    """Pairs of cards of one hand where exactly one melds."""
    ranked: float = 0.0
    """Of those pairs, the ones the estimate ranks the right way (ties: half)."""

    def add(self, chances: list[float], melds: list[bool]) -> None:
        """Score one decision: each card's estimated chance, and whether it melds.

        >>> scores = Scores()
        >>> scores.add([0.9, 0.2, 0.5], [True, False, False])
        >>> scores.add([0.3, 0.3], [True, False])
        >>> scores.auc(), scores.cards, scores.melds
        (0.8333333333333334, 5, 2)
        """
        for chance, melded in zip(chances, melds, strict=True):
            self.cards += 1
            self.melds += melded
            self.squared += (chance - melded) ** 2
            kept = min(max(chance, CLAMP), 1 - CLAMP)
            self.log_loss -= math.log(kept if melded else 1 - kept)
        for yes, melded in zip(chances, melds, strict=True):
            if not melded:
                continue
            for no, other in zip(chances, melds, strict=True):
                if other:
                    continue
                self.pairs += 1
                self.ranked += 1.0 if yes > no else 0.5 if yes == no else 0.0

    def auc(self) -> float:
        """Return the share of pairs ranked right (0.5: no better than chance)."""
        return self.ranked / self.pairs if self.pairs else 0.5

    def lines(self, name: str) -> list[str]:
        """Return the figures as ``name_figure: value`` lines."""
        cards = max(self.cards, 1)
        return [
            f"{name}_auc: {self.auc():.4f}",
            f"{name}_brier: {self.squared / cards:.4f}",
            f"{name}_log_loss: {self.log_loss / cards:.4f}",
        ]


@dataclass
class Reading:
    """The figures of one run: the seat's reading, the baseline, and the discards fed."""

    reading: Scores = field(default_factory=Scores)
    uniform: Scores = field(default_factory=Scores)
    decisions: int = 0
    discards: int = 0
    fed: int = 0
    """Discards the other hand held a meld for."""

    def observer(self, level: str) -> Observer:
        """Return the arena observer that scores the decisions of the players named ``level``."""

        def observe(match: Match, view: SeatView, player: Player, decision: Decision) -> None:
            if player.name == level and view.phase is Phase.DISCARD:
                self.score(view, match.hand.hands[1 - view.seat], decision)

        return observe

    def score(self, view: SeatView, other: int, decision: Decision) -> None:
        """Score one discard decision of ``view``'s seat, ``other`` being the other hand."""
        reading, uniform = Knowledge(view), Knowledge(view, infer=False)
        truth = [float(other >> card & 1) for card in range(DECK_SIZE)]
        cards = card_list(view.hand)
        rests = [view.hand & ~(1 << card) for card in cards]
        melds = [
            chance_to_meld(card, truth, rest, reading.round_the_corner) == 1.0
            for card, rest in zip(cards, rests, strict=True)
        ]
        for scores, know in ((self.reading, reading), (self.uniform, uniform)):
            chances = [know.meld_chance(c, r) for c, r in zip(cards, rests, strict=True)]
            scores.add(chances, melds)
        self.decisions += 1
        action = Action.parse(decision.action)
        if action.kind is Kind.DISCARD and action.card is not None:
            self.discards += 1
            self.fed += melds[cards.index(action.card)]

    def lines(self) -> list[str]:
        """Return the figures as ``name: value`` lines."""
        return [
            f"reading_decisions: {self.decisions}",
            *self.reading.lines("reading"),
            *self.uniform.lines("uniform"),
            f"meld_share: {self.reading.melds / max(self.reading.cards, 1):.4f}",
            f"feed_rate: {self.fed / max(self.discards, 1):.4f}",
        ]
