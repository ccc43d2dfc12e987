"""Build and serve the static site: the page, the engine and the Pyodide it needs.

Standard library only; ``build.py site`` and ``build.py serve`` call ``build_site`` and
``serve``. The site is one folder of static files whose every path is relative, so it
works from any static host and under any sub-path::

    index.html style.css art/*.svg          the page (web/), its scripts bundled and
    main.js worker.js chunk-*.js lang/*.js  minified by tools/bundle.py (esbuild)
    art/deck/*.svg                          the cards' faces and suits, from the card
                                            package of package.json (tools/deck.py)
    art/icon-*.png                          the PNG icons the web app manifest names
    ginrummy-*.snapshot                     Python's memory, gzipped, after it imported
                                            the engine (the wheel without docstrings or
                                            comments, slim_wheel.py) and made every
                                            request of the page (snapshot.py): the worker
                                            boots Pyodide from it
    pyodide/                                the runtime: pyodide.mjs, pyodide.asm.mjs,
                                            pyodide.asm.wasm, pyodide-lock.json (its
                                            header only); no standard library, which is
                                            in the snapshot
    python/ginrummy-VERSION-py3-none-any.whl
                                            the engine's wheel, for anyone's Python (pip,
                                            micropip: docs/python.md), the very code the
                                            snapshot was made from
    python/index.json                       the wheel's name, version, file, SHA-256, size
    python/micropip-*.whl                   what the page needs only when it cannot use the
    python/python_stdlib.zip                snapshot and starts Python afresh: the pinned
                                            micropip and the compiled standard library
    sw.js                                   the service worker, with every file's SHA-256
                                            but those of python/ (which a game never needs)
    .nojekyll                               GitHub Pages: serve the files as they are

With ``cdn=True`` (``build.py site --cdn``) there is no ``pyodide/``: the worker loads the
stock Pyodide of the same version from jsDelivr (``CDN``), and the service worker keeps it.

The snapshot is made with the standard library compiled to ``.pyc`` by the pinned
Pyodide's own Python (``tools/pyc_zip.mjs``), cached under ``build/`` by Pyodide version,
so it is made again whenever the version changes. (The benchmark's bare-Pyodide page
boots from that zip.)
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import http.server
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
BLOG_PAGE = Path("e2e") / "blog" / "index.html"
"""A sample blog post with embeds of every kind (under the repository's root)."""
BLOG_GAME_URL = "http://127.0.0.1:8000/"
"""The game's address as the committed blog post names it (``build.py serve``'s)."""
PYODIDE = ROOT / "node_modules" / "pyodide"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
"""The Pyodide files the page loads, besides its lock file's header."""
STDLIB_WHERE = "/lib/python{major}{minor}.zip/"
"""Where Pyodide mounts its standard library zip: the file names its code reports."""
SNAPSHOT_LINE = 'const SNAPSHOT = "ginrummy.snapshot";'
"""The line of ``web/platform/worker.js`` that names the snapshot's file; the build writes the real
one (``snapshot.py``)."""
FALLBACK_LINE = 'const FALLBACK = { stdlib: "", micropip: "", wheel: "" };'
"""The line of ``web/platform/worker.js`` that names the files of ``PYTHON_DIR`` a Python started
afresh loads; the build writes the real ones."""
BUILD_ID_LINE = 'const BUILD_ID = "unbuilt";'
"""The line of ``web/platform/worker.js`` that names this build (pages of one build play a friend's
match together); the build writes the engine wheel's SHA-256 (its first 16 digits)."""
KEPT = "build"
"""The folder, under the work tree, where builds keep what they made and the next build
may reuse: the compiled standard library, the icons and the snapshot (gitignored)."""
PYTHON_DIR = "python"
"""The site's folder of the engine's wheel, its index and what a Python started afresh
needs; the service worker does not keep it."""
STDLIB_NAME = "python_stdlib.zip"
"""The compiled standard library's name in ``PYTHON_DIR``."""
PYODIDE_REQUIREMENTS = "requirements-pyodide.txt"
"""The pins of the pure wheels for Pyodide (under the repository's root): micropip's too."""
PYODIDE_WHEELS = Path(".cache") / "pyodide-wheels"
"""Where ``build.py`` downloads them (under the repository's root)."""
RUNTIME_LINES = (
    'import { loadPyodide } from "./pyodide/pyodide.mjs";',
    'const RUNTIME = here("pyodide/");',
)
"""The lines of ``web/platform/worker.js`` that say where Pyodide is; the CDN build rewrites
them."""
CDN = "https://cdn.jsdelivr.net/pyodide/v{version}/full/"
"""Where jsDelivr serves a Pyodide release: the CDN build loads the runtime from there."""
CDN_FILES = (*RUNTIME_FILES, "pyodide-lock.json")
"""What the page loads of a Pyodide on the CDN, which the service worker keeps."""
BUILD_LINE = re.compile(r"^const BUILD = .*;$", re.MULTILINE)
"""The line of ``sw.js`` that the build fills with the site's files and their hashes."""
MAIN_SCRIPT = '<script type="module" src="main.js"></script>'
"""The line of ``web/index.html`` that loads the page; its bundle's imports are preloaded."""
SW_CACHE_PREFIX = "ginrummy-sw-site-"
"""The service worker's cache of a build is this prefix and the hash of the whole site."""

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
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
    target = root / KEPT / f"python_stdlib-{version}-{digest.hexdigest()[:12]}.zip"
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


def cdn_url(root: Path = ROOT) -> str:
    """Return the jsDelivr address of the pinned Pyodide (a folder URL, ending in ``/``)."""
    return CDN.format(version=pinned_pyodide_version(root))


def micropip_wheel(root: Path = ROOT) -> Path:
    """Return the pinned micropip wheel of ``requirements-pyodide.txt``, downloaded.

    :raises SystemExit: when it is not pinned, or not downloaded (``build.py site`` does).
    """
    pins = (root / PYODIDE_REQUIREMENTS).read_text()
    pin = re.search(r"^micropip==(\S+)", pins, re.MULTILINE)
    if pin is None:
        raise SystemExit(f"{PYODIDE_REQUIREMENTS} does not pin micropip")
    wheel = root / PYODIDE_WHEELS / f"micropip-{pin.group(1)}-py3-none-any.whl"
    if not wheel.exists():
        raise SystemExit(f"{wheel.relative_to(root)} is missing: `python3 build.py site` gets it")
    return wheel


def build_site(wheel: Path, out: Path, root: Path = ROOT, cdn: bool = False) -> Path:
    """Assemble the site in ``out`` (emptied first) with the engine of ``wheel``; return it.

    With ``cdn`` the page loads Pyodide from jsDelivr instead of a ``pyodide/`` folder.
    """
    if out.exists():
        shutil.rmtree(out)
    snapshots = tool_module("snapshot", root)
    micropip, stdlib = micropip_wheel(root), compiled_stdlib(root)
    fallback = {"stdlib": STDLIB_NAME, "micropip": micropip.name, "wheel": wheel.name}
    fallback = {kind: f"{PYTHON_DIR}/{name}" for kind, name in fallback.items()}
    lines = {
        SNAPSHOT_LINE: f'const SNAPSHOT = "{snapshots.snapshot_name(wheel)}";',
        FALLBACK_LINE: f"const FALLBACK = {json.dumps(fallback)};",
        BUILD_ID_LINE: f'const BUILD_ID = "{hashlib.sha256(wheel.read_bytes()).hexdigest()[:16]}";',
    }
    where = cdn_url(root) if cdn else ""
    if where:
        lines[RUNTIME_LINES[0]] = f'import {{ loadPyodide }} from "{where}pyodide.mjs";'
        lines[RUNTIME_LINES[1]] = f'const RUNTIME = "{where}";'
    with tempfile.TemporaryDirectory() as work:
        source = Path(work) / "web"
        shutil.copytree(root / "web", source)
        rewrite(source / "platform" / "worker.js", lines)
        drawn = tool_module("deck", root).write_faces(source, root)
        print(f"card art: {drawn['two']} bytes gzipped, {drawn['four']} more in four colours")
        bundler = tool_module("bundle", root)
        scripts = shutil.ignore_patterns("*.js", "*.css", *bundler.ROLE_FOLDERS)
        shutil.copytree(source, out, ignore=scripts)
        preloads = bundler.bundle_page(source, out, root)
    snapshots.snapshot(wheel, micropip, stdlib, out, root, kept=root / KEPT)
    publish_python(out / PYTHON_DIR, wheel, micropip, stdlib)
    preload(out / "index.html", preloads)
    tool_module("csp", root).complete_policies(out, where)
    draw_icons(out, root)
    (out / ".nojekyll").write_bytes(b"")
    if not cdn:
        copy_runtime(out, root)
    write_precache(out, where)
    return out


def publish_python(folder: Path, wheel: Path, micropip: Path, stdlib: Path) -> None:
    """Write ``folder``: the engine's ``wheel`` and its ``index.json`` (name, version,
    file, SHA-256, size: the wheel's URL is the folder's and the file's, stable for a
    version), and what a Python started afresh needs (``micropip``, ``stdlib``)."""
    folder.mkdir()
    for path in (wheel, micropip):
        shutil.copy2(path, folder / path.name)
    shutil.copy2(stdlib, folder / STDLIB_NAME)
    name, version = wheel.name.split("-")[:2]
    data = wheel.read_bytes()
    index = {
        "name": name,
        "version": version,
        "file": wheel.name,
        "sha256": hashlib.sha256(data).hexdigest(),
        "size": len(data),
    }
    (folder / "index.json").write_text(json.dumps(index, indent=2) + "\n")


def rewrite(path: Path, lines: dict[str, str]) -> None:
    """Replace each of ``lines`` (old line: new line) in the file at ``path``, in the
    build's copy of ``web/``.

    :raises SystemExit: when a line is missing (the source changed under the build).
    """
    text = path.read_text()
    for old, new in lines.items():
        if old not in text:
            raise SystemExit(f"web/{path.parent.name}/{path.name} lost its line {old!r}")
        text = text.replace(old, new)
    path.write_text(text)


def copy_runtime(out: Path, root: Path = ROOT) -> None:
    """Copy what the page loads of the pinned Pyodide into ``out/pyodide/``."""
    runtime = out / "pyodide"
    runtime.mkdir()
    for name in RUNTIME_FILES:
        shutil.copy2(root / "node_modules" / "pyodide" / name, runtime / name)
    lock = json.loads((root / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())
    trimmed = {"info": lock["info"], "packages": {}}  # the page loads no Pyodide package
    (runtime / "pyodide-lock.json").write_text(json.dumps(trimmed, separators=(",", ":")))


def preload(page: Path, modules: list[str]) -> None:
    """Have ``page`` fetch ``modules`` with its main script instead of after it.

    :raises SystemExit: when the page lost the line that loads main.js.
    """
    text = page.read_text()
    if MAIN_SCRIPT not in text:
        raise SystemExit(f"web/{page.name} lost its line {MAIN_SCRIPT!r}")
    links = "".join(f'<link rel="modulepreload" href="{module}">\n' for module in modules)
    page.write_text(text.replace(MAIN_SCRIPT, links + MAIN_SCRIPT))


def tool_module(name: str, root: Path = ROOT) -> ModuleType:
    """Return ``tools/NAME.py`` (tools/ is not a package)."""
    path = root / "tools" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"ginrummy_tools_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def draw_icons(out: Path, root: Path = ROOT) -> None:
    """Draw each PNG icon the site's manifest names from ``art/icon.svg``, at its size.

    Drawn once per icon and rasterizer (a few seconds in pure Python), cached in ``build/``.

    :raises SystemExit: when a PNG icon's ``sizes`` is not one square size.
    """
    svg = out / "art" / "icon.svg"
    digest = hashlib.sha256(svg.read_bytes() + (root / "tools" / "icons.py").read_bytes())
    manifest = json.loads((out / "manifest.webmanifest").read_text())
    drawer: ModuleType | None = None
    done: set[str] = set()
    for icon in manifest["icons"]:
        if icon["type"] != "image/png" or icon["src"] in done:
            continue  # one file may serve two purposes (any, maskable)
        done.add(icon["src"])
        match = re.fullmatch(r"(\d+)x\1", icon["sizes"])
        if not match:
            raise SystemExit(
                f"manifest.webmanifest: icon {icon['src']} has sizes {icon['sizes']!r}"
            )
        size = int(match.group(1))
        cached = root / KEPT / f"icon-{size}-{digest.hexdigest()[:12]}.png"
        if not cached.exists():
            cached.parent.mkdir(parents=True, exist_ok=True)
            drawer = drawer or tool_module("icons", root)
            drawer.render(svg, size, cached)
        shutil.copy2(cached, out / icon["src"])


def precache_list(site: Path) -> dict[str, str]:
    """Return every file the service worker keeps (all but itself, dot files and
    ``PYTHON_DIR``): its hash."""
    files = {}
    for path in sorted(site.rglob("*")):
        name = path.relative_to(site).as_posix()
        kept = name != "sw.js" and not name.startswith(f"{PYTHON_DIR}/")
        if path.is_file() and kept and not path.name.startswith("."):
            files[name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return files


def write_precache(site: Path, cdn: str = "") -> str:
    """Write into ``site/sw.js`` the site's files with their hashes; return its cache name.

    The cache is named by a hash of the whole list, so any change to any file makes a new
    cache (and a new ``sw.js``, which is how browsers notice a new build). ``cdn`` is where
    the CDN build loads Pyodide from ("" when the site ships it).
    """
    files = precache_list(site)
    listing = json.dumps(files, sort_keys=True, separators=(",", ":"))
    cache = SW_CACHE_PREFIX + hashlib.sha256((listing + cdn).encode()).hexdigest()[:16]
    build = {"cache": cache, "files": files, "cdn": cdn, "cdnFiles": list(CDN_FILES) if cdn else []}
    worker = site / "sw.js"
    text = worker.read_text()
    if not BUILD_LINE.search(text):
        raise SystemExit("web/platform/sw.js lost its line const BUILD = ...;")
    line = f"const BUILD = {json.dumps(build, separators=(',', ':'))};"
    worker.write_text(BUILD_LINE.sub(lambda _: line, text, count=1))
    return cache


def bytes_gz(site: Path) -> dict[str, int]:
    """Return what each file of ``site`` weighs on the wire: its gzipped size (the
    snapshot, gzipped already, as it is), by kind: ``"own"`` (the page: scripts, styles,
    art), ``"snapshot"`` (the booted Python with the engine) and ``"runtime"`` (Pyodide);
    not ``PYTHON_DIR``, which a game loads only when it cannot use the snapshot."""
    sizes = {"own": 0, "snapshot": 0, "runtime": 0}
    snapshot_suffix = tool_module("snapshot").SUFFIX
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.relative_to(site).parts[0] == PYTHON_DIR:
            continue
        data = path.read_bytes()
        if path.suffix == snapshot_suffix:
            sizes["snapshot"] += len(data)
            continue
        kind = "runtime" if "pyodide" in path.relative_to(site).parts else "own"
        sizes[kind] += len(gzip.compress(data, compresslevel=9, mtime=0))
    return sizes


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


class SiteServer(http.server.ThreadingHTTPServer):
    """A threaded server that lets a browser hang up quietly.

    A browser drops connections it no longer needs (a page closed mid-download, a
    speculative connection never used); the standard server prints a traceback for each
    ("Exception occurred during processing of request"), noise in every test run. Any
    other error is still printed.
    """

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Print the error being handled, unless it is the client hanging up."""
        if isinstance(sys.exc_info()[1], ConnectionError):  # reset, aborted, broken pipe
            return
        super().handle_error(request, client_address)


def make_server(site: Path, port: int = 8000, host: str = "127.0.0.1") -> http.server.HTTPServer:
    """Return a threaded static server of ``site`` on ``host:port`` (0: any free port)."""
    handler = functools.partial(SiteHandler, directory=str(site))
    return SiteServer((host, port), handler)


def serve_in_background(site: Path, port: int = 0) -> tuple[http.server.HTTPServer, str]:
    """Start serving ``site`` in a thread; return the server and its base URL."""
    server = make_server(site, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, bound = server.server_address[:2]
    return server, f"http://{host!s}:{bound}/"


def write_blog(game_url: str, folder: Path, root: Path = ROOT) -> Path:
    """Write the sample blog post (``e2e/blog/index.html``) into ``folder`` with its embed
    script pointed at the game served on ``game_url``; return the folder.

    :raises ValueError: when the committed post no longer names ``BLOG_GAME_URL``.
    """
    text = (root / BLOG_PAGE).read_text()
    if BLOG_GAME_URL not in text:
        raise ValueError(f"{BLOG_PAGE} does not load the game from {BLOG_GAME_URL}")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.html").write_text(text.replace(BLOG_GAME_URL, game_url))
    return folder


def serve(site: Path, port: int = 8000, blog: bool = False) -> None:
    """Serve ``site`` until interrupted, printing the address; with ``blog``, the sample
    blog post too, on the next port (another origin, as a blog on another host)."""
    server = make_server(site, port)
    host, bound = server.server_address[:2]
    game_url = f"http://{host!s}:{bound}/"
    print(f"Serving the game on {game_url}  (Ctrl-C stops)", flush=True)
    with tempfile.TemporaryDirectory(prefix="ginrummy-blog-") as scratch:
        others = []
        if blog:
            blog_server, blog_url = serve_in_background(
                write_blog(game_url, Path(scratch)), int(bound) + 1
            )
            others.append(blog_server)
            print(f"Serving the sample blog post with embeds on {blog_url}", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
            for other in others:
                other.shutdown()
                other.server_close()
