"""Actions as frozen values with one text form, and the two kinds of bad action.

The text form is the action's id everywhere: in records, on the JavaScript wire, in
error messages and in tests. ``Action.parse(action.text) == action`` always holds.

>>> Action.parse("knock 10d").text
'knock Td'
>>> Action.parse("big gin") == BIG_GIN
True
>>> Action.parse("add 5S to 8s6s7s").text
'add 5s to 6s7s8s'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .cards import DECK_SIZE, CardError, format_card, format_mask, parse_card


class InvalidActionError(ValueError):
    """An action text that is not a well-formed action at all."""


class IllegalActionError(ValueError):
    """A well-formed action that the rules do not allow now."""


class Kind(enum.StrEnum):
    """What an action does; the value is the action's first word(s)."""

    PASS = "pass"
    """Decline the first upcard."""
    UPCARD = "upcard"
    """Take the face-up card on top of the discard pile."""
    STOCK = "stock"
    """Draw the top card of the stock."""
    DISCARD = "discard"
    """Discard a card and end the turn."""
    KNOCK = "knock"
    """Discard a card and go out with deadwood within the knock limit."""
    GIN = "gin"
    """Discard a card and go out with no deadwood."""
    BIG_GIN = "big gin"
    """Go out with all 11 cards in melds, without discarding."""
    LAYOFF = "layoff"
    """As the defender after a knock, lay a card off on the knocker's melds (manual mode)."""
    DONE = "done"
    """As the defender, end the manual lay-offs."""
    NEXT = "next"
    """After a hand is scored, deal the next one."""
    TAKE = "take"
    """Mahjong gin: take the top ``count`` cards of the discard pile ("take 3")."""
    MELD = "meld"
    """Mahjong gin: lay a meld from the hand on the table ("meld 7h8h9h")."""
    ADD = "add"
    """Mahjong gin: add cards to a meld on the table ("add 5s to 6s7s8s")."""


_ORDER = {kind: index for index, kind in enumerate(Kind)}
_WITH_CARD = frozenset({Kind.DISCARD, Kind.KNOCK, Kind.GIN, Kind.LAYOFF})
_MAHJONG = frozenset({Kind.TAKE, Kind.MELD, Kind.ADD})


@dataclass(frozen=True)
class Action:
    """One move. ``card`` is set for discard, knock, gin and layoff.

    A knock may carry ``melds``: the knocker's choice among its least-deadwood
    arrangements (each meld a card mask). Without it the engine picks the arrangement.
    Mahjong gin's moves: a take has its ``count``; a meld its ``cards``; an addition its
    ``cards`` and the meld on the table they go ``onto`` (card masks).
    """

    kind: Kind
    card: int | None = None
    melds: tuple[int, ...] | None = None
    count: int | None = None
    """How many cards a take takes from the top of the discard pile."""
    cards: int | None = None
    """The cards a meld lays down, or an addition adds (a mask)."""
    onto: int | None = None
    """The meld on the table an addition goes on, as it is before it (a mask)."""
    text: str = field(init=False, compare=False, repr=False)
    """The one text form of this action, e.g. ``"knock Qs"``; made once with the action."""

    def __post_init__(self) -> None:
        """Write the text form once: actions are made once and read often."""
        words = [self.kind.value]
        if self.card is not None:
            words.append(format_card(self.card))
        if self.melds is not None:
            words += ["".join(format_mask(meld)) for meld in self.melds]
        if self.count is not None:
            words.append(str(self.count))
        if self.cards is not None:
            words.append("".join(format_mask(self.cards)))
        if self.onto is not None:
            words += ["to", "".join(format_mask(self.onto))]
        object.__setattr__(self, "text", " ".join(words))

    def __str__(self) -> str:
        """Return the text form."""
        return self.text

    @property
    def control(self) -> str:
        """Return the text of the table's control for this action: the same text, but a
        knock's without its chosen melds (one Knock button stands for every arrangement).

        >>> Action.parse("knock 9h 2d3d4d KsKcKh").control
        'knock 9h'
        """
        return self.text if self.melds is None or self.card is None else KNOCKS[self.card].text

    def sort_key(self) -> tuple[int, int, tuple[int, ...], int, int, int]:
        """Return the key that orders actions: by kind, then card, then melds (then a
        take's count, and an addition's meld and cards)."""
        card = -1 if self.card is None else self.card
        return (
            _ORDER[self.kind],
            card,
            self.melds or (),
            self.count or 0,
            self.onto or 0,
            self.cards or 0,
        )

    @classmethod
    def parse(cls, text: str) -> Action:
        """Return the action written as ``text`` (case of card letters is free).

        :raises InvalidActionError: when ``text`` is not a well-formed action.
        """
        if not isinstance(text, str):
            raise InvalidActionError(f"an action is a text like 'discard Qs', not {text!r}")
        words = text.split()
        if not words:
            raise InvalidActionError("an empty action: write one like 'stock' or 'discard Qs'")
        head = words[0].lower()
        if head == "big" and len(words) == 2 and words[1].lower() == "gin":
            return BIG_GIN
        try:
            kind = Kind(head)
        except ValueError:
            known = ", ".join(repr(k.value) for k in Kind)
            raise InvalidActionError(
                f"{text!r} is not an action; actions start with {known}"
            ) from None
        if kind in _MAHJONG:
            return _parse_mahjong(text, kind, words[1:])
        if kind not in _WITH_CARD:
            if len(words) != 1:
                raise InvalidActionError(f"{text!r} is not an action: {kind.value!r} takes no card")
            return _SIMPLE[kind]
        if len(words) < 2:
            raise InvalidActionError(
                f"{text!r} is not an action: {kind.value!r} needs a card, like '{kind.value} Qs'"
            )
        try:
            card = parse_card(words[1])
        except CardError as error:
            raise InvalidActionError(f"{text!r} is not an action: {error}") from None
        if len(words) == 2:
            return _with_card(kind, card)
        if kind is not Kind.KNOCK:
            raise InvalidActionError(f"{text!r} is not an action: only a knock may list its melds")
        return cls(kind, card, _parse_melds(text, words[2:]))


def _parse_melds(text: str, words: list[str]) -> tuple[int, ...]:
    """Return the meld masks written as words of glued card texts ("As2s3s"), sorted.

    :raises InvalidActionError: when a word is not made of cards or a card repeats.
    """
    melds, seen = [], 0
    for word in words:
        if len(word) % 2 or not word:
            raise InvalidActionError(f"{text!r}: {word!r} is not a meld of cards like 'As2s3s'")
        meld = 0
        for start in range(0, len(word), 2):
            try:
                card = parse_card(word[start : start + 2])
            except CardError as error:
                raise InvalidActionError(f"{text!r}: {error}") from None
            if (seen | meld) >> card & 1:
                raise InvalidActionError(f"{text!r}: {format_card(card)} is named twice")
            meld |= 1 << card
        seen |= meld
        melds.append(meld)
    return tuple(sorted(melds))


MAX_TAKE = 52
"""The most cards a take may name (the discard pile never holds more)."""


def _parse_mahjong(text: str, kind: Kind, words: list[str]) -> Action:
    """Return the take, meld or addition written as ``text`` (``words``: after the kind).

    :raises InvalidActionError: when it is not one of "take 3", "meld 7h8h9h",
        "add 5s to 6s7s8s".
    """
    if kind is Kind.TAKE:
        if len(words) != 1 or not words[0].isascii() or not words[0].isdigit():
            raise InvalidActionError(f"{text!r} is not an action: write 'take 3' for three cards")
        number = int(words[0]) if len(words[0]) <= 2 else 0
        if not 1 <= number <= MAX_TAKE:
            raise InvalidActionError(
                f"{text!r} is not an action: a take is of 1 to {MAX_TAKE} cards"
            )
        return take(number)
    if kind is Kind.MELD:
        if len(words) != 1:
            raise InvalidActionError(f"{text!r} is not an action: write 'meld 7h8h9h'")
        (cards,) = _parse_melds(text, words)
        return meld(cards)
    if len(words) != 3 or words[1].lower() != "to":
        raise InvalidActionError(f"{text!r} is not an action: write 'add 5s to 6s7s8s'")
    cards, onto = _parse_melds(text, [words[0], words[2]])
    if cards & onto:
        raise InvalidActionError(f"{text!r}: a card is named twice")
    if not cards >> _low(words[0]) & 1:  # _parse_melds sorted the two masks
        cards, onto = onto, cards
    return add(cards, onto)


def _low(word: str) -> int:
    """Return the first card named in a glued word of cards (already checked)."""
    return parse_card(word[:2])


_SIMPLE = {kind: Action(kind) for kind in Kind if kind not in _WITH_CARD | _MAHJONG}
PASS = _SIMPLE[Kind.PASS]
UPCARD = _SIMPLE[Kind.UPCARD]
STOCK = _SIMPLE[Kind.STOCK]
BIG_GIN = _SIMPLE[Kind.BIG_GIN]
DONE = _SIMPLE[Kind.DONE]
NEXT = _SIMPLE[Kind.NEXT]

_CARD_ACTIONS = {
    kind: tuple(Action(kind, card) for card in range(DECK_SIZE)) for kind in _WITH_CARD
}
DISCARDS = _CARD_ACTIONS[Kind.DISCARD]
"""The discard of each card, indexed by card: shared values, made once."""
KNOCKS = _CARD_ACTIONS[Kind.KNOCK]
"""The knock (without chosen melds) with each card, indexed by card."""
GINS = _CARD_ACTIONS[Kind.GIN]
"""The gin with each card, indexed by card."""


def _with_card(kind: Kind, card: int) -> Action:
    """Return the shared action of ``kind`` with ``card`` and no melds."""
    return _CARD_ACTIONS[kind][card]


def discard(card: int) -> Action:
    """Return the action that discards ``card``."""
    return _CARD_ACTIONS[Kind.DISCARD][card]


def knock(card: int, melds: tuple[int, ...] | None = None) -> Action:
    """Return the action that knocks with ``card``, with the knocker's chosen melds if any."""
    if melds is None:
        return _CARD_ACTIONS[Kind.KNOCK][card]
    return Action(Kind.KNOCK, card, tuple(sorted(melds)))


def gin(card: int) -> Action:
    """Return the action that goes gin discarding ``card``."""
    return _CARD_ACTIONS[Kind.GIN][card]


def layoff(card: int) -> Action:
    """Return the action that lays off ``card`` (manual lay-offs)."""
    return _CARD_ACTIONS[Kind.LAYOFF][card]


_TAKES = tuple(Action(Kind.TAKE, count=count) for count in range(MAX_TAKE + 1))


def take(count: int) -> Action:
    """Return the Mahjong gin action that takes the top ``count`` cards of the pile."""
    return _TAKES[count]


def meld(cards: int) -> Action:
    """Return the Mahjong gin action that lays the cards of the mask ``cards`` as a meld."""
    return Action(Kind.MELD, cards=cards)


def add(cards: int, onto: int) -> Action:
    """Return the Mahjong gin action that adds ``cards`` to the table's meld ``onto``."""
    return Action(Kind.ADD, cards=cards, onto=onto)
