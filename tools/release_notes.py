"""Print the notes of one version from CHANGELOG.md: the text under its ``## VERSION``
heading, up to the next version's.

    python3 tools/release_notes.py CHANGELOG.md 0.2.0 > notes.md

The Pages workflow gives them to the GitHub release of the tag ``vVERSION``. Standard
library only. Exits with status 1, saying so, when the changelog has no section for the
version (a release is not made without its notes).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HEADING = re.compile(r"^## (\S+)(?: - \d{4}-\d{2}-\d{2})?\s*$", re.MULTILINE)
"""A version's heading (``## 0.2.0 - 2027-01-31``; ``## Unreleased`` has no date)."""


def notes(changelog: str, version: str) -> str:
    """Return the section of ``version`` in the text ``changelog``, without its heading.

    :raises LookupError: when no heading names ``version``, or its section is empty.
    """
    headings = list(HEADING.finditer(changelog))
    for index, heading in enumerate(headings):
        if heading.group(1) == version:
            end = headings[index + 1].start() if index + 1 < len(headings) else len(changelog)
            text = changelog[heading.end() : end].strip()
            if not text:
                raise LookupError(f"the section of {version} in the changelog is empty")
            return text + "\n"
    raise LookupError(f"the changelog has no section '## {version}'")


def main(argv: list[str]) -> int:
    """Run from the command line: ``CHANGELOG.md VERSION``."""
    if len(argv) != 2:
        print("usage: release_notes.py CHANGELOG.md VERSION", file=sys.stderr)
        return 2
    try:
        print(notes(Path(argv[0]).read_text(), argv[1]), end="")
    except (OSError, LookupError) as error:
        print(f"release_notes: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
