"""How strong each opponent level measurably is: its arena result against the level below.

The new-game form describes each level by these figures ("wins about 8 of 10 games
against Easy"), so a player picks a level knowing what it does. Each comes from the
arena (``python -m ginrummy arena``: seats alternating, each deal played both ways) under
the standard rules, and is listed with its command in docs/opponent.md; measure again
and update both when a level changes. ``tests/test_level_strength.py`` checks that each
level listed above another is measurably stronger, or is described as not.

A light module, imported by the bridge's first request (the opponent's own modules load
later).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt

Z_95 = 1.96
"""The normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class Measured:
    """A level's arena result against the level below it.

    ``against`` is that level, ``won`` the share of ``games`` whole games this level won,
    and ``command`` the arena command that measured it.
    """

    against: str
    won: float
    games: int
    command: str

    def lower_bound(self) -> float:
        """Return the lower end of the 95% Wilson interval of ``won``."""
        z2 = Z_95 * Z_95
        centre = self.won + z2 / (2 * self.games)
        spread = Z_95 * sqrt(self.won * (1 - self.won) / self.games + z2 / (4 * self.games**2))
        return (centre - spread) / (1 + z2 / self.games)

    def measurably_stronger(self) -> bool:
        """Return whether the level wins more than half its games at 95% confidence."""
        return self.lower_bound() > 0.5

    def in_ten(self) -> int:
        """Return the games of ten it wins, rounded: the figure a player reads."""
        return round(self.won * 10)


STRENGTH: dict[str, Measured] = {
    # normal, hard and random won 200 of 200 games against random (docs/opponent.md)
    "easy": Measured("random", 1.0, 200, "arena --a easy --b random --games 200"),
    # easy won 0.203 against simple: simple wins the rest
    "simple": Measured("easy", 0.797, 400, "arena --a easy --b simple --games 400"),
    "normal": Measured("simple", 0.680, 400, "arena --a normal --b simple --games 400"),
    "hard": Measured("normal", 0.637, 400, "arena --a hard --b normal --games 400"),
    "expert": Measured("hard", 0.511, 1000, "arena --a expert --b hard --games 1000"),
}
"""Each level but the weakest (``random``), with its result against the level below it."""


def strength_json() -> dict[str, dict[str, object]]:
    """Return ``STRENGTH`` as the new-game form reads it: per level, the level below, the
    games of ten it wins against it, and whether that is measurably more than half."""
    return {
        level: {
            "against": measured.against,
            "in_ten": measured.in_ten(),
            "stronger": measured.measurably_stronger(),
        }
        for level, measured in STRENGTH.items()
    }
