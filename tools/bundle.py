"""Bundle and minify the page's JavaScript and CSS for the site, with esbuild (npm, pinned).

The page's sources in ``web/`` are plain ES modules, readable as they are, in folders by
role (``ROLE_FOLDERS``: the table, the dialogs, the embeds, the platform) beside the pages
and what every role shares. The site is flat: a file of a role folder is at the site's root
under its own name (``site_name``), so a module's ``import.meta.url`` is the site's folder
wherever its source sits. The site gets:

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

ROLE_FOLDERS = ("table", "dialogs", "embeds", "platform")
"""The folders of ``web/`` that hold scripts and styles by role; the site has no such
folder: their files are at its root."""
ENTRY_POINTS = (
    "table/main.js",
    "platform/worker.js",
    "embeds/illustrate.js",
    "dialogs/friend-dialog.js",
    "platform/friend.js",
)
"""The modules a page or worker loads by name; each becomes one bundle of that name."""
MINIFIED_ALONE = ("embeds/embed.js", "lang/*.js", "*.css", "embeds/*.css")
"""The files minified one by one (glob patterns in web/)."""
KEPT_AS_THEY_ARE = ("platform/sw.js",)
"""Scripts copied unchanged (the service worker: its scope is the site's folder)."""
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
            *(entry_point(Path(name)) for name in ENTRY_POINTS),
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
    run(
        program,
        *(entry_point(path.relative_to(source)) for path in alone),
        "--minify",
        f"--outdir={out.resolve()}",
        cwd=source,
    )
    for name in KEPT_AS_THEY_ARE:
        shutil.copy2(source / name, out / site_name(Path(name)))
    left_out = unbundled_scripts(source, bundled, alone)
    if left_out:
        raise SystemExit(f"web/: {', '.join(left_out)} would not reach the site (tools/bundle.py)")
    return static_imports(bundled, source, out, "main.js")


def site_name(path: Path) -> str:
    """Return the site path of the file at ``path`` in ``web/``: a role folder's file is at
    the site's root, any other where it is (``lang/de.js``)."""
    return path.name if path.parts[0] in ROLE_FOLDERS else path.as_posix()


def entry_point(path: Path) -> str:
    """Return esbuild's entry point for the file at ``path`` in ``web/``: ``OUT=IN``, which
    writes it to its site path (``site_name``), the extension esbuild's."""
    return f"{site_name(path.with_suffix(''))}={path.as_posix()}"


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
