"""The static server of ``tools/website.py`` that ``build.py serve``, the browser tests
and the page's bench use."""

from __future__ import annotations

import gzip
import hashlib
import json
import socket
import struct
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tooling import tool

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="no sockets in Pyodide")


def test_a_browser_hanging_up_prints_nothing_but_errors_still_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 17: every browser test run printed "Exception occurred during processing of
    request ... ConnectionResetError" when Chromium dropped a connection."""
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>")
    server, url = tool("website").serve_in_background(tmp_path, 0)
    try:
        host, port = server.server_address[:2]
        with socket.create_connection((str(host), port)) as hung_up:
            hung_up.sendall(b"GET / HTTP/1.1\r\n")  # half a request, then a reset
            hung_up.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        time.sleep(0.3)
        with urllib.request.urlopen(url) as answer:  # the server serves on
            assert answer.status == 200
        assert "Exception occurred" not in capsys.readouterr().err
        try:
            raise ValueError("a real failure")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 1))
        assert "ValueError: a real failure" in capsys.readouterr().err
    finally:
        server.shutdown()
        server.server_close()


def test_the_site_publishes_the_wheel_with_its_index_and_keeps_none_of_it_offline(
    tmp_path: Path,
) -> None:
    website = tool("website")
    wheel = tmp_path / "ginrummy-1.2.3-py3-none-any.whl"
    wheel.write_bytes(b"the wheel's bytes")
    micropip = tmp_path / "micropip-0.11.1-py3-none-any.whl"
    micropip.write_bytes(b"micropip")
    stdlib = tmp_path / "python_stdlib-314-abc.zip"
    stdlib.write_bytes(b"stdlib")
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<!doctype html>")
    website.publish_python(site / website.PYTHON_DIR, wheel, micropip, stdlib)
    index = json.loads((site / "python" / "index.json").read_text())
    assert index == {
        "name": "ginrummy",
        "version": "1.2.3",
        "file": wheel.name,
        "sha256": hashlib.sha256(b"the wheel's bytes").hexdigest(),
        "size": len(b"the wheel's bytes"),
    }
    assert (site / "python" / wheel.name).read_bytes() == b"the wheel's bytes"
    assert (site / "python" / "python_stdlib.zip").read_bytes() == b"stdlib"
    assert (site / "python" / micropip.name).exists()
    # A game needs none of python/ unless its snapshot fails: the service worker keeps
    # none of it, and a first visit's figures leave it out.
    assert list(website.precache_list(site)) == ["index.html"]
    assert website.bytes_gz(site)["own"] == len(gzip.compress(b"<!doctype html>", 9, mtime=0))
