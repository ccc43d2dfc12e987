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

import importlib.util
import zipfile

_FIXED_TIME = (1980, 1, 1, 0, 0, 0)
"""The time stamp of every entry written, so the zip is reproducible."""
OPTIMIZE = 2
"""Compiled as ``python -OO`` would: no docstrings and no ``assert`` statements (the
standard library's code runs without them: the zip is a sixth smaller, and the page's
snapshot 0.28 MB lighter gzipped)."""


def pyc_bytes(source: bytes, filename: str) -> bytes:
    """Return the ``.pyc`` contents for ``source`` compiled as ``filename``."""
    code = compile(source, filename, "exec", dont_inherit=True, optimize=OPTIMIZE)
    source_hash = importlib.util.source_hash(source)
    return bytes(importlib._bootstrap_external._code_to_hash_pyc(code, source_hash, False))  # type: ignore[attr-defined]


def compile_zip(source: str, target: str, where: str) -> int:
    """Write ``target``: the zip ``source`` with its ``.py`` entries compiled; return how many.

    ``where`` is put before each entry's name to make the file name its code reports
    (the standard library zip's mount point). Entries that are not Python sources are
    copied as they are.
    """
    compiled = 0
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            data = old.read(info)
            name = info.filename
            if name.endswith(".py"):
                data = pyc_bytes(data, where + name)
                name += "c"
                compiled += 1
            entry = zipfile.ZipInfo(name, _FIXED_TIME)
            entry.external_attr = info.external_attr
            entry.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
            new.writestr(entry, data, compresslevel=9)
    return compiled
