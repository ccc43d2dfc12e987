"""The rules help: a rule set explained from its own parameters, with worked examples.

``rules_help(rules)`` returns sections of sentences as strings-table ids with their
parameters (the English templates live in ``web/strings.js``, so the page translates
them), and examples computed by the engine for exactly these rules (the same reports
the rule illustrations draw). Nothing is written by hand per preset: change a field and
the help changes with it, so it cannot disagree with the engine.

>>> from ginrummy.rules import find_rules
>>> help = rules_help(find_rules("standard").replace(gin_bonus=20))
>>> [line for line in help["sections"][2]["lines"] if line["id"] == "help.gin"]
[{'id': 'help.gin', 'params': {'bonus': 20}}]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .calculator import hand_report, showdown_report
from .mahjong import score_report, take_report
from .rules import (
    AceMode,
    DeadHandDealer,
    Deal,
    FirstDealer,
    Flow,
    HollywoodEntry,
    MatchFormat,
    MeldTiming,
    NextDealer,
    Rules,
    Shutout,
)
from .state import DEAD_STOCK

Json = dict[str, Any]

MELDS_EXAMPLE = "Qs Ks As 5h 5d 5c 9d Td Jd Ah"
"""A hand whose count shows the ace rules: Q-K-A is a run only round the corner."""

KNOCKERS = ("As 2s 3s 4h 5h 6h 7c 7d 7s 6c", "As 2s 3s 4h 5h 6h 7c 7d 7s Ac")
"""Knocking hands, deadwood 6 then 1: the first the rules allow is the knock example."""

KNOCK_DEFENDER = "Jc Qc Kc 8d 9d Td 7h Ks 4d 9c"
"""Lays the 7h off on 4h-5h-6h and keeps 23: the knocker wins."""

UNDERCUT_DEFENDER = "Jc Qc Kc 8d 9d Td 7h 8h 4s 5d"
"""24 before lay-offs; the 7h, 8h and 4s go on the knocker's runs and 5 is left."""

GIN = ("As 2s 3s 4s 4h 5h 6h 7c 7d 7s", "7h 5s Jc Qc Kc 8d 9d Td 2h 3d")
"""Gin, and a defender whose 7h and 5s fit: laid off only where ``layoff_on_gin`` allows."""

BIG_GIN = ("As 2s 3s 4s 4h 5h 6h 7c 7d 7s 7h", "5s Jc Qc Kc 8d 9d Td 2h 3d 8c")
"""Eleven cards in melds, and a defender with 18 deadwood."""


MAHJONG_TAKE = ("8c 8d 3c 4h 5h Kc Qs 2d 9s Js", "Th 8h 3s 5s")
"""The es source's take, "<bottom> 8 3 5 <top>": with two eights in hand, the three top
cards may be taken, the 8h going at once into 8c-8d-8h; down to the 3s is not allowed
(the 3s melds with nothing), the 5s alone is."""

MAHJONG_SCORE = (
    ("7h 8h 9h Ks Kc Kd As Ac Ad 2c", "3c 4c 5c 6c"),
    ("", "Qd Js Ah"),
)
"""A gin worked by hand: seat 0 laid 7-8-9h (3 x 5), three kings (3 x 10), three aces
(3 x 15) and the 2c on seat 1's 3-4-5c (5): 95, plus 25 for gin, 120. Seat 1 laid 3-4-5-6c
(4 x 5 = 20) and holds Qd, Js, Ah (10 + 10 + 15 = 35): 20 - 35 = -15."""

MAHJONG_TARGET = 500
"""The ``mahjong`` preset's target, resolved (the es source sets none)."""


def line(text_id: str, **params: Any) -> Json:
    """Return one sentence of help: a strings-table id and its parameters."""
    return {"id": text_id, "params": params}


def section(text_id: str, lines: list[Json]) -> Json:
    """Return a section: its heading id and its sentences."""
    return {"id": text_id, "lines": lines}


def deal_lines(rules: Rules) -> Iterator[Json]:
    """Yield how a hand starts and is played."""
    yield line("help.deal.upcard" if rules.deal is Deal.UPCARD else "help.deal.eleven")
    if rules.flow is Flow.MAHJONG:
        yield line("help.mj.turn")
        yield line("help.mj.take_several")
    else:
        yield line("help.turn")
    if rules.open_discards:
        yield line("help.open_discards")
    dealer = "help.dead.same" if rules.dead_hand_dealer is DeadHandDealer.SAME else "help.dead.next"
    yield line(dealer, cards=DEAD_STOCK)


def meld_lines(rules: Rules) -> Iterator[Json]:
    """Yield what a meld is and what deadwood counts."""
    yield line("help.melds")
    yield line("help.ace.low" if rules.ace_mode is AceMode.LOW else "help.ace.round")
    if rules.flow is Flow.MAHJONG:
        yield line("help.mj.values")
    else:
        yield line("help.values", ace=rules.unmatched_ace)


def going_out_lines(rules: Rules) -> Iterator[Json]:
    """Yield when a player may go out: the knock limit, gin, big gin, spade doubling (in
    Mahjong gin: the table and gin)."""
    if rules.flow is Flow.MAHJONG:
        yield from mahjong_table_lines(rules)
        return
    if rules.knock_limit == "upcard":
        yield line("help.knock.upcard")
    elif rules.knock_limit == 0:
        yield line("help.knock.none")
    else:
        yield line("help.knock.limit", limit=rules.knock_limit)
    yield line("help.gin.layoff" if rules.layoff_on_gin else "help.gin", bonus=rules.gin_bonus)
    if rules.big_gin_bonus is None:
        yield line("help.big_gin.none")
    else:
        yield line("help.big_gin", bonus=rules.big_gin_bonus)
    if rules.spade_double:
        yield line("help.spade_double")


def mahjong_table_lines(rules: Rules) -> Iterator[Json]:
    """Yield Mahjong gin's melds on the table, additions, and gin."""
    if rules.meld_timing is MeldTiming.ANY_TURN:
        yield line("help.mj.timing.any_turn")
    else:
        yield line("help.mj.timing.going_out")
    yield line("help.mj.add")
    yield line("help.mj.after_take.yes" if rules.meld_after_take else "help.mj.after_take.no")
    yield line("help.mj.keep")
    yield line("help.mj.gin", bonus=rules.gin_bonus)


def knock_lines(rules: Rules) -> Iterator[Json]:
    """Yield how a knock is settled: lay-offs, the difference or the box, the undercut (in
    Mahjong gin: how a gin is scored)."""
    if rules.flow is Flow.MAHJONG:
        yield line("help.mj.score", bonus=rules.gin_bonus)
        return
    if rules.knock_limit == 0:
        yield line("help.knock.never")
        return
    yield line("help.layoffs.manual" if rules.manual_layoffs else "help.layoffs.auto")
    if rules.knock_box is not None:
        yield line("help.box", box=rules.knock_box)
        return
    yield line("help.difference")
    tie = "help.undercut.tie" if rules.undercut_on_tie else "help.undercut.lower"
    yield line(tie, bonus=rules.undercut_bonus)


def game_lines(rules: Rules) -> Iterator[Json]:
    """Yield how a game ends and what it adds: bonuses, shutout, the exact-fifty rule."""
    yield line("help.target", target=rules.target)
    if rules.flow is Flow.MAHJONG and rules.target == MAHJONG_TARGET:
        yield line("help.mj.target")
    if rules.game_bonus:
        yield line("help.game_bonus", bonus=rules.game_bonus)
    if rules.line_bonus:
        yield line("help.line_bonus", bonus=rules.line_bonus)
    if rules.shutout is Shutout.DOUBLE:
        yield line("help.shutout.double")
    elif rules.shutout is Shutout.FLAT and rules.shutout_bonus:
        yield line("help.shutout.flat", bonus=rules.shutout_bonus)
    if rules.extra_coup_value:
        yield line("help.extra_coup", value=rules.extra_coup_value)
    if rules.exact_fifty_loses:
        yield line("help.exact_fifty")


def match_lines(rules: Rules) -> Iterator[Json]:
    """Yield the match format and who deals."""
    match rules.match:
        case MatchFormat.SINGLE:
            yield line("help.match.single")
        case MatchFormat.BEST_OF:
            yield line("help.match.best_of", games=rules.match_games)
        case MatchFormat.MULTI:
            yield line("help.match.multi", target=rules.match_target)
        case MatchFormat.HANDS:
            yield line("help.match.hands", hands=rules.hands_to_win)
        case MatchFormat.HOLLYWOOD:
            yield line("help.match.hollywood")
            entry = rules.hollywood_entry is HollywoodEntry.NTH_WIN
            yield line("help.hollywood.nth_win" if entry else "help.hollywood.scored_previous")
            if rules.hollywood_rubber_bonus:
                yield line("help.hollywood.rubber", bonus=rules.hollywood_rubber_bonus)
    first = {
        FirstDealer.CUT_LOW: "help.first.cut_low",
        FirstDealer.CUT_HIGH: "help.first.cut_high",
        FirstDealer.RANDOM: "help.first.random",
    }[rules.first_dealer]
    yield line(first)
    yield line(
        "help.next.winner" if rules.next_dealer is NextDealer.WINNER else "help.next.alternate"
    )


def example_upcard(rules: Rules) -> str | None:
    """Return the first upcard the showdown examples assume, when the rules read one.

    An 8: the Oklahoma limit is then 8; a spade under spade doubling, to show it.
    """
    if rules.knock_limit != "upcard" and not rules.spade_double:
        return None
    return "8s" if rules.spade_double else "8c"


def showdown_example(
    rules: Rules, caption: str, knocker: str, defender: str, **params: Any
) -> Json | None:
    """Return a showdown example, or None when these rules do not allow that going out."""
    upcard = example_upcard(rules)
    try:
        report = showdown_report(rules, knocker, defender, upcard)
    except ValueError:
        return None
    return {"kind": "showdown", "caption": line(caption, upcard=upcard, **params), "report": report}


def mahjong_examples(rules: Rules) -> list[Json]:
    """Return Mahjong gin's worked examples, computed by the engine: a hand's melds, the
    source's take (8, 3, 5 on the pile: taking down to the 8 melds it at once), and the
    scoring of a gin."""
    hand, pile = MAHJONG_TAKE
    laid, held = MAHJONG_SCORE
    return [
        {
            "kind": "hand",
            "caption": line("help.ex.melds"),
            "report": hand_report(rules, MELDS_EXAMPLE),
        },
        {
            "kind": "mahjong_take",
            "caption": line("help.ex.mj_take"),
            "report": take_report(rules, hand, pile),
        },
        {
            "kind": "mahjong_score",
            "caption": line("help.ex.mj_score"),
            "report": score_report(rules, laid, held),
        },
    ]


def examples(rules: Rules) -> list[Json]:
    """Return the worked examples these rules allow, each computed by the engine.

    A hand's melds and deadwood; a knock the knocker wins; a defender coming out lower;
    gin; big gin. A knock the rules forbid (straight gin, a low limit) is left out.
    Mahjong gin has its own (``mahjong_examples``).
    """
    if rules.flow is Flow.MAHJONG:
        return mahjong_examples(rules)
    knocks = (showdown_example(rules, "help.ex.knock", k, KNOCK_DEFENDER) for k in KNOCKERS)
    found = [
        {
            "kind": "hand",
            "caption": line("help.ex.melds"),
            "report": hand_report(rules, MELDS_EXAMPLE),
        },
        next(filter(None, knocks), None),
        showdown_example(rules, "help.ex.lower", KNOCKERS[0], UNDERCUT_DEFENDER),
        showdown_example(rules, "help.ex.gin" + (".layoff" if rules.layoff_on_gin else ""), *GIN),
        showdown_example(rules, "help.ex.big_gin", *BIG_GIN),
    ]
    return [example for example in found if example is not None]


def rules_help(rules: Rules) -> Json:
    """Return the help for ``rules``: sections of sentence ids and worked examples."""
    return {
        "sections": [
            section("help.h.deal", list(deal_lines(rules))),
            section("help.h.melds", list(meld_lines(rules))),
            section("help.h.out", list(going_out_lines(rules))),
            section("help.h.knock", list(knock_lines(rules))),
            section("help.h.game", list(game_lines(rules))),
            section("help.h.match", list(match_lines(rules))),
        ],
        "examples": examples(rules),
    }
