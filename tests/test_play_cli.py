"""The terminal game, driven through its input: moves, bad input, hints, whole matches."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ginrummy.cli import main
from ginrummy.cli.play import describe, play_match

PY = Path(__file__).resolve().parent.parent / "py"
needs_processes = pytest.mark.skipif(
    sys.platform == "emscripten", reason="no subprocess in Pyodide"
)


def drive(lines: list[str], level: str = "easy", preset: str = "standard", seed: int = 3) -> str:
    """Play with ``lines`` as the input and return everything printed."""
    out = io.StringIO()
    stdin = io.StringIO("".join(f"{line}\n" for line in lines))
    status = play_match(preset, level, seed, stdin, out)
    assert status == 0
    return out.getvalue()


def test_bad_input_gets_a_message_and_the_prompt_again() -> None:
    text = drive(["foo", "99", "discard", "knock As", "", "quit"])
    assert text.count("Your move: ") == 6
    assert "Not understood: 'foo' is not an action" in text
    assert "There is no move number 99" in text
    assert "'discard' needs a card" in text
    assert "Not allowed: 'knock As' is not allowed" in text
    assert "Type a move from the list" in text
    assert text.rstrip().endswith("Game stopped (quit).")


def test_the_table_shows_melds_deadwood_and_moves() -> None:
    text = drive(["help", "hint", "quit"])
    assert "Your melds: " in text
    assert "Deadwood: " in text
    assert "Moves: 1) " in text
    assert "Type a move as listed" in text
    assert "Hint: " in text


def test_a_whole_match_through_the_input() -> None:
    # Always the first listed move: a weak but legal player, so the computer wins in time.
    text = drive(["1"] * 6000, level="normal")
    assert "The computer wins the match." in text or "You win the match!" in text
    assert "went out" in text
    assert "Match total: " in text
    assert "Game 1 (over)" in text


def test_the_end_of_input_stops_the_game() -> None:
    assert drive([]).rstrip().endswith("Game stopped (input ended).")


def test_the_computer_moves_show_no_hidden_card() -> None:
    assert describe("stock") == "draws from the stock."
    assert describe("discard Qs") == "discards Qs."
    assert describe("knock 7h As2s3s 7c7d7s") == "knocks, discarding 7h."


def test_manual_layoffs_and_other_rules() -> None:
    text = drive(["1"] * 3000, level="hard", preset="oklahoma", seed=8)
    assert "Knock limit: " in text


def test_unknown_level_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--level", "grandmaster"])
    assert "invalid choice" in capsys.readouterr().err


@needs_processes
def test_play_in_a_real_terminal_process() -> None:
    env = {**os.environ, "PYTHONPATH": str(PY)}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "ginrummy",
            "play",
            "--rules",
            "standard",
            "--level",
            "hard",
            "--seed",
            "5",
        ],
        input="nonsense\nhint\nquit\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0
    assert "Not understood: 'nonsense'" in done.stdout
    assert done.stdout.count("Your move: ") == 3
    assert "Hint: " in done.stdout


def test_a_number_too_long_for_int_is_one_line_and_play_goes_on() -> None:
    # Issue 53: 4,301 digits (past int()'s limit) ended the match; so did "²", a digit
    # int() does not read.
    digits = "9" * 4301
    text = drive([digits, "²", "x" * 500, "quit"])
    assert text.count("Your move: ") == 4
    assert "Not understood: 4301 characters, too long for a move." in text
    assert "Not understood: '²' is not an action" in text
    assert "Not understood: 500 characters, too long for a move." in text
    assert max(map(len, text.splitlines())) < 200, "no line repeats the input"
    assert text.rstrip().endswith("Game stopped (quit).")


@needs_processes
def test_bytes_that_are_not_text_are_a_move_not_understood() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ginrummy", "play", "--seed", "5"],
        input=b"\xff\xfe stock\nquit\n",
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(PY)},
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Not understood: '\ufffd\ufffd stock' is not an action" in done.stdout.decode()
    assert done.stdout.decode().rstrip().endswith("Game stopped (quit).")
