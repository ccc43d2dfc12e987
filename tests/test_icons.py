"""The icon drawer of the build (``tools/icons.py``): what it refuses, where it draws."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="no tools/ in Pyodide")

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def icons() -> ModuleType:
    """Return ``tools/icons.py`` as the build loads it, through ``tools/website.py``."""
    spec = importlib.util.spec_from_file_location("website", ROOT / "tools" / "website.py")
    assert spec is not None and spec.loader is not None
    website = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(website)
    module: ModuleType = website.tool_module("icons")
    return module


@pytest.mark.parametrize(
    ("svg", "message"),
    [
        ('<svg viewBox="0 0 10 10"><path d="M0 0h5"/></svg>', "<path> is not supported"),
        ('<svg viewBox="0 0 10 10"><rect fill="red"/></svg>', "colour 'red' is not #rrggbb"),
        (
            '<svg viewBox="0 0 10 10"><g transform="scale(2)"><rect/></g></svg>',
            "transform scale(2) is not supported",
        ),
        ('<svg viewBox="0 0 10 20"><rect/></svg>', "the icon needs a square viewBox"),
    ],
)
def test_the_icon_drawer_refuses_what_it_cannot_draw(
    icons: ModuleType, svg: str, message: str
) -> None:
    with pytest.raises(icons.IconError, match=re.escape(message)):
        icons.rasterize(svg, 8)


def test_the_icon_drawer_draws_shapes_where_the_svg_puts_them(icons: ModuleType) -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">'
        '<rect width="8" height="8" fill="#ffffff"/>'
        '<g transform="rotate(90 4 4)"><rect x="0" y="0" width="8" height="4" fill="#ff0000"/></g>'
        "</svg>"
    )
    rows = icons.rasterize(svg, 8)

    def pixel(x: int, y: int) -> tuple[int, ...]:
        return tuple(round(v * 255) for v in rows[y][4 * x : 4 * x + 4])

    assert pixel(1, 4) == (255, 255, 255, 255)  # the top half turned a quarter: now the right
    assert pixel(6, 4) == (255, 0, 0, 255)
