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

What it measured for issue 16 (``arena --a hard --b simple --games 200 --seed 1
--reading``, 10,786 decisions): the reading ranks 0.771 of the pairs right, against
0.748 with no inference; 21.8% of the cards meld with the other hand, and 18.2% of hard's
discards did. A logistic model fitted on 22,692 such decisions (hard against ``simple``),
with the same picks, passes and discards bucketed by how long ago they came and the
card's rank, ranked 0.775 on 5,000 later ones where the reading ranked 0.773 (0.804
against 0.805 with ``hard`` as the other player): the signals hold little more than the
reading takes from them. The reading is worth much: hard whose chances were a quarter
the truth and three quarters its own (a harness outside the repository gave it them)
won 0.830 of 600 games against ``simple`` where hard won 0.793 (seed 23), and with the
true chances 0.942. Finding more of what the other hand holds needs information these
signals do not carry.

Reading the other's whole policy did not find it either (a harness outside the
repository; hard against ``simple``, 30 games, seed 1, the same 1,383 decisions scored
each way): 200 of ``Knowledge``'s guesses of the other hand a decision, each weighed by
the likelihood of the other's last discard, knock-or-not and pick-up under a soft model
of a sound player (discards near the least deadwood, pick-ups that lower it, a knock
when it can), summed exactly over which card its stock draw brought, ranked 0.765 of
the pairs right where the reading ranked 0.759; over all its turns, each stock draw's
card guessed, 0.756; from guesses with every unseen card alike, 0.752. For scale, chances
a tenth the truth rank 0.852 and a quarter 0.944 (the quarter that won 0.830): the gain
is a thirtieth of that one.

Nor did reading the other hand turn by turn from the deal (a particle filter, in a
harness outside the repository). Each of 400 guesses of the dealt hand is carried
through the other's turns (a stock draw adds a random unseen card; a discard the guess
does not hold takes the place of the guess's own worst card, as a real hand keeps its
better ones), weighed at each turn by a sound player's habits (passing a face-up card
that melds with two of its cards 0.2, taking one that does not 0.3, a discard e to the
-0.7 a point above the least deadwood, not knocking when it could 0.3) and drawn again
when the weights thin out; a card's chance is the weighted share of guesses holding two
cards that meld with it. On the same decisions (seed 7) it ranked 0.782 of the pairs
right where the reading ranked 0.777, at the same log loss of 0.412 (hard against
``simple``, 30 games, 1,588 decisions), and 0.813 where 0.804 (log loss 0.399 against
0.388; hard against hard, 20 games, 2,761 decisions); the two chances averaged, 0.786
and 0.816 (0.406 and 0.378). With ``simple``'s own rules as the habits (1,000 guesses; a
discard e to the -2 a point above the least deadwood, a meld passed or a knock not made
0.01), 0.785 where the reading ranked 0.770 and the sound habits 0.781 (10 games). At
best a tenth of the way to the quarter's 0.944, at 20 to 60 ms a decision where hard
takes 2; hard with the two chances averaged (200 guesses) won 0.787 (0.752-0.818, +6.12
points a hand) of 600 games against ``simple`` (seed 1) where it wins 0.777 (+5.92),
within the noise, at 43 ms a decision. What the reading misses is in the cards the other
drew from the stock.
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
