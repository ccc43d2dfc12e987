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
