"""The arena: whole games, seats swapped, figures printed; and the opponent's strength."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ginrummy.bot import arena as arena_module
from ginrummy.bot import make_player
from ginrummy.bot.arena import game_seed, run_arena, wilson
from ginrummy.cli import arena as arena_cli
from ginrummy.cli import main
from ginrummy.rules import find_rules

PY = Path(__file__).resolve().parent.parent / "py"
needs_processes = pytest.mark.skipif(
    sys.platform == "emscripten", reason="no subprocess in Pyodide"
)


def figures(text: str) -> dict[str, str]:
    """Return the ``name: value`` lines of an arena report."""
    return dict(line.split(": ", 1) for line in text.strip().splitlines())


def test_arena_prints_one_line_per_figure(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["arena", "--a", "normal", "--b", "random", "--games", "4", "--seed", "3"])
    assert status == 0
    report = figures(capsys.readouterr().out)
    for name in (
        "win_rate",
        "points_per_hand",
        "a_gin_rate",
        "b_gin_rate",
        "a_undercut_rate",
        "decisions_per_s",
        "a_decision_ms_median",
        "a_decision_ms_p99",
        "b_decision_ms_median",
        "b_decision_ms_p99",
    ):
        assert name in report
    assert report["games"] == "4"
    assert "95% CI" in report["win_rate"]


def test_each_deal_is_played_from_both_seats() -> None:
    assert game_seed(9, 0) == game_seed(9, 1) != game_seed(9, 2)
    result = run_arena(
        lambda s: make_player("simple", s),
        lambda s: make_player("simple", s),
        find_rules("standard"),
        2,
        seed=4,
    )
    # the same player on both sides of the same deals: one game each
    assert result.games == 2
    assert result.a.games_won + result.b.games_won == 2


def test_wilson_interval() -> None:
    share, low, high = wilson(0, 10)
    assert share == 0
    assert low == 0
    assert 0.2 < high < 0.4


def test_bad_game_count_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--games", "0"]) == 2
    assert "--games must be at least 1" in capsys.readouterr().err


def test_hard_beats_simple_over_fixed_deals() -> None:
    # Deterministic: the same deals and seeds every run. Four deals, each from both seats.
    result = run_arena(
        lambda s: make_player("hard", s),
        lambda s: make_player("simple", s),
        find_rules("standard"),
        8,
        seed=2024,
    )
    assert result.a.points > result.b.points
    assert result.a.games_won >= 5


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "emscripten", reason="too slow in Pyodide")
def test_levels_are_ordered_over_fixed_deals() -> None:
    rules = find_rules("standard")
    # hard and normal are the closest pair (hard wins about 61% of games, 2.5 points a
    # hand): eight games are too few to tell them apart, 24 are enough
    pairs = (("hard", "normal", 24), ("normal", "easy", 8), ("easy", "random", 8))
    for strong, weak, games in pairs:
        result = run_arena(
            lambda s, level=strong: make_player(level, s),
            lambda s, level=weak: make_player(level, s),
            rules,
            games,
            seed=77,
        )
        assert result.a.points > result.b.points, (strong, weak)


@needs_processes
def test_arena_command_in_a_process() -> None:
    env = {**os.environ, "PYTHONPATH": str(PY)}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "ginrummy",
            "arena",
            "--a",
            "easy",
            "--b",
            "random",
            "--games",
            "2",
            "--rules",
            "oklahoma",
            "--seed",
            "1",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0
    assert figures(done.stdout)["rules"] == "oklahoma"


def test_the_table_is_written_between_the_readme_markers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(arena_cli, "TABLE_PAIRS", (("normal", "random"), ("easy", "random")))
    monkeypatch.setattr(arena_cli, "PRESETS", {"standard": None, "straight": None})
    readme = tmp_path / "README.md"
    readme.write_text("# Title\n<!-- arena-table -->\nold\n<!-- /arena-table -->\nafter\n")
    argv = ["arena", "--table", "--games", "2", "--seed", "4", "--readme", str(readme)]
    assert main(argv) == 0
    text = readme.read_text()
    assert text.startswith("# Title\n<!-- arena-table -->\nThe first player's share")
    assert text.endswith("|\n<!-- /arena-table -->\nafter\n")
    assert "old" not in text
    assert "`python -m ginrummy arena --table --games 2 --seed 4`" in text
    assert "| preset | normal vs random | easy vs random |" in text
    rows = [line for line in text.splitlines() if line.startswith(("| standard", "| straight"))]
    assert len(rows) == 2
    assert all(row.count(", 2 |") == 2 for row in rows)  # two games in each cell
    assert main(["arena", "--table", "--games", "2", "--seed", "4"]) == 0
    assert capsys.readouterr().out.strip() == text.split("-->\n")[1].split("\n<!--")[0]


def test_the_table_needs_the_readme_markers(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# no markers\n")
    assert main(["arena", "--table", "--games", "2", "--readme", str(readme)]) == 2
    assert readme.read_text() == "# no markers\n"


def test_players_who_never_finish_a_game_get_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two random players deal dead hand after dead hand: `arena --a random --b random`
    # played six games of seed 0 in 10 s, then the seventh (deal seed 3) was still going
    # after 20,000 actions, and the arena printed a traceback. A cap of 10 actions stops
    # the first game the same way, at once.
    monkeypatch.setattr(arena_module, "MAX_ACTIONS", 10)
    assert main(["arena", "--a", "random", "--b", "random", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "ginrummy: error: game with seed 0 did not end in 10 actions: random against"
        " random may never finish a game; try a stronger level\n"
    )
