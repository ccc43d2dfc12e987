"""When the page cannot use its snapshot, Python starts afresh and installs the site's
wheel with micropip: slower, said once, and the game plays. A first visit that can use it
never loads what that path needs (``python/``)."""

from __future__ import annotations

import time

from player import open_game, play_to
from playwright.sync_api import Page, Request, Route, expect

STAGES_SEEN = """
globalThis.stagesSeen = [];
new MutationObserver(() => {
  const text = document.getElementById("load-stage")?.textContent;
  if (text && globalThis.stagesSeen.at(-1) !== text) globalThis.stagesSeen.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""
"""An init script that records every text the loading line shows, in order."""


def damaged(route: Route) -> None:
    """Serve the snapshot with a stretch of its middle overwritten, as a host that damaged
    it in storage or transit would (gzip's checksum no longer holds)."""
    body = bytearray(route.fetch().body())
    middle = len(body) // 2
    body[middle : middle + 4096] = bytes(4096)
    route.fulfill(body=bytes(body), headers={"content-type": "application/octet-stream"})


def python_files(requests: list[Request]) -> list[str]:
    """Return the paths under ``python/`` that ``requests`` asked for."""
    return sorted({req.url.split("/python/")[1] for req in requests if "/python/" in req.url})


def test_a_damaged_snapshot_boots_python_afresh_with_the_wheel_and_plays(
    page: Page, base_url: str
) -> None:
    requests: list[Request] = []
    page.on("request", lambda request: requests.append(request))
    page.context.route("**/*.snapshot", damaged)
    page.add_init_script(STAGES_SEEN)
    started = time.monotonic()
    open_game(page, base_url, "?seed=3")
    print(f"booted afresh and dealt in {time.monotonic() - started:.1f} s")
    stages = page.evaluate("stagesSeen")
    fresh = [text for text in stages if "afresh" in text]
    assert len(fresh) == 1, stages  # said once, while it happens
    wheel, micropip, stdlib = python_files(requests)  # these three, once each
    assert wheel.startswith("ginrummy-") and wheel.endswith("-py3-none-any.whl")
    assert micropip.startswith("micropip-") and stdlib == "python_stdlib.zip"
    play_to(page, "hand_over")
    expect(page.locator("#table")).to_have_attribute("data-phase", "hand_over")


def test_the_fallback_speaks_the_page_s_language(page: Page, base_url: str) -> None:
    page.context.route("**/*.snapshot", damaged)
    page.goto(base_url + "?lang=de")
    expect(page.locator("#load-stage")).to_contain_text("Python startet neu", timeout=60_000)


def test_a_snapshot_that_boots_loads_nothing_of_python_folder(page: Page, base_url: str) -> None:
    requests: list[Request] = []
    page.on("request", lambda request: requests.append(request))
    page.add_init_script(STAGES_SEEN)
    started = time.monotonic()
    open_game(page, base_url, "?seed=3")
    print(f"booted from the snapshot and dealt in {time.monotonic() - started:.1f} s")
    assert python_files(requests) == []
    assert not any("afresh" in text for text in page.evaluate("stagesSeen"))


def test_when_starting_afresh_fails_too_both_reasons_are_reported(
    page: Page, base_url: str
) -> None:
    page.context.route("**/*.snapshot", damaged)
    page.context.route("**/python/**", lambda route: route.fulfill(status=404))
    page.goto(base_url)
    error = page.locator("#load-error")
    expect(error).to_contain_text("could not be unpacked", timeout=60_000)
    expect(error).to_contain_text("starting Python afresh failed too")
    expect(page.locator("#load-retry")).to_be_visible()
