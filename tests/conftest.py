"""Hypothesis profiles for the two places the tests run: CPython and Pyodide.

Inside Pyodide (``sys.platform == "emscripten"``) the ``pyodide`` profile is loaded:
fewer examples for the tests that do not set their own ``max_examples``, a fixed seed
(derandomized, so the run is the same every time), no deadline and no slow-data health
check (WebAssembly is slower and its timings vary), no example database (the file system
is thrown away). On CPython Hypothesis picks its own ``default`` profile, or ``ci`` when
the CI variable is set. ``pytest --hypothesis-profile NAME`` picks one by hand.
"""

from __future__ import annotations

import sys

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

if sys.platform == "emscripten":
    settings.load_profile("pyodide")


def pytest_report_header(config: pytest.Config) -> str | None:
    """Name the Hypothesis profile in pytest's header (Hypothesis does so itself with -v)."""
    if config.option.verbose >= 1:
        return None
    return f"hypothesis profile {settings.get_current_profile_name()!r}"
