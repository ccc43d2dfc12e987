// The module Web Worker that runs Python: it boots Pyodide, loads the engine and answers
// the page's requests through ginrummy.bridge. Only strings cross.
//
// Messages in:  {id, op, arg}  -> out: {id, text, ms}: the bridge's JSON answer, Python's time
// Messages out: {stage: name}            while loading; {fatal: message} if it fails.
import { loadPyodide } from "./pyodide/pyodide.mjs";

// The engine: the package as one xz-compressed zip, the modules of a first deal compiled
// to .pyc (tools/engine_zip.py). The build writes its file name, and where it goes: Python
// unpacks it there and imports from it (zipimport), so nothing is installed or compiled
// before the first deal.
const ENGINE = "ginrummy.zip.xz";
const ENGINE_PATH = "/lib/ginrummy.zip";
const UNPACK_ENGINE = `
import lzma, os, sys
with open("${ENGINE_PATH}.xz", "rb") as packed, open("${ENGINE_PATH}", "wb") as unpacked:
    unpacked.write(lzma.decompress(packed.read()))
os.remove("${ENGINE_PATH}.xz")
sys.path.insert(0, "${ENGINE_PATH}")
`;
const here = (path) => new URL(path, import.meta.url).href;
// Where Pyodide is; a build with --cdn writes the CDN's address here and in the import.
const RUNTIME = here("pyodide/");

// A host serving .wasm with the wrong MIME type makes Pyodide wait for ever: ask the
// server first (in parallel with everything else) and fail with a clear message.
// (A host that refuses HEAD is given the benefit of the doubt; the page's stall timer
// still catches a hang.)
async function checkWasmType() {
  const response = await fetch(`${RUNTIME}pyodide.asm.wasm`, { method: "HEAD" });
  const type = response.headers.get("content-type") || "(none)";
  if (response.status === 404) throw new Error("pyodide/pyodide.asm.wasm is missing (HTTP 404)");
  if (response.ok && !type.startsWith("application/wasm")) {
    throw new Error(`the server sends pyodide.asm.wasm as "${type}"; it must be application/wasm`);
  }
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

async function boot() {
  postMessage({ stage: "runtime" });
  const engine = fetchBytes(here(ENGINE));
  const wasmChecked = checkWasmType();
  const pyodide = await Promise.race([
    loadPyodide({
      indexURL: RUNTIME,
      stdLibURL: `${RUNTIME}python_stdlib.zip`,
    }),
    wasmChecked.then(() => new Promise(() => {})),
  ]);
  postMessage({ stage: "engine" });
  await wasmChecked;
  pyodide.FS.writeFile(`${ENGINE_PATH}.xz`, new Uint8Array(await engine));
  try {
    pyodide.runPython(UNPACK_ENGINE);
  } catch (error) {
    // Python's whole traceback is no message for a player: its last line says what failed
    const last = String(error.message).trim().split("\n").at(-1);
    throw new Error(`${ENGINE} could not be unpacked, a damaged download? (${last})`);
  }
  const bridge = pyodide.pyimport("ginrummy.bridge");
  postMessage({ stage: "ready" });
  return bridge;
}

const ready = boot();
ready.catch((error) => postMessage({ fatal: String(error && error.message ? error.message : error) }));

onmessage = async (event) => {
  const { id, op, arg } = event.data;
  try {
    const bridge = await ready;
    const started = performance.now();
    const text = bridge.request(op, arg ?? "");
    postMessage({ id, text, ms: performance.now() - started });
  } catch (error) {
    const message = String(error && error.message ? error.message : error);
    postMessage({ id, text: JSON.stringify({ ok: false, error: message, internal: true }) });
  }
};
