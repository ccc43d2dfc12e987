"""Every string the page can show exists in every language, with the same parameters.

The page's strings are tables of ids (``web/lang/CODE.js``, one per
language, English included). The ids the page uses come from three places: ``data-i18n``
attributes in ``index.html``, ``t("...")`` calls in the modules, and ids made from what
Python sends (prompt ids, reason keys, preset and rule names, scoring rules, message ids),
read here from the package itself. A missing or extra id fails with the list of ids per
language, so a new English string names exactly what each translation lacks.

The tables are read with a small tokenizer of JavaScript literals (strings, names,
punctuation, comments), so no JavaScript engine is needed for that. A string may hold plural
choices, ``{count, plural, one {# card} other {# cards}}`` (see ``web/strings.js``): their
syntax and categories are checked here. Then every string of every language is rendered by
the page's own code under Node (``i18n_render.mjs``), for both seats and with the numbers
0, 1 and 2, and the sentences are checked as a reader would: no parameter left unfilled, a
number agreeing with its noun ("1 points", "ne restano 1"), each seat's sentences in its own
person, no "You: ..." label sentences, French spaces before ``: ; ? !``, Spanish ``¿ ¡``,
German nouns capitalised. Inside Pyodide, where ``web/`` is not copied, the tests that read
it skip themselves; the browser test ``e2e/test_i18n.py`` checks the same tables as the page
loads them.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import pkgutil
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest

import ginrummy
from ginrummy import bridge, cards, friend_table, rules
from ginrummy.actions import Kind
from ginrummy.bot.decision import REASONS
from ginrummy.messages import MessageError
from ginrummy.scoring import Outcome, Rule

WEB = Path(__file__).resolve().parent.parent / "web"
SCRIPTS = sorted(path for path in WEB.rglob("*.js") if path.parent.name != "lang")
"""The page's scripts, every folder of ``web/`` but the language tables."""
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


PLURAL = re.compile(r"\{(\w+), plural,((?:\s*[a-z]+\s*\{[^{}]*(?:\{\w+\}[^{}]*)*\})+)\s*\}")
"""A plural choice, as ``web/strings.js`` reads it: ``{name, plural, CATEGORY {text} ...}``."""
BRANCH = re.compile(r"([a-z]+)\s*\{([^{}]*(?:\{\w+\}[^{}]*)*)\}")

CATEGORIES = {
    "en": {"one", "other"},
    "it": {"one", "many", "other"},
    "es": {"one", "many", "other"},
    "fr": {"one", "many", "other"},
    "de": {"one", "other"},
}
"""The plural categories of each language (CLDR, as Intl.PluralRules has them)."""


def plurals(text: str) -> list[tuple[str, dict[str, str]]]:
    """Return the plural choices of a string: each one's number parameter and its branches."""
    return [(name, dict(BRANCH.findall(branches))) for name, branches in PLURAL.findall(text)]


def parameters(text: str) -> set[str]:
    """Return the parameters of a string: ``{name}`` and the numbers of plural choices."""
    return set(re.findall(r"\{(\w+)(?:\}|, plural,)", text))


def page_ids() -> set[str]:
    """Return the ids the page names literally: ``data-i18n`` attributes, ``t("...")``, and
    both persons of ``tSeat("...")``."""
    html = (WEB / "index.html").read_text(encoding="utf-8")
    ids = set(re.findall(r'data-i18n(?:-label)?="([^"]+)"', html))
    for module in SCRIPTS:
        code = module.read_text(encoding="utf-8")
        ids |= set(re.findall(r"""\bt\(\s*["']([^"'$]+)["']""", code))
        literal = {family for family in seat_families(code) if not family.endswith(".")}
        ids |= {f"{family}.{person}" for family in literal for person in PERSONS}
    return ids


def seat_families(code: str) -> set[str]:
    """Return the families of per-seat strings a module names: ``tSeat("id"`` and, for ids
    made in a template (``tSeat(`outcome.${...}`)``), their literal start (``outcome.``)."""
    return set(re.findall(r"""\btSeat\(\s*["'`]([^"'`$]+)""", code))


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
    """Return the prompt ids ``bridge.prompt`` and ``friend_table.page_state`` can answer
    (their ``{"id": ...}`` literals)."""
    ids = set()
    sources = (inspect.getsource(bridge.prompt), inspect.getsource(friend_table.page_state))
    for node in (node for source in sources for node in ast.walk(ast.parse(source))):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "id":
                    assert isinstance(value, ast.Constant)
                    ids.add(value.value)
    return ids


PERSONS = ("you", "opponent")
"""The persons of sentences about a seat (``tSeat`` in ``web/strings.js``): seat 0, seat 1."""
PLAY_WORDS = tuple(kind.value for kind in Kind if kind is not Kind.NEXT)
"""The kinds of move a reason names (``play.WORD``): every action but the next hand."""
MOVE_WORDS = (*PLAY_WORDS, "stock_seen", "knock_count", "meld_many", "add_many", "layoff_many")
"""The moves told of a player (``move.WORD.PERSON``): with a stock draw's card when it may
be told, a knock with the knocker's deadwood, and a run of melds, additions or lay-offs
told once (``turnClauses`` in ``web/table/announce.js``)."""


PASS_AND_PLAY_PERSON = "player"
"""How pass and play's hand's end names a seat: both players read it, so neither is "you"
or "the opponent" but "Player 1" or "Player 2" (``outcome.gin.player``, seat-names.js)."""
NO_WINNER = (Outcome.DEAD, Outcome.TIE)
"""Outcomes no one wins: their headline (``outcome.dead``) names no person."""


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
        "outcome.": {
            f"outcome.{outcome.value}.{person}"
            for outcome in Outcome
            if outcome not in NO_WINNER
            for person in (*PERSONS, PASS_AND_PLAY_PERSON)
        }
        | {f"outcome.{outcome.value}" for outcome in NO_WINNER},
        "ill.outcome.": {
            f"ill.outcome.{outcome.value}" for outcome in Outcome if outcome is not Outcome.DEAD
        },
        "move.": {f"move.{word}.{person}" for word in MOVE_WORDS for person in PERSONS},
        "play.": {f"play.{word}" for word in PLAY_WORDS},
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


@needs_web
def test_plural_choices_are_well_formed() -> None:
    """Each plural choice has a ``one`` and an ``other`` branch, only categories of its
    language, and the number (``#``) in every branch (French says "0 carte" with ``one``);
    no brace is left outside the choices and the ``{parameters}``."""
    problems = []
    for code in ("en", *LANGUAGES):
        for key, text in translation(code).items():
            for name, branches in plurals(text):
                if not {"one", "other"} <= set(branches) <= CATEGORIES[code]:
                    problems.append(f"{code} {key}: {name} has the branches {sorted(branches)}")
                problems += [
                    f"{code} {key}: {name}'s {category} branch does not show the number"
                    for category, form in branches.items()
                    if "#" not in form
                ]
            rest = re.sub(r"\{\w+\}", "", PLURAL.sub("", text))
            if "{" in rest or "}" in rest:
                problems.append(f"{code} {key}: a brace is not a parameter or a plural choice")
    assert not problems, "\n".join(problems)


NODE = shutil.which("node")
needs_node = pytest.mark.skipif(
    NODE is None or not (WEB / "strings.js").exists(),
    reason="no Node to run the page's strings code, or no web/ (Pyodide)",
)

NUMBERS = (0, 1, 2)
"""The numbers every count is rendered with: 0 and 1 are "one" in French, 0 "other" in English."""
NUMERIC = {
    "count", "points", "number", "total", "target", "games", "hands", "bonus", "limit", "value",
    "box", "ace", "max", "step", "hand", "you", "opponent", "before", "after", "place",
    "deadwood", "better_deadwood",
}  # fmt: skip
"""Parameters that are numbers (besides every plural choice's); the others get a word."""
ALL = ("en", *LANGUAGES)
MOVES: list[list[list[object]]] = [
    [["pass", "Qc", {}]],
    [["upcard", "Qc", {}]],
    [["stock", "", {}]],
    [["stock", "", {"drew": "7h"}]],
    [["stock", "", {"drew": "7h", "spoken": True}]],
    [["discard Td", "Td", {}]],
    [["knock Td", "Td", {}]],
    [["gin Td", "Td", {}]],
    [["big gin", "", {}]],
    [["layoff 5d 0", "5d", {}]],
    [["done", "", {}]],
    [["stock", "", {}], ["discard Td", "Td", {"spoken": True}]],
    [["upcard", "Qc", {}], ["discard Td", "Td", {}], ["knock Td", "Td", {}]],
    [
        ["take 2", "5c", {}],
        ["meld 5c5d5h", "", {}],
        ["meld 6d7d8d", "", {}],
        ["discard 9s", "9s", {}],
    ],
    [["add 9d to 6d7d8d", "", {}], ["add 5s to 5c5d5h", "", {}], ["discard Td", "Td", {}]],
    [["layoff 5d 0", "5d", {}], ["layoff 6d 0", "6d", {}], ["done", "", {}]],
    [["layoff 5d 0", "5d", {"spoken": True}], ["layoff 6d 0", "6d", {"spoken": True}]],
]
"""Turns told of a player (action, card, options of ``moveClause``), the knock's deadwood
count added for each number."""


def render(jobs: list[dict[str, object]]) -> list[str]:
    """Return the texts of ``jobs`` as the page's code makes them (``i18n_render.mjs``)."""
    assert NODE is not None
    script = Path(__file__).with_name("i18n_render.mjs")
    done = subprocess.run(
        [NODE, str(script)], input=json.dumps(jobs), capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    texts: list[str] = json.loads(done.stdout)
    return texts


@cache
def rendered() -> tuple[tuple[str, str, int | None, str], ...]:
    """Return every string of every language, rendered: (language, what, number, text).

    What is the id, or ``turn.SEAT`` for a turn of ``MOVES`` told of seat 0 or 1. Strings
    with numbers are rendered once per number of ``NUMBERS`` (every number parameter set to
    it), the others once (number None); every other parameter is ``X``.
    """
    jobs: list[dict[str, object]] = []
    keys: list[tuple[str, str, int | None]] = []
    english = translation("en")
    for code in ALL:
        for key, text in translation(code).items():
            names = parameters(text) | parameters(english[key])
            numeric = {name for name in names if name in NUMERIC}
            numeric |= {name for name, _ in plurals(text) + plurals(english[key])}
            for number in NUMBERS if numeric else (None,):
                params = {name: number if name in numeric else "X" for name in names}
                jobs.append({"lang": code, "id": key, "params": params})
                keys.append((code, key, number))
        for seat in (0, 1):
            for number in NUMBERS:
                for moves in MOVES:
                    counted = [
                        [action, card, {**more, "count": number} if action == "knock Td" else more]
                        for action, card, more in moves
                    ]
                    jobs.append({"lang": code, "seat": seat, "moves": counted})
                    keys.append((code, f"turn.{seat}", number))
    texts = render(jobs)
    return tuple((*key, text) for key, text in zip(keys, texts, strict=True))


@cache
def plural_category(code: str, number: int) -> str:
    """Return the plural category Intl.PluralRules names for ``number`` in ``code``."""
    return render([{"lang": code, "plural": number}])[0]


def failures(check: re.Pattern[str] | None = None) -> list[str]:
    """Return the rendered texts (with language and id) in which ``check`` is found."""
    return [
        f"{code} {key} [{number}]: {text}"
        for code, key, number, text in rendered()
        if check is not None and check.search(text)
    ]


@needs_node
def test_every_string_renders_with_every_parameter_filled() -> None:
    """No ``{parameter}``, plural syntax or ``#`` is left in any rendered string."""
    left = [
        f"{code} {key} [{number}]: {text}"
        for code, key, number, text in rendered()
        if re.search(r"[{}#]", text)
    ]
    assert not left, "\n".join(left[:40])


NOUNS = {
    "en": [("point", "points"), ("card", "cards"), ("game", "games"), ("hand", "hands"),
           ("turn", "turns"), ("move", "moves")],
    "it": [("punto", "punti"), ("carta", "carte"), ("partita", "partite"), ("mano", "mani"),
           ("turno", "turni"), ("mossa", "mosse")],
    "es": [("punto", "puntos"), ("carta", "cartas"), ("juego", "juegos"), ("mano", "manos"),
           ("turno", "turnos"), ("jugada", "jugadas")],
    "fr": [("point", "points"), ("carte", "cartes"), ("partie", "parties"), ("donne", "donnes"),
           ("tour", "tours"), ("coup", "coups")],
    "de": [("Punkt", "Punkte"), ("Karte", "Karten"), ("Spiel", "Spiele"),
           ("Teilspiel", "Teilspiele"), ("Zug", "Züge"), ("Restpunkt", "Restpunkten?")],
}  # fmt: skip
"""Each language's counted nouns, singular and plural, as they follow a number: "3 cards"."""
VERBS = {
    "en": [],
    "it": [("resta", "restano"), ("rimasto", "rimasti")],
    "es": [("queda", "quedan"), ("quedó", "quedaron")],
    "fr": [("(?<!il )reste", "restent")],
    "de": [("bleibt", "bleiben"), ("blieb", "blieben")],
}
"""Verbs that agree with the number that follows them: "ne restano 3", "quedan 3" (French
"il reste 3" is impersonal: singular with any number)."""


@needs_node
def test_numbers_agree_with_their_nouns() -> None:
    """A counted noun (or the verb before the count) takes the form Intl.PluralRules names
    for the number in that language: no "1 points", "1 puntos", "ne restano 1", "0 cartes"."""
    wrong = []
    for code, key, number, text in rendered():
        if number is None:
            continue
        plural = plural_category(code, number) != "one"
        nouns = [(singular if plural else many) for singular, many in NOUNS[code]]
        verbs = [(singular if plural else many) for singular, many in VERBS[code]]
        after = rf"(?<![\d.,]){number} ({'|'.join(nouns)})\b"
        before = rf"\b({'|'.join(verbs) or '(?!)'}) {number}(?![\d.,])"
        if re.search(after, text) or re.search(before, text):
            wrong.append(f"{code} {key} [{number}]: {text}")
    assert not wrong, "\n".join(wrong[:40])


YOU = {
    "en": r"(?i)\b(you|your)\b",
    "it": r"(?i)\b(hai|tu|te|ti|tuo|tua|tuoi|segni)\b",
    "es": r"(?i)\b(tú|tu|te|ti|tus|sumas)\b|\w(aste|iste)\b",
    "fr": r"(?i)\b(vous|votre|vos)\b",
    "de": r"(?i)\b(du|dich|dir|dein\w*)\b",
}
"""What marks a sentence said to the player, in each language."""


OPPONENT = {"en": "opponent", "it": "avversario", "es": "oponente", "fr": "adversaire",
            "de": "Gegner"}  # fmt: skip
"""The opponent's name in each language's sentences about it."""


@needs_node
def test_a_run_of_melds_additions_or_lay_offs_is_told_once() -> None:
    """A turn that lays several melds, adds to the table's melds several times or lays off
    several cards says so once, not the same clause again and again (the page said "The
    opponent took the discard pile down to the 5♣, laid a meld on the table, laid a meld on
    the table, and discarded the 10♥."); a single meld is told as before. Additions name
    the cards added, as lay-offs do (the page said "added to melds on the table 2 times",
    and a single addition did not say what it added)."""
    turns = [
        (1, [["take 2", "5c", {}], ["meld 5c5d5h", "", {}], ["meld 6d7d8d", "", {}],
             ["discard Th", "Th", {}]]),
        (1, [["stock", "", {}], ["meld 5c5d5h", "", {}], ["discard Th", "Th", {}]]),
        (0, [["add 9d to 6d7d8d", "", {}], ["add 5s to 5c5d5h", "", {}],
             ["add Td to 6d7d8d9d", "", {}], ["discard Th", "Th", {}]]),
        (1, [["layoff 5d 0", "5d", {}], ["layoff 6d 0", "6d", {}], ["done", "", {}]]),
        (1, [["layoff 5d 0", "5d", {"spoken": True}], ["layoff 6d 0", "6d", {"spoken": True}]]),
        (1, [["stock", "", {}], ["add 9dTd to 6d7d8d", "", {}], ["discard Th", "Th", {}]]),
    ]  # fmt: skip
    english = render([{"lang": "en", "seat": seat, "moves": moves} for seat, moves in turns])
    assert english == [
        "The opponent took the discard pile down to the 5♣, laid 2 melds on the table, and "
        "discarded the 10♥.",
        "The opponent drew from the stock, laid a meld on the table, and discarded the 10♥.",
        "You added the 9♦, 5♠, and 10♦ to melds on the table and discarded the 10♥.",
        "The opponent laid off the 5♦ and 6♦ and finished laying off.",
        "The opponent laid off the five of diamonds and six of diamonds.",
        "The opponent drew from the stock, added the 9♦ and 10♦ to a meld on the table, and "
        "discarded the 10♥.",
    ]
    german = render([{"lang": "de", "seat": 1, "moves": turns[index][1]} for index in (0, 2)])
    assert german == [
        "Der Gegner hat den Ablagestapel bis 5♣ genommen, 2 Kombinationen ausgelegt und die "
        "10♥ abgelegt.",
        "Der Gegner hat 9♦, 5♠ und 10♦ angelegt und die 10♥ abgelegt.",
    ]


@needs_node
def test_german_says_a_turn_s_shared_auxiliary_once() -> None:
    """German's past tense repeats "hat" in every clause ("Der Gegner hat vom Stapel gezogen,
    hat eine Kombination ausgelegt und hat 7♦ abgelegt.", three lines on a phone): a row of
    clauses that share it says it once, as a German writer would; another auxiliary ("ist
    ... fertig") keeps its own and the one after it. Other languages are as they were."""
    turns = [
        (1, [["stock", "", {}], ["meld 5c5d5h", "", {}], ["discard 7d", "7d", {}]]),
        (0, [["stock", "", {}], ["discard Th", "Th", {}]]),
        (1, [["layoff 5d 0", "5d", {}], ["layoff 6d 0", "6d", {}], ["done", "", {}]]),
        (1, [["pass", "Kd", {}], ["stock", "", {}], ["discard Th", "Th", {}]]),
    ]  # fmt: skip
    german = render([{"lang": "de", "seat": seat, "moves": moves} for seat, moves in turns])
    assert german == [
        "Der Gegner hat vom Stapel gezogen, eine Kombination ausgelegt und die 7♦ abgelegt.",
        "Du hast vom Stapel gezogen und die 10♥ abgelegt.",
        "Der Gegner hat 5♦ und 6♦ angelegt und ist mit dem Anlegen fertig.",
        "Der Gegner hat auf den K♦ verzichtet, vom Stapel gezogen und die 10♥ abgelegt.",
    ]
    italian = render([{"lang": "it", "seat": 1, "moves": turns[0][1]}])
    assert italian == [
        "L'avversario ha pescato dal mazzo, ha calato una combinazione e ha scartato il 7♦."
    ]


@needs_node
def test_a_long_run_is_named_by_its_ends() -> None:
    """A run of four cards or more is named by its first and last cards in a move's
    button and a hint's sentence, so that on a phone "Add 6♣ to 7♣ 8♣ 9♣ 10♣ J♣" and
    its discard share a row (at 360x640 they took two, the hint two lines, and the hand
    went below the fold); round the corner runs (Mahjong gin under its own ace rule) from
    the card after the gap, three cards and sets as they are."""
    melds = {
        "7c8c9cTcJc": "7♣\N{EN DASH}J♣",
        "AsQsKs2s": "Q♠\N{EN DASH}2♠",  # Q K A 2: its cards come in deck order, the run starts at Q
        "Ah2h3h4h": "A♥\N{EN DASH}4♥",
        "7c8c9c": "7♣ 8♣ 9♣",
        "7c7d7h7s": "7♣ 7♦ 7♥ 7♠",
    }
    jobs = [
        {"lang": "en", "reason": {"key": "mj_add", "params": {"cards": "6c", "meld": meld,
                                                             "points": 5}}}
        for meld in melds
    ]  # fmt: skip
    said = [f"Add 6♣ to {shown}: 5 points for you." for shown in melds.values()]
    assert render(jobs) == said


@needs_node
def test_each_seat_is_told_in_its_own_person() -> None:
    """Sentences about the player speak to the player (second person: "Hai bussato.") and
    never name the opponent; sentences about the opponent name it and do not speak to the
    player ("L'avversario ha bussato.") — for every turn told and every per-seat string."""
    families = set()
    for module in SCRIPTS:
        families |= seat_families(module.read_text(encoding="utf-8"))
    # clauses, frames and the auxiliary said once: checked in whole turns (turn.0, turn.1)
    families -= {"move.", "turn", "turn.shared"}
    wrong = []
    for code, key, number, text in rendered():
        family, _, person = key.rpartition(".")
        seat = {"you": 0, "opponent": 1, "0": 0, "1": 1}.get(person)
        told = family == "turn" and person in "01"
        if seat is None or not (told or any(key.startswith(start) for start in families)):
            continue
        to_player = re.search(YOU[code], text) is not None
        names_opponent = OPPONENT[code].lower() in text.lower()
        if (seat == 0) != to_player or (seat == 1) != names_opponent:
            wrong.append(f"{code} {key} [{number}]: {text}")
    assert not wrong, "\n".join(wrong[:40])


LABELS = {"en": "You|Opponent", "it": "Tu|Avversario", "es": "Tú|Oponente",
          "fr": "Vous|Adversaire", "de": "Du|Gegner"}  # fmt: skip


@needs_node
def test_no_sentence_is_a_label_and_a_verb() -> None:
    """A sentence never starts with a player as a label ("You: draws", "Tu: ha bussato"),
    and no string takes the player as a parameter (``{who}``): its person is in its id."""
    wrong = [
        f"{code} {key} [{number}]: {text}"
        for code, key, number, text in rendered()
        if re.search(rf"(^|[.!?]\s)({LABELS[code]})[\s\u202f]*:", text)
    ]
    wrong += [
        f"{code} {key}: {text}"
        for code in ALL
        for key, text in translation(code).items()
        if "who" in parameters(text)
    ]
    assert not wrong, "\n".join(wrong[:40])


@needs_node
def test_each_language_s_typography() -> None:
    """French puts a narrow no-break space (U+202F, the one convention) before ``: ; ? !``
    and ``»`` and after ``«``; Spanish opens ``¿ ¡``; German capitalises the game's nouns."""
    wrong = []
    for code, key, number, text in rendered():
        where = f"{code} {key} [{number}]: {text!r}"
        if code == "fr" and re.search(r"(^|[^\u202f])[:;?!»]|«(?!\u202f)|\u00a0", text):
            wrong.append(where)
        if code == "es":  # a mark after a space is a key's name ("pulsa ?"), not a question
            for mark, opening in (("?", "¿"), ("!", "¡")):
                closing = re.search(rf"\S\{mark}", text)
                if closing and opening not in text[: closing.start()]:
                    wrong.append(where)
        lower_nouns = r"\b(karten?|punkte?|teilspiele?|stapel|ablagestapel|restpunkte?n?|gegner)\b"
        if code == "de" and re.search(lower_nouns, text):
            wrong.append(where)
    assert not wrong, "\n".join(wrong[:40])


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
        ({"preset": "mahjong", "knock_limit": "10"}, "mahjong_fixed"),
        ({"seed": "-3"}, "seed"),
        ({"level": "genius"}, "level"),
    ],
)
def test_a_player_s_bad_game_says_which_message(params: dict[str, str], key: str) -> None:
    """Every bad rule, deal number or level a player can type carries its message id."""
    answer = json.loads(bridge.request("new", json.dumps(params)))
    assert answer["ok"] is False
    assert answer["message"]["id"] == key, answer
