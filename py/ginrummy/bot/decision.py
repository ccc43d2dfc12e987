"""A decision: the action text, and why, as a reason key with parameters and in English.

Reasons are built from a small set of templates (``REASONS``) so that the page can
translate them: the bridge passes ``key`` and ``params`` along with the English text.

>>> decision = Decision.make("discard 9c", "discard_dead", card="9c", rank="nine")
>>> decision.reason
'Discard 9c: the other nines are gone and it cannot make a run.'
>>> decision.to_json()["params"]
{'card': '9c', 'rank': 'nine'}
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from typing import Protocol

from ..view import SeatView
from .mahjong_reasons import MAHJONG_PUBLIC, MAHJONG_REASONS

Param = str | int

REASONS: dict[str, str] = {
    # the first upcard and the draw
    "take_meld": "Take {card}: it makes a meld with {cards}.",
    "take_extends": "Take {card}: it adds to your meld {cards}.",
    "take_improve": "Take {card}: it cuts your deadwood from {before} to {after}.",
    "take_knock": "Take {card}: it lets you knock right away.",
    "take_gin": "Take {card}: it gives you gin.",
    "pass_upcard": "Pass on {card}: it does not help your hand enough.",
    "draw_stock": "Draw from the stock: {card} does not help your hand enough.",
    "draw_stock_only": "Draw from the stock: it is the only draw left.",
    # discards
    "discard_dead": "Discard {card}: the other {rank}s are gone and it cannot make a run.",
    "discard_high": "Discard {card}: it is your highest card outside your melds.",
    "discard_safe": "Discard {card}: it is safe, while {other} could help the other player.",
    "discard_keep": "Discard {card}: it keeps your melds and your best chances to draw into them.",
    "discard_least": "Discard {card}: it leaves the least deadwood, {deadwood}.",
    "discard_any": "Discard {card}.",
    # going out
    "big_gin": "Declare big gin: all eleven cards are in melds.",
    "gin": "Go gin: discard {card} and every card left is in a meld.",
    "knock": "Knock, discarding {card}: {deadwood} deadwood and little risk of an undercut.",
    "knock_late": "Knock, discarding {card}: {deadwood} deadwood and the stock is running low.",
    "knock_win": "Knock, discarding {card}: {deadwood} deadwood should win the game.",
    "hold_undercut": "Discard {card} and wait: knocking with {deadwood} risks an undercut.",
    "hold_gin": "Discard {card} and wait: your hand is close to gin.",
    # lay-offs and between hands
    "layoff": "Lay off {card} on {cards}.",
    "layoff_done": "Done: no more of your cards fit the knocker's melds.",
    "next_hand": "Deal the next hand.",
    "random": "Play {move} (a random legal move).",
    # the same moves told to the other player: past tense, the move alone (what the other
    # player saw), nothing of why: a reason would tell what the hand holds ("played on
    # rather than knock" told that it could have knocked)
    "took_upcard": "Took {card}.",
    "drew_stock": "Drew from the stock.",
    "drew_stock_only": "Drew from the stock: it was the only draw left.",
    "passed_upcard": "Passed on {card}.",
    "discarded": "Discarded {card}.",
    "went_big_gin": "Went out with big gin: all eleven cards in melds.",
    "went_gin": "Went gin, discarding {card}.",
    "knocked": "Knocked, discarding {card}.",
    "laid_off": "Laid off {card}.",
    "done_laying_off": "Done laying off.",
    "played": "Played {move}.",
}
"""Every reason key and its English template; ``{name}`` is a parameter."""
REASONS.update(MAHJONG_REASONS)

PUBLIC: dict[str, str] = {
    "take_meld": "took_upcard",
    "take_extends": "took_upcard",
    "take_improve": "took_upcard",
    "take_knock": "took_upcard",
    "take_gin": "took_upcard",
    "pass_upcard": "passed_upcard",
    "draw_stock": "drew_stock",
    "draw_stock_only": "drew_stock_only",
    "discard_dead": "discarded",
    "discard_high": "discarded",
    "discard_safe": "discarded",
    "discard_keep": "discarded",
    "discard_least": "discarded",
    "discard_any": "discarded",
    "hold_undercut": "discarded",
    "hold_gin": "discarded",
    "big_gin": "went_big_gin",
    "gin": "went_gin",
    "knock": "knocked",
    "knock_late": "knocked",
    "knock_win": "knocked",
    "layoff": "laid_off",
    "layoff_done": "done_laying_off",
    "random": "played",
    "next_hand": "next_hand",
}
"""For each reason, the one told to the other player: hints may name the cards of the
hand they were made for, and speak to its owner ("your deadwood")."""
PUBLIC.update(MAHJONG_PUBLIC)


def render(key: str, params: dict[str, Param]) -> str:
    """Return the English sentence of the reason ``key`` with ``params`` filled in.

    :raises KeyError: when ``key`` is not a reason key or a parameter is missing.
    """
    return REASONS[key].format(**params)


@dataclass(frozen=True)
class Decision:
    """A move and why: ``action`` is the action text, ``reason`` the English sentence."""

    action: str
    """The action's text form, as ``Match.play`` takes it ("discard Qs")."""
    reason: str
    """One short sentence a player understands."""
    key: str
    """The reason template's key in ``REASONS``, for translations."""
    params: dict[str, Param] = field(default_factory=dict)
    """The template's parameters: card texts, counts."""

    @classmethod
    def make(cls, action: str, key: str, **params: Param) -> Decision:
        """Return the decision to play ``action`` for the reason ``key`` with ``params``."""
        return cls(action, render(key, params), key, dict(params))

    def for_opponent(self) -> Decision:
        """Return this decision as the other player may be told it: the move it saw, and
        nothing of why (a reason would tell what the hand holds), with only the parameters
        that sentence names.

        Use it to explain the computer's moves outside practice; ``reason`` itself is a
        hint for the hand's owner and may name its cards ("Take 7h: it makes a meld with
        7s7c.").

        >>> Decision.make("upcard", "take_meld", card="7h", cards="7s7c").for_opponent().reason
        'Took 7h.'
        >>> told = Decision.make("discard Kd", "hold_undercut", card="Kd", deadwood=9)
        >>> told.for_opponent().reason, told.for_opponent().params
        ('Discarded Kd.', {'card': 'Kd'})
        """
        key = PUBLIC.get(self.key)
        if key is None:
            return self
        named = {field for _, field, _, _ in string.Formatter().parse(REASONS[key]) if field}
        return Decision.make(
            self.action, key, **{name: v for name, v in self.params.items() if name in named}
        )

    def to_json(self) -> dict[str, object]:
        """Return the decision as JSON-ready data."""
        return {
            "action": self.action,
            "reason": self.reason,
            "key": self.key,
            "params": self.params,
        }


class Player(Protocol):
    """A player: it decides from one seat's view, and from nothing else."""

    name: str
    """The level or baseline name ("hard", "simple", ...)."""

    def choose(self, view: SeatView) -> Decision:
        """Return the move to make in ``view`` (it is this seat's turn) and why."""
        ...
