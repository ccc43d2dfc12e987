"""The page's benchmark: cold loads, warm reloads and the opponent's time, in Chromium.

    python tools/browser_bench.py SITE [--loads N] [--against OTHER_SITE]

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
which the bridge reports with each move of a game dealt from a known number):
``bot_decision_ms_p99`` for the hard level, ``expert_decision_ms`` (the median) and
``expert_decision_ms_p99`` for the expert.
The loads are timed at the instant speed (a new hand's deal is timed apart). Then it
plays at the default speed on a desktop page (1280x800), the way a person does:
``opponent_turn_ms`` and ``opponent_turn_ms_p99``, from the player's discard to the
player's turn again (the page's measure "opponent turn": the opponent's two moves, each
shown one slot after the last), and ``deal_ms``, a new hand's deal from its first card's
flight to its last card's landing (the page's measure "deal"). Last, it times a friend's
match's fair deal in Pyodide on a bare page's main thread (``fair_shuffle_deal_ms``: the
three passes and the deal's openings of both pages, one after the other) and again under
Chromium's 4x CPU throttle (``fair_shuffle_deal_4x_ms``), and there too the expert's
decisions in one game against hard (``expert_decision_main_ms`` and its ``_p99``; the
same at 4x: ``expert_decision_main_4x_ms``, ``expert_decision_main_4x_ms_p99``).
``own_bytes_gz`` is the gzipped size of our own files (the page's scripts, styles and
art), ``snapshot_bytes_gz`` the snapshot's, ``runtime_bytes_gz`` Pyodide's and
``site_bytes_gz`` all of them: what a first visit downloads. Three more lines split a
cold load's time to playable: ``python_booted_ms`` (navigation to Pyodide booted from
the snapshot, in the worker), ``engine_imported_ms`` (the bridge looked up) and
``hand_dealt_ms`` (the first deal, drawn).

With ``--against OTHER_SITE`` (another build, say main's before a change) both sites are
measured in the same run, their cold loads in turn (each after its own floor load), and
the other site's lines follow, named ``against_NAME``: on this machine only figures of
one run compare.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import zipfile
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
DEAL_HTML = """<!doctype html><meta charset="utf-8"><title>fair deal</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const here = (path) => new URL(path, import.meta.url).href;
const pyodide = await loadPyodide({
  indexURL: here("pyodide/"), stdLibURL: here("pyodide/python_stdlib.zip"),
});
const engine = await (await fetch("bench-engine.zip")).arrayBuffer();
pyodide.unpackArchive(engine, "zip", { extractDir: "/home/pyodide/engine" });
pyodide.pyimport("sys").path.insert(0, "/home/pyodide/engine");
const benchDeal = pyodide.pyimport("ginrummy.fair_deal").bench_deal;
const clock = pyodide.pyimport("time").perf_counter;
window.benchDeal = (rounds) =>
  benchDeal(rounds, clock).toJs({ dict_converter: Object.fromEntries });
window.python = (code) => pyodide.runPython(code).toJs();
performance.mark("playable");
</script>"""
"""A bare page that boots Pyodide on its main thread (where Chromium's CPU throttle
surely applies) with the engine's sources, to time the fair deal of a friend's match and
the expert's decisions."""
EXPERT_GAME = """
from ginrummy.bot import make_player
from ginrummy.bot.arena import run_arena
from ginrummy.bridge.opponent import EXPERT_CLOCK_S
from ginrummy.rules import PRESETS
_expert = run_arena(
    lambda seed: make_player("expert", seed, EXPERT_CLOCK_S),
    lambda seed: make_player("hard", seed),
    PRESETS["standard"], games=1, seed={seed},
)
[seconds * 1000 for seconds in _expert.a.times]
"""
"""Python for the bare page: one game of the expert, on the page's clock, against hard
under ``standard``; its last line, the value returned, is each of the expert's decisions
in ms."""
PLAYABLE = "performance.getEntriesByName('playable').length > 0"
WARMED = "performance.getEntriesByName('bridge warm').length > 0"
SITE_KEPT = "navigator.serviceWorker.ready.then((registration) => registration.active !== null)"
SETTLE_MS = 1500
TIMEOUT = 60_000
DESKTOP = {"width": 1280, "height": 800}
LONG_MATCH = "&target=500"
"""The paced game's target: its match lasts the turns timed."""
INSTANT = "localStorage.setItem('ginrummy.speed', 'instant')"
"""An init script: the loads' figures time the load, not the new hand's deal."""


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
    context.add_init_script(INSTANT)
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


MEASURED = "(name) => performance.getEntriesByName(name).map((entry) => entry.duration)"
"""The page's measures of one name, their durations (ms)."""


def paced_turns(browser: Browser, base: str, query: str, turns: int) -> dict[str, list[float]]:
    """Play at the default speed on a desktop page until the opponent has answered
    ``turns`` discards of the player's; return the page's "opponent turn" and "deal"
    measures (ms)."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    open_game(page, base, query, speed="normal")
    found = "performance.getEntriesByName('opponent turn').length"
    while page.evaluate(found) < turns and phase(page) != "match_over":
        take_turn(page)
    measures = {
        name: [float(ms) for ms in page.evaluate(MEASURED, name)]
        for name in ("opponent turn", "deal")
    }
    context.close()
    return measures


def main_thread_times(browser: Browser, base: str, rounds: int) -> dict[str, list[float]]:
    """Time a friend's match's fair deal and the expert's decisions in Pyodide on a bare
    page's main thread, then the same under Chromium's 4x CPU throttle (a phone's CPU).

    Return ``fair_shuffle_deal_ms`` (the best of ``rounds``: the three passes and the
    deal's openings of both pages in one page) and ``expert_decision_main_ms`` (each
    decision of one game against hard), and each again named ``..._4x_ms``.
    """
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "bench-deal.html")
    poll(page, PLAYABLE, timeout_ms=TIMEOUT)
    figures: dict[str, list[float]] = {}
    for rate, suffix in ((1, "_ms"), (4, "_4x_ms")):
        if rate > 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
        deal = page.evaluate("(r) => benchDeal(r)", rounds)
        figures["fair_shuffle_deal" + suffix] = [float(deal["shuffle_and_deal"])]
        expert = page.evaluate("(code) => python(code)", EXPERT_GAME.format(seed=21))
        figures["expert_decision_main" + suffix] = [float(ms) for ms in expert]
    context.close()
    return figures


def engine_zip(target: Path) -> None:
    """Write the engine's sources (``py/ginrummy``) as a zip at ``target``."""
    with zipfile.ZipFile(target, "w") as archive:
        for source in sorted((ROOT / "py" / "ginrummy").rglob("*.py")):
            archive.write(source, source.relative_to(ROOT / "py").as_posix())


def percentile(values: list[float], fraction: float) -> float:
    """Return the nearest-rank percentile of ``values``."""
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[index]


def cold_and_warm(
    browser: Browser, floor: str, games: dict[str, str], loads: int
) -> dict[str, dict[str, list[float]]]:
    """Load each of ``games`` (a name: its URL) cold ``loads`` times, each load right after
    a cold load of ``floor``, the games in turn (their order swapped every round), then
    reload each warm ``loads`` times; return each game's figures: ``"floor"`` (the floor
    load before each of its loads), ``"warm"`` and each of ``MARKS`` (ms)."""
    found: dict[str, dict[str, list[float]]] = {
        name: {key: [] for key in ("floor", "warm", *MARKS)} for name in games
    }
    cold_marks(browser, floor)  # a first run warms the file cache
    names = list(games)
    for round_ in range(loads):
        for name in names if round_ % 2 == 0 else names[::-1]:
            found[name]["floor"].append(cold_marks(browser, floor)["playable"])
            for mark, ms in cold_marks(browser, games[name]).items():
                found[name][mark].append(ms)
    for name, url in games.items():
        context = browser.new_context()
        context.add_init_script(INSTANT)
        page = context.new_page()
        load_marks(page, url)
        for _ in range(loads):
            settle(page)
            found[name]["warm"].append(load_marks(page, url, reload=True)["playable"])
        context.close()
    return found


def print_figures(prefix: str, figures: dict[str, list[float]], sizes: dict[str, int]) -> None:
    """Print a site's lines (see the module's docstring), each name after ``prefix``."""
    games, floors = figures["playable"], figures["floor"]
    over = statistics.median(g / f for g, f in zip(games, floors, strict=True))
    lines = {
        "first_playable_ms": f"{statistics.median(games):.0f} ms",
        "pyodide_floor_ms": f"{statistics.median(floors):.0f} ms",
        "first_playable_over_floor": f"{over:.3f} ratio",
    }
    ready, booted = figures["stage ready"], figures["stage engine"]
    parts = {  # where a cold load's time goes, each the median over the loads
        "python_booted_ms": booted,
        "engine_imported_ms": [r - b for r, b in zip(ready, booted, strict=True)],
        "hand_dealt_ms": [g - r for g, r in zip(games, ready, strict=True)],
        "warm_reload_ms": figures["warm"],
    }
    lines |= {name: f"{statistics.median(values):.0f} ms" for name, values in parts.items()}
    lines |= {f"{kind}_bytes_gz": f"{sizes[kind]} bytes" for kind in ("own", "snapshot", "runtime")}
    lines["site_bytes_gz"] = f"{sum(sizes.values())} bytes"
    for name, value in lines.items():
        print(f"{prefix}{name}: {value}")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark on a built site (and another, with ``--against``); print its lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--loads", type=int, default=11, help="cold loads of each page")
    parser.add_argument(
        "--hands", type=int, default=8, help="hands played for decisions (p99 is then not the max)"
    )
    parser.add_argument(
        "--turns", type=int, default=40, help="opponent turns timed at the default speed"
    )
    parser.add_argument(
        "--against",
        type=Path,
        help="another build of the site (an older one) loaded in turn with SITE in the same "
        "run; its lines follow, named against_NAME",
    )
    args = parser.parse_args(argv)
    tools = website()
    sites = {"": args.site} | ({"against_": args.against} if args.against else {})
    floor_files = [args.site / "bench-floor.html", args.site / "bench-floor-worker.js"]
    floor_files[0].write_text(FLOOR_HTML)
    floor_files[1].write_text(FLOOR_WORKER)
    floor_files.append(args.site / "pyodide" / "python_stdlib.zip")
    shutil.copy2(tools.compiled_stdlib(), floor_files[-1])
    floor_files += [args.site / "bench-deal.html", args.site / "bench-engine.zip"]
    floor_files[-2].write_text(DEAL_HTML)
    engine_zip(floor_files[-1])
    servers = {prefix: tools.serve_in_background(site, 0) for prefix, site in sites.items()}
    seed = next(s for s in range(100) if first_dealer(PRESETS["standard"], s)[0] == 1)
    query = f"?preset=standard&seed={seed}&level=normal"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            games = {prefix: base + query for prefix, (_, base) in servers.items()}
            base = servers[""][1]
            figures = cold_and_warm(browser, base + "bench-floor.html", games, args.loads)
            decisions = decision_times(browser, base, args.hands, "hard")
            expert = decision_times(browser, base, args.hands, "expert")
            paced = paced_turns(browser, base, query + LONG_MATCH, args.turns)
            main_thread = main_thread_times(browser, base, rounds=3)
            browser.close()
    finally:
        for server, _ in servers.values():
            server.shutdown()
        for path in floor_files:
            path.unlink()
    for prefix, site in sites.items():
        print_figures(prefix, figures[prefix], tools.bytes_gz(site))
    print(f"bot_decision_ms_p99: {percentile(decisions, 0.99):.1f} ms")
    print(f"bot_decisions: {len(decisions)} count")
    print(f"expert_decision_ms: {statistics.median(expert):.1f} ms")
    print(f"expert_decision_ms_p99: {percentile(expert, 0.99):.1f} ms")
    print(f"expert_decisions: {len(expert)} count")
    turns, deals = paced["opponent turn"], paced["deal"]
    print(f"opponent_turn_ms: {statistics.median(turns):.0f} ms")
    print(f"opponent_turn_ms_p99: {percentile(turns, 0.99):.0f} ms")
    print(f"opponent_turns: {len(turns)} count")
    print(f"deal_ms: {statistics.median(deals):.0f} ms")
    print(f"deals: {len(deals)} count")
    for name, times in main_thread.items():
        if name.startswith("expert"):
            print(f"{name}: {statistics.median(times):.0f} ms")
            print(f"{name}_p99: {percentile(times, 0.99):.0f} ms")
        else:
            print(f"{name}: {times[0]:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
