"""Install the published wheel with micropip, as anyone's Pyodide would, and slim it.

``tools/snapshot.mjs`` runs ``install`` in a Pyodide of its own, with micropip (the pinned
PyPI wheel of ``requirements-pyodide.txt``) and the site's wheel in its file system, then
copies the engine's files that micropip installed, slimmed here, into the Pyodide it
snapshots: so the page runs the published wheel's code, and the snapshot holds none of
micropip (its modules, its loggers, its JavaScript handles, which would stop Pyodide from
making a snapshot at all).

Each installed file is checked against the wheel's RECORD (micropip unpacks without
checking), then slimmed with ``slim_wheel.slim_source``: docstrings and comments out,
every line of code on its line. Runs inside Pyodide; micropip and the standard library
only.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import json
from pathlib import Path

import micropip  # the Pyodide's, from the pinned PyPI wheel

import slim_wheel

PACKAGE = "ginrummy"


def record_digest(data: bytes) -> str:
    """Return ``data``'s SHA-256 as a wheel's RECORD writes it (urlsafe base64, no padding)."""
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


async def install(wheel_url: str, leave_out: list[str]) -> str:
    """Install the wheel at ``wheel_url`` with micropip; check, slim and list its files.

    The files of the package whose names start with one of ``leave_out`` are deleted (the
    page never imports them). Returns JSON: the distribution's ``version``, the folder
    it is installed in (``where``) and ``files``, each installed package file kept (its
    name under ``where``) with the SHA-256 (hex) it had as installed, before slimming.

    :raises ValueError: when an installed file is not as the wheel's RECORD says.
    """
    await micropip.install(wheel_url, deps=False)
    dist = importlib.metadata.distribution(PACKAGE)
    where = Path(str(dist.locate_file("")))
    files = {}
    for entry in dist.files or ():
        name = entry.as_posix()
        if not name.startswith(f"{PACKAGE}/") or entry.hash is None:
            continue  # the .dist-info folder
        path = where / name
        data = path.read_bytes()
        if record_digest(data) != entry.hash.value:
            raise ValueError(f"{name} as installed is not the wheel's (RECORD)")
        if name.startswith(tuple(leave_out)):
            path.unlink()
            continue
        files[name] = hashlib.sha256(data).hexdigest()
        if name.endswith(".py"):
            path.write_bytes(slim_wheel.slim_source(data, name))
    return json.dumps({"version": dist.version, "where": str(where), "files": files})
