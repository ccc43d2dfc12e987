"""Learning aids in Chromium: practice games with undo, the hand review, replays."""

from __future__ import annotations

import collections
import itertools
import json
from pathlib import Path
from typing import Any

from player import (
    click_action,
    engine_match,
    hand_cards,
    open_game,
    phase,
    plant_save,
    play_to,
    resize,
    save_text,
    saved,
    take_turn,
    wait_idle,
    window,
)
from playwright.sync_api import Locator, Page, expect

from deals import KNOCKER, LOOSE, STANDARD, crafted, play_views, seed_dealt_by
from ginrummy.bot import make_player
from ginrummy.match import Match
from ginrummy.review import review_hand


def table(page: Page) -> dict[str, Any]:
    """Return what the table shows: the player's cards, the pile, the phase, the turn."""
    cards = "els => els.map(e => e.dataset.card)"
    return {
        "hand": sorted(hand_cards(page)),
        "pile": page.locator("#pile .card").evaluate_all(cards),
        "phase": phase(page),
        "stock": page.locator("#stock-count").text_content(),
    }


def test_practice_takes_back_two_moves_and_explains_the_opponent(
    page: Page, base_url: str, artifacts: Path
) -> None:
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}&practice=true&level=easy")
    expect(page.locator("#practice-chip")).to_be_visible()
    expect(page.locator("#undo-button")).to_be_visible()
    seen = [table(page)]
    for _ in range(4):
        take_turn(page)
        seen.append(table(page))
    expect(page.locator("#opp-why")).to_contain_text("It told itself")
    page.mouse.move(1, 1)
    page.screenshot(path=str(artifacts / "phone-practice.png"))
    page.locator("#undo-button").click()
    wait_idle(page)
    assert table(page) == seen[3]
    page.keyboard.press("Control+z")
    wait_idle(page)
    assert table(page) == seen[2]
    expect(page.locator("#hint-line")).to_contain_text("taken back")
    assert json.loads(saved(page)["save"])["practice"] is True
    assert len(engine_match(page).actions) < 8
    page.reload()
    wait_idle(page)
    assert table(page) == seen[2]
    expect(page.locator("#undo-button")).to_be_visible()


def test_a_normal_game_offers_no_undo(page: Page, base_url: str) -> None:
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}&level=easy")
    take_turn(page)
    take_turn(page)
    expect(page.locator("#undo-button")).to_be_hidden()
    expect(page.locator("#practice-chip")).to_be_hidden()
    expect(page.locator("#opp-why")).to_be_hidden()
    before = saved(page)["save"]
    page.keyboard.press("Control+z")
    page.wait_for_timeout(300)
    assert saved(page)["save"] == before


def test_the_new_game_form_starts_a_practice_game(page: Page, base_url: str) -> None:
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}")
    page.locator("#new-button").click()
    form = page.locator("dialog#newgame")
    form.locator("input[name=practice]").check()
    form.locator("button.primary").click()
    wait_idle(page)
    assert "practice=true" in page.url
    expect(page.locator("#undo-button")).to_be_visible()


def review_a_missed_knock(page: Page, base_url: str) -> Locator:
    """Play a crafted hand where the player discards instead of knocking with the Kd, to
    its end, and return its review's dialog, open."""
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "2d"))
    click_action(page, "upcard")
    expect(page.locator('#controls [data-action="knock Kd"]')).to_be_visible()
    click_action(page, "discard 7h")  # the slip: a knock with 2 deadwood was there
    play_to(page, "hand_over")
    page.locator('#showdown [data-command="review"]').click()
    dialog = page.locator("dialog#review")
    expect(dialog).to_be_visible()
    return dialog


def test_the_review_flags_a_missed_knock(page: Page, base_url: str, artifacts: Path) -> None:
    dialog = review_a_missed_knock(page, base_url)
    step = dialog.locator(".review-step")
    expect(step).to_have_attribute("data-step", "1")  # it opens on the first flagged turn
    expect(step.locator('[data-flag="missed_knock"]')).to_contain_text("knocked")
    expect(step).to_contain_text("Knock, discarding the K♦")
    # the hand in its melds (As 2s 3s, 4c 5c 6c, 7s 7d 7h), the 2d and Kd left over
    expect(step.locator(".group.meld")).to_have_count(3)
    loose = step.locator(".group.deadwood .card").evaluate_all(
        "cs => cs.map((c) => c.dataset.card)"
    )
    assert sorted(loose) == ["2d", "Kd"]
    flagged = review_hand(engine_match(page), 1, "simple")["flagged"]
    expect(dialog.locator(".review-moves li.flagged")).to_have_count(flagged)
    expect(dialog).to_contain_text("Both hands as dealt")
    page.mouse.move(1, 1)
    page.screenshot(path=str(artifacts / "phone-review.png"))
    dialog.locator('[data-review="prev"]').click()
    expect(step).to_have_attribute("data-step", "0")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(step).to_have_attribute("data-step", "2")
    expect(step).to_contain_text("Its hand")  # the opponent's move: what it knew
    expect(step).to_contain_text("Cards it knew you held: 2")


def test_the_review_s_hands_fit_a_small_phone(page: Page, base_url: str, artifacts: Path) -> None:
    # Each hand's melds wrap beside its label; at 320x568 a dealt hand of no meld, ten cards
    # in one group, ran past the dialog's edge there, so its groups go under the label.
    page.set_viewport_size(window("320x568"))
    dialog = review_a_missed_knock(page, base_url)
    dialog.locator("details.dealt summary").click()
    expect(dialog.locator("details.dealt .review-cards")).to_have_count(2)
    edge = dialog.evaluate("d => d.getBoundingClientRect().right")
    rights = dialog.locator(".review-cards .card").evaluate_all(
        "cs => cs.map((c) => c.getBoundingClientRect().right)"
    )
    assert len(rights) == 10 + 10 + 11 and max(rights) <= edge, (max(rights), edge)
    page.screenshot(path=str(artifacts / "review-320x568.png"))


def test_the_review_s_hands_use_a_wide_window_sorted(page: Page, base_url: str) -> None:
    # At 1280x800 a hand of no meld, ten cards, took 220 px of a 510 px row (40 px cards
    # half hidden), in the engine's order: now larger cards, side by side, sorted by rank as
    # the table sorts them.
    resize(page, "desktop")
    dialog = review_a_missed_knock(page, base_url)
    dialog.locator("details.dealt summary").click()
    loose = dialog.locator("details.dealt .review-cards").nth(1).locator(".group.deadwood .card")
    cards = loose.evaluate_all("cs => cs.map((c) => c.dataset.card)")
    assert cards == ["2h", "4h", "5d", "8d", "9c", "Ts", "Jd", "Qh", "Qd", "Kc"]
    boxes = loose.evaluate_all(
        "cs => cs.map((c) => [c.getBoundingClientRect().left, c.getBoundingClientRect().width])"
    )
    width = boxes[0][1]
    assert width >= 48, width
    steps = [b[0] - a[0] for a, b in itertools.pairwise(boxes)]
    assert min(steps) >= 0.7 * width, (steps, width)  # each card shows most of its face
    edge = dialog.evaluate("d => d.getBoundingClientRect().right")
    assert boxes[-1][0] + width <= edge


def before_the_knock() -> Match:
    """Return the first hand of seed 12 that the simple player plays for both seats, 29
    moves in: the player has taken the upcard and knocks next (as ``take_turn`` does)."""
    match = Match(STANDARD, seed=12)
    players = [make_player("simple", 1), make_player("simple", 2)]
    collections.deque(play_views(match, players, 29), 0)
    knocks = [move for move in match.legal_actions() if move.text.startswith("knock")]
    assert match.to_move == 0 and knocks
    return match


def test_a_game_file_saves_and_replays_move_by_move(
    page: Page, base_url: str, artifacts: Path, tmp_path: Path
) -> None:
    # The hand's moves but its last are planted: the page played all 28 before.
    plant_save(page, base_url, before_the_knock(), level="simple")
    play_to(page, "hand_over")
    page.locator("#replay-button").click()
    dialog = page.locator("dialog#replay")
    with page.expect_download() as info:
        dialog.locator('[data-replay="export"]').click()
    download = info.value
    assert download.suggested_filename.startswith("gin-rummy-20")
    assert download.suggested_filename.endswith(".json")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    assert path.read_text() == saved(page)["save"]
    total = len(engine_match(page).actions)

    dialog.locator("input[type=file]").set_input_files(path)
    view = dialog.locator(".replay-view")
    expect(view).to_have_attribute("data-step", "0")
    expect(view).to_contain_text(f"Move 0 of {total}")
    dialog.locator('[data-replay="next"]').click()
    expect(view).to_have_attribute("data-step", "1")
    page.keyboard.press("ArrowRight")
    expect(view).to_have_attribute("data-step", "2")
    page.keyboard.press("End")
    expect(view).to_have_attribute("data-step", str(total))
    final = engine_match(page).hand.hands
    for seat in (0, 1):
        shown = view.locator(f".replay-seat.seat-{seat} .card.face")
        expect(shown).to_have_count(final[seat].bit_count())
    expect(view.locator(".card.back")).to_have_count(0)  # the hand is over: both shown
    page.screenshot(path=str(artifacts / "phone-replay.png"))
    page.keyboard.press("Home")
    expect(view).to_have_attribute("data-step", "0")
    expect(page.locator('[data-replay="prev"]')).to_be_disabled()


def tampered() -> str:
    """Return a save whose record has an action no one could play."""
    match = Match(STANDARD, seed=seed_dealt_by(STANDARD, 1))
    save = json.loads(save_text(match, "easy"))
    save["record"]["actions"] = ["pass", "discard Zz"]
    return json.dumps(save)


BAD_GAME_FILES = [
    ("{not json", "not valid JSON"),
    ('{"hello": 1}', "not a gin rummy record"),
    (tampered(), "action 2"),
]
"""Game files that cannot be opened, each with what the error must say of it."""


def test_a_bad_game_file_is_reported_and_changes_nothing(page: Page, base_url: str) -> None:
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}&level=easy")
    take_turn(page)
    before = saved(page)["save"]
    shown = table(page)
    dialog = page.locator("dialog#replay")
    for content, message in BAD_GAME_FILES:
        page.locator("#replay-button").click()
        opened = {"name": "game.json", "mimeType": "application/json", "buffer": content.encode()}
        dialog.locator("input[type=file]").set_input_files(files=[opened])
        error = dialog.locator(".error")
        expect(error).to_contain_text('"game.json" could not be opened')
        expect(error).to_contain_text(message)
        expect(dialog.locator(".replay-view")).to_have_count(0)
        dialog.locator("button.primary").click()
        assert saved(page)["save"] == before and table(page) == shown, message
