"""What one seat may see: its own cards, public cards only of the other, as data.

``SeatView`` is what the opponent decides from and what the page draws. It is built
from a match and a seat and holds nothing hidden from that seat: not the stock, not
the other hand (only its size and the cards it took from the pile and still holds),
and the discard pile only as the rules show it. After a hand both hands are shown,
as they are laid down at the showdown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import format_card, format_mask
from .mahjong import MahjongHand
from .match import Match
from .melds import Arrangement, format_meld, meld_order
from .rules import Flow, Rules, preset_name
from .showdown import Showdown
from .state import Event, Hand, Phase, melder_for

PLAYER, OPPONENT = 0, 1
"""The seat of the person at the page and of the computer opponent (the page's views,
reviews and replays are the player's)."""

RECENT_EVENTS = 6
"""How many of the last events the page shows as "last actions"."""


@dataclass(frozen=True)
class SeatView:
    """Everything seat ``seat`` may know now. Card sets are masks; ``to_json`` names them."""

    seat: int
    rules: Rules
    phase: Phase
    to_move: int | None
    dealer: int
    hand_number: int
    hand: int
    """This seat's cards."""
    opponent_count: int
    """How many cards the other seat holds."""
    opponent_known: int
    """Cards the other seat took from the pile and still holds."""
    discards: tuple[int, ...]
    """Every card on the discard pile, bottom first; only the top is shown unless open."""
    stock_count: int
    first_upcard: int | None
    knock_limit: int
    doubled: bool
    taken: int | None
    """The card this seat just took from the pile (it may not discard it this turn)."""
    legal: tuple[str, ...]
    events: tuple[Event, ...]
    """The public events of this hand, in order."""
    table_melds: tuple[int, ...]
    """During manual lay-offs: the knocker's melds with the cards laid off so far."""
    showdown: Showdown | None
    revealed: tuple[int, int] | None
    """Both hands, once the hand is over."""
    scores: dict[str, Any]
    cut: tuple[tuple[int, int], ...]
    table: tuple[tuple[int, int], ...] = ()
    """Mahjong gin: the melds on the table, each (card mask, the seat that laid it)."""
    laid: tuple[int, int] = (0, 0)
    """Mahjong gin: per seat, the cards it put on the table (its melds and additions)."""
    forced: int | None = None
    """Mahjong gin, after a take of several cards: the lowest, which must be melded now."""

    @property
    def pile_top(self) -> int | None:
        """Return the top card of the discard pile, or None when it is empty."""
        return self.discards[-1] if self.discards else None

    def arrangement(self) -> Arrangement:
        """Return this seat's best arrangement of its own cards."""
        return melder_for(self.rules).best_arrangement(self.hand)

    def revealed_arrangements(self) -> list[dict[str, object]] | None:
        """Return each seat's best arrangement of its hand, once the hand is over, as
        JSON-ready data (None before, and in Mahjong gin, whose hands count every card)."""
        if self.revealed is None or self.rules.flow is Flow.MAHJONG:
            return None
        melder = melder_for(self.rules)
        return [melder.best_arrangement(hand).to_json() for hand in self.revealed]

    def to_json(self) -> dict[str, Any]:
        """Return the view as JSON-ready data, card masks as lists of card texts."""
        shown = self.discards if self.rules.open_discards else self.discards[-1:]
        mahjong = self.rules.flow is Flow.MAHJONG
        data: dict[str, Any] = {
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "preset": preset_name(self.rules),
            "phase": self.phase.value,
            "to_move": self.to_move,
            "dealer": self.dealer,
            "hand_number": self.hand_number,
            "hand": format_mask(self.hand),
            "arrangement": self.arrangement().to_json(),
            "opponent": {"count": self.opponent_count, "known": format_mask(self.opponent_known)},
            "pile": [format_card(card) for card in shown],
            "pile_count": len(self.discards),
            "stock_count": self.stock_count,
            "first_upcard": None if self.first_upcard is None else format_card(self.first_upcard),
            "knock_limit": self.knock_limit,
            "doubled": self.doubled,
            "taken": None if self.taken is None else format_card(self.taken),
            "legal": list(self.legal),
            "events": [event.to_json() for event in self.events],
            "last_actions": [event.to_json() for event in self.events[-RECENT_EVENTS:]],
            "table_melds": [format_meld(meld) for meld in self.table_melds],
            "showdown": None if self.showdown is None else self.showdown.to_json(),
            "hands": None if self.revealed is None else [format_mask(h) for h in self.revealed],
            "revealed_arrangements": self.revealed_arrangements(),
            "scores": self.scores,
            "cut": [[format_card(a), format_card(b)] for a, b in self.cut],
            "mahjong": self.mahjong_json() if mahjong else None,
        }
        return data

    def mahjong_json(self) -> dict[str, Any]:
        """Return the Mahjong gin table as JSON-ready data: each meld's cards in laying
        order with the seat that laid each card, both seats' table points, this seat's
        hand points (against it if the other goes gin) and the card it must meld now."""
        melder = melder_for(self.rules)
        melds = []
        for cards, owner in self.table:
            order = meld_order(cards)
            by = [0 if self.laid[0] >> card & 1 else 1 for card in order]
            melds.append({"cards": [format_card(c) for c in order], "seat": owner, "by": by})
        return {
            "melds": melds,
            "table_points": [melder.mask_value(cards) for cards in self.laid],
            "hand_points": melder.mask_value(self.hand),
            "must_meld": None if self.forced is None else format_card(self.forced),
        }


def seat_view(match: Match, seat: int) -> SeatView:
    """Return what ``seat`` (0 or 1) may see of ``match`` now.

    :raises ValueError: when ``seat`` is not 0 or 1.
    """
    if seat not in (0, 1):
        raise ValueError(f"a seat is 0 or 1, not {seat!r}")
    hand = match.hand
    over = hand.over
    to_move = match.to_move
    legal = (
        tuple(a.text for a in match.legal_actions())
        if to_move == seat or (over and not match.over)
        else ()
    )
    return SeatView(
        seat=seat,
        rules=match.rules,
        phase=match.phase,
        to_move=to_move,
        dealer=hand.dealer,
        hand_number=match.hand_number,
        hand=hand.hands[seat],
        opponent_count=hand.hands[1 - seat].bit_count(),
        opponent_known=hand.pile_taken[1 - seat],
        discards=tuple(hand.pile),
        stock_count=len(hand.stock),
        first_upcard=hand.first_upcard,
        knock_limit=hand.knock_limit,
        doubled=hand.doubled,
        taken=hand.taken if to_move == seat else None,
        legal=legal,
        events=tuple(hand.events),
        table_melds=tuple(hand.table_melds),
        showdown=hand.showdown,
        revealed=(hand.hands[0], hand.hands[1]) if over else None,
        scores=match.scoresheet.to_json(),
        cut=tuple(match.cut),
        **_mahjong_fields(hand),
    )


def _mahjong_fields(hand: Hand) -> dict[str, Any]:
    """Return the Mahjong gin fields of a view of ``hand`` (none for other hands): all
    public, as the table and the takes are."""
    if not isinstance(hand, MahjongHand):
        return {}
    return {
        "table": tuple(zip(hand.melds, hand.owners, strict=True)),
        "laid": (hand.laid[0], hand.laid[1]),
        "forced": hand.forced,
    }
