"""Bundle and minify the page's JavaScript and CSS for the site, with esbuild (npm, pinned).

The page's sources in ``web/`` are plain ES modules, readable as they are. The site gets:

- ``main.js``, ``worker.js``, ``illustrate.js``, ``friend-dialog.js``, ``friend.js``: the
  entry points (the page, the Python worker, the frame that draws illustrations for embeds,
  the dialogs of a match against a friend, which the page imports when a player asks for
  one, and the connection to the friend's page they use), each bundled with the modules it
  imports (npm packages too: ``node_modules`` is where a bare import is found); what two of
  them share goes into one ``chunk-HASH.js``;
- ``lang/*.js``, ``embed.js`` and every ``.css``, each minified on its own: a language
  table is loaded by its name when chosen, ``embed.js`` is a classic script for other
  sites' pages;
- ``sw.js`` as it is: the build writes the site's file list into it afterwards.

The same sources make the same files, names included, wherever the build copied them:
esbuild runs in the source folder, since a chunk's hash covers its inputs' paths from
where it runs.

Why: the page's twenty modules were twenty requests ahead of the Python worker's on a
host's six HTTP/1.1 connections (the worker's first file waited ~150 ms for them), and
the minified files weigh about half.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

Metafile = dict[str, Any]
"""esbuild's account of a build (``--metafile``): its inputs, and each output's imports."""

ENTRY_POINTS = ("main.js", "worker.js", "illustrate.js", "friend-dialog.js", "friend.js")
"""The modules a page or worker loads by name; each becomes one bundle of that name."""
MINIFIED_ALONE = ("embed.js", "lang/*.js", "*.css")
"""The files minified one by one (glob patterns in web/)."""
KEPT_AS_THEY_ARE = ("sw.js",)
"""Scripts copied unchanged."""
EXTERNAL = ("./pyodide/*", "./lang/*", "https://*")
"""Imports left to the browser: the Pyodide runtime (here or on a CDN), language tables."""


def esbuild(root: Path) -> Path:
    """Return the pinned esbuild of ``root/node_modules``.

    :raises SystemExit: when it is not installed (``npm ci`` installs it).
    """
    program = root / "node_modules" / ".bin" / "esbuild"
    if not program.exists():
        raise SystemExit("node_modules/.bin/esbuild is missing: run npm ci")
    return program


def bundle_page(source: Path, out: Path, root: Path) -> list[str]:
    """Write the minified scripts and styles of the page sources in ``source`` into ``out``.

    Returns the files ``main.js`` imports at once (shared chunks, the English table), in
    the order to preload them.

    :raises SystemExit: when esbuild fails, or a script of ``source`` would be left out
        (neither imported by an entry point nor listed above).
    """
    program = esbuild(root)
    with tempfile.TemporaryDirectory() as work:
        meta = Path(work) / "meta.json"
        run(  # in source, named from there: a chunk's hash covers its inputs' paths
            program,
            *ENTRY_POINTS,
            "--bundle",
            "--splitting",
            "--format=esm",
            "--minify",
            "--chunk-names=chunk-[hash]",
            *(f"--external:{pattern}" for pattern in EXTERNAL),
            f"--outdir={out.resolve()}",
            f"--metafile={meta}",
            cwd=source,
            node_path=root / "node_modules",
        )
        bundled = json.loads(meta.read_text())
    alone = sorted({path for pattern in MINIFIED_ALONE for path in source.glob(pattern)})
    run(program, *alone, "--minify", f"--outbase={source}", f"--outdir={out}")
    for name in KEPT_AS_THEY_ARE:
        shutil.copy2(source / name, out / name)
    left_out = unbundled_scripts(source, bundled, alone)
    if left_out:
        raise SystemExit(f"web/: {', '.join(left_out)} would not reach the site (tools/bundle.py)")
    return static_imports(bundled, source, out, "main.js")


def run(
    program: Path, *args: str | Path, cwd: Path | None = None, node_path: Path | None = None
) -> None:
    """Run esbuild with ``args`` (in ``cwd``) quietly but for warnings and errors, finding
    the packages of bare imports in ``node_path``.

    :raises SystemExit: when it fails.
    """
    words = [str(program), *map(str, args), "--log-level=warning"]
    env = None if node_path is None else {**os.environ, "NODE_PATH": str(node_path)}
    if subprocess.run(words, cwd=cwd, env=env, check=False).returncode != 0:
        raise SystemExit("esbuild failed (see above)")


def unbundled_scripts(source: Path, meta: Metafile, alone: list[Path]) -> list[str]:
    """Return the scripts of ``source`` that no bundle holds and no other rule ships."""
    inputs = {(source / name).resolve() for name in meta["inputs"]}
    shipped = inputs | {path.resolve() for path in alone}
    shipped |= {(source / name).resolve() for name in KEPT_AS_THEY_ARE}
    return sorted(
        path.relative_to(source).as_posix()
        for path in source.rglob("*.js")
        if path.resolve() not in shipped
    )


def static_imports(meta: Metafile, source: Path, out: Path, entry: str) -> list[str]:
    """Return the site paths the bundle ``entry`` imports statically, directly or not
    (``meta``'s paths are relative to ``source``, where esbuild ran)."""
    outputs = {
        (source / name).resolve().relative_to(out.resolve()).as_posix(): output
        for name, output in meta["outputs"].items()
    }
    found: list[str] = []
    todo = [entry]
    while todo:
        for item in outputs.get(todo.pop(), {}).get("imports", []):
            if item["kind"] != "import-statement":
                continue
            path = str(item["path"])
            name = (
                path.removeprefix("./")
                if item.get("external")
                else (source / path).resolve().relative_to(out.resolve()).as_posix()
            )
            if name not in found:
                found.append(name)
                todo.append(name)
    return found
