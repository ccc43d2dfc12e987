"""The celebration: the player's gin, big gin and match won, each once, as it happens;
never for the opponent's gin or a plain knock, and only a still highlight with reduced
motion (the system's or the page's setting)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from player import click_action, go_out, plant_save, poll, wait_idle
from playwright.sync_api import Page, expect

from deals import KNOCKER, LOOSE, NEAR_GIN, STANDARD, crafted

LONG_MATCH = STANDARD.replace(target=250)
"""A match that one gin (103 points here) does not end."""
SHORT_MATCH = STANDARD.replace(target=10)
"""A match that any hand won ends."""

PIECES = "document.querySelectorAll('.celebration .piece').length"
MOVING = """document.getAnimations()
  .filter((a) => a.effect?.target?.closest?.('.celebration') && a.playState === 'running').length"""
"""The celebration's animations running now."""
SLOW = 0.1
"""The pace of the page's animations in the tests that count the celebration's moving
pieces: its two seconds last twenty, longer than a busy machine (two test workers beside
the browsers) may take between the move and the count (over 1.5 s once)."""
HIGHLIGHTED = "[...document.querySelectorAll('#showdown .celebrated')].map((e) => e.className)"


def celebrated(page: Page) -> list[str]:
    """Return the showdown's highlighted headlines (their classes)."""
    found: list[str] = page.evaluate(HIGHLIGHTED)
    return found


Pace = Callable[[float], None]
"""Sets the pace of the page's animations: 1 is the page's own."""


@pytest.fixture
def slow_motion(page: Page) -> Pace:
    """Slow the page's animations to ``SLOW`` (DevTools' rate of the document timeline, kept
    across loads); return the ``Pace`` that sets it again."""
    session = page.context.new_cdp_session(page)

    def pace(rate: float) -> None:
        session.send("Animation.setPlaybackRate", {"playbackRate": rate})

    pace(SLOW)
    return pace


def assert_calm(page: Page) -> None:
    """Check no celebration moves: no piece, no animation of one."""
    assert page.evaluate(PIECES) == 0 and page.evaluate(MOVING) == 0


@pytest.mark.parametrize(
    ("hand", "upcard", "going_out"),
    [(KNOCKER, "4s", "gin Kd"), ("As 2s 3s 4s 4c 5c 6c 7d 7h 7s", "7c", "big gin")],
)
def test_the_player_s_gin_is_celebrated_once(
    page: Page,
    base_url: str,
    artifacts: Path,
    slow_motion: Pace,
    hand: str,
    upcard: str,
    going_out: str,
) -> None:
    plant_save(page, base_url, crafted(hand, LOOSE, upcard, LONG_MATCH))
    click_action(page, "upcard")
    go_out(page, going_out)
    assert page.evaluate(PIECES) >= 10 and page.evaluate(MOVING) >= 10
    assert celebrated(page) == ["outcome celebrated"]
    next_hand = page.locator('#showdown [data-action="next"]')
    expect(next_hand).to_be_focused()  # the celebration took no focus
    page.screenshot(path=str(artifacts / f"phone-celebrate-{going_out.replace(' ', '-')}.png"))
    slow_motion(1)
    poll(page, "document.querySelectorAll('.celebration').length === 0")  # ~2 s
    page.reload()  # the same showdown again: nothing new to celebrate
    wait_idle(page)
    assert_calm(page)
    assert celebrated(page) == []


def test_its_pieces_let_clicks_through_and_go_with_the_hand(
    page: Page, base_url: str, slow_motion: Pace
) -> None:
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "4s", LONG_MATCH))
    click_action(page, "upcard")
    go_out(page, "gin Kd")
    assert page.evaluate(MOVING) > 0
    page.locator('#showdown [data-action="next"]').click(no_wait_after=True)  # while it flies
    wait_idle(page)
    assert page.get_attribute("#table", "data-phase") == "first_upcard"
    assert_calm(page)


def test_a_match_won_is_celebrated(
    page: Page, base_url: str, artifacts: Path, slow_motion: Pace
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "2d", SHORT_MATCH))
    click_action(page, "upcard")
    go_out(page, "knock Kd")
    assert page.get_attribute("#table", "data-phase") == "match_over"
    assert page.evaluate(PIECES) >= 12 and page.evaluate(MOVING) >= 12
    assert celebrated(page) == ["match-end won celebrated"]
    page.screenshot(path=str(artifacts / "desktop-celebrate-match.png"))


@pytest.mark.parametrize("how", ["system", "setting"])
def test_reduced_motion_leaves_a_still_highlight(page: Page, base_url: str, how: str) -> None:
    if how == "system":
        page.emulate_media(reduced_motion="reduce")
    else:
        page.add_init_script(
            "localStorage.setItem('ginrummy.settings', '{\"reduceMotion\": true}')"
        )
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "4s", SHORT_MATCH))
    click_action(page, "upcard")
    go_out(page, "gin Kd")
    assert page.get_attribute("#table", "data-phase") == "match_over"
    assert_calm(page)
    assert celebrated(page) == ["match-end won celebrated"]


def test_nothing_for_the_opponent_s_gin_or_a_plain_knock(page: Page, base_url: str) -> None:
    # The opponent (the dealer) takes the 8d the player passed and goes gin, shedding its 2c.
    plant_save(page, base_url, crafted(KNOCKER, NEAR_GIN, "8d", LONG_MATCH))
    click_action(page, "pass")
    assert page.locator(".outcome").get_attribute("data-outcome") == "gin"
    assert_calm(page)
    assert celebrated(page) == []
    page.close()  # the game is played in one tab at a time
    other = page.context.new_page()
    plant_save(other, base_url, crafted(KNOCKER, LOOSE, "2d", LONG_MATCH))
    click_action(other, "upcard")
    go_out(other, "knock Kd")
    assert other.locator(".outcome").get_attribute("data-outcome") == "knock"
    assert_calm(other)
    assert celebrated(other) == []
