"""The build's tools (``tools/*.py``) for the tests that check them.

``tools/`` is no package: each tool is loaded from its file, the others through
``tools/website.py``'s ``tool_module``, as the build loads them.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def tool(name: str) -> ModuleType:
    """Return ``tools/NAME.py`` (``website`` itself, or any tool the build loads)."""
    spec = importlib.util.spec_from_file_location("website", TOOLS / "website.py")
    assert spec is not None and spec.loader is not None
    website = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(website)
    if name == "website":
        return website
    module: ModuleType = website.tool_module(name)
    return module
