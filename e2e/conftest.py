"""Fixtures: the built site on a local static server, and Debian's Chromium for Playwright.

The site is ``site/`` as ``python3 build.py site`` leaves it (``build.py test`` builds it
first); set ``GINRUMMY_SITE`` to test another folder. The server picks a free port.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from player import RETURNING, lean_launch_args, website
from playwright.sync_api import BrowserContext, BrowserType

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "e2e" / "artifacts"

pytest_plugins = ("csp_guard",)  # its csp_violations fixture, for every test


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """Return the built site, building it first when ``site/`` is missing."""
    chosen = os.environ.get("GINRUMMY_SITE")
    if chosen:
        return Path(chosen)
    site = ROOT / "site"
    if not (site / "index.html").exists():
        subprocess.run([sys.executable, str(ROOT / "build.py"), "site"], cwd=ROOT, check=True)
    return site


@pytest.fixture(scope="session")
def base_url(site_dir: Path) -> Iterator[str]:
    """Serve the site on a free localhost port for the whole session; its URL."""
    server, url = website().serve_in_background(site_dir, 0)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], browser_type: BrowserType
) -> dict[str, Any]:
    """Launch Debian's Chromium (Playwright's own browsers are not downloaded), without
    the address bar's popups (``player.lean_launch_args``)."""
    return {**browser_type_launch_args, **lean_launch_args(browser_type)}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Use a phone-sized viewport, English, and block service workers, unless a test asks otherwise.

    The page follows the browser's language, so the tests fix it. The page registers a
    service worker (sw.js) that answers from its cache; requests it answers never reach
    Playwright's routes, so a test that routes a file (a wrong MIME type, say) or reloads
    expecting the server would test the cache instead. Only test_offline.py allows service
    workers, in contexts of its own.
    """
    return {
        **browser_context_args,
        "viewport": {"width": 390, "height": 844},
        "locale": "en-US",
        "service_workers": "block",
    }


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Return the folder for screenshots kept as test artifacts."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def context(context: BrowserContext, csp_violations: list[str]) -> Iterator[BrowserContext]:
    """Return pytest-playwright's context for a returning player (the first-game tutorial
    would cover the table; ``test_tutorial.py`` has contexts of its own, without this),
    watched: the test fails on a Content-Security-Policy violation."""
    from csp_guard import watch_policy  # here: pytest_plugins loads (and assert-rewrites) it first

    context.add_init_script(RETURNING)
    watch_policy(context, csp_violations)
    yield context
    assert not csp_violations, f"Content-Security-Policy violations: {csp_violations}"
