"""The game in Chromium, played by clicking as a person would, checked against the engine."""

from __future__ import annotations

import collections
import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from player import (
    SAVE_KEY,
    SIZES,
    click_action,
    engine_match,
    go_out,
    hand_cards,
    kept_aside,
    open_game,
    phase,
    plant_save,
    play_to,
    poll,
    quick_hand_seed,
    saved,
    store_once,
    take_turn,
    turned_to_each,
    wait_idle,
    website,
)
from playwright.sync_api import Page, Route, expect

from deals import (
    KNOCKER,
    LOOSE,
    NEAR_GIN,
    STANDARD,
    crafted,
    draw_and_throw,
    layoff_match,
    play_views,
    seed_dealt_by,
)
from ginrummy.actions import Action
from ginrummy.bot import make_player
from ginrummy.cards import format_mask
from ginrummy.match import Match
from ginrummy.rules import PRESETS, Rules
from ginrummy.scoring import Outcome
from ginrummy.state import melder_for


def shown_count(page: Page, row: str) -> int:
    """Return the deadwood count the showdown shows in ``row`` (knocker or defender)."""
    return int(page.locator(f".laid.{row} [data-count]").get_attribute("data-count") or -1)


def showdown_figures(page: Page) -> dict[str, object]:
    """Return the showdown as the page shows it: deadwood counts, points, rules."""
    return {
        "knocker_deadwood": shown_count(page, "knocker"),
        "defender_deadwood": shown_count(page, "defender"),
        "points": page.locator(".hand-points").get_attribute("data-points"),
        "rules": [li.get_attribute("data-rule") for li in page.locator(".points li").all()],
        "outcome": page.locator(".outcome").get_attribute("data-outcome"),
    }


def engine_figures(page: Page) -> dict[str, object]:
    """Return the same figures computed by the engine from the page's saved record."""
    hand = engine_match(page).hand
    showdown = hand.showdown
    assert showdown is not None and hand.score is not None
    return {
        "knocker_deadwood": showdown.knocker_arrangement.count,
        "defender_deadwood": showdown.defender_arrangement.count,
        "points": ",".join(map(str, hand.score.points)),
        "rules": [line.rule.value for line in hand.score.lines],
        "outcome": hand.score.outcome.value,
    }


def test_the_page_loads_and_deals(page: Page, base_url: str) -> None:
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}")
    assert phase(page) == "first_upcard"
    expect(page.locator("#hand .card[data-card]")).to_have_count(10)
    expect(page.locator("#opp-cards .card.back")).to_have_count(10)
    expect(page.locator("#prompt")).to_contain_text("or pass?")
    expect(page.locator('[data-action="pass"]')).to_be_visible()
    expect(page.locator("#pile .card.top[data-action='upcard']")).to_be_visible()
    assert re.search(r"seed=\d+", page.url) and "preset=standard" in page.url


LOADING_BAR = """
window.loadingBar = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    if (change.target.id === "load-progress") loadingBar.push(Number(change.target.value));
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["value"] });
"""
"""An init script recording each value the loading bar takes, in ``window.loadingBar``."""


def test_the_loading_bar_follows_a_slow_download(page: Page, base_url: str) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    throttled = {"offline": False, "latency": 20, "uploadThroughput": -1}
    cdp.send("Network.emulateNetworkConditions", {**throttled, "downloadThroughput": 2_000_000})
    page.add_init_script(LOADING_BAR)
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}")
    bar = page.evaluate("loadingBar")
    # The snapshot's download fills the bar's first stretch step by step (at 2 MB/s it
    # takes seconds: each step also tells the page the load goes on), then the stages.
    downloading = [value for value in bar if 0 < value < 1]
    assert len(downloading) >= 5, bar
    assert bar == sorted(bar) and bar[-1] == 3, bar
    expect(page.locator("#hand .card[data-card]")).to_have_count(10)


def worker_backing_store_bytes(page: Page) -> int:
    """Return the bytes of the ArrayBuffers the page's Python worker holds, after a
    garbage collection (Chromium's DevTools protocol; the wasm memory is not counted)."""
    browser = page.context.browser
    assert browser is not None
    cdp = browser.new_browser_cdp_session()
    targets = cdp.send("Target.getTargets")["targetInfos"]
    (worker,) = [target for target in targets if target["url"].endswith("/worker.js")]
    session = cdp.send("Target.attachToTarget", {"targetId": worker["targetId"]})["sessionId"]
    answers: dict[int, Any] = {}

    def answered(event: dict[str, Any]) -> None:
        message = json.loads(event["message"])
        answers[message.get("id", 0)] = message.get("result")

    cdp.on("Target.receivedMessageFromTarget", answered)
    for number, method in enumerate(("HeapProfiler.collectGarbage", "Runtime.getHeapUsage"), 1):
        message = json.dumps({"id": number, "method": method})
        cdp.send("Target.sendMessageToTarget", {"sessionId": session, "message": message})
        poll(page, "true", lambda _, asked=number: asked in answers, timeout_ms=10_000)
    cdp.detach()
    return int(answers[2]["backingStorageSize"])


def test_the_worker_lets_the_snapshot_go_once_booted(page: Page, base_url: str) -> None:
    # The snapshot is 31 MB unpacked and Pyodide keeps what it is given: the worker hands
    # it over once, so only the wasm memory it was copied into stays.
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}")
    assert worker_backing_store_bytes(page) < 8_000_000


def test_the_site_works_under_a_sub_path(page: Page, site_dir: Path, tmp_path: Path) -> None:
    (tmp_path / "repo").symlink_to(site_dir.resolve(), target_is_directory=True)
    server, url = website().serve_in_background(tmp_path, 0)
    try:
        open_game(page, url + "repo/", f"?seed={seed_dealt_by(STANDARD, 1)}")
        expect(page.locator("#hand .card[data-card]")).to_have_count(10)
        assert "/repo/?" in page.url
    finally:
        server.shutdown()
        server.server_close()


def test_illegal_clicks_do_nothing(page: Page, base_url: str) -> None:
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}")
    before = saved(page)["save"]
    page.locator("#stock").click(force=True)  # force: a person's click ignores aria-disabled
    page.locator("#hand .card").first.click(force=True)
    page.locator("#opp-cards .card").first.click(force=True)
    page.wait_for_timeout(300)
    assert saved(page)["save"] == before and phase(page) == "first_upcard"
    assert page.locator("#hand .card[data-action]").count() == 0


def test_a_knock_shows_the_melds_then_the_engine_s_showdown(
    page: Page, base_url: str, artifacts: Path
) -> None:
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "2d"))
    click_action(page, "upcard")
    expect(page.locator("#hand .group.meld")).to_have_count(3)
    page.locator('#controls [data-action="knock Kd"]').click()
    dialog = page.locator("dialog#confirm")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".group.meld")).to_have_count(3)
    expect(dialog).to_contain_text("Deadwood: 2")
    dialog.locator('[data-action="knock Kd"]').click()
    wait_idle(page)
    assert phase(page) == "hand_over"
    figures = showdown_figures(page)
    assert figures == engine_figures(page)
    assert figures["outcome"] == "knock" and figures["knocker_deadwood"] == 2
    page.screenshot(path=str(artifacts / "phone-showdown-knock.png"))


def test_tied_arrangements_are_a_choice(page: Page, base_url: str) -> None:
    plant_save(page, base_url, crafted("As 3s 5s 3c 4c 5c 6c Ad 3d Kh", LOOSE, "3h"))
    click_action(page, "upcard")
    page.locator('#controls [data-action="knock Kh"]').click()
    choices = page.locator("dialog#confirm .option [data-action]")
    expect(choices).to_have_count(2)
    chosen = str(choices.nth(1).get_attribute("data-action"))
    choices.nth(1).click()
    wait_idle(page)
    assert engine_match(page).actions[-1] == Action.parse(chosen)


def test_a_card_dragged_to_the_pile_is_discarded(page: Page, base_url: str) -> None:
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "2d"))
    click_action(page, "upcard")
    page.locator('#hand [data-card="7h"]').drag_to(
        page.locator("#pile"), source_position={"x": 6, "y": 12}
    )
    wait_idle(page)
    assert engine_match(page).actions[1].text == "discard 7h"


def test_a_card_dragged_onto_another_moves_there(page: Page, base_url: str) -> None:
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "Jc"))
    click_action(page, "upcard")
    deadwood = page.locator("#hand .group.deadwood .card")
    expect(deadwood).to_have_count(2)
    first, second = (str(card.get_attribute("data-card")) for card in deadwood.all())
    page.locator(f'#hand [data-card="{second}"]').drag_to(
        page.locator(f'#hand [data-card="{first}"]'),
        source_position={"x": 6, "y": 12},  # the corners: the hand's cards overlap
        target_position={"x": 6, "y": 12},
    )
    expect(deadwood.first).to_have_attribute("data-card", second)
    assert saved(page)["order"].index(second) < saved(page)["order"].index(first)


def test_a_gin(page: Page, base_url: str) -> None:
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "4s"))
    click_action(page, "upcard")
    go_out(page, "gin Kd")
    figures = showdown_figures(page)
    assert figures == engine_figures(page)
    assert figures["outcome"] == "gin" and "gin" in figures["rules"]  # type: ignore[operator]


def test_a_big_gin(page: Page, base_url: str) -> None:
    plant_save(page, base_url, crafted("As 2s 3s 4s 4c 5c 6c 7d 7h 7s", LOOSE, "7c"))
    click_action(page, "upcard")
    expect(page.locator('#controls [data-action="big gin"]')).to_be_visible()
    go_out(page, "big gin")
    figures = showdown_figures(page)
    assert figures == engine_figures(page)
    assert figures["outcome"] == "big_gin" and figures["rules"] == ["big_gin", "deadwood"]


def test_an_undercut(page: Page, base_url: str) -> None:
    plant_save(page, base_url, crafted(KNOCKER, NEAR_GIN, "8c"))
    click_action(page, "upcard")
    go_out(page, "knock Kd")
    figures = showdown_figures(page)
    assert figures == engine_figures(page)
    assert figures["outcome"] == "undercut" and "undercut" in figures["rules"]  # type: ignore[operator]
    expect(page.locator(".outcome")).to_contain_text("Undercut")


def test_a_dead_hand(page: Page, base_url: str, artifacts: Path) -> None:
    match = draw_and_throw(
        Match(STANDARD, seed=seed_dealt_by(STANDARD, 1)),
        until=lambda match: match.to_move == 0 and len(match.hand.stock) == 3,
    )
    plant_save(page, base_url, match)
    hand_before = set(hand_cards(page))
    click_action(page, "stock")
    (drawn_text,) = set(hand_cards(page)) - hand_before
    click_action(page, f"discard {drawn_text}")
    assert phase(page) == "hand_over"
    expect(page.locator(".outcome")).to_have_attribute("data-outcome", "dead")
    final = engine_match(page)
    assert final.hand.score.outcome.value == "dead"  # type: ignore[union-attr]
    # Each hand is laid out in its best melds and its deadwood, with the count, as a knock
    # would have laid it down (they were one row of cards in the order of the deck).
    rows = page.locator("#showdown .laid")
    expect(rows).to_have_count(2)
    melder = melder_for(final.rules)
    for seat, hand in enumerate(final.hand.hands):
        best = melder.best_arrangement(hand)
        row = rows.nth(seat)
        expect(row.locator(".deadwood[data-count]")).to_have_attribute(
            "data-count", str(best.count)
        )
        expect(row.locator(".group.meld")).to_have_count(len(best.melds))
        shown = row.locator(".group.deadwood .card").evaluate_all(
            "cs => cs.map((c) => c.dataset.card)"
        )
        assert sorted(shown) == sorted(format_mask(best.deadwood))
    page.locator("#showdown").screenshot(path=str(artifacts / "dead-hand.png"))


def test_manual_lay_offs_are_clicked_onto_the_knocker_s_melds(page: Page, base_url: str) -> None:
    plant_save(page, base_url, layoff_match())
    assert phase(page) == "layoff"
    expect(page.locator("#table-melds .group.meld")).to_have_count(3)
    expect(page.locator("#hand [data-action^='layoff']")).to_have_count(2)
    click_action(page, "layoff 4s")
    expect(page.locator("#table-melds [data-card='4s']")).to_be_visible()
    click_action(page, "done")
    assert phase(page) == "hand_over"
    assert showdown_figures(page) == engine_figures(page)
    expect(page.locator(".laid.knocker .group.meld [data-card='4s']")).to_be_visible()


def before_the_last_hand(rules: Rules, seed: int) -> Match:
    """Return the match of ``rules`` dealt by ``seed`` that the simple player plays for both
    seats, at the end of the hand before the one that ends it (its last "next" not played)."""
    whole = Match(rules, seed=seed)
    players = [make_player("simple", 1), make_player("simple", 2)]
    collections.deque(play_views(whole, players, 999), 0)
    assert whole.over
    last_next = max(at for at, action in enumerate(whole.actions) if action.text == "next")
    match = Match(rules, seed=seed)
    for action in whole.actions[:last_next]:
        match.play(action)
    return match


def test_a_full_match_to_the_end(page: Page, base_url: str, artifacts: Path) -> None:
    # The match's first three hands are the engine's (a hand played through the page is
    # the presets' test); the page deals the fourth and plays it to the match's end, its
    # record, all four hands, replayed by the engine. The page played all eight hands of
    # seed 12 before: 38 s of a core, against 9.
    match = before_the_last_hand(STANDARD.replace(target=40), seed=11)
    assert match.hand_number > 2 and match.phase.value == "hand_over"
    plant_save(page, base_url, match, level="simple")
    play_to(page, "match_over")
    match = engine_match(page)
    totals = match.scoresheet.grand_totals()
    assert match.over
    winner = match.scoresheet.winner
    assert winner is not None
    expect(page.locator(".match-end")).to_contain_text(f"{totals[winner]} to {totals[1 - winner]}")
    expect(page.locator('[data-command="new"]')).to_be_visible()
    page.screenshot(path=str(artifacts / "phone-match-over.png"), full_page=True)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_plays_a_hand_in_the_page(page: Page, base_url: str, preset: str) -> None:
    # A seed whose hand ends in a dozen moves where one does (quick_hand_seed): the hands
    # of seed 5 took 26 to 62, 9 to 42 s of wall time each.
    seed = quick_hand_seed(preset)
    open_game(page, base_url, f"?preset={preset}&seed={seed}&level=simple")
    for _ in range(300):
        if phase(page) in ("hand_over", "match_over"):
            break
        take_turn(page)
    assert phase(page) in ("hand_over", "match_over")
    expect(page.locator("dialog#message")).to_be_hidden()  # no error on the way
    match = engine_match(page)
    assert match.rules == PRESETS[preset]  # the preset the URL asked for, played
    if match.hand.showdown is None:  # a dead hand: nobody went out before the stock ran low
        expect(page.locator(".outcome")).to_have_attribute("data-outcome", Outcome.DEAD.value)
    else:
        assert showdown_figures(page) == engine_figures(page)


def test_hollywood_shows_three_columns(page: Page, base_url: str) -> None:
    # a hand that ends at once (the presets' test plays a Hollywood hand through)
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "2d", PRESETS["hollywood"]), "simple")
    click_action(page, "upcard")
    go_out(page, "knock Kd")
    assert phase(page) == "hand_over"
    head = page.locator(".sheet.hollywood table tr").first.locator("th[colspan='2']")
    expect(head).to_have_count(3)
    expect(page.locator("#scores .score")).to_have_count(3)


def test_reload_resumes_exactly(page: Page, base_url: str) -> None:
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 0)}&level=easy")
    for _ in range(5):
        take_turn(page)
    before = saved(page)
    hand = hand_cards(page)
    page.reload()
    wait_idle(page)
    assert saved(page)["save"] == before["save"]
    assert hand_cards(page) == hand


BROKEN_SAVES = ["{not json", json.dumps({"params": {}, "save": '{"format": 1}'})]
"""A save that is not JSON, and one whose game is not a record."""


@pytest.mark.parametrize("stored", BROKEN_SAVES)
def test_a_corrupt_save_is_reported_and_kept_aside(page: Page, base_url: str, stored: str) -> None:
    store_once(page, SAVE_KEY, stored)
    open_game(page, base_url)
    expect(page.locator("dialog#message")).to_be_visible()
    expect(page.locator("#message-text")).to_contain_text("kept aside")
    assert kept_aside(page, "ginrummy.broken.") == [stored]
    page.locator("dialog#message button").click()
    assert phase(page) in ("first_upcard", "draw", "discard")


def test_the_new_game_form_puts_rules_and_seed_in_the_url(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?seed=1")
    page.locator("#new-button").click()
    form = page.locator("dialog#newgame")
    form.locator("select[name=preset]").select_option("oklahoma")
    expect(form.locator(".about")).to_contain_text(
        "From the rules as written in Spanish, Italian, and French."
    )
    # the levels, weakest first as measured, each told by its result against the one below
    level = form.locator("label.field").filter(has=page.locator("select:not([name])"))
    options = level.locator("option").evaluate_all("os => os.map(o => o.value)")
    assert options == ["random", "easy", "simple", "normal", "hard", "expert"]
    expect(level.locator("small")).to_have_text("Wins about 7 of 10 games against Simple.")
    level.locator("select").select_option("expert")
    expect(level.locator("small")).to_have_text(
        "Wins about 5 of 10 games against Hard: thinks longer, but is not yet measurably stronger."
    )
    level.locator("select").select_option("random")
    expect(level.locator("small")).to_contain_text("The weakest")
    level.locator("select").select_option("hard")
    form.locator("summary").click()
    form.locator("input[name=gin_bonus]").fill("30")
    form.locator("input[inputmode=numeric]").last.fill("42")
    form.locator("button.primary").click()
    wait_idle(page)
    assert "preset=oklahoma" in page.url and "gin_bonus=30" in page.url and "seed=42" in page.url
    assert "level=hard" in page.url
    assert engine_match(page).rules.gin_bonus == 30


def open_with_a_save(page: Page, base_url: str) -> str:
    """Open the page with a saved game in localStorage; return the stored text, which a
    load that fails must leave as it was (the save is not to blame)."""
    stored = json.dumps({"params": {}, "save": "kept"})
    page.add_init_script(f"localStorage.setItem('ginrummy.game', {json.dumps(stored)})")
    page.goto(base_url)
    return stored


def test_a_wasm_served_with_the_wrong_type_is_reported(page: Page, base_url: str) -> None:
    def wrong_type(route: Route) -> None:
        response = route.fetch()
        headers = {**response.headers, "content-type": "application/octet-stream"}
        route.fulfill(response=response, headers=headers)

    page.context.route("**/pyodide.asm.wasm", wrong_type)
    stored = open_with_a_save(page, base_url)
    expect(page.locator("#load-error")).to_contain_text("application/wasm", timeout=30_000)
    expect(page.locator("#load-retry")).to_be_visible()
    page.wait_for_timeout(300)
    assert page.evaluate("localStorage.getItem('ginrummy.game')") == stored  # not blamed
    expect(page.locator("dialog#message")).to_be_hidden()


def test_a_damaged_snapshot_download_is_reported(page: Page, base_url: str) -> None:
    # when Python cannot start afresh either (e2e/test_fallback.py: when it can)
    page.context.route("**/*.snapshot", lambda route: route.fulfill(body=b"not gzip at all"))
    page.context.route("**/python/**", lambda route: route.fulfill(status=404))
    stored = open_with_a_save(page, base_url)
    error = page.locator("#load-error")
    expect(error).to_contain_text(
        ".snapshot could not be unpacked, a damaged download?", timeout=60_000
    )
    assert "\n" not in error.inner_text().strip(), "one line, no stack"
    expect(page.locator("#load-retry")).to_be_visible()
    assert page.evaluate("localStorage.getItem('ginrummy.game')") == stored  # not blamed


@pytest.mark.parametrize("page_late", [False, True], ids=["page-first", "worker-first"])
def test_a_browser_that_cannot_unpack_the_snapshot_is_told_so(
    page: Page, base_url: str, page_late: bool
) -> None:
    # With the page's script late (a slow network), the worker failed before the page could
    # hear it: the page said "Python stopped working", not why (a flaky test in CI).
    def without_decompression(route: Route) -> None:  # a browser from before 2023
        script = route.fetch().text()
        route.fulfill(
            body="globalThis.DecompressionStream = undefined;\n" + script,
            headers={"content-type": "text/javascript"},
        )

    def late(route: Route) -> None:  # the worker fails within about half a second
        response = route.fetch()
        time.sleep(2)
        route.fulfill(response=response)

    page.context.route("**/worker.js", without_decompression)
    page.context.route("**/python/**", lambda route: route.fulfill(status=404))  # no fallback
    if page_late:
        page.context.route("**/main.js", late)
    stored = open_with_a_save(page, base_url)
    expect(page.locator("#load-error")).to_contain_text("no DecompressionStream", timeout=30_000)
    assert page.evaluate("localStorage.getItem('ginrummy.game')") == stored  # not blamed


def test_a_hint_names_a_legal_move_and_marks_it(page: Page, base_url: str) -> None:
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}")
    page.locator("#hint-button").click()
    expect(page.locator("#hint-line")).to_contain_text("Hint:")
    hinted = page.locator("#table .hinted[data-action]")
    expect(hinted.first).to_be_visible()  # the pile's card and the Take button both take it
    assert len({control.get_attribute("data-action") for control in hinted.all()}) == 1


def test_a_bad_url_rule_is_explained(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?preset=standard&gin_bonus=lots")
    expect(page.locator("#message-text")).to_contain_text("Gin bonus must be a whole number")


def test_screenshots(page: Page, base_url: str, artifacts: Path) -> None:
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}", speed="normal")
    click_action(page, "pass")
    if phase(page) == "draw":
        click_action(page, "stock")
    page.mouse.move(1, 1)  # no card raised by a hover
    for name in turned_to_each(page, ["phone", "desktop"]):
        poll(page, "document.getAnimations().length === 0")  # no eval under the page's CSP
        page.screenshot(path=str(artifacts / f"{name}-table.png"))
        box = page.locator("#hand").bounding_box()
        width = SIZES[name][0]
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, name
