"""The page's bundler (``tools/bundle.py``): what it ships, preloads and refuses."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest

from tooling import tool

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten" or not (ROOT / "node_modules" / ".bin" / "esbuild").exists(),
    reason="no tools/ or esbuild here (Pyodide, or before npm ci)",
)

PAGE = {
    "table/main.js": 'import { shared } from "../shared.js";\n'
    'import { hello } from "../strings.js";\nexport const page = () => shared(hello);\n',
    "strings.js": 'import en from "./lang/en.js";\nexport const hello = en.hello;\n',
    "platform/worker.js": 'import { loadPyodide } from "./pyodide/pyodide.mjs";\nloadPyodide();\n',
    "embeds/illustrate.js": 'import { shared } from "../shared.js";\nshared("frame");\n',
    "platform/friend.js": 'export const meet = () => "friend";\n',
    "dialogs/friend-dialog.js": 'import qrcode from "qrcode-generator";\n'
    'export const drawn = () => qrcode(0, "L");\n',
    "shared.js": "export function shared(text) {\n  // a comment the site does not need\n"
    "  return text.toUpperCase();\n}\n",
    "lang/en.js": 'export default {\n  hello: "Hello",\n};\n',
    "lang/de.js": 'export default {\n  hello: "Hallo",\n};\n',
    "embeds/embed.js": "(function () {\n  const where = document.currentScript;\n})();\n",
    "embeds/embed.css": "gin-hand {\n  display: block;\n}\n",
    "platform/sw.js": "const BUILD = {};\n",
    "style.css": "body {\n  margin: 0;\n}\n",
}
"""A page shaped like web/: its entry points in role folders (two sharing a module, one
importing an npm package by its bare name), languages, the rest."""


@pytest.fixture(scope="module")
def bundle() -> ModuleType:
    """Return ``tools/bundle.py`` as the build loads it."""
    return tool("bundle")


def write(folder: Path, files: dict[str, str]) -> Path:
    """Write ``files`` (path: text) under ``folder``; return it."""
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


def test_the_site_gets_each_entry_point_bundled_and_the_rest_minified(
    bundle: ModuleType, tmp_path: Path
) -> None:
    source, out = write(tmp_path / "web", PAGE), tmp_path / "site"
    preloads = bundle.bundle_page(source, out, ROOT)
    chunks = sorted(path.name for path in out.glob("chunk-*.js"))
    assert len(chunks) == 1, "main.js and illustrate.js share one chunk"
    assert preloads == [chunks[0], "lang/en.js"]  # what main.js imports at once
    shipped = sorted(path.relative_to(out).as_posix() for path in out.rglob("*") if path.is_file())
    entries = ["main.js", "worker.js", "illustrate.js", "friend-dialog.js", "friend.js"]
    alone = ["lang/en.js", "lang/de.js", "embed.js", "embed.css", "sw.js", "style.css"]
    assert shipped == sorted([*chunks, *entries, *alone]), "role folders' files at the root"
    assert "a comment" not in (out / chunks[0]).read_text()
    assert "./pyodide/pyodide.mjs" in (out / "worker.js").read_text(), "the runtime stays apart"
    assert (out / "style.css").read_text().strip() == "body{margin:0}"
    assert (out / "sw.js").read_text() == PAGE["platform/sw.js"], "kept for the build to fill"
    assert "Hallo" in (out / "lang/de.js").read_text()
    assert "qrcode-generator" not in (out / "friend-dialog.js").read_text(), "npm's is bundled"


def test_a_script_no_entry_point_imports_stops_the_build(
    bundle: ModuleType, tmp_path: Path
) -> None:
    source = write(tmp_path / "web", {**PAGE, "forgotten.js": "export const lost = 1;\n"})
    with pytest.raises(SystemExit, match=r"forgotten\.js would not reach the site"):
        bundle.bundle_page(source, tmp_path / "site", ROOT)


def test_a_broken_script_stops_the_build(bundle: ModuleType, tmp_path: Path) -> None:
    source = write(tmp_path / "web", {**PAGE, "shared.js": "export function shared( {\n"})
    with pytest.raises(SystemExit, match="esbuild failed"):
        bundle.bundle_page(source, tmp_path / "site", ROOT)


def files(folder: Path) -> dict[str, bytes]:
    """Return every file under ``folder``: its path there, and its bytes."""
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def test_two_builds_of_the_same_sources_are_the_same_files(
    bundle: ModuleType, tmp_path: Path
) -> None:
    # Issue 53: each site build copies web/ into a new temporary folder, and esbuild's
    # hash in the shared chunk's name covered its inputs' paths from where it ran: another
    # name each build. The same sources anywhere now make the same files, byte for byte.
    builds = []
    for source, out in (("one/web", "site"), ("two/deeper/web", "elsewhere/site")):
        preloads = bundle.bundle_page(write(tmp_path / source, PAGE), tmp_path / out, ROOT)
        builds.append((preloads, files(tmp_path / out)))
    assert builds[0] == builds[1]
    assert any(name.startswith("chunk-") for name in builds[0][1])
