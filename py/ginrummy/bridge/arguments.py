"""What every request of the bridge shares: its error, and reading its argument.

A request's argument is a text: JSON (checked short and shallow enough before it is
parsed), URL-style parameters (a preset and rule fields, a seed, a deal's secret, a
level, the practice flag) or a whole number. Each reader answers the value or raises
``BridgeError`` (or ``RulesError``) with a sentence for the player.
"""

from __future__ import annotations

import dataclasses
import json
import re
from itertools import accumulate
from typing import Any

from ..match import MAX_SEED, SECRET
from ..messages import MessageError
from ..rules import MAX_KNOCK_LIMIT, RULE_MAX, Rules, RulesError, find_rules

LEVELS = ("random", "easy", "simple", "normal", "hard", "expert")
"""The opponent's levels, weakest first as measured (``level_strength``):
``ginrummy.bot.LEVELS``, named here so that the
first deal does not wait for the opponent's modules (the page loads them with ``warm``)."""

DEFAULT_LEVEL = "normal"
"""The level a new game gets when none is asked for."""

Json = dict[str, Any]
"""A JSON object, as a request answers it."""

GAME_PARAMS = ("seed", "secret", "level", "practice")
"""The URL parameters of a game that are not rules (the page's strings.js says the same)."""

MAX_JSON_CHARS = 2_000_000
"""The longest JSON text a request may carry: 2 MB, a few times the longest match the
rules allow (best of 15 games to 1000, the simple opponent against itself: about 1,100
hands, 30,000 actions, a 330 kB save) and more than a browser's storage keeps."""

MAX_JSON_DEPTH = 16
"""The deepest a request's JSON may nest; a save nests 3 deep."""


class BridgeError(MessageError):
    """A request the session cannot answer: its message is shown to the player."""


RULE_FIELD_TYPES = {field.name: str(field.type) for field in dataclasses.fields(Rules)}
"""Each rule field's type, as text: ``"int"``, ``"bool"``, ``"int | None"``, an enum's name."""


def rules_from_params(params: Json) -> Rules:
    """Return the rules of URL-style ``params``: ``preset`` plus changed fields as texts.

    :raises RulesError: on an unknown preset, field or value.
    """
    params = dict(params)
    base = find_rules(str(params.pop("preset", "standard") or "standard"))
    return base.replace(**{name: parse_value(name, value) for name, value in params.items()})


def parse_value(name: str, value: Any) -> Any:
    """Return the rule value a URL text ``value`` stands for (non-texts pass through).

    "true"/"false" are booleans, "null"/"none" None, whole numbers ints; any other
    text is left for ``Rules`` to check (an enum name, "upcard").

    :raises RulesError: on a number far too large for any rule, or a text for a rule
        that is a number or true/false.
    """
    if not isinstance(value, str):
        return value
    text = value.strip()
    lower = text.lower()
    if lower in ("true", "false"):
        return lower == "true"
    if lower in ("null", "none", ""):
        return None
    if _DIGITS.fullmatch(text):
        largest = RULE_MAX.get(name, MAX_KNOCK_LIMIT if name == "knock_limit" else None)
        if len(text) > _MAX_DIGITS and largest is not None:  # int() of it could be slow
            raise RulesError(
                f"rule {name!r} can be at most {largest}, not {text[:8]}...",
                "rule_max",
                rule=name,
                max=largest,
                value=f"{text[:8]}... ({len(text)} characters)",
            )
        if len(text) <= _MAX_DIGITS:
            return int(text)
    if RULE_FIELD_TYPES.get(name) in ("int", "bool"):
        raise RulesError(
            f"rule {name!r} cannot be {value[:40]!r}",
            "rule_bool" if RULE_FIELD_TYPES[name] == "bool" else "rule_whole",
            rule=name,
            value=text[:40],
        )
    return text


_DIGITS = re.compile(r"[0-9]+")
"""A whole number as the page writes it: ASCII digits only (``str.isdigit`` also takes
"²", which ``int`` refuses)."""

_MAX_DIGITS = 19
"""The most digits a whole number in a request may have (a seed has up to 19)."""


def whole_number(text: str, what: str) -> int:
    """Return the whole number ``text`` (``what`` it is, for the message).

    :raises BridgeError: when it is not one, or has more than ``_MAX_DIGITS`` digits.
    """
    number = text.strip()
    if not _DIGITS.fullmatch(number) or len(number) > _MAX_DIGITS:
        raise BridgeError(f"{what} is a whole number, not {text[:40]!r}")
    return int(number)


def parse_seed(value: Any) -> int | None:
    """Return the seed of a URL text (None: pick one at random).

    :raises BridgeError: when it is not a whole number from 0 to ``MAX_SEED``.
    """
    if value is None or value == "":
        return None
    text = str(value).strip()
    if not _DIGITS.fullmatch(text) or len(text) > _MAX_DIGITS or int(text) > MAX_SEED:
        raise BridgeError(
            f"a seed is a whole number from 0 to {MAX_SEED}, not {text[:40]!r}",
            "seed",
            max=str(MAX_SEED),  # as text: a JavaScript number would round it to ...6000
            value=text[:40],
        )
    return int(text)


def parse_secret(value: Any) -> str | None:
    """Return the deal's secret of a URL text (None: none given).

    :raises BridgeError: when it is not 32 hexadecimal digits.
    """
    if value is None or value == "":
        return None
    text = str(value).strip().lower()
    if not SECRET.fullmatch(text):
        raise BridgeError(
            f"a deal's secret is 32 hexadecimal digits, not {text[:40]!r}",
            "secret",
            value=text[:40],
        )
    return text


def parse_practice(value: Any) -> bool:
    """Return the practice flag of a URL text or a boolean.

    :raises BridgeError: when it is neither true nor false.
    """
    practice = parse_value("practice", value)
    if not isinstance(practice, bool):
        raise BridgeError(
            f"practice is true or false, not {str(value)[:40]!r}",
            "practice",
            value=str(value)[:40],
        )
    return practice


def parse_json(text: str, what: str) -> Any:
    """Return ``text`` parsed as JSON, once it is checked short and shallow enough.

    The checks come first: at most ``MAX_JSON_CHARS`` characters, nested at most
    ``MAX_JSON_DEPTH`` deep (brackets inside strings do not count). A deeper text
    would overflow the parser's stack (in Pyodide, a fatal error).

    :raises BridgeError: when it is too long or too deep, or is not JSON (the message
        names it as ``what``).
    """
    if len(text) > MAX_JSON_CHARS:
        raise BridgeError(
            f"the text is too long: {len(text)} characters, more than {MAX_JSON_CHARS}",
            "json_too_long",
            max=MAX_JSON_CHARS,
        )
    if _nesting_depth(text) > MAX_JSON_DEPTH:
        raise BridgeError(
            f"the text nests more than {MAX_JSON_DEPTH} levels deep",
            "json_too_deep",
            max=MAX_JSON_DEPTH,
        )
    try:
        return json.loads(text)
    except ValueError as error:  # not JSON, or a number too long to convert
        raise BridgeError(f"{what} is not valid JSON: {error}", "not_json") from None


def _nesting_depth(text: str) -> int:
    """Return how deep the brackets of JSON ``text`` nest, those inside strings not counted.

    It reads the text in a few passes, each linear, whatever the text (a string that never
    closes, runs of backslashes or quotes). Up to the first thing that is not JSON, the
    depth is the one the parser would reach; after it, the parser stops anyway.
    """
    # Drop the escapes that could hide a quote, paired left to right as the parser reads
    # them: escaped backslashes first, then the quotes escaped by what is left.
    unescaped = text.replace("\\\\", "").replace('\\"', "")
    outside = "".join(unescaped.split('"')[::2])  # every other piece is inside a string
    brackets = _NOT_BRACKETS.sub("", outside)
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0)


_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
"""A run of characters that are not brackets."""

_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
"""How each bracket changes the depth."""


def check_level(level: str) -> str:
    """Return ``level`` when it is an opponent level.

    :raises BridgeError: when it is not one of ``LEVELS``.
    """
    if level not in LEVELS:
        raise BridgeError(
            f"unknown opponent level {level!r}; choose one of {', '.join(LEVELS)}",
            "level",
            value=level,
        )
    return level
