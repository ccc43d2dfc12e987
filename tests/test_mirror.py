"""Seat 1's view drawn as seat 0's: every per-seat number of the view and its score sheet
exchanged, none forgotten; swapping twice gives the view back; the page's prompt and
going-out options then speak to the guest as to the player."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ginrummy.bridge import discard_deadwood, going_out, prompt
from ginrummy.match import Match
from ginrummy.mirror import swap_seats, swap_sheet
from ginrummy.rules import find_rules
from ginrummy.view import seat_view


def played(preset: str, seed: int, hands: int) -> Iterator[Match]:
    """Yield a match of random moves (going out when it can) after each move, over its
    first ``hands`` hands (the same match, played on: look at it before the next)."""
    match = Match(find_rules(preset), seed=seed)
    rng = random.Random(seed)
    while not match.over and match.hand_number <= hands:
        legal = [action.text for action in match.legal_actions()]
        out = [text for text in legal if text.startswith(("gin", "big gin", "knock"))]
        match.play(out[0] if out else rng.choice(legal))
        yield match


def pairs(data: Any, path: str = "") -> dict[str, list[int]]:
    """Return every two-number list in JSON ``data`` by its path: the per-seat figures."""
    found: dict[str, list[int]] = {}
    if isinstance(data, dict):
        for key, value in data.items():
            found.update(pairs(value, f"{path}.{key}"))
    elif isinstance(data, list):
        if len(data) == 2 and all(isinstance(item, int) for item in data):
            found[path] = data
        for index, value in enumerate(data):
            found.update(pairs(value, f"{path}[{index}]"))
    return found


def test_swapping_twice_gives_the_view_back() -> None:
    for match in played("oklahoma", 4, 2):
        for seat in (0, 1):
            view = seat_view(match, seat)
            assert swap_seats(swap_seats(view)) == view


def test_the_guests_view_swapped_is_its_own_as_the_player() -> None:
    for match in played("standard", 11, 3):
        guest, host = seat_view(match, 1), seat_view(match, 0)
        drawn = swap_seats(guest).to_json()
        assert drawn["seat"] == 0
        assert drawn["hand"] == guest.to_json()["hand"]
        assert drawn["dealer"] == 1 - match.hand.dealer
        assert drawn["to_move"] == (None if match.to_move is None else 1 - match.to_move)
        assert [event["seat"] for event in drawn["events"]] == [
            1 - event.seat for event in match.hand.events
        ]
        if host.revealed is not None:
            assert drawn["hands"] == host.to_json()["hands"][::-1]
            showdown = drawn["showdown"]
            if showdown is not None:
                assert showdown["knocker"] == 1 - host.to_json()["showdown"]["knocker"]
                assert showdown["points"] == host.to_json()["showdown"]["points"][::-1]


def test_every_per_seat_figure_of_the_score_sheet_is_exchanged() -> None:
    # a Hollywood match: three columns, bonuses; none of its seat pairs may be left as is
    *_, match = played("hollywood", 2, 60)
    sheet = match.scoresheet.to_json()
    swapped = swap_sheet(sheet)
    before, after = pairs(sheet), pairs(swapped)
    entries = {path for path in before if ".hands[" in path and path.count("[") == 3}
    assert set(before) - entries == set(after) - entries
    for path in set(before) - entries:
        assert after[path] == before[path][::-1], path
    for game, mirrored in zip(sheet["games"], swapped["games"], strict=True):
        assert [row[0] for row in mirrored["hands"]] == [row[0] for row in game["hands"]]
        assert [row[1:] for row in mirrored["hands"]] == [row[:0:-1] for row in game["hands"]]
        for line, other in zip(game["bonuses"], mirrored["bonuses"], strict=True):
            assert other["seat"] == 1 - line["seat"]
    if sheet["winner"] is not None:
        assert swapped["winner"] == 1 - sheet["winner"]


def test_the_page_speaks_to_the_guest_as_to_the_player() -> None:
    checked = 0
    for match in played("standard", 8, 2):
        if match.to_move != 1 or match.phase.value != "discard":
            continue
        drawn = swap_seats(seat_view(match, 1))
        assert prompt(drawn)["id"] in ("discard", "discard_or_go_out")
        assert discard_deadwood(drawn)
        assert [entry["action"] for entry in going_out(drawn)] == [
            text for text in drawn.legal if text.startswith(("knock", "gin", "big gin"))
        ]
        checked += 1
    assert checked
