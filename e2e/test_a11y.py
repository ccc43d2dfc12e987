"""Accessibility: the game played with the keyboard alone, its moves spoken in the live
log as the engine made them, the settings (large cards, four colours, reduced motion) and
axe-core's check of every screen: no serious or critical violation.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from player import (
    ROOT,
    SIZES,
    TIMEOUT,
    engine_match,
    hand_titles,
    open_game,
    open_help,
    phase,
    plant_save,
    play_to,
    resize,
    saved,
    wait_idle,
)
from playwright.sync_api import Locator, Page, Route, expect

from deals import KNOCKER, LOOSE, STANDARD, crafted, layoff_match, seed_dealt_by
from ginrummy.match import Match
from ginrummy.rules import PRESETS

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
RANK_NAMES = "ace two three four five six seven eight nine ten jack queen king"
RANKS = dict(zip("A23456789TJQK", RANK_NAMES.split(" "), strict=True))
SUITS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


def name(card: str) -> str:
    """Return a card's spoken name, as the page says it: ``"Qs"`` is "queen of spades"."""
    return f"{RANKS[card[0]]} of {SUITS[card[1]]}"


def check_axe(page: Page, screen: str) -> None:
    """Run axe-core on the page; fail on any violation (of any impact), listing them."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text())  # not a <script> tag: the page's policy refuses one
    found: list[dict[str, Any]] = page.evaluate(
        """axe.run(document, { resultTypes: ["violations"] }).then((result) =>
          result.violations
            .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                           nodes: v.nodes.map((n) => `${n.target}: ${n.failureSummary}`) })))"""
    )
    assert not found, f"axe on the {screen}:\n{json.dumps(found, indent=1)}"
    for dialog in page.locator("dialog[open]").all():
        check_dialog_contrast(dialog.evaluate(DIALOG_TEXTS), screen)


DIALOG_TEXTS = """(dialog) => {
  const backdrop = (e) => {
    for (let n = e; n; n = n.parentElement) {
      const s = getComputedStyle(n);
      if (s.backgroundColor !== "rgba(0, 0, 0, 0)") return s.backgroundColor;
    }
    return null;
  };
  const opacity = (e) => (e ? Number(getComputedStyle(e).opacity) * opacity(e.parentElement) : 1);
  return [...dialog.querySelectorAll("*")]
    .filter((e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
    .filter((e) => e.getClientRects().length && !e.closest(":disabled, [aria-hidden=true], .card"))
    .map((e) => {
      const s = getComputedStyle(e);
      const size = parseFloat(s.fontSize);
      return { text: `${e.tagName.toLowerCase()}: ${e.textContent.trim().slice(0, 40)}`,
               color: s.color, background: backdrop(e), opacity: opacity(e),
               large: size >= 24 || (size >= 18.66 && Number(s.fontWeight) >= 700) };
    });
}"""
"""Each text of a dialog with its colour, the first solid background behind it, its opacity."""


def check_dialog_contrast(texts: list[dict[str, Any]], screen: str) -> None:
    """Check each text of an open dialog against its background (WCAG AA: 4.5:1, 3:1 large).

    Axe leaves these undecided ("incomplete") under the modal's backdrop; the dialogs'
    backgrounds are solid colours, so the ratio is computed here.
    """
    for text in texts:
        assert text["background"], f"{screen}: no background behind {text['text']}"
        (background,) = rgb(text["background"])
        alpha = text["opacity"] * float(
            (re.findall(r"rgba\(.*, ([\d.]+)\)", text["color"]) or [1])[0]
        )
        shown = tuple(
            round(ink * alpha + back * (1 - alpha))
            for ink, back in zip(rgb(text["color"])[0], background, strict=True)
        )
        ratio = contrast(shown, background)
        assert ratio >= (3 if text["large"] else 4.5), f"{screen}: {text} has {ratio:.2f}:1"


def focused(page: Page) -> dict[str, str | None]:
    """Return the card and the action of the focused element (None where it has none)."""
    result: dict[str, str | None] = page.evaluate(
        """(() => { const e = document.activeElement;
          return { card: e.dataset.card ?? null, action: e.dataset.action ?? null }; })()"""
    )
    return result


def focus_card(page: Page, card: str) -> None:
    """Walk the hand with the arrow keys (from its first card) until ``card`` has focus."""
    page.keyboard.press("c")
    page.keyboard.press("Home")
    for _ in range(12):
        if focused(page)["card"] == card:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrow keys never reached {card}: {focused(page)}")


def key_turn(page: Page) -> None:
    """Make one move with the keyboard only: go out when possible, else draw and shed deadwood."""
    wait_idle(page)
    going = page.locator("#controls .go-out")
    if going.count():
        page.keyboard.press("g" if page.locator("#controls .go-out.gin").count() else "k")
        expect(page.locator("dialog#confirm")).to_be_visible()
        assert focused(page)["action"], "the confirm dialog has focus on its choice"
        page.keyboard.press("Enter")
    elif page.locator('[data-action="pass"]').count():
        page.keyboard.press("p")
    elif page.locator('[data-action="stock"]').count():
        page.keyboard.press("s")
    elif page.locator("#hand [data-action^='layoff']").count():
        focus_card(
            page,
            str(page.locator("#hand [data-action^='layoff']").first.get_attribute("data-card")),
        )
        page.keyboard.press("Enter")
    elif page.locator('[data-action="done"]').count():
        page.keyboard.press("f")
    else:
        after = hand_titles(page)
        focus_card(page, min(after, key=lambda card: (after[card], card)))
        discard_with_keys(page)
    wait_idle(page)


def discard_with_keys(page: Page) -> None:
    """Discard the focused hand card: Enter picks it, Enter again discards it."""
    page.keyboard.press("Enter")
    expect(page.locator("#hand .card.selected")).to_have_count(1)
    page.keyboard.press("Enter")


def spoken(page: Page) -> list[str]:
    """Return the lines of the live log, oldest first."""
    lines: list[str] = page.locator("#announce p").all_inner_texts()
    return lines


def spoken_list(items: list[str]) -> str:
    """Return ``items`` joined as English lists them: "a", "a and b", "a, b, and c"."""
    if len(items) < 3:
        return " and ".join(items)
    return f"{', '.join(items[:-1])}, and {items[-1]}"


def move_words(match: Match, event: Any, drawn: str | None) -> str:
    """Return the words the page should say for one move (without who made it)."""
    from ginrummy.cards import format_card

    word = event.action.split()[0]
    card = name(format_card(event.card)) if event.card is not None else ""
    if word == "stock":
        return f"drew the {name(drawn)} from the stock" if drawn else "drew from the stock"
    if word == "pass":
        return f"passed on the {name(format_card(event.declined))}"
    if word == "knock":
        showdown = match.hand.showdown
        assert showdown is not None
        return f"knocked with {showdown.knocker_arrangement.count} deadwood, discarding the {card}"
    return {
        "upcard": f"took the {card} from the discard pile",
        "discard": f"discarded the {card}",
        "gin": f"went gin, discarding the {card}",
        "big": "went big gin",
        "layoff": f"laid off the {card}",
        "done": "finished laying off",
    }[word]


def expected_sentences(match: Match) -> list[str]:
    """Return what the page should have said of the moves of the match's current hand.

    The match is replayed on the engine, so the player's stock draws name their card. The
    player's moves are told one by one as made; the opponent's turns each as one sentence.
    """
    from ginrummy.cards import format_mask

    replay = Match(match.rules, seed=match.seed, decks=match.decks)
    turns: list[tuple[int, list[str]]] = []
    for action in match.actions:
        seat = replay.to_move
        before = replay.hand.hands[0]
        count = len(replay.hand.events)
        replay.play(action)
        if action.text == "next":
            turns = []
            continue
        event = replay.hand.events[count]
        drawn = None
        if seat == 0 and event.action == "stock":
            (drawn,) = format_mask(replay.hand.hands[0] & ~before)
        words = move_words(match, event, drawn)
        if seat == 1 and turns and turns[-1][0] == 1:
            turns[-1][1].append(words)
        else:
            turns.append((event.seat, [words]))
    who = {0: "You", 1: "The opponent"}
    return [f"{who[seat]} {spoken_list(words)}." for seat, words in turns]


def test_a_whole_hand_played_with_the_keyboard_is_told_move_by_move(
    page: Page, base_url: str, artifacts: Path
) -> None:
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}&level=simple")
    assert spoken(page)[0].startswith("Hand 1: the opponent dealt. Your turn. Take the ")
    page.keyboard.press("c")
    page.keyboard.press("End")
    card = page.locator("#hand .card:focus")
    expect(card).to_have_count(1)
    style = card.evaluate(
        """(e) => { const s = getComputedStyle(e);
          return [e.matches(":focus-visible"), s.outlineStyle, s.outlineWidth, s.outlineColor]; }"""
    )
    assert style == [True, "solid", "3px", "rgb(255, 243, 196)"], style
    assert page.locator("#hand .card[tabindex='0']").count() == 1  # the hand is one tab stop
    page.screenshot(path=str(artifacts / "phone-keyboard-focus.png"))
    play_to(page, "hand_over", 300, turn=key_turn)
    assert focused(page)["action"] == "next", "the hand's end takes the focus to its button"
    live = page.evaluate(
        """[...document.querySelectorAll("[aria-live], [role=status], [role=log], [role=alert]")]
          .filter((e) => !e.closest("[hidden]")).map((e) => e.id)"""
    )
    assert live == ["announce"], "one live region speaks, so nothing is said twice"
    match = engine_match(page)
    told = " ".join(spoken(page))
    for sentence in expected_sentences(match):
        assert told.count(sentence) == 1, f"{sentence!r} not told once in:\n{told}"
    totals = match.scoresheet.games[-1].totals
    assert f"Score: you {totals[0]}, opponent {totals[1]}." in told
    assert page.locator(".outcome").inner_text() in told
    page.keyboard.press("Enter")  # the focused "Next hand"
    wait_idle(page)
    assert engine_match(page).hand_number == 2
    assert spoken(page)[0].startswith("Hand 2: ")


def contrast(first: tuple[int, ...], second: tuple[int, ...]) -> float:
    """Return the WCAG contrast ratio of two sRGB colours."""

    def luminance(colour: tuple[int, ...]) -> float:
        linear = [
            c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
            for c in (channel / 255 for channel in colour[:3])
        ]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def rgb(text: str) -> list[tuple[int, ...]]:
    """Return every ``rgb(r, g, b)`` colour written in a CSS value."""
    return [tuple(map(int, found)) for found in re.findall(r"rgba?\((\d+), (\d+), (\d+)", text)]


ON_THE_FELT = [
    "#stock-count",
    "#rules-line",
    ".target",
    "#prompt",
    "#opp-says",
    ".seat .label",
    "#deadwood",
]
"""Texts drawn straight on the felt (not on a card, button or pill)."""


FELTS = ["green", "blue", "red", "grey", "contrast"]
BACKS = ["blue", "red", "green", "black", "contrast"]
"""The felts and card backs of the Settings dialog, in its order."""


def assert_text_on_the_felt_meets_wcag_aa(page: Page, felt: str) -> None:
    """Assert each text drawn straight on the ``felt`` the table shows has a WCAG AA
    contrast (AAA on the high-contrast felt) against every stop of its gradient: axe does
    not measure text over a gradient."""
    stops = rgb(page.locator("#table").evaluate("e => getComputedStyle(e).backgroundImage"))
    assert len(stops) == 3, stops  # the gradient's stops, lightest first
    for selector in ON_THE_FELT:
        (colour,) = rgb(page.locator(selector).first.evaluate("e => getComputedStyle(e).color"))
        worst = min(contrast(colour, stop) for stop in stops)
        least = 7 if felt == "contrast" else 4.5  # high contrast: WCAG AAA
        assert worst >= least, f"{selector}: {colour} has {worst:.2f}:1 on the {felt} felt"


def test_every_felt_and_card_back_passes_axe_and_its_text_meets_wcag_aa(
    page: Page, base_url: str
) -> None:
    # Each felt and each back chosen in Settings, as a player would, then axe on the table
    # (its texts on the felt, the stock's back) and on the Settings dialog over it, and the
    # contrast of the texts on the felt. One page for all five: that a choice is kept
    # across a reload is test_deck.py's.
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}")
    dialog = page.locator("dialog#settings")
    for felt, back in zip(FELTS, BACKS, strict=True):
        page.locator("#settings-button").click()
        dialog.locator("select[name=felt]").select_option(felt)
        dialog.locator("select[name=cardBack]").select_option(back)
        expect(page.locator("html")).to_have_attribute("data-felt", felt)
        expect(page.locator("html")).to_have_attribute("data-card-back", back)
        check_axe(page, f"settings on the {felt} felt")
        close_with_escape(page, dialog)
        assert_text_on_the_felt_meets_wcag_aa(page, felt)
        drawn = page.locator("#stock .stack").evaluate("c => getComputedStyle(c).backgroundImage")
        assert f"art/back-{back}.svg" in drawn, drawn
        loaded = page.evaluate(
            "(url) => new Promise((done) => { const image = new Image();"
            " image.onload = () => done(image.naturalWidth); image.onerror = () => done(0);"
            " image.src = url; })",
            re.search(r'url\("([^"]+)"\)', drawn).group(1),  # type: ignore[union-attr]
        )
        assert loaded == 240, f"the {back} back did not load"
        check_axe(page, f"table on the {felt} felt with the {back} back")


def test_the_keys_move_a_card_in_the_hand(page: Page, base_url: str) -> None:
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "Jc"))
    page.keyboard.press("u")
    wait_idle(page)
    deadwood = page.locator("#hand .group.deadwood .card")
    expect(deadwood).to_have_count(2)
    first, second = (str(card.get_attribute("data-card")) for card in deadwood.all())
    focus_card(page, second)
    page.keyboard.press("Shift+ArrowLeft")
    expect(deadwood.first).to_have_attribute("data-card", second)
    assert focused(page)["card"] == second, "the moved card keeps the focus"
    assert saved(page)["order"].index(second) < saved(page)["order"].index(first)
    assert spoken(page)[-1] == f"{name(second)} moved to place 10 of 11."
    melds = page.locator("#hand .group.meld")
    first_meld = melds.first.get_attribute("aria-label")
    focus_card(page, str(melds.first.locator(".card").first.get_attribute("data-card")))
    page.keyboard.press("Shift+ArrowRight")  # a meld moves whole, past the next meld
    expect(melds.nth(1)).to_have_attribute("aria-label", str(first_meld))
    assert engine_match(page).actions[-1].text == "upcard"  # moving cards plays nothing


def test_the_list_of_keys_opens_at_its_title_with_close_in_view(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?seed=5")
    for size in SIZES:
        resize(page, size)
        page.keyboard.press("?")
        dialog = page.locator("dialog#keys")
        expect(dialog.get_by_role("heading", name="Keyboard shortcuts")).to_be_in_viewport(ratio=1)
        expect(dialog.get_by_role("button", name="Close")).to_be_in_viewport(ratio=1)
        expect(dialog.get_by_role("button", name="Close")).to_be_focused()  # Enter closes it
        close_with_escape(page, dialog)


def test_shortcuts_wait_for_their_move_and_for_closed_dialogs(page: Page, base_url: str) -> None:
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}")
    before = saved(page)["save"]
    page.keyboard.press("s")  # the stock is not a move before the first upcard is decided
    assert spoken(page)[-1] == "S: not possible now."
    page.keyboard.press("?")
    expect(page.locator("dialog#keys")).to_be_visible()
    expect(page.locator("dialog#keys")).to_contain_text("Draw from the stock")
    page.keyboard.press("p")  # a dialog is open: no move
    close_with_escape(page, page.locator("dialog#keys"))
    page.keyboard.press("n")
    form = page.locator("dialog#newgame")
    expect(form).to_be_visible(timeout=TIMEOUT)  # the options wait for the opponent's loading
    form.locator("input[inputmode=numeric]").last.focus()
    page.keyboard.type("5p")  # typing in the form plays no move
    close_with_escape(page, form)
    wait_idle(page)  # a cancelled form leaves the table waiting for the player
    assert saved(page)["save"] == before
    page.keyboard.press("p")
    wait_idle(page)
    assert engine_match(page).actions[0].text == "pass"


def test_tab_reaches_every_control_and_the_hand_once(page: Page, base_url: str) -> None:
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}")
    stops = []
    for _ in range(20):
        page.keyboard.press("Tab")
        stop = page.evaluate(
            """(() => { const e = document.activeElement;
              return e.id || e.dataset.action || (e.closest("#hand") ? "hand" : e.tagName); })()"""
        )
        if stops and stop == stops[0]:
            break
        stops.append(stop)
    wanted = [
        *["keys-button", "hint-button", "rules-button", "replay-button", "stats-button"],
        *["new-button", "settings-button", "stock"],
    ]
    assert stops[: len(wanted)] == wanted, stops
    assert {"upcard", "pass"} <= set(stops) and stops.count("hand") == 1, stops
    page.keyboard.press("h")  # the hint is told too
    expect(page.locator("#announce p").last).to_contain_text("Hint:", timeout=TIMEOUT)


def another_page(page: Page) -> Page:
    """Return a new page in the same context, at the same size (its own init scripts), the
    context's other pages closed: the saved game is played in one tab at a time."""
    size = page.viewport_size
    context = page.context
    for open_page in context.pages:
        open_page.close()
    fresh = context.new_page()
    if size:
        fresh.set_viewport_size(size)
    return fresh


def knock_to_the_end(page: Page, base_url: str, match: Match, screen: str) -> None:
    """Open the crafted ``match``, take the upcard and knock with keys; check each screen."""
    plant_save(page, base_url, match)
    page.keyboard.press("u")
    wait_idle(page)
    page.keyboard.press("k")
    expect(page.locator("dialog#confirm")).to_be_visible()
    check_axe(page, "go-out confirm")
    page.keyboard.press("Enter")
    wait_idle(page)
    assert phase(page) == screen
    check_axe(page, screen.replace("_", " "))


def check_every_screen(page: Page, base_url: str) -> None:
    """Run axe on the loading screen, the error dialog, the table in each phase and every dialog."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)  # Python's snapshot waits: the loading screen stays

    page.route("**/*.snapshot", hold)
    page.add_init_script("localStorage.setItem('ginrummy.game', '{not json')")
    page.add_init_script("localStorage.setItem('ginrummy.speed', 'slow')")
    with page.expect_request("**/*.snapshot"):
        page.goto(f"{base_url}?seed={seed_dealt_by(STANDARD, 1)}")
    expect(page.locator("#loading")).to_be_visible()
    check_axe(page, "loading screen")
    for route in held:
        route.continue_()
    page.wait_for_selector("html[data-ready]", timeout=60_000)
    expect(page.locator("dialog#message")).to_be_visible()
    check_axe(page, "error message")
    page.keyboard.press("Escape")
    wait_idle(page)
    check_axe(page, "table at the first upcard")
    for key, dialog in (("?", "keys"), ("o", "settings"), ("n", "newgame")):
        page.keyboard.press(key)
        expect(page.locator(f"dialog#{dialog}")).to_be_visible(timeout=TIMEOUT)
        check_axe(page, f"{dialog} dialog")
        close_with_escape(page, page.locator(f"dialog#{dialog}"))
        wait_idle(page)
    page.keyboard.press("p")
    wait_idle(page)
    assert phase(page) == "draw"
    check_axe(page, "table at the draw")
    page.keyboard.press("s")
    wait_idle(page)
    check_axe(page, "table at the discard")
    page.keyboard.press("c")
    page.keyboard.press("Enter")
    expect(page.locator("#hand .card.selected")).to_have_count(1)
    check_axe(page, "table with a card picked to discard")
    page.keyboard.press("Enter")
    page.wait_for_selector('#table[data-turn="opponent"]')
    check_axe(page, "table at the opponent's turn")
    wait_idle(page)

    knock_to_the_end(another_page(page), base_url, crafted(KNOCKER, LOOSE, "2d"), "hand_over")
    match = crafted(KNOCKER, LOOSE, "2d", STANDARD.replace(target=10))
    knock_to_the_end(another_page(page), base_url, match, "match_over")


@pytest.mark.parametrize("size", list(SIZES))
def test_axe_finds_nothing_serious_on_any_screen(page: Page, base_url: str, size: str) -> None:
    resize(page, size)
    check_every_screen(page, base_url)


def test_axe_finds_nothing_serious_with_large_cards_in_four_colours(
    page: Page, base_url: str
) -> None:
    settings = json.dumps({"large": True, "fourColour": True})
    page.context.add_init_script(f"localStorage.setItem('ginrummy.settings', '{settings}')")
    check_every_screen(page, base_url)


def test_settings_are_kept_and_change_the_cards(page: Page, base_url: str, artifacts: Path) -> None:
    query = f"?seed={seed_dealt_by(STANDARD, 1)}"
    open_game(page, base_url, query)
    plain = page.locator("#hand .card").first.bounding_box()
    page.keyboard.press("o")
    dialog = page.locator("dialog#settings")
    expect(dialog).to_be_visible()
    for setting in ("large", "fourColour"):
        dialog.locator(f"input[name={setting}]").focus()
        page.keyboard.press("Space")
    page.keyboard.press("Escape")
    page.reload()
    wait_idle(page)
    root = page.locator("html")
    expect(root).to_have_attribute("data-large", "true")
    expect(root).to_have_attribute("data-four-colour", "true")
    large = page.locator("#hand .card").first.bounding_box()
    assert plain and large and large["width"] > plain["width"] * 1.1
    colours = page.evaluate(
        """Object.fromEntries(["s", "h", "d", "c"].map((suit) => {
          const card = document.createElement("span");
          card.className = "card"; card.dataset.suit = suit; document.body.append(card);
          const colour = getComputedStyle(card).color; card.remove(); return [suit, colour]; }))"""
    )
    assert len(set(colours.values())) == 4, colours
    assert colours["d"] == "rgb(11, 84, 184)" and colours["c"] == "rgb(11, 110, 47)"
    page.screenshot(path=str(artifacts / "phone-large-four-colour.png"))
    page.keyboard.press("o")
    expect(dialog.locator("input[name=large]")).to_be_checked()


def test_a_key_pressed_as_a_dialog_closes_goes_to_the_table(page: Page, base_url: str) -> None:
    # Settings opened by its key, with nothing focused before, has nothing to give focus
    # back to: left to the browser, focus stayed on the speed list until the dialog's close
    # event, and a key pressed then was taken for typing in it (the flaky "n" after
    # Settings). Pressed as soon as the dialog is hidden, it went there 13 times in 20: five
    # tries all reach the table only when the key handler looks past a closed dialog.
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}")
    for _ in range(5):
        page.keyboard.press("o")
        expect(page.locator("dialog#settings")).to_be_visible()
        expect(page.locator("#speed")).to_be_focused()
        close_with_escape(page, page.locator("dialog#settings"))
        page.keyboard.press("n")
        expect(page.locator("dialog#newgame")).to_be_visible(timeout=TIMEOUT)
        close_with_escape(page, page.locator("dialog#newgame"))  # and "o" at once after
    assert page.locator("#speed").input_value() == "instant"


LATE_CLOSE = """const listen = HTMLDialogElement.prototype.addEventListener;
HTMLDialogElement.prototype.addEventListener = function (type, listener, options) {
  const late = (event) => setTimeout(() => listener.call(this, event), 1000);
  return listen.call(this, type, type === "close" ? late : listener, options);
};"""
"""An init script: each dialog's "close" listeners run a second late. The close event is a
task of its own, which on a loaded machine can run after keys pressed later."""


def test_a_key_pressed_before_a_dialog_s_close_event_is_not_lost(page: Page, base_url: str) -> None:
    # The flaky "n" after a dialog closed: the new-game form ended (and the table stopped
    # being busy with it) only at the form's close event; an "n" that came before it was
    # dropped by the busy table. Now Escape's cancel event, fired with the key, ends it.
    page.add_init_script(LATE_CLOSE)
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}")
    newgame = page.locator("dialog#newgame")
    for _ in range(2):
        page.keyboard.press("n")
        expect(newgame).to_be_visible()
        close_with_escape(page, newgame)  # the second "n" comes before this close's event


def slides_made(page: Page) -> int:
    """Return how many element animations moving something (a transform) the page has
    started (counted by an init script): a deal's fade is no slide."""
    return int(page.evaluate("window.slides"))


COUNT_SLIDES = """window.slides = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  if (JSON.stringify(args[0]).includes("transform")) window.slides += 1; // a fade moves nothing
  return animate.apply(this, args);
};"""


@pytest.mark.parametrize("how", ["system", "setting", "none"])
def test_reduced_motion_means_no_slides(page: Page, base_url: str, how: str) -> None:
    page.add_init_script(COUNT_SLIDES)
    if how == "system":
        page.emulate_media(reduced_motion="reduce")
    if how == "setting":
        page.add_init_script(
            "localStorage.setItem('ginrummy.settings', '{\"reduceMotion\": true}')"
        )
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}", speed="normal")
    page.keyboard.press("u")
    wait_idle(page)
    transition = page.locator("#hand .card").first.evaluate(
        "e => getComputedStyle(e).transitionDuration"
    )
    if how == "none":
        assert slides_made(page) > 0 and transition != "0s"
    else:
        expect(page.locator("html")).to_have_attribute("data-reduce-motion", "true")
        assert slides_made(page) == 0 and transition == "0s"


def close_with_escape(page: Page, dialog: Locator) -> None:
    """Press Escape and wait until ``dialog`` is gone: only then is focus given back and do
    keys reach the table again."""
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def keyboard_dialog(page: Page, opener: str, dialog: str, screen: str, ready: str = "") -> None:
    """Open ``dialog`` with Enter on the focused ``opener`` (and wait for ``ready`` in it);
    check focus lands inside, axe, then Escape: it closes and focus is back on the opener."""
    page.locator(opener).focus()
    page.keyboard.press("Enter")
    box = page.locator(f"dialog#{dialog}")
    expect(box).to_be_visible(timeout=TIMEOUT)
    if ready:
        box.locator(ready).first.wait_for()
    assert box.evaluate("(d) => d.contains(document.activeElement)"), f"focus outside {dialog}"
    check_axe(page, screen)
    close_with_escape(page, box)
    expect(page.locator(opener)).to_be_focused()  # back on the opener (on its close event)


def check_the_look_backs(page: Page, base_url: str, tmp_path: Path) -> None:
    """Axe on the Rules help (menu and new-game form), Statistics (empty, with figures, its
    reset question), the hand review and the Replays dialog (a loaded record, a bad file)."""
    slip = crafted(KNOCKER, LOOSE, "2d")
    plant_save(page, base_url, slip)
    keyboard_dialog(page, "#stats-button", "stats", "statistics, empty")
    keyboard_dialog(page, "#rules-button", "rules-help", "rules help", ".example")
    page.keyboard.press("n")
    expect(page.locator("dialog#newgame")).to_be_visible(timeout=TIMEOUT)
    help_button = "dialog#newgame button.help"
    keyboard_dialog(page, help_button, "rules-help", "rules help over the form", ".example")
    expect(page.locator("dialog#newgame")).to_be_visible()
    close_with_escape(page, page.locator("dialog#newgame"))  # keys reach the table again
    wait_idle(page)
    page.keyboard.press("u")
    wait_idle(page)
    focus_card(page, "7h")  # the slip: a knock with 2 deadwood was there
    discard_with_keys(page)
    wait_idle(page)
    play_to(page, "hand_over", 100, turn=key_turn)
    keyboard_dialog(page, "#stats-button", "stats", "statistics with figures")
    page.locator("#stats-button").click()
    page.locator('dialog#stats [data-stats="reset"]').click()
    expect(page.locator("dialog#stats .stats-confirm")).to_be_visible()
    check_axe(page, "statistics reset question")
    close_with_escape(page, page.locator("dialog#stats"))
    review = '#showdown [data-command="review"]'
    keyboard_dialog(page, review, "review", "hand review")
    page.locator(review).click()
    expect(page.locator("dialog#review")).to_be_visible()
    step = page.locator("dialog#review .review-step")
    expect(step).to_have_attribute("data-step", "1")
    page.keyboard.press("ArrowRight")
    expect(step).to_have_attribute("data-step", "2")
    told = page.locator("dialog#review [role=status]")  # the page's live log is inert now
    said = step.locator(".step-head > *").all_inner_texts()
    expect(told).to_have_text(f"{said[0]}: {said[1]}")  # "Move 3 of 10: The opponent drew..."
    page.keyboard.press("Home")
    expect(step).to_have_attribute("data-step", "0")
    check_axe(page, "hand review at its first move")
    close_with_escape(page, page.locator("dialog#review"))
    expect(page.locator(review)).to_be_focused()  # given back once the dialog has closed

    keyboard_dialog(page, "#replay-button", "replay", "replays dialog")
    page.locator("#replay-button").click()
    dialog = page.locator("dialog#replay")
    expect(dialog).to_be_visible()
    path = tmp_path / "game.json"
    path.write_text(saved(page)["save"])
    dialog.locator("input[type=file]").set_input_files(path)
    view = dialog.locator(".replay-view")
    expect(view).to_have_attribute("data-step", "0")
    page.keyboard.press("ArrowRight")
    expect(view).to_have_attribute("data-step", "1")
    expect(dialog.locator("[role=status]")).to_contain_text("Move 1 of")
    check_axe(page, "replay at its first move")
    page.keyboard.press("End")
    check_axe(page, "replay at its end")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    dialog.locator("input[type=file]").set_input_files(bad)
    expect(dialog.locator(".error")).to_contain_text('"bad.json" could not be opened')
    check_axe(page, "replays dialog with a bad file")
    close_with_escape(page, dialog)


@pytest.mark.parametrize("size", list(SIZES))
def test_axe_on_the_rules_statistics_review_and_replays(
    page: Page, base_url: str, tmp_path: Path, size: str
) -> None:
    resize(page, size)
    check_the_look_backs(page, base_url, tmp_path)


def test_axe_on_a_practice_game_and_undo_in_the_keys(page: Page, base_url: str) -> None:
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}&practice=true&level=easy")
    expect(page.locator("#practice-chip")).to_be_visible()
    for _ in range(4):
        key_turn(page)
    expect(page.locator("#opp-why")).to_contain_text("It told itself")
    check_axe(page, "practice game")
    page.keyboard.press("?")
    expect(page.locator("dialog#keys")).to_contain_text("Undo your last move")
    expect(page.locator("dialog#keys")).to_contain_text("Ctrl + Z")
    close_with_escape(page, page.locator("dialog#keys"))
    keyboard_dialog(page, "#settings-button", "settings", "settings in a practice game")


def test_axe_on_the_page_in_german(page: Page, base_url: str) -> None:
    open_game(page, base_url, f"?lang=de&seed={seed_dealt_by(STANDARD, 1)}")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    check_axe(page, "table in German")
    for opener, dialog in (("#keys-button", "keys"), ("#settings-button", "settings")):
        keyboard_dialog(page, opener, dialog, f"{dialog} in German")
    page.keyboard.press("?")  # the key caps of a German keyboard
    keys = page.locator("dialog#keys")
    expect(keys).to_contain_text("Strg + Z")
    expect(keys).to_contain_text("Pos1 und Ende: erste und letzte Karte")
    expect(keys.locator("kbd", has_text="Eingabe")).to_be_visible()
    close_with_escape(page, keys)
    open_help(page)
    check_axe(page, "rules help in German")


def test_axe_on_manual_lay_offs_and_the_hollywood_sheet(page: Page, base_url: str) -> None:
    plant_save(page, base_url, layoff_match())
    assert phase(page) == "layoff"
    check_axe(page, "manual lay-offs")
    key_turn(page)  # a lay-off, with the keys
    check_axe(page, "manual lay-offs, one laid off")
    other = another_page(page)
    knock_to_the_end(
        other, base_url, crafted(KNOCKER, LOOSE, "2d", PRESETS["hollywood"]), "hand_over"
    )
    expect(other.locator(".sheet.hollywood")).to_be_visible()


def test_axe_on_the_friend_s_invite_and_the_pass_and_play_cover(page: Page, base_url: str) -> None:
    # The dialogs of issue 52: the invite (its link, QR code and the answer's box), then a
    # pass-and-play match's cover between turns.
    open_game(page, base_url, "?seed=3")
    page.click("#new-button")
    page.click('#newgame [data-friend="host"]')
    expect(page.locator('#newgame textarea[name="invite"]')).not_to_have_value("", timeout=60_000)
    check_axe(page, "friend's invite")
    close_with_escape(page, page.locator("dialog#newgame"))
    page.click("#new-button")
    page.click('#newgame [data-pass-play="new"]')
    expect(page.locator("dialog#pass")).to_be_visible()
    check_axe(page, "pass-and-play cover")
