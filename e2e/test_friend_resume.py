"""A match against a friend whose connection drops: both pages keep the match and say so,
and either player takes it up over a new connection, made as at the start (a link, an
answer) through the same dialog; the pages compare their states before play goes on, and
refuse plainly when they differ. The game against the computer keeps its save and its
statistics throughout.

Two pages of one Chromium (two contexts, no STUN server), as in ``test_friend.py``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from player import hand_cards, phase, saved, wait_idle
from playwright.sync_api import Browser, Page, expect
from test_a11y import check_axe
from test_friend import (
    EN,
    NO_STUN_PAGE,
    TO_MOVE,
    WAIT_MS,
    connect_tables,
    play_moves,
    two_tables,
)

CHANNELS = """{
    window.channels = [];
    const create = RTCPeerConnection.prototype.createDataChannel;
    RTCPeerConnection.prototype.createDataChannel = function (...args) {
        const channel = create.apply(this, args);
        window.channels.push(channel);
        return channel;
    };
    const Native = RTCPeerConnection;
    window.RTCPeerConnection = class extends Native {
        constructor(config) {
            super(config);
            this.addEventListener("datachannel", ({ channel }) => window.channels.push(channel));
        }
    };
}"""
"""Run in each page after ``NO_STUN_PAGE``: its data channels, as ``window.channels``, for
the test to close one as a dropped connection would."""
FRIEND_KEY = "ginrummy.friend"
"""Where a page keeps its match against a friend (web/platform/friend-save.js)."""


@pytest.fixture
def tables(browser: Browser, base_url: str) -> Iterator[list[Page]]:
    """Two players' pages of the site (``test_friend.two_tables``), with no STUN server and
    their data channels in reach."""
    yield from two_tables(browser, base_url, NO_STUN_PAGE, CHANNELS)


def drop(page: Page) -> None:
    """Close ``page``'s data channel, as a dropped connection does: both pages lose it."""
    page.evaluate("channels.at(-1).close()")


def expect_lost(page: Page) -> None:
    """Wait until ``page`` says the connection was lost, its match kept."""
    dialog = page.locator("#newgame")
    expect(dialog.locator("h2")).to_have_text(EN["friend.lost_title"], timeout=WAIT_MS)
    expect(dialog).to_contain_text(EN["friend.lost"])
    assert page.evaluate(f"localStorage.getItem('{FRIEND_KEY}')")


def reconnect(offering: Page, answering: Page) -> None:
    """``offering`` sends a new link from its dialog; ``answering`` pastes it in its own,
    sends its answer back, which ``offering`` pastes and connects to."""
    offering.click('#newgame [data-friend="send-link"]')
    link = offering.locator('#newgame textarea[name="invite"]')
    expect(link).to_have_value(re.compile("#friend="), timeout=WAIT_MS)
    answering.click('#newgame [data-friend="paste-link"]')
    answering.fill('#newgame textarea[name="link"]', link.input_value())
    answering.click('#newgame [data-friend="answer"]')
    answer = answering.locator('#newgame textarea[name="answer"]')
    expect(answer).not_to_have_value("", timeout=WAIT_MS)
    offering.fill('#newgame textarea[name="answer"]', answer.input_value())
    offering.click('#newgame [data-friend="connect"]')


def play_and_drop(tables: list[Page], moves: int) -> list[list[str]]:
    """Connect the pages, make ``moves`` moves, then drop the connection (the host's
    channel closed); return both hands as they stood, once both pages say it was lost."""
    connect_tables(*tables)
    play_moves(tables, moves)
    for _ in range(400):  # the last move taken by both pages: one of them offers the next
        if any(page.evaluate(TO_MOVE) for page in tables):
            break
        tables[0].wait_for_timeout(100)
    hands = [sorted(hand_cards(page)) for page in tables]
    drop(tables[0])
    for page in tables:
        expect_lost(page)
    return hands


def test_a_dropped_connection_is_taken_up_from_either_side_and_the_hand_finished(
    tables: list[Page], artifacts: Path
) -> None:
    host, guest = tables
    computer_game = [saved(page)["save"] for page in tables]
    stats = [page.evaluate("localStorage.getItem('ginrummy.stats')") for page in tables]
    hands = play_and_drop(tables, 3)
    # the match stays drawn behind the dialog, as it stood
    assert [sorted(hand_cards(page)) for page in tables] == hands
    for width, height, name in ((390, 844, "phone"), (1280, 800, "desktop")):
        guest.set_viewport_size({"width": width, "height": height})
        guest.screenshot(path=artifacts / f"friend-lost-{name}.png")
    check_axe(guest, "connection lost dialog")
    reconnect(guest, host)  # the guest offers, this time
    for page in tables:
        expect(page.locator("#newgame")).not_to_be_visible(timeout=WAIT_MS)
    assert [sorted(hand_cards(page)) for page in tables] == hands
    # dropped again, mid-hand, and taken up from the other side
    play_moves(tables, 2)
    drop(guest)
    for page in tables:
        expect_lost(page)
    reconnect(host, guest)
    for page in tables:
        expect(page.locator("#newgame")).not_to_be_visible(timeout=WAIT_MS)
    play_moves(tables, 10_000, stop="match_over")
    assert [phase(page) for page in tables] == ["match_over", "match_over"]
    # over: nothing kept to take up; the game against the computer is as it was
    assert not [page for page in tables if page.evaluate(f"localStorage.getItem('{FRIEND_KEY}')")]
    assert [saved(page)["save"] for page in tables] == computer_game
    assert [page.evaluate("localStorage.getItem('ginrummy.stats')") for page in tables] == stats


def test_a_match_whose_pages_differ_is_not_taken_up(tables: list[Page], artifacts: Path) -> None:
    """The host's kept match is altered, and its page reloaded: "Play a friend" offers to
    take the match up, but the pages' states differ, and both say so."""
    host, guest = tables
    computer_game = saved(host)["save"]
    play_and_drop(tables, 2)
    kept = json.loads(host.evaluate(f"localStorage.getItem('{FRIEND_KEY}')"))
    kept["save"]["channel"]["digest"] = "0" * 64  # what it received, altered
    host.evaluate(f"(kept) => localStorage.setItem('{FRIEND_KEY}', kept)", json.dumps(kept))
    host.reload()
    wait_idle(host)
    expect(host.locator("#hint-button")).to_be_visible()  # the game against the computer
    host.click("#new-button")
    host.click('#newgame [data-friend="host"]')
    expect(host.locator("#newgame")).to_contain_text("hand 1: you 0, your friend 0")
    host.set_viewport_size({"width": 390, "height": 844})
    host.screenshot(path=artifacts / "friend-kept-phone.png")
    check_axe(host, "the offer to take a kept match up")
    host.click('#newgame [data-friend="take-up"]')
    reconnect(host, guest)
    refused = EN["friend.resume_refused"].split("(")[0]
    for page in tables:
        expect(page.locator("#message-text")).to_contain_text(refused, timeout=WAIT_MS)
        expect(page.locator("#hint-button")).to_be_visible()
        assert page.evaluate(f"localStorage.getItem('{FRIEND_KEY}')") is None
    assert saved(host)["save"] == computer_game


def test_a_match_left_for_later_is_taken_up_from_play_a_friend(tables: list[Page]) -> None:
    """One player presses Later: the game against the computer comes back, the match kept;
    then "Play a friend" offers to take it up, and it goes on where it stopped."""
    host, guest = tables
    hands = play_and_drop(tables, 2)
    expect(guest.locator("#newgame")).to_contain_text(EN["friend.kept_later"])
    guest.click('#newgame [data-friend="cancel"]')  # "Later"
    expect(guest.locator("#hint-button")).to_be_visible()  # the game against the computer
    assert guest.evaluate(f"localStorage.getItem('{FRIEND_KEY}')")
    guest.click("#new-button")
    guest.click('#newgame [data-friend="host"]')
    guest.click('#newgame [data-friend="take-up"]')
    reconnect(host, guest)
    for page in tables:
        expect(page.locator("#newgame")).not_to_be_visible(timeout=WAIT_MS)
    expect(guest.locator("#hint-button")).to_be_hidden()
    assert [sorted(hand_cards(page)) for page in tables] == hands
    play_moves(tables, 2)
