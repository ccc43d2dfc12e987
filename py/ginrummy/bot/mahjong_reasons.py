"""The reasons of the Mahjong gin opponent: templates, and what the other player is told.

Kept apart from ``decision`` (which merges them into ``REASONS`` and ``PUBLIC``) so that
the Mahjong gin player's words sit with it. A take, meld or addition is public (the
cards go from the open pile to the hand, or onto the table), so the told forms name
those cards; never a card still hidden in the hand.
"""

from __future__ import annotations

MAHJONG_REASONS: dict[str, str] = {
    "mj_take_several": "Take the top {count} discards: {card} goes into a meld at once.",
    "mj_take_table": "Take {card}: it extends {meld} on the table.",
    "mj_take": "Take {card}: your hand is worth more with it.",
    "mj_meld": "Lay {cards} on the table: {points} points for you.",
    "mj_add": "Add {cards} to {meld}: {points} points for you.",
    "mj_discard_high": "Discard {card}: in your hand it would cost you {points} points.",
    "mj_took": "Took the top {count} discards, down to {card}.",
    "mj_melded": "Laid {cards} on the table.",
    "mj_added": "Added {cards} to {meld}.",
}
"""The Mahjong gin reason templates, merged into ``decision.REASONS``."""

MAHJONG_PUBLIC: dict[str, str] = {
    "mj_take_several": "mj_took",
    "mj_take_table": "took_upcard",
    "mj_take": "took_upcard",
    "mj_meld": "mj_melded",
    "mj_add": "mj_added",
    "mj_discard_high": "discarded",
}
"""For each Mahjong gin reason, the one told to the other player (``decision.PUBLIC``)."""
