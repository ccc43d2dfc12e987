"""Keep a snapshot restored from the Actions cache only if it is the one deployed now.

The Pages workflow restores ``build/snapshot-*.gz`` (the page's Python, made by
``tools/snapshot.py`` and reused while its inputs are the same) from the Actions cache,
under a key that is the digest of every input of the snapshot. The build would ship a
restored file as it is, and a cache entry is only data: anything a workflow run on the
branch could write. So before the build, this keeps the restored snapshot only when its
SHA-256 is the one the live site's ``sw.js`` lists for its snapshot, the one this
workflow deployed last; otherwise (another file, no site yet, the site out of reach) it
deletes it, and the build makes the snapshot afresh (returning players then download
its 5 MB once more).

    python3 tools/trusted_snapshot.py https://user.github.io/repo/ [build]

Standard library only. Prints what it kept or deleted, and why.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import urllib.error
import urllib.request
from pathlib import Path

BUILD_LINE = re.compile(r"^const BUILD = (.*);$", re.MULTILINE)
"""The line of the deployed ``sw.js`` that lists the site's files and their SHA-256."""
SNAPSHOT_SUFFIX = ".snapshot"
"""The site's snapshot file ends so (``tools/snapshot.py``'s ``SUFFIX``)."""
TIMEOUT_S = 20


def deployed_snapshot_hash(site: str) -> str | None:
    """Return the SHA-256 the site at URL ``site`` lists for its snapshot, or None when
    the site, its ``sw.js`` or such a file cannot be found."""
    if not site:
        return None
    url = site.rstrip("/") + "/sw.js"
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT_S) as response:
            text = response.read().decode()
    except (urllib.error.URLError, OSError, ValueError, UnicodeDecodeError):
        return None
    found = BUILD_LINE.search(text)
    if not found:
        return None
    try:
        files = json.loads(found.group(1))["files"]
    except (ValueError, KeyError, TypeError):
        return None
    hashes = [digest for name, digest in files.items() if name.endswith(SNAPSHOT_SUFFIX)]
    return hashes[0] if len(hashes) == 1 else None


def keep_only_deployed(site: str, kept: Path) -> list[str]:
    """Delete each ``snapshot-*.gz`` in ``kept`` that is not the snapshot the site at URL
    ``site`` serves; return what was done, a line per file."""
    expected = deployed_snapshot_hash(site)
    said = []
    for path in sorted(kept.glob("snapshot-*.gz")):
        actual = hashlib.sha256(path.read_bytes()).hexdigest()
        if expected is not None and actual == expected:
            said.append(f"kept {path.name}: it is the snapshot {site} serves")
            continue
        path.unlink()
        why = "no deployed snapshot to compare with" if expected is None else "not the deployed one"
        said.append(f"deleted {path.name} ({why}): the build makes the snapshot afresh")
    return said


def main(argv: list[str]) -> int:
    """Run from the command line: ``SITE_URL [BUILD_DIR]``."""
    if not 1 <= len(argv) <= 2:
        print("usage: trusted_snapshot.py SITE_URL [BUILD_DIR]", file=sys.stderr)
        return 2
    kept = Path(argv[1]) if len(argv) > 1 else Path("build")
    for line in keep_only_deployed(argv[0], kept) or ["no snapshot restored from the cache"]:
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
