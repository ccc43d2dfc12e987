"""The expert and its play-outs: guesses of the hidden cards, the cheap policy, the search."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from deals import make_deck, piled, play_views
from ginrummy.bot import LEVELS, make_player
from ginrummy.bot.expert import ExpertPlayer, net_points
from ginrummy.bot.heuristic import HARD, HeuristicPlayer, make_style
from ginrummy.bot.knowledge import Knowledge
from ginrummy.bot.mahjong import FlowPlayer
from ginrummy.bot.playout import HOLD_UNTIL, Playout, hand_badness, sample_deal
from ginrummy.bot.search import LEAST_DEALS, search
from ginrummy.bot.tables import deadwood_tables
from ginrummy.cards import FULL_DECK, card_list, format_cards, parse_card, parse_cards, parse_mask
from ginrummy.match import Match
from ginrummy.melds import Melder
from ginrummy.rules import STANDARD, AceMode, Rules, find_rules
from ginrummy.state import melder_for
from ginrummy.view import SeatView, seat_view
from tooling import tool


def deal(
    non_dealer: str, dealer: str, upcard: str, stock: str = "", rules: Rules = STANDARD
) -> Match:
    """Return a match (standard unless ``rules``) whose first hand deals these cards, seat
    0 not dealing."""
    deck = make_deck(non_dealer, dealer, upcard, stock)
    match = Match(rules, seed=1, decks=[deck])
    if match.hand.dealer != 1:
        match = Match(rules, seed=2, decks=[deck])
    assert match.hand.dealer == 1
    return match


def views_of_a_match(preset: str, seed: int, moves: int) -> list[SeatView]:
    """Return the view of the seat to move at each of the first ``moves`` moves of a match
    between hard and normal (pick-ups, passes and discards of both)."""
    players = (make_player("hard", 1), make_player("normal", 2))
    return list(play_views(Match(find_rules(preset), seed=seed), players, moves))


def playout_for(view: SeatView) -> Playout:
    """Return the play-out engine for the rules of ``view``."""
    rules = view.rules
    rtc = rules.ace_mode is AceMode.ROUND_THE_CORNER
    tables = deadwood_tables(rtc, rules.unmatched_ace)
    return Playout(rules, tables, tables, melder_for(rules), view.knock_limit, view.doubled)


def plain_playout(rules: Rules = STANDARD, doubled: bool = False, quick: bool = False) -> Playout:
    """Return a play-out engine for ``rules`` with aces low and a knock limit of 10."""
    tables = deadwood_tables(False, 1)
    return Playout(rules, tables, tables, melder_for(rules), 10, doubled, quick)


def test_a_guess_keeps_the_best_of_its_extra_cards() -> None:
    # With extra cards the other hand keeps its best ten: its deadwood is lower on average.
    view = views_of_a_match("standard", seed=8, moves=30)[-1]
    know = Knowledge(view)
    playout = playout_for(view)
    rng = random.Random(6)
    tables = deadwood_tables(False, 1)
    plain = sum(tables.deadwood(sample_deal(know, rng, playout)[0]) for _ in range(100))
    extra = sum(tables.deadwood(sample_deal(know, rng, playout, 4)[0]) for _ in range(100))
    assert extra < plain * 0.85


def test_a_search_on_a_clock_makes_its_least_guesses_then_stops_when_the_time_is_up() -> None:
    # The page gives the expert a clock: a search whose time is up makes LEAST_DEALS
    # guesses (enough to compare its candidates) and no more; without one, every guess.
    view = views_of_a_match("standard", seed=8, moves=30)[-1]
    know, playout = Knowledge(view), playout_for(view)
    candidates = [lambda other, stock: len(stock), lambda other, stock: other.bit_count()]
    timed = search(candidates, know, playout, random.Random(1), 100, 0, seconds=0.0)
    untimed = search(candidates, know, playout, random.Random(1), 20, 0)
    assert [len(row) for row in timed] == [LEAST_DEALS, LEAST_DEALS]
    assert [len(row) for row in untimed] == [20, 20]
    player = make_player("expert", 1, seconds=0.25)
    assert isinstance(player, FlowPlayer) and isinstance(player.gin, ExpertPlayer)
    assert player.gin.seconds == 0.25


def test_expert_is_a_level() -> None:
    assert LEVELS[-1] == "expert"
    player = make_player("expert", 3)
    assert isinstance(player, FlowPlayer) and isinstance(player.gin, ExpertPlayer)


@pytest.mark.parametrize("preset", ["standard", "french"])
def test_a_guess_deals_only_unseen_cards_and_keeps_the_counts(preset: str) -> None:
    rng = random.Random(4)
    taken = 0
    for view in views_of_a_match(preset, seed=8, moves=60):
        know = Knowledge(view)
        pile = sum(1 << card for card in view.discards)
        for extra in range(5):
            other, stock = sample_deal(know, rng, playout_for(view), extra)
            stock_mask = sum(1 << card for card in stock)
            # the other hand: its size, every card it is known to hold, none this seat saw
            assert other.bit_count() == view.opponent_count
            assert other & view.opponent_known == view.opponent_known
            assert not other & (view.hand | pile)
            # the stock: its size, each card once, none seen, none in the other hand
            assert len(stock) == len(set(stock)) == view.stock_count
            assert not stock_mask & (view.hand | pile | view.opponent_known | other)
            # and together with what the seat sees, the whole deck
            assert view.hand | pile | other | stock_mask == FULL_DECK
        taken += view.opponent_known != 0
    assert taken > 0  # some positions had cards the other player took from the pile


def test_guesses_lean_on_what_the_other_player_showed() -> None:
    # Seat 0 takes the first upcard, the 8 of hearts, and throws the king of diamonds.
    # Seat 1 then guesses the 7 and 9 of hearts in seat 0's hand more often than the
    # 2 of hearts, which is far from anything seat 0 did.
    match = deal("As 2s 3s 7c 8c 9c Tc Jd Qd Kd", "2d 4d 6d 8d 3c 5c 4h Th Js 5s", "8h")
    match.play("upcard")
    match.play("discard Kd")
    view = seat_view(match, 1)
    know = Knowledge(view)
    rng = random.Random(2)
    near = far = 0
    for _ in range(400):
        other, _stock = sample_deal(know, rng, playout_for(view))
        assert other >> parse_card("8h") & 1  # known: it took it
        near += (other >> parse_card("7h") & 1) + (other >> parse_card("9h") & 1)
        far += 2 * (other >> parse_card("2h") & 1)
    assert near > far * 1.3


def test_the_cheap_discard_is_the_least_deadwood_one() -> None:
    melder = Melder()
    playout = plain_playout()
    rng = random.Random(9)
    for trial in range(300):
        cards = rng.sample(range(52), 11)
        if trial % 3 == 0:  # many hands with a set or two: the set choices matter
            rank = rng.randrange(13)
            cards = list({*cards[:7], rank, rank + 13, rank + 26, (rank + 39) % 52})[:11]
            cards += [c for c in range(52) if c not in cards][: 11 - len(cards)]
        hand = sum(1 << card for card in cards)
        banned = cards[0] if trial % 2 else None
        card, left = playout.least_discard(hand, 0 if banned is None else 1 << banned)
        counts = {c: n for c, n in melder.discard_deadwoods(hand).items() if c != banned}
        assert card != banned
        assert left == counts[card] == min(counts.values())
        ties = [c for c, n in counts.items() if n == left]
        assert melder.value(card) == max(melder.value(c) for c in ties)


def test_a_playout_scores_gin_as_the_rules_do() -> None:
    # Seat 0 holds gin after throwing the king: gin bonus 25 plus the other's 58 deadwood.
    playout = plain_playout()
    gin = parse_mask("As 2s 3s 7h 8h 9h Tc Jc Qc Kc")
    loose = parse_mask("2d 4d 6d 8d Td 3c 5c 7c 9c 4h")  # 2+4+6+8+10+3+5+7+9+4 = 58
    assert net_points(playout.go_out_score(0, [gin, loose])) == 25 + 58
    assert net_points(playout.go_out_score(1, [loose, gin])) == -(25 + 58)
    doubled = plain_playout(doubled=True)
    assert net_points(doubled.go_out_score(0, [gin, loose])) == 2 * (25 + 58)


def test_a_playout_lets_the_defender_lay_off_on_gin_when_the_rules_do() -> None:
    # German rules let the defender lay off on gin: the 4s goes on the spades and the 9c
    # on the clubs, so gin scores the bonus 20 plus 58 - 4 - 9 = 45 (not 20 + 58).
    german = find_rules("german")
    playout = plain_playout(german)
    gin = parse_mask("As 2s 3s 7h 8h 9h Tc Jc Qc Kc")
    loose = parse_mask("2d 4d 6d 8d Td 3c 5c 7c 9c 4s")  # 2+4+6+8+10+3+5+7+9+4 = 58
    assert net_points(playout.go_out_score(0, [gin, loose])) == 20 + 45


def test_a_playout_ends_the_hand() -> None:
    playout = plain_playout()
    rng = random.Random(3)
    results = []
    for _ in range(50):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[:10]), sum(1 << c for c in deck[10:20])]
        result = net_points(playout.play_score(hands, deck[21:], deck[20], 1 << deck[20], 0))
        assert hands[0].bit_count() == hands[1].bit_count() == 10
        results.append(result)
    assert any(r > 0 for r in results) and any(r < 0 for r in results)


def test_a_playout_holds_for_gin_unless_the_other_seat_is_quick() -> None:
    # Three melds and the 5d: 5 deadwood, a knock at any time. The stock's twelve cards
    # meld with neither hand. As hard does, a seat with this hand draws and throws until
    # the stock is down to HOLD_UNTIL cards and knocks then (it took the 3d on the way:
    # 3 deadwood); a quick other seat draws and knocks at once (one card gone).
    knocker = parse_mask("As 2s 3s 7h 8h 9h Tc Jc Qc 5d")
    loose = parse_mask("2d 4c 6h 8d Td 3h Kd 9c Qh Jd")
    junk = parse_cards("Ks 9s 7d 4s 5h 6c Qs 3d 8c Jh 2c Kh")
    for seat, playout in ((0, plain_playout()), (1, plain_playout())):
        stock = list(junk)
        hands = [knocker, loose] if seat == 0 else [loose, knocker]
        points = net_points(playout.play_score(hands, stock, None, 0, seat))
        assert points > 0 if seat == 0 else points < 0
        assert len(stock) in (HOLD_UNTIL, HOLD_UNTIL - 1)
        assert hands[seat] == parse_mask("As 2s 3s 7h 8h 9h Tc Jc Qc 3d")
    stock = list(junk)
    quick = plain_playout(quick=True)
    assert net_points(quick.play_score([loose, knocker], stock, None, 0, 1)) < 0
    assert len(stock) == len(junk) - 1


def test_a_playout_values_a_hand_as_hard_does() -> None:
    # Hard reading nothing into the other's moves sees every unseen card alike: its value
    # of a hand is then the play-out's, for hands valued by points or by cards.
    checked = 0
    for preset in ("standard", "straight"):
        for view in views_of_a_match(preset, seed=3, moves=40):
            if view.hand.bit_count() != 10:
                continue
            hard = HeuristicPlayer(make_style("hard", infer=False), 1)
            ctx = hard.context(view)
            unseen = ctx.know.unseen_cards
            stock = view.stock_count
            badness = hand_badness(
                HARD, ctx.shape, view.hand, unseen, ctx.limit, stock, ctx.counts_cards
            )
            assert badness == pytest.approx(hard.hand_value(ctx, view.hand))
            checked += 1
    assert checked > 20


def test_expert_takes_the_card_that_gives_gin() -> None:
    # Both pass the first upcard, seat 0 draws the 5h from the stock and throws the Kc;
    # seat 1 then takes it: with it, seat 1 has gin (it throws the 4h).
    match = deal("2d 4d 6d 8d Td 3c 5c 7c 9c Kc", "As 2s 3s 7h 8h 9h Tc Jc Qc 4h", "Ks", stock="5h")
    for move in ("pass", "pass", "stock", "discard Kc"):
        match.play(move)
    view = seat_view(match, 1)
    assert set(view.legal) == {"stock", "upcard"}
    expert = make_player("expert", 1)
    assert expert.choose(view).action == "upcard"
    match.play("upcard")
    assert expert.choose(seat_view(match, 1)).action == "gin 4h"


@pytest.mark.parametrize(("preset", "searched_here"), [("standard", True), ("straight", False)])
def test_a_pick_up_is_searched_only_if_it_helps_the_hand_as_hard_values_it(
    preset: str, searched_here: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seat 1 holds two melds and a lone king; seat 0 draws and throws the 2d, which melds
    # with nothing of seat 1's. Under standard, the two for the king saves 8 points, so
    # the expert plays both draws out. Under straight gin (gin only) hard counts the
    # cards out of melds: the two for the king leaves as many, and nothing is searched.
    match = deal(
        "2d 4d 6d 8d Td 3c 5c 7c 9c Qh",
        "As 2s 3s 7h 8h 9h Tc Jc Kd 5h",
        "Qs",
        stock="6s",
        rules=find_rules(preset),
    )
    for move in ("pass", "pass", "stock", "discard 2d"):
        match.play(move)
    view = seat_view(match, 1)
    searches = []
    searched = ExpertPlayer._search

    def counted(self: ExpertPlayer, *args: Any) -> list[list[int]]:
        searches.append(args)
        return searched(self, *args)

    monkeypatch.setattr(ExpertPlayer, "_search", counted)
    make_player("expert", 1).choose(view)
    assert bool(searches) is searched_here


def test_expert_knocks_when_holding_on_only_loses() -> None:
    # Both pass the Kh; then each player draws from the stock and throws the card it drew,
    # 28 draws, until seat 0 draws the Qc with two cards left in the stock: three melds,
    # the Kd to throw and one point of deadwood (the Ad). Every guess of the other hand
    # loses to this knock, and waiting gains nothing: a discard now ends the hand dead.
    seat_0, seat_1 = "As 2s 3s 7h 8h 9h Tc Jc Ad Kd", "2d 4d 6d 8d Td 3c 5c 7c 9c 4h"
    filler = card_list(FULL_DECK & ~parse_mask(f"{seat_0} {seat_1} Kh Qc"))[:28]
    stock = " ".join(format_cards(filler)) + " Qc"
    match = piled(STANDARD, seat_0, seat_1, "Kh", stock, draws=28)
    match.play("stock")
    view = seat_view(match, 0)
    assert view.stock_count == 2 and view.hand >> parse_card("Qc") & 1
    decision = make_player("expert", 1).choose(view)
    assert decision.action.startswith("knock Kd")


@pytest.mark.parametrize(
    "preset", ["standard", "oklahoma", "straight", "round_the_corner", "italian", "french"]
)
def test_expert_plays_a_hand_under_every_kind_of_rules(preset: str) -> None:
    match = Match(find_rules(preset).replace(manual_layoffs=preset == "italian"), seed=5)
    players = (FlowPlayer(ExpertPlayer(1, deals=4), 1), make_player("simple", 2))
    while match.to_move is not None:
        seat = match.to_move
        match.play(players[seat].choose(seat_view(match, seat)).action)
    assert match.hand.over


@pytest.mark.skipif(sys.platform == "emscripten", reason="tools/ run on CPython")
def test_the_slow_check_keeps_each_deal_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check = tool("expert_check")
    out = tmp_path / "check.jsonl"
    settings = ["--deals", "2", "--hard-turns", "0", "--discards", "2", "--out", str(out)]
    # its expert searches its guesses with no clock
    assert check.CheckedExpert(1, 2, 2, 0).seconds is None
    assert check.main([*settings, "--hands", "1"]) == 0
    first = out.read_text().splitlines()
    record = json.loads(first[0])
    assert len(first) == 1 and record["deal"] == 0 and record["deals"] == 2
    assert record["net"] == (record["expert_seat0"] + record["expert_seat1"]) / 2
    assert "deals: 1 (hands: 2)" in capsys.readouterr().out
    # a rerun goes on from the file: the first deal is kept, the second played
    assert check.main([*settings, "--hands", "2"]) == 0
    lines = out.read_text().splitlines()
    assert lines[0] == first[0] and json.loads(lines[1])["deal"] == 1
    # a file made with other settings is not mixed with these
    with pytest.raises(ValueError, match="was made with"):
        check.main(["--deals", "3", "--out", str(out), "--report"])
    assert out.read_text().splitlines() == lines


def knock_view() -> SeatView:
    """Return seat 0's view after taking the Qc: three melds, the 9d and the Kd, so it
    may knock throwing either."""
    match = deal("As 2s 3s 7h 8h 9h Tc Jc 9d Kd", "2d 4d 6d 8d Td 3c 5c 7c 9c 4h", "Qc")
    match.play("upcard")
    return seat_view(match, 0)


def searched_moves(monkeypatch: pytest.MonkeyPatch, wins: int | None) -> tuple[str, int]:
    """Return the expert's move for ``knock_view`` and how many candidates it searched,
    with the search's points replaced: every candidate alike, or ``wins`` clearly best."""
    counted: list[int] = []

    def points(self: ExpertPlayer, ctx: Any, candidates: list[Any], playout: Any) -> Any:
        counted.append(len(candidates))
        return [[10 if index == wins else 0] * 8 for index in range(len(candidates))]

    monkeypatch.setattr(ExpertPlayer, "_search", points)
    decision = ExpertPlayer(1, deals=8).choose(knock_view())
    return decision.action, counted[0]


def test_the_expert_plays_hards_move_unless_a_rival_is_clearly_better(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hard = make_player("hard", 1).choose(knock_view()).action
    # hard's three best discards, and a knock throwing the Kd or the 9d (one way each to
    # lay the melds down): five candidates; all alike, hard's move stands
    action, count = searched_moves(monkeypatch, None)
    assert (action, count) == (hard, 5)
    # the knock throwing the 9d (the last candidate) clearly best: the expert makes it
    action, _count = searched_moves(monkeypatch, 4)
    assert action.startswith("knock 9d")
