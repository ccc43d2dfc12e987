"""The first-game tutorial: five steps on the real table, shown once at a first visit,
stepped by buttons and keys, skipped with Esc, opened again from the Rules help, never in
an embed, axe-clean and fitting a phone and a desktop.

Every other test runs as a returning player (``conftest.py`` and ``player.open_game``
mark the tutorial seen); the tests here get browser contexts of their own, without that.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from player import SIZES, TIMEOUT, TUTORIAL_KEY, open_game, plant_save, poll, resize, wait_idle
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_a11y import check_axe

from deals import KNOCKER, LOOSE, STANDARD, crafted, seed_dealt_by
from ginrummy.rules_help import rules_help

FIRST_GAME = f"?seed={seed_dealt_by(STANDARD, 1)}"
"""A first game whose first upcard is the player's to take or pass."""
STEPS = {
    "draw": ("Draw", "#stock, #pile"),
    "melds": ("Melds", "#hand .group"),
    "deadwood": ("Deadwood", "#deadwood"),
    "knock": ("Knock", "#rules-line"),
    "layoffs": ("Lay-offs", ""),
}
"""Each step: its title, and the table's elements its spotlight must surround (on the
first upcard: no Knock button yet, so the knock limit's line; no showdown, so lay-offs
are drawn in the card itself)."""
KNOCK_EXAMPLE = next(
    example["report"]
    for example in rules_help(STANDARD)["examples"]
    if example["kind"] == "showdown" and example["report"]["layoffs"]
)
"""The engine's worked knock with a lay-off that the last step draws (standard rules)."""
SETTLE_MS = 1500
"""How long after the hand is playable a tutorial that is not to come has had to come:
it opens a few ms after (a lazily loaded module)."""
PLAYABLE = "performance.getEntriesByName('playable').length > 0"
"""True once the page marked its hand playable (not wait_for_function: no eval under CSP)."""

TUTORIAL = "dialog#tutorial"


@pytest.fixture
def context(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[BrowserContext]:
    """A first visitor's browser context: the tutorial was never seen here."""
    made = browser.new_context(**browser_context_args)
    yield made
    made.close()


def first_visit(page: Page, base_url: str, query: str = FIRST_GAME) -> None:
    """Open the page as a first visitor would and wait until the hand is playable."""
    open_game(page, base_url, query, returning=False)
    poll(page, PLAYABLE)


def step(page: Page) -> str:
    """Return the step the tutorial shows (its name), waiting until it is open."""
    expect(page.locator(TUTORIAL)).to_be_visible(timeout=TIMEOUT)
    return str(page.get_attribute(TUTORIAL, "data-step"))


def box(page: Page, selector: str) -> dict[str, float]:
    """Return the bounding box of the first element of ``selector``."""
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not shown"
    return found


def inside(point: tuple[float, float], area: dict[str, float]) -> bool:
    """Return whether ``point`` (x, y) lies in ``area``."""
    x, y = point
    return (
        area["x"] <= x <= area["x"] + area["width"] and area["y"] <= y <= area["y"] + area["height"]
    )


def apart(one: dict[str, float], other: dict[str, float]) -> bool:
    """Return whether two boxes do not overlap."""
    return (
        one["x"] + one["width"] <= other["x"]
        or other["x"] + other["width"] <= one["x"]
        or one["y"] + one["height"] <= other["y"]
        or other["y"] + other["height"] <= one["y"]
    )


def check_step(page: Page, name: str, number: int) -> None:
    """Check the step shown is ``name``, the ``number``-th: its texts, its spotlight round
    the table's part it is about, its card beside it (not over it) and inside the window."""
    assert step(page) == name
    title, targets = STEPS[name]
    dialog = page.locator(TUTORIAL)
    expect(dialog.locator("h2")).to_have_text(title)
    expect(dialog.locator(".tutorial-count")).to_have_text(f"Step {number} of {len(STEPS)}")
    if not targets:  # its own drawing instead: wait for it before measuring the card
        expect(dialog.locator(".tutorial-example .example .laid").first).to_be_visible()
    card = box(page, f"{TUTORIAL} .tutorial-card")
    viewport = page.viewport_size
    assert viewport is not None
    assert card["x"] >= 0 and card["x"] + card["width"] <= viewport["width"], card
    assert card["y"] >= 0 and card["y"] + card["height"] <= viewport["height"], card
    if not targets:
        expect(dialog.locator(".tutorial-spot")).to_be_hidden()
        return
    page.wait_for_timeout(400)  # the ring glides from the last step's place
    spot = box(page, f"{TUTORIAL} .tutorial-spot")
    for target in page.locator(targets).all():
        shown = target.bounding_box()
        assert shown is not None
        middle = (shown["x"] + shown["width"] / 2, shown["y"] + shown["height"] / 2)
        assert inside(middle, spot), f"{name}: the ring {spot} misses {targets} {shown}"
    assert apart(card, spot), f"{name}: the card {card} covers the ring {spot}"


def test_a_first_visit_steps_through_all_five_with_the_buttons(
    page: Page, base_url: str, artifacts: Path
) -> None:
    first_visit(page, base_url)
    dialog = page.locator(TUTORIAL)
    for number, name in enumerate(STEPS, 1):
        check_step(page, name, number)
        if name == "melds":  # Back, then on again
            dialog.locator('[data-tour="back"]').click()
            check_step(page, "draw", 1)
            dialog.locator('[data-tour="next"]').click()
            check_step(page, "melds", 2)
        if name == "layoffs":  # the Rules help's worked knock, its lay-off on the knocker's meld
            laid_off = dialog.locator(".example .laid.knocker .group.meld .laid-off")
            expect(laid_off).to_have_attribute("data-card", KNOCK_EXAMPLE["layoffs"][0]["card"])
            expect(dialog.locator('[data-tour="next"]')).to_have_text("Play")
        back = dialog.locator('[data-tour="back"]')
        if number == 1:
            expect(back).to_be_disabled()
        else:
            expect(back).to_be_enabled()
        page.screenshot(path=str(artifacts / f"phone-tutorial-{number}-{name}.png"))
        dialog.locator('[data-tour="next"]').click()
    expect(dialog).to_be_hidden()
    poll(page, f"localStorage.getItem('{TUTORIAL_KEY}')", lambda seen: seen == "done")  # on close
    page.locator('#table [data-action="pass"]').click()  # the game goes on, unblocked
    wait_idle(page)
    page.reload()
    wait_idle(page)
    page.wait_for_timeout(SETTLE_MS)
    expect(dialog).to_be_hidden()


def test_on_a_phone_on_its_side_each_card_sits_beside_its_ring(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # 375 px high: no room above or below the hand's parts, so the card goes beside them
    page.set_viewport_size({"width": 667, "height": 375})
    first_visit(page, base_url)
    for number, name in enumerate(STEPS, 1):
        check_step(page, name, number)
        page.screenshot(path=str(artifacts / f"landscape-tutorial-{number}-{name}.png"))
        page.locator(f'{TUTORIAL} [data-tour="next"]').click()
    expect(page.locator(TUTORIAL)).to_be_hidden()


def test_keys_step_through_it_and_escape_skips_it_for_good(page: Page, base_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    first_visit(page, base_url)
    assert step(page) == "draw"
    focused = "document.getElementById('tutorial').contains(document.activeElement)"
    assert page.evaluate(focused)
    assert page.evaluate("document.activeElement.dataset.tour") == "next"
    for key, name in [("ArrowRight", "melds"), ("ArrowRight", "deadwood"), ("ArrowLeft", "melds")]:
        page.keyboard.press(key)
        assert step(page) == name
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")  # no step before the first
    assert step(page) == "draw"
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    check_step(page, "layoffs", 5)  # none after the last
    page.keyboard.press("Escape")
    expect(page.locator(TUTORIAL)).to_be_hidden()
    page.keyboard.press("p")  # the table's keys work again
    wait_idle(page)
    assert page.get_attribute("#table", "data-phase") == "draw"
    page.reload()
    wait_idle(page)
    page.wait_for_timeout(SETTLE_MS)
    expect(page.locator(TUTORIAL)).to_be_hidden()


def test_a_reload_before_its_end_shows_it_again(page: Page, base_url: str) -> None:
    first_visit(page, base_url)
    page.locator(f'{TUTORIAL} [data-tour="next"]').click()
    assert step(page) == "melds"
    page.reload()
    wait_idle(page)
    assert step(page) == "draw"  # neither finished nor skipped: not remembered


def test_the_rules_help_opens_it_again(page: Page, base_url: str) -> None:
    open_game(page, base_url, FIRST_GAME)  # a returning player: no tutorial by itself
    page.wait_for_timeout(SETTLE_MS)
    expect(page.locator(TUTORIAL)).to_be_hidden()
    page.locator("#rules-button").focus()
    page.keyboard.press("Enter")
    again = page.locator("#rules-help .tutorial-again button")
    expect(again).to_have_text("Show the tutorial")
    again.click()
    expect(page.locator("#rules-help")).to_be_hidden()
    check_step(page, "draw", 1)
    page.keyboard.press("Escape")
    expect(page.locator(TUTORIAL)).to_be_hidden()
    assert page.evaluate("document.activeElement.id") == "rules-button"  # focus given back
    page.locator("#new-button").click()  # the form's rules help is about other rules: no tutorial
    page.locator("#newgame button.help").click()
    page.locator("#rules-help .example").first.wait_for()
    expect(page.locator("#rules-help .tutorial-again")).to_have_count(0)


def test_a_player_with_a_game_under_way_does_not_get_it(page: Page, base_url: str) -> None:
    match = crafted(KNOCKER, LOOSE, "2d", STANDARD.replace(target=250))
    for action in ("upcard", "knock Kd", "next"):
        match.play(action)
    plant_save(page, base_url, match, returning=False)  # from before the tutorial existed
    poll(page, PLAYABLE)
    page.wait_for_timeout(SETTLE_MS)
    expect(page.locator(TUTORIAL)).to_be_hidden()


def test_an_embed_never_shows_it(page: Page, base_url: str) -> None:
    first_visit(page, base_url, f"{FIRST_GAME}&embed=1")
    page.wait_for_timeout(SETTLE_MS)
    expect(page.locator(TUTORIAL)).to_be_hidden()
    assert page.evaluate(f"localStorage.getItem('{TUTORIAL_KEY}')") is None


@pytest.mark.parametrize("size", list(SIZES))
def test_axe_finds_nothing_on_any_step(
    page: Page, base_url: str, size: str, artifacts: Path
) -> None:
    resize(page, size)
    first_visit(page, base_url)
    for number, name in enumerate(STEPS, 1):
        check_step(page, name, number)
        check_axe(page, f"tutorial step {number}")
        page.screenshot(path=str(artifacts / f"{size}-tutorial-{number}-{name}.png"))
        page.keyboard.press("ArrowRight")
