"""The engine as the site ships it: one xz-compressed zip the page's Python imports from.

``engine_zip(slim_wheel, out_dir)`` turns the slim wheel (``slim_wheel.py``: no
docstrings or comments) into ``ginrummy-VERSION.zip.xz``:

- only the package: no ``.dist-info`` (nothing installs it: the worker puts the zip on
  ``sys.path`` and ``zipimport`` reads it) and none of ``PAGE_LEAVES_OUT``, the terminal
  programs the page never runs;
- the modules a first deal imports (``FIRST_DEAL``) compiled to ``.pyc`` by the pinned
  Pyodide's own Python (``pyc_zip.mjs``), so a cold load compiles none of them (about
  150 ms of a load in Chromium here); the rest stay sources, compiled when first
  imported, after the table is drawn (the opponent, the review, the rules help...);
- the compiled functions without their parameter annotations and Python without column
  positions (smaller files; a traceback names the file, ``ENGINE_WHERE`` + the entry,
  and the line);
- the zip's entries stored and the whole zip compressed with xz: one stream across all
  files packs a fifth smaller than deflate per entry (55 kB against 67 kB measured), and
  Python's ``lzma`` unpacks it in a few milliseconds.

Standard library only, as the rest of the build; Node and ``node_modules/pyodide`` must be
installed (``build.py`` does it).
"""

from __future__ import annotations

import lzma
import subprocess
import tempfile
import zipfile
from pathlib import Path

ENGINE_WHERE = "/lib/ginrummy.zip"
"""Where the worker writes the unpacked zip and puts it on ``sys.path``; the compiled
modules' file names start with it."""
FIRST_DEAL = "from ginrummy import bridge; bridge.request('new', '{}')"
"""What a cold page runs before its hand is playable: the modules it imports are compiled."""
PAGE_LEAVES_OUT = (
    "ginrummy/__main__.py",
    "ginrummy/bench.py",
    "ginrummy/bot/arena.py",
    "ginrummy/cli/",
    "ginrummy/py.typed",
)
"""Entries of the package the page never imports: the terminal programs and the marker
for type checkers."""
_DICT_SIZE_MIN = 4096
"""The smallest dictionary xz's LZMA2 filter takes."""
_FIXED_TIME = (1980, 1, 1, 0, 0, 0)
"""The time stamp of every entry written, so the same wheel in gives the same bytes out."""


def engine_name(wheel: Path) -> str:
    """Return the site's file name for the engine of ``wheel`` (``NAME-VERSION.zip.xz``)."""
    name, version = wheel.name.split("-")[:2]
    return f"{name}-{version}.zip.xz"


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


def engine_zip(wheel: Path, out_dir: Path, root: Path) -> Path:
    """Write the site's engine for ``wheel`` (a slim wheel) into ``out_dir``; return it.

    :raises subprocess.CalledProcessError: when Pyodide cannot compile it (a syntax
        error, or a first deal that fails).
    """
    with tempfile.TemporaryDirectory() as work:
        kept, compiled = Path(work, "kept.zip"), Path(work, "compiled.zip")
        page_entries(wheel, kept)
        command = [
            "node", str(root / "tools" / "pyc_zip.mjs"), str(kept), str(compiled),
            ENGINE_WHERE + "/", "--stored", "--strip-signatures",
            "--only-imported-by", FIRST_DEAL,
        ]  # fmt: skip
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        target = out_dir / engine_name(wheel)
        target.write_bytes(xz(compiled.read_bytes()))
    return target


def xz(data: bytes) -> bytes:
    """Return ``data`` compressed with xz at its strongest, with a dictionary no bigger
    than ``data``: the decoder allocates the whole dictionary, and the 64 MiB of preset 9
    cost the page's Python about 8 ms of memory growth to unpack 220 kB."""
    size = max(_DICT_SIZE_MIN, len(data))
    lzma2 = {"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": size}
    return lzma.compress(data, format=lzma.FORMAT_XZ, filters=[lzma2])
