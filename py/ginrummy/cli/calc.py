"""The calculator's commands: ``meld`` and ``showdown`` check a hand without playing one.

The reports come from ``ginrummy.calculator``, shared with the page's illustrations.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..calculator import hand_report, showdown_report
from ..rules import PRESETS, find_rules


def register(commands: Any) -> None:
    """Add the ``meld`` and ``showdown`` subcommands to ``commands``."""
    meld = commands.add_parser(
        "meld",
        help="best melds and deadwood of a 10- or 11-card hand",
        description="Print a hand's best arrangement as JSON; with 11 cards, the best discard.",
    )
    meld.add_argument("cards", nargs="+", help="cards like As 2s 3s Td (10d works too)")
    _add_rules(meld)
    meld.set_defaults(handler=run_meld)

    showdown = commands.add_parser(
        "showdown",
        help="score a knock: lay-offs, undercut, points",
        description="Score a showdown as JSON: both hands after the knocker's discard.",
    )
    showdown.add_argument(
        "--knocker", required=True, help="the knocker's 10 cards (11 for big gin)"
    )
    showdown.add_argument("--defender", required=True, help="the defender's 10 cards")
    showdown.add_argument(
        "--upcard",
        help="the hand's first upcard (Oklahoma knock limit, spade doubling); a player may hold it",
    )
    _add_rules(showdown)
    showdown.set_defaults(handler=run_showdown)


def _add_rules(parser: argparse.ArgumentParser) -> None:
    """Add the ``--rules PRESET`` option."""
    parser.add_argument("--rules", default="standard", choices=sorted(PRESETS), metavar="PRESET")


def run_meld(args: argparse.Namespace) -> int:
    """Print the ``meld`` answer as JSON."""
    print(json.dumps(hand_report(find_rules(args.rules), " ".join(args.cards)), indent=2))
    return 0


def run_showdown(args: argparse.Namespace) -> int:
    """Print the ``showdown`` answer as JSON."""
    report = showdown_report(find_rules(args.rules), args.knocker, args.defender, args.upcard)
    print(json.dumps(report, indent=2))
    return 0
