"""Two reference players for measuring: ``random`` and ``simple``.

``simple`` is the classic baseline of the gin rummy research literature (the
"simple player" of the EAAI gin rummy challenge): it takes the face-up card only if
the card goes into a meld, discards the card that leaves the least deadwood (its
highest-value deadwood card, ties at random), knocks as soon as it can and lays off
all it can.
"""

from __future__ import annotations

import random

from ..actions import Action, Kind
from ..cards import format_card, format_mask
from ..melds import Melder
from ..state import Phase, melder_for
from ..view import SeatView
from .decision import Decision


def view_rng(seed: int, view: SeatView, salt: str = "") -> random.Random:
    """Return a random source fixed by the player's seed and public facts of ``view``.

    Only what the seat may see goes in, so two deals that look the same to the seat
    give the same choices.
    """
    key = f"{seed}/{salt}/{view.hand_number}/{len(view.events)}/{view.phase.value}/{view.hand}"
    return random.Random(key)


def layoff_decision(view: SeatView, melder: Melder) -> Decision:
    """Return the defender's next manual lay-off, the one its best lay-offs start with."""
    if view.table_melds:
        best = melder.best_layoffs(view.table_melds, view.hand)
        legal = set(view.legal)
        for card, index in best.cards:
            text = f"layoff {format_card(card)}"
            if text in legal:
                meld = "".join(format_mask(view.table_melds[index]))
                return Decision.make(text, "layoff", card=format_card(card), cards=meld)
    return Decision.make("done", "layoff_done")


def only_action(view: SeatView) -> Decision | None:
    """Return the decision when the view leaves no choice (or is between hands)."""
    if view.phase is Phase.HAND_OVER:
        return Decision.make("next", "next_hand")
    if not view.legal:
        raise ValueError(f"seat {view.seat} has no move to make (phase {view.phase.value})")
    if view.legal == ("stock",):
        return Decision.make("stock", "draw_stock_only")
    return None


class RandomPlayer:
    """Plays a random legal move (seeded): a floor for measuring."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        """Make the player; ``seed`` fixes its choices."""
        self.seed = seed

    def choose(self, view: SeatView) -> Decision:
        """Return a random legal move."""
        forced = only_action(view)
        if forced is not None:
            return forced
        action = view_rng(self.seed, view).choice(view.legal)
        return Decision.make(action, "random", move=action)


class SimplePlayer:
    """The classic baseline: meld-only pick-ups, least-deadwood discards, knock at once."""

    name = "simple"

    def __init__(self, seed: int = 0) -> None:
        """Make the player; ``seed`` breaks ties between equal discards."""
        self.seed = seed

    def choose(self, view: SeatView) -> Decision:
        """Return the simple player's move."""
        forced = only_action(view)
        if forced is not None:
            return forced
        melder = melder_for(view.rules)
        if view.phase is Phase.LAYOFF:
            return layoff_decision(view, melder)
        if view.phase in (Phase.FIRST_UPCARD, Phase.DRAW):
            return self._draw(view, melder)
        return self._discard(view, melder)

    def _draw(self, view: SeatView, melder: Melder) -> Decision:
        """Take the face-up card only if it goes into a meld."""
        top = view.pile_top
        assert top is not None
        hand = view.hand
        melds = melder.deadwood(hand | 1 << top) < melder.deadwood(hand) + melder.value(top)
        card = format_card(top)
        if melds and "upcard" in view.legal:
            partners = _partners(melder, hand, top)
            return Decision.make("upcard", "take_meld", card=card, cards=partners)
        if "stock" in view.legal:
            return Decision.make("stock", "draw_stock", card=card)
        return Decision.make("pass", "pass_upcard", card=card)

    def _discard(self, view: SeatView, melder: Melder) -> Decision:
        """Go out if possible, else discard a card leaving the least deadwood."""
        gin = gin_decision(view)
        if gin is not None:
            return gin
        legal = [Action.parse(text) for text in view.legal]
        counts = melder.discard_deadwoods(view.hand)
        knocks = [a for a in legal if a.kind is Kind.KNOCK]
        if knocks:
            best = min(counts[_card(a)] for a in knocks)
            choice = next(a for a in knocks if counts[_card(a)] == best)
            card = format_card(_card(choice))
            return Decision.make(choice.text, "knock", card=card, deadwood=best)
        discards = [a for a in legal if a.kind is Kind.DISCARD]
        best = min(counts[_card(a)] for a in discards)
        ties = [a for a in discards if counts[_card(a)] == best]
        choice = view_rng(self.seed, view).choice(ties)
        card = format_card(_card(choice))
        return Decision.make(choice.text, "discard_least", card=card, deadwood=best)


def gin_decision(view: SeatView) -> Decision | None:
    """Return big gin or gin when the view allows it (every level takes them), else None."""
    if "big gin" in view.legal:
        return Decision.make("big gin", "big_gin")
    for text in view.legal:
        action = Action.parse(text)
        if action.kind is Kind.GIN:
            return Decision.make(text, "gin", card=format_card(_card(action)))
    return None


def _card(action: Action) -> int:
    """Return the card of an action that has one."""
    assert action.card is not None
    return action.card


def _partners(melder: Melder, hand: int, card: int) -> str:
    """Return the cards of the meld ``card`` joins in the best arrangement, as text."""
    for meld in melder.best_arrangement(hand | 1 << card).melds:
        if meld >> card & 1:
            return "".join(format_mask(meld & ~(1 << card)))
    return ""
