"""A match: hands dealt from a seed (or given decks), scored on a score sheet.

A match is fully described by its rules, its seed and secret (or deck orders) and its
actions, so it can be saved, replayed and undone (see ``record``). The secret, when there
is one, keeps the deal unknown to whoever knows the seed (see ``bridge``: the page's games
are dealt so).

>>> from ginrummy.rules import find_rules
>>> match = Match(find_rules("standard"), seed=7)
>>> match.phase.value, len(match.legal_actions())
('first_upcard', 2)
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from .actions import NEXT, Action, IllegalActionError, Kind
from .cards import DECK_SIZE, rank_of
from .mahjong import new_hand
from .rules import STANDARD, DeadHandDealer, FirstDealer, NextDealer, Rules
from .scoresheet import Scoresheet
from .scoring import HandScore, Outcome
from .state import Phase, check_deck

MAX_SEED = 2**63 - 1
"""Seeds are whole numbers from 0 to this."""

SECRET = re.compile(r"[0-9a-f]{32}")
"""A deal's secret: 128 bits as 32 lowercase hexadecimal digits."""


def check_secret(secret: object) -> str | None:
    """Return ``secret`` when it is None or a deal's secret (``SECRET``).

    :raises ValueError: on anything else.
    """
    if secret is not None and not (isinstance(secret, str) and SECRET.fullmatch(secret)):
        raise ValueError("a deal's secret is 32 hexadecimal digits (0-9, a-f)")
    return secret


def random_seed() -> int:
    """Return a new seed from the system's randomness (never from Python's own state,
    which every page booted from one snapshot shares)."""
    return random.SystemRandom().randrange(MAX_SEED)


def check_seed(seed: object) -> None:
    """Check that ``seed`` is one a match can be dealt from.

    :raises ValueError: when it is not a whole number from 0 to ``MAX_SEED``.
    """
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}, not {seed!r}")


def shuffled_deck(seed: int, label: str, secret: str | None = None) -> list[int]:
    """Return the 52 cards in an order fixed by ``seed``, ``secret`` and ``label``, top
    card first (no secret: by the seed and label alone, as before secrets).

    The shuffle is Fisher-Yates over ``getrandbits``, whose output Python keeps
    stable across versions, so a seed deals the same cards on CPython and Pyodide.
    """
    rng = random.Random(f"{seed}/{secret}/{label}" if secret else f"{seed}/{label}")
    deck = list(range(DECK_SIZE))
    for last in range(DECK_SIZE - 1, 0, -1):
        bound = last + 1
        while True:
            pick = rng.getrandbits(6)
            if pick < bound:
                break
        deck[last], deck[pick] = deck[pick], deck[last]
    return deck


def first_dealer(
    rules: Rules, seed: int, secret: str | None = None
) -> tuple[int, list[tuple[int, int]]]:
    """Return the first dealer and the cut that chose it, as (seat 0 card, seat 1 card) rounds.

    Cutting: each seat takes a card, seat 0 first; equal ranks cut again.
    """
    if rules.first_dealer is FirstDealer.RANDOM:
        coin = f"{seed}/{secret}/dealer" if secret else f"{seed}/dealer"
        return random.Random(coin).getrandbits(1), []
    deck = shuffled_deck(seed, "cut", secret)
    rounds = []
    for index in range(0, DECK_SIZE, 2):
        cut = (deck[index], deck[index + 1])
        rounds.append(cut)
        low, high = sorted((0, 1), key=lambda seat: rank_of(cut[seat]))
        if rank_of(cut[0]) != rank_of(cut[1]):
            return (low if rules.first_dealer is FirstDealer.CUT_LOW else high), rounds
    raise AssertionError("a 52-card deck always ends a cut")  # pragma: no cover


class Match:
    """A whole match between seats 0 and 1: the current hand and the score sheet."""

    def __init__(
        self,
        rules: Rules = STANDARD,
        seed: int | None = None,
        decks: Sequence[Sequence[int]] = (),
        secret: str | None = None,
    ) -> None:
        """Start a match: the first dealer is cut and the first hand dealt.

        Hand ``n`` is dealt from ``decks[n - 1]`` when given, else from the seed and the
        ``secret`` (``SECRET``; None: from the seed alone).

        :raises ValueError: on a bad seed or secret, or a deck that is not the 52 cards
            once each.
        """
        if seed is None:
            seed = random_seed()
        check_seed(seed)
        self.rules = rules
        self.seed = seed
        self.secret = check_secret(secret)
        """The deal's secret (None: the deal follows from the seed alone)."""
        self.decks = [list(deck) for deck in decks]
        for deck in self.decks:
            check_deck(deck)
        self.actions: list[Action] = []
        self.scoresheet = Scoresheet(rules)
        self.dealer, self.cut = first_dealer(rules, seed, secret)
        self.hand_number = 1
        self.hand = new_hand(rules, self.deck_for(1), self.dealer)
        self.hand_scores: list[tuple[int, Outcome, int | None, tuple[int, int]]] = []
        """Each hand played: (dealer, outcome, winner, points)."""

    def deck_for(self, hand_number: int) -> list[int]:
        """Return the deck order of hand ``hand_number`` (1-based), top card first."""
        if hand_number <= len(self.decks):
            return list(self.decks[hand_number - 1])
        return shuffled_deck(self.seed, f"hand{hand_number}", self.secret)

    @property
    def phase(self) -> Phase:
        """Return what the match waits for."""
        if self.scoresheet.over:
            return Phase.MATCH_OVER
        return self.hand.phase

    @property
    def to_move(self) -> int | None:
        """Return the seat to play, or None between hands and after the match."""
        if self.hand.over:
            return None
        return self.hand.to_move

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return self.scoresheet.over

    def legal_actions(self) -> list[Action]:
        """Return the actions allowed now, sorted."""
        if self.scoresheet.over:
            return []
        if self.hand.over:
            return [NEXT]
        return self.hand.legal_actions()

    def play(self, action: Action | str) -> None:
        """Check ``action`` (an ``Action`` or its text) and play it.

        :raises InvalidActionError: when the text is not a well-formed action.
        :raises IllegalActionError: when the action is not allowed now; the match is unchanged.
        """
        move = action if isinstance(action, Action) else Action.parse(action)
        if self.hand.over:
            if self.scoresheet.over or move.kind is not Kind.NEXT:
                why = (
                    "the match is over" if self.scoresheet.over else "the hand is over: play 'next'"
                )
                raise IllegalActionError(
                    f"{move.text!r} is not allowed (phase {self.phase.value}): {why}"
                )
        else:
            self.hand.check(move)
        self.apply(move)

    def apply(self, move: Action) -> None:
        """Play ``move`` without checking it (for search); see ``Hand.apply``."""
        if move.kind is Kind.NEXT:
            self._next_hand()
        else:
            self.hand.apply(move)
            if self.hand.over:
                self._score_hand()
        self.actions.append(move)

    def _score_hand(self) -> None:
        """Enter the finished hand on the score sheet."""
        score = self.hand.score
        assert score is not None
        self.scoresheet.record(self.hand_number, score)
        self.hand_scores.append((self.dealer, score.outcome, score.winner, score.points))

    def _next_hand(self) -> None:
        """Deal the next hand, with the dealer the rules choose."""
        score = self.hand.score
        assert score is not None
        self.dealer = self.next_dealer(self.dealer, score)
        self.hand_number += 1
        self.hand = new_hand(self.rules, self.deck_for(self.hand_number), self.dealer)

    def next_dealer(self, dealer: int, score: HandScore) -> int:
        """Return who deals after a hand dealt by ``dealer`` that ended with ``score``.

        After a tie no one won, the deal passes to the other player (resolved: no source
        pairs ties that no one wins with the winner dealing).
        """
        if score.outcome is Outcome.DEAD:
            return dealer if self.rules.dead_hand_dealer is DeadHandDealer.SAME else 1 - dealer
        if self.rules.next_dealer is NextDealer.WINNER and score.winner is not None:
            return score.winner
        return 1 - dealer
