"""The requests that need no game: ``options`` (the new-game form), ``illustrate``, ``rules_help``.

The illustrations' and the rules help's modules (``ginrummy.calculator``,
``ginrummy.rules_help``) are imported when first asked for.
"""

from __future__ import annotations

import enum

from .. import __version__
from .. import rules as rules_module
from ..level_strength import strength_json
from ..rules import PRESET_SOURCES, PRESETS
from .arguments import (
    DEFAULT_LEVEL,
    GAME_PARAMS,
    LEVELS,
    RULE_FIELD_TYPES,
    BridgeError,
    Json,
    rules_from_params,
)


def parameters() -> list[Json]:
    """Return each rule parameter: name, kind, default and choices, in field order.

    Kinds: ``int``, ``bool``, ``optional_int`` (a number or none), ``knock_limit``
    (a number or "upcard") and ``choice`` (with ``choices``, each a value). The page
    explains each in its own language (``param_help.NAME``, ``choice.NAME.VALUE``).
    """
    defaults = PRESETS["standard"].to_dict()
    out = []
    for name, type_text in RULE_FIELD_TYPES.items():
        entry: Json = {"name": name, "default": defaults[name]}
        kind = {"int": "int", "bool": "bool", "int | None": "optional_int"}.get(type_text)
        enum_type = getattr(rules_module, type_text, None)
        if kind is not None:
            entry["kind"] = kind
        elif type_text == "KnockLimit":
            entry["kind"] = "knock_limit"
        elif isinstance(enum_type, type) and issubclass(enum_type, enum.Enum):
            entry["kind"] = "choice"
            entry["choices"] = [{"value": member.value} for member in enum_type]
        else:  # pragma: no cover - a new field type must be taught to the form
            raise AssertionError(f"rule {name!r} has a type the form does not know: {type_text}")
        out.append(entry)
    return out


def options() -> Json:
    """Return what the new-game form offers: presets, parameters, levels and their strength."""
    presets = [
        {"name": name, "source": PRESET_SOURCES[name], "rules": rules.to_dict()}
        for name, rules in PRESETS.items()
    ]
    return {
        "version": __version__,
        "presets": presets,
        "parameters": parameters(),
        "levels": list(LEVELS),
        "default_level": DEFAULT_LEVEL,
        "strength": strength_json(),
    }


def illustrate(asked: Json) -> Json:
    """Return the report of the rule illustration ``asked`` (see ``calculator.illustration``).

    :raises BridgeError: when its ``rules`` are not an object of URL-style params.
    :raises ValueError: on bad rules or cards.
    """
    rules = asked.get("rules") or {}
    if not isinstance(rules, dict):
        raise BridgeError('an illustration\'s rules are an object like {"preset": "classic"}')
    from ..calculator import illustration

    return illustration(rules_from_params(rules), asked)


def help_for(params: Json) -> Json:
    """Return the rules help for URL-style ``params`` (their ``GAME_PARAMS`` are ignored)."""
    rules = {name: value for name, value in params.items() if name not in GAME_PARAMS}
    from ..rules_help import rules_help

    return rules_help(rules_from_params(rules))
