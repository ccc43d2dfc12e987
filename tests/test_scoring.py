"""Golden scoring cases worked by hand from the rule sources, and the score sheet."""

from __future__ import annotations

import pytest

from deals import make_hand
from ginrummy.calculator import showdown_report
from ginrummy.rules import HollywoodEntry, MatchFormat, find_rules
from ginrummy.scoresheet import Scoresheet
from ginrummy.scoring import HandScore, Outcome, Rule, score_hand

# it-blog: player A knocks with a 3 and a 4 unmatched (7); player B, after melding and
# laying off, is left with two aces and a 2 (4). Here A holds four kings, 8d-9d-Td-Jd,
# 3c and 4s (taken as the upcard); B holds 4h-5h-6h, 6s-6c-6d, As Ac 2d and 7d, which
# it lays off on A's diamond run: 11 before lay-offs, 4 after.
BLOG_A = "Ks Kc Kd Kh 8d 9d Td Jd 3c Qs"
BLOG_B = "As Ac 2d 7d 4h 5h 6h 6s 6c 6d"


def blog_hand(preset: str):  # type: ignore[no-untyped-def]
    """Play the it-blog hand: A (seat 0) takes the 4s upcard and knocks with the Qs."""
    hand = make_hand(find_rules(preset), BLOG_A, BLOG_B, upcard="4s")
    hand.play("upcard")
    hand.play("knock Qs")
    assert hand.showdown is not None
    return hand.showdown


def test_blog_example_under_italian_box_scoring() -> None:
    # it-blog: "chi ha in mano meno punti guadagna la differenza": B takes 7 - 4 = 3,
    # and the knocker A takes its box of 10 ("io uso 10 punti di box").
    showdown = blog_hand("italian")
    assert showdown.knocker_arrangement.count == 7
    assert showdown.defender_before.count == 11
    assert showdown.defender_arrangement.count == 4
    assert showdown.score.points == (10, 3)
    assert [line.rule for line in showdown.score.lines] == [Rule.BOX, Rule.DIFFERENCE]


def test_blog_example_under_standard_is_an_undercut() -> None:
    # es/it: the defender's 4 is below the knocker's 7: undercut, 25 + (7 - 4) = 28.
    showdown = blog_hand("standard")
    assert showdown.score.outcome is Outcome.UNDERCUT
    assert showdown.score.winner == 1
    assert showdown.score.points == (0, 28)


KNOCKER_5 = "As 2s 3s 4h 5h 6h 7c 7d 7s 5c"  # three melds and the 5c: deadwood 5


def test_tie_is_an_undercut_in_standard_but_not_in_classic() -> None:
    # Defender: three melds and the 5d (5), nothing to lay off: a 5-5 tie.
    defender = "Jc Qc Kc 8d 9d Td Js Qs Ks 5d"
    standard = showdown_report(find_rules("standard"), KNOCKER_5, defender, None)
    assert (standard["result"], standard["winner"], standard["points"]) == (
        "undercut",
        "defender",
        25,
    )
    # es: in the early official rules the undercut bonus "no se otorgaba en caso de empate":
    # the difference is 0 and nobody wins the hand (RULES.md: a 0-point tied knock under
    # classic is won by nobody).
    classic = showdown_report(find_rules("classic"), KNOCKER_5, defender, None)
    assert (classic["result"], classic["winner"], classic["points"]) == ("tie", "nobody", 0)


def test_german_gin_takes_lay_offs() -> None:
    # Gin with A-2-3-4s, 4-5-6h, 7c-7d-7s; the defender holds Jc-Qc-Kc, 8d-9d-Td and 7h 5s
    # 2h 3d (17). de: the defender may lay off on a gin too: the 7h and the 5s go, 2h 3d
    # (5) stay: gin 20 + 5 = 25. es, it: no lay-offs on gin: 25 + 17 = 42.
    knocker, defender = "As 2s 3s 4s 4h 5h 6h 7c 7d 7s", "7h 5s Jc Qc Kc 8d 9d Td 2h 3d"
    german = showdown_report(find_rules("german"), knocker, defender, None)
    assert (german["result"], german["points"], len(german["layoffs"])) == ("gin", 25, 2)
    standard = showdown_report(find_rules("standard"), knocker, defender, None)
    assert (standard["result"], standard["points"], standard["layoffs"]) == ("gin", 42, [])


def test_classic_undercut_bonus_is_ten() -> None:
    # Defender 4 (the 4d) under the knocker's 5: 10 + 1 in the early official rules.
    report = showdown_report(
        find_rules("classic"), KNOCKER_5, "Jc Qc Kc 8d 9d Td Js Qs Ks 4d", None
    )
    assert (report["result"], report["points"]) == ("undercut", 11)


def test_undercut_reached_only_through_layoffs() -> None:
    # Knocker deadwood 6 (the 6c). Defender before lay-offs: 7h 8h 4s 5d = 24. It lays
    # the 7h then the 8h on 4h-5h-6h and the 4s on As-2s-3s: 5 left, under 6.
    # es: if the defender's count is lower or equal after laying off, "sigue siendo" undercut.
    report = showdown_report(
        find_rules("standard"),
        "As 2s 3s 4h 5h 6h 7c 7d 7s 6c",
        "Jc Qc Kc 8d 9d Td 7h 8h 4s 5d",
        None,
    )
    assert report["defender_deadwood_before_layoffs"] == 24
    assert report["defender_deadwood"] == 5
    assert sorted(item["card"] for item in report["layoffs"]) == ["4s", "7h", "8h"]
    assert (report["result"], report["points"]) == ("undercut", 25 + 1)


def test_no_layoffs_on_gin() -> None:
    # The defender's 7h would fit the knocker's 4h-5h-6h and its sevens, but not on gin:
    # 25 + the defender's whole deadwood 7 + 5 + 2 + 3 = 17.
    report = showdown_report(
        find_rules("standard"),
        "As 2s 3s 4s 4h 5h 6h 7c 7d 7s",
        "7h 5s Jc Qc Kc 8d 9d Td 2h 3d",
        None,
    )
    assert report["result"] == "gin"
    assert report["layoffs"] == []
    assert report["defender_deadwood"] == report["defender_deadwood_before_layoffs"] == 17
    assert report["points"] == 42


@pytest.mark.parametrize(("preset", "bonus"), [("standard", 31), ("italian", 30)])
def test_big_gin_bonus(preset: str, bonus: int) -> None:
    # 11 cards in melds: four sevens, As-2s-3s-4s, 4h-5h-6h. Defender deadwood 18.
    report = showdown_report(
        find_rules(preset),
        "As 2s 3s 4s 4h 5h 6h 7c 7d 7s 7h",
        "5s Jc Qc Kc 8d 9d Td 2h 3d 8c",
        None,
    )
    assert report["result"] == "big_gin"
    assert report["points"] == bonus + 18


def test_big_gin_fifty_and_forbidden() -> None:
    from ginrummy.cards import parse_mask
    from ginrummy.showdown import lay_down
    from ginrummy.state import melder_for

    rules = find_rules("standard").replace(big_gin_bonus=50)
    showdown = lay_down(
        rules,
        melder_for(rules),
        knocker=0,
        kind=Outcome.BIG_GIN,
        knocker_hand=parse_mask("As 2s 3s 4s 4h 5h 6h 7c 7d 7s 7h"),
        defender_hand=parse_mask("5s Jc Qc Kc 8d 9d Td 2h 3d 8c"),
        discard=None,
        doubled=False,
    )
    assert showdown.score.points == (68, 0)
    with pytest.raises(ValueError, match="big gin"):
        showdown_report(
            find_rules("classic"),
            "As 2s 3s 4s 4h 5h 6h 7c 7d 7s 7h",
            "5s Jc Qc Kc 8d 9d Td 2h 3d 8c",
            None,
        )


def test_oklahoma_spade_upcard_limits_and_doubles() -> None:
    # es/fr: the first upcard 4s sets the knock limit to 4 and, being a spade, doubles.
    # Seat 0 takes the 4s and knocks discarding the 2c: deadwood 4 (the 4s). Seat 1 lays
    # the Js on 8s-9s-Ts: 52 - 10 = 42. Points (42 - 4) x 2 = 76.
    hand = make_hand(
        find_rules("oklahoma"),
        "7c 7d 7h 8s 9s Ts Jd Qd Kd 2c",
        "As Ac 5h 6c 3d Js 9h Th 2h 5d",
        upcard="4s",
    )
    assert (hand.knock_limit, hand.doubled) == (4, True)
    hand.play("upcard")
    hand.play("knock 2c")
    assert hand.showdown is not None
    assert hand.showdown.score.points == (76, 0)
    assert hand.showdown.score.lines[-1].rule is Rule.DOUBLING


def test_oklahoma_ace_upcard_allows_gin_only() -> None:
    # it-blog: "se è un asso, non è consentito alcun deadwood": with the Ah up, a hand one
    # point from gin may not knock; drawing the 7s makes gin.
    hand = make_hand(
        find_rules("oklahoma"),
        "7c 7d 7h 8s 9s Ts Jd Qd Kd Ac",
        "2s 3c 5h 6c 3d Js 9h Th 2h 5d",
        upcard="Ah",
        stock="7s",
    )
    assert hand.knock_limit == 0
    hand.play("upcard")
    assert not any(a.text.startswith("knock") for a in hand.legal_actions())
    with pytest.raises(ValueError, match="gin only"):
        hand.play("knock Ac")


def test_straight_gin_never_offers_a_knock() -> None:
    # es "ginebra pura": no knocking. Taking the 4c and discarding the Ac leaves 4: a knock
    # under standard rules, not under straight gin.
    for preset, allowed in (("standard", True), ("straight", False)):
        hand = make_hand(
            find_rules(preset),
            "7c 7d 7h 8s 9s Ts Jd Qd Kd Ac",
            "2s 3c 5h 6c 3d Js 9h Th 2h 5d",
            upcard="4c",
        )
        hand.play("upcard")
        assert ("knock Ac" in [a.text for a in hand.legal_actions()]) is allowed


def test_straight_gin_allows_gin() -> None:
    hand = make_hand(
        find_rules("straight"),
        "7c 7d 7h 8s 9s Ts Jd Qd Kd Ac",
        "2s 3c 5h 6c 3d Js 9h Th 2h 5d",
        upcard="4c",
        stock="7s",
    )
    hand.play("pass")
    hand.play("pass")
    hand.play("stock")
    assert "gin Ac" in [a.text for a in hand.legal_actions()]
    hand.play("gin Ac")
    assert hand.score is not None and hand.score.outcome is Outcome.GIN


def sheet_with(preset: str, *wins: tuple[int, int], **changes: object) -> Scoresheet:
    """Return a sheet after hands won by (seat, points), each a plain knock."""
    sheet = Scoresheet(find_rules(preset).replace(**changes))
    for number, (seat, points) in enumerate(wins, start=1):
        score = HandScore(Outcome.KNOCK, seat, (points, 0) if seat == 0 else (0, points), ())
        sheet.record(number, score)
    return sheet


def test_shutout_doubles_then_line_bonus() -> None:
    # es: seat 0 wins 30, 40 and 35 (105) and seat 1 nothing: each hand doubled (+105),
    # the game bonus 100, the line bonus 3 x 25: 105 + 105 + 100 + 75 = 385.
    sheet = sheet_with("standard", (0, 30), (0, 40), (0, 35))
    game = sheet.games[0]
    assert sheet.over and sheet.winner == 0
    assert [line.rule for line in game.bonuses] == [Rule.SHUTOUT, Rule.GAME, Rule.LINE]
    assert game.final == [385, 0]


def test_a_classic_tie_spoils_no_shutout_and_earns_no_line() -> None:
    # es (early official rules): seat 1 knocks with 5 against 5, no undercut on a tie:
    # 0 points and won by nobody. Seat 0 then wins 30, 40 and 35: the loser won no hand,
    # so the shutout doubles (+105), game 100, line 3 x 25 and none for seat 1: 385 to 0.
    rules = find_rules("classic")
    tie = score_hand(
        rules, knocker=1, kind=Outcome.KNOCK, knocker_count=5, defender_count=5, doubled=False
    )
    assert (tie.outcome, tie.winner, tie.points) == (Outcome.TIE, None, (0, 0))
    sheet = Scoresheet(rules)
    sheet.record(1, tie)
    for number, points in enumerate((30, 40, 35), start=2):
        sheet.record(number, HandScore(Outcome.KNOCK, 0, (points, 0), ()))
    game = sheet.games[0]
    assert [line.rule for line in game.bonuses] == [Rule.SHUTOUT, Rule.GAME, Rule.LINE]
    assert game.hands_won == [3, 0] and game.final == [385, 0]


def test_shutout_means_the_loser_won_no_hand_not_no_points() -> None:
    # Box scoring with shutouts doubled (a house rule): seat 1 knocks twice and is
    # undercut both times; it takes its box of 10 each time but wins no hand, so seat 0's
    # 60 + 50 = 110 are doubled: 220 to 20.
    rules = find_rules("italian").replace(shutout="double")
    sheet = Scoresheet(rules)
    sheet.record(1, HandScore(Outcome.UNDERCUT, 0, (60, 10), ()))
    sheet.record(2, HandScore(Outcome.UNDERCUT, 0, (50, 10), ()))
    assert sheet.over and sheet.games[0].final == [220, 20]


def test_line_bonus_to_both_without_shutout() -> None:
    sheet = sheet_with("standard", (0, 60), (1, 10), (0, 45))
    assert sheet.games[0].final == [105 + 100 + 50, 10 + 25]


def test_german_flat_shutout_and_line_twenty() -> None:
    # de: 100 for the game, 20 per hand won, 100 for winning every hand.
    sheet = sheet_with("german", (0, 30), (0, 40), (0, 35))
    assert sheet.games[0].final == [105 + 100 + 100 + 60, 0]


def test_exact_fifty_loses() -> None:
    # es "some variants": a player leading by exactly 50 at the end loses. Line bonus off
    # to make the numbers plain: 150 - 0 + game 100... use a 50-point lead at the end.
    sheet = sheet_with(
        "standard", (1, 50), (0, 100), exact_fifty_loses=True, game_bonus=0, line_bonus=0
    )
    assert sheet.games[0].final == [100, 50]
    assert sheet.winner == 1


def test_best_of_five_to_250() -> None:
    # es/it tournament: games to 250, best of five. Each hand here ends a game.
    sheet = sheet_with("tournament", (0, 250), (1, 260), (0, 255))
    assert not sheet.over
    assert [game.winner for game in sheet.games[:3]] == [0, 1, 0]
    sheet.record(4, HandScore(Outcome.KNOCK, 0, (300, 0), ()))
    assert sheet.over and sheet.winner == 0
    assert sheet.games_won() == [3, 1]


def test_multi_game_match_to_500() -> None:
    sheet = sheet_with("standard", (0, 100), (0, 100), match=MatchFormat.MULTI)
    # Game 1: 100 + shutout 100 + game 100 + line 25 = 325; game 2 the same: 650 >= 500.
    assert sheet.match_totals == [650, 0]
    assert sheet.over and sheet.winner == 0


def test_match_by_hands() -> None:
    sheet = sheet_with("italian", (0, 5), (1, 7), (0, 3), match=MatchFormat.HANDS, hands_to_win=2)
    assert sheet.over and sheet.winner == 0


def test_hollywood_nth_win_entries() -> None:
    # es: a player's first win goes in game 1, its second in games 1 and 2, its third
    # and later in all three.
    sheet = sheet_with("hollywood", (0, 20), (1, 15), (0, 10), (0, 5))
    totals = [game.totals for game in sheet.games]
    assert totals == [[35, 15], [15, 0], [5, 0]]


def test_hollywood_scored_previous_entries() -> None:
    # fr: "un joueur doit marquer des points dans la première colonne pour pouvoir en
    # gagner dans la seconde": a score enters column k only if the player scored in k-1.
    sheet = sheet_with(
        "hollywood",
        (0, 20),
        (0, 10),
        (1, 15),
        (0, 5),
        hollywood_entry=HollywoodEntry.SCORED_PREVIOUS,
    )
    totals = [game.totals for game in sheet.games]
    # Hand 1: col 1. Hand 2: cols 1, 2. Seat 1's first: col 1. Hand 4: all three.
    assert totals == [[35, 15], [15, 0], [5, 0]]


def test_hollywood_ends_when_all_three_games_end() -> None:
    sheet = sheet_with("hollywood", (0, 100), (0, 100), hollywood_rubber_bonus=100)
    assert [game.over for game in sheet.games] == [True, True, False]
    sheet.record(3, HandScore(Outcome.KNOCK, 0, (100, 0), ()))
    assert sheet.over and sheet.winner == 0
    assert sheet.match_bonuses[0].rule is Rule.RUBBER


def test_oklahoma_extra_coups() -> None:
    # fr: an undercut earns one extra-coup, a gin two; each is worth 25 at the end.
    sheet = Scoresheet(find_rules("french_oklahoma"))
    sheet.record(1, HandScore(Outcome.UNDERCUT, 1, (0, 30), ()))
    sheet.record(2, HandScore(Outcome.GIN, 0, (200, 0), ()))
    game = sheet.games[0]
    assert game.extra_coups == [2, 1]
    assert game.final == [200 + 50, 30 + 25]
    assert not sheet.over and len(sheet.games) == 2


def test_hands_that_score_nothing_keep_their_place_on_the_sheet() -> None:
    # es/it/de: a hand with two cards left in the stock is void (no score); es (early
    # official rules): a knock tied 5 to 5 is won by nobody. Neither enters points or a
    # hand won, but the sheet lists every hand played, so hands 1 and 3 keep their rows.
    rules = find_rules("classic")
    tie = score_hand(
        rules, knocker=0, kind=Outcome.KNOCK, knocker_count=5, defender_count=5, doubled=False
    )
    sheet = Scoresheet(rules)
    sheet.record(1, HandScore(Outcome.DEAD, None, (0, 0), ()))
    sheet.record(2, HandScore(Outcome.KNOCK, 1, (0, 12), ()))
    sheet.record(3, tie)
    game = sheet.games[0]
    assert game.to_json()["unscored"] == [[1, "dead"], [3, "tie"]]
    assert game.entries == [(2, 0, 12)] and game.totals == [0, 12]
    assert game.hands_won == [0, 1] and sheet.hands_won == [0, 1]


def test_a_dead_hand_goes_on_every_open_hollywood_column() -> None:
    # Hollywood: hand 1 (100 points) ends the first column; the dead hand 2 was played
    # while the second and third were open, so both list it and the first does not.
    sheet = sheet_with("hollywood", (0, 100))
    sheet.record(2, HandScore(Outcome.DEAD, None, (0, 0), ()))
    assert [game.unscored for game in sheet.games] == [[], [(2, "dead")], [(2, "dead")]]
