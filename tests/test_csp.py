"""The build's Content-Security-Policy step (``tools/csp.py``): the inline scripts' hashes
written into each page's policy, and the pages it refuses."""

from __future__ import annotations

import base64
import hashlib
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tooling import tool

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="no tools/ in Pyodide")

ROOT = Path(__file__).resolve().parent.parent
POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'inline-scripts'; "
    "object-src 'none'; base-uri 'none'"
)


@pytest.fixture(scope="module")
def csp() -> ModuleType:
    """Return ``tools/csp.py`` as the build loads it."""
    return tool("csp")


def page(policy: str, body: str) -> str:
    """Return a page with ``policy`` in its head, then ``body``."""
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
    return f"<!doctype html><html><head>{meta}{body}</head><body></body></html>"


def test_each_inline_script_is_allowed_by_its_hash_and_no_other(
    csp: ModuleType, tmp_path: Path
) -> None:
    first, second = "\n  window.a = 1;\n", "window.b = 2"
    scripts = f'<script>{first}</script><script type="module" src="main.js"></script>'
    (tmp_path / "index.html").write_text(page(POLICY, scripts + f"<script>{second}</script>"))
    (tmp_path / "other.html").write_text(page(POLICY, '<script src="x.js"></script>'))
    csp.complete_policies(tmp_path)
    written = (tmp_path / "index.html").read_text()
    # The hash of the script's exact text, as the browser computes it (whitespace and all).
    expected = [
        "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"
        for text in (first, second)
    ]
    assert f"'wasm-unsafe-eval' {expected[0]} {expected[1]}; object-src" in written
    other = (tmp_path / "other.html").read_text()
    assert "script-src 'self' 'wasm-unsafe-eval'; object-src 'none'" in other


def test_the_cdn_build_allows_the_cdn_s_scripts(csp: ModuleType, tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text(page(POLICY, ""))
    csp.complete_policies(tmp_path, "https://cdn.jsdelivr.net/pyodide/v314.0.7/full/")
    written = (tmp_path / "index.html").read_text()
    assert "'wasm-unsafe-eval' https://cdn.jsdelivr.net; object-src" in written


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("<!doctype html><html><head><script>x()</script></head></html>", "no Content-Security"),
        (page(POLICY.replace("object-src 'none'; ", ""), ""), "object-src"),
        (page(POLICY.replace(" 'inline-scripts'", ""), ""), "inline-scripts"),
        ("<script>x()</script>" + page(POLICY, ""), "before its policy"),
    ],
)
def test_a_page_without_a_complete_policy_stops_the_build(
    csp: ModuleType, tmp_path: Path, text: str, words: str
) -> None:
    (tmp_path / "index.html").write_text(text)
    with pytest.raises(SystemExit, match=words):
        csp.complete_policies(tmp_path)


def test_every_page_of_the_site_has_the_policy(csp: ModuleType) -> None:
    for path in sorted((ROOT / "web").glob("*.html")):
        found = csp.POLICY.search(path.read_text())
        assert found, path.name
        assert all(part in found.group(1) for part in (*csp.REQUIRED, csp.MARK)), path.name
