"""The wheel slimmer of the build (``tools/slim_wheel.py``): code kept line for line."""

from __future__ import annotations

import ast
import base64
import csv
import hashlib
import io
import json
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tooling import tool

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="no tools/ in Pyodide")

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "py" / "ginrummy"

TRICKY = "\n".join(
    [
        "#!/usr/bin/env python3",
        '"""Module docstring.',
        "",
        "Two paragraphs.",
        '"""',
        "",
        "import os  # a comment after code",
        "    # a comment-only line",
        "",
        'HASH = "a # inside a string"',
        'FSTRING = f"{len(HASH)} # in an f-string {HASH!r:#>30}"',
        "TOTAL = 1 + \\",
        "    2  # after a continuation",
        'SPACES = """keep   ',
        "trailing\t",
        '"""',
        "",
        "",
        "def only_doc():",
        '    """Only a docstring."""',
        "",
        "",
        "async def async_doc(x):",
        "    '''Async docstring",
        "    on two lines.'''",
        "    return x",
        "",
        "",
        "class Thing:   ",
        '    """Class docstring."""',
        "",
        "    value = 3",
        '    """An attribute doc goes too."""',
        "",
        "    def method(self):  # comment after a def",
        '        """Method docstring,',
        '        more."""',
        '        "a second string statement goes too"',
        "        return self.value",
        "",
        "",
        'def same_line(): "doc on the def line"',
        "",
        "",
        "def with_semicolon():",
        '    """doc""" ; return os.sep',
        "",
        "",
        "def multi_semicolon():",
        '    """doc',
        '    on two lines"""; return 5',
        "",
        "",
        "def parenthesized():",
        "    (",
        '        "implicit "',
        '        "concatenation"',
        "    )",
        "    return 6",
        "",
    ]
)
"""A module with every case the slimmer must get right (trailing whitespace included)."""

TRICKY_SLIM = "\n".join(
    [
        "",
        "",
        "",
        "",
        "",
        "",
        "import os",
        "",
        "",
        'HASH = "a # inside a string"',
        'FSTRING = f"{len(HASH)} # in an f-string {HASH!r:#>30}"',
        "TOTAL = 1 + \\",
        "    2",
        'SPACES = """keep   ',
        "trailing\t",
        '"""',
        "",
        "",
        "def only_doc():",
        "    ...",
        "",
        "",
        "async def async_doc(x):",
        "",
        "",
        "    return x",
        "",
        "",
        "class Thing:",
        "",
        "",
        "    value = 3",
        "",
        "",
        "    def method(self):",
        "",
        "",
        "",
        "        return self.value",
        "",
        "",
        "def same_line(): ...",
        "",
        "",
        "def with_semicolon():",
        "    ... ; return os.sep",
        "",
        "",
        "def multi_semicolon():",
        "    ...\\",
        "; return 5",
        "",
        "",
        "def parenthesized():",
        "",
        "",
        "",
        "",
        "    return 6",
        "",
    ]
)
"""What ``TRICKY`` must become, line for line."""

READS_DOC = '"""Print this text."""\n\n\ndef main():  # the help\n    print(__doc__)\n'
"""A command-line module: its docstring is its help, so it must stay."""


@pytest.fixture(scope="module")
def slimmer() -> ModuleType:
    """Return ``tools/slim_wheel.py`` as the build loads it."""
    return tool("slim_wheel")


def record_line(name: str, data: bytes) -> str:
    """Return the RECORD line of a file, hashed as PEP 376 says."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def make_wheel(folder: Path, name: str, files: dict[str, bytes]) -> Path:
    """Write a wheel ``name`` holding ``files`` and a RECORD of them; return its path."""
    dist_info = "-".join(name.split("-")[:2]) + ".dist-info"
    files = {**files, f"{dist_info}/WHEEL": b"Wheel-Version: 1.0\nRoot-Is-Purelib: true\n"}
    record = "".join(record_line(path, data) for path, data in files.items())
    files[f"{dist_info}/RECORD"] = (record + f"{dist_info}/RECORD,,\n").encode()
    wheel = folder / name
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            archive.writestr(path, data)
    return wheel


def package_files() -> dict[str, bytes]:
    """Return the files of the ginrummy package as a wheel holds them, by archive name."""
    return {
        path.relative_to(PACKAGE.parent).as_posix(): path.read_bytes()
        for path in sorted(PACKAGE.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


@pytest.fixture(scope="module", params=["sources", "hatchling"])
def wheel(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, built_wheel: Path
) -> Path:
    """Return the package's wheel: one zipped here from py/, or the real one, built by
    hatchling as ``build.py wheel`` builds it."""
    if request.param == "hatchling":
        return built_wheel
    folder = tmp_path_factory.mktemp(request.param)
    return make_wheel(folder, "ginrummy-0.0-py3-none-any.whl", package_files())


@pytest.fixture(scope="module")
def slim(slimmer: ModuleType, wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return the slim copy of ``wheel``."""
    out: Path = slimmer.slim_wheel(wheel, tmp_path_factory.mktemp("slim"))
    return out


def read_all(wheel: Path) -> dict[str, bytes]:
    """Return every file of a wheel by name, in archive order."""
    with zipfile.ZipFile(wheel) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def bare_string(node: ast.AST) -> bool:
    """Tell whether ``node`` is a string standing alone as a statement (a doc)."""
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def bodies(tree: ast.Module) -> Iterator[tuple[ast.AST, str, list[ast.stmt]]]:
    """Yield every list of statements in ``tree``: its owner, field name and statements."""
    for owner in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            body = getattr(owner, field, None)
            if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                yield owner, field, body


def string_lines(tree: ast.Module) -> set[int]:
    """Return the first line of every string standing alone as a statement in ``tree``."""
    return {stmt.lineno for _, _, body in bodies(tree) for stmt in body if bare_string(stmt)}


def without(tree: ast.Module, lines: set[int]) -> ast.Module:
    """Drop from ``tree`` each expression statement that starts on ``lines`` (the docs, and
    the ``...`` standing for one)."""
    for owner, field, body in list(bodies(tree)):
        kept = [s for s in body if not (isinstance(s, ast.Expr) and s.lineno in lines)]
        setattr(owner, field, kept)
    return tree


def positions(tree: ast.Module, doc_rows: set[int]) -> Iterator[tuple[str, int, int, int]]:
    """Yield each node's kind and lines, and its column when its line held no doc.

    A block's last line is left out: a doc at its end is gone (its code is not).
    """
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt | ast.expr | ast.arg | ast.keyword | ast.alias):
            column = -1 if node.lineno in doc_rows else node.col_offset
            end = -1 if hasattr(node, "body") else node.end_lineno or 0
            yield type(node).__name__, node.lineno, end, column


def assert_same_code(original: str, slim: str) -> None:
    """Check ``slim`` is ``original`` without docs and with every node on its line."""
    before, after = ast.parse(original), ast.parse(slim)
    docs = string_lines(before)
    assert string_lines(after) == set(), "a doc was left"
    doc_rows = {
        row
        for _, _, body in bodies(before)
        for stmt in body
        if bare_string(stmt)
        for row in range(stmt.lineno, (stmt.end_lineno or 0) + 1)
    }
    before, after = without(before, docs), without(after, docs)
    assert ast.dump(after) == ast.dump(before)
    assert list(positions(after, doc_rows)) == list(positions(before, doc_rows))
    assert slim.count("\n") == original.count("\n")


def test_the_tricky_module_loses_docstrings_and_comments_and_nothing_else(
    slimmer: ModuleType,
) -> None:
    slim = slimmer.slim_source(TRICKY.encode(), "tricky.py").decode()
    assert slim == TRICKY_SLIM
    assert_same_code(TRICKY, slim)
    module = ModuleType("tricky")
    exec(compile(slim, "tricky.py", "exec"), module.__dict__)
    assert module.__doc__ is None and module.HASH == "a # inside a string"
    fstring = "19 # in an f-string " + "'a # inside a string'".rjust(30, "#")
    assert fstring == module.FSTRING
    assert module.SPACES == "keep   \ntrailing\t\n" and module.TOTAL == 3
    assert module.Thing.__doc__ is None and module.Thing().method() == 3
    assert module.Thing.method.__doc__ is None and module.only_doc() is None
    assert (module.with_semicolon(), module.multi_semicolon(), module.parenthesized()) == (
        "/",
        5,
        6,
    )


def test_other_encodings_and_line_endings_are_kept(slimmer: ModuleType) -> None:
    crlf = TRICKY.replace("\n", "\r\n").encode()
    assert slimmer.slim_source(crlf) == TRICKY_SLIM.replace("\n", "\r\n").encode()
    latin = '# -*- coding: latin-1 -*-\n"""Doc."""\nNAME = "café"  # é\n'.encode("latin-1")
    assert slimmer.slim_source(latin) == '# -*- coding: latin-1 -*-\n\nNAME = "café"\n'.encode(
        "latin-1"
    )
    bom = "\ufeff".encode() + b'"""Doc."""\nX = 1  # one\n'
    assert slimmer.slim_source(bom) == "\ufeff".encode() + b"\nX = 1\n"


def test_a_module_that_reads_its_docstring_keeps_them(slimmer: ModuleType, tmp_path: Path) -> None:
    files = {
        "demo/__init__.py": TRICKY.encode(),
        "demo/cli.py": READS_DOC.encode(),
        "demo/py.typed": b"",
        "demo/data.txt": b"# not Python   \n",
    }
    wheel = make_wheel(tmp_path, "demo-1.0-py3-none-any.whl", files)
    slim = read_all(slimmer.slim_wheel(wheel, tmp_path / "out"))
    assert slim["demo/cli.py"] == b'"""Print this text."""\n\n\ndef main():\n    print(__doc__)\n'
    assert slim["demo/__init__.py"] == TRICKY_SLIM.encode()
    assert slim["demo/py.typed"] == b"" and slim["demo/data.txt"] == files["demo/data.txt"]
    assert_valid_record(slim)


def test_bad_input_is_refused_with_a_clear_message(slimmer: ModuleType, tmp_path: Path) -> None:
    broken = make_wheel(tmp_path, "bad-1.0-py3-none-any.whl", {"bad/x.py": b"def f(:\n"})
    with pytest.raises(SyntaxError) as error:
        slimmer.slim_wheel(broken, tmp_path / "out")
    assert error.value.filename == "bad/x.py"
    assert not (tmp_path / "out" / broken.name).exists()
    with pytest.raises(ValueError, match="would overwrite its source"):
        slimmer.slim_wheel(make_wheel(tmp_path, "ok-1.0-py3-none-any.whl", {}), tmp_path)
    plain = tmp_path / "plain-1.0-py3-none-any.whl"
    with zipfile.ZipFile(plain, "w") as archive:
        archive.writestr("plain/__init__.py", "")
    with pytest.raises(ValueError, match=r"expected one \.dist-info/RECORD, found 0"):
        slimmer.slim_wheel(plain, tmp_path / "out")


def assert_valid_record(files: dict[str, bytes]) -> None:
    """Check a wheel's RECORD lists every file once, with its true hash and size."""
    (record,) = (name for name in files if name.endswith(".dist-info/RECORD"))
    rows = list(csv.reader(io.StringIO(files[record].decode())))
    assert [row[0] for row in rows] == [*(name for name in files if name != record), record]
    for name, digest, size in rows:
        if name == record:
            assert (digest, size) == ("", "")
        else:
            assert record_line(name, files[name]) == f"{name},{digest},{size}\n"


def test_every_module_of_the_package_keeps_its_code_line_for_line(wheel: Path, slim: Path) -> None:
    original, slimmed = read_all(wheel), read_all(slim)
    assert list(slimmed) == list(original)
    kept = set()
    for name, source in original.items():
        if name.endswith(".dist-info/RECORD"):
            continue  # checked below
        if not name.endswith(".py"):
            assert slimmed[name] == source
        elif b"__doc__" in source:
            kept.add(name)
            tree = ast.parse(slimmed[name])
            assert string_lines(tree) == string_lines(ast.parse(source))
        else:
            assert_same_code(source.decode(), slimmed[name].decode())
    # these read their docstring for --help; the site never imports them
    assert {"ginrummy/bench.py", "ginrummy/cli/__init__.py", "ginrummy/cli/play.py"} <= kept
    assert_valid_record(slimmed)


def test_the_slim_wheel_is_smaller_and_the_same_every_time(
    slimmer: ModuleType, wheel: Path, slim: Path, tmp_path: Path
) -> None:
    again = slimmer.slim_wheel(wheel, tmp_path)
    assert again.name == slim.name == wheel.name
    assert again.read_bytes() == slim.read_bytes()
    assert slim.stat().st_size < 0.85 * wheel.stat().st_size
    with zipfile.ZipFile(slim) as archive:
        for info in archive.infolist():
            assert info.date_time == (1980, 1, 1, 0, 0, 0)
            assert info.compress_type == zipfile.ZIP_DEFLATED


PLAY = """
import json, sys, traceback
sys.path.insert(0, sys.argv[1])
from ginrummy import bridge, cards
assert bridge.__file__.startswith(sys.argv[1]), bridge.__file__
answers = [bridge.request("options")]
answers.append(bridge.request("new", json.dumps({"seed": "11", "level": "hard"})))
for _ in range(12):
    state = json.loads(answers[-1])
    if state["opponent_to_move"]:
        move = json.loads(bridge.request("opponent"))
        move["move"].pop("ms")  # the time it thought
        answers.append(json.dumps(move))
    else:
        answers.append(bridge.request("play", state["view"]["legal"][0]))
answers.append(bridge.request("rules_help", json.dumps({"preset": "oklahoma"})))
answers.append(bridge.request("play", "discard Zz"))
try:
    cards.parse_cards("As Zz")
except ValueError:
    frames = traceback.extract_tb(sys.exc_info()[2])
print(json.dumps({
    "answers": answers,
    "frames": [(f.filename[len(sys.argv[1]):], f.lineno, f.name, f.line) for f in frames],
}))
"""
"""Play a few moves through the bridge from the package in a folder; print what came back."""


def unpack_and_play(wheel: Path, folder: Path) -> dict[str, Any]:
    """Unpack ``wheel`` into ``folder`` and run ``PLAY`` there, away from the repo's package."""
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(folder)
    command = [sys.executable, "-I", "-S", "-c", PLAY, str(folder)]
    done = subprocess.run(command, capture_output=True, text=True, check=True, timeout=300)
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def test_the_slim_package_plays_the_same_game(wheel: Path, slim: Path, tmp_path: Path) -> None:
    original = unpack_and_play(wheel, tmp_path / "original")
    slimmed = unpack_and_play(slim, tmp_path / "slim")
    assert slimmed["answers"] == original["answers"]
    assert all(json.loads(str(answer))["ok"] for answer in original["answers"][:-1])
    # a traceback from the slim package names the same file, line and code
    assert [frame[:3] for frame in slimmed["frames"]] == [frame[:3] for frame in original["frames"]]
    assert [frame[3] for frame in slimmed["frames"]] == [frame[3] for frame in original["frames"]]
    assert str(original["frames"][-1][2]) == "parse_card"
