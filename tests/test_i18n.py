"""Every string the page can show exists in every language, with the same parameters.

The page's strings are tables of ids (``web/lang/CODE.js``, one per
language, English included). The ids the page uses come from three places: ``data-i18n``
attributes in ``index.html``, ``t("...")`` calls in the modules, and ids made from what
Python sends (prompt ids, reason keys, preset and rule names, scoring rules, message ids),
read here from the package itself. A missing or extra id fails with the list of ids per
language, so a new English string names exactly what each translation lacks.

The tables are read with a small tokenizer of JavaScript literals (strings, names,
punctuation, comments), so no JavaScript engine is needed. Inside Pyodide, where ``web/``
is not copied, the tests that read it skip themselves; the browser test
``e2e/test_i18n.py`` checks the same tables as the page loads them.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import pkgutil
import re
from pathlib import Path

import pytest

import ginrummy
from ginrummy import bridge, cards, rules
from ginrummy.actions import Kind
from ginrummy.bot.decision import REASONS
from ginrummy.messages import MessageError
from ginrummy.scoring import Outcome, Rule

WEB = Path(__file__).resolve().parent.parent / "web"
LANGUAGES = ("it", "es", "fr", "de")
"""Every language but English: one table each in ``web/lang/``."""

needs_web = pytest.mark.skipif(
    not (WEB / "strings.js").exists(), reason="the page's files are not here (Pyodide)"
)

TOKEN = re.compile(
    r"""(?P<space>\s+)|(?P<comment>//[^\n]*|/\*.*?\*/)
    |(?P<string>"(?:[^"\\\n]|\\.)*")|(?P<other_string>'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)
    |(?P<name>[A-Za-z_$][\w$]*)|(?P<number>\d[\w.]*)|(?P<punct>.)""",
    re.VERBOSE | re.DOTALL,
)


def tokens(text: str) -> list[tuple[str, str]]:
    """Return the JavaScript tokens of ``text`` as (kind, text), without spaces or comments.

    Double-quoted strings are decoded (JSON escapes); other strings keep their quotes.
    """
    out = []
    for match in TOKEN.finditer(text):
        kind = match.lastgroup or ""
        value = match.group()
        if kind in ("space", "comment"):
            continue
        out.append((kind, json.loads(value) if kind == "string" else value))
    return out


TABLE_OPENING = ["export", "default", "{"]
"""The tokens before a language table's object literal (``web/lang/CODE.js``)."""


def read_table(text: str) -> dict[str, str]:
    """Return the object literal of string values that follows ``TABLE_OPENING``.

    :raises AssertionError: when the opening is missing, a key repeats, or a value is
        not one double-quoted string.
    """
    found = tokens(text)
    words = [value for _, value in found]
    size = len(TABLE_OPENING)
    start = next((i for i in range(len(words)) if words[i : i + size] == TABLE_OPENING), None)
    assert start is not None, f"no {' '.join(TABLE_OPENING)} in the file"
    position = start + size
    table: dict[str, str] = {}
    while found[position][1] != "}":
        (key_kind, key), colon, (value_kind, value) = found[position : position + 3]
        assert key_kind in ("string", "name") and colon[1] == ":", f"not a key: {key!r}"
        assert value_kind == "string", f"{key}: not one double-quoted string"
        assert key not in table, f"{key} appears twice"
        table[key] = value
        position += 3
        if found[position][1] == ",":
            position += 1
    return table


def translation(code: str) -> dict[str, str]:
    """Return the table of ``web/lang/CODE.js``."""
    return read_table((WEB / "lang" / f"{code}.js").read_text(encoding="utf-8"))


def parameters(text: str) -> set[str]:
    """Return the ``{name}`` parameters of a string."""
    return set(re.findall(r"\{(\w+)\}", text))


def page_ids() -> set[str]:
    """Return the ids the page names literally: ``data-i18n`` attributes and ``t("...")``."""
    html = (WEB / "index.html").read_text(encoding="utf-8")
    ids = set(re.findall(r'data-i18n(?:-label)?="([^"]+)"', html))
    for module in WEB.glob("*.js"):
        ids |= set(re.findall(r"""\bt\(\s*["']([^"'$]+)["']""", module.read_text(encoding="utf-8")))
    return ids


def message_keys() -> set[str]:
    """Return the message ids the package's errors carry: the 2nd argument of every call
    of a ``MessageError`` class (``RulesError``, ``BridgeError``, ...) in any module."""
    keys = set()
    for info in pkgutil.walk_packages(ginrummy.__path__, "ginrummy."):
        if info.name.endswith("__main__"):
            continue  # importing it would run the command line
        module = importlib.import_module(info.name)
        for node in ast.walk(ast.parse(inspect.getsource(module))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            called = getattr(module, node.func.id, None)
            if isinstance(called, type) and issubclass(called, MessageError) and len(node.args) > 1:
                key = node.args[1]
                choices = [key.body, key.orelse] if isinstance(key, ast.IfExp) else [key]
                for choice in choices:
                    assert isinstance(choice, ast.Constant), f"{info.name}: not an id literal"
                    keys.add(choice.value)
    return keys


def prompt_ids() -> set[str]:
    """Return the prompt ids ``bridge.prompt`` can answer (its ``{"id": ...}`` literals)."""
    ids = set()
    for node in ast.walk(ast.parse(inspect.getsource(bridge.prompt))):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "id":
                    assert isinstance(value, ast.Constant)
                    ids.add(value.value)
    return ids


def families() -> dict[str, set[str]]:
    """Return, per id prefix made from Python's data, exactly the ids that must exist."""
    params = bridge.parameters()
    going_out = (Kind.KNOCK, Kind.GIN, Kind.BIG_GIN)
    return {
        "reason.": {f"reason.{key}" for key in REASONS},
        "prompt.": {f"prompt.{name}" for name in prompt_ids()},
        "preset.": {f"preset.{name}" for name in rules.PRESETS},
        "ruleset.": {f"ruleset.{name}" for name in rules.PRESETS},
        "param.": {f"param.{entry['name']}" for entry in params},
        "param_help.": {f"param_help.{entry['name']}" for entry in params},
        "choice.": {
            f"choice.{entry['name']}.{choice['value']}"
            for entry in params
            for choice in entry.get("choices", [])
        },
        "rule.": {f"rule.{rule.value}" for rule in Rule},
        "outcome.": {f"outcome.{outcome.value}" for outcome in Outcome},
        "move.": {f"move.{kind.value}" for kind in Kind if kind is not Kind.NEXT},
        "confirm.": {f"confirm.{kind.value}" for kind in going_out}
        | {"confirm.choose", "confirm.go"},
        "level.": {f"level.{name}" for name in bridge.LEVELS},
        "rank.": {f"rank.{rank}" for rank in cards.RANKS},
        "ranks.": {f"ranks.{rank}" for rank in cards.RANKS},
        "suit.": {f"suit.{suit}" for suit in cards.SUITS},
    }


@needs_web
def test_the_english_table_reads() -> None:
    """The reader finds the English table, with its multi-key lines and escapes."""
    table = translation("en")
    assert table["rank.Q"] == "queen"
    assert table["suit.h"] == "hearts"
    assert '"{key}"' in table["error.save_broken"]
    assert len(table) > 300


@needs_web
def test_every_id_the_page_uses_is_in_english() -> None:
    """Literal ids, and the ids built from Python's data, are all in the English table."""
    table = translation("en")
    used = page_ids() | {f"error.{key}" for key in message_keys()}
    for ids in families().values():
        used |= ids
    missing = sorted(used - set(table))
    assert not missing, f"ids the page uses but web/lang/en.js lacks: {missing}"


@needs_web
def test_ids_made_from_python_data_are_exactly_its_names() -> None:
    """No stale id: each family of ids has exactly the names Python has, no more."""
    table = translation("en")
    stale = {
        prefix: sorted(key for key in table if key.startswith(prefix) and key not in ids)
        for prefix, ids in families().items()
    }
    stale = {prefix: keys for prefix, keys in stale.items() if keys}
    assert not stale, f"ids for names Python no longer has: {stale}"


@needs_web
def test_every_language_has_exactly_the_english_ids() -> None:
    """Each translation has every English id and no other: the failure lists them."""
    table = set(translation("en"))
    problems = {}
    for code in LANGUAGES:
        other = set(translation(code))
        missing, extra = sorted(table - other), sorted(other - table)
        if missing or extra:
            problems[code] = {"missing": missing, "not in English": extra}
    assert not problems, "translations out of step with English:\n" + "\n".join(
        f"{code}: {json.dumps(lists, ensure_ascii=False)}" for code, lists in problems.items()
    )


@needs_web
def test_translations_keep_the_parameters() -> None:
    """A translation fills the same ``{name}`` parameters as the English string."""
    table = translation("en")
    wrong = {}
    for code in LANGUAGES:
        for key, text in translation(code).items():
            if key in table and parameters(text) != parameters(table[key]):
                wrong[f"{code} {key}"] = sorted(parameters(text) ^ parameters(table[key]))
    assert not wrong, f"parameters differing from English: {wrong}"


@needs_web
def test_translations_are_not_english_copies() -> None:
    """A sentence left in English is a missing translation too (names and codes may match)."""
    table = translation("en")
    copied = {
        code: sorted(
            key
            for key, text in translation(code).items()
            if text == table.get(key) and len(text.split()) > 2
        )
        for code in LANGUAGES
    }
    copied = {code: keys for code, keys in copied.items() if keys}
    assert not copied, f"strings still in English: {copied}"


def test_message_keys_reach_the_page() -> None:
    """A bad rule in the URL answers its message id and parameters, for the page to say."""
    answer = json.loads(bridge.request("new", '{"preset": "standard", "gin_bonus": "many"}'))
    assert answer["ok"] is False
    assert answer["message"] == {
        "id": "rule_whole",
        "params": {"rule": "gin_bonus", "value": "many"},
    }
    answer = json.loads(bridge.request("new", '{"preset": "nope"}'))
    assert answer["message"] == {"id": "preset_unknown", "params": {"name": "nope"}}


@pytest.mark.parametrize(
    ("params", "key"),
    [
        ({"colour": "red"}, "rule_unknown"),
        ({"ace_mode": "sideways"}, "rule_choice"),
        ({"spade_double": "maybe"}, "rule_bool"),
        ({"target": "-5"}, "rule_whole"),
        ({"target": "0"}, "rule_at_least_one"),
        ({"knock_limit": "soon"}, "knock_limit"),
        ({"deal": "eleven", "knock_limit": "upcard"}, "needs_upcard"),
        ({"match": "best_of", "match_games": "4"}, "best_of_odd"),
        ({"preset": "mahjong"}, "preset_unavailable"),
        ({"seed": "-3"}, "seed"),
        ({"level": "genius"}, "level"),
    ],
)
def test_a_player_s_bad_game_says_which_message(params: dict[str, str], key: str) -> None:
    """Every bad rule, deal number or level a player can type carries its message id."""
    answer = json.loads(bridge.request("new", json.dumps(params)))
    assert answer["ok"] is False
    assert answer["message"]["id"] == key, answer
