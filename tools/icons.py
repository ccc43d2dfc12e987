"""Rasterize the app icon (``web/art/icon.svg``) to PNG with the standard library only.

Browsers need PNG icons of 192 and 512 pixels to offer installing the page; the SVG stays
the one source and the build draws the PNGs from it. Only the SVG the icon uses is read:
``rect`` (``x y width height rx``), ``circle`` (``cx cy r``) and ``g``, with ``fill``,
``stroke`` and ``stroke-width`` as ``#rrggbb`` colours and numbers, and ``transform`` made
of ``rotate(a [cx cy])`` and ``translate(x [y])``. Anything else is refused by name, so the
PNGs never silently differ from the SVG. Edges are anti-aliased from each shape's signed
distance to the pixel's centre. The PNG is a palette image (``png``): exact when the picture
has at most 256 colours, else its edge shades merged to at most 256 within ``TOLERANCE``.
"""

from __future__ import annotations

import math
import re
import struct
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

SVG = "{http://www.w3.org/2000/svg}"
Affine = tuple[float, float, float, float, float, float]
"""``(a, b, c, d, e, f)``: x' = a x + c y + e, y' = b x + d y + f, as in SVG."""
IDENTITY: Affine = (1, 0, 0, 1, 0, 0)


class IconError(ValueError):
    """The SVG uses something this rasterizer does not draw."""


@dataclass(frozen=True)
class Shape:
    """One filled (and maybe stroked) shape, with its distance function in its own frame."""

    distance: Callable[[float, float], float]
    """Signed distance from a point of the shape's frame to its outline (negative inside)."""
    to_local: Affine
    """Maps the drawing's coordinates into the shape's frame."""
    bounds: tuple[float, float, float, float]
    """The drawing-space box outside which the shape paints nothing."""
    fill: tuple[int, int, int] | None
    stroke: tuple[int, int, int] | None
    stroke_width: float


def compose(outer: Affine, inner: Affine) -> Affine:
    """Return the transform that applies ``inner`` first, then ``outer``."""
    a, b, c, d, e, f = outer
    p, q, r, s, t, u = inner
    return (
        a * p + c * q,
        b * p + d * q,
        a * r + c * s,
        b * r + d * s,
        a * t + c * u + e,
        b * t + d * u + f,
    )


def invert(m: Affine) -> Affine:
    """Return the inverse of the (invertible) transform ``m``."""
    a, b, c, d, e, f = m
    det = a * d - b * c
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def apply(m: Affine, x: float, y: float) -> tuple[float, float]:
    """Return the point ``(x, y)`` mapped by ``m``."""
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def parse_transform(text: str) -> Affine:
    """Return the transform an SVG ``transform`` attribute of rotations and translations says.

    :raises IconError: for any other transform (a scale would break the distances).
    """
    result = IDENTITY
    for name, raw in re.findall(r"(\w+)\s*\(([^)]*)\)", text):
        args = [float(word) for word in re.split(r"[\s,]+", raw.strip())]
        if name == "translate" and len(args) in (1, 2):
            step: Affine = (1, 0, 0, 1, args[0], args[1] if len(args) == 2 else 0)
        elif name == "rotate" and len(args) in (1, 3):
            cos, sin = math.cos(math.radians(args[0])), math.sin(math.radians(args[0]))
            cx, cy = (args[1], args[2]) if len(args) == 3 else (0, 0)
            step = (cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy)
        else:
            raise IconError(f"transform {name}({raw}) is not supported")
        result = compose(result, step)
    return result


def parse_colour(value: str | None) -> tuple[int, int, int] | None:
    """Return ``#rrggbb`` as a triple, None for a missing value or ``none``."""
    if value is None or value == "none":
        return None
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        raise IconError(f"colour {value!r} is not #rrggbb")
    return int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16)


def rounded_box(
    x: float, y: float, w: float, h: float, r: float
) -> Callable[[float, float], float]:
    """Return the signed distance function of a rectangle with corners of radius ``r``."""
    cx, cy, hx, hy = x + w / 2, y + h / 2, w / 2 - r, h / 2 - r

    def distance(px: float, py: float) -> float:
        qx, qy = abs(px - cx) - hx, abs(py - cy) - hy
        outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
        return outside + min(max(qx, qy), 0.0) - r

    return distance


def circle(cx: float, cy: float, r: float) -> Callable[[float, float], float]:
    """Return the signed distance function of a circle."""
    return lambda px, py: math.hypot(px - cx, py - cy) - r


def number(element: ElementTree.Element, name: str, default: float = 0.0) -> float:
    """Return the numeric attribute ``name`` of ``element``."""
    return float(element.get(name, default))


def shapes_of(element: ElementTree.Element, outer: Affine = IDENTITY) -> list[Shape]:
    """Return the shapes drawn by ``element`` and its children, in painting order."""
    frame = compose(outer, parse_transform(element.get("transform", "")))
    tag = element.tag.removeprefix(SVG)
    if tag in ("svg", "g"):
        return [shape for child in element for shape in shapes_of(child, frame)]
    if tag == "rect":
        x, y = number(element, "x"), number(element, "y")
        w, h = number(element, "width"), number(element, "height")
        distance = rounded_box(x, y, w, h, number(element, "rx"))
        corners = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
    elif tag == "circle":
        cx, cy, r = number(element, "cx"), number(element, "cy"), number(element, "r")
        distance = circle(cx, cy, r)
        corners = [(cx - r, cy - r), (cx + r, cy - r), (cx - r, cy + r), (cx + r, cy + r)]
    else:
        raise IconError(f"<{tag}> is not supported")
    width = number(element, "stroke-width", 1.0)
    stroke = parse_colour(element.get("stroke"))
    grow = (width / 2 if stroke else 0) + 1
    points = [apply(frame, px, py) for px, py in corners]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    bounds = (min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow)
    fill = parse_colour(element.get("fill", "#000000"))
    return [Shape(distance, invert(frame), bounds, fill, stroke, width)]


def rasterize(svg: str, size: int) -> list[list[float]]:
    """Draw ``svg`` on a ``size`` square; return premultiplied RGBA rows of floats (0..1)."""
    root = ElementTree.fromstring(svg)
    view = [float(word) for word in root.get("viewBox", "0 0 0 0").split()]
    if len(view) != 4 or view[2] <= 0 or view[2] != view[3]:
        raise IconError("the icon needs a square viewBox")
    unit = view[2] / size  # drawing units per pixel
    rows = [[0.0] * (4 * size) for _ in range(size)]
    for shape in shapes_of(root):
        origin = (view[0], view[1], view[0], view[1])
        left, top, right, bottom = (
            (v - o) / unit for v, o in zip(shape.bounds, origin, strict=True)
        )
        for j in range(max(0, int(top)), min(size, math.ceil(bottom))):
            row = rows[j]
            for i in range(max(0, int(left)), min(size, math.ceil(right))):
                x, y = apply(shape.to_local, view[0] + (i + 0.5) * unit, view[1] + (j + 0.5) * unit)
                d = shape.distance(x, y) / unit
                layers = []
                if shape.fill:
                    layers.append((shape.fill, min(1.0, max(0.0, 0.5 - d))))
                if shape.stroke:
                    band = abs(d) - shape.stroke_width / unit / 2
                    layers.append((shape.stroke, min(1.0, max(0.0, 0.5 - band))))
                for colour, alpha in layers:
                    if alpha:
                        for k in range(3):
                            row[4 * i + k] = colour[k] / 255 * alpha + row[4 * i + k] * (1 - alpha)
                        row[4 * i + 3] = alpha + row[4 * i + 3] * (1 - alpha)
    return rows


Colour = tuple[int, int, int, int]
"""An 8-bit straight (not premultiplied) RGBA colour."""

TOLERANCE = 6
"""How far, in 8-bit RGBA units (Euclidean), quantizing may move a colour (so no channel by
more than 6). The icon's anti-aliased edges blend its five flat colours into ~1,400 shades; at
this radius the 512 icon keeps 152 of them, and its PNG is 7% smaller than at radius 4 (12% for
the 192 icon), with no difference to see even magnified."""


def straight(rows: list[list[float]]) -> list[list[Colour]]:
    """Return premultiplied RGBA rows of floats as rows of 8-bit straight RGBA colours."""
    pixels = []
    for row in rows:
        line = []
        for i in range(0, len(row), 4):
            alpha = row[i + 3]
            rgb = (round(min(1.0, row[i + k] / alpha) * 255) if alpha else 0 for k in range(3))
            line.append((*rgb, round(min(1.0, alpha) * 255)))
        pixels.append(line)
    return pixels


def gap(one: Colour, other: Colour) -> int:
    """Return the squared Euclidean distance between two RGBA colours."""
    return sum((a - b) ** 2 for a, b in zip(one, other, strict=True))


def popular(counts: Counter[Colour], radius: int) -> list[Colour]:
    """Return the colours, most frequent first, farther than ``radius`` from each one kept.

    Each colour is compared with the more frequent kept ones; the list stops after 257, one
    more than a palette holds. Every colour is then within ``radius`` of a kept one, and the
    flat areas (the most frequent colours, far apart) are kept exactly. Radius 0 keeps all.
    """
    kept: list[Colour] = []
    for colour in sorted(counts, key=lambda c: (-counts[c], c)):
        if all(gap(colour, other) > radius * radius for other in kept):
            kept.append(colour)
            if len(kept) > 256:
                break
    return kept


def palette(counts: Counter[Colour]) -> list[Colour]:
    """Return at most 256 colours for a picture of these colour counts, most frequent first.

    All the colours when there are no more than 256; else the ``popular`` ones at radius
    ``TOLERANCE``, the radius widened step by step while they are still too many.
    """
    radius = 0 if len(counts) <= 256 else TOLERANCE
    while len(kept := popular(counts, radius)) > 256:
        radius += 1
    return kept


def packed(indexes: list[int], depth: int) -> bytes:
    """Return palette indexes packed ``depth`` bits each, leftmost pixel in the high bits."""
    per = 8 // depth
    out = bytearray()
    for start in range(0, len(indexes), per):
        value = 0
        for index in indexes[start : start + per]:
            value = value << depth | index
        out.append(value << depth * (per - len(indexes[start : start + per])))
    return bytes(out)


def chunk(kind: bytes, data: bytes) -> bytes:
    """Return one PNG chunk: length, type, data and CRC."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(rows: list[list[float]]) -> bytes:
    """Encode premultiplied RGBA rows as a palette PNG (colour type 3).

    The palette is ``palette`` of the picture's colours, each pixel written as the nearest
    entry; 1, 2 or 4 bits a pixel when the palette is that small, else 8. A ``tRNS`` chunk
    only when some entry is not opaque. Every row has filter type 0 (none), as the PNG spec
    advises for palette images: measured on the 512 icon, choosing each row's filter by
    smallest residues made its image data 40% bigger.
    """
    pixels = straight(rows)
    height, width = len(pixels), len(pixels[0])
    counts = Counter(colour for line in pixels for colour in line)
    entries = palette(counts)
    nearest = {
        colour: min(range(len(entries)), key=lambda k: (gap(colour, entries[k]), k))
        for colour in counts
    }
    depth = next(bits for bits in (1, 2, 4, 8) if len(entries) <= 1 << bits)
    raw = b"".join(b"\0" + packed([nearest[c] for c in line], depth) for line in pixels)
    alphas = bytes(colour[3] for colour in entries).rstrip(b"\xff")
    header = struct.pack(">IIBBBBB", width, height, depth, 3, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"PLTE", bytes(v for colour in entries for v in colour[:3]))
        + (chunk(b"tRNS", alphas) if alphas else b"")
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def render(svg_path: Path, size: int, out: Path) -> None:
    """Write ``svg_path`` drawn at ``size`` pixels square to ``out`` as a PNG."""
    out.write_bytes(png(rasterize(svg_path.read_text(), size)))
