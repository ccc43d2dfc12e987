"""Input that the second hardening round (issue 53) found mishandled: a string that never
closes in a replay file, the largest deal number in an error, and an embed's attributes
spliced into its game's URL."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from player import open_game, take_turn, website
from playwright.sync_api import Page, expect

from ginrummy.match import MAX_SEED


@pytest.fixture(scope="module")
def blog_url(base_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Serve the sample blog post on its own port (another origin), its embed script
    pointed at the test site."""
    folder = website().write_blog(base_url, tmp_path_factory.mktemp("blog"))
    server, url = website().serve_in_background(folder, 0)
    yield url
    server.shutdown()
    server.server_close()


def test_a_replay_file_with_a_string_that_never_closes_is_refused_at_once(
    page: Page, base_url: str, tmp_path: Path
) -> None:
    # The issue's 96 kB file took the JSON check past the page's minute ("Python stopped
    # working"); 16 kB took 3.3 s. Now 1 MB is read and refused in a moment.
    open_game(page, base_url, "?seed=4")
    unclosed = tmp_path / "unclosed.json"
    unclosed.write_text('"' + '\\"' * 500_000)
    page.locator("#replay-button").click()
    started = time.monotonic()
    page.locator("dialog#replay input[type=file]").set_input_files(str(unclosed))
    problem = page.locator("dialog#replay .error")
    expect(problem).to_contain_text("it is not valid JSON", timeout=20_000)
    took = time.monotonic() - started
    assert took < 20, f"the 1 MB file took {took:.1f} s to refuse"  # before: over 60 s at 96 kB
    page.locator("dialog#replay .buttons .primary").click()
    take_turn(page)  # Python is alive, the game plays on


def test_the_seed_error_names_the_largest_deal_number_exactly(page: Page, base_url: str) -> None:
    # The maximum came to the page as a JSON number, and JavaScript rounded it to a float:
    # "from 0 to 9223372036854776000".
    open_game(page, base_url, f"?seed={MAX_SEED + 1}")
    message = page.locator("#message-text")
    expect(message).to_contain_text(f"from 0 to {MAX_SEED}, not")
    assert "9223372036854776000" not in (message.text_content() or "")


def test_an_embed_s_attributes_are_encoded_into_its_game_s_url(page: Page, blog_url: str) -> None:
    # rules="standard&embed=0" turned the game's embed mode off: the attribute was spliced
    # into the URL, where its "embed=0" replaced the element's own "embed=1".
    page.goto(blog_url)
    page.evaluate(
        """() => document.querySelector('article').insertAdjacentHTML('beforeend',
          '<gin-rummy id="spliced" lang="de" seed="3&embed=0" level="easy"'
          + ' rules="standard&embed=0&lang=fr&practice=true&gin_bonus=20"></gin-rummy>')"""
    )
    poster = page.locator("#spliced .embed-poster")
    expect(poster).to_contain_text("standard, gin bonus 20")
    expect(poster).not_to_contain_text("embed")
    poster.click()
    src = page.locator("#spliced iframe").get_attribute("src") or ""
    query = parse_qs(urlsplit(src).query)
    assert query == {
        "embed": ["1"],
        "preset": ["standard"],
        "gin_bonus": ["20"],
        "lang": ["de"],
        "seed": ["3&embed=0"],  # a value, encoded: the game refuses it as a deal number
        "level": ["easy"],
    }
    frame = page.frame_locator("#spliced iframe")
    expect(frame.locator("html")).to_have_attribute("data-embed", "true", timeout=60_000)
