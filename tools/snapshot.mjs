// Boot the pinned Pyodide under Node, import the engine and tour it, and write a gzipped
// snapshot of Python's memory: the page boots from it instead of starting Python afresh.
//
//   node tools/snapshot.mjs STDLIB.zip ENGINE.zip WHERE TOUR.py SEED TARGET
//
// STDLIB.zip is the compiled standard library (Python imports from it here, the page
// never fetches it); ENGINE.zip the engine's package, put at WHERE on sys.path; TOUR.py
// (snapshot_tour.py) makes every request of the page, so everything the page needs is
// imported and its tables made. Python runs without column positions
// (PYTHONNODEBUGRANGES): tracebacks name the file and line, and the snapshot is smaller.
//
// Before the memory is saved, what it holds but no longer uses is zeroed (zeroUnused):
// freed memory and the stack's dead part still hold old bytes, which gzip cannot shrink.
// The memory is then packed against its initial image (web/wasm-image.js), which the page
// takes from pyodide.asm.wasm as it instantiates it.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";
import createPyodideModule from "pyodide/pyodide.asm.mjs";
import { initialImage, packSnapshot, watchInstantiation } from "../web/wasm-image.js";

const PYTHON_ENV = { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" };
// What Python keeps that the page never reads: the zip importer's tables of the build's
// zips (the page has an empty standard library and no engine zip: an import the tour
// missed must fail as not found, not find a module in a table of a zip that is not
// there) and the source lines read for tracebacks.
const FORGET = `
import gc, linecache, sys, zipimport
zipimport._zip_directory_cache.clear()
sys.path_importer_cache.clear()
linecache.clearcache()
gc.collect()
`;
// The largest block asked of malloc while zeroing its free memory: less than the memory
// left above the heap, so the wasm memory does not grow.
const LARGEST_BLOCK = 1 << 20;

/** Boot Pyodide to make a snapshot; return it with the memory's initial image. */
export async function bootForSnapshot(stdlib) {
  let image = null;
  const watching = watchInstantiation(createPyodideModule, (memory) => {
    image = initialImage(memory);
  });
  const pyodide = await Promise.race([
    loadPyodide({
      stdLibURL: stdlib,
      env: PYTHON_ENV,
      _makeSnapshot: true,
      createPyodideModule: watching.factory,
    }),
    watching.failed,
  ]);
  return { pyodide, image };
}

/** Zero what Python's memory holds but no longer uses: the stack below where it stands (no
 * wasm code runs while JavaScript does), malloc's free blocks (taken all, zeroed, given
 * back) and what lies above the heap.
 * @throws {Error} if the memory grew meanwhile. */
export function zeroUnused(pyodide) {
  pyodide.runPython(FORGET);
  const module = pyodide._module;
  const size = module.HEAPU8.length;
  module.HEAPU8.fill(0, module._emscripten_stack_get_end(), module._emscripten_stack_get_current());
  const top = module._sbrk(0);
  const taken = [];
  for (let block = LARGEST_BLOCK; block >= 8; block >>= 1) {
    for (;;) {
      const at = module._malloc(block);
      if (at === 0) break;
      module.HEAPU8.fill(0, at, at + block);
      taken.push(at);
      if (at + block > top) break; // the heap grew for it: free blocks this big are used up
    }
  }
  for (const at of taken) module._free(at);
  module.HEAPU8.fill(0, module._sbrk(0));
  if (module.HEAPU8.length !== size) throw new Error("the memory grew while being zeroed");
}

/** Pack and gzip `pyodide`'s memory against `image`; return the site's file's bytes. */
export function packedSnapshot(pyodide, image) {
  return gzipSync(packSnapshot(pyodide.makeMemorySnapshot(), image), { level: 9 });
}

async function main(args) {
  const [stdlib, engine, where, tour, seed, target] = args;
  if (!target || args.length !== 6) {
    console.error("usage: node tools/snapshot.mjs STDLIB.zip ENGINE.zip WHERE TOUR.py SEED TARGET");
    process.exit(2);
  }
  const { pyodide, image } = await bootForSnapshot(stdlib);
  pyodide.FS.writeFile(where, readFileSync(engine));
  pyodide.FS.writeFile("/tmp/snapshot_tour.py", readFileSync(tour));
  const requests = pyodide.runPython(`
import sys
sys.path.insert(0, ${JSON.stringify(where)})
sys.path.insert(0, "/tmp")
import snapshot_tour
snapshot_tour.import_package(${JSON.stringify(where)})
made = snapshot_tour.tour(${Number(seed)})
sys.path.remove("/tmp")
del sys.modules["snapshot_tour"], snapshot_tour
made
`);
  zeroUnused(pyodide);
  const packed = packedSnapshot(pyodide, image);
  writeFileSync(target, packed);
  console.log(`snapshot of Pyodide ${pyodide.version} after ${requests} requests: ` +
    `${pyodide._module.HEAPU8.length} bytes of memory, ${packed.length} packed and gzipped`);
}

// Run as a program (imported, by the tests, it only lends its functions).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv.slice(2));
}
