"""Actions as frozen values with one text form, and the two kinds of bad action.

The text form is the action's id everywhere: in records, on the JavaScript wire, in
error messages and in tests. ``Action.parse(action.text) == action`` always holds.

>>> Action.parse("knock 10d").text
'knock Td'
>>> Action.parse("big gin") == BIG_GIN
True
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


_ORDER = {kind: index for index, kind in enumerate(Kind)}
_WITH_CARD = frozenset({Kind.DISCARD, Kind.KNOCK, Kind.GIN, Kind.LAYOFF})


@dataclass(frozen=True)
class Action:
    """One move. ``card`` is set for discard, knock, gin and layoff.

    A knock may carry ``melds``: the knocker's choice among its least-deadwood
    arrangements (each meld a card mask). Without it the engine picks the arrangement.
    """

    kind: Kind
    card: int | None = None
    melds: tuple[int, ...] | None = None
    text: str = field(init=False, compare=False, repr=False)
    """The one text form of this action, e.g. ``"knock Qs"``; made once with the action."""

    def __post_init__(self) -> None:
        """Write the text form once: actions are made once and read often."""
        words = [self.kind.value]
        if self.card is not None:
            words.append(format_card(self.card))
        if self.melds is not None:
            words += ["".join(format_mask(meld)) for meld in self.melds]
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

    def sort_key(self) -> tuple[int, int, tuple[int, ...]]:
        """Return the key that orders actions: by kind, then card, then melds."""
        card = -1 if self.card is None else self.card
        return (_ORDER[self.kind], card, self.melds or ())

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


_SIMPLE = {kind: Action(kind) for kind in Kind if kind not in _WITH_CARD}
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
