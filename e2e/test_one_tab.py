"""One game in one tab (issue 53): a second tab of the same browser waits for the game
and takes it over on "Play here"; the first stops at once and can take it back. Nothing
drawn in one tab can be drawn again in the other, and no move is lost on the way."""

from __future__ import annotations

from player import (
    TIMEOUT,
    click_action,
    hand_cards,
    open_game,
    phase,
    play_to,
    saved,
    take_turn,
    wait_idle,
)
from playwright.sync_api import BrowserContext, Page, Route, expect

from deals import seed_dealt_by
from ginrummy.rules import PRESETS

SPEED = "localStorage.setItem('ginrummy.speed', 'instant')"


def open_second_tab(context: BrowserContext, base_url: str) -> Page:
    """Open the page in another tab of ``context``; return it once it says the game is
    open elsewhere."""
    other = context.new_page()
    other.add_init_script(SPEED)
    other.goto(base_url)
    expect(other.locator("#elsewhere")).to_contain_text("open in another tab", timeout=60_000)
    return other


def test_a_second_tab_takes_the_game_over_from_the_first_s_last_move(
    page: Page, context: BrowserContext, base_url: str
) -> None:
    open_game(page, base_url)  # a sealed game, as the issue's
    play_to(page, "draw")  # the player's turn to draw, the stock's top card unseen
    other = open_second_tab(context, base_url)
    expect(other.locator("#play-here")).to_be_visible()
    assert other.locator("#hand .card").count() == 0  # no game here: nothing to draw
    # The first tab draws the stock's top card: the second cannot draw it again.
    before = set(hand_cards(page))
    click_action(page, "stock")
    drawn = set(hand_cards(page)) - before
    assert len(drawn) == 1
    last = saved(page)["save"]
    other.locator("#play-here").click()
    # The first stops at once, saying where the game went; the second goes on from its
    # last move, the card drawn in its hand and no stock to draw from.
    expect(page.locator("#elsewhere")).to_contain_text("moved to another tab", timeout=TIMEOUT)
    expect(page.locator("#play-here")).to_be_visible()
    wait_idle(other)
    assert saved(other)["save"] == last
    assert hand_cards(other) == hand_cards(page) and drawn <= set(hand_cards(other))
    assert phase(other) == "discard"
    assert other.locator('#table [data-action="stock"]').count() == 0
    # The first tab plays no move though its controls are clicked (under its cover).
    card = page.locator("#hand [data-action^='discard']").first
    for _ in range(2):
        card.dispatch_event("click")
    page.wait_for_timeout(300)
    assert saved(page)["save"] == last
    # The second plays on; taking the game back, the first goes on from there.
    take_turn(other)
    moved_on = saved(other)["save"]
    assert moved_on != last
    page.locator("#play-here").click()
    expect(other.locator("#elsewhere")).to_contain_text("moved to another tab", timeout=TIMEOUT)
    expect(page.locator("#loading")).to_be_hidden(timeout=TIMEOUT)  # the game drawn again
    wait_idle(page)
    assert saved(page)["save"] == moved_on
    assert hand_cards(page) == hand_cards(other)
    take_turn(page)
    assert saved(page)["save"] != moved_on


def test_the_waiting_tab_takes_the_game_when_the_other_is_closed(
    page: Page, context: BrowserContext, base_url: str
) -> None:
    open_game(page, base_url, f"?seed={seed_dealt_by(PRESETS['standard'], 1)}")
    take_turn(page)
    last = saved(page)["save"]
    hand = hand_cards(page)
    other = open_second_tab(context, base_url)
    page.close()
    wait_idle(other)
    assert saved(other)["save"] == last and hand_cards(other) == hand


NO_ANSWER_TO_STATE = """
import "./worker.js?real";
const answer = self.onmessage;
self.onmessage = (event) => { if (event.data.op !== "state") answer(event); };
"""
"""The site's worker, stuck on the request a tab asked to let the game go sends first."""


def test_a_stuck_tab_has_the_game_taken_and_stops_at_once(
    page: Page, context: BrowserContext, base_url: str
) -> None:
    def stuck(route: Route) -> None:
        route.fulfill(body=NO_ANSWER_TO_STATE, headers={"content-type": "text/javascript"})

    page.route("**/worker.js", stuck)  # this tab's worker only
    open_game(page, base_url, f"?seed={seed_dealt_by(PRESETS['standard'], 1)}")
    take_turn(page)
    last = saved(page)["save"]
    other = open_second_tab(context, base_url)
    other.locator("#play-here").click()
    wait_idle(other)  # within the wait for a stuck tab, not its engine's minute
    assert saved(other)["save"] == last
    expect(page.locator("#elsewhere")).to_contain_text("moved to another tab", timeout=TIMEOUT)
    take_turn(other)
    moved_on = saved(other)["save"]
    page.locator('#table [data-action="stock"]').first.dispatch_event("click")  # under its cover
    page.wait_for_timeout(300)
    assert saved(other)["save"] == moved_on  # the stuck tab saved nothing over it


def test_embeds_each_play_while_the_game_is_open_in_a_tab(
    page: Page, context: BrowserContext, base_url: str
) -> None:
    open_game(page, base_url, "?seed=7")
    take_turn(page)
    last = saved(page)["save"]
    embeds = []
    for seed in (3, 4):  # two embeds of one blog page: each its own game, unsaved
        embed = context.new_page()
        embed.add_init_script(SPEED)
        embed.goto(f"{base_url}index.html?embed=1&seed={seed}&level=simple")
        wait_idle(embed)
        take_turn(embed)
        embeds.append(embed)
    expect(embeds[0].locator("#elsewhere")).to_be_hidden()
    assert saved(page)["save"] == last
    take_turn(page)  # the tab still holds the game
    assert saved(page)["save"] != last
