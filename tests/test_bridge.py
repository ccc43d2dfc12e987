"""The bridge: only JSON texts cross, every error is an answer, and games play through it."""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import pytest

from deals import KNOCKER, LOOSE, ask, crafted, first_deal_files, make_deck, new_game, seed_dealt_by
from ginrummy import bridge, record
from ginrummy.bridge.opponent import EXPERT_CLOCK_S
from ginrummy.cards import parse_card
from ginrummy.match import Match
from ginrummy.rules import PRESET_SOURCES, PRESETS, Rules, find_rules
from ginrummy.view import seat_view


def play_out(session: bridge.Session, rng: random.Random, max_steps: int = 5000) -> dict[str, Any]:
    """Play the session's match to its end, the player at random; return the last state."""
    state = ask(session, "state")
    for _ in range(max_steps):
        view = state["view"]
        if view["phase"] == "match_over":
            return state
        if state["opponent_to_move"]:
            state = ask(session, "opponent")
            assert state["move"]["action"] in state["view"]["events"][-1]["action"] or state["move"]
        else:
            state = ask(session, "play", rng.choice(view["legal"]))
        assert state["ok"], state
    raise AssertionError("the match did not end")


def test_a_new_game_answers_the_state_the_page_draws() -> None:
    state = new_game(bridge.Session(), preset="standard", seed="7", level="easy")
    assert set(state) >= {"view", "prompt", "going_out", "save", "params", "opponent_to_move"}
    assert state["params"] == {"preset": "standard", "seed": "7", "level": "easy"}
    assert (
        state["view"]["hand"]
        == seat_view(Match(find_rules("standard"), seed=7), 0).to_json()["hand"]
    )


def test_the_params_of_a_game_start_the_same_deal_again() -> None:
    first = new_game(
        bridge.Session(), preset="oklahoma", gin_bonus="20", undercut_on_tie="false", seed="4"
    )
    again = new_game(bridge.Session(), **first["params"])
    assert again["view"] == first["view"]
    assert first["params"]["preset"] == "oklahoma" and first["params"]["gin_bonus"] == "20"
    assert first["params"]["undercut_on_tie"] == "false" and "knock_limit" not in first["params"]
    resumed = ask(bridge.Session(), "resume", first["save"])
    assert resumed["params"] == first["params"]


def test_a_sealed_game_s_params_name_its_deal_only_once_the_match_is_over() -> None:
    # Dealt without a number, the game is sealed: its params (the page's URL) carry the
    # rules and level but no seed while it is played, and the seed and secret once it is
    # over, which deal the very same cards again to whoever opens them.
    session = bridge.Session()
    first = new_game(session, preset="oklahoma", gin_bonus="20", target="10", level="simple")
    assert first["params"] == {
        "preset": "oklahoma",
        "gin_bonus": "20",
        "target": "10",
        "level": "simple",
    }
    other = new_game(bridge.Session(), **first["params"])
    assert other["view"]["hand"] != first["view"]["hand"]  # the same rules, another deal
    last = play_out(session, random.Random(2))
    shared = last["params"]
    assert shared["seed"].isdigit() and len(shared["secret"]) == 32
    again = new_game(bridge.Session(), **shared)
    assert again["view"]["hand"] == first["view"]["hand"] and again["params"] == {
        **shared,
        "level": "simple",
    }


@pytest.mark.parametrize(
    ("op", "argument", "words"),
    [
        ("dance", "", "unknown request"),
        ("new", "{not json", "not valid JSON"),
        ("new", "[1]", "JSON object"),
        ("new", '{"preset": "poker"}', "unknown rule set"),
        ("new", '{"gin_bonus": "lots"}', "gin_bonus"),
        ("new", '{"colour": "red"}', "unknown rule"),
        ("new", '{"seed": "-3"}', "seed"),
        ("new", '{"level": "godlike"}', "level"),
        ("play", "stock", "no game yet"),
        ("resume", "garbage", "not valid JSON"),
        ("resume", '{"format": "other"}', "not a save"),
    ],
)
def test_bad_requests_answer_an_error_sentence(op: str, argument: str, words: str) -> None:
    answer = ask(bridge.Session(), op, argument)
    assert answer["ok"] is False and words in answer["error"]


def test_a_bad_move_is_an_error_and_changes_nothing() -> None:
    session = bridge.Session()
    state = new_game(session, seed=str(seed_dealt_by(PRESETS["standard"], 1)))
    for text in ("knock", "discard Qs", "stock", "next"):
        answer = ask(session, "play", text)
        assert answer["ok"] is False and text.split()[0] in answer["error"]
    assert ask(session, "state") == state
    assert ask(session, "opponent")["error"] == "it is not the opponent's turn"


def test_the_player_cannot_move_for_the_opponent() -> None:
    session = bridge.Session()
    new_game(session, seed=str(seed_dealt_by(PRESETS["standard"], 0)))
    assert ask(session, "play", "pass")["error"] == "it is the opponent's turn"
    answer = ask(session, "opponent")
    move = answer["move"]
    assert answer["ok"] and move["action"] in ("pass", "upcard") and move["reason"]
    assert move["key"] and move["ms"] >= 0


def test_the_opponent_s_thinking_time_comes_only_where_it_tells_nothing() -> None:
    # Its time to decide would tell a sealed game's hidden hand (a quick discard: nothing to
    # weigh); a practice game (it thinks aloud) and a deal from a known seed give it.
    for params, timed in (
        ({}, False),
        ({"practice": "true"}, True),
        ({"seed": str(seed_dealt_by(PRESETS["standard"], 0))}, True),
    ):
        session = bridge.Session()
        state = ask(session, "new", json.dumps({"level": "normal", **params}))
        while not state["opponent_to_move"]:
            state = ask(session, "play", state["view"]["legal"][0])
        assert ("ms" in ask(session, "opponent")["move"]) is timed, params


def test_the_page_s_expert_searches_on_a_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    # A slow phone would take seconds a move: the page's opponent gets the expert's clock,
    # which stops a search early; other levels ignore it.
    import ginrummy.bot

    clocks: list[float | None] = []
    real = ginrummy.bot.make_player

    def watched(level: str, seed: int = 0, seconds: float | None = None) -> Any:
        clocks.append(seconds)
        return real(level, seed, seconds)

    monkeypatch.setattr(ginrummy.bot, "make_player", watched)
    session = bridge.Session()
    new_game(session, seed=str(seed_dealt_by(PRESETS["standard"], 0)), level="expert")
    assert ask(session, "opponent")["ok"]
    assert clocks == [EXPERT_CLOCK_S] and 0 < EXPERT_CLOCK_S < 0.8


def test_the_state_says_how_long_the_page_holds_the_opponent_s_moves() -> None:
    # Only while the deal is secret: long enough to hide the level's thinking time.
    seed = str(seed_dealt_by(PRESETS["standard"], 0))
    for params, least in (
        ({"level": "normal"}, 200),
        ({"level": "expert"}, 800),
        ({"level": "expert", "practice": "true"}, 0),
        ({"level": "expert", "seed": seed}, 0),
    ):
        assert new_game(bridge.Session(), **params)["least_slot_ms"] == least, params


def test_an_engine_fault_reaches_the_player_as_an_internal_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(view: object) -> dict[str, str]:
        raise KeyError("boom")

    monkeypatch.setattr(bridge.session, "prompt", broken)  # as the state draws it
    answer = ask(bridge.Session(), "new", "{}")
    assert answer["ok"] is False and answer["internal"] is True
    assert "KeyError" in answer["error"] and "boom" in answer["traceback"]


@pytest.mark.parametrize("preset", ["standard", "hollywood", "french", "italian", "tedesco"])
def test_whole_matches_play_through_the_bridge(preset: str) -> None:
    session = bridge.Session()
    new_game(session, preset=preset, seed="11", level="simple", target="40")
    last = play_out(session, random.Random(preset))
    assert last["view"]["scores"]["over"] and last["prompt"]["id"] == "match_over"
    assert last["view"]["legal"] == []


def test_manual_layoffs_are_played_by_whoever_defends() -> None:
    session = bridge.Session()
    new_game(session, seed="5", manual_layoffs="true", target="30")
    last = play_out(session, random.Random(5))
    events = [e["action"] for e in last["view"]["events"]]
    assert last["view"]["scores"]["over"] and events


def test_a_save_resumes_exactly_and_a_broken_one_changes_nothing() -> None:
    session = bridge.Session()
    new_game(session, seed="3", level="hard")
    rng = random.Random(3)
    for _ in range(15):
        state = ask(session, "state")
        state = ask(session, "opponent") if state["opponent_to_move"] else state
        if not state["opponent_to_move"] and state["view"]["legal"]:
            ask(session, "play", rng.choice(state["view"]["legal"]))
    saved = ask(session, "state")
    other = bridge.Session()
    assert ask(other, "resume", saved["save"]) == saved
    tampered = json.loads(saved["save"])
    tampered["record"]["actions"].append("gin As")
    answer = ask(other, "resume", json.dumps(tampered))
    assert answer["ok"] is False and "gin As" in answer["error"]
    assert ask(other, "state") == saved


def test_going_out_lists_each_tied_arrangement_as_a_playable_knock() -> None:
    rules = PRESETS["standard"]
    seed = seed_dealt_by(rules, 1)
    deck = make_deck("As 3s 5s 3c 4c 5c 6c Ad 3d Kh", "2h 4h 6h 8h Th Qh 2c 7c 9c Jc", upcard="3h")
    session = bridge.Session()
    session.match = Match(rules, seed=seed, decks=[deck])
    state = ask(session, "play", "upcard")
    assert state["prompt"]["id"] == "discard_or_go_out"
    knock = next(entry for entry in state["going_out"] if entry["action"] == "knock Kh")
    assert len(knock["options"]) == 2 and {o["deadwood"] for o in knock["options"]} == {7}
    assert state["discard_deadwood"]["Kh"] == 7
    chosen = knock["options"][1]
    after = ask(session, "play", chosen["action"])
    assert after["ok"], after
    assert sorted(after["view"]["showdown"]["knocker_melds"]) == sorted(chosen["melds"])
    assert after["result"]["outcome"] in ("knock", "undercut")


def test_options_document_every_preset_and_rule() -> None:
    options = ask(bridge.Session(), "options")
    assert [p["name"] for p in options["presets"]] == list(PRESETS)
    assert all(p["source"] == PRESET_SOURCES[p["name"]] for p in options["presets"])
    by_name = {p["name"]: p for p in options["parameters"]}
    assert set(by_name) == set(Rules().to_dict())
    assert all(p["kind"] for p in options["parameters"])
    assert by_name["knock_limit"]["kind"] == "knock_limit"
    assert by_name["big_gin_bonus"]["kind"] == "optional_int"
    assert {c["value"] for c in by_name["deal"]["choices"]} == {"upcard", "eleven"}
    assert options["levels"][-2:] == ["hard", "expert"]


def test_url_texts_become_rule_values() -> None:
    rules = bridge.rules_from_params(
        {
            "preset": "standard",
            "knock_limit": "upcard",
            "big_gin_bonus": "null",
            "spade_double": "true",
        }
    )
    assert (rules.knock_limit, rules.big_gin_bonus, rules.spade_double) == ("upcard", None, True)


def test_a_hint_is_a_legal_move_with_a_reason() -> None:
    session = bridge.Session()
    state = new_game(session, seed=str(seed_dealt_by(PRESETS["standard"], 1)))
    hint = ask(session, "hint")
    assert hint["action"] in state["view"]["legal"] and hint["reason"]


def test_a_hint_to_knock_names_the_knock_button_as_its_control() -> None:
    # The player takes the 2d onto three melds and the Kd: knocking with the Kd leaves
    # 2 deadwood. The engine's knock names the melds it lays down; the table's Knock
    # button is "knock Kd" (its melds are chosen in the dialog), and the hint says so.
    session = bridge.Session()
    session.match = crafted(KNOCKER, LOOSE, "2d")
    session.level = "simple"
    ask(session, "play", "upcard")
    hint = ask(session, "hint")
    assert hint["action"].startswith("knock Kd ") and len(hint["action"].split()) == 5
    assert hint["control"] == "knock Kd"
    assert "knock Kd" in ask(session, "state")["view"]["legal"]


def knock_with_the_ace_up(knocker: str, defender: str) -> tuple[bridge.Session, dict[str, Any]]:
    """Deal ``knocker`` (the player) and ``defender``, the As up; take it, knock with the Ks;
    return the session and the showdown the page is sent."""
    session = bridge.Session()
    session.match = crafted(knocker, defender, "As")
    session.level = "simple"
    ask(session, "play", "upcard")
    return session, ask(session, "play", "knock Ks")["view"]["showdown"]


def test_the_showdown_shows_melds_with_their_lay_offs_in_rank_order() -> None:
    # The knocker lays down 6d 7d 8d; the defender lays off the 5d and the 9d on it. The
    # meld as it ends reads 5d 6d 7d 8d 9d (not 6d 7d 8d 5d 9d).
    _, showdown = knock_with_the_ace_up(
        "6d 7d 8d Js Jc Jh 2c 3c 4c Ks", "5d 9d Qh Qs Kh Kc Tc 9s 8s 7s"
    )
    assert sorted(entry["card"] for entry in showdown["layoffs"]) == ["5d", "9d"]
    after = showdown["knocker_melds_after"][showdown["layoffs"][0]["meld"]]
    assert after == ["5d", "6d", "7d", "8d", "9d"]


def test_lay_offs_are_listed_as_the_meld_draws_them_not_as_laid() -> None:
    # The knocker lays down 6d 7d 8d 9d; the defender lays off the 5d, then the 4d (which
    # fits only after it). The page names them as the meld shows them: the 4d, then the 5d.
    session, showdown = knock_with_the_ace_up(
        "6d 7d 8d 9d Js Jc Jh 2c 3c Ks", "4d 5d Qh Qs Kh Kc Tc 9s 8s 7s"
    )
    laid = session.match.hand.showdown
    assert laid is not None and [card for card, _ in laid.layoffs] == [
        parse_card("5d"),
        parse_card("4d"),
    ]
    assert [entry["card"] for entry in showdown["layoffs"]] == ["4d", "5d"]


def test_the_save_is_the_engine_record() -> None:
    session = bridge.Session()
    state = new_game(session, seed="9")
    saved = json.loads(state["save"])
    assert saved["level"] == "normal"
    assert record.from_data(saved["record"]).seed == 9


@pytest.mark.parametrize("preset", [None, "round_the_corner"])
def test_warming_up_loads_the_opponent(preset: str | None) -> None:
    session = bridge.Session()
    if preset:
        new_game(session, preset=preset, seed="2")
    assert ask(session, "warm") == {"ok": True}
    assert "ginrummy.bot" in sys.modules


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocess in Pyodide")
def test_the_first_deal_imports_only_what_it_needs() -> None:
    # A Python that starts afresh imports every module of the first deal before it deals:
    # the modules of later requests (review, replay, illustrations, rules help, the
    # opponent) wait until asked for.
    loaded = first_deal_files()
    later = {"review", "replay", "calculator", "rules_help", "bot", "cli", "bench"}
    assert not {name.split("/")[1].removesuffix(".py") for name in loaded} & later
    assert "ginrummy/state.py" in loaded
