"""Every browser test runs the pages under their Content-Security-Policy and fails on a
violation of it: ``conftest.py``'s ``context`` fixture watches every test's context with
``watch_policy`` (contexts a test makes call it themselves), into ``csp_violations``.

A violation is seen twice over: the page's ``securitypolicyviolation`` event (in every
frame: the init script runs in each), and Chromium's console error for it.
"""

from __future__ import annotations

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
