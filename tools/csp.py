"""The Content-Security-Policy of the site's pages, completed at build time.

Every page of ``web/`` carries its policy in a ``<meta http-equiv>`` tag (a static host
such as GitHub Pages sends no headers of ours). Its ``script-src`` names
``'inline-scripts'``, which ``complete_policies`` replaces in the built page with the
SHA-256 of each of the page's inline scripts (those run, and no other inline script
does), and, in the CDN build, the CDN's origin: Chromium checks the imports of a module
worker against the page's ``script-src`` (measured: without it the worker's import of
Pyodide from jsDelivr is refused), though the worker's own fetches and its WebAssembly
are not the page's to allow (measured: the page's Python boots under a page policy of
``default-src 'none'; script-src 'self'``, no ``'wasm-unsafe-eval'``). Standard library
only; ``website.build_site`` calls it.
"""

from __future__ import annotations

import base64
import hashlib
import re
import urllib.parse
from pathlib import Path

POLICY = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
"""A page's policy tag; its one group is the policy."""
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\ssrc=)[^>]*>(.*?)</script>", re.DOTALL)
"""An inline script (one without ``src``); its one group is its text, as hashed."""
MARK = "'inline-scripts'"
"""Where the page's policy takes the hashes of its inline scripts."""
REQUIRED = (
    "default-src 'self'",
    "'wasm-unsafe-eval'",
    "object-src 'none'",
    "base-uri 'none'",
)
"""What every page's policy must say."""


def script_hash(text: str) -> str:
    """Return the CSP source expression that allows the inline script ``text``."""
    digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
    return f"'sha256-{digest}'"


def complete_policies(site: Path, cdn: str = "") -> None:
    """Write into each HTML page of ``site`` its inline scripts' hashes, where its policy
    says ``MARK``, and the origin of ``cdn`` (the URL the CDN build loads Pyodide from).

    :raises SystemExit: when a page has no policy, one that lacks a ``REQUIRED`` part or
        the mark, or a script before it (out of its reach).
    """
    for page in sorted(site.glob("*.html")):
        text = page.read_text()
        found = POLICY.search(text)
        if not found:
            raise SystemExit(f"web/{page.name} has no Content-Security-Policy <meta> tag")
        policy = found.group(1)
        missing = [part for part in (*REQUIRED, MARK) if part not in policy]
        if missing:
            raise SystemExit(f"web/{page.name}: its Content-Security-Policy lacks {missing}")
        if -1 < text.find("<script") < found.start():  # a policy covers what follows it
            raise SystemExit(f"web/{page.name}: a script comes before its policy")
        scripts = INLINE_SCRIPT.findall(text)
        sources = [script_hash(script) for script in scripts]
        if cdn:
            sources.append(urllib.parse.urljoin(cdn, "/").rstrip("/"))
        completed = re.sub(r"\s+(?=;|$)", "", policy.replace(MARK, " ".join(sources)))
        page.write_text(text[: found.start(1)] + completed + text[found.end(1) :])
