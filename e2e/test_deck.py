"""The deck: every face shows its own art (Adrian Kennard's cards, adapted by tools/deck.py),
in the four-colour deck's colours when chosen; the first hand does not wait for the art;
the card back and the felt chosen in the settings apply everywhere and survive a reload;
axe on every screen with the other back and felt (test_a11y.py checks the contrast of the
text on each felt); screenshots of the table, the showdown and the rules
help in each look at phone and desktop sizes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from player import (
    SIZES,
    click_action,
    open_game,
    open_help,
    phase,
    plant_save,
    poll,
    resize,
    wait_idle,
)
from playwright.sync_api import Page, Route, expect
from test_a11y import check_every_screen, rgb

from deals import KNOCKER, LOOSE, STANDARD, crafted, seed_dealt_by

RANKS = "A23456789TJQK"
CARDS = [rank + suit for suit in "shdc" for rank in RANKS]
LOOKS: dict[str, dict[str, str | bool]] = {
    "default": {"cardBack": "blue", "felt": "green", "fourColour": False, "large": False},
    "red-back-blue-felt": {"cardBack": "red", "felt": "blue", "fourColour": False, "large": False},
    "four-colour-large": {"cardBack": "blue", "felt": "green", "fourColour": True, "large": True},
}
"""Each look the screenshots show: every setting it is made of, as the Settings dialog names it."""

FACES = """async (cards) => {
  const faces = {};
  for (const text of cards) {
    const card = document.createElement("span");
    card.className = "card face";
    card.dataset.card = text;
    card.dataset.suit = text[1];
    document.body.append(card);
    const style = getComputedStyle(card);
    const url = /^url\\("([^"]+)"\\)/.exec(style.backgroundImage)?.[1] ?? null;
    const colour = style.color;
    card.remove();
    const face = { url, colour, status: null, type: null, svg: "", size: null };
    if (url) {
      const response = await fetch(url);
      Object.assign(face, { status: response.status, type: response.headers.get("content-type"),
                            svg: await response.text() });
      const image = new Image();
      image.src = url;
      await image.decode();
      face.size = [image.naturalWidth, image.naturalHeight];
    }
    faces[text] = face;
  }
  return faces;
}"""
"""Each card's face as the stylesheet draws it (a card element as cards.js makes it): the
URL of its art, its colour, and the art file fetched and decoded."""


def settle(page: Page, settings: dict[str, Any]) -> None:
    """Store the display ``settings`` before every page load of the context."""
    stored = json.dumps(json.dumps(settings))
    page.context.add_init_script(f"localStorage.setItem('ginrummy.settings', {stored})")


def hex_colour(css: str) -> str:
    """Return a computed ``rgb(r, g, b)`` colour as ``#rrggbb``."""
    (channels,) = rgb(css)
    return "#" + "".join(f"{channel:02x}" for channel in channels)


def check_faces(faces: dict[str, dict[str, Any]], four_colour: bool) -> None:
    """Check each face is its own card's art, a 5:7 SVG, with suits in the card's colour."""
    for card, face in faces.items():
        ending = "-four" if four_colour and card[1] in "dc" else ""
        assert face["url"] and face["url"].endswith(f"art/deck/{card}{ending}.svg"), face["url"]
        assert face["status"] == 200 and face["type"] == "image/svg+xml", (card, face["type"])
        assert face["size"] == [240, 336], (card, face["size"])
        # The package names each card's suit symbol S + suit + rank (SHQ: the queen of
        # hearts's), and a court figure's layers suit + rank + layer (HQ1); the page's
        # index and the art's pips share the card's colour.
        symbol = f"S{card[1].upper()}{card[0]}"
        suit = re.search(rf'<symbol id="{symbol}"[^>]*><path [^>]*>', face["svg"])
        assert suit, f"{card}: not its own art"
        assert f'fill="{hex_colour(face["colour"])}"' in suit.group(0), (card, face["colour"])
        if card[0] in "JQK":
            assert f'id="{card[1].upper()}{card[0]}1"' in face["svg"], f"{card}: no court figure"
    assert len({face["svg"] for face in faces.values()}) == len(faces)


def test_every_face_shows_its_own_art(page: Page, base_url: str) -> None:
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}")
    page.wait_for_load_state("networkidle")
    shown = page.locator("#hand .card, #pile .card").evaluate_all(
        """(cards) => cards.map((card) => [card.dataset.card,
          getComputedStyle(card).backgroundImage, card.getAttribute("aria-label")])"""
    )
    assert len(shown) == 11
    for card, image, label in shown:
        assert f"art/deck/{card}.svg" in image and label, (card, image, label)
    loaded = page.evaluate(
        "performance.getEntriesByType('resource').map((entry) => entry.name)"
        ".filter((name) => name.includes('/art/deck/') && !/\\/[shdc]\\.svg$/.test(name))"
    )
    assert sorted(name.rsplit("/", 1)[1] for name in loaded) == sorted(
        f"{card}.svg" for card, _, _ in shown
    ), "the page fetches the art of the cards it shows, and only those"
    check_faces(page.evaluate(FACES, CARDS), four_colour=False)


def test_the_four_colour_deck_paints_the_art_too(page: Page, base_url: str) -> None:
    settle(page, {"fourColour": True})
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}")
    faces = page.evaluate(FACES, CARDS)
    check_faces(faces, four_colour=True)
    colours = {card[1]: face["colour"] for card, face in faces.items()}
    assert colours == {
        "s": "rgb(27, 27, 31)",
        "h": "rgb(200, 16, 46)",
        "d": "rgb(11, 84, 184)",
        "c": "rgb(11, 110, 47)",
    }


def test_the_first_hand_does_not_wait_for_the_art(page: Page, base_url: str) -> None:
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)  # no card's art ever arrives

    page.route("**/art/deck/*", hold)
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}")
    click_action(page, "pass")
    assert phase(page) in ("first_upcard", "draw")
    rank = page.locator("#hand .card .corner b").first.bounding_box()
    assert rank and rank["width"] > 5 and rank["height"] > 10, "the index is drawn at once"
    assert held, "the faces' art was asked for"
    for route in held:
        route.abort()


def test_the_back_and_the_felt_are_chosen_and_kept(page: Page, base_url: str) -> None:
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}")
    looks = """() => ({
      back: getComputedStyle(document.querySelector("#stock .stack")).backgroundImage,
      facedown: getComputedStyle(document.querySelector("#opp-cards .card.back")).backgroundImage,
      felt: getComputedStyle(document.querySelector("#table")).backgroundImage,
      panel: getComputedStyle(document.querySelector("dialog#settings")).backgroundColor,
      theme: document.querySelector('meta[name="theme-color"]').content,
      chosen: [document.documentElement.dataset.cardBack, document.documentElement.dataset.felt],
    })"""
    before = page.evaluate(looks)
    assert "back-blue.svg" in before["back"] and "back-blue.svg" in before["facedown"]
    assert "rgb(27, 122, 71)" in before["felt"] and before["theme"] == "#0f5132"
    page.keyboard.press("o")
    dialog = page.locator("dialog#settings")
    dialog.locator("select[name=cardBack]").select_option("red")
    dialog.locator("select[name=felt]").select_option("blue")
    page.keyboard.press("Escape")
    page.reload()
    wait_idle(page)
    after = page.evaluate(looks)
    assert (after["chosen"], before["chosen"]) == (["red", "blue"], ["blue", "green"])
    assert "back-red.svg" in after["back"] and "back-red.svg" in after["facedown"]
    assert "rgb(31, 111, 166)" in after["felt"] and after["theme"] == "#0f3f66"
    assert after["panel"] != before["panel"]
    page.keyboard.press("o")
    expect(dialog.locator("select[name=cardBack]")).to_have_value("red")
    expect(dialog.locator("select[name=felt]")).to_have_value("blue")


def test_the_loading_screen_shows_the_chosen_look_before_the_scripts_run(
    page: Page, base_url: str
) -> None:
    settle(page, {"cardBack": "red", "felt": "blue"})
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)  # the page's scripts wait: only index.html and the styles ran

    page.route("**/main.js", hold)
    with page.expect_request("**/main.js"):
        page.goto(base_url, wait_until="commit")
    loading = page.locator("#loading")
    expect(loading).to_be_visible()
    assert "rgb(31, 111, 166)" in loading.evaluate("e => getComputedStyle(e).backgroundImage")
    fan = page.locator(".fan span").first.evaluate("e => getComputedStyle(e).backgroundImage")
    assert "back-red.svg" in fan
    for route in held:
        route.continue_()
    wait_idle(page)


def test_an_unknown_stored_look_reads_as_the_default(page: Page, base_url: str) -> None:
    settle(page, {"cardBack": "purple", "felt": 3, "large": True})
    open_game(page, base_url)
    root = page.locator("html")
    expect(root).to_have_attribute("data-card-back", "blue")
    expect(root).to_have_attribute("data-felt", "green")
    expect(root).to_have_attribute("data-large", "true")


def test_axe_finds_nothing_on_the_blue_felt_with_red_backs(page: Page, base_url: str) -> None:
    settle(page, {"cardBack": "red", "felt": "blue"})
    check_every_screen(page, base_url)


def test_screenshots_of_each_look(page: Page, base_url: str, artifacts: Path) -> None:
    # Each screen in each look, chosen in Settings, at each of SIZES, the window turned
    # between them: a boot for each look and size cost a core 3 to 4 s more.
    def shoot(screen: str) -> None:
        for size in SIZES:
            resize(page, size)
            page.mouse.move(1, 1)  # no card raised by a hover
            if screen == "rules":
                page.locator("#rules-help .example").first.scroll_into_view_if_needed()
            wait_for_art(page)
            page.screenshot(path=str(artifacts / f"deck-{size}-{look}-{screen}.png"))

    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}")
    click_action(page, "pass")
    if phase(page) == "draw":
        click_action(page, "stock")
    for look in LOOKS:
        choose_look(page, look)
        shoot("table")
        open_help(page)
        shoot("rules")
        page.keyboard.press("Escape")
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "2d"))
    click_action(page, "upcard")
    page.locator('#controls [data-action="knock Kd"]').click()
    page.locator('dialog#confirm [data-action="knock Kd"]').click()
    wait_idle(page)
    for look in LOOKS:
        choose_look(page, look)
        shoot("showdown")


def choose_look(page: Page, look: str) -> None:
    """Choose each setting of ``LOOKS[look]`` in the Settings dialog, as a player would."""
    page.locator("#settings-button").click()
    dialog = page.locator("dialog#settings")
    for name, value in LOOKS[look].items():
        control = dialog.locator(f"[name={name}]")
        if isinstance(value, bool):
            control.set_checked(value)
        else:
            control.select_option(value)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("html")).to_have_attribute("data-felt", str(LOOKS[look]["felt"]))
    page.locator("#settings-button").blur()  # no focus ring in the screenshots


def wait_for_art(page: Page) -> None:
    """Wait until every art file the page asked for has arrived and no card still moves."""
    page.wait_for_load_state("networkidle")
    poll(page, "document.getAnimations().length === 0")
