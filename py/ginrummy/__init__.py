"""Gin Rummy: an exact rules engine and a fair computer opponent.

The package is pure Python (3.11+) so that Pyodide can load it as a wheel in a
static web page. Cards are ints inside and ``"Qs"`` strings at every boundary.

The public API is what ``__all__`` names, importable from the package itself; each name is
imported from its module the first time it is used, so ``import ginrummy`` costs nothing
and a program that only deals never loads the opponent. A hand's best melds, a showdown,
the opponent's move from one seat's view and a whole match:

>>> import ginrummy
>>> ginrummy.hand_report(ginrummy.find_rules("standard"), "As 2s 3s 7h 8h 9h Tc Jd Qd Kd")[
...     "deadwood_cards"
... ]
['Tc']
>>> match = ginrummy.Match(ginrummy.find_rules("oklahoma"), seed=7)
>>> view = ginrummy.seat_view(match, match.to_move)
>>> ginrummy.advise(view).action in view.legal
True

A guide with more: ``docs/python.md``; the reference of every name: the site's
``python/api/``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"
"""The version of the engine: the wheel's (pyproject.toml reads it here) and the page's."""

if TYPE_CHECKING:  # what the names below are, for type checkers and readers
    from .actions import Action, IllegalActionError, InvalidActionError
    from .bot import LEVELS, Decision, Player, advise, make_player
    from .calculator import hand_report, showdown_report
    from .cards import CardError, format_card, format_cards, parse_card, parse_cards
    from .cli import main
    from .match import Match
    from .melds import Arrangement, Melder
    from .rules import PRESETS, STANDARD, Rules, RulesError, find_rules
    from .scoring import HandScore, Outcome
    from .state import Hand, Phase, melder_for
    from .view import SeatView, seat_view

_HOMES = {
    "Action": "actions",
    "IllegalActionError": "actions",
    "InvalidActionError": "actions",
    "LEVELS": "bot",
    "Decision": "bot",
    "Player": "bot",
    "advise": "bot",
    "make_player": "bot",
    "hand_report": "calculator",
    "showdown_report": "calculator",
    "CardError": "cards",
    "format_card": "cards",
    "format_cards": "cards",
    "parse_card": "cards",
    "parse_cards": "cards",
    "main": "cli",
    "Match": "match",
    "Arrangement": "melds",
    "Melder": "melds",
    "PRESETS": "rules",
    "STANDARD": "rules",
    "Rules": "rules",
    "RulesError": "rules",
    "find_rules": "rules",
    "HandScore": "scoring",
    "Outcome": "scoring",
    "Hand": "state",
    "Phase": "state",
    "melder_for": "state",
    "SeatView": "view",
    "seat_view": "view",
}
"""The module of ``ginrummy`` each public name comes from."""

__all__ = [
    "LEVELS",
    "PRESETS",
    "STANDARD",
    "Action",
    "Arrangement",
    "CardError",
    "Decision",
    "Hand",
    "HandScore",
    "IllegalActionError",
    "InvalidActionError",
    "Match",
    "Melder",
    "Outcome",
    "Phase",
    "Player",
    "Rules",
    "RulesError",
    "SeatView",
    "__version__",
    "advise",
    "find_rules",
    "format_card",
    "format_cards",
    "hand_report",
    "main",
    "make_player",
    "melder_for",
    "parse_card",
    "parse_cards",
    "seat_view",
    "showdown_report",
]


def __getattr__(name: str) -> Any:
    """Return the public name ``name``, importing its module on first use (PEP 562).

    :raises AttributeError: for any other name (so ``from ginrummy import record`` still
        imports the submodule).
    """
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'ginrummy' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value  # the next use is a plain global
    return value


def __dir__() -> list[str]:
    """Return the module's names with the public ones not yet imported."""
    return sorted({*globals(), *__all__})
