"""Slim a pure wheel for the site: its Python sources without docstrings or comments.

The site's Python imports the engine from these sources before its memory is saved
(``snapshot.py``), so every docstring and comment would go to each player, in the
snapshot, for nothing. ``slim_wheel`` writes a copy whose ``.py`` files
have them taken out while every line of code keeps its line number, so a traceback from
the site names the same line as the repository.

Standard library only: the build runs it before anything is installed.
Usage: ``python tools/slim_wheel.py dist/ginrummy-*.whl OUT_DIR``.
"""

from __future__ import annotations

import argparse
import ast
import base64
import csv
import hashlib
import io
import re
import tokenize
import zipfile
from collections.abc import Iterator
from pathlib import Path

FIXED_TIME = (1980, 1, 1, 0, 0, 0)
"""The time stamp of every entry written, so the same wheel in gives the same bytes out."""

PLACEHOLDER = "..."
"""What stands for a docstring where a statement must stay (see ``docstrings``)."""

_DOC_OWNERS = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
_CODING = re.compile(r"^[ \t\f]*#.*?coding[:=][ \t]*[-\w.]+")
"""PEP 263's encoding declaration (the one comment that changes how a file is read)."""
_WHITESPACE = " \t\f"
"""What trailing whitespace is made of (the tokenizer's blanks)."""


def _lines(source: str) -> list[str]:
    """Split ``source`` into lines that keep their ending, as the tokenizer numbers them."""
    lines = source.split("\n")
    last = lines.pop()
    out = [line + "\n" for line in lines]
    return [*out, last] if last else out


def _split_end(line: str) -> tuple[str, str]:
    """Return ``line`` without its line ending, and the ending (``\\n``, ``\\r\\n`` or none)."""
    for ending in ("\r\n", "\n"):
        if line.endswith(ending):
            return line[: -len(ending)], ending
    return line, ""


def _char_col(line: str, byte_col: int) -> int:
    """Turn an ``ast`` column (UTF-8 bytes into the line) into a ``str`` index."""
    return len(line.encode()[:byte_col].decode())


def reads_docstrings(tree: ast.Module) -> bool:
    """Tell whether a module mentions ``__doc__`` (a name, an attribute or a string)."""
    for node in ast.walk(tree):
        if (
            (isinstance(node, ast.Name) and node.id == "__doc__")
            or (isinstance(node, ast.Attribute) and node.attr == "__doc__")
            or (isinstance(node, ast.Constant) and node.value == "__doc__")
        ):
            return True
    return False


def _is_string(stmt: ast.stmt) -> bool:
    """Tell whether ``stmt`` is a string on its own (a docstring when it comes first)."""
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Constant)
        and isinstance(stmt.value.value, str)
    )


def bare_strings(tree: ast.Module) -> Iterator[tuple[ast.Expr, bool]]:
    """Yield each string standing alone as a statement, and whether one must stay there.

    These are docstrings and attribute docs: strings that do nothing when run. One must
    stay (as ``...``) for a body that would be left empty (a module may be empty).
    """
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if not isinstance(body, list) or not body or not isinstance(body[0], ast.stmt):
                continue
            strings = [stmt for stmt in body if _is_string(stmt)]
            emptied = len(strings) == len(body) and not isinstance(node, ast.Module)
            for index, stmt in enumerate(strings):
                assert isinstance(stmt, ast.Expr)
                yield stmt, emptied and index == 0


def _drop_comments(lines: list[str], keep_coding: bool) -> set[int]:
    """Cut every comment from ``lines`` in place; return the rows ending inside a string.

    Rows are 0-based. A row whose end is inside a string keeps its trailing whitespace
    (it is part of the string). With ``keep_coding``, an encoding declaration on the
    first two lines stays.
    """
    in_string: set[int] = set()
    readline = iter(lines).__next__
    depth = 0
    opened = 0
    for token in tokenize.generate_tokens(readline):
        (start_row, start_col), end_row = token.start, token.end[0]
        kind = tokenize.tok_name[token.type]
        if kind == "COMMENT":
            if keep_coding and start_row <= 2 and _CODING.match(lines[start_row - 1]):
                continue
            body, ending = _split_end(lines[start_row - 1])
            lines[start_row - 1] = body[:start_col] + ending
        elif kind == "STRING":
            in_string.update(range(start_row - 1, end_row - 1))
        elif kind in ("FSTRING_START", "TSTRING_START"):  # 3.12+ split f- and t-strings
            depth += 1
            if depth == 1:
                opened = start_row
        elif kind in ("FSTRING_END", "TSTRING_END"):
            depth -= 1
            if depth == 0:
                in_string.update(range(opened - 1, end_row - 1))
    return in_string


def _drop_docstring(lines: list[str], original: list[str], stmt: ast.Expr, keep: bool) -> None:
    """Replace the string statement ``stmt`` in ``lines`` and keep every row in place.

    A string on lines of its own becomes blank lines. One sharing a line with code
    (``def f(): "..."``, ``"..."; x = 1``), or with ``keep`` (a statement must stay),
    becomes ``...``. When code follows on its last line, the rows between end in
    backslashes, so that code stays in the same logical line.
    """
    first, last = stmt.lineno - 1, (stmt.end_lineno or stmt.lineno) - 1
    start = _char_col(original[first], stmt.col_offset)
    end = _char_col(original[last], stmt.end_col_offset or 0)
    prefix = lines[first][:start]
    tail, ending = _split_end(lines[last])
    tail = tail[end:]
    placeholder = PLACEHOLDER if keep or prefix.strip() or tail.strip() else ""
    if first == last:
        lines[first] = prefix + placeholder + tail + ending
        return
    joined = "\\" if tail.strip() else ""
    lines[first] = prefix + placeholder + joined + _split_end(lines[first])[1]
    for row in range(first + 1, last):
        lines[row] = joined + _split_end(lines[row])[1]
    lines[last] = tail + ending


def slim_source(source: bytes, filename: str = "<source>") -> bytes:
    """Return ``source`` without docstrings and comments, each line of code where it was.

    The code compiles to the same behaviour: only ``__doc__`` becomes ``None``.
    Docstrings (and attribute docs: any string standing alone as a statement) stay in a
    module that mentions ``__doc__`` (a command line that uses its docstring as
    ``--help`` text). Other strings (f-strings, ``#`` inside strings) are kept byte for
    byte; trailing whitespace outside strings goes. The encoding (and a byte-order mark)
    is kept.

    :raises SyntaxError: when ``source`` (named ``filename`` in the message) is not
        valid Python, or if the slimmed text were not (a bug here, never shipped).
    """
    encoding, _ = tokenize.detect_encoding(io.BytesIO(source).readline)
    text = source.decode(encoding)
    tree = ast.parse(text, filename)
    original = _lines(text)
    lines = list(original)
    in_string = _drop_comments(lines, keep_coding=encoding not in ("utf-8", "utf-8-sig"))
    rewritten: set[int] = set()
    if not reads_docstrings(tree):
        for stmt, keep in bare_strings(tree):
            _drop_docstring(lines, original, stmt, keep)
            rewritten.update(range(stmt.lineno - 1, stmt.end_lineno or stmt.lineno))
    for row, line in enumerate(lines):
        if row in rewritten or row not in in_string:
            body, ending = _split_end(line)
            lines[row] = body.rstrip(_WHITESPACE) + ending
    slim = "".join(lines)
    compile(slim, filename, "exec", dont_inherit=True)
    return slim.encode(encoding)


def record_hash(data: bytes) -> str:
    """Return a file's hash as a wheel's RECORD writes it (PEP 376/427)."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode("ascii")


def _record(text: str, changed: dict[str, bytes]) -> str:
    """Return the RECORD ``text`` with the hash and size of each ``changed`` file renewed.

    The other lines, and the order of all, are kept as they were.
    """
    out = []
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        row = next(csv.reader([body])) if body else []
        if row and row[0] in changed:
            data = changed[row[0]]
            buffer = io.StringIO()
            csv.writer(buffer, lineterminator="").writerow([row[0], record_hash(data), len(data)])
            line = buffer.getvalue() + line[len(body) :]
        out.append(line)
    return "".join(out)


def slim_wheel(wheel: Path, out_dir: Path) -> Path:
    """Write ``wheel`` to ``out_dir`` (same file name) with its sources slimmed; return it.

    Each ``.py`` file goes through ``slim_source``: docstrings and comments out, every
    line of code on its line. A module that mentions ``__doc__`` keeps its docstrings
    (in ginrummy: ``bench`` and the ``cli`` modules, whose ``--help`` is their
    docstring). ``py.typed`` and other files are copied as they are. The RECORD gets
    the new hash and size of each changed file, its lines in their order. Entries keep
    their order and modes, with a fixed time stamp and deflate level 9, so the same
    wheel in gives the same bytes out.

    :raises ValueError: when ``wheel`` has no RECORD, or is signed (a signature of
        the RECORD would no longer hold).
    :raises SyntaxError: when one of its ``.py`` files is not valid Python.
    """
    with zipfile.ZipFile(wheel) as old:
        infos = old.infolist()
        records = [info.filename for info in infos if info.filename.endswith(".dist-info/RECORD")]
        if len(records) != 1:
            raise ValueError(f"{wheel.name}: expected one .dist-info/RECORD, found {len(records)}")
        if any(
            info.filename.endswith((".dist-info/RECORD.jws", ".dist-info/RECORD.p7s"))
            for info in infos
        ):
            raise ValueError(f"{wheel.name} is signed; slimming it would break the signature")
        contents = {info.filename: old.read(info) for info in infos}
    changed = {}
    for name, data in contents.items():
        if name.endswith(".py"):
            slim = slim_source(data, name)
            if slim != data:
                changed[name] = contents[name] = slim
    record = records[0]
    contents[record] = _record(contents[record].decode("utf-8"), changed).encode("utf-8")
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / wheel.name
    if target.resolve() == wheel.resolve():
        raise ValueError(f"{wheel.name}: the slim wheel would overwrite its source")
    partial = target.with_name(target.name + ".partial")
    with zipfile.ZipFile(partial, "w") as new:
        for info in infos:
            entry = zipfile.ZipInfo(info.filename, FIXED_TIME)
            entry.external_attr = info.external_attr
            entry.create_system = info.create_system
            entry.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
            new.writestr(entry, contents[info.filename], compresslevel=9)
    partial.replace(target)
    return target


def main(argv: list[str] | None = None) -> int:
    """Slim a wheel into a folder: ``slim_wheel.py WHEEL OUT_DIR``; print both sizes."""
    parser = argparse.ArgumentParser(description="Write a wheel without docstrings or comments.")
    parser.add_argument("wheel", type=Path, help="the wheel to slim")
    parser.add_argument("out_dir", type=Path, help="the folder for the slim wheel (same name)")
    args = parser.parse_args(argv)
    try:
        slim = slim_wheel(args.wheel, args.out_dir)
    except (OSError, ValueError, SyntaxError, zipfile.BadZipFile) as error:
        parser.exit(1, f"slim_wheel: {error}\n")
    print(f"{slim}: {args.wheel.stat().st_size} -> {slim.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
