"""The calculator on the command line: ``meld`` and ``showdown``."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ginrummy.cli import arena as arena_cli
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
    assert isinstance(err, str) and message in err and err.startswith("ginrummy: error:")
    assert err.count("\n") == 1


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
    ("args", "started_on"),
    [
        (("arena", "--a", "simple", "--b", "simple", "--games", "100000", "--progress"), "stderr"),
        (("play", "--seed", "1"), "stdout"),
    ],
    ids=["arena", "play"],
)
def test_ctrl_c_ends_a_command_with_one_line(args: tuple[str, ...], started_on: str) -> None:
    """Issue 14: Ctrl-C in ``play`` (waiting for the player) or ``arena`` (playing) printed
    a traceback; it ends with one line on standard error and status 130.

    Ctrl-C is sent once the command has written something (arena's first progress dot, ten
    quick games of two simple players; play's table): on a loaded machine Python may take
    seconds to start, and a Ctrl-C before it reaches the package is Python's own traceback,
    not the command's.
    """
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
        first = os.read(getattr(process, started_on).fileno(), 4096)  # blocks until started
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
    if started_on == "stderr":
        err = first + err
    text = err.decode()
    assert process.returncode == 130, text
    assert "Traceback" not in text
    assert text.strip().splitlines()[-1] == "ginrummy: stopped (Ctrl-C)", text


# --- issue 53: each way a command stops early is one line and a status -------------------


@pytest.mark.parametrize(
    ("args", "message", "command"),
    [
        ((), "the following arguments are required: COMMAND", ""),
        (("deal",), "argument COMMAND: invalid choice: 'deal'", ""),
        (("arena", "--games", "ten"), "argument --games: invalid int value: 'ten'", " arena"),
        (("play", "--level", "godlike"), "argument --level: invalid choice: 'godlike'", " play"),
        (("meld", "As", "--bogus"), "unrecognized arguments: --bogus", ""),
    ],
)
def test_argparse_errors_are_one_line_with_the_help_to_read(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str, command: str
) -> None:
    # Before: the usage (up to 7 lines for arena) and then the error.
    with pytest.raises(SystemExit) as stopped:
        main(list(args))
    err = capsys.readouterr().err
    assert stopped.value.code == 2
    assert err.startswith(f"ginrummy: error: {message}"), err
    assert err.endswith(f" (see ginrummy{command} --help)\n"), err  # the installed command
    assert err.count("\n") == 1, err


@pytest.mark.parametrize("readme", ["missing.md", ".", "latin1.md"])
def test_a_readme_that_cannot_be_read_is_one_line_before_anything_is_measured(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, readme: str
) -> None:
    (tmp_path / "latin1.md").write_bytes("<!-- arena-table --> caf\xe9".encode("latin-1"))
    path = tmp_path / readme
    status = main(["arena", "--table", "--games", "100000", "--readme", str(path)])
    err = capsys.readouterr().err
    why = {"missing.md": "No such file", ".": "Is a directory", "latin1.md": "not UTF-8 text"}
    assert status == 2
    assert err.startswith(f"ginrummy: error: --readme {path}: {why[readme]}"), err
    assert err.count("\n") == 1, err


def _live_children(pid: int) -> list[int]:
    """Return the processes whose parent is ``pid`` and that have not ended (Linux)."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            stat = (Path("/proc") / entry / "stat").read_text()
        except (OSError, ValueError):  # not a process, or one that just ended
            continue
        state, parent = stat.rsplit(")", 1)[1].split()[:2]
        if int(parent) == pid and state != "Z":
            found.append(int(entry))
    return found


def _alive(pid: int) -> bool:
    """Return whether process ``pid`` runs (a zombie has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@needs_processes
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes in /proc")
@pytest.mark.parametrize("to", ["parent", "terminal"])
def test_ctrl_c_stops_the_table_s_workers_at_once(to: str) -> None:
    """Issue 53: Ctrl-C at a terminal (to every process of the command) left the workers
    playing 300 s later, and to the parent alone took 133 s. Now the parent alone gets it
    and stops them; 0.05 s when measured (the bound leaves room for a busy machine)."""
    env = {**os.environ, "PYTHONPATH": str(PY)}
    command = [sys.executable, "-m", "ginrummy", "arena", "--table", "--games", "2000"]
    with subprocess.Popen(
        [*command, "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=True,  # its own process group, as a terminal's command has
        preexec_fn=_default_ctrl_c,
    ) as process:
        try:
            deadline = time.monotonic() + 60
            while len(workers := _live_children(process.pid)) < 2:
                assert time.monotonic() < deadline, "the workers did not start"
                time.sleep(0.05)
            time.sleep(1)  # playing
            sent = time.monotonic()
            if to == "terminal":
                os.killpg(process.pid, signal.SIGINT)
            else:
                process.send_signal(signal.SIGINT)
            while any(map(_alive, workers)) and time.monotonic() - sent < 30:
                time.sleep(0.01)
            stopped = time.monotonic() - sent
            _, err = process.communicate(timeout=30)
        finally:  # whatever happened, nothing of it plays on
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
    assert stopped < 5, f"the workers ran on {stopped:.1f} s after Ctrl-C"
    assert process.returncode == 130
    assert err.decode().strip().splitlines() == ["ginrummy: stopped (Ctrl-C)"], err


@needs_processes
def test_the_table_s_workers_measure_what_one_process_does(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(arena_cli, "TABLE_PAIRS", (("normal", "random"), ("easy", "simple")))
    monkeypatch.setattr(arena_cli, "PRESETS", {"standard": None, "oklahoma": None})
    tables = []
    for jobs in ("1", "2"):
        assert main(["arena", "--table", "--games", "4", "--seed", "2", "--jobs", jobs]) == 0
        tables.append(capsys.readouterr().out)
    assert tables[0] == tables[1]
    assert tables[0].count("| standard |") == tables[0].count("| oklahoma |") == 1


CTRL_C_AT_IMPORT = """
import os, signal, sys

def ctrl_c_at(event, args):
    if event == "import" and args[0] == os.environ["CTRL_C_AT"]:
        os.kill(os.getpid(), signal.SIGINT)

sys.addaudithook(ctrl_c_at)
"""
"""A ``sitecustomize`` that sends Ctrl-C to its process as it imports ``$CTRL_C_AT``."""


@needs_processes
@pytest.mark.parametrize(
    "module", ["ginrummy.cli", "argparse", "ginrummy.bot", "ginrummy.match", "ginrummy.cli.play"]
)
def test_ctrl_c_while_the_command_loads_is_one_line(tmp_path: Path, module: str) -> None:
    """Issue 53: Ctrl-C in the first 50 ms, while the command line imports its modules,
    printed the interrupted import's traceback."""
    (tmp_path / "sitecustomize.py").write_text(CTRL_C_AT_IMPORT)
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{PY}", "CTRL_C_AT": module}
    done = subprocess.run(
        [sys.executable, "-m", "ginrummy", "meld", "As", "2s", "3s", "7h", "8h", "9h"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
        preexec_fn=_default_ctrl_c,
    )
    assert done.returncode == 130, done.stderr
    assert done.stderr == "ginrummy: stopped (Ctrl-C)\n"
    assert done.stdout == ""


@needs_processes
@pytest.mark.parametrize(
    ("args", "moves"),
    [
        (("meld", "As", "2s", "3s", "7h", "8h", "9h", "Tc", "Jd", "Qd", "Kd"), ""),
        (("play", "--seed", "1"), "hint\n" * 50),
    ],
    ids=["meld", "play"],
)
def test_a_closed_output_is_one_line(args: tuple[str, ...], moves: str) -> None:
    """Issue 53: output into a closed pipe (``| head`` that has read enough) printed a
    traceback, or Python's "Exception ignored" when it flushed the output at exit."""
    reader, writer = os.pipe()
    os.close(reader)  # the pipe is closed before the command writes a byte
    try:
        done = subprocess.run(
            [sys.executable, "-m", "ginrummy", *args],
            input=moves,
            stdout=writer,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(PY)},
            timeout=60,
            check=False,
        )
    finally:
        os.close(writer)
    assert done.returncode == 141, done.stderr
    assert done.stderr == "ginrummy: stopped (standard output closed)\n"
