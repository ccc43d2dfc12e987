"""The cards' art for the site, made at build time from the card package of package.json.

The faces are Adrian Kennard's playing cards (https://www.me.uk/cards/, CC0 1.0: public
domain; courts traced from Goodall & Son cards of about 1870), as the npm package
``@heruka_urgyen/react-playing-cards`` ships them: one SVG per card, of which we take the
"big index" layout (``2color-bf``), whose pips and court figures leave each corner free
for a large index. Only the SVG files are used, never the package's React code.

The page draws each card's corner index itself (large, in the suit's colour, there before
any art arrives), so the art is the card's middle: the pips, or the court figure in its
frame. Into ``art/deck/`` the build writes for each card ``Qs.svg`` (the page's own card
text), made from the package's file by:

- removing the package's corner indices (the rank glyph and the suit under it, at both
  ends) and the card's outline (the page draws the card: its colour, corners, shadow);
- painting the suit symbols in the page's suit colours, read from ``style.css``
  (``--suit-black``, ``--suit-red``), and also writing ``Qd-four.svg`` for each diamond
  and club in the four-colour deck's (``--suit-blue``, ``--suit-green``); the figures'
  own colours are kept;
- drawing an ace's one pip large (``ACE_PIP``), as most decks print it;
- rounding path coordinates to ``PLACES`` decimals of each drawing's own units (print
  precision is wasted on a screen: a court figure's unit is 1/13 of a pixel on the
  largest card at twice the pixel density), keeping each absolute point within half a
  unit of where it was (relative moves are rounded so errors never add up): 98 kB
  gzipped for the 52 faces instead of 240.

It also writes the four suit symbols, ``s.svg`` to ``c.svg``, for the corner indices, so
they match the pips; and it appends to ``style.css`` the rules that name each card's art
(``--face``), so the stylesheet resolves the files' URLs from its own address: the
embeds' shadow roots load it from the game's site.
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

PACKAGE = Path("node_modules/@heruka_urgyen/react-playing-cards")
"""The card package, pinned in package.json and installed by ``npm ci``."""
FACES = PACKAGE / "src/images/2color-bf"
"""Its big-index faces: ``KS.svg`` is the king of spades, ``TD.svg`` the ten of diamonds."""
RANKS = "A23456789TJQK"
SUITS = "shdc"
OUT = Path("art/deck")
"""Where the art goes, under the site (and under ``web/`` in the build's copy)."""
SUIT_COLOURS = {"s": "black", "h": "red", "d": "red", "c": "black"}
"""Each suit's colour: the name of its ``--suit-*`` in ``style.css``."""
FOUR_COLOURS = {"d": "blue", "c": "green"}
"""The suits the four-colour deck paints otherwise, with the name of their ``--suit-*``."""
ACE_PIP = 84
"""The height of an ace's pip, in card units (240 across): the package's is a ten's pip
(40); most decks print the ace's large."""
PLACES = 0
"""Decimals kept in path data, in each drawing's units (a suit symbol is 1200 across, a
court figure 1300: both hundreds of units per card width)."""
SVG_NS = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
CSS_MARK = "/* --- the faces' art (tools/deck.py) --- */"


class DeckError(ValueError):
    """The package's art is not what this build knows how to adapt."""


def write_faces(web: Path, root: Path) -> dict[str, int]:
    """Write the cards' art into ``web/art/deck/`` from the package under ``root``, and
    append the rules naming it to ``web/style.css``; return the faces' bytes, gzipped, by
    deck (``"two"``: the 52 faces, ``"four"``: the 26 four-colour ones).

    :raises SystemExit: when the package is missing or its art is not as expected.
    """
    source = root / FACES
    if not source.is_dir():
        raise SystemExit(f"{FACES} is missing: run npm ci")
    sheet = web / "style.css"
    colours = suit_colours(sheet.read_text())
    out = web / OUT
    out.mkdir(parents=True, exist_ok=True)
    rules = []
    sizes = {"two": 0, "four": 0}
    for card, suit in cards():
        name = f"{card[0]}{suit.upper()}.svg"
        original = (source / name).read_text()
        variants = {"": colours[SUIT_COLOURS[suit]]}
        if suit in FOUR_COLOURS:
            variants["-four"] = colours[FOUR_COLOURS[suit]]
        try:
            if card[0] == "A":
                (out / f"{suit}.svg").write_text(suit_art(original, card, variants[""]))
            for ending, colour in variants.items():
                art = face_art(original, card, colour)
                (out / f"{card}{ending}.svg").write_text(art)
                sizes["four" if ending else "two"] += len(gzip.compress(art.encode(), 9))
                rules.append(face_rule(card, ending))
        except DeckError as error:
            raise SystemExit(f"{FACES}/{name}: {error}") from error
    sheet.write_text(sheet.read_text() + f"\n{CSS_MARK}\n" + "\n".join(rules) + "\n")
    return sizes


def cards() -> Iterator[tuple[str, str]]:
    """Yield each card's text (``"Qs"``) with its suit."""
    for suit in SUITS:
        for rank in RANKS:
            yield rank + suit, suit


def face_rule(card: str, ending: str) -> str:
    """Return the CSS rule giving ``card`` its art (``ending`` "-four": in four colours)."""
    selector = f'.card[data-card="{card}"]'
    if ending:
        selector = f'html[data-four-colour="true"] {selector}'
    return f'{selector} {{ --face: url("{OUT.as_posix()}/{card}{ending}.svg"); }}'


def suit_colours(css: str) -> dict[str, str]:
    """Return the suit colours ``css`` declares (``--suit-red: #c8102e``), by name.

    :raises SystemExit: when one is missing.
    """
    found = dict(re.findall(r"--suit-(\w+):\s*(#[0-9a-fA-F]{6})\b", css))
    missing = sorted((set(SUIT_COLOURS.values()) | set(FOUR_COLOURS.values())) - found.keys())
    if missing:
        raise SystemExit(f"web/style.css declares no {', '.join(f'--suit-{m}' for m in missing)}")
    return found


def face_art(svg: str, card: str, colour: str) -> str:
    """Return the middle of the package's face ``svg`` of ``card`` (``"Qs"``) with its
    suit symbols in ``colour``, rounded, as a standalone SVG document.

    :raises DeckError: when the face is not drawn as expected: a card outline, the rank
        glyph (symbol ``V`` + suit + rank) and the suit (``S`` + suit + rank) used at
        both corners, an ace's one pip.
    """
    ElementTree.register_namespace("", SVG_NS)
    drawing = ElementTree.fromstring(svg)
    suit_id = f"S{card[1].upper()}{card[0]}"
    rank_id = f"V{card[1].upper()}{card[0]}"
    outline = [rect for rect in drawing.findall(tag("rect")) if rect.get("fill") == "white"]
    if len(outline) != 1:
        raise DeckError(f"{len(outline)} outlines, not 1")
    drawing.remove(outline[0])
    removed = 0
    for parent in drawing.iter():
        for child in list(parent):
            if child.tag == tag("symbol") and child.get("id") == rank_id:
                parent.remove(child)
            elif child.tag == tag("use") and is_index(child, suit_id, rank_id):
                parent.remove(child)
                removed += 1
    if removed != 4:
        raise DeckError(f"{removed} corner index parts, not 4 (rank and suit at each end)")
    if card[0] == "A":
        pips = [use for use in drawing.iter(tag("use")) if href(use) == f"#{suit_id}"]
        if len(pips) != 1:
            raise DeckError(f"{len(pips)} pips on an ace")
        pips[0].attrib.update(height=str(ACE_PIP), x=str(-ACE_PIP // 2), y=str(-ACE_PIP // 2))
    symbol = drawing.find(f"{tag('symbol')}[@id='{suit_id}']")
    if symbol is None:
        raise DeckError(f"no suit symbol {suit_id}")
    for shape in symbol.iter():
        for paint in ("fill", "stroke"):
            if shape.get(paint) not in (None, "none"):
                shape.set(paint, colour)
    for element in drawing.iter():
        if XLINK_HREF in element.attrib:
            element.set("href", element.attrib.pop(XLINK_HREF))
        if "d" in element.attrib:
            element.set("d", round_path(element.attrib["d"], PLACES))
    for name in ("class", "face", "preserveAspectRatio"):
        drawing.attrib.pop(name, None)
    box = drawing.get("viewBox", "").split()
    if len(box) != 4 or float(box[2]) * 7 != float(box[3]) * 5:
        raise DeckError(f"viewBox {drawing.get('viewBox')!r} is not a card's 5 by 7")
    drawing.set("width", box[2])  # its size in print inches before
    drawing.set("height", box[3])
    return ElementTree.tostring(drawing, encoding="unicode", short_empty_elements=True)


def suit_art(svg: str, card: str, colour: str) -> str:
    """Return the suit symbol of the package's face ``svg`` of ``card``, in ``colour``, as
    a standalone SVG document (the page's corner index draws it).

    :raises DeckError: when the face has no suit symbol of one path.
    """
    suit_id = f"S{card[1].upper()}{card[0]}"
    paths = ElementTree.fromstring(svg).findall(f"{tag('symbol')}[@id='{suit_id}']/{tag('path')}")
    if len(paths) != 1:
        raise DeckError(f"suit symbol {suit_id} has {len(paths)} paths, not 1")
    shape = round_path(paths[0].attrib["d"], PLACES)
    return (
        f'<svg xmlns="{SVG_NS}" viewBox="-500 -500 1000 1000" width="100" height="100">'
        f'<path d="{shape}" fill="{colour}"/></svg>'
    )


def tag(name: str) -> str:
    """Return the qualified name of SVG element ``name``."""
    return f"{{{SVG_NS}}}{name}"


def href(use: ElementTree.Element) -> str:
    """Return what ``use`` draws (``"#SSK"``)."""
    return use.get(XLINK_HREF, use.get("href", ""))


def is_index(use: ElementTree.Element, suit_id: str, rank_id: str) -> bool:
    """Return whether ``use`` draws part of a corner index: the rank glyph, or the suit
    in the corner's column (left of every pip and court frame)."""
    target = href(use)
    if target == f"#{rank_id}":
        return True
    return target == f"#{suit_id}" and float(use.get("x", "0")) < -100


PATH_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
ARGUMENTS = {"M": 2, "L": 2, "T": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "A": 7, "Z": 0}
"""How many numbers each path command takes (it may repeat them)."""


def round_path(data: str, places: int) -> str:
    """Return path ``data`` with every coordinate rounded to ``places`` decimals, each
    absolute point within half a last unit of where it was.

    A relative move is written as the difference between the rounded points it joins,
    not rounded on its own, so rounding errors never add up along a path.

    :raises DeckError: when the data is not a path of known commands and whole arguments.
    """
    tokens = PATH_TOKEN.findall(data)
    if "".join(tokens) != re.sub(r"[\s,]+", "", data):
        raise DeckError(f"path data with unknown parts: {data[:60]!r}")
    exact = rounded = start_exact = start_rounded = (0.0, 0.0)
    out: list[str] = []
    index = 0
    while index < len(tokens):
        command = tokens[index]
        if command.upper() not in ARGUMENTS:
            raise DeckError(f"path data does not start with a command: {data[:60]!r}")
        index += 1
        numbers = []
        while index < len(tokens) and tokens[index].upper() not in ARGUMENTS:
            numbers.append(float(tokens[index]))
            index += 1
        size = ARGUMENTS[command.upper()]
        if command.upper() == "Z":
            if numbers:
                raise DeckError("numbers after Z")
            exact, rounded = start_exact, start_rounded
            out.append(command)
            continue
        if not numbers or len(numbers) % size:
            raise DeckError(f"{command} with {len(numbers)} numbers")
        written = []
        slots = point_slots(command.upper())
        for at in range(0, len(numbers), size):
            group = numbers[at : at + size]
            origin = exact if command.islower() else (0.0, 0.0)
            offset = rounded if command.islower() else (0.0, 0.0)
            values = []
            ends_exact, ends_rounded = list(exact), list(rounded)
            for slot, value in enumerate(group):
                axis = slots.get(slot)
                if axis is None:  # an arc's radii, rotation and flags
                    values.append(fixed(value, places))
                    continue
                target = origin[axis] + value
                values.append(fixed(round(target, places) - offset[axis], places))
                ends_exact[axis], ends_rounded[axis] = target, round(target, places)
            exact, rounded = (ends_exact[0], ends_exact[1]), (ends_rounded[0], ends_rounded[1])
            if command.upper() == "M" and at == 0:
                start_exact, start_rounded = exact, rounded
            written.append(" ".join(values))
        out.append(command + " ".join(written))
    return re.sub(r" -", "-", "".join(out))


def point_slots(command: str) -> dict[int, int]:
    """Return which arguments of absolute path ``command`` are coordinates: their index,
    with 0 for x and 1 for y."""
    if command == "H":
        return {0: 0}
    if command == "V":
        return {0: 1}
    if command == "A":
        return {5: 0, 6: 1}
    return {slot: slot % 2 for slot in range(ARGUMENTS[command])}


def fixed(value: float, places: int) -> str:
    """Return ``value`` with at most ``places`` decimals, shortest: ``0.5`` as ``.5``."""
    text = f"{value:.{places}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    return re.sub(r"^(-?)0\.", r"\1.", text)
