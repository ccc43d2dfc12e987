// Boot the pinned Pyodide under Node, install the site's wheel in it with micropip, import
// the engine and tour it, and write a gzipped snapshot of Python's memory: the page boots
// from it instead of starting Python afresh.
//
//   node tools/snapshot.mjs STDLIB.zip MICROPIP.whl ENGINE.whl LEAVE_OUT SEED TARGET MANIFEST
//
// STDLIB.zip is the compiled standard library (Python imports from it here, the page
// never fetches it); MICROPIP.whl the pinned micropip from PyPI; ENGINE.whl the wheel the
// site publishes. A first Pyodide installs ENGINE.whl with micropip
// (tools/snapshot_install.py: each file checked against the wheel's RECORD, the package's
// files that LEAVE_OUT names, comma-separated, deleted, the rest slimmed); the engine's
// files it installed are copied, where micropip put them, into a second Pyodide, the one
// snapshotted, which never ran micropip (its modules and JavaScript handles would stay in
// the snapshot, and Pyodide refuses to snapshot the handles). There snapshot_tour.py
// imports every module and makes every request of the page, so everything the page needs
// is imported and its tables made. MANIFEST gets what was installed: the version, the
// folder and each file's SHA-256 as micropip installed it. Python runs without column
// positions (PYTHONNODEBUGRANGES): tracebacks name the file and line, and the snapshot is
// smaller.
//
// Before the memory is saved, what it holds but no longer uses is zeroed (zeroUnused):
// freed memory and the stack's dead part still hold old bytes, which gzip cannot shrink.
// The memory is then packed against its initial image (web/platform/wasm-image.js), which
// the page takes from pyodide.asm.wasm as it instantiates it.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";
import createPyodideModule from "pyodide/pyodide.asm.mjs";
import { initialImage, packSnapshot, watchInstantiation } from "../web/platform/wasm-image.js";

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
const TOOLS = dirname(fileURLToPath(import.meta.url));
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

/** Install `engine` (a wheel) with `micropip` (a wheel) into a Pyodide of its own, as
 * tools/snapshot_install.py says; return what it installed, and each file's bytes. */
export async function installWithMicropip(stdlib, micropip, engine, leaveOut) {
  const pyodide = await loadPyodide({ stdLibURL: stdlib, env: PYTHON_ENV });
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(new Uint8Array(readFileSync(micropip)), "wheel", { extractDir: sitePackages });
  pyodide.FS.mkdirTree("/tmp/tools");
  for (const tool of ["snapshot_install.py", "slim_wheel.py"]) {
    pyodide.FS.writeFile(`/tmp/tools/${tool}`, readFileSync(join(TOOLS, tool)));
  }
  const wheel = `/tmp/${basename(engine)}`;
  pyodide.FS.writeFile(wheel, readFileSync(engine));
  pyodide.globals.set("leave_out", pyodide.toPy(leaveOut));
  const manifest = JSON.parse(await pyodide.runPythonAsync(`
import sys
sys.path.insert(0, "/tmp/tools")
import snapshot_install
await snapshot_install.install("emfs:${wheel}", list(leave_out))
`));
  const files = Object.keys(manifest.files).map((name) => {
    const path = `${manifest.where}/${name}`;
    return { path, data: pyodide.FS.readFile(path) };
  });
  return { manifest, files };
}

async function main(args) {
  const [stdlib, micropip, engine, leaveOut, seed, target, manifestPath] = args;
  if (!manifestPath || args.length !== 7) {
    console.error(
      "usage: node tools/snapshot.mjs STDLIB.zip MICROPIP.whl ENGINE.whl LEAVE_OUT SEED TARGET MANIFEST",
    );
    process.exit(2);
  }
  const { manifest, files } = await installWithMicropip(stdlib, micropip, engine, leaveOut.split(","));
  const { pyodide, image } = await bootForSnapshot(stdlib);
  for (const { path, data } of files) {
    pyodide.FS.mkdirTree(dirname(path));
    pyodide.FS.writeFile(path, data);
  }
  pyodide.FS.writeFile("/tmp/snapshot_tour.py", readFileSync(join(TOOLS, "snapshot_tour.py")));
  const requests = pyodide.runPython(`
import sys
sys.path.insert(0, "/tmp")
import snapshot_tour
snapshot_tour.import_package(${JSON.stringify(manifest.where)}, ${JSON.stringify(Object.keys(manifest.files))})
made = snapshot_tour.tour(${Number(seed)})
sys.path.remove("/tmp")
del sys.modules["snapshot_tour"], snapshot_tour
made
`);
  zeroUnused(pyodide);
  const packed = packedSnapshot(pyodide, image);
  writeFileSync(target, packed);
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 1));
  console.log(`snapshot of Pyodide ${pyodide.version} with ginrummy ${manifest.version} ` +
    `installed by micropip, after ${requests} requests: ` +
    `${pyodide._module.HEAPU8.length} bytes of memory, ${packed.length} packed and gzipped`);
}

// Run as a program (imported, by the tests, it only lends its functions).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv.slice(2));
}
