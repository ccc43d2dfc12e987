"""Every browser test runs the pages under their Content-Security-Policy and fails on a
violation of it: a ``context`` fixture over pytest-playwright's (``conftest.py`` imports
it, so every test of a ``page`` has it), and ``watch_policy`` for contexts a test makes.

A violation is seen twice over: the page's ``securitypolicyviolation`` event (in every
frame: the init script runs in each), and Chromium's console error for it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage

REPORT_VIOLATIONS = """
addEventListener("securitypolicyviolation", (event) => {
  console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI} ` +
    `(${event.sourceFile}:${event.lineNumber}) in ${location.href}`);
}, true);
"""
"""An init script that reports each violation in its frame on the console."""


def watch_policy(context: BrowserContext, violations: list[str]) -> None:
    """Add to ``violations`` every Content-Security-Policy violation in ``context``."""
    context.add_init_script(REPORT_VIOLATIONS)

    def heard(message: ConsoleMessage) -> None:
        if message.type == "error" and (
            message.text.startswith("CSP violation") or "Content Security Policy" in message.text
        ):
            violations.append(message.text)

    context.on("console", heard)


@pytest.fixture
def csp_violations() -> list[str]:
    """Return the violations seen in the test's context (a test that causes some on purpose
    checks and empties this list)."""
    return []


@pytest.fixture
def context(context: BrowserContext, csp_violations: list[str]) -> Iterator[BrowserContext]:
    """Return pytest-playwright's context, watched: the test fails on a policy violation."""
    watch_policy(context, csp_violations)
    yield context
    assert not csp_violations, f"Content-Security-Policy violations: {csp_violations}"
