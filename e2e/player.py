"""Playing the page as a person would: wait for the turn, read the table, click.

Also the engine side of the checks: saves made with the engine (crafted deals) and
the engine's answer for a save the page left in localStorage.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from playwright.sync_api import BrowserType, Locator, Page, Position, ViewportSize, expect

from deals import ask, new_game
from ginrummy import record
from ginrummy.bridge import SAVE_FORMAT, Session, resume
from ginrummy.match import Match
from tooling import tool

SAVE_KEY = "ginrummy.game"
TUTORIAL_KEY = "ginrummy.tutorial"
RETURNING = f"localStorage.setItem('{TUTORIAL_KEY}', 'done')"
"""An init script: the page's first-game tutorial was seen (test_tutorial.py shows it)."""
TIMEOUT = 20_000
ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("GINRUMMY_CHROMIUM", "/usr/bin/chromium")
"""Debian's Chromium: Playwright cannot download its own browsers here."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
BROWSER_UI_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup")
"""Chromium's features that preload the address bar's popups, each a WebUI page in a
renderer of its own, in every new context, though a headless browser shows no address
bar: 1.2 to 1.4 s of a core for each context, a third of what booting the game costs."""


def lean_launch_args(browser_type: BrowserType) -> dict[str, Any]:
    """Return the launch options of Debian's Chromium, with ``BROWSER_UI_FEATURES`` off.

    Playwright passes a ``--disable-features`` of its own, and Chromium reads only the
    last such switch: the one here lists Playwright's features and these, and replaces
    Playwright's. Playwright's list is read from a first launch's ``chrome://version``,
    so a new version of Playwright keeps its own.
    """
    browser = browser_type.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        page = browser.new_page()
        page.goto("chrome://version")
        switches = page.locator("#command_line").inner_text().split()
    finally:
        browser.close()
    default = next(switch for switch in switches if switch.startswith("--disable-features="))
    ours = f"{default},{','.join(BROWSER_UI_FEATURES)}"
    return {
        "executable_path": CHROMIUM,
        "args": [*CHROMIUM_ARGS, ours],
        "ignore_default_args": [default],
    }


SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
"""The two screens every look is checked at: a phone's and a laptop's, in CSS pixels."""


def window(name: str) -> ViewportSize:
    """Return the viewport a window's name gives, ``"360x640"``: width by height in CSS pixels."""
    width, height = (int(side) for side in name.split("x"))
    return {"width": width, "height": height}


def resize(page: Page, size: str | ViewportSize) -> None:
    """Give ``page`` the viewport of ``size`` (one of ``SIZES`` by name, a ``window`` name
    such as ``"360x640"``, or a viewport) and wait until the page has refitted to it: the
    hand and a fanned pile are refitted in the animation frame after the resize (table.js
    ``refitOnResize``)."""
    if isinstance(size, str):
        size = window("x".join(map(str, SIZES[size]))) if size in SIZES else window(size)
    page.set_viewport_size(size)
    page.evaluate(NEXT_FRAMES)


Size = TypeVar("Size", str, ViewportSize)


def turned_to_each(
    page: Page, sizes: list[Size], check: Callable[[Page], None] | None = None
) -> Iterator[Size]:
    """Turn the window of ``page``, opened at the first of ``sizes`` (each as ``resize``
    takes it), to each of them in turn (a boot of the page costs a core 3 s; a resize
    refits what a boot fits), yielding each size once ``check``, if any, has passed at it."""
    for size in sizes:
        resize(page, size)
        if check:
            check(page)
        yield size


NEXT_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
"""JavaScript: wait until the next animation frame, and the one after it, have run."""


def website() -> Any:
    """Return the ``tools/website.py`` module (tools/ is not a package): build, serve."""
    return tool("website")


def open_game(
    page: Page, base_url: str, query: str = "", speed: str = "instant", returning: bool = True
) -> None:
    """Open the page (``query`` like ``"?seed=5"``) at ``speed`` and wait until it is ready;
    as a ``returning`` player's, who saw the first-game tutorial, unless told otherwise."""
    page.add_init_script(f"localStorage.setItem('ginrummy.speed', {json.dumps(speed)})")
    if returning:
        page.add_init_script(RETURNING)
    page.goto(base_url + query)
    wait_idle(page)


def wait_idle(page: Page) -> None:
    """Wait until the page has loaded and waits for the player (not busy)."""
    page.wait_for_selector("html[data-ready]", timeout=60_000)
    page.wait_for_selector('#table[data-busy="false"]', timeout=TIMEOUT)


def poll(
    page: Page,
    check: str,
    done: Callable[[Any], bool] = bool,
    arg: object = None,
    timeout_ms: int = 60_000,
) -> Any:
    """Evaluate the JavaScript ``check`` (with ``arg``; a promise is awaited) until
    ``done(value)``; return that value.

    Not ``wait_for_function``: it takes a returned promise for true at once.

    :raises AssertionError: when ``done`` still says no after ``timeout_ms``.
    """
    for _ in range(timeout_ms // 250):
        value = page.evaluate(check, arg)
        if done(value):
            return value
        page.wait_for_timeout(250)
    raise AssertionError(f"still {value!r} after {timeout_ms} ms: {check}")


def phase(page: Page) -> str:
    """Return the phase the table shows."""
    return str(page.get_attribute("#table", "data-phase"))


def saved(page: Page) -> dict[str, Any]:
    """Return what the page stored in localStorage: params, save text and card order."""
    data: dict[str, Any] = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    return data


def table_scores(page: Page) -> dict[str, str]:
    """Return the totals of the score line above the table by the seats' names, as shown
    (``{"You": "31", "Opponent": "0"}``)."""
    return dict(
        zip(
            page.locator("#scores .who").all_inner_texts(),
            page.locator("#scores b[data-score]").all_inner_texts(),
            strict=True,
        )
    )


def engine_match(page: Page) -> Match:
    """Return the engine's match for the page's save, replayed by CPython."""
    save = json.loads(saved(page)["save"])
    return record.from_data(save["record"])


ENABLED = ':not([aria-disabled="true"]):not(:disabled)'
"""A CSS selector's tail: a control the player may use now. A card picked before the
first tap was thrown by it; a friend's table then draws the hand disabled until the
friend has answered, and a second tap would wait for a card that is gone."""
CORNER: Position = {"x": 6, "y": 12}
"""Where a card of the hand or the pile is tapped: its top left corner, which the next
card never covers (the hand's cards overlap; Mahjong gin fans the whole pile)."""


def click_action(page: Page, action: str) -> None:
    """Click the control of ``action`` and wait until the page waits for the player again.

    A hand card is tapped where a person taps it, on its corner (the hand's cards overlap);
    a discard takes two taps, the first selecting the card (safe discards).
    """
    if action.startswith("discard "):
        card = page.locator(f'#hand [data-action="{action}"]')
        card.click(position=CORNER)
        if page.locator(f'#hand .selected[data-action="{action}"]{ENABLED}').count():  # no wait
            card.click(position=CORNER)
    else:
        tap(page.locator(f'#table [data-action="{action}"]').first)
    wait_idle(page)


def tap(control: Locator) -> None:
    """Click ``control``; a card of the hand or the pile on its top left corner, which the
    next card never covers (Mahjong gin fans the whole pile)."""
    if control.evaluate("node => Boolean(node.closest('#hand, #pile'))"):
        control.click(position=CORNER)
    else:
        control.click()


def go_out(page: Page, action: str, option: int = 0) -> None:
    """Click a going-out control, check the arrangement is shown, confirm ``option``."""
    page.locator(f'#controls [data-action="{action}"]').click()
    dialog = page.locator("dialog#confirm")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".group").first).to_be_visible()
    dialog.locator("[data-action]").nth(option).click()
    wait_idle(page)


def hand_titles(page: Page) -> dict[str, int]:
    """Return each legal discard of the player with the deadwood it leaves (card titles).

    Read in one call: a call to the page costs a core 5 to 8 ms (Playwright's driver,
    Chromium and the page each take their part), and a hand asked card by card made 23.
    """
    titles: list[list[str]] = page.locator("#hand .card[data-action^='discard']").evaluate_all(
        "cards => cards.map(card => [card.dataset.card, card.title])"
    )
    return {card: int(title.split()[-1]) for card, title in titles}


def hand_cards(page: Page) -> list[str]:
    """Return the player's cards in the order the page shows them."""
    cards: list[str] = page.locator("#hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    return cards


def fits_the_width(page: Page) -> bool:
    """Return whether nothing makes the page scroll sideways."""
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def fits_the_height(page: Page) -> bool:
    """Return whether nothing makes the page scroll down: it is no higher than the window."""
    return bool(page.evaluate("document.documentElement.scrollHeight <= window.innerHeight"))


def open_help(page: Page) -> None:
    """Open the Rules dialog from the menu and wait for its examples."""
    page.click("#rules-button")
    page.locator("#rules-help .example").first.wait_for()


TURN_CHOICE = """() => {
  const shown = (node) => {  // as Playwright's :visible: a box, and not visibility: hidden
    const box = node.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(node).visibility !== "hidden";
  };
  const goOut = [...document.querySelectorAll("#controls .go-out")].find(shown);
  if (goOut) return ["go out", goOut.dataset.action];
  const offered = ['#table [data-action="next"]', '[data-action="pass"]', '[data-action="stock"]'];
  for (const selector of offered) {
    const control = document.querySelector(selector);
    if (control) return ["click", control.dataset.action];
  }
  if (document.querySelector('[data-action="done"]')) {
    const layoff = document.querySelector("#hand [data-action^='layoff']");
    return ["click", layoff ? layoff.dataset.action : "done"];
  }
  return ["discard", null];
}"""
"""What ``take_turn`` does, read from the page in one call: go out with the first visible
going-out control, else click the first of next, pass, the stock, a lay-off and done that
the table offers, else discard."""


def take_turn(page: Page) -> None:
    """Make one move as a plain person: go out when possible, else draw and shed deadwood."""
    move, action = page.evaluate(TURN_CHOICE)
    if move == "go out":
        go_out(page, action)
    elif move == "click":
        click_action(page, action)
    else:
        titles = hand_titles(page)
        best = min(titles, key=lambda card: (titles[card], card))
        click_action(page, f"discard {best}")


def plain_person_moves(preset: str, seed: int, most: int) -> int | None:
    """Return how many moves ``take_turn`` makes in the first hand of ``preset`` dealt by
    ``seed`` against the simple opponent, played by the engine in CPython the way
    ``TURN_CHOICE`` plays it in the page (the page's worker runs the same bridge); None
    when the hand takes more than ``most``, or asks for a move ``take_turn`` does not make
    (Mahjong gin's melds)."""
    session = Session()
    state = new_game(session, preset=preset, seed=str(seed), level="simple")
    for moves in range(most + 1):
        if state["opponent_to_move"]:
            state = ask(session, "opponent")
            continue
        view = state["view"]
        if view["phase"] in ("hand_over", "match_over"):
            return moves
        action = _plain_person_choice(state)
        if action is None or moves == most:
            return None
        state = ask(session, "play", action)
    return None


def _plain_person_choice(state: dict[str, Any]) -> str | None:
    """Return the move ``TURN_CHOICE`` and ``take_turn`` make on the table of ``state``: the
    first going-out control shown (every gin; the knocks with the least deadwood when there
    is no gin), else next, pass, the stock, a lay-off or done, else the discard that
    leaves the least deadwood; None for a table with none of these."""
    going_out = state["going_out"]
    deadwood = state["discard_deadwood"]
    gins = [entry for entry in going_out if entry["kind"] != "knock"]
    if gins:
        return str(gins[0]["action"])
    if going_out:
        least = min(deadwood[entry["card"]] for entry in going_out)
        return str(next(e["action"] for e in going_out if deadwood[e["card"]] == least))
    legal = state["view"]["legal"]
    offered = next((action for action in ("next", "pass", "stock") if action in legal), None)
    if offered:
        return offered
    if "done" in legal:
        return next((action for action in legal if action.startswith("layoff")), "done")
    if deadwood:
        return f"discard {min(deadwood, key=lambda card: (deadwood[card], card))}"
    return None


def quick_hand_seed(preset: str, most: int = 14, seeds: range = range(1, 80)) -> int:
    """Return the first of ``seeds`` whose first hand of ``preset`` ``take_turn`` ends
    within ``most`` of its own moves and the opponent's (``plain_person_moves``); the
    first seed when none does. A move through the page costs a core some 0.6 s of drawing:
    a hand of 12 moves, not 60, plays the preset's rules through the page all the same."""
    return next((seed for seed in seeds if plain_person_moves(preset, seed, most)), seeds[0])


def play_to(
    page: Page, stop: str, max_moves: int = 2000, turn: Callable[[Page], None] = take_turn
) -> None:
    """Make moves with ``turn`` until the table's phase is ``stop``; fail after ``max_moves``."""
    for _ in range(max_moves):
        if phase(page) == stop:
            return
        turn(page)
    raise AssertionError(f"never reached {stop}")


def save_text(match: Match, level: str = "simple", practice: bool = False) -> str:
    """Return the page's save text for an engine ``match`` (crafted deals, replays)."""
    data = {"format": SAVE_FORMAT, "level": level, "record": record.to_data(match)}
    if practice:
        data["practice"] = True
    return json.dumps(data, separators=(",", ":"))


def plant_save(
    page: Page,
    base_url: str,
    match: Match,
    level: str = "simple",
    practice: bool = False,
    returning: bool = True,
) -> None:
    """Open the page on the saved game ``match`` (stored before the page loads), a
    practice game if ``practice``; ``returning`` as for ``open_game``."""
    state = resume(Session(), save_text(match, level, practice))
    stored = json.dumps({"params": state["params"], "save": state["save"], "order": []})
    store_once(page, SAVE_KEY, stored)
    open_game(page, base_url, returning=returning)


def store_once(page: Page, key: str, value: str) -> None:
    """Store ``value`` under localStorage ``key`` before the page's first load in this tab
    only (a reload finds what the page made of it); each key is planted on its own.
    """
    planted = json.dumps(f"planted {key}")
    page.add_init_script(
        f"if (!sessionStorage.getItem({planted})) {{ sessionStorage.setItem({planted}, '1');"
        f" localStorage.setItem({json.dumps(key)}, {json.dumps(value)}); }}"
    )


def kept_aside(page: Page, prefix: str) -> list[str]:
    """Return the values the page kept aside in localStorage under keys starting ``prefix``."""
    kept: list[str] = page.evaluate(
        "(prefix) => Object.keys(localStorage).filter(k => k.startsWith(prefix))"
        ".map(k => localStorage.getItem(k))",
        prefix,
    )
    return kept


FULL_STORAGE = """
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (name, value) {
  if (this === localStorage) throw new DOMException("the quota is full", "QuotaExceededError");
  return setItem.call(this, name, value);
};
"""
"""An init script: a localStorage with no room for anything (sessionStorage still working)."""


def messages(page: Page) -> list[str]:
    """Return the messages the page shows one after the other, closing each."""
    dialog = page.locator("dialog#message")
    expect(dialog).to_be_visible(timeout=TIMEOUT)
    told = []
    while dialog.is_visible():
        told.append(page.locator("#message-text").inner_text())
        dialog.locator("button").click()
    return told
