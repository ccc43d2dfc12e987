"""Saves through a slow or failing browser (issue 53): IndexedDB slow to give the sealing
key, or unavailable; a save that stops the engine or never finishes loading; a full
storage with a save that will not open. No save is ever lost or overwritten by a game
dealt while it could not be read."""

from __future__ import annotations

import json

from player import (
    FULL_STORAGE,
    RETURNING,
    SAVE_KEY,
    hand_cards,
    kept_aside,
    messages,
    open_game,
    poll,
    saved,
    store_once,
    take_turn,
    wait_idle,
)
from playwright.sync_api import Page, Route, expect

SPEED = "localStorage.setItem('ginrummy.speed', 'instant')"
STORED = f"localStorage.getItem('{SAVE_KEY}')"

PATCHED_WORKER = 'import "./key-store.js"; import "./worker.js?real";'
"""The site's worker, with ``key-store.js`` (one of the patches below) run before it."""

SLOW_KEY_STORE = """
const open = IDBFactory.prototype.open;
IDBFactory.prototype.open = function (...args) {
  const slow = {};
  setTimeout(() => {
    const real = open.apply(this, args);
    for (const name of ["onupgradeneeded", "onsuccess", "onerror"]) {
      real[name] = (event) => slow[name]?.(event);
    }
    Object.defineProperty(slow, "result", { get: () => real.result });
    Object.defineProperty(slow, "error", { get: () => real.error });
  }, 7000);
  return slow;
};
"""
"""IndexedDB that opens 7 s late: over the 5 s the worker used to wait for its key."""

NO_KEY_STORE = """
IDBFactory.prototype.open = () => {
  throw new DOMException("IndexedDB is disabled", "InvalidStateError");
};
"""
"""IndexedDB unavailable (localStorage working)."""


def patch_key_store(page: Page, patch: str) -> None:
    """Run ``patch`` in the page's worker before the worker's own code, from the next load."""

    def worker(route: Route) -> None:
        route.fulfill(body=PATCHED_WORKER, headers={"content-type": "text/javascript"})

    def key_store(route: Route) -> None:
        route.fulfill(body=patch, headers={"content-type": "text/javascript"})

    page.route("**/worker.js", worker)
    page.route("**/key-store.js", key_store)


def a_game_in_progress(page: Page, base_url: str) -> dict[str, object]:
    """Open a sealed game and play a few moves; return what the page saved."""
    open_game(page, base_url)
    for _ in range(3):
        take_turn(page)
    return saved(page)


def test_a_slow_key_store_is_waited_for_and_the_game_goes_on(page: Page, base_url: str) -> None:
    before = a_game_in_progress(page, base_url)
    hand = hand_cards(page)
    patch_key_store(page, SLOW_KEY_STORE)
    page.reload()
    expect(page.locator("#load-stage")).to_contain_text(
        "Waiting for this browser's storage", timeout=60_000
    )
    wait_idle(page)
    expect(page.locator("dialog#message")).to_be_hidden()
    assert saved(page)["save"] == before["save"] and hand_cards(page) == hand


def test_a_missing_key_store_keeps_the_save_and_says_why(page: Page, base_url: str) -> None:
    a_game_in_progress(page, base_url)
    stored = page.evaluate(STORED)
    patch_key_store(page, NO_KEY_STORE)
    for _ in range(2):
        page.reload()
        wait_idle(page)
        message = page.locator("#message-text")
        expect(message).to_contain_text("does not let the page use IndexedDB")
        expect(message).to_contain_text("will not be saved over it")
        page.locator("dialog#message button").click()
        take_turn(page)  # a new game, played and not saved
        assert page.evaluate(STORED) == stored
    assert kept_aside(page, "ginrummy.broken.") == []
    page.unroute("**/worker.js")  # IndexedDB back: the game opens, as it was
    page.reload()
    wait_idle(page)
    expect(page.locator("dialog#message")).to_be_hidden()
    assert page.evaluate(STORED) == stored


NO_ANSWER_TO_RESUME = """
import "./worker.js?real";
const answer = self.onmessage;
self.onmessage = (event) => { if (event.data.op !== "resume") answer(event); };
"""
"""The site's worker, stuck on loading a save (as on a save that takes Python for ever)."""


def stuck_on_saves(page: Page) -> None:
    """From the next load, the page's engine never finishes loading a save."""

    def stuck(route: Route) -> None:
        route.fulfill(body=NO_ANSWER_TO_RESUME, headers={"content-type": "text/javascript"})

    page.route("**/worker.js", stuck)


def loading_the_save(page: Page) -> None:
    """Wait until the page's engine is ready, and the page has sent it the save to load."""
    poll(page, "document.getElementById('load-progress').value", lambda value: value == 3)
    page.wait_for_timeout(1000)  # the page asks for the options first, a matter of ms


def test_a_save_that_stops_the_engine_is_set_aside_at_once(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?seed=5")
    take_turn(page)
    stored = page.evaluate(STORED)
    stuck_on_saves(page)
    page.clock.install()
    page.reload()
    loading_the_save(page)
    page.clock.fast_forward("01:01")
    expect(page.locator("#message-text")).to_contain_text("stopped the game's engine")
    assert kept_aside(page, "ginrummy.broken.") == [stored]
    assert page.evaluate(STORED) is None
    page.unroute("**/worker.js")
    page.reload()  # not tried again: a new game, and nothing more to say
    wait_idle(page)
    expect(page.locator("dialog#message")).to_be_hidden()
    assert kept_aside(page, "ginrummy.broken.") == [stored]


def test_a_save_whose_load_never_finished_is_not_tried_again(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?seed=5")
    take_turn(page)
    stored = page.evaluate(STORED)
    stuck_on_saves(page)
    page.reload()
    loading_the_save(page)
    page.reload()  # closed while it loads: the next load deals instead of loading it again
    wait_idle(page)
    expect(page.locator("#message-text")).to_contain_text("never finished")
    assert kept_aside(page, "ginrummy.broken.") == [stored]


def test_a_full_storage_never_loses_a_save_that_will_not_open(page: Page, base_url: str) -> None:
    broken = json.dumps({"params": {}, "save": '{"format": 1}'})  # not a record
    page.add_init_script(SPEED)
    page.add_init_script(RETURNING)
    store_once(page, SAVE_KEY, broken)
    page.add_init_script(FULL_STORAGE)
    for _ in range(3):  # the first load, and two reloads
        page.goto(base_url)
        wait_idle(page)
        told = " ".join(messages(page))
        assert "not a saved game" in told and "no room to set it aside" in told
        take_turn(page)
        assert page.evaluate(STORED) == broken
        assert kept_aside(page, "ginrummy.broken.") == []
