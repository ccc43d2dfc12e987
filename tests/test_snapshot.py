"""The page's Python as the site ships it (``tools/snapshot.py``): a snapshot of Pyodide's
memory, the site's own wheel installed in it by micropip, that plays every request with no
standard library and no engine file, deals each page its own game, and names the file and
line of an error."""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import ginrummy
from tooling import tool

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "py" / "ginrummy"
pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten"
    or shutil.which("node") is None
    or not (ROOT / "node_modules" / "pyodide").exists(),
    reason="no tools/, Node or node_modules/pyodide here (Pyodide, or before npm ci)",
)
OLDER = "snapshot-0123456789abcdef.gz"
"""A snapshot kept from an older build (another digest)."""
EMPTY_ZIP = b"PK\x05\x06" + bytes(18)
"""A zip with nothing in it: the standard library the page gives Pyodide (worker.js)."""

RESTORE_AND_PLAY = """
import { createReadStream, readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { loadPyodide } from "pyodide";
import createPyodideModule from "pyodide/pyodide.asm.mjs";
import { readSnapshot, restoreImage, watchInstantiation } from "./web/platform/wasm-image.js";
const [snapshot, emptyZip, tour, seed] = process.argv.slice(1);
async function boot() {
  const file = Readable.toWeb(createReadStream(snapshot));
  const read = await readSnapshot(file.pipeThrough(new DecompressionStream("gzip")));
  const watching = watchInstantiation(createPyodideModule, (memory) => restoreImage(read, memory));
  return Promise.race([
    loadPyodide({
      stdLibURL: emptyZip, _loadSnapshot: read.snapshot, createPyodideModule: watching.factory,
    }),
    watching.failed,
  ]);
}
const [one, other] = [await boot(), await boot()];
const NEW_GAME_SEED = `import json; from ginrummy import bridge
bridge.use_key("ab" * 32)
state = json.loads(bridge.request("new", "{}"))
resumed = json.loads(bridge.request("resume", state["save"], bridge.Session(bridge.SESSION.sealer)))
assert resumed == state, resumed
str(json.loads(state["save"])["record"]["seed"])`;
const seeds = [one.runPython(NEW_GAME_SEED), other.runPython(NEW_GAME_SEED)];
one.FS.writeFile("/tmp/snapshot_tour.py", readFileSync(tour));
const found = JSON.parse(one.runPython(`
import json, sys, traceback, zipfile
sys.path.insert(0, "/tmp")
import snapshot_tour
from ginrummy import cards
requests = snapshot_tour.tour(${Number(seed)})
try:
    cards.parse_card("zz")
except cards.CardError as error:
    frame = traceback.extract_tb(error.__traceback__)[-1]
stdlib = zipfile.ZipFile("/lib/python314.zip").namelist()
import ginrummy
engine = {name: module.__file__ for name, module in sys.modules.items()
          if name.split(".")[0] == "ginrummy"}
json.dumps({"requests": requests, "frame": [frame.filename, frame.lineno], "stdlib": stdlib,
            "doc": json.dumps.__doc__, "engine": engine, "version": ginrummy.__version__})
`));
console.log(JSON.stringify({ ...found, seeds }));
"""
"""Node: boot two Pyodides from the snapshot with an empty standard library, as the page
does; tour every request in one, raise an error in a module of the engine, and start a
game without a seed in each; print what Python says of it, and where each engine module
it holds came from."""

PACK_AND_ZERO = """
import { gzipSync } from "node:zlib";
import { bootForSnapshot, packedSnapshot, zeroUnused } from "./tools/snapshot.mjs";
import { packSnapshot, readSnapshot, restoreImage } from "./web/platform/wasm-image.js";
const { pyodide, image } = await bootForSnapshot(process.argv[1]);
const full = pyodide.makeMemorySnapshot();
const packed = packSnapshot(full, image);
const pieces = [packed.subarray(0, 7), packed.subarray(7, 100003), packed.subarray(100003)];
const read = await readSnapshot(ReadableStream.from(pieces));
const stillPacked = Buffer.compare(read.snapshot, full) !== 0;
restoreImage(read, { buffer: image.buffer });
const refused = [];
for (const bytes of [packed.subarray(0, 5000), new Uint8Array(64)]) {
  const reading = readSnapshot(ReadableStream.from([bytes]));
  refused.push(await reading.then(() => "read", (error) => error.message));
}
const garbage = packedSnapshot(pyodide, image).length;
zeroUnused(pyodide);
console.log(JSON.stringify({
  identical: stillPacked && Buffer.compare(read.snapshot, full) === 0,
  refused,
  full: full.length,
  fullGz: gzipSync(full, { level: 9 }).length,
  packedGz: garbage,
  zeroedGz: packedSnapshot(pyodide, image).length,
  after: pyodide.runPython(
    "import fractions; str(sum(fractions.Fraction(1, n) for n in range(1, 99)))"
  ),
}));
"""
"""Node: boot Pyodide as the build does; pack its memory against the initial image and
read it back as the worker does (a header cut in two; and two files that are not packed
snapshots), then zero what it no longer uses; print the sizes, and what Python says
after."""


@pytest.fixture(scope="module")
def snapshots() -> ModuleType:
    """Return ``tools/snapshot.py`` as the build loads it."""
    return tool("snapshot")


@pytest.fixture(scope="module")
def micropip() -> Path:
    """Return the pinned micropip wheel the site build installs the engine with."""
    wheel: Path = tool("website").micropip_wheel()
    return wheel


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a folder where the build keeps its snapshot, with an older build's in it,
    and what the site build kept (``website.KEPT``; ``build.py test`` builds the site first):
    the snapshot of the same inputs is the site's, copied, not made again (a minute of a
    core, twice as long beside the browser tests)."""
    folder = tmp_path_factory.mktemp("kept")
    (folder / OLDER).write_bytes(b"an older build's snapshot")
    for built in (ROOT / tool("website").KEPT).glob("snapshot-*"):
        shutil.copy2(built, folder / built.name)
    return folder


@pytest.fixture(scope="module")
def stdlib() -> Path:
    """Return the compiled standard library the site build makes the snapshot with."""
    compiled: Path = tool("website").compiled_stdlib()
    return compiled


@pytest.fixture(scope="module")
def made(
    snapshots: ModuleType,
    built_wheel: Path,
    micropip: Path,
    stdlib: Path,
    kept: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, dict[str, Any]]:
    """Return the site's snapshot made from the real wheel, as the site build makes it,
    and what micropip installed."""
    out = tmp_path_factory.mktemp("snapshot")
    made: tuple[Path, dict[str, Any]] = snapshots.snapshot(
        built_wheel, micropip, stdlib, out, ROOT, kept=kept
    )
    return made


@pytest.fixture(scope="module")
def snapshot(made: tuple[Path, dict[str, Any]]) -> Path:
    """Return the site's snapshot made from the real wheel."""
    return made[0]


def test_the_snapshot_holds_the_package_only(snapshots: ModuleType, built_wheel: Path) -> None:
    names = {name for name, _ in snapshots.page_entries(built_wheel)}
    every = {path.relative_to(PACKAGE.parent).as_posix() for path in PACKAGE.rglob("*.py")}
    left_out = {name for name in every if name.startswith(snapshots.PAGE_LEAVES_OUT)}
    assert {"ginrummy/cli/play.py", "ginrummy/bench.py", "ginrummy/__main__.py"} <= left_out
    assert names == every - left_out
    assert not any(".dist-info" in name for name in names)


def test_its_engine_is_the_wheel_micropip_installed(
    made: tuple[Path, dict[str, Any]], built_wheel: Path, tmp_path: Path
) -> None:
    _, installed = made
    with zipfile.ZipFile(built_wheel) as wheel:
        (record,) = [name for name in wheel.namelist() if name.endswith(".dist-info/RECORD")]
        lines = wheel.read(record).decode().splitlines()
    recorded = {}
    for line in lines:
        name, digest, _ = line.rsplit(",", 2)
        if digest:
            raw = base64.urlsafe_b64decode(digest.removeprefix("sha256=") + "==")
            recorded[name] = raw.hex()
    # micropip installed each file of the package the page imports as the wheel holds it.
    assert installed["version"] == ginrummy.__version__
    assert installed["where"].endswith("/site-packages")
    assert installed["files"]
    for name, digest in installed["files"].items():
        assert recorded[name] == digest, name
    assert "ginrummy/cli/play.py" not in installed["files"]
    # This repository's sources are those files (the wheel is built from them).
    for name, digest in installed["files"].items():
        assert hashlib.sha256((PACKAGE.parent / name).read_bytes()).hexdigest() == digest


def test_a_page_booted_from_it_plays_every_request_with_no_stdlib_and_no_engine_file(
    snapshots: ModuleType, made: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    snapshot, installed = made
    assert snapshot.name == f"ginrummy-{ginrummy.__version__}.snapshot"
    assert snapshot.read_bytes()[:2] == b"\x1f\x8b", "gzipped"
    empty = tmp_path / "empty.zip"
    empty.write_bytes(EMPTY_ZIP)
    tour = ROOT / "tools" / "snapshot_tour.py"
    seed = snapshots.TOUR_SEED + 1  # other games than the build's: other paths through
    command = ["node", "--input-type=module", "-e", RESTORE_AND_PLAY, str(snapshot)]
    said = subprocess.run(
        [*command, str(empty), str(tour), str(seed)],
        capture_output=True, text=True, check=True, cwd=ROOT,
    )  # fmt: skip
    found = json.loads(said.stdout.strip().splitlines()[-1])
    assert found["requests"] > 100  # every preset's match played to its end
    assert found["stdlib"] == [], "the standard library Python had was the empty zip"
    assert found["doc"] is None, "the standard library was compiled without docstrings (-OO)"
    # parse_card("zz") raises where rank and suit are looked up (py/ginrummy/cards.py):
    # the snapshot's code reports the repository's line, in the file micropip installed.
    lines = (PACKAGE / "cards.py").read_text().splitlines()
    raised = lines.index("    if rank < 0 or suit < 0:") + 2
    where = installed["where"]
    assert found["frame"] == [f"{where}/ginrummy/cards.py", raised]
    # Every engine module the page's Python holds is a file micropip installed from the
    # wheel, of its version.
    assert found["version"] == ginrummy.__version__
    for name, path in found["engine"].items():
        assert path.removeprefix(f"{where}/") in installed["files"], name
    assert "ginrummy.bot.expert" in found["engine"]
    # Every page starts from the same memory: its games must not (seeds are drawn from
    # the system's randomness when a game starts, never from the snapshot's state). The
    # game is sealed (no deal number asked): its save resumes, so the sealing runs in a
    # Python with nothing but the snapshot.
    one, other = found["seeds"]
    assert one.isdigit() and other.isdigit() and one != other


def test_the_snapshot_is_packed_against_the_wasm_image_and_zeroed_where_unused(
    stdlib: Path,
) -> None:
    command = ["node", "--input-type=module", "-e", PACK_AND_ZERO, str(stdlib)]
    said = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT)
    found = json.loads(said.stdout.strip().splitlines()[-1])
    # What the worker puts together is Pyodide's snapshot, to the byte.
    assert found["identical"]
    # A download cut short, or of something else, is refused (the page says it is damaged).
    assert found["refused"] == ["cut short", "not a packed snapshot"]
    # Gzipped, the packed snapshot has no copy of the initial image (1.5 MB of it, gzipped)
    # and the zeroed one no garbage; Python goes on as before, importing from its zip.
    assert found["packedGz"] < found["fullGz"] - 1_000_000
    assert found["zeroedGz"] < found["packedGz"] * 0.95
    assert found["after"] == str(sum(Fraction(1, n) for n in range(1, 99)))


def test_the_build_makes_it_once_for_the_same_inputs(
    snapshots: ModuleType,
    built_wheel: Path,
    micropip: Path,
    stdlib: Path,
    kept: Path,
    snapshot: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Two snapshots of the same inputs differ in a few hundred bytes: the same bytes again
    # mean the kept one was copied, and nothing ran.
    ran: list[list[str]] = []

    def run(command: list[str], **_: object) -> None:
        ran.append(command)
        Path(command[-1]).write_text("{}")  # what was installed

    monkeypatch.setattr(snapshots.subprocess, "run", run)
    again, _ = snapshots.snapshot(built_wheel, micropip, stdlib, tmp_path, ROOT, kept=kept)
    assert again.read_bytes() == snapshot.read_bytes() and ran == []
    same = [path for path in kept.iterdir() if path.read_bytes() == snapshot.read_bytes()]
    assert len(same) == 1 and (kept / same[0].name.replace(".gz", ".json")).exists()
    # A changed engine is another digest: Node is asked to make a new snapshot.
    changed = tmp_path / "changed" / built_wheel.name
    changed.parent.mkdir()
    with zipfile.ZipFile(built_wheel) as old, zipfile.ZipFile(changed, "w") as new:
        for info in old.infolist():
            data = old.read(info)
            new.writestr(info, data + b"\n" if info.filename == "ginrummy/cards.py" else data)
    snapshots.snapshot(changed, micropip, stdlib, tmp_path, ROOT, kept=kept)
    assert len(ran) == 1 and ran[0][:2] == ["node", str(ROOT / "tools" / "snapshot.mjs")]
    # The new one replaced every older one kept there.
    only, record = sorted(kept.iterdir())
    assert only.name not in (OLDER, same[0].name) and only.suffix == ".gz"
    assert record.name == only.name.replace(".gz", ".json")
