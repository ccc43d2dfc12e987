"""Mahjong gin (es "Mahjong ginebra"): the preset, its actions, golden cases, invariants.

The golden cases come from the es source: the take "<inferior> 8 3 5 <parte superior>"
(taking down to the 8 is allowed because the 8 goes into a meld at once), cards added to
the other player's meld ("los oponentes pueden agregar escaleras del mismo palo o
completar un trío con la cuarta carta para obtener puntos"), and the scoring ("las cartas
sobre la mesa se suman y las cartas en la mano se restan. El jugador que hace gin recibe
25 puntos adicionales, del 2 al 9 = 5 puntos, del 10 al K = 10 puntos, A = 15 puntos").
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest

from deals import crafted, piled
from ginrummy import bridge
from ginrummy.actions import Action, IllegalActionError, InvalidActionError, Kind
from ginrummy.bot import LEVELS, make_player
from ginrummy.bot.decision import Decision
from ginrummy.cards import FULL_DECK, format_card, mask_of, parse_cards, parse_mask
from ginrummy.cli import main
from ginrummy.mahjong import MahjongHand, score_gin, score_report, take_report
from ginrummy.match import Match
from ginrummy.melds import union
from ginrummy.review import slips
from ginrummy.rules import Flow, MeldTiming, RulesError, find_rules
from ginrummy.rules_help import rules_help
from ginrummy.scoring import Outcome, Rule
from ginrummy.state import Phase, melder_for
from ginrummy.stats import hand_counts
from ginrummy.view import seat_view

MAHJONG = find_rules("mahjong")
MELDER = melder_for(MAHJONG)
needs_processes = pytest.mark.skipif(
    sys.platform == "emscripten", reason="no subprocess in Pyodide"
)

PLAYER_HAND = "8c 8d 3c 4h 5h Kc Qs 2d 9s Js"
"""The player's deal in the source's take: two eights wait for the 8h."""
DEALER_HAND = "Ac 2c 6d 7d Jh Qh Kh 4s 8s 7c"
"""The dealer: it holds the fourth eight, to add to the player's set."""


def source_take() -> Match:
    """Return a match where the pile holds, bottom to top, Th 2h 8h 3d 5s and the player
    (seat 0, non-dealer) is to draw: the source's "8 3 5" on top.

    Both pass the upcard Th; the player draws the 2h and discards it; the dealer draws the
    8h and discards it; the player draws the 3d and discards it; the dealer draws the 5s
    and discards it.
    """
    return piled(MAHJONG, PLAYER_HAND, DEALER_HAND, upcard="Th", stock="2h 8h 3d 5s 6c")


def snapshot(match: Match) -> tuple[Any, ...]:
    """Return everything a move could change in ``match``."""
    hand = match.hand
    assert isinstance(hand, MahjongHand)
    return (
        list(hand.hands),
        list(hand.pile),
        list(hand.stock),
        list(hand.melds),
        list(hand.laid),
        hand.phase,
        hand.to_move,
        hand.taken,
        hand.forced,
        len(hand.events),
        len(match.actions),
    )


# --- the preset -------------------------------------------------------------------------


def test_the_preset_plays_the_mahjong_flow() -> None:
    assert MAHJONG.flow is Flow.MAHJONG
    assert (MAHJONG.knock_limit, MAHJONG.big_gin_bonus, MAHJONG.gin_bonus) == (0, None, 25)
    assert MAHJONG.open_discards and MAHJONG.target == 500
    assert MAHJONG.meld_timing is MeldTiming.ANY_TURN and MAHJONG.meld_after_take


@pytest.mark.parametrize(
    ("changes", "rule"),
    [
        ({"knock_limit": 10}, "knock_limit"),
        ({"big_gin_bonus": 31}, "big_gin_bonus"),
        ({"spade_double": True}, "spade_double"),
        ({"open_discards": False}, "open_discards"),
        ({"unmatched_ace": 1}, "unmatched_ace"),
    ],
)
def test_rules_mahjong_gin_fixes_cannot_change(changes: dict[str, Any], rule: str) -> None:
    with pytest.raises(RulesError, match=f"rule '{rule}' must be") as caught:
        MAHJONG.replace(**changes)
    assert caught.value.key == "mahjong_fixed"


def test_the_open_rules_change_and_round_trip() -> None:
    rules = MAHJONG.replace(meld_timing="going_out", meld_after_take=False, target=300)
    assert rules.meld_timing is MeldTiming.GOING_OUT
    assert type(rules).from_dict({"preset": "mahjong", **rules.changes_from(MAHJONG)}) == rules


# --- actions ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("take 3", "take 3"),
        ("TAKE 1", "take 1"),
        ("meld 9h7h8h", "meld 7h8h9h"),
        ("add 5S to 8s6s7s", "add 5s to 6s7s8s"),
        ("add 4s5s to 6s7s8s", "add 4s5s to 6s7s8s"),
        ("add Kh to KsKcKd", "add Kh to KsKcKd"),
    ],
)
def test_actions_have_one_text_form(text: str, canonical: str) -> None:
    action = Action.parse(text)
    assert action.text == canonical
    assert Action.parse(action.text) == action


def test_an_addition_keeps_its_cards_apart_from_its_meld() -> None:
    # The lower mask comes first when parsed: the cards must still be the added ones.
    action = Action.parse("add Ks to KcKdKh")
    assert (action.kind, action.cards, action.onto) == (
        Kind.ADD,
        parse_mask("Ks"),
        parse_mask("Kc Kd Kh"),
    )


@pytest.mark.parametrize(
    "text",
    ["take", "take 0", "take x", "take 99", "take 1 2", "meld", "meld 7h7h8h", "meld 7h8", "add 5s",
     "add 5s 6s7s8s", "add 5s to", "add 5s to 5s6s7s", "add 5s into 6s7s8s"],
)  # fmt: skip
def test_malformed_mahjong_actions_are_invalid(text: str) -> None:
    with pytest.raises(InvalidActionError):
        Action.parse(text)


# --- golden cases from the source ----------------------------------------------------------


def test_golden_the_source_take_of_three() -> None:
    # Worked by hand: the pile is Th 2h 8h 3d 5s (top last). The player holds 8c 8d, 3c,
    # 4h 5h, ... Taking 1 (5s) is always allowed. Taking 2 (3d 5s) is not: the lowest,
    # 3d, would need a meld, and 3c-3d is only a pair (no 2d-4d either). Taking 3 (8h 3d
    # 5s) is allowed: the 8h makes 8c-8d-8h at once. Taking 4 (2h ...) is not: 2h melds
    # with nothing (2d-2h is a pair, no 3h). Taking 5 (Th ...) is not.
    match = source_take()
    assert [format_card(card) for card in match.hand.pile] == ["Th", "2h", "8h", "3d", "5s"]
    assert match.to_move == 0 and match.phase is Phase.DRAW
    assert [a.text for a in match.legal_actions()] == ["stock", "take 1", "take 3"]
    match.play("take 3")
    assert match.phase is Phase.MELD
    # The lowest taken card must be melded now: the only move.
    assert [a.text for a in match.legal_actions()] == ["meld 8c8d8h"]
    match.play("meld 8c8d8h")
    assert match.phase is Phase.DISCARD
    legal = {a.text for a in match.legal_actions()}
    # After a take of several, the other cards taken may be discarded in the same turn.
    assert {"discard 3d", "discard 5s", "discard Kc"} <= legal
    hand = match.hand
    assert isinstance(hand, MahjongHand)
    assert hand.laid[0] == parse_mask("8c 8d 8h") and hand.table_points(0) == 15
    assert hand.pile_taken[0] == parse_mask("3d 5s")  # still held, known to the other


def test_golden_an_addition_to_the_other_player_s_meld_scores_for_its_adder() -> None:
    # The dealer holds the 8s: "completar un trío con la cuarta carta para obtener
    # puntos". After the player's 8c-8d-8h, the dealer adds the 8s: 5 points for it.
    match = source_take()
    for text in ("take 3", "meld 8c8d8h", "discard Kc", "stock"):
        match.play(text)
    assert "add 8s to 8c8d8h" in [a.text for a in match.legal_actions()]
    match.play("add 8s to 8c8d8h")
    hand = match.hand
    assert isinstance(hand, MahjongHand)
    assert hand.melds == [parse_mask("8s 8c 8d 8h")] and hand.owners == [0]
    assert (hand.table_points(0), hand.table_points(1)) == (15, 5)
    table = seat_view(match, 0).to_json()["mahjong"]
    assert table["melds"] == [{"cards": ["8s", "8c", "8d", "8h"], "seat": 0, "by": [1, 0, 0, 0]}]
    assert table["table_points"] == [15, 5]


def test_golden_scoring_of_a_gin() -> None:
    # Worked by hand, values 2-9 = 5, 10-K = 10, A = 15: seat 0 laid 7h 8h 9h (15),
    # Ks Kc Kd (30), As Ac Ad (45) and the 2c on the other's clubs (5): 95, + 25 gin = 120.
    # Seat 1 laid 3c 4c 5c 6c (20) and holds Qd Js Ah (10 + 10 + 15 = 35): 20 - 35 = -15.
    report = score_report(
        MAHJONG, ("7h 8h 9h Ks Kc Kd As Ac Ad 2c", "3c 4c 5c 6c"), ("", "Qd Js Ah")
    )
    assert report["points"] == [120, -15]
    assert report["table_points"] == [95, 20] and report["hand_points"] == [0, 35]
    rules = [(line["seat"], line["rule"], line["points"]) for line in report["breakdown"]]
    assert rules == [(0, "table", 95), (0, "gin", 25), (1, "table", 20), (1, "hand", -35)]


def test_golden_a_played_gin_ends_and_scores_the_hand() -> None:
    # The player holds three melds and the 2c; it draws the Ah and goes gin with the 2c:
    # table 7h 8h 9h (15) + Ks Kc Kd (30) + As Ac Ad Ah (60) = 105, + 25 = 130. The dealer
    # laid nothing and holds 3c 4c 5c 6c Qd Js 2h 3h 4d 9s: 4 x 5 + 10 + 10 + 4 x 5 = 60.
    player, dealer = "7h 8h 9h Ks Kc Kd As Ac Ad 2c", "3c 4c 5c 6c Qd Js 2h 3h 4d 9s"
    match = crafted(player, dealer, "Td", MAHJONG, stock="Ah")
    for text in ("pass", "pass", "stock"):
        match.play(text)
    assert "gin 2c" in [a.text for a in match.legal_actions()]
    match.play("gin 2c")
    score = match.hand.score
    assert score is not None and score.outcome is Outcome.GIN and score.winner == 0
    assert score.points == (130, -60)
    assert [line.rule for line in score.lines] == [Rule.TABLE, Rule.GIN, Rule.HAND]
    assert match.scoresheet.games[0].totals == [130, -60]
    assert hand_counts(match, 0) == {"hands": 1, "won": 1, "points_won": 130, "gins": 1}
    assert hand_counts(match, 1) == {"hands": 1, "lost": 1, "points_lost": 130, "opponent_gins": 1}
    assert match.hand.hands[0] == 0 and match.hand.pile[-1] == parse_mask("2c").bit_length() - 1


def test_score_gin_counts_only_what_each_seat_laid() -> None:
    laid = [parse_mask("As Ac Ad"), parse_mask("7h 8h 9h")]
    score = score_gin(MAHJONG, MELDER, 1, laid, [parse_mask("Kd"), 0])
    assert score.points == (45 - 10, 15 + 25)


def test_the_rules_help_shows_the_source_take_and_a_scored_gin() -> None:
    help_ = rules_help(MAHJONG)
    kinds = [example["kind"] for example in help_["examples"]]
    assert kinds == ["hand", "mahjong_take", "mahjong_score"]
    take = help_["examples"][1]["report"]
    allowed = {entry["count"]: entry["allowed"] for entry in take["takes"]}
    assert allowed == {1: True, 2: False, 3: True, 4: False}
    assert help_["examples"][2]["report"]["points"] == [120, -15]
    ids = [line["id"] for section in help_["sections"] for line in section["lines"]]
    assert "help.mj.timing.any_turn" in ids and "help.mj.target" in ids
    going_out = rules_help(MAHJONG.replace(meld_timing="going_out", meld_after_take=False))
    ids = [line["id"] for section in going_out["sections"] for line in section["lines"]]
    assert "help.mj.timing.going_out" in ids and "help.mj.after_take.no" in ids


def test_take_report_refuses_a_card_on_both_sides() -> None:
    with pytest.raises(ValueError, match="no card in common"):
        take_report(MAHJONG, "8c 8d", "8c 5s")


# --- legality -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("moves", "bad", "error"),
    [
        ([], "upcard", IllegalActionError),
        ([], "take 2", IllegalActionError),  # only the first upcard is offered
        ([], "knock Kc", IllegalActionError),
        (["take 3"], "discard 5s", IllegalActionError),  # the 8h must be melded first
        (["take 3"], "meld 3c4h5h", IllegalActionError),
        (["take 3"], "meld 8c8d8h8s", IllegalActionError),  # not held
        ([], "take 9", IllegalActionError),
        (["take 1"], "discard 5s", IllegalActionError),  # just taken alone
        (["take 3", "meld 8c8d8h"], "meld 3c3d4h", IllegalActionError),  # not a meld
        (["take 3", "meld 8c8d8h"], "add 9c to 6s7s8s", IllegalActionError),  # no such meld
        (["take 3", "meld 8c8d8h"], "add 5s to 8c8d8h", IllegalActionError),  # does not fit
        (["take 3", "meld 8c8d8h"], "gin Kc", IllegalActionError),  # the rest is not melds
        (["take 3", "meld 8c8d8h"], "layoff 5s", IllegalActionError),
        (["take 3", "meld 8c8d8h"], "next", IllegalActionError),
        (["take 3", "meld 8c8d8h"], "discard", InvalidActionError),
        (["take 3", "meld 8c8d8h"], "add 5s to", InvalidActionError),
    ],
)
def test_a_bad_action_leaves_the_match_unchanged(
    moves: list[str], bad: str, error: type[ValueError]
) -> None:
    match = source_take()
    for text in moves:
        match.play(text)
    before = snapshot(match)
    legal = list(match.legal_actions())
    with pytest.raises(error):
        match.play(bad)
    assert snapshot(match) == before
    assert match.legal_actions() == legal


def test_the_illegal_reasons_say_why() -> None:
    match = source_take()
    with pytest.raises(IllegalActionError, match="3d, must go into a meld at once"):
        match.play("take 2")
    with pytest.raises(IllegalActionError, match="no knocking"):
        match.play("knock Kc")
    match.play("take 3")
    with pytest.raises(IllegalActionError, match="8h, must go into a meld first"):
        match.play("discard 5s")


def mahjong_hand(cards: str, pile: str, rules: Any = MAHJONG) -> MahjongHand:
    """Return a Mahjong hand where seat 0 holds ``cards`` and draws from ``pile``."""
    hand = MahjongHand(rules, list(range(52)), dealer=1)
    hand.hands = [parse_mask(cards), parse_mask("Qd Qh")]
    hand.pile = parse_cards(pile)
    hand.stock = [card for card in hand.stock if not (hand.hands[0] | hand.hands[1]) >> card & 1]
    hand.phase, hand.to_move = Phase.DRAW, 0
    return hand


def test_a_player_keeps_a_card_it_may_discard() -> None:
    # 5s 6s 7s and the Kh taken alone: laying the run would leave only the Kh, which may
    # not be discarded this turn: the meld is not allowed (the 5s, 6s or 7s goes instead).
    hand = mahjong_hand("5s 6s 7s", "Kh")
    hand.play("take 1")
    legal = [a.text for a in hand.legal_actions()]
    assert "meld 5s6s7s" not in legal
    assert legal == ["discard 5s", "discard 6s", "discard 7s"]
    with pytest.raises(IllegalActionError, match="keep a card it may discard"):
        hand.play("meld 5s6s7s")


def test_the_last_card_is_a_gin_not_a_discard() -> None:
    hand = mahjong_hand("5s 6s 7s 9d", "Kh")
    hand.play("take 1")
    hand.play("meld 5s6s7s")
    assert [a.text for a in hand.legal_actions()] == ["discard 9d"]
    hand.play("discard 9d")  # the Kh stays: not gin
    assert not hand.over


def test_going_out_timing_keeps_melds_in_hand_until_gin() -> None:
    rules = MAHJONG.replace(meld_timing="going_out")
    hand = mahjong_hand("5s 6s 7s 9d 9c 9h Kc", "2d", rules)
    hand.play("stock")
    legal = [a.text for a in hand.legal_actions()]
    assert not any(text.startswith(("meld", "add")) for text in legal)
    with pytest.raises(IllegalActionError, match="only when going gin"):
        hand.play("meld 5s6s7s")


def test_no_other_meld_after_a_take_of_several_when_the_rule_is_off() -> None:
    rules = MAHJONG.replace(meld_after_take=False)
    hand = mahjong_hand("8c 8d 5s 6s 7s Kc", "8h 2d", rules)
    hand.play("take 2")
    hand.play("meld 8c8d8h")
    legal = [a.text for a in hand.legal_actions()]
    assert "meld 5s6s7s" not in legal and "discard Kc" in legal
    with pytest.raises(IllegalActionError, match="the turn ends with a discard"):
        hand.play("meld 5s6s7s")
    on = mahjong_hand("8c 8d 5s 6s 7s Kc", "8h 2d")
    on.play("take 2")
    on.play("meld 8c8d8h")
    assert "meld 5s6s7s" in [a.text for a in on.legal_actions()]


# --- random matches ---------------------------------------------------------------------


def check_invariants(match: Match) -> None:
    """Check the table of ``match``: every card once, valid melds, laid cards on melds."""
    hand = match.hand
    assert isinstance(hand, MahjongHand)
    places = [*hand.hands, mask_of(hand.pile), mask_of(hand.stock), *hand.laid]
    total = sum(place.bit_count() for place in places)
    every = 0
    for place in places:
        every |= place
    assert total == 52 and every == FULL_DECK
    assert all(MELDER.is_meld(meld) for meld in hand.melds)
    assert union(hand.melds) == hand.laid[0] | hand.laid[1]


@pytest.mark.parametrize("seed", range(6))
def test_random_matches_keep_every_card_and_score_the_table(seed: int) -> None:
    rng = random.Random(seed)
    match = Match(MAHJONG.replace(target=150), seed=seed)
    sheet_points = [0, 0]
    for _ in range(3000):
        if match.over:
            break
        legal = match.legal_actions()
        assert legal == sorted(legal, key=Action.sort_key)
        assert all(Action.parse(a.text) == a for a in legal)
        # Lay and take more often than chance would, so tables grow.
        keen = [a for a in legal if a.kind in (Kind.MELD, Kind.ADD, Kind.GIN, Kind.TAKE)]
        match.play(rng.choice(keen if keen and rng.random() < 0.7 else legal))
        hand = match.hand
        if hand.over:
            score = hand.score
            assert score is not None and isinstance(hand, MahjongHand)
            if score.winner is not None:
                winner, loser = score.winner, 1 - score.winner
                assert hand.hands[winner] == 0
                assert score.points[winner] == hand.table_points(winner) + 25
                held = MELDER.mask_value(hand.hands[loser])
                assert score.points[loser] == hand.table_points(loser) - held
                sheet_points = [a + b for a, b in zip(sheet_points, score.points, strict=True)]
        elif match.legal_actions() != [Action.parse("next")]:
            check_invariants(match)
    assert match.over
    assert match.scoresheet.games[0].totals == sheet_points


# --- the opponent -------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_legal_move_with_a_reason(level: str) -> None:
    match = Match(MAHJONG.replace(target=100), seed=21)
    players = [make_player(level, 1), make_player("hard", 2)]
    for _ in range(400):
        if match.over:
            break
        seat = match.to_move
        view = seat_view(match, 0 if seat is None else seat)
        decision = players[0 if seat is None else seat].choose(view)
        assert decision.action in view.legal or (seat is None and decision.action == "next")
        assert decision.reason and decision.key
        told = decision.for_opponent()
        assert told.reason
        match.play(decision.action)
    assert match.over


def test_the_told_reasons_name_no_hidden_card() -> None:
    told = Decision.make("discard Kd", "mj_discard_high", card="Kd", points=10).for_opponent()
    assert told.reason == "Discarded Kd." and told.params == {"card": "Kd"}
    took = Decision.make("take 3", "mj_take_several", count=3, card="8h").for_opponent()
    assert took.reason == "Took the top 3 discards, down to 8h."


def test_hard_takes_the_source_s_three_cards() -> None:
    match = source_take()
    decision = make_player("hard", 0).choose(seat_view(match, 0))
    assert decision.action == "take 3" and decision.key == "mj_take_several"
    match.play(decision.action)
    assert make_player("hard", 0).choose(seat_view(match, 0)).action == "meld 8c8d8h"


# --- the bridge ------------------------------------------------------------------------


def ask(session: bridge.Session, op: str, argument: str = "") -> dict[str, Any]:
    """Send one request and return its answer, which must be ok."""
    answer: dict[str, Any] = json.loads(bridge.request(op, argument, session))
    assert answer["ok"], (op, argument, answer)
    return answer


def test_the_bridge_serves_a_whole_mahjong_game() -> None:
    session = bridge.Session()
    params = {"preset": "mahjong", "seed": "8", "level": "hard", "practice": "true"}
    state = ask(session, "new", json.dumps({**params, "target": "120"}))
    assert state["view"]["mahjong"] == {
        "melds": [],
        "table_points": [0, 0],
        "hand_points": state["view"]["mahjong"]["hand_points"],
        "must_meld": None,
    }
    bad = json.loads(bridge.request("play", "meld 2s3s", session))
    assert bad["ok"] is False and ask(session, "state")["save"] == state["save"]
    seen_melds = seen_pile = 0
    for _ in range(2000):
        view = state["view"]
        if view["phase"] == "match_over":
            break
        seen_melds = max(seen_melds, len(view["mahjong"]["melds"]))
        seen_pile = max(seen_pile, len(view["pile"]))
        assert len(view["pile"]) == view["pile_count"]  # the whole pile is shown
        if state["opponent_to_move"]:
            state = ask(session, "opponent")
            continue
        if view["phase"] == "hand_over":
            review = ask(session, "review", "")
            assert review["result"] == state["result"]
            state = ask(session, "play", "next")
            continue
        hint = ask(session, "hint")
        assert hint["action"] in view["legal"] and hint["control"] == hint["action"]
        state = ask(session, "play", hint["action"])
    assert state["view"]["phase"] == "match_over"
    assert seen_melds >= 2 and seen_pile >= 2
    ask(session, "undo")
    ask(bridge.Session(), "resume", state["save"])
    ask(session, "load_record", state["save"])
    step = ask(session, "replay", "12")
    assert step["mahjong"] is not None
    help_ = ask(session, "rules_help", json.dumps({"preset": "mahjong"}))
    assert help_["examples"][1]["kind"] == "mahjong_take"


def test_the_bridge_prompts_the_takes_and_the_forced_meld() -> None:
    match = source_take()
    assert bridge.prompt(seat_view(match, 0)) == {"id": "mahjong_take"}
    match.play("take 3")
    prompt = bridge.prompt(seat_view(match, 0))
    assert prompt == {"id": "mahjong_meld", "card": "8h"}
    match.play("meld 8c8d8h")  # nothing else to lay: the prompt is the discard
    assert bridge.prompt(seat_view(match, 0)) == {"id": "discard"}
    hand = mahjong_hand("5s 6s 7s 9d Kc", "Kh")
    match.hand = hand
    hand.play("take 1")
    assert bridge.prompt(seat_view(match, 0)) == {"id": "mahjong_lay"}


# --- the command line ---------------------------------------------------------------------


def test_showdown_has_no_meaning_in_mahjong_gin(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["showdown", "--rules", "mahjong", "--knocker", "As", "--defender", "Ks"])
    out, err = capsys.readouterr()
    assert status == 2 and not out
    assert err.count("\n") == 1 and "Mahjong gin has no showdown" in err


def test_meld_and_arena_run_under_mahjong(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["meld", "--rules", "mahjong", "As Ac Ad 5h 6h 7h Kc Qd 2s 9s"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["deadwood"] == 10 + 10 + 5 + 5  # Kc Qd 2s 9s in Mahjong values
    assert main(["arena", "--rules", "mahjong", "--games", "2", "--a", "hard"]) == 0
    assert "rules: mahjong" in capsys.readouterr().out


@needs_processes
def test_play_in_a_terminal_under_mahjong() -> None:
    moves = "\n".join(["take 1", "1", "1", "1", "quit"]) + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "ginrummy", "play", "--rules", "mahjong", "--seed", "3"],
        input=moves,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert "Discard pile (bottom to top)" in done.stdout
    assert "Table points: you" in done.stdout


def test_the_review_flags_a_missed_take_of_several() -> None:
    match = source_take()
    view = seat_view(match, 0)
    advice = make_player("hard", 0).choose(view)
    flags = slips(view, Action.parse("stock"), advice.action, advice.key, advice.params)
    assert flags == [{"id": "missed_take", "card": "8h"}]
