"""Hypothesis profiles for the two places the tests run: CPython and Pyodide.

Inside Pyodide (``sys.platform == "emscripten"``) the ``pyodide`` profile is loaded:
fewer examples for the tests that do not set their own ``max_examples``, a fixed seed
(derandomized, so the run is the same every time), no deadline and no slow-data health
check (WebAssembly is slower and its timings vary), no example database (the file system
is thrown away). On CPython the ``local`` profile is loaded: Hypothesis's defaults but no
deadline, because a test timed against a fixed limit fails on a busy machine for no fault
of the code (speed is the benchmark's job); with the CI variable set, Hypothesis's own
``ci`` profile (no deadline either, derandomized). ``pytest --hypothesis-profile NAME``
picks one by hand.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "pyodide",
    max_examples=25,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

settings.register_profile("local", deadline=None)

if sys.platform == "emscripten":
    settings.load_profile("pyodide")
elif settings.get_current_profile_name() == "default":
    settings.load_profile("local")


def pytest_report_header(config: pytest.Config) -> str | None:
    """Name the Hypothesis profile in pytest's header (Hypothesis does so itself with -v)."""
    if config.option.verbose >= 1:
        return None
    return f"hypothesis profile {settings.get_current_profile_name()!r}"


@pytest.fixture(scope="session")
def built_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return the package's wheel built by hatchling as ``build.py wheel`` builds it, once
    per run (for the tests of the site's tools; not in Pyodide: no subprocess there)."""
    folder = tmp_path_factory.mktemp("wheel")
    root = Path(__file__).resolve().parent.parent
    command = [sys.executable, "-P", "-m", "build", "--wheel", "--no-isolation"]
    subprocess.run([*command, "--outdir", folder, root], capture_output=True, check=True)
    return next(folder.glob("ginrummy-*-py3-none-any.whl"))


@pytest.fixture(scope="session")
def fresh_venv(built_wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a virtual environment made afresh (no pip of its own) with the wheel
    installed by this Python's pip, as ``pip install ginrummy-X-py3-none-any.whl`` does."""
    venv = tmp_path_factory.mktemp("venv") / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    python = venv / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--python", python]
    subprocess.run([*pip, "install", "--quiet", "--no-deps", "--no-index", built_wheel], check=True)
    return venv
