"""Pass and play: two people at one page. Between turns a screen covers the window and
the table behind it is hidden, to the eye and to a screen reader; the next player taps to
see their own hand, drawn from their own seat. The game against the computer keeps its
save and its statistics."""

from __future__ import annotations

import re
from pathlib import Path

from player import (
    CORNER,
    TURN_CHOICE,
    hand_cards,
    hand_titles,
    kept_aside,
    open_game,
    saved,
    table_scores,
    tap,
)
from playwright.sync_api import Page, expect

SETTLED = (
    "() => document.querySelector('dialog#pass').open"
    " || document.querySelector('#table').dataset.busy === 'false'"
)
"""The page has taken a move: it shows the pass screen, or waits for the same player."""


def move(page: Page) -> None:
    """Make one move as a plain person (``player.take_turn``'s choice), then wait until
    the page has taken it (the pass screen may then cover the table)."""
    kind, action = page.evaluate(TURN_CHOICE)
    if kind == "go out":
        page.locator(f'#controls [data-action="{action}"]').click()
        page.locator("dialog#confirm [data-action]").first.click()
    elif kind == "click":
        tap(page.locator(f'#table [data-action="{action}"]').first)
    else:
        titles = hand_titles(page)
        card = page.locator(f'#hand [data-action="discard {min(titles, key=titles.__getitem__)}"]')
        card.click(position=CORNER)  # selected (safe discards)
        card.click(position=CORNER)
    page.wait_for_function(SETTLED)


def reveal(page: Page, artifacts: Path, shot: str) -> tuple[str, list[str]]:
    """Check the pass screen hides the table, tap "Show my hand"; return the screen's
    title and the hand then shown."""
    cover = page.locator("dialog#pass")
    expect(cover).to_be_visible()
    expect(page.locator("#table")).to_be_hidden()
    expect(cover.get_by_role("button", name="Show my hand")).to_be_focused()
    said = page.locator("body").aria_snapshot()
    assert "of spades" not in said and "of hearts" not in said and "Opponent" not in said, said
    page.screenshot(path=artifacts / f"pass-play-{shot}.png")
    title = cover.locator("h2").inner_text()
    cover.get_by_role("button", name="Show my hand").click()
    expect(cover).to_be_hidden()
    expect(page.locator('#table[data-busy="false"]')).to_be_visible()
    return title, page.locator("#hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")


def start(page: Page, base_url: str, query: str) -> tuple[str, str | None]:
    """Open the game of ``query`` against the computer, then deal a pass-and-play match
    under its rules from the new-game dialog; return the computer game's save and the
    statistics as they were (the match must leave both as they are)."""
    open_game(page, base_url, query)
    computer_game = saved(page)["save"]
    stats = page.evaluate("localStorage.getItem('ginrummy.stats')")
    page.click("#new-button")
    page.click('#newgame [data-pass-play="new"]')
    return computer_game, stats


def test_two_players_pass_the_device_and_each_sees_only_their_own_hand(
    page: Page, base_url: str, artifacts: Path
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    computer_game, stats = start(page, base_url, "?preset=standard&seed=3")
    first, hand = reveal(page, artifacts, "cover-phone")
    assert first in ("Player 1's turn", "Player 2's turn")
    expect(page.locator("#hint-button")).to_be_hidden()
    expect(page.locator("#opponent .card")).to_have_count(10)  # the other's, face down
    page.screenshot(path=artifacts / "pass-play-table-phone.png")
    # the first upcard's take or pass; then, whatever it was, the other player's turn
    move(page)
    second, other_hand = reveal(page, artifacts, "cover-phone-2")
    assert second != first and {first, second} == {"Player 1's turn", "Player 2's turn"}
    assert len(other_hand) == 10 and not set(hand) & set(other_hand)
    first_player = first.removesuffix("'s turn")  # "Player 1"
    expect(page.locator("#opp-says")).to_contain_text(f"{first_player} ")  # the first's move
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=artifacts / "pass-play-table-desktop.png")
    for _ in range(12):  # a few turns more, the screen between each player's
        move(page)
        if page.locator("dialog#pass").is_visible():
            assert reveal(page, artifacts, "cover-desktop")[0] in (first, second)
    assert saved(page)["save"] == computer_game
    assert page.evaluate("localStorage.getItem('ginrummy.stats')") == stats


def names(page: Page) -> list[str]:
    """Return the names the table gives the seats: the score line's, then the headings of
    the bottom hand and of the top one."""
    score = page.locator("#scores .who").all_inner_texts()
    heads = [page.locator(f"#{id_} .label > span").first.inner_text() for id_ in ("me", "opponent")]
    return [*score, *heads]


def test_pass_and_play_names_the_players_in_the_page_language(
    page: Page, base_url: str, artifacts: Path
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, base_url, "?preset=standard&seed=3")
    assert names(page) == ["You", "Opponent", "You", "Opponent"]
    page.click("#new-button")
    page.click('#newgame [data-pass-play="new"]')
    title, _hand = reveal(page, artifacts, "names-cover")
    me = int(title.split()[1][0])  # "Player 1's turn"
    other = 3 - me
    assert names(page) == [f"Player {me}", f"Player {other}", f"Player {me}", f"Player {other}"]
    page.screenshot(path=artifacts / "pass-play-names-phone.png")
    move(page)
    reveal(page, artifacts, "names-cover-2")
    assert names(page) == [f"Player {other}", f"Player {me}", f"Player {other}", f"Player {me}"]
    page.click("#settings-button")
    page.select_option("#language", "de")
    page.keyboard.press("Escape")
    expect(page.locator("#scores .who").first).to_have_text(f"Spieler {other}")
    assert names(page) == [f"Spieler {other}", f"Spieler {me}", f"Spieler {other}", f"Spieler {me}"]
    expect(page.locator("#opp-says")).to_contain_text(f"Spieler {me} ")  # the other's turn
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=artifacts / "pass-play-names-desktop.png")


def pass_on(page: Page) -> None:
    """Make the moves of the player to move until the other's turn: the screen shows."""
    for _ in range(3):
        move(page)
        if page.locator("dialog#pass").is_visible():
            return
    raise AssertionError("the turn never passed")


def test_a_reload_takes_the_match_up_behind_the_pass_screen(
    page: Page, base_url: str, artifacts: Path
) -> None:
    open_game(page, base_url, "?preset=standard&seed=3")
    computer_game = saved(page)["save"]
    page.click("#new-button")
    page.click('#newgame [data-pass-play="new"]')
    first, _hand = reveal(page, artifacts, "reload-cover")
    pass_on(page)
    second, hand = reveal(page, artifacts, "reload-cover-2")
    pass_on(page)  # the first player's turn again: the screen covers the table
    assert page.evaluate("localStorage.getItem('ginrummy.passplay')")
    page.reload()
    page.wait_for_selector("html[data-ready]", timeout=60_000)
    # taken up behind the screen: the next player's turn, no hand shown or read out
    expect(page.locator("dialog#pass h2")).to_have_text(first, timeout=20_000)
    page.set_viewport_size({"width": 390, "height": 844})
    title, _first_hand = reveal(page, artifacts, "reload-cover-phone")
    assert title == first
    pass_on(page)
    assert reveal(page, artifacts, "reload-cover-after")[0] == second
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=artifacts / "pass-play-reloaded-desktop.png")
    assert len(set(hand_cards(page)) & set(hand)) >= 8  # the same player's hand, a turn on
    assert saved(page)["save"] == computer_game


def test_a_pass_and_play_save_that_will_not_open_is_set_aside_never_deleted(
    page: Page, base_url: str
) -> None:
    # It was deleted ("so it is gone"): a save this browser could not open for a while (its
    # key store slow or missing) would have been lost. It is kept aside as a computer
    # game's save is, the player told where, and the computer game is dealt as before.
    broken = '{"format": 1, "sealed": "not a sealed match"}'
    page.add_init_script(
        f"if (!sessionStorage.getItem('planted')) {{ sessionStorage.setItem('planted', 1);"
        f" localStorage.setItem('ginrummy.passplay', {broken!r}); }}"
    )
    open_game(page, base_url, "?preset=standard&seed=3")
    expect(page.locator("#message-text")).to_contain_text("pass-and-play match could not be")
    expect(page.locator("#message-text")).to_contain_text("kept aside in this browser")
    assert kept_aside(page, "ginrummy.broken.") == [broken]
    assert page.evaluate("localStorage.getItem('ginrummy.passplay')") is None
    assert saved(page)["params"]["preset"] == "standard"


def test_the_match_over_its_end_screen_replays_it_move_by_move(
    page: Page, base_url: str, artifacts: Path
) -> None:
    """A one-hand match played to its end: the end screen offers its replay, which steps
    through the deal and every move with the seats named Player 1 and 2, to the scores the
    table shows; the game against the computer keeps its save and statistics."""
    page.set_viewport_size({"width": 390, "height": 844})
    computer_game, stats = start(
        page, base_url, "?preset=standard&seed=3&match=hands&hands_to_win=1"
    )
    replay_button = page.locator('#showdown [data-command="replay-match"]')
    expect(page.locator("dialog#pass")).to_be_visible()  # the first player's turn
    for _ in range(400):
        if page.locator("dialog#pass").is_visible():
            page.locator("dialog#pass [data-pass='show']").click()
            expect(page.locator('#table[data-busy="false"]')).to_be_visible()
        if (
            page.locator("#showdown").is_visible()
            and not page.locator('#table [data-action="next"]').count()
        ):
            break  # the match is over
        expect(replay_button).to_have_count(0)  # the record opens once the match is over
        move(page)
    expect(replay_button).to_have_text("Replay the match")
    # Both players read the end: each seat is its player, never "you" or "the opponent"
    # (the end said "You knocked and won the hand", "The opponent laid down", "+2 to you").
    end = page.locator("#showdown")
    expect(end.locator(".match-end")).to_have_text(
        re.compile(r"^Player [12] won the match on hands won, 1 to 0!")
    )
    expect(end.locator(".outcome")).to_have_text(re.compile(r"^(Undercut! )?Player [12] "))
    expect(end.locator(".hand-points")).to_have_text(re.compile(r"^Player [12] scores \d+ point"))
    said = end.inner_text()
    assert not re.search(r"\b(you|your|opponent)\b", said, re.IGNORECASE), said
    table = table_scores(page)
    page.screenshot(path=artifacts / "pass-play-over-phone.png")
    replay_button.click()
    dialog = page.locator("dialog#replay")
    expect(dialog.locator(".replay-view")).to_have_attribute("data-step", "0")
    expect(dialog.locator(".replay-files")).to_have_count(0)  # no file: not a computer game
    heads = dialog.locator(".replay-seat h3")
    expect(heads.nth(0)).to_contain_text("Player 2")  # the top seat
    expect(heads.nth(1)).to_contain_text("Player 1")
    expect(dialog.locator(".replay-move")).to_have_text("The deal")
    dialog.get_by_role("button", name="Next move").click()
    expect(dialog.locator(".replay-view")).to_have_attribute("data-step", "1")
    # each move by its player ("You passed on the 2\u2663" was the bottom seat's)
    expect(dialog.locator(".replay-move")).to_have_text(re.compile(r"^Player [12] passed on "))
    page.screenshot(path=artifacts / "pass-play-replay-phone.png")
    dialog.get_by_role("button", name="Last move").click()
    where = dialog.locator(".replay-where")
    expect(where).to_contain_text(f"Player 1 {table['Player 1']}, Player 2 {table['Player 2']}")
    step, total = where.locator("b").inner_text().split()[1::2][:2]  # "Move 40 of 40 · ..."
    assert step == total and int(total) > 10
    expect(dialog.locator(".replay-result")).to_have_text(re.compile(r"^Player [12] scores "))
    expect(dialog.locator(".replay-seat .hidden-hand")).to_have_count(0)  # both hands shown
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=artifacts / "pass-play-replay-desktop.png")
    dialog.get_by_role("button", name="Close").click()
    expect(replay_button).to_be_focused()
    assert names(page)[:2] == list(table)  # the table's seats named as before
    assert saved(page)["save"] == computer_game
    assert page.evaluate("localStorage.getItem('ginrummy.stats')") == stats
