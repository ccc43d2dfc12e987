"""Cards as small ints inside, ``"Qs"`` strings at every boundary.

A card is an int ``suit * 13 + rank`` with ranks ``0`` (ace) to ``12`` (king) and
suits in the order spades, clubs, diamonds, hearts. A set of cards is an int mask
with bit ``card`` set, so a hand is one int and set operations are bit operations.

>>> parse_card("Qs"), format_card(11)
(11, 'Qs')
>>> format_cards(parse_cards("10d As kh"))
['As', 'Td', 'Kh']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

RANKS = "A23456789TJQK"
"""Rank letters, ace low; the index is the rank."""
SUITS = "scdh"
"""Suit letters; the index is the suit."""
RANK_NAMES = (
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)
"""English rank names, for sentences."""
SUIT_NAMES = ("spades", "clubs", "diamonds", "hearts")
"""English suit names, for sentences."""

DECK_SIZE = 52
FULL_DECK = (1 << DECK_SIZE) - 1
"""The mask of all 52 cards."""
SUIT_MASK = (1 << 13) - 1
"""The 13 bits of one suit, shifted down to bit 0."""
ACE = 0
KING = 12


class CardError(ValueError):
    """A card text that is not a card, or a card list that is not a valid hand."""


def rank_of(card: int) -> int:
    """Return the rank of ``card``, 0 (ace) to 12 (king)."""
    return card % 13


def suit_of(card: int) -> int:
    """Return the suit of ``card``, 0 (spades) to 3 (hearts)."""
    return card // 13


def make_card(rank: int, suit: int) -> int:
    """Return the card of ``rank`` (0..12) and ``suit`` (0..3)."""
    return suit * 13 + rank


def card_value(card: int, ace_value: int = 1) -> int:
    """Return the deadwood value of ``card``: ace ``ace_value``, 2-10 face, J Q K 10.

    >>> card_value(parse_card("Kh")), card_value(parse_card("As"), 15)
    (10, 15)
    """
    rank = card % 13
    if rank == ACE:
        return ace_value
    return min(rank + 1, 10)


MAHJONG_VALUES = (15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10)
"""Card values in Mahjong gin (es), by rank from the ace: 2-9 = 5, 10-K = 10, A = 15."""


def parse_card(text: str) -> int:
    """Return the card named by ``text`` ("Qs", "qs", "10d" or "Td").

    :raises CardError: when ``text`` names no card.
    """
    cleaned = text.strip()
    if len(cleaned) == 3 and cleaned[:2] == "10":
        cleaned = "T" + cleaned[2]
    if len(cleaned) != 2:
        raise CardError(f"{text!r} is not a card: write rank then suit, like 'Qs' or '10d'")
    rank = RANKS.find(cleaned[0].upper())
    suit = SUITS.find(cleaned[1].lower())
    if rank < 0 or suit < 0:
        raise CardError(
            f"{text!r} is not a card: rank is one of {' '.join(RANKS)} (or 10), "
            f"suit one of {' '.join(SUITS)}"
        )
    return make_card(rank, suit)


def format_card(card: int) -> str:
    """Return the two-letter text of ``card``, rank then lower-case suit."""
    return RANKS[card % 13] + SUITS[card // 13]


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Return the cards of a space- or comma-separated text (or a list of card texts).

    :raises CardError: on a text that is not a card or on a card named twice.
    """
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = [parse_card(word) for word in words]
    if len(set(cards)) != len(cards):
        seen: set[int] = set()
        for card in cards:
            if card in seen:
                raise CardError(f"{format_card(card)} is named twice")
            seen.add(card)
    return cards


def sort_key(card: int) -> tuple[int, int]:
    """Return the display order key of ``card``: by suit, then by rank."""
    return (card // 13, card % 13)


def format_cards(cards: Iterable[int]) -> list[str]:
    """Return the texts of ``cards`` in display order (by suit, then rank)."""
    return [format_card(card) for card in sorted(cards)]


def mask_of(cards: Iterable[int]) -> int:
    """Return the mask holding ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> Iterator[int]:
    """Yield the cards of ``mask`` in ascending order (by suit, then rank)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def card_list(mask: int) -> list[int]:
    """Return the cards of ``mask`` as a list, in ascending order (faster than ``cards_of``)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def count(mask: int) -> int:
    """Return the number of cards in ``mask``."""
    return mask.bit_count()


def format_mask(mask: int) -> list[str]:
    """Return the card texts of ``mask`` in display order."""
    return [format_card(card) for card in cards_of(mask)]


def parse_mask(text: str | Iterable[str]) -> int:
    """Return the mask of the cards named in ``text``.

    :raises CardError: on a text that is not a card or on a card named twice.
    """
    return mask_of(parse_cards(text))


def card_phrase(card: int) -> str:
    """Return ``card`` in words, e.g. "queen of spades"."""
    return f"{RANK_NAMES[card % 13]} of {SUIT_NAMES[card // 13]}"
