"""Embeds in a blog page of another origin: rule illustrations, a showdown, the game.

``e2e/blog/index.html`` is a sample post with greedy CSS of its own and five embeds;
it is served on a second port (another origin than the game's site) with its script
tag pointed at the site, as a blog on another host would include it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from player import TIMEOUT, fits_the_width, website
from playwright.sync_api import Page, expect

from ginrummy.calculator import hand_report, showdown_report
from ginrummy.rules import find_rules


@pytest.fixture(scope="module")
def blog_url(base_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Serve the blog page on its own port, its embed script pointed at the test site
    (as ``build.py serve --blog`` does)."""
    folder = website().write_blog(base_url, tmp_path_factory.mktemp("blog"))
    server, url = website().serve_in_background(folder, 0)
    assert url != base_url  # another port: another origin
    yield url
    server.shutdown()
    server.server_close()


def drawn(page: Page, selector: str, state: str = "drawn") -> None:
    """Wait until the illustration ``selector`` has its engine drawing (or error)."""
    page.wait_for_selector(f'{selector}[data-state="{state}"]', timeout=60_000)


def shown_melds(page: Page, selector: str, row: str = "") -> list[list[str]]:
    """Return the melds an illustration draws (in a row like ``.knocker``), card texts."""
    groups = page.locator(f"{selector} {row} .group.meld")
    return [
        [card.get_attribute("data-card") or "" for card in group.locator(".card").all()]
        for group in groups.all()
    ]


def test_illustrations_show_the_engine_s_melds_and_counts(page: Page, blog_url: str) -> None:
    page.goto(blog_url)
    for selector in ("#hand-standard", "#hand-corner", "#showdown"):
        drawn(page, selector)
    for selector, preset, cards in (
        ("#hand-standard", "standard", "As 2s 3s 7h 8h 9h Tc Jd Qd Kd"),
        ("#hand-corner", "round_the_corner", "Qs Ks As 5h 5d 5c 9d Td Jd Ah"),
    ):
        report = hand_report(find_rules(preset), cards)
        assert shown_melds(page, selector) == report["melds"]
        count = page.locator(f"{selector} .hand-report").get_attribute("data-deadwood")
        assert count == str(report["deadwood"])
        deadwood = page.locator(f"{selector} .group.deadwood .card")
        assert [c.get_attribute("data-card") for c in deadwood.all()] == report["deadwood_cards"]
    # One hidden frame computed all three: Python booted once for the page.
    assert page.locator('iframe[src$="illustrate.html"]').count() == 1


def test_the_showdown_shows_lay_offs_undercut_and_points(page: Page, blog_url: str) -> None:
    page.goto(blog_url)
    drawn(page, "#showdown")
    knocker, defender = "As 2s 3s 4h 5h 6h 7c 7d 7s 6c", "Jc Qc Kc 8d 9d Td 7h 8h 4s 5d"
    report = showdown_report(find_rules("classic"), knocker, defender)
    box = page.locator("#showdown .showdown-report")
    assert box.get_attribute("data-result") == report["result"] == "undercut"
    assert page.locator("#showdown .hand-points").get_attribute("data-points") == "11"
    assert report["points"] == 11  # classic: undercut bonus 10 + the difference 1
    laid_off = page.locator("#showdown .knocker .laid-off")
    assert sorted(c.get_attribute("data-card") or "" for c in laid_off.all()) == sorted(
        item["card"] for item in report["layoffs"]
    )
    rules = [item.get_attribute("data-rule") for item in page.locator("#showdown .points li").all()]
    assert rules == [line["rule"] for line in report["breakdown"]]
    dead = page.locator("#showdown .defender .deadwood").first.get_attribute("data-count")
    assert dead == str(report["defender_deadwood"])


def test_a_bad_hand_shows_a_clear_error_in_place(page: Page, blog_url: str) -> None:
    page.goto(blog_url)
    drawn(page, "#hand-bad", "error")
    error = page.locator("#hand-bad .illustration.failed .error")
    expect(error).to_contain_text("Zz")
    expect(error).to_contain_text("not a card")
    expect(page.locator("#hand-bad .written")).to_have_text("As 2s 3s 7h 8h 9h Tc Jd Qd Zz")
    drawn(page, "#hand-standard")  # its neighbours are drawn all the same


def test_host_styles_and_embed_styles_stay_apart(page: Page, blog_url: str) -> None:
    page.goto(blog_url)
    drawn(page, "#hand-standard")
    inside = page.evaluate(
        """() => {
          const root = document.querySelector('#hand-standard').shadowRoot;
          const style = (node) => getComputedStyle(node);
          return {
            frame: style(root.querySelector('.embed-frame')).color,
            card: style(root.querySelector('.card')).width,
            family: style(root.querySelector('.embed-frame')).fontFamily,
          };
        }"""
    )
    assert inside["frame"] != "rgb(255, 0, 0)"  # the blog's `div { color: red }`
    assert inside["card"] != "300px"  # the blog's `.card { width: 300px }`
    assert "Georgia" not in inside["family"]  # nor inherited from the blog's body
    outside = page.evaluate(
        """() => {
          const style = (id) => getComputedStyle(document.getElementById(id));
          return {
            card: [style('host-card').width, style('host-card').backgroundColor],
            button: [style('host-button').backgroundColor, style('host-button').borderRadius],
            boxSizing: style('host-card').boxSizing,
          };
        }"""
    )
    assert outside["card"] == ["300px", "rgba(0, 0, 0, 0)"]  # the game's .card stays inside
    assert outside["button"] == ["rgb(0, 0, 255)", "0px"]
    assert outside["boxSizing"] == "content-box"  # the game's `* { box-sizing }` too


def test_the_game_embed_fits_320_pixels(page: Page, blog_url: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 320, "height": 700})
    page.goto(blog_url)
    poster = page.locator("#game .embed-poster")
    expect(poster).to_contain_text("oklahoma")
    assert page.locator("#game iframe").count() == 0  # nothing boots before the click
    poster.click()
    frame = page.frame_locator("#game iframe")
    frame.locator("html[data-ready]").wait_for(state="attached", timeout=60_000)
    frame.locator('#table[data-busy="false"]').wait_for(state="attached", timeout=TIMEOUT)
    page.locator("#game").scroll_into_view_if_needed()
    game = page.frame_locator("#game iframe").locator("html")
    sizes = game.evaluate(
        """(html) => ({
          scroll: html.scrollWidth, client: html.clientWidth, embed: html.dataset.embed,
          query: location.search, saved: localStorage.getItem('ginrummy.game'),
          hand: document.querySelectorAll('#hand .card').length,
        })"""
    )
    assert sizes["embed"] == "true" and sizes["client"] <= 320
    assert sizes["scroll"] <= sizes["client"]  # no sideways scrolling inside the game
    assert sizes["hand"] in (10, 11)
    assert sizes["saved"] is None  # an embedded game does not replace the visitor's own
    assert "seed=7" in sizes["query"] and "preset=oklahoma" in sizes["query"]
    host = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    assert host[0] <= host[1]
    page.locator("#game").screenshot(path=str(artifacts / "embed-game-320.png"))
    page.screenshot(path=str(artifacts / "embed-blog-320.png"), full_page=True)


def test_without_the_rules_engine_the_cards_stay_as_written(page: Page, blog_url: str) -> None:
    page.route("**/illustrate.html", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(blog_url)
    drawn(page, "#hand-standard", "failed")
    expect(page.locator("#hand-standard .written")).to_have_text("As 2s 3s 7h 8h 9h Tc Jd Qd Kd")
    assert page.locator("#hand-standard .card").count() == 0
    drawn(page, "#showdown", "failed")
    expect(page.locator("#showdown .written")).to_contain_text("As 2s 3s 4h 5h 6h 7c 7d 7s 6c")


def test_changed_rules_in_the_attribute_redraw_the_illustration(page: Page, blog_url: str) -> None:
    page.goto(blog_url)
    drawn(page, "#showdown")
    page.eval_on_selector(
        "#showdown", "(node) => node.setAttribute('rules', 'classic&undercut_bonus=15')"
    )
    drawn(page, "#showdown")
    points = page.locator("#showdown .hand-points")
    expect(points).to_have_attribute("data-points", "16")  # 15 + the difference 1
    knocker, defender = "As 2s 3s 4h 5h 6h 7c 7d 7s 6c", "Jc Qc Kc 8d 9d Td 7h 8h 4s 5d"
    rules = find_rules("classic").replace(undercut_bonus=15)
    assert showdown_report(rules, knocker, defender)["points"] == 16


def test_the_script_less_iframe_draws_one_illustration(page: Page, base_url: str) -> None:
    cards = "Qs Ks As 5h 5d 5c 9d Td Jd Ah"
    query = f"kind=hand&cards={cards.replace(' ', '+')}&preset=round_the_corner&lang=it"
    page.set_viewport_size({"width": 320, "height": 400})
    page.goto(f"{base_url}illustrate.html?{query}")
    page.wait_for_selector("html[data-state]", timeout=60_000)
    assert page.get_attribute("html", "data-state") == "drawn"
    report = hand_report(find_rules("round_the_corner"), cards)
    assert shown_melds(page, "body") == report["melds"]
    assert page.get_attribute(".hand-report", "data-deadwood") == str(report["deadwood"]) == "15"
    expect(page.locator(".hand-report span.deadwood")).to_have_text("Punti spaiati: 15")  # lang=it
    assert fits_the_width(page)


def test_each_embed_speaks_its_nearest_lang(page: Page, blog_url: str) -> None:
    """``lang="de"`` draws in German, a ``lang="fr-CA"`` ancestor in French, and the rest in
    the host page's language, all from the one illustration frame; the game gets it too."""
    page.route("**/index.html?*", lambda route: route.fulfill(status=200, body="<p>game</p>"))
    page.goto(blog_url)
    page.evaluate(
        """() => {
          const article = document.querySelector('article');
          article.insertAdjacentHTML('beforeend',
            '<gin-showdown id="showdown-de" lang="de" rules="classic" ' +
            'knocker="As 2s 3s 4h 5h 6h 7c 7d 7s 6c" defender="Jc Qc Kc 8d 9d Td 7h 8h 4s 5d">' +
            '</gin-showdown><div lang="fr-CA"><gin-hand id="hand-fr" ' +
            'cards="As 2s 3s 7h 8h 9h Tc Jd Qd Kd"></gin-hand></div>');
        }"""
    )
    for selector in ("#showdown-de", "#showdown", "#hand-fr"):
        drawn(page, selector)
    german = page.locator("#showdown-de")
    expect(german.locator(".hand-points")).to_have_text(
        "Der Gegner des Klopfenden erhält 11 Punkte"
    )
    expect(german.locator(".knocker span.deadwood")).to_have_text("Restpunkte: 6")
    expect(german.locator(".embed-frame")).to_have_attribute("lang", "de")
    expect(page.locator("#showdown .hand-points")).to_have_text("The defender scores 11 points")
    expect(page.locator("#hand-fr span.deadwood")).to_have_text("Points en main\u202f: 10")
    page.locator("#game .embed-poster").click()
    assert "lang=en" in (page.locator("#game iframe").get_attribute("src") or "")
