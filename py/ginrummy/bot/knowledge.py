"""What one seat knows of the cards, and its estimate of the other hand.

Built from a ``SeatView`` and nothing else. Every card is one of: in this seat's
hand, on the discard pile (dead: nobody can draw it), known in the other hand (it
took it from the pile), or unseen (in the other hand or the stock). Each unseen
card gets a probability of being in the other hand, updated by every public event
of the hand: a card the other player discards or passes on makes the cards that
would meld with it less likely in its hand; a card it takes from the pile makes
them more likely; and under a low knock limit its last discard makes the cards worth
more than it less likely (to go out there, a player sheds its highest cards out of melds
first). The rest of each unseen card's chance is the chance it is in the stock, which is
what this seat can draw.

The estimate is what hard's play turns on most (against ``simple``, nearly all of it is
the discards' danger), and its factors are near the best this form of estimate gives.
What was tried to make the opponent stronger, with its figures: ``docs/opponent.md``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import DECK_SIZE, FULL_DECK, SUIT_MASK, card_value
from ..rules import AceMode
from ..view import SeatView

MAX_PROBABILITY = 0.97
"""No unseen card is ever taken as certainly in the other hand."""


@dataclass(frozen=True)
class Signal:
    """How much one kind of event moves the cards that meld with its card."""

    same_rank: float
    """Factor on the other cards of the rank."""
    next_to: float
    """Factor on the cards one rank away in the suit."""
    two_away: float
    """Factor on the cards two ranks away in the suit."""


DISCARDED = Signal(0.55, 0.6, 0.8)
"""The other player threw the card away: it had little use for the cards around it."""
DECLINED = Signal(0.75, 0.75, 0.9)
"""The other player passed on the card or drew from the stock instead."""
TAKEN = Signal(2.2, 2.0, 1.35)
"""The other player took the card from the pile: it likely melds with cards it holds."""
LOW_LIMIT = 7
"""A knock limit this low or lower is a low one (oklahoma's low upcards, gin only). To knock
that low, or go gin, a hand must meld all but a card or two whatever they are worth: hard
counts how many cards are left out for more than their points (``count_cards``), and the
other player sheds its high cards out of melds first (``ABOVE_LAST_DISCARD``)."""
ABOVE_LAST_DISCARD = 0.3
"""Under a low knock limit, the factor on the unseen cards worth more than the other
player's last discard: it throws its highest card out of melds, so it holds one above that
only in a meld. (Under a limit of 10 a player may keep high pairs for a set a while: read
so there, hard won fewer games against ``normal``.)"""


def neighbours(card: int, distance: int, round_the_corner: bool) -> list[int]:
    """Return the cards ``distance`` ranks above and below ``card`` in its suit."""
    suit, rank = divmod(card, 13)
    out = []
    for step in (-distance, distance):
        other = rank + step
        if round_the_corner:
            other %= 13
        elif not 0 <= other <= 12:
            continue
        out.append(suit * 13 + other)
    return out


def same_rank(card: int) -> list[int]:
    """Return the other three cards of ``card``'s rank."""
    rank = card % 13
    return [suit * 13 + rank for suit in range(4) if suit * 13 + rank != card]


def chance_to_meld(card: int, in_hand: list[float], mine: int, round_the_corner: bool) -> float:
    """Return the chance a hand holds two cards that meld with ``card`` (a set or a run).

    ``in_hand`` is each card's chance to be in that hand, taken as independent; the cards
    of ``mine`` are never in it. With chances of 0 and 1 (a hand known card by card) the
    answer is 0 or 1:

    >>> from ginrummy.cards import parse_card, parse_mask
    >>> known = [float(parse_mask("7h 8h") >> card & 1) for card in range(52)]
    >>> [chance_to_meld(parse_card(c), known, 0, False) for c in ("6h", "9h", "7s", "Th")]
    [1.0, 1.0, 0.0, 0.0]
    >>> chance_to_meld(parse_card("6h"), known, parse_mask("8h"), False)  # 8h is mine
    0.0
    """

    def chance(other: int) -> float:
        return 0.0 if mine >> other & 1 else in_hand[other]

    partners = [chance(other) for other in same_rank(card)]
    none = 1.0
    exactly_one = 0.0
    for p in partners:
        exactly_one = exactly_one * (1 - p) + none * p
        none *= 1 - p
    set_chance = 1.0 - none - exactly_one
    suit, rank = divmod(card, 13)
    run_miss = 1.0
    for low in (-2, -1, 1):
        ranks = (rank + low, rank + low + 1) if low != -1 else (rank - 1, rank + 1)
        both = 1.0
        for other in ranks:
            if round_the_corner:
                other %= 13
            elif not 0 <= other <= 12:
                both = 0.0
                break
            both *= chance(suit * 13 + other)
        run_miss *= 1.0 - both
    return 1.0 - (1.0 - set_chance) * run_miss


class Knowledge:
    """One seat's picture of where the cards are, from its view alone."""

    def __init__(self, view: SeatView, infer: bool = True) -> None:
        """Read ``view``; with ``infer`` false, every unseen card is equally likely."""
        self.view = view
        self.seat = view.seat
        self.round_the_corner = view.rules.ace_mode is AceMode.ROUND_THE_CORNER
        self.hand = view.hand
        pile = 0
        for card in view.discards:
            pile |= 1 << card
        self.pile = pile
        """Dead cards: every card on the discard pile."""
        self.known = view.opponent_known & ~view.hand
        """Cards known to be in the other hand."""
        self.unseen = FULL_DECK & ~(view.hand | pile | self.known)
        self.hidden_count = max(0, view.opponent_count - self.known.bit_count())
        """How many unseen cards the other hand holds."""
        self.unseen_cards = [c for c in range(DECK_SIZE) if self.unseen >> c & 1]
        self.weights = [0.0] * DECK_SIZE
        for card in self.unseen_cards:
            self.weights[card] = 1.0
        self.opponent_discards = 0
        self.opponent_draws = 0
        """Stock draws by the other player this hand."""
        other = 1 - self.seat
        last_discard = None
        for event in view.events:
            if event.seat != other:
                continue
            action = event.action.split(" ", 1)[0]
            if action == "stock":
                self.opponent_draws += 1
            if not infer:
                continue
            if action in ("stock", "pass") and event.declined is not None:
                self._signal(event.declined, DECLINED)
            elif action == "upcard" and event.card is not None:
                self._signal(event.card, TAKEN)
            elif action in ("discard", "knock", "gin") and event.card is not None:
                self.opponent_discards += 1
                self._signal(event.card, DISCARDED)
                last_discard = event.card
        if last_discard is not None and view.knock_limit <= LOW_LIMIT:
            self._above(last_discard)
        self.in_hand = self._probabilities()
        """Per card: the chance it is in the other hand (1 for known cards, 0 for seen)."""
        stock = [0.0] * DECK_SIZE
        total = 0.0
        for card in self.unseen_cards:
            stock[card] = 1.0 - self.in_hand[card]
            total += stock[card]
        if total > 0:
            stock = [p / total for p in stock]
        self.draw_chance = stock
        """Per card: the chance it is the next card of the stock."""

    def _signal(self, card: int, signal: Signal) -> None:
        """Scale the weights of the unseen cards that meld with ``card``."""
        weights = self.weights
        unseen = self.unseen
        rtc = self.round_the_corner
        for other in same_rank(card):
            if unseen >> other & 1:
                weights[other] *= signal.same_rank
        for other in neighbours(card, 1, rtc):
            if unseen >> other & 1:
                weights[other] *= signal.next_to
        for other in neighbours(card, 2, rtc):
            if unseen >> other & 1:
                weights[other] *= signal.two_away

    def _above(self, discard: int) -> None:
        """Scale the weights of the unseen cards worth more than ``discard`` (the other's last)
        by ``ABOVE_LAST_DISCARD``."""
        ace = self.view.rules.unmatched_ace
        value = card_value(discard, ace)
        for card in self.unseen_cards:
            if card_value(card, ace) > value:
                self.weights[card] *= ABOVE_LAST_DISCARD

    def _probabilities(self) -> list[float]:
        """Return each card's chance of being in the other hand: weights scaled to its size."""
        probs = [0.0] * DECK_SIZE
        for card in range(DECK_SIZE):
            if self.known >> card & 1:
                probs[card] = 1.0
        count = float(self.hidden_count)
        free = list(self.unseen_cards)
        while free and count > 0:
            total = sum(self.weights[c] for c in free)
            if total <= 0:
                break
            scale = count / total
            capped = [c for c in free if self.weights[c] * scale > MAX_PROBABILITY]
            if not capped:
                for card in free:
                    probs[card] = self.weights[card] * scale
                break
            for card in capped:
                probs[card] = MAX_PROBABILITY
            count -= MAX_PROBABILITY * len(capped)
            free = [c for c in free if c not in capped]
        return probs

    # --- danger ---------------------------------------------------------------------

    def meld_chance(self, card: int, mine: int) -> float:
        """Return the chance the other player holds two cards that meld with ``card``.

        ``mine`` is this seat's hand as it will be (its cards cannot be the other's).
        """
        return chance_to_meld(card, self.in_hand, mine, self.round_the_corner)

    def pair_chance(self, card: int, mine: int) -> float:
        """Return the chance the other player holds a card next to ``card`` or of its rank."""
        probs = self.in_hand
        miss = 1.0
        candidates = same_rank(card) + neighbours(card, 1, self.round_the_corner)
        for other in candidates:
            if not mine >> other & 1:
                miss *= 1.0 - probs[other]
        return 1.0 - miss

    def is_dead(self, card: int) -> bool:
        """Return whether ``card`` can never meld for this seat: its partners are gone."""
        gone = self.pile | self.known
        rank_left = [o for o in same_rank(card) if not gone >> o & 1]
        if len(rank_left) >= 2:
            return False
        rtc = self.round_the_corner
        suit, rank = divmod(card, 13)
        for low in (-2, -1, 0):
            ok = True
            for step in range(3):
                other = rank + low + step
                if rtc:
                    other %= 13
                elif not 0 <= other <= 12:
                    ok = False
                    break
                if gone >> (suit * 13 + other) & 1:
                    ok = False
                    break
            if ok:
                return False
        return True

    # --- sampling -------------------------------------------------------------------

    def sample_hidden(self, rng: random.Random, extra: int = 0) -> int:
        """Return a random guess of the other hand's unseen cards (plus ``extra`` more).

        Cards are drawn without replacement, each in proportion to its weight.
        """
        want = min(self.hidden_count + extra, len(self.unseen_cards))
        if want <= 0:
            return 0
        weights = self.weights
        keyed = sorted(
            self.unseen_cards,
            key=lambda c: rng.random() ** (1.0 / max(weights[c], 1e-6)),
            reverse=True,
        )
        mask = 0
        for card in keyed[:want]:
            mask |= 1 << card
        return mask


def suit_masks(hand: int) -> tuple[int, int, int, int]:
    """Return the 13-bit masks of ``hand`` per suit."""
    return (hand & SUIT_MASK, hand >> 13 & SUIT_MASK, hand >> 26 & SUIT_MASK, hand >> 39)
