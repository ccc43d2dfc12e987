"""The engine's bytecode kept by the Python worker for the next load, in Chromium."""

from __future__ import annotations

import hashlib
import io
import zipfile
from pathlib import Path

from player import open_game, poll, take_turn, wait_idle
from playwright.sync_api import Page

from deals import STANDARD, seed_dealt_by

CACHE = "ginrummy-bytecode"
"""The Cache API cache the worker keeps the compiled package in (web/worker.js)."""

KEPT = f"""(key) => caches.open("{CACHE}").then(async (cache) => {{
  const names = (await cache.keys()).map((request) => request.url);
  const hit = await cache.match(key);
  return {{ names, bytes: hit ? [...new Uint8Array(await hit.arrayBuffer())] : [] }};
}})"""
"""What the cache holds: every key, and the bytes kept under ``key``."""

SETTLED = f"""(key) => caches.open("{CACHE}").then(async (cache) => {{
  const names = (await cache.keys()).map((request) => request.url);
  const hit = await cache.match(key);
  const bytes = hit ? new Uint8Array(await hit.arrayBuffer()) : new Uint8Array(0);
  return names.length === 1 && names[0] === key && bytes.length > 1000 && bytes[0] === 0x50;
}})"""
"""Whether the cache holds one entry, ``key``, and it is a zip ("PK") of some size."""


def kept(page: Page, key: str) -> tuple[list[str], bytes]:
    """Return the cache's keys and the bytes kept under ``key`` once the worker has kept
    one zip there (it writes it after the opponent's warm-up), or fail after a minute."""
    poll(page, SETTLED, arg=key)
    found = page.evaluate(KEPT, key)
    return found["names"], bytes(found["bytes"])


def test_the_compiled_engine_is_kept_and_a_damaged_copy_is_replaced(
    page: Page, base_url: str, site_dir: Path
) -> None:
    wheel = next(site_dir.glob("ginrummy-*.whl"))
    key = f"{base_url}bytecode/{hashlib.sha256(wheel.read_bytes()).hexdigest()}.zip"
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}&level=easy")
    names, data = kept(page, key)
    assert names == [key], "one copy, named by the wheel's digest"
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        compiled = archive.namelist()
    assert any(name.startswith("ginrummy/__pycache__/bridge.cpython-3") for name in compiled)
    assert all(name.endswith(".pyc") for name in compiled)

    # A damaged copy: the next load compiles from source, plays, and keeps a good one.
    page.evaluate(
        f"(key) => caches.open('{CACHE}').then((c) => c.put(key, new Response('not a zip')))",
        key,
    )
    page.reload()
    wait_idle(page)
    take_turn(page)
    wait_idle(page)
    names, data = kept(page, key)
    assert names == [key] and zipfile.is_zipfile(io.BytesIO(data))
