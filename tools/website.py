"""Build and serve the static site: the page, the engine wheel and the Pyodide it needs.

Standard library only; ``build.py site`` and ``build.py serve`` call ``build_site`` and
``serve``. The site is one folder of static files whose every path is relative, so it
works from any static host and under any sub-path::

    index.html style.css *.js art/*.svg     the page (web/)
    ginrummy-*.whl                          the engine, unpacked by the worker
    pyodide/                                the runtime: pyodide.mjs, pyodide.asm.mjs,
                                            pyodide.asm.wasm, python_stdlib.zip (.pyc),
                                            pyodide-lock.json (its header only)

The standard library is compiled to ``.pyc`` by the pinned Pyodide's own Python
(``tools/pyc_zip.mjs``) and cached under ``build/`` by Pyodide version, so it is made
again whenever the version changes.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import hashlib
import http.server
import json
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
PYODIDE = ROOT / "node_modules" / "pyodide"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
"""The Pyodide files the page loads, besides the compiled standard library."""
STDLIB_WHERE = "/lib/python{major}{minor}.zip/"
"""Where Pyodide mounts its standard library zip: the file names its code reports."""
WHEEL_LINE = 'const WHEEL = "ginrummy.whl";'
"""The line of ``web/worker.js`` that names the wheel; the build writes the real name."""

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
}
"""The types a host must send; ``.wasm`` as anything but application/wasm stalls Pyodide."""


def pinned_pyodide_version(root: Path = ROOT) -> str:
    """Return the Pyodide version ``package.json`` pins.

    :raises SystemExit: when package.json does not pin ``pyodide``.
    """
    package = json.loads((root / "package.json").read_text())
    version = package.get("dependencies", {}).get("pyodide") or package.get(
        "devDependencies", {}
    ).get("pyodide")
    if not version:
        raise SystemExit("package.json does not pin the pyodide package")
    return str(version).lstrip("=^~")


def installed_pyodide_version(root: Path = ROOT) -> str | None:
    """Return the version of ``node_modules/pyodide``, or None when it is not installed."""
    package = root / "node_modules" / "pyodide" / "package.json"
    if not package.exists():
        return None
    return str(json.loads(package.read_text())["version"])


def ensure_pyodide(root: Path = ROOT) -> str:
    """Install the pinned npm ``pyodide`` package (``npm ci``) unless it is there; its version.

    :raises SystemExit: when npm fails.
    """
    wanted = pinned_pyodide_version(root)
    if installed_pyodide_version(root) != wanted:
        print(f"installing pyodide {wanted} with npm ci", flush=True)
        done = subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=root, check=False)
        if done.returncode != 0:
            raise SystemExit("npm ci failed")
    return wanted


def compiled_stdlib(root: Path = ROOT) -> Path:
    """Return the standard library zip compiled to ``.pyc``, made once per Pyodide version.

    The cache key is the Pyodide version and the compiler's own source, so a new
    version (or a changed compiler) makes it again.
    """
    version = installed_pyodide_version(root)
    tools = root / "tools"
    digest = hashlib.sha256()
    for name in ("pyc_zip.py", "pyc_zip.mjs"):
        digest.update((tools / name).read_bytes())
    target = root / "build" / f"python_stdlib-{version}-{digest.hexdigest()[:12]}.zip"
    if target.exists():
        return target
    lock = json.loads((root / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())
    major, minor = lock["info"]["python"].split(".")[:2]
    where = STDLIB_WHERE.format(major=major, minor=minor)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".partial")
    source = root / "node_modules" / "pyodide" / "python_stdlib.zip"
    subprocess.run(
        ["node", str(tools / "pyc_zip.mjs"), str(source), str(partial), where], check=True
    )
    partial.replace(target)
    return target


def build_site(wheel: Path, out: Path, root: Path = ROOT) -> Path:
    """Assemble the site in ``out`` (emptied first) with ``wheel`` as the engine; return it."""
    stdlib = compiled_stdlib(root)
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(root / "web", out)
    worker = out / "worker.js"
    text = worker.read_text()
    if WHEEL_LINE not in text:
        raise SystemExit(f"web/worker.js lost its line {WHEEL_LINE!r}")
    worker.write_text(text.replace(WHEEL_LINE, f'const WHEEL = "{wheel.name}";'))
    shutil.copy2(wheel, out / wheel.name)
    runtime = out / "pyodide"
    runtime.mkdir()
    for name in RUNTIME_FILES:
        shutil.copy2(root / "node_modules" / "pyodide" / name, runtime / name)
    shutil.copy2(stdlib, runtime / "python_stdlib.zip")
    lock = json.loads((root / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())
    trimmed = {"info": lock["info"], "packages": {}}  # the page loads no Pyodide package
    (runtime / "pyodide-lock.json").write_text(json.dumps(trimmed, separators=(",", ":")))
    return out


def own_bytes_gz(site: Path) -> int:
    """Return the gzipped size of our own files in ``site``: all but the Pyodide runtime."""
    total = 0
    for path in sorted(site.rglob("*")):
        if path.is_file() and "pyodide" not in path.relative_to(site).parts:
            total += len(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))
    return total


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site with the MIME types it needs, revalidated on every load."""

    protocol_version = "HTTP/1.1"  # keep-alive: the page makes a dozen small requests
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }

    def end_headers(self) -> None:
        """Ask browsers to revalidate (a 304 costs little) so a new build shows at once."""
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Stay quiet: tests and the bench make many requests."""


def make_server(site: Path, port: int = 8000, host: str = "127.0.0.1") -> http.server.HTTPServer:
    """Return a threaded static server of ``site`` on ``host:port`` (0: any free port)."""
    handler = functools.partial(SiteHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve_in_background(site: Path, port: int = 0) -> tuple[http.server.HTTPServer, str]:
    """Start serving ``site`` in a thread; return the server and its base URL."""
    server = make_server(site, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, bound = server.server_address[:2]
    return server, f"http://{host!s}:{bound}/"


def serve(site: Path, port: int = 8000) -> None:
    """Serve ``site`` until interrupted, printing the address."""
    server = make_server(site, port)
    host, bound = server.server_address[:2]
    print(f"Serving the game on http://{host!s}:{bound}/  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    """Build the site from a wheel, or serve a built site: ``site.py build|serve``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="assemble the site from a built wheel")
    build.add_argument("wheel", type=Path)
    build.add_argument("--out", type=Path, default=ROOT / "site")
    serving = commands.add_parser("serve", help="serve a built site")
    serving.add_argument("--site", type=Path, default=ROOT / "site")
    serving.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if args.command == "build":
        ensure_pyodide()
        print(build_site(args.wheel, args.out))
    else:
        serve(args.site, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
