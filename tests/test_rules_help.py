"""The rules help: sentences follow the parameters, examples follow the engine."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ginrummy.bridge import request
from ginrummy.calculator import showdown_report
from ginrummy.rules import PRESETS, find_rules
from ginrummy.rules_help import rules_help


def lines(help_data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Return every sentence of the help by id, with its parameters."""
    return {line["id"]: line["params"] for part in help_data["sections"] for line in part["lines"]}


def test_gin_bonus_is_read_from_the_rules() -> None:
    assert lines(rules_help(find_rules("standard")))["help.gin"] == {"bonus": 25}
    assert lines(rules_help(find_rules("standard").replace(gin_bonus=20)))["help.gin"] == {
        "bonus": 20
    }


def test_straight_gin_says_no_knocking_and_shows_no_knock() -> None:
    help_data = rules_help(find_rules("straight"))
    said = lines(help_data)
    assert "help.knock.none" in said and "help.knock.never" in said
    assert "help.knock.limit" not in said and "help.undercut.tie" not in said
    captions = [example["caption"]["id"] for example in help_data["examples"]]
    assert captions == ["help.ex.melds", "help.ex.gin", "help.ex.big_gin"]


def test_knock_limit_tie_and_box() -> None:
    assert lines(rules_help(find_rules("standard").replace(knock_limit=7)))["help.knock.limit"] == {
        "limit": 7
    }
    classic = lines(rules_help(find_rules("classic")))
    assert classic["help.undercut.lower"] == {"bonus": 10} and "help.big_gin.none" in classic
    italian = lines(rules_help(find_rules("italian")))
    assert italian["help.box"] == {"box": 10} and "help.difference" not in italian


def test_german_gin_takes_lay_offs_in_words_and_example() -> None:
    german = rules_help(find_rules("german"))
    said = lines(german)
    assert said["help.gin.layoff"] == {"bonus": 20} and "help.gin" not in said
    assert "help.big_gin.none" in said
    gin = next(ex for ex in german["examples"] if ex["report"].get("result") == "gin")
    assert gin["caption"]["id"] == "help.ex.gin.layoff" and gin["report"]["layoffs"]
    standard = rules_help(find_rules("standard"))
    assert "help.gin" in lines(standard) and "help.gin.layoff" not in lines(standard)


def test_oklahoma_examples_use_an_upcard_and_double_on_a_spade() -> None:
    help_data = rules_help(find_rules("oklahoma"))
    assert "help.knock.upcard" in lines(help_data) and "help.spade_double" in lines(help_data)
    knock = help_data["examples"][1]
    assert knock["caption"] == {"id": "help.ex.knock", "params": {"upcard": "8s"}}
    assert knock["report"]["doubled"] and knock["report"]["knock_limit"] == 8


def test_a_low_limit_takes_the_lower_knocking_hand() -> None:
    help_data = rules_help(find_rules("standard").replace(knock_limit=3))
    knock = help_data["examples"][1]
    assert knock["caption"]["id"] == "help.ex.knock"
    assert knock["report"]["knocker_deadwood"] == 1
    captions = [example["caption"]["id"] for example in help_data["examples"]]
    assert "help.ex.lower" not in captions  # the undercut example knocks with 6


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_example_is_the_engines_answer(preset: str) -> None:
    rules = find_rules(preset)
    for example in rules_help(rules)["examples"]:
        report = example["report"]
        if example["kind"] == "showdown":
            upcard = example["caption"]["params"]["upcard"]
            assert showdown_report(rules, _knocker(example), _defender(example), upcard) == report


def _knocker(example: dict[str, Any]) -> str:
    """Return the knocker's cards of a showdown example."""
    report = example["report"]
    cards = [card for meld in report["knocker_melds"] for card in meld]
    return " ".join(cards + report["knocker_deadwood_cards"])


def _defender(example: dict[str, Any]) -> str:
    """Return the defender's cards of a showdown example."""
    report = example["report"]
    cards = [card for meld in report["defender_melds"] for card in meld]
    laid_off = [item["card"] for item in report["layoffs"]]
    return " ".join(cards + report["defender_deadwood_cards"] + laid_off)


def test_bridge_request_ignores_seed_and_level_and_reports_bad_rules() -> None:
    answer = json.loads(
        request("rules_help", '{"preset": "classic", "seed": "4", "level": "hard"}')
    )
    assert answer["ok"] and lines(answer)["help.gin"] == {"bonus": 20}
    bad = json.loads(request("rules_help", '{"preset": "classic", "gin_bonus": "lots"}'))
    assert bad["ok"] is False and "gin_bonus" in bad["error"]


def test_the_help_of_a_practice_game_is_the_help_of_its_rules() -> None:
    # The page asks with the game's URL params; practice=true is not a rule.
    asked = {"preset": "oklahoma", "seed": "4", "level": "hard", "practice": "true"}
    answer = json.loads(request("rules_help", json.dumps(asked)))
    assert answer["ok"], answer
    assert answer["sections"] == rules_help(find_rules("oklahoma"))["sections"]
