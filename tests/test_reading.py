"""The reading measurement: a seat's estimate of the other hand scored against the truth."""

from __future__ import annotations

import pytest

from deals import piled
from ginrummy.bot import make_player
from ginrummy.bot.arena import run_arena
from ginrummy.bot.decision import Decision, Player
from ginrummy.bot.reading import Reading, Scores
from ginrummy.cards import parse_mask
from ginrummy.cli import main
from ginrummy.match import Match
from ginrummy.rules import STANDARD, find_rules
from ginrummy.state import Phase
from ginrummy.view import SeatView, seat_view
from test_arena import figures

PLAYER = "Kc 2s 5h 8c Jd 3h 9s 4d Qh 6c"


def discard_view() -> SeatView:
    """Return the player's view after its first stock draw (the 7s), to discard."""
    match = piled(STANDARD, PLAYER, "Ac 2c 3c 4c 5c 6h 7h 8h 9h Th", "Td", "7s", draws=0)
    match.play("stock")
    seat = match.to_move
    assert seat is not None
    view = seat_view(match, seat)
    assert view.phase is Phase.DISCARD
    return view


def test_scores_rank_pairs_and_measure_calibration() -> None:
    scores = Scores()
    scores.add([1.0, 0.0], [True, False])
    assert (scores.auc(), scores.squared, scores.pairs) == (1.0, 0.0, 1)
    scores.add([0.0, 1.0], [True, False])  # exactly wrong
    assert scores.auc() == 0.5
    assert scores.squared == 2.0
    # a certainty that is wrong costs the clamped log loss, -log(1e-4) = 9.2, not infinity
    assert 18 < scores.log_loss < 19
    assert Scores().auc() == 0.5  # nothing scored yet


def test_a_discard_the_other_hand_melds_is_counted_as_fed() -> None:
    view = discard_view()
    throw_king = Decision.make("discard Kc", "discard_high", card="Kc")
    reading = Reading()
    # the other hand holds two kings: the Kc makes a set for it, and nothing else of
    # the player's eleven cards melds with it (of each other rank it holds one card at
    # most, and no two cards of a suit next to or around one of the player's)
    reading.score(view, parse_mask("Ks Kh Ac 9d 3d 7d 2h 5s Tc 8s"), throw_king)
    assert (reading.discards, reading.fed) == (1, 1)
    assert reading.reading.melds == 1 == reading.uniform.melds
    # the same throw against a hand without the kings feeds nothing
    reading.score(view, parse_mask("Ac 9d 3d 7d Jh 5s Tc 8s Ad Ah"), throw_king)
    assert (reading.discards, reading.fed) == (2, 1)
    assert reading.reading.melds == 1
    # a knock is not a discard the other can take
    reading.score(
        view,
        parse_mask("Ks Kh Ac 9d 3d 7d 2h 5s Tc 8s"),
        Decision.make("knock Kc", "knock", card="Kc", deadwood=9),
    )
    assert (reading.decisions, reading.discards) == (3, 2)


def test_the_observer_scores_only_the_named_level_at_its_discards() -> None:
    counted: list[int] = []

    def count(match: Match, view: SeatView, player: Player, decision: Decision) -> None:
        if player.name == "hard" and view.phase is Phase.DISCARD:
            counted.append(1)

    reading = Reading()
    observe = reading.observer("hard")

    def both(match: Match, view: SeatView, player: Player, decision: Decision) -> None:
        count(match, view, player, decision)
        observe(match, view, player, decision)

    run_arena(
        lambda s: make_player("hard", s),
        lambda s: make_player("simple", s),
        find_rules("standard"),
        2,
        seed=7,
        observe=both,
    )
    assert reading.decisions == len(counted) > 20
    assert reading.reading.cards >= 11 * reading.decisions
    # the inference reads the other player: it ranks the cards that meld above the rest
    # more often than knowing nothing of the other hand does (these two games, fixed seed)
    assert 0.5 < reading.uniform.auc() < reading.reading.auc() < 1.0


def test_arena_prints_the_reading_figures(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--a", "hard", "--b", "simple", "--games", "2", "--seed", "7"]
    assert main([*argv, "--reading"]) == 0
    report = figures(capsys.readouterr().out)
    for name in ("reading_auc", "uniform_auc", "reading_brier", "meld_share", "feed_rate"):
        assert 0.0 <= float(report[name]) <= 1.0
    assert int(report["reading_decisions"]) > 0
    assert main([*argv, "--table", "--reading"]) == 2
    assert "--reading" in capsys.readouterr().err
