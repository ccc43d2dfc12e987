"""This package compiled to bytecode, for a page that loads it again (``bytecode`` request).

A cold page compiles the engine from source; after its first deal it asks for this zip
and keeps it, so the next load unpacks it beside the sources and compiles nothing.
"""

from __future__ import annotations

import importlib.util
import py_compile
import tempfile
import zipfile
from pathlib import Path


def write_bytecode(path: str) -> dict[str, object]:
    """Zip this package compiled to checked-hash ``.pyc`` files at ``path``; their count.

    Each goes where the import system looks (``ginrummy/__pycache__/NAME.TAG.pyc``), so
    unpacked beside the sources it spares the next load the compiling. Checked-hash
    files are compared with their source at import: a stale one is recompiled, not used.
    """
    package = Path(__file__).resolve().parent
    sources = sorted(package.rglob("*.py"))
    with tempfile.TemporaryDirectory() as scratch, zipfile.ZipFile(path, "w") as archive:
        for source in sources:
            relative = source.relative_to(package.parent).as_posix()
            compiled = Path(scratch, relative + "c")
            compiled.parent.mkdir(parents=True, exist_ok=True)
            py_compile.compile(
                str(source),
                cfile=str(compiled),
                doraise=True,
                invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH,
            )
            archive.write(compiled, importlib.util.cache_from_source(relative))
    return {"path": path, "modules": len(sources)}
