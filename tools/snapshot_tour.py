"""Every request the page can make, once per rule set: run before the page's snapshot.

``tools/snapshot.mjs`` runs ``import_package(where, files)`` and ``tour(seed)`` in the Python it
then snapshots (``snapshot.py``), so the snapshot holds every module the page ever needs,
from the engine and the standard library, already imported, and the engine's tables for
each preset already made: the page boots from it with no standard library and no engine
file at all. The tests run the tour with another seed in a Python restored from the
snapshot, without either, where an import the tour missed would fail.

Runs inside Pyodide; standard library only, and nothing but the bridge of the engine.
"""

from __future__ import annotations

import importlib
import json
import random
from pathlib import PurePosixPath
from typing import Any

HANDS = 2
"""Hands played of each preset but the first, whose match is played to its end (some
presets play to 2,000 points)."""
MAX_REQUESTS = 3000
"""Requests a match may take before the tour gives up on it (one to 25 ends in far fewer)."""
GOING_OUT = ("big gin", "gin", "knock")
"""The first words of the player's actions that end a hand."""
BAD_REQUESTS = (
    ("play", "not a move"),
    ("resume", "not a save"),
    ("new", '{"preset": "no such preset"}'),
    ("new", "[1, 2]"),
    ("review", "99"),
    ("replay", "-1"),
    ("illustrate", '{"kind": "hand", "cards": "Zz"}'),
    ("no such request", ""),
)
"""Requests the page may send that answer an error: their error paths import too."""


def import_package(where: str, files: list[str]) -> None:
    """Import every module of ``files`` (names under ``where``, a folder on ``sys.path``)."""
    for entry in files:
        path = PurePosixPath(entry)
        if path.suffix == ".py":
            parts = path.with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            module = importlib.import_module(name)
            assert str(module.__file__).startswith(f"{where}/"), f"{name}: not {where}'s"


def tour(seed: int) -> int:
    """Play a match to its end, and ``HANDS`` hands of every other preset, through the
    bridge, making every request along the way (bad ones too); return the requests made.

    :raises AssertionError: when an answer is not what it should be (the tour is also a
        check of the snapshot it runs in).
    """
    from ginrummy import bridge

    rng = random.Random(seed)
    requests = 0

    def pick(legal: list[str]) -> str:
        """Go out when the rules let the player, else any legal move: matches end."""
        going_out = [action for action in legal if action.startswith(GOING_OUT)]
        return going_out[0] if going_out else rng.choice(legal)

    def ask(session: bridge.Session, op: str, argument: str = "") -> dict[str, Any]:
        nonlocal requests
        requests += 1
        answer: dict[str, Any] = json.loads(bridge.request(op, argument, session))
        return answer

    def sure(session: bridge.Session, op: str, argument: str = "") -> dict[str, Any]:
        answer = ask(session, op, argument)
        assert answer["ok"], (op, argument, answer)
        return answer

    options = sure(bridge.Session(), "options")
    for number, preset in enumerate(options["presets"]):
        session = bridge.Session()
        params = {
            "preset": preset["name"],
            "seed": str(seed),
            "level": options["levels"][number % len(options["levels"])],
            "practice": "true" if number % 2 else "false",  # the opponent's reasons differ
        }
        state = sure(session, "new", json.dumps({**params, "target": "25"}))
        sure(session, "warm")
        sure(session, "rules_help", json.dumps(params))
        hinted = False
        hands = 0
        for _ in range(MAX_REQUESTS):
            if state["view"]["phase"] == "match_over" or (number and hands == HANDS):
                break
            hands += state["view"]["phase"] == "hand_over"
            if state["opponent_to_move"]:
                state = sure(session, "opponent")
                continue
            if not hinted:
                sure(session, "hint")
                hinted = True
            state = sure(session, "play", pick(state["view"]["legal"]))
        else:
            raise AssertionError(f"{preset['name']}: the tour's hands did not end")
        sure(session, "review", "1")
        sure(session, "state")
        sure(bridge.Session(), "resume", state["save"])
        sure(session, "load_record", state["save"])
        sure(session, "replay", "3")
    session = bridge.Session()
    state = sure(session, "new", json.dumps({"seed": str(seed), "practice": "true"}))
    while state["opponent_to_move"]:
        state = sure(session, "opponent")
    sure(session, "play", state["view"]["legal"][0])
    sure(session, "undo")
    hand = {"kind": "hand", "cards": "As 2s 3s 4c 5c 6c 7d 7h 7s Kd", "rules": {}}
    showdown = {
        "kind": "showdown",
        "knocker": "As 2s 3s 4c 5c 6c 7d 7h 7s Kd",
        "defender": "Kc Qd Jd 9c 8d Ts 4h 2h Qh 5d",
        "rules": {"preset": "hollywood"},
    }
    for asked in (hand, showdown):
        sure(session, "illustrate", json.dumps(asked))
    for op, argument in BAD_REQUESTS:
        assert not ask(session, op, argument)["ok"], (op, argument)
    return requests
