"""Statistics and sound in Chromium, used as a person would: play hands, open the dialog."""

from __future__ import annotations

import json
from pathlib import Path

from player import (
    FULL_STORAGE,
    RETURNING,
    click_action,
    engine_match,
    go_out,
    kept_aside,
    messages,
    phase,
    plant_save,
    store_once,
    wait_idle,
)
from playwright.sync_api import Page, expect

from deals import KNOCKER, LOOSE, NEAR_GIN, STANDARD, crafted

STATS_KEY = "ginrummy.stats"

AUDIO_PROBE = """
window.audioProbe = { contexts: 0, started: 0 };
const RealContext = window.AudioContext;
window.AudioContext = class extends RealContext {
  constructor(...args) { super(...args); window.audioProbe.contexts += 1; }
};
for (const kind of [OscillatorNode, AudioBufferSourceNode]) {
  const start = kind.prototype.start;
  kind.prototype.start = function (...args) {
    window.audioProbe.started += 1;
    return start.apply(this, args);
  };
}
"""
"""Counts the audio contexts made and the sounds started (oscillators and noise)."""


def knock(page: Page) -> None:
    """Take the upcard and knock with the king of diamonds, confirming the melds."""
    click_action(page, "upcard")
    go_out(page, "knock Kd")
    assert phase(page) in ("hand_over", "match_over")


def open_stats(page: Page) -> None:
    """Open the Statistics dialog from the menu."""
    page.locator("#stats-button").click()
    expect(page.locator("dialog#stats")).to_be_visible()


def figure(page: Page, name: str) -> list[str]:
    """Return the cells of figure ``name`` in the statistics table, column by column."""
    row = page.locator(f'dialog#stats tr[data-figure="{name}"] td')
    return [str(cell.get_attribute("data-value")) for cell in row.all()]


def hidden_columns(page: Page) -> list[str]:
    """Return the headers of the statistics table that its box does not show whole."""
    hidden: list[str] = page.evaluate(
        """() => {
          const box = document.querySelector("dialog#stats .stats-scroll").getBoundingClientRect();
          return [...document.querySelectorAll("dialog#stats .stats-table tr:first-child th")]
            .filter((th) => th.getBoundingClientRect().right > box.right + 0.5)
            .map((th) => th.textContent);
        }"""
    )
    return hidden


def stored_stats(page: Page) -> dict[str, object]:
    """Return the statistics the page keeps in localStorage."""
    data: dict[str, object] = json.loads(page.evaluate(f"localStorage.getItem('{STATS_KEY}')"))
    return data


def test_a_hand_is_counted_once_even_when_reloaded_on_the_showdown(
    page: Page, base_url: str, artifacts: Path
) -> None:
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "2d"))
    open_stats(page)
    expect(page.locator("dialog#stats .stats-empty")).to_be_visible()
    page.locator('dialog#stats [data-stats="close"]').click()
    knock(page)
    points = engine_match(page).hand.score.points[0]  # type: ignore[union-attr]
    open_stats(page)
    assert figure(page, "hands") == ["1"] and figure(page, "won") == ["1"]
    assert figure(page, "knocks") == ["1"] and figure(page, "knock_deadwood") == ["2"]
    assert figure(page, "points_per_win") == [str(points)]
    assert figure(page, "win_rate") == ["100"] and figure(page, "gins") == ["0"]
    page.screenshot(path=str(artifacts / "phone-stats.png"))
    for _ in range(2):
        page.reload()
        wait_idle(page)
        assert phase(page) == "hand_over"
    open_stats(page)
    assert figure(page, "hands") == ["1"] and figure(page, "won") == ["1"]


def test_figures_add_up_by_rule_set_and_level_and_filter(
    page: Page, base_url: str, artifacts: Path
) -> None:
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "4s"), level="simple")
    click_action(page, "upcard")
    go_out(page, "gin Kd")
    page.close()  # the game is played in one tab at a time
    other = page.context.new_page()  # the same browser storage, a fresh tab to plant in
    short = STANDARD.replace(target=10)
    plant_save(other, base_url, crafted(KNOCKER, NEAR_GIN, "8c", short), level="easy")
    knock(other)
    assert phase(other) == "match_over"
    open_stats(other)
    head = other.locator("dialog#stats tr").first.locator("th")
    expect(head).to_have_count(3)  # All, then one per rule set and level (the corner is a td)
    expect(head.nth(0)).to_contain_text("All")
    expect(other.locator("dialog#stats")).to_contain_text("Game to 10")
    terms = other.locator("dialog#stats .stats-terms")  # the words, then each rule set's
    expect(terms.locator("p")).to_contain_text("a match is one game or more")
    expect(terms.locator("dt")).to_have_text(["Standard", "Standard, Game to 10"])
    expect(terms.locator("dd")).to_have_text(
        [
            "A game ends when a player reaches 100 points. The match is one game.",
            "A game ends when a player reaches 10 points. The match is one game.",
        ]
    )
    assert figure(other, "hands") == ["2", "1", "1"]
    assert hidden_columns(other) == []  # three columns fit a phone: nothing to scroll to
    other.screenshot(path=str(artifacts / "phone-stats-columns.png"))
    assert figure(other, "won") == ["1", "1", "0"] and figure(other, "lost") == ["1", "0", "1"]
    assert figure(other, "gins") == ["1", "1", "0"]
    assert figure(other, "undercuts_suffered") == ["1", "0", "1"]
    assert figure(other, "knock_deadwood") == ["8", "", "8"]  # no knock at the gin: no value
    assert figure(other, "matches") == ["2", "1", "1"] and figure(other, "matches_won") == [
        "1",
        "1",
        "0",
    ]
    other.locator("dialog#stats select[name=level]").select_option("easy")
    expect(head).to_have_count(1)  # one column: no "All" for one
    expect(other.locator("dialog#stats select[name=level]")).to_be_focused()
    assert figure(other, "hands") == ["1"] and figure(other, "undercuts_suffered") == ["1"]
    other.locator("dialog#stats select[name=level]").select_option("")
    other.locator("dialog#stats select[name=rules]").select_option("standard")
    assert figure(other, "gins") == ["1"] and figure(other, "hands") == ["1"]


def test_reset_asks_first_and_a_finished_hand_is_not_counted_again(
    page: Page, base_url: str
) -> None:
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "2d"))
    knock(page)
    open_stats(page)
    page.locator('dialog#stats [data-stats="reset"]').click()
    expect(page.locator("dialog#stats .stats-confirm")).to_contain_text("cannot be undone")
    page.locator('dialog#stats [data-stats="reset-no"]').click()
    assert figure(page, "hands") == ["1"]
    page.locator('dialog#stats [data-stats="reset"]').click()
    page.locator('dialog#stats [data-stats="reset-yes"]').click()
    expect(page.locator("dialog#stats .stats-empty")).to_be_visible()
    page.reload()  # still on the showdown of the hand counted before the reset
    wait_idle(page)
    open_stats(page)
    expect(page.locator("dialog#stats .stats-empty")).to_be_visible()
    assert stored_stats(page)["buckets"] == []


def test_export_downloads_the_figures_as_json_and_csv(
    page: Page, base_url: str, tmp_path: Path
) -> None:
    plant_save(page, base_url, crafted(KNOCKER, NEAR_GIN, "8c"))
    knock(page)
    open_stats(page)
    with page.expect_download() as download_info:
        page.locator('dialog#stats [data-stats="json"]').click()
    download = download_info.value
    assert download.suggested_filename.startswith("gin-rummy-stats-")
    assert download.suggested_filename.endswith(".json")
    target = tmp_path / "stats.json"
    download.save_as(target)
    data = json.loads(target.read_text())
    assert data["format"] == "gin-rummy-stats"
    (group,) = data["groups"]
    assert (group["preset"], group["level"], group["practice"]) == ("standard", "simple", False)
    assert group["counts"]["undercuts_suffered"] == 1 and group["counts"]["knock_deadwood"] == 8
    assert data["totals"]["real"]["figures"]["hands"] == 1
    assert data["totals"]["practice"]["figures"]["hands"] == 0
    with page.expect_download() as csv_info:
        page.locator('dialog#stats [data-stats="csv"]').click()
    csv_path = tmp_path / "stats.csv"
    csv_info.value.save_as(csv_path)
    header, row = csv_path.read_text().splitlines()
    values = dict(zip(header.split(","), row.split(","), strict=True))
    assert values["rules"] == "standard" and values["lost"] == "1" and values["hands"] == "1"


def test_a_corrupt_statistics_value_is_reported_and_kept_aside(page: Page, base_url: str) -> None:
    broken = '{"format": "gin-rummy-stats", "version": 1, "buckets": "lots"'
    store_once(page, STATS_KEY, broken)
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "2d"))
    expect(page.locator("dialog#message")).to_be_visible()
    expect(page.locator("#message-text")).to_contain_text("kept aside")
    assert kept_aside(page, "ginrummy.stats.broken.") == [broken]
    page.locator("dialog#message button").click()
    knock(page)
    open_stats(page)
    assert figure(page, "hands") == ["1"]


def test_unreadable_statistics_stay_put_when_there_is_no_room_to_set_them_aside(
    page: Page, base_url: str
) -> None:
    # With the storage full, copying the value aside fails: it was removed all the same,
    # and gone at the next load, while the message said it was kept aside.
    broken = '{"format": "gin-rummy-stats", "version": 1, "buckets": "lots"'
    page.add_init_script(f"localStorage.setItem('ginrummy.speed', 'instant'); {RETURNING}")
    store_once(page, STATS_KEY, broken)
    page.add_init_script(FULL_STORAGE)
    for _ in range(2):  # the first load and a reload: the value is still there
        page.goto(base_url)
        wait_idle(page)
        assert "they stay where they are" in " ".join(messages(page))
        assert page.evaluate(f"localStorage.getItem('{STATS_KEY}')") == broken
        assert kept_aside(page, "ginrummy.stats.broken.") == []


def test_practice_games_are_counted_apart(page: Page, base_url: str) -> None:
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "2d"), practice=True)
    expect(page.locator("#practice-chip")).to_be_visible()
    knock(page)
    points = engine_match(page).hand.score.points[0]  # type: ignore[union-attr]
    page.reload()  # the same finished hand shown twice: counted once
    wait_idle(page)
    open_stats(page)
    expect(page.locator("dialog#stats .stats-empty")).to_be_visible()  # no real hand yet
    apart = "Practice is counted apart (1 hand played)"
    expect(page.locator("dialog#stats .stats-note")).to_contain_text(apart)
    page.locator("dialog#stats select[name=kind]").select_option("practice")
    assert figure(page, "hands") == ["1"] and figure(page, "knocks") == ["1"]
    assert figure(page, "points_per_win") == [str(points)]


def test_sound_is_off_by_default_and_makes_no_audio(page: Page, base_url: str) -> None:
    page.add_init_script(AUDIO_PROBE)
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "2d"))
    page.locator("#settings-button").click()
    expect(page.locator("#sound")).not_to_be_checked()
    page.keyboard.press("Escape")
    click_action(page, "upcard")
    click_action(page, "discard 7h")
    assert page.evaluate("window.audioProbe") == {"contexts": 0, "started": 0}


def test_sound_once_on_plays_card_sounds_and_stays_on(page: Page, base_url: str) -> None:
    page.add_init_script(AUDIO_PROBE)
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "2d"))
    page.locator("#settings-button").click()
    expect(page.locator("dialog#settings")).to_be_visible()
    page.get_by_role("checkbox", name="Sound").check()
    assert page.evaluate("window.audioProbe.contexts") == 1
    page.keyboard.press("Escape")
    click_action(page, "upcard")
    before = page.evaluate("window.audioProbe.started")
    click_action(page, "discard 7h")
    assert page.evaluate("window.audioProbe.started") > before
    page.reload()
    wait_idle(page)
    assert page.evaluate("window.audioProbe.contexts") == 0  # no gesture yet: no audio
    page.locator("#stock").click()  # the draw is the gesture that starts the audio
    wait_idle(page)
    assert page.evaluate("window.audioProbe") != {"contexts": 0, "started": 0}
    page.locator("#settings-button").click()
    sound = page.get_by_role("checkbox", name="Sound")
    expect(sound).to_be_checked()  # kept from before the reload
    sound.uncheck()
    page.keyboard.press("Escape")
    silent = page.evaluate("window.audioProbe.started")
    click_action(
        page, str(page.locator("#hand [data-action^='discard']").first.get_attribute("data-action"))
    )
    assert page.evaluate("window.audioProbe.started") == silent
