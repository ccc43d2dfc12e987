"""Card and action texts: one form each, round-trips, clear errors."""

from __future__ import annotations

import pytest

from ginrummy.actions import BIG_GIN, Action, InvalidActionError, Kind
from ginrummy.cards import CardError, format_card, parse_card, parse_cards


def test_every_card_round_trips() -> None:
    for card in range(52):
        assert parse_card(format_card(card)) == card


def test_ten_written_two_ways() -> None:
    assert parse_card("10d") == parse_card("Td") == parse_card("td")


@pytest.mark.parametrize("text", ["", "Q", "Qx", "1s", "10", "Qss", "11d"])
def test_bad_card_is_a_clear_error(text: str) -> None:
    with pytest.raises(CardError, match="is not a card"):
        parse_card(text)


def test_card_named_twice() -> None:
    with pytest.raises(CardError, match="named twice"):
        parse_cards("As 2s as")


@pytest.mark.parametrize(
    "text",
    [
        "pass",
        "upcard",
        "stock",
        "discard Qs",
        "knock Td",
        "gin Ah",
        "big gin",
        "layoff 7h",
        "done",
        "next",
    ],
)
def test_action_text_round_trips(text: str) -> None:
    assert Action.parse(text).text == text


def test_action_parse_normalises() -> None:
    assert Action.parse("  Discard 10h ").text == "discard Th"
    assert Action.parse("BIG GIN") is BIG_GIN
    assert Action.parse("knock Qs 3h4h5h AsAcAd").text == "knock Qs AsAcAd 3h4h5h"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("fold", "not an action"),
        ("stock Qs", "takes no card"),
        ("discard", "needs a card"),
        ("discard Zz", "not a card"),
        ("gin Qs AsAcAd", "only a knock"),
        ("knock Qs AsAs2s", "named twice"),
        ("knock Qs A", "not a meld"),
    ],
)
def test_malformed_actions(text: str, message: str) -> None:
    with pytest.raises(InvalidActionError, match=message):
        Action.parse(text)


def test_actions_sort_by_kind_then_card() -> None:
    actions = [Action.parse(t) for t in ("gin 2s", "discard Kh", "stock", "discard As", "knock 3s")]
    ordered = sorted(actions, key=Action.sort_key)
    assert [a.text for a in ordered] == ["stock", "discard As", "discard Kh", "knock 3s", "gin 2s"]
    assert Kind("big gin") is Kind.BIG_GIN
