"""Determinised play-outs for the expert: guess the hidden cards, play the hand to its end.

A seat does not know the other hand or the order of the stock. ``sample_deal`` deals
them at random, consistently with everything the seat has seen (``Knowledge``): the
other hand holds the cards it took from the pile and still has, plus unseen cards
drawn in proportion to how likely the seat thinks each is there (cards near those it
threw away or passed on less, near those it took more); the rest of the unseen cards
are the stock, shuffled. Nothing the seat has seen (its hand, the discard pile, the
cards the other took) is ever dealt.

``Playout`` then plays the hand to its end from there, both seats as a cheaper hard
player: the face-up card is taken when it goes into a meld (or gives gin); the discard
is, of the ``CANDIDATES`` that leave the least deadwood, the one whose hand hard values
best (``hand_badness``: hard's valuation of a hand by its deadwood and its next draw, with
every card the seat has not seen equally likely to come, without hard's reading of the
other hand). A seat goes gin when it can and knocks only once the stock is down to
``HOLD_UNTIL`` cards, as hard does (it plays for gin: in hard against hard most hands end
in gin); with ``quick`` set, the other seat knocks as soon as it can instead. The result
is the hand's score, seat 0 the searching seat: who won and each seat's points
(``play_score``; ``go_out_score`` for a seat going out at once). With a learned ``value``
the hand ends after the turns as hard, at the score the value expects of it.

>>> from ginrummy.match import Match
>>> from ginrummy.view import seat_view
>>> view = seat_view(Match(seed=3), 1)
>>> from ginrummy.bot.tables import deadwood_tables
>>> from ginrummy.melds import Melder
>>> tables = deadwood_tables(False, 1)
>>> playout = Playout(view.rules, tables, tables, Melder(), 10, False)
>>> know = Knowledge(view)
>>> other, stock = sample_deal(know, random.Random(1), playout, extra=2)
>>> other.bit_count(), len(stock) == view.stock_count
(10, True)
>>> other & view.hand, [card for card in stock if view.hand >> card & 1]
(0, [])
"""

from __future__ import annotations

import random

from ..cards import DECK_SIZE, FULL_DECK, SUIT_MASK
from ..melds import Melder
from ..rules import Rules
from ..scoring import DEAD_HAND, HandScore, Outcome, score_hand
from ..showdown import takes_layoffs
from ..state import DEAD_STOCK
from .heuristic import HARD, READY, Style
from .knowledge import Knowledge
from .tables import DeadwoodTables, set_choices, trip_ranks
from .value import PositionValue

HOLD_UNTIL = 5
"""Stock left from which a play-out's seats knock as soon as they can; before that they
go out only with gin (the other seat knocks at once when the play-out is ``quick``)."""
CANDIDATES = 3
"""Discards a play-out's seat values as hard would: the ones leaving the least deadwood."""
MARGIN = 10
"""Only discards leaving at most this much more deadwood than the least are valued."""
HARD_TURNS = 2
"""Turns of a play-out (both seats') played as the cheaper hard; the rest throw the card
leaving the least deadwood, highest on a tie (the ``simple`` player's discard)."""
MAX_TURNS = 120
"""A safety cap on the turns of one play-out (the stock alone ends a hand in 31)."""


def sample_deal(
    know: Knowledge, rng: random.Random, playout: Playout, extra: int = 0
) -> tuple[int, list[int]]:
    """Return a guess of the hidden cards: the other hand (a mask) and the stock, top last.

    The other hand is the cards it is known to hold plus ``know.hidden_count`` unseen
    cards, each picked in proportion to its weight. With ``extra``, that many more are
    picked and the other hand keeps its best (``playout.least_discard``): a hand that has
    drawn and thrown for a while is better than a random one. The stock is every other
    unseen card.
    """
    other = know.sample_hidden(rng, extra) | know.known
    size = know.hidden_count + know.known.bit_count()
    while other.bit_count() > size:
        card, _left = playout.least_discard(other, know.known)
        other &= ~(1 << card)
    stock = [card for card in know.unseen_cards if not other >> card & 1]
    rng.shuffle(stock)
    return other, stock


def discard_counts(tables: DeadwoodTables, hand: int, kept: int = 0) -> dict[int, int]:
    """Return, per card of ``hand`` not in the mask ``kept``, the deadwood left without it.

    Throwing ``x`` leaves the best of the hand's set choices that do not use ``x`` (a rank
    of four keeps a set of three), each read from the per-suit run table.
    """
    table = tables.runs
    trips = trip_ranks(hand)
    counts: dict[int, int] = {}
    for sets in set_choices(hand, trips) if trips else (0,):
        free = hand & ~sets
        masks = (free & SUIT_MASK, free >> 13 & SUIT_MASK, free >> 26 & SUIT_MASK, free >> 39)
        runs = [table[m] for m in masks]
        total = runs[0] + runs[1] + runs[2] + runs[3]
        left = free & ~kept
        while left:
            low = left & -left
            left ^= low
            card = low.bit_length() - 1
            suit = card // 13
            count = total - runs[suit] + table[masks[suit] ^ low >> suit * 13]
            if count < counts.get(card, 999):
                counts[card] = count
    return counts


def hand_badness(
    style: Style,
    shape: DeadwoodTables,
    hand: int,
    unseen: list[int],
    limit: int,
    stock: int,
    counts_cards: bool,
) -> float:
    """Return how bad a ten-card ``hand`` is, as hard values it, in deadwood points.

    Hard's valuation (``HeuristicPlayer.hand_value``) with its ``style`` knobs: the
    deadwood (by ``shape``), less what the next draw is expected to take off it and the
    chances to knock, go gin or be ready to undercut after it, plus the cost of deadwood
    held late in the hand; every card of ``unseen`` equally likely to be drawn. ``stock``
    is the cards left in the stock.
    """
    now = shape.deadwood(hand)
    outcomes = shape.draw_outcomes(hand, unseen)
    share = 1.0 / max(1, len(outcomes))
    knock = gin = ready = 0
    for after in outcomes:
        if after <= READY:
            ready += 1
        if after <= limit:
            knock += 1
            if after == 0:
                gin += 1
    expected = sum(outcomes) * share
    horizon = style.horizon * min(1.0, stock / 20) + 0.5
    stage = max(0.0, min(1.0, 1 - (stock - 2) / 29))
    value = now - horizon * (now - expected)
    value -= style.knock_bonus * (1.0 if now <= limit else knock * share)
    value -= style.gin_bonus * gin * share
    value += style.defense * stage * now
    if style.ready_bonus and not counts_cards:
        value -= style.ready_bonus * (1.0 if now <= READY else ready * share)
    return value


class Playout:
    """Plays hands to their end as a cheaper hard; one per decision, many hands."""

    def __init__(
        self,
        rules: Rules,
        tables: DeadwoodTables,
        shape: DeadwoodTables,
        melder: Melder,
        limit: int,
        doubled: bool,
        quick: bool = False,
        style: Style = HARD,
        hard_turns: int = HARD_TURNS,
        value: PositionValue | None = None,
    ) -> None:
        """Set up for ``rules`` with knock ``limit`` (0: gin only) and the spade doubling.

        ``tables`` count deadwood in points; ``shape`` are the tables hands are valued with
        (hard's: the same, or under a low knock limit, tables that count cards). With
        ``quick``, the other seat knocks as soon as it can. With a learned ``value``, a
        hand still on after ``hard_turns`` turns ends there, with the score the value
        expects of it (``estimated_score``), instead of being played out card by card.
        """
        self.rules = rules
        self.tables = tables
        self.shape = shape
        self.melder = melder
        self.limit = limit
        self.doubled = doubled
        self.quick = quick
        self.style = style
        self.hard_turns = hard_turns
        self.value = value

    def least_discard(self, hand: int, kept: int = 0) -> tuple[int, int]:
        """Return ``(card, deadwood left)``: the discard leaving the least, highest on a tie,
        never one of the cards of the mask ``kept``."""
        values = self.tables.values
        counts = discard_counts(self.tables, hand, kept)
        card = min(counts, key=lambda c: (counts[c], -values[c % 13] * 64 - c))
        return card, counts[card]

    def choose_discard(self, hand: int, kept: int, dead: int, stock: int) -> int:
        """Return the card a seat holding the eleven-card ``hand`` throws, never one of
        ``kept``: of the ``CANDIDATES`` leaving the least deadwood (as hard counts it, within
        ``MARGIN`` of the least), the one leaving the hand hard values best. ``dead`` is the
        discard pile as a mask; ``stock`` the cards left in the stock."""
        shape = self.shape
        values = shape.values
        counts = discard_counts(shape, hand, kept)
        order = sorted(counts, key=lambda c: (counts[c], -values[c % 13] * 64 - c))
        most = counts[order[0]] + MARGIN
        candidates = [card for card in order[:CANDIDATES] if counts[card] <= most]
        if len(candidates) == 1:
            return candidates[0]
        unseen_mask = FULL_DECK & ~(hand | dead)
        unseen = [c for c in range(DECK_SIZE) if unseen_mask >> c & 1]
        counting = shape is not self.tables
        style, limit = self.style, self.limit
        best_card, best_value = candidates[0], 1e9
        for card in candidates:
            rest = hand & ~(1 << card)
            value = hand_badness(style, shape, rest, unseen, limit, stock, counting)
            if value < best_value:
                best_card, best_value = card, value
        return best_card

    def takes(self, hand: int, deadwood: int, card: int) -> bool:
        """Return whether a seat takes the face-up ``card``: it goes into a meld, or it
        gives gin. ``deadwood`` is the deadwood of ``hand``."""
        tables = self.tables
        grown = hand | 1 << card
        if tables.deadwood(grown) < deadwood + tables.values[card % 13]:
            return True
        return tables.least_after_discard(grown) == 0

    def go_out_score(
        self, knocker: int, hands: list[int], melds: tuple[int, ...] | None = None
    ) -> HandScore:
        """Return the hand's score (seat 0 the searching seat) when ``knocker`` goes out
        with ``hands``: who won and each seat's points. ``hands[knocker]`` is its ten cards
        after the discard; ``melds`` the melds it lays down (None: its best arrangement's)."""
        melder = self.melder
        own, other = hands[knocker], hands[1 - knocker]
        count = self.tables.deadwood(own)
        kind = Outcome.KNOCK if count else Outcome.GIN
        if takes_layoffs(self.rules, kind):  # the knocker lays its melds down
            if melds is None:
                melds = melder.best_arrangement(own).melds
            defender = melder.best_layoffs(melds, other).arrangement.count
        else:
            defender = self.tables.deadwood(other)
        score = score_hand(
            self.rules,
            knocker=knocker,
            kind=kind,
            knocker_count=count,
            defender_count=defender,
            doubled=self.doubled,
        )
        return score

    def estimated_score(
        self, seat: int, hands: list[int], stock: list[int], top: int | None
    ) -> HandScore:
        """Return the score the learned ``value`` expects of the hand from here, ``seat``
        about to draw: a win by the expected margin for seat 0 or seat 1, rounded to a
        point (a dead hand when that is 0), doubled where the hand is."""
        assert self.value is not None
        mask = 0
        for card in stock:
            mask |= 1 << card
        mover, other = hands[seat], hands[1 - seat]
        expected = self.value.estimate(self.tables, self.limit, mover, other, mask, top)
        margin = round(expected * (2 if self.doubled else 1) * (1 if seat == 0 else -1))
        if not margin:
            return DEAD_HAND
        return HandScore(
            Outcome.KNOCK, 0 if margin > 0 else 1, (max(margin, 0), max(-margin, 0)), ()
        )

    def play_score(
        self,
        hands: list[int],
        stock: list[int],
        top: int | None,
        dead: int,
        to_move: int,
        taken: int | None = None,
    ) -> HandScore:
        """Play the hand to its end and return its score (``DEAD_HAND`` when nobody goes
        out): who won it and each seat's points, seat 0 the searching seat.

        ``hands`` (changed in place) are the two seats' cards, ``stock`` the stock top
        last (popped), ``top`` the face-up card and ``dead`` the discard pile as a mask
        (``top`` in it). ``to_move`` draws next; or, when it holds eleven cards, discards
        (then it may not throw ``taken``, the card it just took).
        """
        limit = self.limit
        tables = self.tables
        seat = to_move
        drawn = hands[seat].bit_count() == 11
        for turn in range(MAX_TURNS):
            hand = hands[seat]
            if not drawn:
                if turn >= self.hard_turns and self.value is not None:
                    return self.estimated_score(seat, hands, stock, top)
                if top is not None and self.takes(hand, tables.deadwood(hand), top):
                    hand |= 1 << top
                    dead &= ~(1 << top)
                    taken = top
                else:
                    hand |= 1 << stock.pop()
                    taken = None
            drawn = False
            kept = 0 if taken is None else 1 << taken
            if turn < self.hard_turns:
                card = self.choose_discard(hand, kept, dead, len(stock))
                count = tables.deadwood(hand & ~(1 << card))
            else:
                card, count = self.least_discard(hand, kept)
            hand &= ~(1 << card)
            hands[seat] = hand
            if count <= limit and (
                count == 0 or len(stock) <= HOLD_UNTIL or (seat == 1 and self.quick)
            ):
                return self.go_out_score(seat, hands)
            if len(stock) <= DEAD_STOCK:
                return DEAD_HAND
            top = card
            dead |= 1 << card
            seat = 1 - seat
        return DEAD_HAND  # two seats passing cards back and forth: call it a dead hand
