"""The Rules dialog: help generated from the rule set in play, examples from the engine."""

from __future__ import annotations

from pathlib import Path

from player import open_game, open_help
from playwright.sync_api import Page, expect

from ginrummy.rules import find_rules
from ginrummy.rules_help import rules_help


def test_the_rules_button_explains_the_game_in_play(
    page: Page, base_url: str, artifacts: Path
) -> None:
    open_game(page, base_url, "?preset=standard&gin_bonus=20&seed=3")
    open_help(page)
    dialog = page.locator("#rules-help")
    expect(dialog.locator("h2")).to_have_text("Rules: Standard, changed")
    expect(dialog.locator('[data-help="help.gin"]')).to_contain_text("It scores 20 plus")
    expect(dialog.locator('[data-help="help.knock.limit"]')).to_contain_text("10 or less")
    expected = rules_help(find_rules("standard").replace(gin_bonus=20))["examples"]
    figures = dialog.locator("figure.example")
    assert figures.count() == len(expected)
    gin = dialog.locator('[data-example="help.ex.gin"] .hand-points')
    report = next(e["report"] for e in expected if e["caption"]["id"] == "help.ex.gin")
    assert gin.get_attribute("data-points") == str(report["points"]) == "37"  # 20 + 17
    page.screenshot(path=str(artifacts / "phone-rules-help.png"))
    dialog.locator("button.primary").click()
    expect(dialog).to_be_hidden()


def test_straight_gin_says_there_is_no_knocking(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?preset=straight&seed=3")
    open_help(page)
    dialog = page.locator("#rules-help")
    expect(dialog.locator('[data-help="help.knock.none"]')).to_be_visible()
    assert dialog.locator('[data-help="help.knock.limit"]').count() == 0
    assert dialog.locator('[data-example="help.ex.knock"]').count() == 0
    assert dialog.locator('[data-example="help.ex.gin"]').count() == 1


def test_the_new_game_form_explains_the_chosen_preset(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?seed=3")
    page.click("#new-button")
    form = page.locator("#newgame")
    form.locator('select[name="preset"]').select_option("oklahoma")
    form.locator("button.help").click()
    dialog = page.locator("#rules-help")
    dialog.locator(".example").first.wait_for()
    expect(dialog.locator("h2")).to_have_text("Rules: Oklahoma")
    expect(dialog.locator('[data-help="help.knock.upcard"]')).to_be_visible()
    expect(dialog.locator('[data-help="help.spade_double"]')).to_be_visible()
    dialog.locator("button.primary").click()
    expect(form).to_be_visible()  # back in the form, which still holds its choice
    assert form.locator('select[name="preset"]').input_value() == "oklahoma"
