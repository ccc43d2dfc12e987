"""``build.py``, the project's entry point: what it says on a machine that lacks a tool."""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="build.py runs on CPython")

BUILD_PY = Path(__file__).resolve().parent.parent / "build.py"


def build_py() -> ModuleType:
    """Return ``build.py`` as a module (not ``build``: that is PyPA's package)."""
    spec = importlib.util.spec_from_file_location("build_py", BUILD_PY)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_py"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_without_chromium_the_browser_tests_say_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Issue 17: on a machine without Chromium, ``build.py test`` failed deep in Playwright;
    it stops first, in one line that says how to install it."""
    build = build_py()
    monkeypatch.setenv("GINRUMMY_CHROMIUM", str(tmp_path / "no-chromium"))
    with pytest.raises(build.BuildError) as stopped:
        build.ensure_chromium()
    message = str(stopped.value)
    assert "apt-get install chromium" in message and "\n" not in message
    assert str(tmp_path / "no-chromium") in message


def test_a_chromium_that_is_there_is_used_as_it_is(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    build = build_py()
    (tmp_path / "chromium").write_text("")
    monkeypatch.setenv("GINRUMMY_CHROMIUM", str(tmp_path / "chromium"))
    monkeypatch.setattr(build, "run", lambda *command: pytest.fail(f"ran {command}"))
    build.ensure_chromium()


def test_a_background_command_s_output_follows_when_it_has_ended(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """The Pyodide tests run beside the CPython ones; their output is held back, not mixed
    in, and printed whole when ``finish`` has waited for them."""
    build = build_py()
    job = build.start(sys.executable, "-c", "print('from the background')")
    print("from the foreground")
    build.finish(job)
    echo, *printed = capfd.readouterr().out.splitlines()
    assert echo.startswith("$ ") and echo.endswith("(its output follows when it has ended)")
    assert printed == ["from the foreground", "from the background"]


def test_a_background_command_that_fails_fails_the_step_after_its_output(
    capfd: pytest.CaptureFixture[str],
) -> None:
    build = build_py()
    job = build.start(sys.executable, "-c", "print('3 failed'); raise SystemExit(3)")
    with pytest.raises(build.BuildError, match="exited with 3") as stopped:
        build.finish(job)
    assert stopped.value.code == 3
    assert "3 failed" in capfd.readouterr().out


def test_a_failing_step_stops_what_runs_in_the_background(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """When the CPython tests fail, the Pyodide run beside them is stopped, not left
    running after ``build.py test`` has ended."""
    build = build_py()
    started = []

    def start_sleeper(ctx: object) -> None:
        job = build.start(sys.executable, "-c", "import time; time.sleep(60)")
        started.append(job)
        ctx.background["sleeper"] = job  # type: ignore[attr-defined]

    def fail(ctx: object) -> None:
        raise build.BuildError("a test failed")

    monkeypatch.setattr(build, "ensure_venv", lambda: Path(sys.executable))
    steps = [build.Step("sleeper", start_sleeper), build.Step("failing", fail)]
    monkeypatch.setattr(build, "TEST_STEPS", steps)
    with pytest.raises(build.BuildError, match="a test failed"):
        build.cmd_test(build.argparse.Namespace(fast=False, k=None))
    (job,) = started
    assert job.process.poll() is not None and job.log.closed


def test_a_background_command_can_run_at_a_lower_priority(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """The CPython and Pyodide runs go beside the browser tests at a lower priority, so
    they fill the time those leave a core idle rather than slow them down."""
    build = build_py()
    report = "import os; print('niceness', os.nice(0))"
    build.finish(build.start(sys.executable, "-c", report))
    build.finish(build.start(sys.executable, "-c", report, niceness=3))
    printed = capfd.readouterr().out.splitlines()
    same, lower = (int(line.split()[1]) for line in printed if line.startswith("niceness"))
    assert lower == min(same + 3, 19)


def test_the_cpython_tests_run_beside_the_browser_tests_and_alone_with_fast(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    build = build_py()
    steps = [step.run for step in build.TEST_STEPS]
    assert (
        steps.index(build.step_wheel)
        < steps.index(build.step_pyodide_start)
        < steps.index(build.step_site)  # the Pyodide run fills the core the site build leaves
        < steps.index(build.step_pytest)
        < steps.index(build.step_e2e)
        < steps.index(build.step_pytest_finish)
    )
    ran: list[tuple[object, ...]] = []
    started: list[tuple[object, ...]] = []
    monkeypatch.setattr(build, "ensure_node_modules", lambda: None)
    monkeypatch.setattr(build, "run_module", lambda *command: ran.append(command))
    monkeypatch.setattr(build, "start", lambda *command, niceness=0: started.append(command))
    for fast in (False, True):
        ctx = build.Context(build.argparse.Namespace(fast=fast, k=None), Path(sys.executable))
        build.step_pytest(ctx)
        assert ("cpython" in ctx.background) is not fast
    assert len(started) == 1 and "pytest" in started[0] and "-n" not in started[0]
    # alone with --fast, on every core
    assert len(ran) == 1 and "pytest" in ran[0] and ran[0][ran[0].index("-n") + 1] == "auto"


WAITS = {
    "another step": "time.sleep(60)",
    "the step waiting for it": "build.finish_background(ctx, 'sleeper')",
}
"""What ``build.py test`` runs when it is stopped: a step after the one that started the
background job, or the step that waits for that job to end."""


@pytest.mark.parametrize("waiting", list(WAITS))
def test_a_stopped_run_stops_what_runs_in_the_background(tmp_path: Path, waiting: str) -> None:
    """CI's time limit stops ``build.py test`` with SIGTERM: the test runs it started
    beside the browser tests stop with it, not left running, also while it waits for them
    (a run stopped there left the CPython tests running: they were no longer listed)."""
    pid_file = tmp_path / "pid"
    script = f"""
import sys, time, importlib.util
spec = importlib.util.spec_from_file_location("build_py", {str(BUILD_PY)!r})
build = importlib.util.module_from_spec(spec)
sys.modules["build_py"] = build
spec.loader.exec_module(build)

def start_sleeper(ctx):
    job = build.start(sys.executable, "-c", "import time; time.sleep(60)")
    ctx.background["sleeper"] = job
    open({str(pid_file)!r}, "w").write(str(job.process.pid))

build.ensure_venv = lambda: build.Path(sys.executable)
def wait(ctx):
    {WAITS[waiting]}

build.TEST_STEPS = [build.Step("sleeper", start_sleeper), build.Step("wait", wait)]
build.cmd_test(build.argparse.Namespace(fast=False, k=None))
"""
    runner = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.DEVNULL)
    for _ in range(300):
        if pid_file.exists() and pid_file.read_text():
            break
        time.sleep(0.1)
    sleeper = int(pid_file.read_text())
    runner.send_signal(signal.SIGTERM)
    assert runner.wait(timeout=30) == 128 + signal.SIGTERM
    try:
        os.kill(sleeper, 0)
    except ProcessLookupError:
        return
    os.kill(sleeper, signal.SIGKILL)
    pytest.fail("the command started in the background outlived build.py")
