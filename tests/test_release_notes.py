"""The release's notes, taken from CHANGELOG.md (``tools/release_notes.py``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import ginrummy
from tooling import tool

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="no tools/ in Pyodide")

CHANGELOG = """# Changelog

Intro.

## Unreleased

### Added

- next

## 0.2.0 - 2027-01-31

### Fixed

- a fix

## 0.1.0 - 2026-12-06

- first
"""


def test_a_version_s_notes_are_its_section_alone() -> None:
    release_notes = tool("release_notes")
    assert release_notes.notes(CHANGELOG, "0.2.0") == "### Fixed\n\n- a fix\n"
    assert release_notes.notes(CHANGELOG, "0.1.0") == "- first\n"
    with pytest.raises(LookupError, match=r"no section '## 0\.3\.0'"):
        release_notes.notes(CHANGELOG, "0.3.0")
    with pytest.raises(LookupError, match="empty"):
        release_notes.notes("## 1.0.0 - 2027-01-01\n\n## 0.9.0 - 2026-01-01\n- x\n", "1.0.0")


def test_the_changelog_has_the_notes_of_the_version_in_the_package() -> None:
    text = (ROOT / "CHANGELOG.md").read_text()
    assert tool("release_notes").notes(text, ginrummy.__version__)
