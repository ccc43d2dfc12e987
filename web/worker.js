// The module Web Worker that runs Python: it boots Pyodide, installs the engine wheel
// and answers the page's requests through ginrummy.bridge. Only strings cross.
//
// Messages in:  {id, op, arg}  -> out: {id, text, ms}: the bridge's JSON answer, Python's time
// Messages out: {stage: name}            while loading; {fatal: message} if it fails.
import { loadPyodide } from "./pyodide/pyodide.mjs";

// The wheel's file name, written by tools/website.py when it builds the site.
const WHEEL = "ginrummy.whl";
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

// Warm loads skip compiling the engine: after a load, Python compiles it to checked-hash
// .pyc files (a stale one is recompiled, never trusted), kept with the Cache API under
// the wheel's digest and unpacked beside the sources on the next load.
const BYTECODE_CACHE = "ginrummy-bytecode";
const BYTECODE_FILE = "/tmp/ginrummy-bytecode.zip";

async function bytecodeKey(wheelBytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", wheelBytes));
  const hex = [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return here(`bytecode/${hex}.zip`);
}

async function cachedBytecode(key) {
  try {
    const hit = await (await caches.open(BYTECODE_CACHE)).match(await key);
    return hit ? await hit.arrayBuffer() : null;
  } catch {
    return null; // no Cache API here (an insecure origin): compile as usual
  }
}

async function keepBytecode(engine) {
  const answer = JSON.parse(engine.bridge.request("bytecode", BYTECODE_FILE));
  if (!answer.ok) return;
  try {
    const bytes = engine.pyodide.FS.readFile(BYTECODE_FILE);
    const cache = await caches.open(BYTECODE_CACHE);
    const key = await engine.key;
    for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old); // older wheels
    await cache.put(key, new Response(bytes));
  } catch {
    // no Cache API: the next load compiles again
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
      indexURL: RUNTIME,
      stdLibURL: `${RUNTIME}python_stdlib.zip`,
    }),
    wasmChecked.then(() => new Promise(() => {})),
  ]);
  // Only now: opening the Cache API while the runtime downloads slowed the whole boot
  // (measured in a fresh profile: 0.3-0.9 s on this machine's loaded 2 cores).
  const key = wheel.then(bytecodeKey);
  const bytecode = cachedBytecode(key);
  postMessage({ stage: "engine" });
  await wasmChecked;
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
  let compiled = await bytecode;
  try {
    if (compiled) pyodide.unpackArchive(compiled, "zip", { extractDir: sitePackages });
  } catch {
    compiled = null; // a damaged cache entry: compile from source, and keep anew
  }
  const bridge = pyodide.pyimport("ginrummy.bridge");
  postMessage({ stage: "ready" });
  return { bridge, pyodide, key, compiled: Boolean(compiled) };
}

const ready = boot();
ready.catch((error) => postMessage({ fatal: String(error && error.message ? error.message : error) }));

onmessage = async (event) => {
  const { id, op, arg } = event.data;
  try {
    const engine = await ready;
    const started = performance.now();
    const text = engine.bridge.request(op, arg ?? "");
    postMessage({ id, text, ms: performance.now() - started });
    if (op === "warm" && !engine.compiled) await keepBytecode(engine);
  } catch (error) {
    const message = String(error && error.message ? error.message : error);
    postMessage({ id, text: JSON.stringify({ ok: false, error: message, internal: true }) });
  }
};
