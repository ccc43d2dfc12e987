"""Offline play, updates, the CDN build and installability, with the service worker on.

The other browser tests block service workers (conftest.py); these open contexts that
allow them, each against a server of its own, so that cutting the network is real: the
server is shut down and the context set offline before the reload.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import struct
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from csp_guard import watch_policy
from player import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    click_action,
    hand_cards,
    open_game,
    poll,
    take_turn,
    wait_idle,
    website,
)
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, Route
from playwright.sync_api import Error as PlaywrightError

WATCH_WORKER = """
const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
window.swStates = [];
navigator.serviceWorker.register = async (...args) => {
  const registration = await register(...args);
  const worker = registration.installing;
  if (worker) {
    swStates.push(worker.state);
    worker.addEventListener("statechange", () => swStates.push(worker.state));
  }
  return registration;
};
"""
"""An init script recording the states a newly installed service worker goes through."""
SETTLED = "window.swStates && ['activated', 'redundant'].includes(swStates.at(-1))"
CACHE_NAMES = "caches.keys()"
RETIRED = "ginrummy-bytecode"
"""A cache an earlier build kept (the engine's bytecode), which the service worker deletes."""
WORKER_TIMEOUT = 60_000


class Server:
    """The site on a free localhost port, with the paths asked of it, until ``stop()``."""

    def __init__(self, site: Path) -> None:
        self.requested: list[str] = []
        requested = self.requested

        class Logged(website().SiteHandler):  # type: ignore[misc]
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, directory=str(site), **kwargs)

            def send_head(self) -> Any:
                requested.append(self.path)
                return super().send_head()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Logged)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.running = True

    def stop(self) -> None:
        """Stop serving (once)."""
        if self.running:
            self.running = False
            self.server.shutdown()
            self.server.server_close()


@contextmanager
def serving(site: Path) -> Iterator[Server]:
    """Serve ``site`` for the block; stopped at its end if not before."""
    server = Server(site)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def context(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[BrowserContext]:
    """A browser context that allows service workers (the others block them)."""
    made = browser.new_context(**{**browser_context_args, "service_workers": "allow"})
    made.add_init_script(WATCH_WORKER)
    violations: list[str] = []
    watch_policy(made, violations)
    yield made
    made.close()
    assert not violations, f"Content-Security-Policy violations: {violations}"


def build_of(site: Path) -> dict[str, Any]:
    """Return what the build wrote into ``site/sw.js``: cache name, files, CDN."""
    match = re.search(r"^const BUILD = (.*);$", (site / "sw.js").read_text(), re.MULTILINE)
    assert match, "sw.js has no BUILD line"
    build: dict[str, Any] = json.loads(match.group(1))
    return build


def site_cache(build: dict[str, Any], scope: str) -> str:
    """Return the name of the cache the service worker of ``scope`` (a folder URL) keeps
    ``build``'s files in: named by its scope, so builds on one origin keep their own."""
    return f"ginrummy@{scope} site-" + build["cache"].removeprefix("ginrummy-sw-site-")


def cdn_cache(cdn: str, scope: str) -> str:
    """Return the name of the cache the service worker of ``scope`` keeps the CDN's
    Pyodide files in."""
    return f"ginrummy@{scope} cdn {cdn}"


def worker_settles(page: Page) -> str:
    """Wait until the service worker the page registered is activated or refused; which."""
    poll(page, SETTLED, timeout_ms=WORKER_TIMEOUT)  # not wait_for_function: no eval under CSP
    return str(page.evaluate("swStates.at(-1)"))


def cached_urls(page: Page, name: str) -> list[str]:
    """Return the URLs kept in the page's cache ``name``."""
    urls: list[str] = page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)", name
    )
    return urls


def go_offline(page: Page, server: Server) -> None:
    """Cut the network: stop the site's server and set the whole context offline."""
    server.stop()
    page.context.set_offline(True)


def discard_one(page: Page) -> None:
    """Play until the player discards a card, and check it left the hand."""
    for _ in range(8):
        discards = page.locator("#hand .card[data-action^='discard']")
        if discards.count():
            card = str(discards.first.get_attribute("data-card"))
            click_action(page, f"discard {card}")
            assert card not in hand_cards(page)
            return
        take_turn(page)
    raise AssertionError("no discard was offered in eight moves")


def test_after_one_visit_the_game_plays_with_the_network_cut(
    context: BrowserContext, site_dir: Path, tmp_path: Path
) -> None:
    build = build_of(site_dir)
    (tmp_path / "repo").symlink_to(site_dir.resolve(), target_is_directory=True)
    with serving(tmp_path) as server:  # under a sub-path, as on GitHub Pages
        url = server.url + "repo/"
        page = context.new_page()
        open_game(page, url, "?seed=7")
        assert worker_settles(page) == "activated"
        assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == url + "sw.js"
        kept = cached_urls(page, site_cache(build, url))
        assert sorted(kept) == sorted(url + name for name in build["files"])

        go_offline(page, server)
        page.reload()
        wait_idle(page)
        discard_one(page)

        page.close()  # the game is played in one tab at a time
        other = context.new_page()  # a new tab, and a page load with another game in its query
        other.goto(url + "?preset=oklahoma&seed=3")
        other.locator("[data-link=play]").click(timeout=WORKER_TIMEOUT)  # it may replace mine
        wait_idle(other)
        discard_one(other)


def test_a_new_build_takes_over_and_deletes_only_the_old_and_retired_caches(
    context: BrowserContext, site_dir: Path, tmp_path: Path
) -> None:
    live = tmp_path / "live"
    shutil.copytree(site_dir, live)
    with serving(live) as server:
        old = site_cache(build_of(live), server.url)
        page = context.new_page()
        open_game(page, server.url)
        assert worker_settles(page) == "activated"
        put = "(name) => caches.open(name).then((c) => c.put('x', new Response('x')))"
        for name in ("someone-else", RETIRED):
            page.evaluate(put, name)

        marker = "/* the second build */"
        with (live / "style.css").open("a") as css:
            css.write(marker)
        new = site_cache({"cache": website().write_precache(live)}, server.url)
        assert new != old
        server.requested.clear()
        page.reload()  # served by the old build; the browser finds the new sw.js meanwhile
        wait_idle(page)
        gone = (old, RETIRED)
        names = poll(page, CACHE_NAMES, lambda names: new in names and not set(gone) & set(names))
        assert "someone-else" in names
        # sw.js is asked for at each update check (the reload and the registration)
        assert sorted(set(server.requested)) == ["/style.css", "/sw.js"], "the rest is kept"

        go_offline(page, server)
        page.reload()
        wait_idle(page)
        assert marker in page.evaluate("fetch('style.css').then((r) => r.text())")
        discard_one(page)


def test_a_file_that_is_not_the_build_s_keeps_the_site_online_only(
    context: BrowserContext, site_dir: Path, tmp_path: Path
) -> None:
    mixed = tmp_path / "mixed"
    shutil.copytree(site_dir, mixed)
    with (mixed / "style.css").open("a") as css:  # changed after sw.js listed its hash
        css.write("/* from another deploy */")
    with serving(mixed) as server:
        page = context.new_page()
        open_game(page, server.url)
        assert worker_settles(page) == "redundant"
        assert not [name for name in page.evaluate(CACHE_NAMES) if name.startswith("ginrummy")]
        discard_one(page)


def test_the_cdn_build_loads_pyodide_from_jsdelivr_and_keeps_it(
    context: BrowserContext, site_dir: Path, tmp_path: Path
) -> None:
    tools = website()
    wheel = next((ROOT / "dist").glob("ginrummy-*.whl"))  # the wheel the site was built from
    site = tools.build_site(wheel, tmp_path / "cdn", cdn=True)
    assert not (site / "pyodide").exists()
    cdn = tools.cdn_url()
    assert cdn == f"https://cdn.jsdelivr.net/pyodide/v{tools.pinned_pyodide_version()}/full/"
    served: list[str] = []
    escaped: list[str] = []

    def elsewhere(route: Route) -> None:
        if route.request.url.startswith("http://127.0.0.1:"):
            route.fallback()
        else:
            escaped.append(route.request.url)
            route.abort()

    def from_node_modules(route: Route) -> None:  # the CDN, played by node_modules/pyodide
        name = route.request.url.removeprefix(cdn)
        path = ROOT / "node_modules" / "pyodide" / name
        if not path.is_file():
            route.fulfill(status=404)
            return
        served.append(name)
        kind = tools.MIME_TYPES.get(path.suffix, "application/octet-stream")
        route.fulfill(path=path, headers={"content-type": kind, "access-control-allow-origin": "*"})

    context.route("**/*", elsewhere)
    context.route(f"{cdn}**", from_node_modules)
    with serving(site) as server:
        page = context.new_page()
        page.goto(server.url + "manifest.webmanifest")  # the origin, before any service worker
        page.evaluate(  # an earlier CDN build of this Pyodide kept its standard library
            "([name, url]) => caches.open(name).then((c) => c.put(url, new Response('old')))",
            [cdn_cache(cdn, server.url), cdn + "python_stdlib.zip"],
        )
        try:
            open_game(page, server.url)
        except PlaywrightError as error:  # say where the load stopped and what was fetched
            screen = page.locator("#loading").inner_text()
            raise AssertionError(f"{screen!r}; CDN: {served}; elsewhere: {escaped}") from error
        assert {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"} <= set(served)
        assert not [path for path in server.requested if "pyodide" in path]
        assert worker_settles(page) == "activated"
        kept = cached_urls(page, cdn_cache(cdn, server.url))
        assert sorted(kept) == sorted(cdn + name for name in tools.CDN_FILES)

        context.unroute_all()
        context.route("**/*", elsewhere)  # now the CDN is out of reach too
        go_offline(page, server)
        page.reload()
        wait_idle(page)
        discard_one(page)
        assert not escaped


def png_size(data: bytes) -> tuple[int, int]:
    """Return a PNG's width and height, read from its header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_page_is_installable(browser_type: BrowserType, site_dir: Path, tmp_path: Path) -> None:
    # A profile on disk: Chromium offers no installing in the incognito-like contexts.
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=CHROMIUM, args=CHROMIUM_ARGS
    )
    with serving(site_dir) as server:
        url = server.url
        page = context.new_page()
        open_game(page, url)
        cdp = context.new_cdp_session(page)
        shown = cdp.send("Page.getAppManifest")
        assert shown["url"] == url + "manifest.webmanifest"
        assert shown["errors"] == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []

        manifest = json.loads(shown["data"])
        assert manifest["start_url"] == manifest["scope"] == "./"
        assert manifest["display"] == "standalone" and manifest["theme_color"]
        pngs = set()
        for icon in manifest["icons"]:
            response = page.request.get(url + icon["src"])
            assert response.ok, icon["src"]
            assert response.headers["content-type"] == icon["type"]
            if icon["type"] == "image/png":
                side = int(icon["sizes"].split("x")[0])
                assert png_size(response.body()) == (side, side)
                pngs.add((side, icon["purpose"]))
        assert {(192, "any"), (512, "any")} <= pngs
    context.close()


def test_the_build_lists_every_file_but_sw_js_with_its_hash(site_dir: Path) -> None:
    # ...and but python/: the wheel for other Pythons, and what a page that cannot use
    # its snapshot loads instead (a first visit must not download it)
    build = build_of(site_dir)
    on_disk = {
        path.relative_to(site_dir).as_posix()
        for path in site_dir.rglob("*")
        if path.is_file() and path.name not in ("sw.js", ".nojekyll")
    }
    python = {name for name in on_disk if name.startswith("python/")}
    assert {"python/index.json", "python/python_stdlib.zip"} < python
    assert set(build["files"]) == on_disk - python
    assert (site_dir / ".nojekyll").exists()
    for name, digest in build["files"].items():
        assert hashlib.sha256((site_dir / name).read_bytes()).hexdigest() == digest
    assert build["cache"].startswith("ginrummy-sw-site-") and build["cdn"] == ""
