"""The browser the tests drive: Debian's Chromium, as Playwright launches it, made lean."""

from __future__ import annotations

from player import BROWSER_UI_FEATURES
from playwright.sync_api import Browser


def test_no_address_bar_popup_is_preloaded_and_playwright_keeps_its_switches(
    browser: Browser,
) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto("chrome://version")
    switches = page.locator("#command_line").inner_text().split()
    targets = browser.new_browser_cdp_session().send("Target.getTargets")["targetInfos"]
    context.close()

    assert [t["url"] for t in targets if t["type"] == "browser_ui"] == []
    disabled = [s for s in switches if s.startswith("--disable-features=")]
    assert len(disabled) == 1, "Chromium reads only the last --disable-features"
    features = disabled[0].removeprefix("--disable-features=").split(",")
    assert set(BROWSER_UI_FEATURES) <= set(features)
    # one of Playwright's own, which the embed's third-party storage test relies on
    assert "ThirdPartyStoragePartitioning" in features
