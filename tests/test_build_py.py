"""``build.py``, the project's entry point: what it says on a machine that lacks a tool."""

from __future__ import annotations

import importlib.util
import sys
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
