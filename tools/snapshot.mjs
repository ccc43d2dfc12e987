// Boot the pinned Pyodide under Node, import the engine and tour it, and write a gzipped
// snapshot of Python's memory: the page boots from it instead of starting Python afresh.
//
//   node tools/snapshot.mjs STDLIB.zip ENGINE.zip WHERE TOUR.py SEED TARGET.gz
//
// STDLIB.zip is the compiled standard library (Python imports from it here, the page
// never fetches it); ENGINE.zip the engine's package, put at WHERE on sys.path; TOUR.py
// (snapshot_tour.py) makes every request of the page, so everything the page needs is
// imported and its tables made. Python runs without column positions
// (PYTHONNODEBUGRANGES): tracebacks name the file and line, and the snapshot is smaller.
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";

const [stdlib, engine, where, tour, seed, target] = process.argv.slice(2);
if (!target || process.argv.length !== 8) {
  console.error("usage: node tools/snapshot.mjs STDLIB.zip ENGINE.zip WHERE TOUR.py SEED TARGET.gz");
  process.exit(2);
}
const pyodide = await loadPyodide({
  stdLibURL: stdlib,
  env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" },
  _makeSnapshot: true,
});
pyodide.FS.writeFile(where, readFileSync(engine));
pyodide.FS.writeFile("/tmp/snapshot_tour.py", readFileSync(tour));
const requests = pyodide.runPython(`
import gc, sys
sys.path.insert(0, ${JSON.stringify(where)})
sys.path.insert(0, "/tmp")
import snapshot_tour
snapshot_tour.import_package(${JSON.stringify(where)})
made = snapshot_tour.tour(${Number(seed)})
sys.path.remove("/tmp")
del sys.modules["snapshot_tour"], snapshot_tour
gc.collect()
made
`);
const memory = pyodide.makeMemorySnapshot();
const packed = gzipSync(memory, { level: 9 });
writeFileSync(target, packed);
console.log(`snapshot of Pyodide ${pyodide.version} after ${requests} requests: ` +
  `${memory.length} bytes, ${packed.length} gzipped`);
