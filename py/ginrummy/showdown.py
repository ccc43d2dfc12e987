"""The showdown: both hands laid down after a knock, gin or big gin, lay-offs, score.

Used by the hand state machine and by the command-line calculator, so both give
the same answer for the same cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import format_card, format_mask
from .melds import Arrangement, Melder, format_meld, meld_order
from .rules import Rules
from .scoring import HandScore, Outcome, score_hand


@dataclass(frozen=True)
class Showdown:
    """Both hands laid down after a knock, gin or big gin, and the score."""

    knocker: int
    kind: Outcome
    """How the knocker went out: knock, gin or big gin."""
    discard: int | None
    """The knocker's last discard (None for big gin)."""
    knocker_arrangement: Arrangement
    defender_before: Arrangement
    """The defender's best arrangement before any lay-off."""
    layoffs: tuple[tuple[int, int], ...]
    """Each laid-off card and the index of the knocker's meld it went on."""
    defender_arrangement: Arrangement
    """The defender's melds and deadwood after the lay-offs."""
    score: HandScore

    def melds_after_layoffs(self) -> tuple[int, ...]:
        """Return the knocker's melds with the cards the defender laid off on each."""
        melds = list(self.knocker_arrangement.melds)
        for card, index in self.layoffs:
            melds[index] |= 1 << card
        return tuple(melds)

    def layoffs_as_drawn(self) -> list[tuple[int, int]]:
        """Return ``layoffs`` in the order the knocker's melds show them: by meld, and on
        each meld as it ends is laid down (``meld_order``): the 4d before the 5d on 6d 7d 8d,
        though the 5d was laid first (the 4d fits only after it)."""
        after = self.melds_after_layoffs()
        places = {index: meld_order(after[index]) for _, index in self.layoffs}
        return sorted(self.layoffs, key=lambda laid: (laid[1], places[laid[1]].index(laid[0])))

    def to_json(self) -> dict[str, Any]:
        """Return the showdown as JSON-ready data; melds in laying order (``format_meld``),
        the knocker's also as they end, with the lay-offs in place; the lay-offs as drawn
        (``layoffs_as_drawn``)."""
        return {
            "knocker": self.knocker,
            "defender": 1 - self.knocker,
            "kind": self.kind.value,
            "discard": None if self.discard is None else format_card(self.discard),
            "knocker_melds": [format_meld(meld) for meld in self.knocker_arrangement.melds],
            "knocker_melds_after": [format_meld(meld) for meld in self.melds_after_layoffs()],
            "knocker_deadwood_cards": format_mask(self.knocker_arrangement.deadwood),
            "knocker_deadwood": self.knocker_arrangement.count,
            "defender_melds": [format_meld(meld) for meld in self.defender_arrangement.melds],
            "defender_deadwood_cards": format_mask(self.defender_arrangement.deadwood),
            "defender_deadwood": self.defender_arrangement.count,
            "defender_deadwood_before_layoffs": self.defender_before.count,
            "layoffs": [
                {"card": format_card(card), "meld": index}
                for card, index in self.layoffs_as_drawn()
            ],
            **self.score.to_json(),
        }


def knocker_choice(melder: Melder, knocker_hand: int, defender: int) -> Arrangement:
    """Return the knocker's least-deadwood arrangement that helps the defender least.

    Among equal arrangements: the one after which the defender's best lay-offs leave
    it the most deadwood, then the one taking the fewest laid-off cards.
    """
    options = melder.arrangements(knocker_hand)
    if len(options) == 1:
        return options[0]

    def defender_gain(arrangement: Arrangement) -> tuple[int, int]:
        layoffs = melder.best_layoffs(arrangement.melds, defender)
        return (-layoffs.arrangement.count, len(layoffs.cards))

    return min(options, key=defender_gain)


def settle(
    rules: Rules,
    *,
    knocker: int,
    kind: Outcome,
    discard: int | None,
    arrangement: Arrangement,
    before: Arrangement,
    layoffs: tuple[tuple[int, int], ...],
    after: Arrangement,
    doubled: bool,
) -> Showdown:
    """Score a showdown whose lay-offs are decided and return it whole."""
    score = score_hand(
        rules,
        knocker=knocker,
        kind=kind,
        knocker_count=arrangement.count,
        defender_count=after.count,
        doubled=doubled,
    )
    return Showdown(knocker, kind, discard, arrangement, before, layoffs, after, score)


def lay_down(
    rules: Rules,
    melder: Melder,
    *,
    knocker: int,
    kind: Outcome,
    knocker_hand: int,
    defender_hand: int,
    discard: int | None,
    doubled: bool,
    melds: tuple[int, ...] | None = None,
) -> Showdown:
    """Play out a showdown with the best lay-offs for the defender, and score it.

    ``melds`` is the knocker's chosen arrangement, if any (already checked); without
    it the knocker lays down ``knocker_choice``. No lay-offs on gin or big gin unless
    the rules' ``layoff_on_gin`` allows them.
    """
    before = melder.best_arrangement(defender_hand)
    if takes_layoffs(rules, kind):
        arrangement = chosen_arrangement(melder, knocker_hand, melds, defender_hand)
        best = melder.best_layoffs(arrangement.melds, defender_hand)
        layoffs, after = best.cards, best.arrangement
    else:
        arrangement, layoffs, after = melder.best_arrangement(knocker_hand), (), before
    return settle(
        rules,
        knocker=knocker,
        kind=kind,
        discard=discard,
        arrangement=arrangement,
        before=before,
        layoffs=layoffs,
        after=after,
        doubled=doubled,
    )


def takes_layoffs(rules: Rules, kind: Outcome) -> bool:
    """Return whether the defender may lay off when the hand ends by ``kind``."""
    return kind is Outcome.KNOCK or rules.layoff_on_gin


def chosen_arrangement(
    melder: Melder, knocker_hand: int, melds: tuple[int, ...] | None, defender_hand: int
) -> Arrangement:
    """Return the knocker's arrangement: its chosen ``melds``, or the engine's choice."""
    if melds is None:
        return knocker_choice(melder, knocker_hand, defender_hand)
    used = 0
    for meld in melds:
        used |= meld
    return Arrangement(melds, knocker_hand & ~used, melder.deadwood(knocker_hand))
