"""Build deals for tests: a deck that deals the hands a test names, or a random match."""

from __future__ import annotations

import random

from ginrummy.cards import DECK_SIZE, parse_card, parse_cards
from ginrummy.match import Match
from ginrummy.rules import Deal, Rules, find_rules
from ginrummy.state import Hand


def make_deck(
    non_dealer: str, dealer: str, upcard: str | None = None, stock: str = ""
) -> list[int]:
    """Return a deck (top card first) that deals these hands, upcard and stock top.

    Cards are dealt one at a time starting with the non-dealer; with an upcard the
    next card is turned up. ``stock`` lists the top of the stock, top card first; the
    rest of the stock is the remaining cards in ascending order.
    """
    first, second = parse_cards(non_dealer), parse_cards(dealer)
    deck: list[int] = []
    for index in range(max(len(first), len(second))):
        deck += first[index : index + 1] + second[index : index + 1]
    if upcard is not None:
        deck.append(parse_card(upcard))
    deck += parse_cards(stock)
    used = set(deck)
    assert len(used) == len(deck), "a card is named twice"
    deck += [card for card in range(DECK_SIZE) if card not in used]
    return deck


def make_hand(
    rules: Rules,
    non_dealer: str,
    dealer: str,
    upcard: str | None = None,
    stock: str = "",
    dealer_seat: int = 1,
) -> Hand:
    """Return a fresh hand dealt with these cards; seat ``dealer_seat`` deals."""
    if rules.deal is Deal.ELEVEN:
        assert upcard is None
    return Hand(rules, make_deck(non_dealer, dealer, upcard, stock), dealer_seat)


def played(preset: str, seed: int, steps: int) -> Match:
    """Return a match of ``preset`` after ``steps`` random legal actions (fewer if it ends)."""
    rng = random.Random(seed)
    match = Match(find_rules(preset), seed=seed)
    for _ in range(steps):
        if match.over:
            break
        match.play(rng.choice(match.legal_actions()))
    return match
