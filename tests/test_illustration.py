"""Rule illustrations through the bridge: the calculator's reports, and clear errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

from deals import ask
from ginrummy import bridge
from ginrummy.calculator import hand_report, showdown_report
from ginrummy.rules import find_rules


def illustrate(**asked: Any) -> dict[str, Any]:
    """Return the bridge's answer to an ``illustrate`` request (a JSON object)."""
    return ask(bridge.SESSION, "illustrate", json.dumps(asked))


def test_hand_is_the_calculators_report() -> None:
    # Q-K-A is a run only round the corner, where the lone ace counts 15.
    cards = "Qs Ks As 5h 5d 5c 9d Td Jd Ah"
    standard = illustrate(kind="hand", cards=cards)
    assert standard["ok"] and standard["illustration"] == "hand"
    assert standard["deadwood"] == hand_report(find_rules("standard"), cards)["deadwood"] == 22
    corner = illustrate(kind="hand", cards=cards, rules={"preset": "round_the_corner"})
    assert (corner["deadwood"], corner["deadwood_cards"]) == (15, ["Ah"])


def test_showdown_with_changed_rules() -> None:
    knocker, defender = "As 2s 3s 4h 5h 6h 7c 7d 7s 6c", "Jc Qc Kc 8d 9d Td 7h 8h 4s 5d"
    answer = illustrate(
        kind="showdown",
        knocker=knocker,
        defender=defender,
        rules={"preset": "classic", "undercut_bonus": "15"},
    )
    expected = showdown_report(find_rules("classic").replace(undercut_bonus=15), knocker, defender)
    assert answer["illustration"] == "showdown"
    assert (answer["result"], answer["points"]) == ("undercut", 16)
    assert answer["layoffs"] == expected["layoffs"]


def test_oklahoma_showdown_reads_the_upcard() -> None:
    answer = illustrate(
        kind="showdown",
        rules={"preset": "oklahoma"},
        knocker="7c 7d 7h 8s 9s Ts Jd Qd Kd 4s",
        defender="As Ac 5h 6c 3d Js 9h Th 2h 5d",
        upcard="4s",
    )
    assert (answer["knock_limit"], answer["doubled"], answer["points"]) == (4, True, 76)


@pytest.mark.parametrize(
    ("asked", "message"),
    [
        ({"kind": "hand", "cards": "As 2s 3s"}, "10 or 11 cards"),
        ({"kind": "hand", "cards": "As 2s Zz"}, "not a card"),
        ({"kind": "hand"}, "give the cards"),
        ({"kind": "table", "cards": "As"}, "a hand or a showdown"),
        ({"kind": "hand", "cards": "As", "rules": {"preset": "nope"}}, "unknown rule set"),
        ({"kind": "hand", "cards": "As", "rules": "classic"}, "rules are an object"),
        (
            {
                "kind": "showdown",
                "rules": {"preset": "straight"},
                "knocker": "As 2s 3s 4h 5h 6h 7c 7d 7s 6c",
                "defender": "Jc Qc Kc 8d 9d Td 7h 8h 4s 5d",
            },
            "gin only",
        ),
    ],
)
def test_bad_illustrations_say_why(asked: dict[str, Any], message: str) -> None:
    answer = illustrate(**asked)
    assert answer["ok"] is False and message in answer["error"]
    assert "internal" not in answer
