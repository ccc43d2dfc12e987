"""The page's Python as the site ships it: a snapshot of its memory, the engine imported.

``snapshot(wheel, micropip, stdlib, out_dir, root)`` writes ``ginrummy-VERSION.snapshot``:
the pinned Pyodide booted under Node with the compiled standard library, the site's own
wheel installed in it with micropip (the pinned PyPI wheel) and slimmed
(``snapshot_install.py``, ``slim_wheel.py``), its package imported and every request of
the page made once (``snapshot_tour.py``), then its memory saved (``snapshot.mjs``: what it
no longer uses zeroed, packed against the memory's initial image that
``pyodide.asm.wasm`` holds, ``web/platform/wasm-image.js``) and gzipped (with no ``.gz`` in
the name, which some hosts would send as a content encoding). The page's worker boots Pyodide
from it: Python does not start afresh, and nothing is imported or compiled before the
first deal. Everything the page uses is in it, so the page loads no standard library
(Pyodide gets an empty zip) and no engine file. So the page runs the very code the site
publishes for everyone's Python (``python/``); ``snapshot`` also returns what micropip
installed, each file with its SHA-256, checked against the wheel's RECORD.

None of ``PAGE_LEAVES_OUT``, the terminal programs the page never runs, is imported. The
snapshot is tied to the exact Pyodide build it was made with. Two snapshots of the same
inputs differ in a few hundred bytes (the times and random state of the Python that made
them), and a different file would have every returning player's service worker download
3 MB again: so the site build keeps the last one in ``build/`` under a digest of
everything that goes into it, and makes a new one only when that changes.

Standard library only, as the rest of the build; Node and ``node_modules/pyodide`` must be
installed (``build.py`` does it).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path
from typing import Any

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
MADE_WITH = (
    "tools/snapshot.mjs",
    "tools/snapshot_install.py",
    "tools/slim_wheel.py",
    "tools/snapshot_tour.py",
    "web/platform/wasm-image.js",
)
"""The files that make the snapshot (under the repository's root), besides its inputs."""
SUFFIX = ".snapshot"
"""The snapshot's file name ends so: gzipped, without ``.gz`` (see above)."""


def snapshot_name(wheel: Path) -> str:
    """Return the site's file name for the snapshot of ``wheel`` (``NAME-VERSION.snapshot``)."""
    name, version = wheel.name.split("-")[:2]
    return f"{name}-{version}{SUFFIX}"


def page_entries(wheel: Path) -> list[tuple[str, bytes]]:
    """Return the package's entries of ``wheel`` that the page may import, with their
    bytes, in the wheel's order (all but ``.dist-info`` and ``PAGE_LEAVES_OUT``)."""
    with zipfile.ZipFile(wheel) as archive:
        return [
            (info.filename, archive.read(info))
            for info in archive.infolist()
            if ".dist-info" not in info.filename.split("/")[0]
            and not info.filename.startswith(PAGE_LEAVES_OUT)
        ]


def snapshot(
    wheel: Path, micropip: Path, stdlib: Path, out_dir: Path, root: Path, kept: Path | None = None
) -> tuple[Path, dict[str, Any]]:
    """Write the site's snapshot for ``wheel`` (the site's wheel, installed with the
    ``micropip`` wheel) and ``stdlib`` (the compiled standard library) into ``out_dir``;
    return it, and what micropip installed: ``version``, ``where`` (the folder) and
    ``files`` (each package file imported, by name under ``where``: its SHA-256 as
    installed, before slimming).

    With ``kept`` (a folder), a snapshot made there before from the same inputs is copied
    instead of made again, and a new one replaces the older ones kept there.

    :raises subprocess.CalledProcessError: when Pyodide cannot make it (a file micropip
        installed that is not the wheel's, an engine that fails to import, or a request of
        the tour that fails).
    """
    target = out_dir / snapshot_name(wheel)
    digest = hashlib.sha256(f"{stdlib.name} {TOUR_SEED} {PAGE_LEAVES_OUT}".encode())
    for name, data in page_entries(wheel):
        digest.update(f"{name} {len(data)} ".encode() + data)
    for path in (micropip, *(root / name for name in MADE_WITH)):
        digest.update(path.read_bytes())
    made = kept / f"snapshot-{digest.hexdigest()[:16]}.gz" if kept else None
    record = made.with_suffix(".json") if made else None
    if made and record and made.exists() and record.exists():
        shutil.copy2(made, target)
        return target, json.loads(record.read_text())
    with tempfile.TemporaryDirectory() as work:
        installed = Path(work, "installed.json")
        command = [
            "node", str(root / "tools" / "snapshot.mjs"), str(stdlib), str(micropip), str(wheel),
            ",".join(PAGE_LEAVES_OUT), str(TOUR_SEED), str(target), str(installed),
        ]  # fmt: skip
        subprocess.run(command, check=True, cwd=root)
        manifest: dict[str, Any] = json.loads(installed.read_text())
    if made and record:
        for older in made.parent.glob("snapshot-*"):
            older.unlink()
        shutil.copy2(target, made)
        record.write_text(json.dumps(manifest, indent=1))
    return target, manifest
