"""The icon drawer of the build (``tools/icons.py``): what it refuses, where it draws, the PNG
it writes (read back by a small palette PNG decoder here)."""

from __future__ import annotations

import re
import struct
import sys
import zlib
from pathlib import Path
from types import ModuleType

import pytest

from tooling import tool

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="no tools/ in Pyodide")

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def icons() -> ModuleType:
    """Return ``tools/icons.py`` as the build loads it."""
    return tool("icons")


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


Pixel = tuple[int, int, int, int]
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """Return a PNG's chunks as (type, data), asserting its signature and every CRC."""
    assert data[:8] == SIGNATURE
    found, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        found.append((kind, body))
        at += 12 + length
    assert at == len(data)
    return found


def unfiltered(raw: bytes, stride: int, step: int) -> list[bytes]:
    """Return the scanlines of decompressed PNG image data, each row's filter undone."""
    lines: list[bytes] = []
    above = bytes(stride)
    for at in range(0, len(raw), stride + 1):
        kind, line = raw[at], bytearray(raw[at + 1 : at + 1 + stride])
        for i in range(stride):
            a = line[i - step] if i >= step else 0
            b, c = above[i], above[i - step] if i >= step else 0
            guess = a + b - c
            paeth = min((abs(guess - a), 0, a), (abs(guess - b), 1, b), (abs(guess - c), 2, c))[2]
            line[i] = (line[i] + (0, a, b, (a + b) // 2, paeth)[kind]) & 255
        lines.append(bytes(line))
        above = lines[-1]
    return lines


def decode(data: bytes) -> tuple[dict[bytes, bytes], list[list[Pixel]]]:
    """Return a palette PNG's chunks by type and its pixels as straight RGBA rows."""
    found = chunks(data)
    assert found[0][0] == b"IHDR" and found[-1] == (b"IEND", b"")
    kinds = [kind for kind, _ in found]
    assert kinds.count(b"IHDR") == kinds.count(b"PLTE") == 1
    by_kind = {kind: body for kind, body in found if kind != b"IDAT"}
    width, height, depth, colour_type, *methods = struct.unpack(">IIBBBBB", by_kind[b"IHDR"])
    assert colour_type == 3 and depth in (1, 2, 4, 8) and methods == [0, 0, 0]
    table = by_kind[b"PLTE"]
    assert len(table) % 3 == 0 and 0 < len(table) // 3 <= 1 << depth
    alphas = by_kind.get(b"tRNS", b"") + b"\xff" * (len(table) // 3)
    entries = [(*table[3 * k : 3 * k + 3], alphas[k]) for k in range(len(table) // 3)]
    raw = zlib.decompress(b"".join(body for kind, body in found if kind == b"IDAT"))
    stride = (width * depth + 7) // 8
    assert len(raw) == height * (stride + 1)
    rows = []
    for line in unfiltered(raw, stride, 1):
        bits = int.from_bytes(line, "big") >> (8 * stride - width * depth)
        mask = (1 << depth) - 1
        indexes = [bits >> depth * (width - 1 - i) & mask for i in range(width)]
        rows.append([entries[k] for k in indexes])
    return by_kind, rows


def rgb_png(pixels: list[list[Pixel]]) -> bytes:
    """Return opaque pixels as an 8-bit RGB PNG, each row filtered by its left neighbour."""
    raw = bytearray()
    for line in pixels:
        values = [v for pixel in line for v in pixel[:3]]
        left = [0, 0, 0, *values[:-3]]
        raw += b"\1" + bytes((v - a) & 255 for v, a in zip(values, left, strict=True))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    header = struct.pack(">IIBBBBB", len(pixels[0]), len(pixels), 8, 2, 0, 0, 0)
    return (
        SIGNATURE
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
        + chunk(b"IEND", b"")
    )


@pytest.fixture(scope="module", params=[192, 512])
def drawn(icons: ModuleType, request: pytest.FixtureRequest) -> tuple[list[list[float]], bytes]:
    """Return the site's icon drawn at 192 and 512 pixels: its raster and its PNG."""
    rows = icons.rasterize((ROOT / "web" / "art" / "icon.svg").read_text(), request.param)
    return rows, icons.png(rows)


def test_the_icon_is_an_opaque_palette_png_under_half_its_rgb_size(
    icons: ModuleType, drawn: tuple[list[list[float]], bytes]
) -> None:
    rows, data = drawn
    chunk_of, pixels = decode(data)
    size = len(rows)
    assert struct.unpack(">IIB", chunk_of[b"IHDR"][:9]) == (size, size, 8)
    assert b"tRNS" not in chunk_of and len(pixels) == size and len(pixels[0]) == size
    table = chunk_of[b"PLTE"]
    entries = {table[k : k + 3] for k in range(0, len(table), 3)}
    assert len(entries) == len(table) // 3 > 16  # anti-aliased edges keep many shades
    flat = {bytes.fromhex(c) for c in ("0f5132", "1d3f8f", "ffffff", "c9c9c9", "c8102e")}
    assert flat <= entries
    assert len(data) < len(rgb_png(icons.straight(rows))) / 2


def test_the_icon_png_moves_colours_by_at_most_6_and_only_on_edges(
    icons: ModuleType, drawn: tuple[list[list[float]], bytes]
) -> None:
    rows, data = drawn
    truth, pixels = icons.straight(rows), decode(data)[1]
    size = len(truth)
    moved = 0
    for y in range(size):
        for x in range(size):
            got, want = pixels[y][x], truth[y][x]
            assert sum((a - b) ** 2 for a, b in zip(got, want, strict=True)) <= 6**2, (x, y)
            moved += got != want
            around = {
                truth[j][i]
                for j in range(y - 1, y + 2)
                for i in range(x - 1, x + 2)
                if 0 <= i < size and 0 <= j < size
            }
            if around == {want}:
                assert got == want, (x, y)  # flat areas stay exact
    assert 0 < moved < size * size // 25  # some edge shades merged, and only edge shades


def test_the_icon_png_is_the_same_every_time(icons: ModuleType, tmp_path: Path) -> None:
    svg = ROOT / "web" / "art" / "icon.svg"
    icons.render(svg, 192, tmp_path / "one.png")
    icons.render(svg, 192, tmp_path / "two.png")
    assert (tmp_path / "one.png").read_bytes() == (tmp_path / "two.png").read_bytes()


@pytest.mark.parametrize(
    ("shapes", "size", "depth", "transparent"),
    [
        ('<rect width="10" height="10" fill="#ffffff"/><rect width="5" height="3"/>', 10, 1, False),
        (
            '<rect width="10" height="10" fill="#ffffff"/><rect width="5" height="3"/>'
            '<rect y="5" width="10" height="2" fill="#c8102e"/>',
            10,
            2,
            False,
        ),
        ('<rect x="2" y="2" width="3" height="7" fill="#1d3f8f"/>', 10, 1, True),
        ('<circle cx="4.6" cy="5.3" r="3.3" fill="#1d3f8f"/>', 10, 4, True),
        ('<circle cx="5" cy="5" r="4" fill="#1d3f8f" stroke="#ffffff"/>', 40, 8, True),
    ],
)
def test_a_picture_of_few_colours_is_kept_exactly_in_as_few_bits_as_fit(
    icons: ModuleType, shapes: str, size: int, depth: int, transparent: bool
) -> None:
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{shapes}</svg>'
    rows = icons.rasterize(svg, size)
    chunk_of, pixels = decode(icons.png(rows))
    assert chunk_of[b"IHDR"][8] == depth
    assert (b"tRNS" in chunk_of) == transparent
    assert pixels == icons.straight(rows)


def test_more_than_256_colours_are_quantized_to_a_palette_that_fits(icons: ModuleType) -> None:
    rows = [[v for x in range(20) for v in (x / 20, y / 20, 0.5, 1.0)] for y in range(20)]
    truth = icons.straight(rows)
    assert len({pixel for line in truth for pixel in line}) == 400  # all farther apart than 6
    chunk_of, pixels = decode(icons.png(rows))
    assert len(chunk_of[b"PLTE"]) // 3 <= 256
    for got_line, want_line in zip(pixels, truth, strict=True):
        for got, want in zip(got_line, want_line, strict=True):
            assert sum((a - b) ** 2 for a, b in zip(got, want, strict=True)) <= 13**2
