"""Compile the Python sources of a zip to ``.pyc`` files, for the Python running this.

Run inside the pinned Pyodide under Node by ``tools/pyc_zip.mjs``, so the bytecode
matches the interpreter the page boots. Each ``name.py`` becomes a sourceless
``name.pyc`` beside it (the layout ``zipimport`` and the path finder read without a
``__pycache__``), marked "unchecked hash" so no timestamp is read or stored: the
output is the same bytes for the same input. Code objects keep ``where + name`` as
their file name, so tracebacks still name the file and line. (``pyc_zip.mjs`` starts
Python without column positions, ``PYTHONNODEBUGRANGES``: a traceback then marks no
columns, and the files are a fifth smaller.)
"""

from __future__ import annotations

import ast
import importlib.util
import sys
import zipfile
from collections.abc import Container

_FIXED_TIME = (1980, 1, 1, 0, 0, 0)
"""The time stamp of every entry written, so the zip is reproducible."""


class _NoSignatureAnnotations(ast.NodeTransformer):
    """Drops the annotations of function parameters and returns, which nothing reads at
    run time here; class attributes keep theirs (dataclasses and named tuples read them)."""

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.FunctionDef:
        """Strip ``node``'s signature, then look inside it."""
        arguments = node.args
        node.returns = None
        for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs):
            argument.annotation = None
        for star in (arguments.vararg, arguments.kwarg):
            if star is not None:
                star.annotation = None
        self.generic_visit(node)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]


def pyc_bytes(source: bytes, filename: str, strip_signatures: bool = False) -> bytes:
    """Return the ``.pyc`` contents for ``source`` compiled as ``filename``.

    With ``strip_signatures`` the functions lose their parameter and return annotations
    (see ``_NoSignatureAnnotations``); every line keeps its number.
    """
    tree = ast.parse(source, filename)
    if strip_signatures:
        tree = _NoSignatureAnnotations().visit(tree)
    code = compile(tree, filename, "exec", dont_inherit=True)
    source_hash = importlib.util.source_hash(source)
    return bytes(importlib._bootstrap_external._code_to_hash_pyc(code, source_hash, False))  # type: ignore[attr-defined]


def imported_from(archive: str, statement: str) -> set[str]:
    """Run ``statement`` with the zip ``archive`` first on the import path; return the
    entry names (``package/module.py``) of the modules it imported from there."""
    sys.path.insert(0, archive)
    exec(statement, {})  # the build's own statement
    prefix = archive + "/"
    files = [getattr(module, "__file__", None) for module in list(sys.modules.values())]
    return {file.removeprefix(prefix) for file in files if file and file.startswith(prefix)}


def compile_zip(
    source: str,
    target: str,
    where: str,
    only: Container[str] | None = None,
    stored: bool = False,
    strip_signatures: bool = False,
) -> int:
    """Write ``target``: the zip ``source`` with its ``.py`` entries compiled; return how many.

    ``where`` is put before each entry's name to make the file name its code reports
    (the stdlib zip's mount point, or where the page puts the engine's zip). ``only``
    names the entries to compile (default: every ``.py``); the others, and entries that
    are not Python sources, are copied as they are. ``stored`` writes the entries
    uncompressed (for a zip compressed as a whole); ``strip_signatures`` see ``pyc_bytes``.
    """
    compiled = 0
    method = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", method) as new:
        for info in old.infolist():
            data = old.read(info)
            name = info.filename
            if name.endswith(".py") and (only is None or name in only):
                data = pyc_bytes(data, where + name, strip_signatures)
                name += "c"
                compiled += 1
            entry = zipfile.ZipInfo(name, _FIXED_TIME)
            entry.external_attr = info.external_attr
            entry.compress_type = zipfile.ZIP_STORED if info.is_dir() else method
            new.writestr(entry, data, compresslevel=9)
    return compiled
