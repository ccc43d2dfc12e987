"""The engine as the site ships it (``tools/engine_zip.py``): what it holds, and that
Pyodide plays from it with tracebacks that name the file and line."""

from __future__ import annotations

import io
import json
import lzma
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from deals import first_deal_files
from tooling import tool

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "py" / "ginrummy"
pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten"
    or shutil.which("node") is None
    or not (ROOT / "node_modules" / "pyodide").exists(),
    reason="no tools/, Node or node_modules/pyodide here (Pyodide, or before npm ci)",
)

PLAY_FROM_THE_ZIP = """
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";
const [zip, where] = process.argv.slice(1);
const pyodide = await loadPyodide();
pyodide.FS.writeFile(where, new Uint8Array(readFileSync(zip)));
pyodide.globals.set("where", where);
console.log(pyodide.runPython(`
import json, sys, traceback
sys.path.insert(0, where)
from ginrummy import bridge, cards
answer = json.loads(bridge.request("new", '{"seed": "4"}'))
try:
    cards.parse_card("zz")
except cards.CardError as error:
    frame = traceback.extract_tb(error.__traceback__)[-1]
json.dumps({"phase": answer["view"]["phase"], "cards": cards.__file__,
            "loader": type(cards.__loader__).__name__, "frame": [frame.filename, frame.lineno]})
`));
"""
"""Node: import the engine from the zip in Pyodide, deal, and catch an error in a module
the zip holds compiled; print what Python says of it."""


@pytest.fixture(scope="module")
def engines() -> ModuleType:
    """Return ``tools/engine_zip.py`` as the build loads it."""
    return tool("engine_zip")


@pytest.fixture(scope="module")
def engine(
    engines: ModuleType, built_wheel: Path, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """Return the site's engine made from the real wheel (built by hatchling as
    ``build.py wheel`` builds it, then slimmed as the site build does)."""
    folder = tmp_path_factory.mktemp("engine")
    slim: Path = tool("slim_wheel").slim_wheel(built_wheel, folder / "slim")
    made: Path = engines.engine_zip(slim, folder, ROOT)
    return made


def unpacked(engine: Path) -> zipfile.ZipFile:
    """Return the zip inside the xz file ``engine``."""
    return zipfile.ZipFile(io.BytesIO(lzma.decompress(engine.read_bytes())))


def test_the_first_deal_is_compiled_and_the_rest_stays_source(engine: Path) -> None:
    assert engine.name == "ginrummy-0.1.0.zip.xz"
    with unpacked(engine) as archive:
        names = set(archive.namelist())
        infos = archive.infolist()
        headers = {name: archive.read(name)[4:8] for name in names if name.endswith(".pyc")}
    assert all(info.compress_type == zipfile.ZIP_STORED for info in infos), "xz packs the whole"
    compiled = {name.removesuffix("c") for name in headers}
    assert compiled == first_deal_files()
    assert {"ginrummy/bridge.py", "ginrummy/melds.py"} <= compiled
    assert set(headers.values()) == {b"\x01\x00\x00\x00"}, "hash-based, never checked"
    sources = {name for name in names if name.endswith(".py")}
    assert {"ginrummy/bot/heuristic.py", "ginrummy/review.py"} <= sources
    assert not compiled & sources


def test_the_page_gets_the_package_only(engines: ModuleType, engine: Path) -> None:
    with unpacked(engine) as archive:
        names = {name.removesuffix("c") for name in archive.namelist()}
    every = {path.relative_to(PACKAGE.parent).as_posix() for path in PACKAGE.rglob("*.py")}
    left_out = {name for name in every if name.startswith(engines.PAGE_LEAVES_OUT)}
    assert {"ginrummy/cli/play.py", "ginrummy/bench.py", "ginrummy/__main__.py"} <= left_out
    assert names == every - left_out
    assert not any(".dist-info" in name for name in names)


def test_pyodide_plays_from_it_and_a_traceback_names_file_and_line(
    engines: ModuleType, engine: Path, tmp_path: Path
) -> None:
    zipped = tmp_path / "ginrummy.zip"
    zipped.write_bytes(lzma.decompress(engine.read_bytes()))
    command = ["node", "--input-type=module", "-e", PLAY_FROM_THE_ZIP, str(zipped)]
    said = subprocess.run(
        [*command, engines.ENGINE_WHERE], capture_output=True, text=True, check=True, cwd=ROOT
    )
    found = json.loads(said.stdout.strip().splitlines()[-1])
    assert found["phase"] == "first_upcard"
    assert found["cards"] == f"{engines.ENGINE_WHERE}/ginrummy/cards.pyc"
    assert found["loader"] == "zipimporter"
    # parse_card("zz") raises where rank and suit are looked up (py/ginrummy/cards.py):
    # the compiled module reports the repository's line in the zip's file name.
    lines = (PACKAGE / "cards.py").read_text().splitlines()
    raised = lines.index("    if rank < 0 or suit < 0:") + 2
    assert found["frame"] == [f"{engines.ENGINE_WHERE}/ginrummy/cards.py", raised]
