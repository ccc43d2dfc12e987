"""The calculator on the command line: ``meld`` and ``showdown``."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ginrummy.cli import main

PY = Path(__file__).resolve().parent.parent / "py"
needs_processes = pytest.mark.skipif(
    sys.platform == "emscripten", reason="no subprocess in Pyodide"
)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object] | str]:
    """Run the command line in this process; return its status and its JSON (or stderr)."""
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, json.loads(out) if status == 0 else err


def test_meld_ten_cards(capsys: pytest.CaptureFixture[str]) -> None:
    status, report = run(capsys, "meld", "As", "2s", "3s", "7h", "8h", "9h", "Tc", "Jd", "Qd", "Kd")
    assert status == 0 and isinstance(report, dict)
    assert report["melds"] == [["As", "2s", "3s"], ["Jd", "Qd", "Kd"], ["7h", "8h", "9h"]]
    assert (report["deadwood"], report["deadwood_cards"]) == (10, ["Tc"])
    assert "best_discard" not in report


def test_meld_eleven_cards_finds_the_knock(capsys: pytest.CaptureFixture[str]) -> None:
    status, report = run(capsys, "meld", "3s 5s 6s 2c 4d 5d 6d 3h 4h 5h 6h")
    assert status == 0 and isinstance(report, dict)
    assert (report["best_discard"], report["knock_deadwood"]) == ("6s", 10)
    assert report["knock_discards"] == ["6s"]


def test_meld_rules_round_the_corner(capsys: pytest.CaptureFixture[str]) -> None:
    # Under round_the_corner Q-K-A-2 is a run and an unmatched ace would count 15.
    hand = "Qs Ks As 2s 7h 8h 9h 5c 5d 5h"
    status, report = run(capsys, "meld", hand, "--rules", "round_the_corner")
    assert status == 0 and isinstance(report, dict) and report["deadwood"] == 0
    status, report = run(capsys, "meld", hand)
    assert status == 0 and isinstance(report, dict) and report["deadwood"] == 23


def test_showdown_with_upcard_oklahoma(capsys: pytest.CaptureFixture[str]) -> None:
    status, report = run(
        capsys,
        "showdown",
        "--rules",
        "oklahoma",
        "--knocker",
        "7c 7d 7h 8s 9s Ts Jd Qd Kd 4s",
        "--defender",
        "As Ac 5h 6c 3d Js 9h Th 2h 5d",
        "--upcard",
        "4s",
    )
    assert status == 0 and isinstance(report, dict)
    assert (report["result"], report["winner"], report["points"]) == ("knock", "knocker", 76)
    assert report["knocker_deadwood"] == 4 and report["defender_deadwood"] == 42
    assert report["layoffs"] == [{"card": "Js", "meld": 1}]
    assert [line["rule"] for line in report["breakdown"]] == ["knock", "doubling"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("meld", "As", "2s"), "10 or 11 cards"),
        (("meld", "As", "Zz"), "not a card"),
        (("arena", "--games", "2", "--seed", "-5"), "a seed is a whole number"),  # as play
        (("arena", "--games", "2", "--seed", str(2**63)), "a seed is a whole number"),
        (
            (
                "showdown",
                "--knocker",
                "As 3s 5s 7s 9s Jd 2c 4c 6c 8c",
                "--defender",
                "Ac 3c 5c 7c 9c Jc 2d 4d 6d 8d",
            ),
            "knock limit is 10",
        ),
        (
            (
                "showdown",
                "--rules",
                "oklahoma",
                "--knocker",
                "As 2s 3s 4h 5h 6h 7c 7d 7s 3c",
                "--defender",
                "Ac 2c 3d 4c 5c 6c 7h 8c 9c Kc",
            ),
            "first upcard",
        ),
        (
            (
                "showdown",
                "--knocker",
                "As 2s 3s 4h 5h 6h 7c 7d 7s 3c",
                "--defender",
                "As 2c 3d 4c 5c 6c 7h 8c 9c Kc",
            ),
            "both hands",
        ),
    ],
)
def test_bad_input_is_one_clear_line_and_status_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    status, err = run(capsys, *args)
    assert status == 2
    assert isinstance(err, str) and message in err and err.startswith("error:")


@needs_processes
def test_python_dash_m_runs_the_calculator() -> None:
    env = {**os.environ, "PYTHONPATH": str(PY)}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "ginrummy",
            "meld",
            "As",
            "2s",
            "3s",
            "7h",
            "8h",
            "9h",
            "Tc",
            "Jd",
            "Qd",
            "Kd",
        ],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["deadwood"] == 10
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "ginrummy",
            "showdown",
            "--knocker",
            "As 3s 5s 7s 9s Jd 2c 4c 6c 8c",
            "--defender",
            "Ac 3c 5c 7c 9c Jc 2d 4d 6d 8d",
        ],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert bad.returncode == 2 and "cannot knock" in bad.stderr


def _default_ctrl_c() -> None:
    """Restore Ctrl-C's default handling in a child (run before it starts)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@needs_processes
@pytest.mark.parametrize(
    "args", [("arena", "--games", "100000"), ("play", "--seed", "1")], ids=["arena", "play"]
)
def test_ctrl_c_ends_a_command_with_one_line(args: tuple[str, ...]) -> None:
    """Issue 14: Ctrl-C in ``play`` (waiting for the player) or ``arena`` (playing) printed
    a traceback; it ends with one line on standard error and status 130."""
    env = {**os.environ, "PYTHONPATH": str(PY)}
    command = [sys.executable, "-m", "ginrummy", *args]
    with subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        # a shell's background job ignores Ctrl-C, and its children inherit that
        preexec_fn=_default_ctrl_c,
    ) as process:
        time.sleep(1.5)  # started: playing, or waiting at its prompt
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
    lines = err.decode().strip().splitlines()
    assert process.returncode == 130, err
    assert lines == [f"{args[0]}: stopped (Ctrl-C)"], err
