"""The promise of ``docs/python.md``: its worked example prints what the page shows, in
this Python, in a fresh virtual environment that installed the wheel, and in Pyodide
under Node after micropip installed the site's wheel."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tooling import tool

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "python.md"
pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten", reason="no docs/ in Pyodide's file system, no subprocess"
)

MICROPIP_AND_RUN = """
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { loadPyodide } from "pyodide";
const [micropip, wheel, code] = process.argv.slice(1);
const pyodide = await loadPyodide();
const extractDir = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(micropip)), "wheel", { extractDir });
pyodide.FS.writeFile(`/tmp/${basename(wheel)}`, readFileSync(wheel));
pyodide.globals.set("example", readFileSync(code, "utf8"));
const printed = await pyodide.runPythonAsync(`
import contextlib, io, micropip
await micropip.install("emfs:/tmp/${basename(wheel)}")
import ginrummy
out = io.StringIO()
with contextlib.redirect_stdout(out):
    exec(example, {"__name__": "__main__"})
ginrummy.__file__ + "\\\\n" + out.getvalue()
`);
process.stdout.write(printed);
"""
"""Node: install micropip (the pinned PyPI wheel) into a fresh Pyodide, install the wheel
with it, run the example; print where ginrummy came from, then what the example printed."""


def example() -> tuple[str, str]:
    """Return the example's code and the output the page shows for it."""
    text = DOC.read_text()
    block = text.split("<!-- example -->")[1].split("<!-- /example -->")[0]
    code = re.search(r"```python\n(.*?)```", block, re.DOTALL)
    shown = re.search(r"```text\n(.*?)```", block, re.DOTALL)
    assert code and shown, "the example is a python block and a text block of its output"
    return code.group(1), shown.group(1)


def test_the_example_prints_what_the_page_shows() -> None:
    code, shown = example()
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, str(DOC), "exec"), {"__name__": "__main__"})
    assert printed.getvalue() == shown


def test_the_example_runs_in_a_fresh_venv_with_the_wheel(fresh_venv: Path) -> None:
    code, shown = example()
    python = fresh_venv / "bin" / "python"
    said = subprocess.run(
        [python, "-I", "-c", code], capture_output=True, text=True, check=True, cwd=fresh_venv
    )
    assert said.stdout == shown


def site_wheel(built_wheel: Path) -> Path:
    """Return the wheel the built site publishes, checked against its index, or the wheel
    ``build.py`` builds when there is no site."""
    index = ROOT / "site" / "python" / "index.json"
    if not index.exists():
        return built_wheel
    listed = json.loads(index.read_text())
    wheel = index.parent / listed["file"]
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == listed["sha256"]
    assert wheel.stat().st_size == listed["size"]
    return wheel


@pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").exists(),
    reason="no Node or node_modules/pyodide here (before npm ci)",
)
def test_micropip_installs_the_site_s_wheel_in_pyodide_and_the_example_runs(
    built_wheel: Path, tmp_path: Path
) -> None:
    code, shown = example()
    script = tmp_path / "example.py"
    script.write_text(code)
    micropip = tool("website").micropip_wheel()
    command = ["node", "--input-type=module", "-e", MICROPIP_AND_RUN, str(micropip)]
    said = subprocess.run(
        [*command, str(site_wheel(built_wheel)), str(script)],
        capture_output=True, text=True, check=True, cwd=ROOT,
    )  # fmt: skip
    where, printed = said.stdout.split("\n", 1)
    assert where.endswith("/site-packages/ginrummy/__init__.py")  # micropip's install
    assert printed == shown
