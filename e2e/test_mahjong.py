"""Mahjong gin in the page (issue 15): the whole open pile to take from, melds laid and
added to on the table by tap and by keyboard, the table score, the hand's end, rules help,
replays; axe-core, phone and desktop.

The crafted deal (the player, seat 0, is the non-dealer): both pass the upcard Tc; the
player draws and discards the 7h, the opponent the 8h, the player the 3h, the opponent
the 5c. The pile is then, bottom to top, Tc 7h 8h 3h 5c, and the player holds
4h 5h 6h (a run the 7h extends), 8c 8d (the 8h makes a set), Kc Ks 2c 2d 9s. Tapping the
7h takes it with every card above it (``take 4``: 7h 8h 3h 5c); the 7h must go into a
meld at once (4h5h6h7h), the 8h may too in the same turn (``meld_after_take``), and the
3h extends the run on the table (``add 3h to 4h5h6h7h``). Table points, worked by hand
(2-9 = 5, 10-K = 10, A = 15): the run 3h4h5h6h7h is 5 x 5 = 25 and the set 8c8d8h 15, so
40 for the player; in hand Kc Ks 2c 2d 9s 5c = 10 + 10 + 5 + 5 + 5 + 5 = 40, 35 after
discarding the 9s.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from player import (
    click_action,
    fits_the_height,
    fits_the_width,
    hand_cards,
    open_game,
    open_help,
    phase,
    plant_save,
    resize,
    saved,
    tap,
    turned_to_each,
    wait_idle,
    window,
)
from playwright.sync_api import Page, expect
from test_a11y import check_axe
from test_table import LARGE_SETTING, assert_large_cards_larger, within_the_window

from deals import crafted, piled, played_by_hard
from ginrummy.bot import match_legal
from ginrummy.bridge import Session, resume
from ginrummy.match import Match
from ginrummy.rules import find_rules
from ginrummy.view import seat_view

MAHJONG = find_rules("mahjong")
PLAYER = "8c 8d 4h 5h 6h Kc Ks 2c 2d 9s"
DEALER = "Ac Jh Qh 4s 8s 7c Td 9d Jc 3s"


def crafted_take() -> Match:
    """Return the crafted Mahjong gin match above, the player to draw from Tc 7h 8h 3h 5c."""
    return piled(MAHJONG, PLAYER, DEALER, upcard="Tc", stock="7h 8h 3h 5c")


def pile(page: Page) -> list[str]:
    """Return the pile's cards as shown, bottom first."""
    cards: list[str] = page.locator("#pile .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    return cards


def table_melds(page: Page) -> dict[str, list[list[str]]]:
    """Return the melds on the table as shown, per row ("0": the player's, "1": the opponent's)."""
    found: dict[str, list[list[str]]] = page.evaluate(
        """() => Object.fromEntries([0, 1].map((seat) => [String(seat),
             [...document.querySelectorAll(`#mj-table .seat-${seat} .mj-meld`)].map((g) =>
               [...g.querySelectorAll('.card')].map((c) => c.dataset.card))]))"""
    )
    return found


def pick(page: Page, *cards: str) -> None:
    """Tap each of ``cards`` in the hand (each tap picks one)."""
    for card in cards:
        tap(page.locator(f'#hand [data-card="{card}"]'))


def hinted_move(page: Page, stray: bool = False) -> str:
    """Make the move the hint names, by its control on the table; return its action. With
    ``stray``, a card is picked first: the hint picks the cards of its own move instead."""
    if stray:
        tap(page.locator("#hand .card").first)
    page.click("#hint-button")
    control = page.locator("#table .hinted").first
    control.wait_for()
    action = str(control.get_attribute("data-action"))
    said = page.locator("#hint-line").inner_text()
    assert not re.search(r"(?<![A-Za-z])[2-9TJQKA][cdhs](?![a-z])", said), said  # cards: 7♥
    word, _, rest = action.partition(" ")
    laid = rest.split(" ")[0] if word in ("meld", "add") else ""
    picked = page.locator("#hand .card.selected").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert sorted(picked) == sorted(laid[i : i + 2] for i in range(0, len(laid), 2)), action
    if action.startswith("gin "):  # its dialog shows the melds it lays, if any are left
        control.click()
        page.locator("dialog#confirm [data-action]").click()
        wait_idle(page)
    elif action.startswith("discard "):
        tap(control)  # picked
        tap(control)  # discarded
        wait_idle(page)
    else:
        tap(control)
        wait_idle(page)
    return action


def play_the_take(page: Page, artifacts: Path) -> None:
    """Take the pile down to the 7h, meld it and the 8h, add the 3h, discard the 9s (taps);
    a screenshot of the four cards picked for the first meld."""
    assert pile(page) == ["Tc", "7h", "8h", "3h", "5c"]
    expect(page.locator("#prompt")).to_have_text(
        "Draw from the stock, or tap a card of the discard pile to take it with every card above it"
    )
    # each take the engine lists is on its lowest card: the 7h, 8h and 3h meld at once
    # (with 4h5h6h, 8c8d); the Tc melds with nothing: no take of the whole pile
    seven = page.locator('#pile [data-card="7h"]')
    expect(seven).to_have_attribute("data-action", "take 4")
    expect(seven).to_have_attribute("aria-label", "Take 4 cards, down to the seven of hearts")
    expect(page.locator('#pile [data-card="5c"]')).to_have_attribute("data-action", "take 1")
    expect(page.locator('#pile [data-card="3h"]')).to_have_attribute("data-action", "take 2")
    expect(page.locator('#pile [data-card="Tc"]')).not_to_have_attribute("data-action", "take 5")
    tap(seven)
    wait_idle(page)
    assert pile(page) == ["Tc"]
    expect(page.locator("#prompt")).to_have_text(
        "Lay the 7♥ in a meld, or add it to a meld on the table"
    )
    expect(page.locator("#hand .card.taken")).to_have_attribute("data-card", "7h")  # to meld
    pick(page, "4h", "5h", "6h")
    expect(page.locator("#controls [data-action]")).to_have_count(0)  # no meld of the 7h yet
    pick(page, "7h")
    expect(page.locator("#hand .card.selected")).to_have_count(4)
    page.screenshot(path=str(artifacts / "mahjong-phone-picked.png"))
    meld = page.locator('#controls [data-action="meld 4h5h6h7h"]')
    # a run of four or more is named by its ends
    expect(meld).to_have_accessible_name("Meld 4♥\N{EN DASH}7♥")
    meld.click()
    wait_idle(page)
    assert table_melds(page) == {"0": [["4h", "5h", "6h", "7h"]], "1": []}
    expect(page.locator("#mj-table .seat-0 .mj-head")).to_have_text("Your table: 20 points")
    pick(page, "8c", "8d", "8h")  # another meld in the same turn (meld_after_take)
    page.locator('#controls [data-action^="meld "]').click()
    wait_idle(page)
    pick(page, "3h")
    run = page.locator("#mj-table .mj-meld").first
    expect(run).to_have_attribute("data-action", "add 3h to 4h5h6h7h")
    expect(page.locator('#controls [data-action="add 3h to 4h5h6h7h"]')).to_have_accessible_name(
        "Add 3♥ to 4♥\N{EN DASH}7♥"
    )
    run.click()  # a tap on the table meld adds the picked card to it
    wait_idle(page)
    assert table_melds(page)["0"] == [["3h", "4h", "5h", "6h", "7h"], ["8c", "8d", "8h"]]
    expect(page.locator("#mj-table .seat-0 .mj-head")).to_have_text("Your table: 40 points")
    expect(page.locator("#deadwood")).to_have_text("In hand: 40 points")
    pick(page, "9s")
    expect(page.locator('#controls [data-action="discard 9s"]')).to_be_visible()
    pick(page, "9s")  # a second tap discards, as the safe discard of the other games
    wait_idle(page)
    assert "9s" not in hand_cards(page)


def test_a_hand_of_mahjong_gin_played_by_tapping(
    page: Page, base_url: str, artifacts: Path, tmp_path: Path
) -> None:
    page.emulate_media(reduced_motion="reduce")  # the hinted control holds still for the tap
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"{error}: {error.stack}"))
    plant_save(page, base_url, crafted_take())
    page.screenshot(path=str(artifacts / "mahjong-phone-take.png"))
    resize(page, "desktop")
    page.screenshot(path=str(artifacts / "mahjong-desktop-take.png"))
    resize(page, "phone")
    play_the_take(page, artifacts)
    check_axe(page, "Mahjong gin table after a take")
    page.screenshot(path=str(artifacts / "mahjong-phone-table.png"))
    resize(page, "desktop")
    page.screenshot(path=str(artifacts / "mahjong-desktop-table.png"))
    resize(page, "phone")
    # every table card the other player added is marked, as the engine's view says
    view = resume(Session(), saved(page)["save"])["view"]["mahjong"]
    added = sorted(
        card
        for meld in view["melds"]
        for card, by in zip(meld["cards"], meld["by"], strict=True)
        if by != meld["seat"]
    )
    shown = page.locator("#mj-table .card.mj-added").evaluate_all(
        "cs => cs.map(c => c.dataset.card)"
    )
    assert sorted(shown) == added
    # then the hints play the player's moves, by their controls, to the hand's end
    moves: list[str] = []
    strays = 0
    while phase(page) not in ("hand_over", "match_over") and len(moves) < 300:
        stray = phase(page) == "discard" and page.locator("#hand [data-pick]").count() > 0
        strays += stray
        moves.append(hinted_move(page, stray))
    assert strays
    assert phase(page) == "hand_over", moves
    state = resume(Session(), saved(page)["save"])
    result = state["result"]
    total = page.locator("#showdown .hand-points")
    expect(total).to_have_attribute("data-points", ",".join(map(str, result["points"])))
    lines = page.locator("#showdown .points li")
    expect(lines).to_have_count(len(result["breakdown"]))
    for item, line in zip(lines.all(), result["breakdown"], strict=True):
        sign = "\u2212" if line["points"] < 0 else "+"
        expect(item.locator("b")).to_have_text(f"{sign}{abs(line['points'])}")
    table = state["view"]["mahjong"]
    for seat in (0, 1):
        row = page.locator("#showdown .laid").nth(seat)
        expect(row.locator("h3")).to_contain_text(
            f"on the table: {table['table_points'][seat]} points"
        )
        expect(row.locator(".group.meld")).to_have_count(
            len([meld for meld in table["melds"] if meld["seat"] == seat])
        )
    sheet = page.locator("#showdown .sheet-game tr").nth(1).locator("td")  # hand 1
    expect(sheet).to_have_text([str(points) for points in result["points"]])
    if result["winner"] == 0:  # the player's gin is celebrated (still, with reduced motion)
        expect(page.locator("#showdown .outcome")).to_have_class("outcome celebrated")
    check_axe(page, "Mahjong gin hand over")
    page.screenshot(path=str(artifacts / "mahjong-phone-hand-over.png"))
    resize(page, "desktop")
    page.screenshot(path=str(artifacts / "mahjong-desktop-hand-over.png"))
    # the review, the replay of the game and the statistics take a Mahjong gin hand
    page.locator('#showdown [data-command="review"]').click()
    review = page.locator("dialog#review")
    expect(review.locator(".review-step").first).to_be_visible()
    page.keyboard.press("Escape")
    expect(review).to_be_hidden()
    page.locator("#replay-button").click()
    replay = page.locator("dialog#replay")
    path = tmp_path / "game.json"
    path.write_text(saved(page)["save"])
    replay.locator("input[type=file]").set_input_files(path)
    replay.locator(".replay-view").wait_for()
    page.keyboard.press("End")
    expect(replay.locator(".replay-view")).not_to_have_attribute("data-step", "0")
    expect(replay.locator(".replay-table .group.meld")).to_have_count(len(table["melds"]))
    expect(replay.locator(".replay-result")).to_be_visible()
    hands = state["view"]["hands"]
    assert [] in hands  # a gin: all the winner's cards are on the table
    for seat, cards in enumerate(hands):  # an empty hand is said, not left blank
        empty = replay.locator(f".replay-seat.seat-{seat} .replay-empty")
        expect(empty).to_have_count(0 if cards else 1)
    expect(replay.locator(".replay-empty")).to_have_text("no cards left in hand")
    check_axe(page, "replay of a Mahjong gin hand")
    page.screenshot(path=str(artifacts / "mahjong-desktop-replay.png"))
    page.keyboard.press("Escape")
    page.locator("#stats-button").click()
    expect(page.locator("dialog#stats")).to_be_visible()
    expect(page.locator("#message")).to_be_hidden()
    assert not errors


def test_the_first_turn_played_with_the_keyboard_is_told(page: Page, base_url: str) -> None:
    plant_save(page, base_url, crafted_take())
    page.locator("#stock").focus()
    page.keyboard.press("Tab")  # the pile's first legal take is the next tab stop
    expect(page.locator('#pile [data-card="7h"]')).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator('#pile [data-card="8h"]')).to_be_focused()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    wait_idle(page)
    log = page.locator("#announce")
    expect(log).to_contain_text("You took the discard pile down to the seven of hearts.")
    page.keyboard.press("c")  # the hand
    page.keyboard.press("Home")
    for card in ("4h", "5h", "6h", "7h"):
        while page.evaluate("document.activeElement.dataset.card") != card:
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        expect(page.locator(f'#hand [data-card="{card}"]')).to_have_attribute(
            "aria-pressed", "true"
        )
    expect(log).to_contain_text("Picked the seven of hearts. Now possible: Meld 4♥\N{EN DASH}7♥.")
    expect(page.locator('#controls [data-action="meld 4h5h6h7h"]')).to_have_attribute(
        "aria-keyshortcuts", "M"
    )
    page.keyboard.press("m")
    wait_idle(page)
    assert table_melds(page)["0"] == [["4h", "5h", "6h", "7h"]]
    expect(log).to_contain_text("You laid a meld on the table.")
    group = page.locator("#mj-table .mj-meld").first
    expect(group).to_have_attribute(
        "aria-label", "Meld: four of hearts, five of hearts, six of hearts, and seven of hearts"
    )
    page.keyboard.press("c")
    page.keyboard.press("Home")
    while page.evaluate("document.activeElement.dataset.card") != "3h":
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    page.keyboard.press("a")  # add the picked 3h to the run on the table
    wait_idle(page)
    assert table_melds(page)["0"] == [["3h", "4h", "5h", "6h", "7h"]]
    page.keyboard.press("c")
    page.keyboard.press("End")
    page.keyboard.press("Escape")  # nothing picked: nothing happens
    focused = str(page.evaluate("document.activeElement.dataset.card"))
    page.keyboard.press("Enter")
    expect(log).to_contain_text("Now possible: Discard")
    page.keyboard.press("Escape")  # puts it back
    expect(page.locator("#hand .card.selected")).to_have_count(0)
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # picked, then discarded
    wait_idle(page)
    assert focused not in hand_cards(page)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_rules_help_of_mahjong_gin_draws_the_engine_s_examples(
    page: Page, base_url: str, artifacts: Path, size: str
) -> None:
    plant_save(page, base_url, crafted_take())
    resize(page, size)
    open_help(page)
    dialog = page.locator("dialog#rules-help")
    expect(dialog.locator('[data-help="help.mj.take_several"]')).to_be_visible()
    expect(dialog.locator('[data-help="help.mj.timing.any_turn"]')).to_contain_text("resolved")
    take = dialog.locator('[data-example="help.ex.mj_take"]')
    expect(take.locator("li[data-take]")).to_have_count(4)
    expect(take.locator('li[data-take="take 3"]')).to_have_class("allowed")
    expect(take.locator('li[data-take="take 2"]')).to_have_class("refused")
    score = dialog.locator('[data-example="help.ex.mj_score"]')
    expect(score.locator(".hand-points")).to_have_attribute("data-points", "120,-15")
    expect(score.locator(".points li b").last).to_have_text("\u221235")
    check_axe(page, f"Mahjong gin rules help ({size})")
    take.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"mahjong-{size}-rules.png"))


def test_the_new_game_form_shows_the_rules_of_the_chosen_flow(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?seed=3")
    page.click("#new-button")
    form = page.locator("dialog#newgame")
    form.locator("select[name=preset]").select_option("mahjong")
    form.locator("details.rules summary").click()
    for knock_only in ("knock_limit", "big_gin_bonus", "undercut_bonus", "spade_double"):
        expect(form.locator(f"[name={knock_only}]")).to_be_hidden()
    for mahjong_only in ("meld_timing", "meld_after_take"):
        expect(form.locator(f"[name={mahjong_only}]")).to_be_visible()
    expect(form.locator("[name=target]")).to_have_value("500")
    check_axe(page, "new-game form for Mahjong gin")
    form.locator("select[name=preset]").select_option("standard")
    expect(form.locator("[name=knock_limit]")).to_be_visible()
    expect(form.locator("[name=meld_timing]")).to_be_hidden()
    form.locator("select[name=preset]").select_option("mahjong")
    form.locator("select[name=meld_timing]").select_option("going_out")
    form.locator("button.primary").click()
    wait_idle(page)
    expect(page.locator("#table")).to_have_attribute("data-flow", "mahjong")
    assert saved(page)["params"]["meld_timing"] == "going_out"
    expect(page.locator("#pile .card")).to_have_count(1)


def test_a_long_pile_fans_across_a_phone_its_top_card_in_view(
    page: Page, base_url: str, artifacts: Path
) -> None:
    match = crafted(PLAYER, DEALER, "Tc", MAHJONG)
    match.play("pass")
    match.play("pass")
    for _ in range(18):  # each player draws and throws a card: 18 discards on the Tc
        match.play("stock")
        match.play(
            next(move.text for move in match.legal_actions() if move.kind.value == "discard")
        )
    plant_save(page, base_url, match)
    assert len(pile(page)) == 19
    box = page.locator("#pile").bounding_box()
    top = page.locator("#pile .card").last.bounding_box()
    assert (
        box and top and top["x"] >= box["x"] and top["x"] + top["width"] <= box["x"] + box["width"]
    )
    lefts = page.locator("#pile .card").evaluate_all(
        "cs => cs.map(c => c.getBoundingClientRect().left)"
    )
    width = top["width"]
    assert all(b - a >= 0.29 * width for a, b in itertools.pairwise(lefts))  # corners show
    assert fits_the_width(page)
    stock = page.locator("#stock").bounding_box()  # beside the stock, not wrapped under it
    assert stock and stock["x"] + stock["width"] <= box["x"] and abs(stock["y"] - box["y"]) < 20
    page.screenshot(path=str(artifacts / "mahjong-phone-long-pile.png"))


def plant_played(
    page: Page, base_url: str, size: str, moves: int, seed: int = 9, lang: str = ""
) -> Match:
    """Open the page in a window of ``size`` (``"360x640"``) on the hand hard played ``moves``
    moves (``played_by_hard``), in the language ``lang`` if given, and return that match."""
    page.set_viewport_size(window(size))
    match = played_by_hard(MAHJONG, moves, seed)
    plant_save(page, f"{base_url}?lang={lang}" if lang else base_url, match)
    return match


@contextmanager
def failing_at(size: str) -> Iterator[None]:
    """Name the window ``size`` in the failure of any check made inside: a test that opens
    its page once and turns the window to several sizes (``resize``) checks each in turn."""
    try:
        yield
    except Exception as error:
        error.add_note(f"at the window size {size}")
        raise


def test_a_table_full_of_melds_fits_phones_and_short_windows(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # With five melds on the table and ten cards in hand, the page was 817 and 792 px high
    # at 375x667 and 360x640 (the hand's second row below the fold), 513 and 503 on a phone
    # on its side and 667 at 1024x600: the table is tighter there now, and upright the hand's
    # cards are as large as the height leaves.
    sizes = ["390x844", "375x667", "360x640", "844x390", "667x375", "1024x600"]
    match = plant_played(page, base_url, sizes[0], 38)
    assert len(seat_view(match, 0).table) == 5 and match.to_move == 0
    click_action(page, "stock")
    expect(page.locator("#hand .card")).to_have_count(10)
    for size in turned_to_each(page, sizes):  # the card drawn, the window turned to each size
        with failing_at(size):
            assert fits_the_height(page)
            assert fits_the_width(page)
            stock = page.locator("#stock").bounding_box()
            pile = page.locator("#pile").bounding_box()
            assert (
                stock
                and pile
                and abs(stock["y"] + stock["height"] - pile["y"] - pile["height"]) < 40
            )
            page.screenshot(path=str(artifacts / f"mahjong-{size}-melds.png"))


def test_four_melds_of_a_seat_keep_one_row_on_phones(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # The player's four melds (15 cards) and the opponent's three: at 360x640 the fourth
    # meld went to a second row (the page was 719 px high on such a turn, the cards 34.6 px
    # wide); the cards of a long row now narrow to keep it in one, never under 26 px.
    sizes = ["360x640", "390x844"]
    match = plant_played(page, base_url, sizes[0], 53, seed=7)
    assert sorted(seat for _, seat in seat_view(match, 0).table) == [0, 0, 0, 0, 1, 1, 1]
    for size in turned_to_each(page, sizes):
        with failing_at(size):
            assert_one_row_each(page, [3, 4], least=26)
            assert fits_the_width(page)
            page.screenshot(path=str(artifacts / f"mahjong-{size}-four-melds.png"))


def assert_one_row_each(page: Page, melds: list[int], least: int) -> None:
    """Assert that each seat's row on the table (the opponent's first) has ``melds`` melds,
    in one line, and that no meld's cards are narrower than ``least`` px."""
    rows = page.evaluate(
        """[...document.querySelectorAll(".mj-seat")].map((seat) =>
          [...seat.querySelectorAll(".mj-meld")].map((meld) => {
            const box = meld.getBoundingClientRect();
            return { top: Math.round(box.top), card: meld.querySelector(".card").offsetWidth };
          }))"""
    )
    assert [len(row) for row in rows] == melds
    for row in rows:
        assert len({meld["top"] for meld in row}) == 1, row
        assert all(meld["card"] >= least for meld in row), row


def test_four_melds_of_fourteen_cards_keep_one_row_on_a_folding_phone(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # At 280x653 (a folding phone's outer screen) the opponent's four melds of 14 cards took
    # two rows at the cards' usual least width, 26 px, and the page was 674 px high, the
    # hand's cards cut at the window's foot: the melds' cards narrow to 22 px there.
    match = plant_played(page, base_url, "280x653", 40, seed=3)
    table = seat_view(match, 0).table
    assert sorted(seat for _, seat in table) == [0, 0, 0, 1, 1, 1, 1]
    expect(page.locator(".mj-seat").first.locator(".card")).to_have_count(14)
    assert_one_row_each(page, [4, 3], least=22)
    assert fits_the_height(page)
    assert fits_the_width(page)
    page.screenshot(path=str(artifacts / "mahjong-280x653-four-melds.png"))


@pytest.mark.browser_context_args(has_touch=True, is_mobile=True)  # a phone: no key badges
def test_a_hinted_addition_fits_a_folding_phone(page: Page, base_url: str, artifacts: Path) -> None:
    # At 280x653 the hint to add the As to AcAdAh put its line of two and the Add and Discard
    # buttons under the table: the page was 709 px high, the hand below the fold. The
    # buttons are a little smaller there now, and the melds' cards narrower.
    plant_played(page, base_url, "280x653", 88, seed=4)
    page.emulate_media(reduced_motion="reduce")  # the hinted button holds still
    page.click("#hint-button")
    expect(page.locator("#hint-line")).to_be_visible()
    expect(page.locator("#controls button")).to_have_text(
        ["Add A♠ to A♣ A♦ A♥", "Discard A♠"], use_inner_text=True
    )
    page.screenshot(path=str(artifacts / "mahjong-280x653-hinted-addition.png"))
    assert fits_the_height(page)


@pytest.mark.parametrize(
    ("lang", "count"), [("en", "In hand: 30 points"), ("de", "Auf der Hand: 30 Punkte")]
)
def test_the_hand_s_head_keeps_one_row_on_a_small_phone(
    page: Page, base_url: str, artifacts: Path, lang: str, count: str
) -> None:
    # At 360x640 the count found no room beside the dealer's chip and the sort buttons and
    # took a line under them: the page was 648 px high on this turn in English and 668 in
    # German (whose prompt took three lines), the hand's cards cut at the window's foot. The
    # count now takes two short lines of its own, and the table's rows are closer.
    match = plant_played(page, f"{base_url}?lang={lang}", "360x640", 34, seed=3)
    assert match.to_move == 0 and match.dealer == 0
    head = page.evaluate(
        """[".label", "#sort", "#deadwood"].map((part) => {
          const box = document.querySelector("#me .seat-head " + part).getBoundingClientRect();
          return [box.top, box.bottom];
        })"""
    )
    assert max(top for top, _ in head) < min(bottom for _, bottom in head), head
    expect(page.locator("#deadwood")).to_have_text(count)
    assert fits_the_height(page)
    page.screenshot(path=str(artifacts / f"mahjong-360x640-head-{lang}.png"))


@pytest.mark.parametrize(
    ("sizes", "large"),
    [(["1366x768", "1024x768"], False), (["1280x720"], True)],
    ids=["usual", "large"],
)
def test_each_seat_s_melds_keep_one_row_on_laptops(
    page: Page, base_url: str, artifacts: Path, sizes: list[str], large: bool
) -> None:
    # The opponent's three melds (11 cards) beside the player's six (21): each seat had half
    # the width, and both rows took two lines (the page 822 px high at 1366x768, the hand
    # below the fold). Each seat's share now follows its cards, and a long row's cards narrow.
    # Large cards took the hand's foot below the fold on every turn (1280x720: 735 px high).
    # Large cards are read from the settings as the page boots: a page of their own.
    if large:
        page.add_init_script(LARGE_SETTING)
    match = plant_played(page, base_url, sizes[0], 64, seed=7)
    assert sorted(seat for _, seat in seat_view(match, 0).table) == [0] * 6 + [1] * 3
    for size in turned_to_each(page, sizes):
        with failing_at(size):
            tops = page.evaluate(
                """[...document.querySelectorAll(".mj-seat")].map((seat) =>
                  [...seat.querySelectorAll(".mj-meld")].map((meld) =>
                    Math.round(meld.getBoundingClientRect().top)))"""
            )
            assert [len(row) for row in tops] == [3, 6]
            assert all(len(set(row)) == 1 for row in tops), tops
            assert page.locator(".mj-meld .card").first.evaluate("card => card.offsetWidth") >= 28
            assert fits_the_height(page)
            assert fits_the_width(page)
            name = f"mahjong-{size}-nine-melds{'-large' * large}.png"
            page.screenshot(path=str(artifacts / name))


@pytest.mark.browser_context_args(has_touch=True, is_mobile=True)  # a phone: no key badges
def test_a_hinted_addition_and_the_discard_share_a_row_on_small_phones(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # Seven melds on the table; the hint picks the Qd, to add it to QsQcQh. The page was
    # 715 px high at 360x640 and 729 at 375x667: the Add and Discard buttons took two rows
    # and the prompt two lines under the hint, the hand below the fold.
    sizes = ["360x640", "375x667"]
    match = plant_played(page, base_url, sizes[0], 48, seed=2)
    assert len(seat_view(match, 0).table) == 7
    page.emulate_media(reduced_motion="reduce")  # the hinted button holds still
    page.click("#hint-button")
    for size in turned_to_each(page, sizes):  # the hint shown, the window turned to each size
        with failing_at(size):
            expect(page.locator("#hint-line")).to_be_visible()
            expect(page.locator("#prompt")).to_be_hidden()
            page.screenshot(path=str(artifacts / f"mahjong-{size}-hinted-addition.png"))
            middles = page.locator("#controls button").evaluate_all(
                "bs => bs.map((b) => b.getBoundingClientRect()).map((r) => (r.top + r.bottom) / 2)"
            )
            assert len(middles) == 2 and abs(middles[0] - middles[1]) < 4, middles
            assert fits_the_height(page)


@pytest.mark.browser_context_args(has_touch=True, is_mobile=True)  # a phone: no key badges
def test_a_hint_over_eight_melds_fits_a_small_phone(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # Eight melds on the table, the player's in two rows, and the hint's line of two: the
    # page was 650 px high at 360x640, the hand's foot below the fold. The hint's line is a
    # little smaller there now, and the hand a little closer to its head.
    match = plant_played(page, base_url, "360x640", 106, seed=4)
    assert len(seat_view(match, 0).table) == 8
    page.emulate_media(reduced_motion="reduce")
    page.click("#hint-button")
    expect(page.locator("#hint-line")).to_contain_text("Discard the 4♣")
    assert fits_the_height(page)
    pick(page, "4c")  # picked, the card rises: clear of the hand's head still
    head = page.locator("#me .seat-head").bounding_box()
    raised = page.locator('#hand .card.selected[data-card="4c"]').bounding_box()
    assert head and raised and raised["y"] >= head["y"] + head["height"]
    page.screenshot(path=str(artifacts / "mahjong-360x640-hint-eight-melds.png"))


def test_five_melds_of_twenty_cards_keep_one_row_on_a_small_phone(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # The player's five melds of 20 cards took two rows at 360x640, and with the hint's line
    # the page was 668 px high, the hand's foot below the fold. The melds' cards narrow to
    # 22 px there now, as at 280 px wide.
    match = plant_played(page, base_url, "360x640", 104, seed=4)
    assert sorted(seat for _, seat in seat_view(match, 0).table) == [0] * 5 + [1] * 2
    page.emulate_media(reduced_motion="reduce")
    page.click("#hint-button")
    expect(page.locator("#hint-line")).to_contain_text("Lay 6♣ 7♣ 8♣")
    assert_one_row_each(page, [2, 5], 22)
    assert fits_the_height(page)
    page.screenshot(path=str(artifacts / "mahjong-360x640-five-melds.png"))


def test_six_melds_of_twenty_two_cards_keep_one_row_on_a_small_phone(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # The player's sixth meld took a second row at 360x640 (its cards already at their least,
    # 22 px), and with the hint's line the page was 655 px high in German (as in French,
    # Spanish and Italian; English's shorter lines fit). A seat's sixth and seventh melds
    # draw the row closer now, their cards down to 20 px.
    match = plant_played(page, base_url, "360x640", 105, seed=4, lang="de")
    table = seat_view(match, 0).table
    assert sorted(seat for _, seat in table) == [0] * 6 + [1] * 2
    assert sum(meld.bit_count() for meld, seat in table if seat == 0) == 22
    page.emulate_media(reduced_motion="reduce")
    page.click("#hint-button")
    expect(page.locator("#hint-line")).to_be_visible()
    assert_one_row_each(page, [2, 6], 20)
    assert fits_the_height(page)
    page.screenshot(path=str(artifacts / "mahjong-360x640-six-melds.png"))


def assert_one_row_of_buttons(page: Page, texts: list[str]) -> None:
    """Assert that the move buttons say ``texts``, side by side in one row, and that the
    page fits the window's height."""
    buttons = page.locator("#controls button")
    expect(buttons).to_contain_text(texts)
    tops = buttons.evaluate_all("bs => bs.map((b) => Math.round(b.getBoundingClientRect().top))")
    assert len(set(tops)) == 1, tops
    assert fits_the_height(page)


def test_an_addition_to_a_long_run_shares_a_row_with_its_discard(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # "Add 9♠ to 4♠ 5♠ 6♠ 7♠ 8♠" took a row of its own above "Discard 9♠" at 360x640, and
    # the hint's line two: the page was 666 px high. A run of four or more is named by its
    # ends now. The opponent's turn before names the cards it added (it said "added to
    # melds on the table 2 times").
    plant_played(page, base_url, "360x640", 188, seed=4)
    expect(page.locator("#opp-says")).to_contain_text("added the 4♠ and 8♠ to melds on the table")
    page.emulate_media(reduced_motion="reduce")
    page.click("#hint-button")
    expect(page.locator("#hint-line")).to_have_text(
        "Hint: Add 9♠ to 4♠\N{EN DASH}8♠: 5 points for you."
    )
    assert_one_row_of_buttons(page, ["Add 9♠ to 4♠\N{EN DASH}8♠", "Discard 9♠"])
    page.screenshot(path=str(artifacts / "mahjong-360x640-long-run.png"))


def test_an_addition_to_a_set_shares_a_row_with_its_discard_in_french(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # "Ajouter 6♠ à 6♣ 6♦ 6♥" took a row of its own above "Défausser 6♠" at 360x640, and the
    # page was 669 px high (so in German and Spanish): the buttons are smaller on a short
    # phone now. The opponent's turn says "a posé une combinaison", where it said "... sur la
    # table" (a lay is always on the table) and took a line more on other turns.
    plant_played(page, base_url, "360x640", 12, seed=4, lang="fr")
    expect(page.locator("#opp-says")).to_have_text(
        "L'adversaire a pris la pile jusqu'à 6♦, a posé une combinaison et a écarté la Q♣."
    )
    page.emulate_media(reduced_motion="reduce")
    page.click("#hint-button")
    assert_one_row_of_buttons(page, ["Ajouter 6♠ à 6♣ 6♦ 6♥", "Défausser 6♠"])
    page.screenshot(path=str(artifacts / "mahjong-360x640-set-fr.png"))


def test_the_opponent_s_two_melds_of_a_turn_are_told_once(page: Page, base_url: str) -> None:
    # Hard's turn (seat 1, seed 3): take 1 (the 5c), meld 5s5c5d, meld 6d7d8d, discard Th.
    # The line said "laid a meld on the table, laid a meld on the table"; the screen
    # reader's log tells turns the same way (tests/test_i18n.py).
    match = played_by_hard(MAHJONG, 5, seed=3)
    melds = [event.action for event in seat_view(match, 0).events if event.seat == 1][1:3]
    assert melds == ["meld 5s5c5d", "meld 6d7d8d"]
    plant_save(page, base_url, match)
    expect(page.locator("#opp-says")).to_have_text(
        "The opponent took the discard pile down to the 5♣, laid 2 melds on the table, "
        "and discarded the 10♥."
    )


def test_the_hand_s_end_over_a_tall_table_keeps_its_buttons_in_sight(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # The table behind the hand's end was taller than the window at 375x667 (eight melds on
    # it), and the end as tall: its buttons sat below the score sheet, out of sight.
    match = plant_played(page, base_url, "375x667", 74)
    assert len(seat_view(match, 0).table) == 8 and "gin 8d" in match_legal(match)
    assert hinted_move(page) == "gin 8d"
    for button in ('[data-command="review"]', '[data-action="next"]'):
        assert within_the_window(page, f"#showdown {button}"), button
    assert within_the_window(page, "#showdown h2")
    page.screenshot(path=str(artifacts / "mahjong-375x667-hand-over.png"))


def test_large_cards_grow_the_hand_and_the_table_still_fits(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # Upright, Mahjong gin's hand took its size from the height alone, whatever the setting:
    # 68 and 50 px, large or not. Large cards overlap more, so the hand stays in one row and
    # its cards grow (80 and 59 px) with five melds on the table and the page in the window.
    sizes = ["390x844", "360x780"]
    page.add_init_script(LARGE_SETTING)
    plant_played(page, base_url, sizes[0], 38)
    click_action(page, "stock")
    expect(page.locator("#hand .card")).to_have_count(10)
    for size in turned_to_each(page, sizes):  # the card drawn, the window turned to each size
        with failing_at(size):
            assert fits_the_height(page)
            tops = page.locator("#hand .card").evaluate_all(
                "cs => cs.map(c => Math.round(c.getBoundingClientRect().top))"
            )
            assert len(set(tops)) == 1, tops  # one row
            assert_large_cards_larger(page)
            page.screenshot(path=str(artifacts / f"mahjong-{size}-large.png"))
