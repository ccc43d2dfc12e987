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

from pathlib import Path

import pytest
from player import engine_match, hand_cards, open_help, phase, plant_save, resize, tap, wait_idle
from playwright.sync_api import Page, expect

from deals import make_deck, seed_dealt_by
from ginrummy.match import Match
from ginrummy.rules import find_rules

MAHJONG = find_rules("mahjong")
PLAYER = "8c 8d 4h 5h 6h Kc Ks 2c 2d 9s"
DEALER = "Ac Jh Qh 4s 8s 7c Td 9d Jc 3s"


def crafted_take() -> Match:
    """Return the crafted Mahjong gin match above, the player to draw from Tc 7h 8h 3h 5c."""
    deck = make_deck(PLAYER, DEALER, upcard="Tc", stock="7h 8h 3h 5c")
    match = Match(MAHJONG, seed=seed_dealt_by(MAHJONG, 1), decks=[deck])
    for text in ("pass", "pass", "stock", "discard 7h", "stock", "discard 8h"):
        match.play(text)
    for text in ("stock", "discard 3h", "stock", "discard 5c"):
        match.play(text)
    return match


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


def hinted_move(page: Page) -> str:
    """Make the move the hint names, by its control on the table; return its action."""
    page.click("#hint-button")
    control = page.locator("#table .hinted").first
    control.wait_for()
    action = str(control.get_attribute("data-action"))
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


def play_the_take(page: Page) -> None:
    """Take the pile down to the 7h, meld it and the 8h, add the 3h, discard the 9s (taps)."""
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
    pick(page, "4h", "5h", "6h")
    expect(page.locator("#controls [data-action]")).to_have_count(0)  # no meld of the 7h yet
    pick(page, "7h")
    expect(page.locator("#hand .card.selected")).to_have_count(4)
    meld = page.locator('#controls [data-action="meld 4h5h6h7h"]')
    expect(meld).to_have_accessible_name("Meld 4♥ 5♥ 6♥ 7♥")
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
        "Add 3♥ to 4♥ 5♥ 6♥ 7♥"
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
    page: Page, base_url: str, artifacts: Path
) -> None:
    page.emulate_media(reduced_motion="reduce")  # the hinted control holds still for the tap
    plant_save(page, base_url, crafted_take())
    page.screenshot(path=str(artifacts / "mahjong-phone-take.png"))
    play_the_take(page)
    page.screenshot(path=str(artifacts / "mahjong-phone-table.png"))
    moves = []
    while phase(page) not in ("hand_over", "match_over") and len(moves) < 300:
        moves.append(hinted_move(page))
    assert phase(page) == "hand_over", moves
    page.screenshot(path=str(artifacts / "mahjong-phone-hand-over.png"))
    resize(page, "desktop")
    page.screenshot(path=str(artifacts / "mahjong-desktop-hand-over.png"))
    print(moves)
