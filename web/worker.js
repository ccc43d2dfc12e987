// The module Web Worker that runs Python: it boots Pyodide, installs the engine wheel
// and answers the page's requests through ginrummy.bridge. Only strings cross.
//
// Messages in:  {id, op, arg}  -> out: {id, text, ms}: the bridge's JSON answer, Python's time
// Messages out: {stage: name}            while loading; {fatal: message} if it fails.
import { loadPyodide } from "./pyodide/pyodide.mjs";

// The wheel's file name, written by tools/site.py when it builds the site.
const WHEEL = "ginrummy.whl";
const here = (path) => new URL(path, import.meta.url).href;

// A host serving .wasm with the wrong MIME type makes Pyodide wait for ever: ask the
// server first (in parallel with everything else) and fail with a clear message.
async function checkWasmType() {
  const response = await fetch(here("pyodide/pyodide.asm.wasm"), { method: "HEAD" });
  const type = response.headers.get("content-type") || "(none)";
  if (!response.ok) throw new Error(`pyodide/pyodide.asm.wasm: HTTP ${response.status}`);
  if (!type.startsWith("application/wasm")) {
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
  const wheel = fetchBytes(here(WHEEL));
  const wasmChecked = checkWasmType();
  const pyodide = await Promise.race([
    loadPyodide({
      indexURL: here("pyodide/"),
      stdLibURL: here("pyodide/python_stdlib.zip"),
    }),
    wasmChecked.then(() => new Promise(() => {})),
  ]);
  postMessage({ stage: "engine" });
  await wasmChecked;
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
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
