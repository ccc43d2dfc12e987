"""Two builds of the site on one origin (user.github.io/a/ and /b/): each keeps its own
offline cache and its own saved game, with the service worker on (contexts of
test_offline.py's)."""

from __future__ import annotations

import shutil
from pathlib import Path

from player import open_game, take_turn, wait_idle, website
from playwright.sync_api import BrowserContext
from test_offline import (  # noqa: F401 - context: one that allows service workers
    build_of,
    cached_urls,
    context,
    serving,
    site_cache,
    worker_settles,
)


def test_two_builds_on_one_origin_keep_their_own_caches_and_saves(
    context: BrowserContext,  # noqa: F811 - the fixture imported above
    site_dir: Path,
    tmp_path: Path,
) -> None:
    for name in ("a", "b"):
        shutil.copytree(site_dir, tmp_path / name)
    build = build_of(tmp_path / "a")
    with serving(tmp_path) as server:
        a, b = server.url + "a/", server.url + "b/"
        page = context.new_page()
        open_game(page, a, "?seed=5")
        assert worker_settles(page) == "activated"
        take_turn(page)
        saved_a = page.evaluate("localStorage.getItem('/a/ginrummy.game')")
        other = context.new_page()
        open_game(other, b, "?preset=oklahoma&seed=6")
        assert worker_settles(other) == "activated"
        assert other.evaluate("localStorage.getItem('/a/ginrummy.game')") == saved_a
        assert "oklahoma" in other.evaluate("localStorage.getItem('/b/ginrummy.game')")
        names = other.evaluate("caches.keys()")
        assert {site_cache(build, a), site_cache(build, b)} <= set(names)
        # A new build of /b/ replaces /b/'s cache only.
        with (tmp_path / "b" / "style.css").open("a") as css:
            css.write("/* b's second build */")
        new_b = site_cache({"cache": website().write_precache(tmp_path / "b")}, b)
        other.reload()
        wait_idle(other)
        for _ in range(240):
            names = other.evaluate("caches.keys()")
            if new_b in names and site_cache(build, b) not in names:
                break
            other.wait_for_timeout(250)
        assert new_b in names and site_cache(build, b) not in names
        assert site_cache(build, a) in names  # /a/ keeps its files for offline play
        assert sorted(cached_urls(page, site_cache(build, a))) == sorted(
            a + name for name in build["files"]
        )
        page.reload()
        wait_idle(page)
        assert page.evaluate("localStorage.getItem('/a/ginrummy.game')") == saved_a
