"""The Pages workflow's supply chain: actions pinned by commit, write permissions on the
deploy job and, for a version tag alone, the release job, and a cached snapshot kept only
when it is the one deployed now (``tools/trusted_snapshot.py``, against a local server
playing the live site)."""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from tooling import tool

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="no tools/ in Pyodide")

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def jobs() -> dict[str, str]:
    """Return the workflow's jobs by name, each its text."""
    text = WORKFLOW.read_text().split("\njobs:\n", 1)[1]
    parts = re.split(r"^  (\w+):\n", text, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_every_action_is_pinned_to_a_release_commit() -> None:
    uses = re.findall(r"uses: (\S+)(.*)", WORKFLOW.read_text())
    assert len(uses) == 7
    for action, comment in uses:
        assert re.fullmatch(r"actions/[a-z-]+@[0-9a-f]{40}", action), action
        assert re.fullmatch(r" # v\d+\.\d+\.\d+", comment), (action, comment)


def test_only_the_deploy_job_and_a_tag_s_release_job_may_write() -> None:
    text = WORKFLOW.read_text()
    top = text.split("\njobs:\n")[0]
    assert re.search(r"^permissions:\n  contents: read\n\n", top, re.MULTILINE)
    found = jobs()
    assert set(found) == {"build", "deploy", "release"}
    assert "write" not in found["build"].split("steps:")[0]
    assert "pages: write" in found["deploy"] and "id-token: write" in found["deploy"]
    # The release job makes the tag's release: it may write the repository's contents,
    # and runs for a version tag only (the deploy job never does).
    assert "contents: write" in found["release"].split("steps:")[0]
    assert "if: ${{ startsWith(github.ref, 'refs/tags/v') }}" in found["release"]
    assert "if: ${{ !startsWith(github.ref, 'refs/tags/') }}" in found["deploy"]
    assert "persist-credentials: false" in found["release"]
    assert text.count(": write") == 3


def test_a_cached_snapshot_is_checked_before_the_build() -> None:
    build = jobs()["build"]
    assert "restore-keys" not in build  # no snapshot of other inputs is ever restored
    assert build.index("tools/trusted_snapshot.py") < build.index("python3 build.py site")


@pytest.fixture(scope="module")
def trusted() -> ModuleType:
    """Return ``tools/trusted_snapshot.py``."""
    return tool("trusted_snapshot")


@pytest.fixture
def live_site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """Serve a deployed site (its sw.js listing a snapshot) on a free port; its URL and
    folder."""
    site = tmp_path / "live"
    site.mkdir()
    server, url = tool("website").serve_in_background(site, 0)
    yield url, site
    server.shutdown()
    server.server_close()


def deploy(site: Path, snapshot: bytes) -> None:
    """Write the sw.js of a site that serves ``snapshot``."""
    digest = hashlib.sha256(snapshot).hexdigest()
    files = {"index.html": "0" * 64, "ginrummy-0.1.0.snapshot": digest}
    build = json.dumps({"cache": "x", "files": files, "cdn": "", "cdnFiles": []})
    (site / "sw.js").write_text(f"// the service worker\nconst BUILD = {build};\n")


def test_the_deployed_snapshot_is_kept_and_any_other_deleted(
    trusted: ModuleType, live_site: tuple[str, Path], tmp_path: Path
) -> None:
    url, site = live_site
    kept = tmp_path / "build"
    kept.mkdir()
    cached = kept / "snapshot-0123456789abcdef.gz"
    cached.write_bytes(b"the deployed snapshot")
    deploy(site, b"the deployed snapshot")
    assert trusted.keep_only_deployed(url, kept)[0].startswith("kept")
    assert cached.exists()
    deploy(site, b"what the cache holds is another file")
    assert "not the deployed one" in trusted.keep_only_deployed(url, kept)[0]
    assert not cached.exists()


@pytest.mark.parametrize("site", ["", "http://127.0.0.1:9/", "not a url"])
def test_without_a_deployed_site_to_compare_the_snapshot_is_made_afresh(
    trusted: ModuleType, tmp_path: Path, site: str
) -> None:
    (tmp_path / "snapshot-0123456789abcdef.gz").write_bytes(b"from the cache")
    said = trusted.keep_only_deployed(site, tmp_path)
    assert "no deployed snapshot" in said[0] and not list(tmp_path.glob("snapshot-*"))
