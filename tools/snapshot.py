"""The page's Python as the site ships it: a snapshot of its memory, the engine imported.

``snapshot(slim_wheel, stdlib, out_dir, root)`` writes ``ginrummy-VERSION.snapshot``: the
pinned Pyodide booted under Node with the compiled standard library, the engine's package
imported from a zip (``ENGINE_WHERE``) and every request of the page made once
(``snapshot_tour.py``), then its memory saved (``snapshot.mjs``: what it no longer uses
zeroed, packed against the memory's initial image that ``pyodide.asm.wasm`` holds,
``web/wasm-image.js``) and gzipped (with no ``.gz`` in the name, which some hosts would
send as a content encoding). The page's worker boots Pyodide from it: Python does not
start afresh, and nothing is imported or compiled before the first deal. Everything the
page uses is in it, so the page loads no standard library (Pyodide gets an empty zip) and
no engine file.

The zip holds only the package: no ``.dist-info`` and none of ``PAGE_LEAVES_OUT``, the
terminal programs the page never runs. The snapshot is tied to the exact Pyodide build
it was made with. Two snapshots of the same inputs differ in a few hundred bytes (the
times and random state of the Python that made them), and a different file would have
every returning player's service worker download 3 MB again: so the site build keeps the
last one in ``build/`` under a digest of everything that goes into it, and makes a new
one only when that changes.

Standard library only, as the rest of the build; Node and ``node_modules/pyodide`` must be
installed (``build.py`` does it).
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

ENGINE_WHERE = "/lib/ginrummy.zip"
"""Where the engine's zip is on ``sys.path`` while the snapshot is made: the file names
its code reports start with it."""
TOUR_SEED = 1
"""The seed of the tour's matches (the tests tour restored snapshots with others)."""
PAGE_LEAVES_OUT = (
    "ginrummy/__main__.py",
    "ginrummy/bench.py",
    "ginrummy/bot/arena.py",
    "ginrummy/bot/reading.py",
    "ginrummy/cli/",
    "ginrummy/py.typed",
)
"""Entries of the package the page never imports: the terminal programs, the arena's
measuring, and the marker for type checkers."""
MADE_WITH = ("tools/snapshot.mjs", "tools/snapshot_tour.py", "web/wasm-image.js")
"""The files that make the snapshot (under the repository's root), besides its inputs."""
SUFFIX = ".snapshot"
"""The snapshot's file name ends so: gzipped, without ``.gz`` (see above)."""
_FIXED_TIME = (1980, 1, 1, 0, 0, 0)
"""The time stamp of every entry written, so the same wheel in gives the same bytes out."""


def snapshot_name(wheel: Path) -> str:
    """Return the site's file name for the snapshot of ``wheel`` (``NAME-VERSION.snapshot``)."""
    name, version = wheel.name.split("-")[:2]
    return f"{name}-{version}{SUFFIX}"


def page_entries(wheel: Path, target: Path) -> None:
    """Write ``target``: the package's entries of ``wheel`` that the page may import (all
    but ``.dist-info`` and ``PAGE_LEAVES_OUT``)."""
    with zipfile.ZipFile(wheel) as old, zipfile.ZipFile(target, "w") as new:
        for info in old.infolist():
            name = info.filename
            package = name.split("/")[0]
            if ".dist-info" in package or name.startswith(PAGE_LEAVES_OUT):
                continue
            new.writestr(zipfile.ZipInfo(name, _FIXED_TIME), old.read(info))


def snapshot(
    wheel: Path, stdlib: Path, out_dir: Path, root: Path, kept: Path | None = None
) -> Path:
    """Write the site's snapshot for ``wheel`` (a slim wheel) and ``stdlib`` (the compiled
    standard library) into ``out_dir``; return it.

    With ``kept`` (a folder), a snapshot made there before from the same inputs is copied
    instead of made again, and a new one replaces the older ones kept there.

    :raises subprocess.CalledProcessError: when Pyodide cannot make it (an engine that
        fails to import, or a request of the tour that fails).
    """
    target = out_dir / snapshot_name(wheel)
    tools = root / "tools"
    with tempfile.TemporaryDirectory() as work:
        engine = Path(work, "ginrummy.zip")
        page_entries(wheel, engine)
        digest = hashlib.sha256(f"{stdlib.name} {ENGINE_WHERE} {TOUR_SEED}".encode())
        for path in (engine, *(root / name for name in MADE_WITH)):
            digest.update(path.read_bytes())
        made = kept / f"snapshot-{digest.hexdigest()[:16]}.gz" if kept else None
        if made and made.exists():
            shutil.copy2(made, target)
            return target
        command = [
            "node", str(tools / "snapshot.mjs"), str(stdlib), str(engine),
            ENGINE_WHERE, str(tools / "snapshot_tour.py"), str(TOUR_SEED), str(target),
        ]  # fmt: skip
        subprocess.run(command, check=True, cwd=root)
    if made:
        for older in made.parent.glob("snapshot-*.gz"):
            older.unlink()
        shutil.copy2(target, made)
    return target
