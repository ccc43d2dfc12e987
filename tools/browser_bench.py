"""The page's benchmark: cold loads, warm reloads and the opponent's time, in Chromium.

    python tools/browser_bench.py SITE [--loads N]

Prints ``name: value unit`` lines. In one run, on a local static server, it alternates
cold loads (a new browser context each: empty cache and storage) of

- the game, to a dealt hand that accepts a click (the page's "playable" mark), and
- a bare page that boots the same Pyodide afresh, with the same compiled standard
  library, in a module worker and runs one line of Python (the floor of any page that
  starts Python; the game boots from a snapshot of a started Python instead),

each game load right after a floor load; ``first_playable_over_floor`` is the median of
each game load over the floor load before it (on this 2-core machine the floor moves by
200 ms and more from minute to minute: a load is compared with its neighbour, not with
the medians of loads minutes apart),

then reloads the game warm, and plays a few hands at instant speed to time the
opponent's decisions inside the browser (the time its ``choose`` takes in the worker,
which the bridge reports with each move): ``bot_decision_ms_p99`` for the hard level,
``expert_decision_ms_p99`` for the expert. ``own_bytes_gz`` is the gzipped size of our
own files (the page's scripts, styles and art), ``snapshot_bytes_gz`` the snapshot's,
``runtime_bytes_gz`` Pyodide's and ``site_bytes_gz`` all of them: what a first visit
downloads. Three more lines split a cold load's time to playable: ``python_booted_ms``
(navigation to Pyodide booted from the snapshot, in the worker), ``engine_imported_ms``
(the bridge looked up) and ``hand_dealt_ms`` (the first deal, drawn).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "e2e"), str(ROOT / "tests"), str(ROOT / "py")]

from player import CHROMIUM, CHROMIUM_ARGS, open_game, phase, poll, take_turn, website  # noqa: E402

from ginrummy.match import first_dealer  # noqa: E402
from ginrummy.rules import PRESETS  # noqa: E402

FLOOR_HTML = """<!doctype html><meta charset="utf-8"><title>floor</title>
<script type="module">
const worker = new Worker("bench-floor-worker.js", { type: "module" });
worker.onmessage = () => performance.mark("playable");
</script>"""
FLOOR_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
const here = (path) => new URL(path, import.meta.url).href;
const pyodide = await loadPyodide({
  indexURL: here("pyodide/"), stdLibURL: here("pyodide/python_stdlib.zip"),
});
pyodide.runPython("1 + 1");
postMessage("ready");"""
PLAYABLE = "performance.getEntriesByName('playable').length > 0"
WARMED = "performance.getEntriesByName('bridge warm').length > 0"
SITE_KEPT = "navigator.serviceWorker.ready.then((registration) => registration.active !== null)"
SETTLE_MS = 1500
TIMEOUT = 60_000


MARKS = ("stage engine", "stage ready", "playable")
"""The page's marks of a load: Python booted, the engine imported, the hand playable."""


def load_marks(page: Page, url: str, reload: bool = False) -> dict[str, float]:
    """Load (or reload) ``url``; return the ms from navigation to each of ``MARKS``."""
    if reload:
        page.reload()
    else:
        page.goto(url)
    poll(page, PLAYABLE, timeout_ms=TIMEOUT)  # not wait_for_function: no eval under CSP
    found = page.evaluate(
        "(names) => names.map((name) => performance.getEntriesByName(name)[0]?.startTime ?? -1)",
        list(MARKS),
    )
    return dict(zip(MARKS, map(float, found), strict=True))


def settle(page: Page) -> None:
    """Wait until the page has done its after-load work (warming up, the service
    worker's install), so warm reloads are a returning visitor's.

    A person reloads later than at once; a reload while the last page still works would
    time both.
    """
    poll(page, WARMED, timeout_ms=TIMEOUT)
    poll(page, SITE_KEPT, timeout_ms=TIMEOUT)
    page.wait_for_timeout(SETTLE_MS)


def cold_marks(browser: Browser, url: str) -> dict[str, float]:
    """Return one cold load's marks (see ``load_marks``), in a fresh context.

    Service workers are blocked: the page registers its own only once playable, and its
    install (the whole site, 15 MB) would otherwise go on into the next measured load.
    """
    context = browser.new_context(service_workers="block")
    try:
        return load_marks(context.new_page(), url)
    finally:
        context.close()


def decision_times(browser: Browser, base: str, hands: int, level: str) -> list[float]:
    """Play ``hands`` hands against ``level`` at instant speed; return each opponent
    decision's time in ms."""
    context = browser.new_context()
    page = context.new_page()
    open_game(page, base, f"?preset=standard&seed=21&level={level}")
    played = 0
    while played < hands and phase(page) != "match_over":
        take_turn(page)
        if phase(page) == "hand_over":
            played += 1
    times = page.evaluate(
        "performance.getEntriesByName('opponent decision').map((entry) => entry.duration)"
    )
    context.close()
    return [float(ms) for ms in times]


def percentile(values: list[float], fraction: float) -> float:
    """Return the nearest-rank percentile of ``values``."""
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[index]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark on a built site and print its lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--loads", type=int, default=11, help="cold loads of each page")
    parser.add_argument(
        "--hands", type=int, default=8, help="hands played for decisions (p99 is then not the max)"
    )
    args = parser.parse_args(argv)
    tools = website()
    sizes = tools.bytes_gz(args.site)
    floor_files = [args.site / "bench-floor.html", args.site / "bench-floor-worker.js"]
    floor_files[0].write_text(FLOOR_HTML)
    floor_files[1].write_text(FLOOR_WORKER)
    floor_files.append(args.site / "pyodide" / "python_stdlib.zip")
    shutil.copy2(tools.compiled_stdlib(), floor_files[-1])
    server, base = tools.serve_in_background(args.site, 0)
    seed = next(s for s in range(100) if first_dealer(PRESETS["standard"], s)[0] == 1)
    game = f"{base}?preset=standard&seed={seed}&level=normal"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            cold_marks(browser, base + "bench-floor.html")  # a first run warms the file cache
            games, floors = [], []
            for _ in range(args.loads):
                floors.append(cold_marks(browser, base + "bench-floor.html")["playable"])
                games.append(cold_marks(browser, game))
            context = browser.new_context()
            page = context.new_page()
            load_marks(page, game)
            warm = []
            for _ in range(args.loads):
                settle(page)
                warm.append(load_marks(page, game, reload=True)["playable"])
            context.close()
            decisions = decision_times(browser, base, args.hands, "hard")
            expert = decision_times(browser, base, args.hands, "expert")
            browser.close()
    finally:
        server.shutdown()
        for path in floor_files:
            path.unlink()
    first, floor = statistics.median(g["playable"] for g in games), statistics.median(floors)
    over = statistics.median(g["playable"] / f for g, f in zip(games, floors, strict=True))
    print(f"first_playable_ms: {first:.0f} ms")
    print(f"pyodide_floor_ms: {floor:.0f} ms")
    print(f"first_playable_over_floor: {over:.3f} ratio")
    parts = {  # where a cold load's time goes, each the median over the loads
        "python_booted_ms": [g["stage engine"] for g in games],
        "engine_imported_ms": [g["stage ready"] - g["stage engine"] for g in games],
        "hand_dealt_ms": [g["playable"] - g["stage ready"] for g in games],
    }
    for name, values in parts.items():
        print(f"{name}: {statistics.median(values):.0f} ms")
    print(f"warm_reload_ms: {statistics.median(warm):.0f} ms")
    print(f"bot_decision_ms_p99: {percentile(decisions, 0.99):.1f} ms")
    print(f"bot_decisions: {len(decisions)} count")
    print(f"expert_decision_ms_p99: {percentile(expert, 0.99):.1f} ms")
    print(f"expert_decisions: {len(expert)} count")
    for kind in ("own", "snapshot", "runtime"):
        print(f"{kind}_bytes_gz: {sizes[kind]} bytes")
    print(f"site_bytes_gz: {sum(sizes.values())} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
