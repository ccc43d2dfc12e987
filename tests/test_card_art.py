"""The build's card art (``tools/deck.py``): path rounding that never adds up errors, the
faces adapted from the card package, the stylesheet rules that name them."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tooling import tool

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="no tools/ in Pyodide")

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def deck() -> ModuleType:
    """Return ``tools/deck.py`` as the build loads it."""
    return tool("deck")


def needs_the_package(deck: ModuleType) -> None:
    """Skip when ``npm ci`` has not installed the card package."""
    if not (ROOT / deck.FACES).is_dir():
        pytest.skip("the card package is not installed (npm ci)")


def points(data: str) -> list[tuple[float, float]]:
    """Return the absolute end point of every segment of path ``data`` (commands M L H V
    C Z and their relative forms, as the tests write them)."""
    x = y = start_x = start_y = 0.0
    found = []
    for command, numbers in re.findall(r"([MLHVCZmlhvcz])([^MLHVCZmlhvcz]*)", data):
        values = [float(n) for n in re.findall(r"-?(?:\d+\.?\d*|\.\d+)", numbers)]
        size = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "Z": 0}[command.upper()]
        if not size:
            x, y = start_x, start_y
            found.append((x, y))
            continue
        for at in range(0, len(values), size):
            group = values[at : at + size]
            relative = command.islower()
            if command.upper() == "H":
                x = x * relative + group[0]
            elif command.upper() == "V":
                y = y * relative + group[0]
            else:
                x, y = x * relative + group[-2], y * relative + group[-1]
            if command.upper() == "M" and at == 0:
                start_x, start_y = x, y
            found.append((x, y))
    return found


def test_a_rounded_path_golden(deck: ModuleType) -> None:
    # From the king of spades' figure: m267.26758,515.95117 goes to (267.27, 515.95), drawn
    # at (267, 516); the implicit lineto -80.88281,8.14453 ends at (186.38, 524.10), drawn
    # at (186, 524), so it is written as the move between the drawn points: -81 8.
    assert deck.round_path("m267.26758,515.95117 -80.88281,8.14453", 0) == "m267 516-81 8"


def test_rounding_errors_do_not_add_up(deck: ModuleType) -> None:
    # Ten steps of 0.4 end at 4. Each rounded on its own would be 0 (ending at 0); as moves
    # between the rounded points 0.4, 0.8, 1.2, ... (0, 1, 1, 2, 2, 2, 3, 3, 4, 4) they
    # are 0 1 0 1 0 0 1 0 1 0 and end at 4.
    assert deck.round_path("M0 0l" + " ".join(["0.4 0"] * 10), 0) == (
        "M0 0l0 0 1 0 0 0 1 0 0 0 0 0 1 0 0 0 1 0 0 0"
    )


SEGMENT = st.one_of(
    st.tuples(st.sampled_from("MLmlC"), st.lists(st.floats(-500, 500), min_size=6, max_size=6)),
    st.tuples(st.sampled_from("HVhvc"), st.lists(st.floats(-500, 500), min_size=6, max_size=6)),
    st.tuples(st.just("z"), st.just([])),
)


@given(st.lists(SEGMENT, min_size=1, max_size=40), st.sampled_from([0, 1, 2]))
def test_every_rounded_point_is_within_half_a_unit(
    deck: ModuleType, segments: list[tuple[str, list[float]]], places: int
) -> None:
    size = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "Z": 0}
    data = "M1.5 2.25" + "".join(
        command + " ".join(f"{n:.5f}" for n in numbers[: size[command.upper()]])
        for command, numbers in segments
    )
    rounded = deck.round_path(data, places)
    assert len(points(rounded)) == len(points(data))
    for (x, y), (rx, ry) in zip(points(data), points(rounded), strict=True):
        assert abs(x - rx) <= 0.5 / 10**places + 1e-6 and abs(y - ry) <= 0.5 / 10**places + 1e-6


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("M0 0 Q", "Q"),
        ("M0 0 L1", "L with 1 numbers"),
        ("M0 0a1 1 0 011 2", "a with 5 numbers"),  # flags run together: not read
        ("0 0L1 1", "does not start with a command"),
        ("M0 0Z1", "numbers after Z"),
    ],
)
def test_a_path_it_cannot_read_is_refused(deck: ModuleType, data: str, message: str) -> None:
    with pytest.raises(deck.DeckError, match=message):
        deck.round_path(data, 0)


def test_a_face_keeps_its_middle_in_the_page_s_colours(deck: ModuleType) -> None:
    needs_the_package(deck)
    original = (ROOT / deck.FACES / "QH.svg").read_text()
    assert original.count('href="#VHQ"') == 2 and 'fill="red"' in original
    art = deck.face_art(original, "Qh", "#c8102e")
    assert 'href="#VHQ"' not in art and 'id="VHQ"' not in art, "the rank glyph is gone"
    assert 'x="-116.279"' not in art, "so is the corner suit"
    assert 'fill="white" stroke="black"' not in art, "and the outline"
    assert re.search(r'<symbol id="SHQ"[^>]*><path [^>]*fill="#c8102e"', art)
    assert art.count('href="#SHQ"') == original.count('href="#SHQ"') - 2
    assert 'id="HQ1"' in art and 'fill="red"' in art, "the figure keeps its own red"
    assert 'width="240"' in art and 'height="336"' in art and "xlink" not in art
    ace = deck.face_art((ROOT / deck.FACES / "AS.svg").read_text(), "As", "#000000")
    assert '<use height="84" x="-42" y="-42" href="#SSA"' in ace


def test_the_build_writes_every_face_and_names_it_in_the_stylesheet(
    deck: ModuleType, tmp_path: Path
) -> None:
    needs_the_package(deck)
    web = tmp_path / "web"
    web.mkdir()
    shutil.copy2(ROOT / "web" / "style.css", web / "style.css")
    sizes = deck.write_faces(web, ROOT)
    written = sorted(path.name for path in (web / deck.OUT).iterdir())
    faces = [rank + suit for suit in "shdc" for rank in "A23456789TJQK"]
    assert written == sorted(
        [f"{card}.svg" for card in faces]
        + [f"{card}-four.svg" for card in faces if card[1] in "dc"]
        + ["s.svg", "h.svg", "d.svg", "c.svg"]
    )
    css = (web / "style.css").read_text()
    assert css.count("--face: url(") == 78
    assert '.card[data-card="Ts"] { --face: url("art/deck/Ts.svg"); }' in css
    four = '.card[data-card="Td"] { --face: url("art/deck/Td-four.svg"); }'
    assert f'html[data-four-colour="true"] {four}' in css
    assert 'fill="#0b54b8"' in (web / deck.OUT / "Kd-four.svg").read_text()
    assert 10_000 < sizes["four"] < sizes["two"] < 150_000


def test_the_build_needs_the_suit_colours(deck: ModuleType, tmp_path: Path) -> None:
    needs_the_package(deck)
    (tmp_path / "style.css").write_text(":root { --suit-black: #000000; --suit-red: #ff0000; }")
    with pytest.raises(SystemExit, match="--suit-blue, --suit-green"):
        deck.write_faces(tmp_path, ROOT)
