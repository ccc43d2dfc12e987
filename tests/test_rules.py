"""Rules: presets, changes, and clear errors for impossible rule sets."""

from __future__ import annotations

import pytest

from ginrummy.rules import (
    PRESET_SOURCES,
    PRESETS,
    STANDARD,
    AceMode,
    Deal,
    MatchFormat,
    Rules,
    RulesError,
    find_rules,
    preset_name,
)


def test_every_preset_has_a_source_and_round_trips() -> None:
    assert set(PRESETS) == set(PRESET_SOURCES)
    for name, rules in PRESETS.items():
        assert preset_name(rules) == name
        assert Rules.from_dict(rules.to_dict()) == rules
        assert Rules.from_dict({"preset": name}) == rules


def test_standard_matches_rules_md() -> None:
    assert (STANDARD.deal, STANDARD.knock_limit, STANDARD.gin_bonus) == (Deal.UPCARD, 10, 25)
    assert (STANDARD.big_gin_bonus, STANDARD.undercut_bonus, STANDARD.undercut_on_tie) == (
        31,
        25,
        True,
    )
    assert (STANDARD.target, STANDARD.game_bonus, STANDARD.line_bonus) == (100, 100, 25)


def test_presets_differ_where_rules_md_says() -> None:
    assert find_rules("classic").big_gin_bonus is None
    assert find_rules("classic").undercut_on_tie is False
    assert find_rules("oklahoma").knock_limit == "upcard"
    assert find_rules("straight").knock_limit == 0
    assert find_rules("tournament").match is MatchFormat.BEST_OF
    assert find_rules("tournament").target == 250
    corner = find_rules("round_the_corner")
    assert (corner.ace_mode, corner.unmatched_ace, corner.open_discards, corner.target) == (
        AceMode.ROUND_THE_CORNER,
        15,
        True,
        125,
    )
    assert find_rules("tedesco").match is MatchFormat.HOLLYWOOD
    assert find_rules("italian").knock_box == 10
    assert find_rules("french").deal is Deal.ELEVEN
    assert find_rules("german").shutout_bonus == 100
    assert [name for name, rules in PRESETS.items() if rules.layoff_on_gin] == ["german"]


def test_change_any_parameter_from_a_preset() -> None:
    rules = find_rules("oklahoma").replace(gin_bonus=20, ace_mode="round_the_corner")
    assert rules.gin_bonus == 20
    assert rules.ace_mode is AceMode.ROUND_THE_CORNER
    assert rules.knock_limit == "upcard"
    assert preset_name(rules) is None
    assert rules.changes_from(STANDARD)["gin_bonus"] == 20


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"deal": "eleven", "knock_limit": "upcard"}, "needs a first upcard"),
        ({"deal": "eleven", "spade_double": True}, "needs a first upcard"),
        ({"knock_limit": -1}, "knock_limit"),
        ({"knock_limit": "seven"}, "knock_limit"),
        ({"gin_bonus": "25"}, "gin_bonus"),
        ({"undercut_on_tie": 1}, "undercut_on_tie"),
        ({"ace_mode": "sideways"}, "ace_mode"),
        ({"match": "best_of", "match_games": 4}, "odd"),
        ({"unmatched_ace": 0}, "unmatched_ace"),
        ({"colour": "red"}, "unknown rule"),
        ({"big_gin_bonus": True}, "big_gin_bonus"),
    ],
)
def test_impossible_rules_are_clear_errors(changes: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        STANDARD.replace(**changes)


def test_unknown_preset_is_a_clear_error() -> None:
    with pytest.raises(RulesError, match="unknown rule set 'poker'"):
        find_rules("poker")
    with pytest.raises(RulesError, match="must be an object"):
        Rules.from_dict(["standard"])  # type: ignore[arg-type]


def test_rules_are_frozen() -> None:
    with pytest.raises(AttributeError):
        STANDARD.gin_bonus = 10  # type: ignore[misc]
