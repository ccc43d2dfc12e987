// The module Web Worker that runs Python: it boots Pyodide from the build's snapshot, with
// the engine in it, and answers the page's requests through ginrummy.bridge. Only strings
// cross.
//
// Messages in:  {id, op, arg, due} -> out: {id, text, ms}: the bridge's JSON answer, Python's
//               time; an answer `due` (ms since the epoch) is held until then, and carries
//               no time: it tells nothing of how long Python took. Answers leave in the
//               order asked, none before one held ahead of it.
//               {id, duel: op, arg} -> the same from ginrummy.duel (a match against a friend)
//               {id, passPlay: op, arg} -> the same from ginrummy.pass_play (two players here)
// Messages out: {stage: name}            while loading; {fatal: message} if it fails;
//               {stage: "runtime", done}  while the snapshot downloads (done: 0 to 1);
//               {stage: "fresh"}          the snapshot could not be used: Python starts
//                                         afresh and installs the engine's wheel (slower).
//               {stage: "key"}            while IndexedDB is slow to give the key, again
//                                         every KEY_NOTICE_MS (the page waits on).
// The key that seals games (ginrummy.seal) never leaves the worker: it is kept in
// IndexedDB and handed to the bridge as Python boots, before any request. The request
// "sealing" is the worker's own: {ok: true, kept}, whether the key is one IndexedDB keeps
// (when it is unavailable, a key for this page only: then no save sealed before opens).
// So is "build": this build's id (BUILD_ID).
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { readSnapshot, restoreImage, watchInstantiation } from "./wasm-image.js";

// Python as the build left it (tools/snapshot.py): the memory of a Pyodide that imported
// the engine and made every request of the page once, packed against the memory's initial
// image (wasm-image.js) and gzipped. Booting from it starts no Python afresh and imports
// nothing. The build writes its file name here. (No ".gz" in the name: a host that marks
// .gz files as gzip-encoded would have the browser unpack it.)
const SNAPSHOT = "ginrummy.snapshot";
// When the snapshot cannot be used (Pyodide refuses it, or the host serves it damaged),
// Python starts afresh from these files of the site (python/, which the service worker
// does not keep: a first visit never downloads them): the compiled standard library, the
// pinned micropip, and the engine's wheel, installed with micropip as anyone's Pyodide
// would. The build writes their names here.
const FALLBACK = { stdlib: "", micropip: "", wheel: "" };
// This build's id, the SHA-256 of the engine's wheel (the build writes it here): two pages
// play a match against each other only when they run the same build. Asked as the
// worker's own request "build": {ok: true, build}.
const BUILD_ID = "unbuilt";
// Everything the page runs is in the snapshot: Pyodide gets an empty standard library.
const NO_STDLIB = "data:application/zip;base64,UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==";
// The snapshot is most of what a first visit downloads: the page hears how far it has
// come in this many steps (its loading bar; and a slow connection is no stall).
const PROGRESS_STEPS = 20;
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

/** A stream that passes the bytes of a download of `total` bytes through, telling the page
 * how far it has come. */
function progressReport(total) {
  let received = 0;
  let told = 0;
  return new TransformStream({
    transform(chunk, controller) {
      received += chunk.byteLength;
      const done = Math.min(1, received / total);
      if (total > 0 && done - told >= 1 / PROGRESS_STEPS) {
        told = done;
        postMessage({ stage: "runtime", done });
      }
      controller.enqueue(chunk);
    },
  });
}

async function fetchSnapshot(url) {
  if (typeof DecompressionStream === "undefined") {
    throw new Error("this browser cannot unpack the game (it has no DecompressionStream): update it");
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${SNAPSHOT}: HTTP ${response.status}`);
  const total = Number(response.headers.get("content-length"));
  try {
    const counted = response.body.pipeThrough(progressReport(total));
    return await readSnapshot(counted.pipeThrough(new DecompressionStream("gzip")));
  } catch (error) {
    throw new Error(`${SNAPSHOT} could not be unpacked, a damaged download? (${error.message})`);
  }
}

// This browser's key for sealed games, kept in IndexedDB (one per origin: apart from the
// page's localStorage, which the page's own scripts read and write).
const KEY_DB = "ginrummy-seal";
// IndexedDB slow to answer (a busy disk, a large profile) is waited for as long as it
// takes, never replaced by a new key (the saved game would not open): the page hears that
// Python waits for it once it does, then every KEY_NOTICE_MS, so it is no stall.
const KEY_NOTICE_MS = 10000;

const KEY = /^[0-9a-f]{64}$/;

/** A new key: 256 random bits as 64 hexadecimal digits. */
function newKey() {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The result of an IndexedDB request, as a promise. */
function settled(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** The key kept in IndexedDB, made and kept first if there is none (the first of two tabs
 * making one at once wins; the other reads it). */
async function keptKey() {
  const opening = indexedDB.open(KEY_DB, 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore("keys");
  const db = await settled(opening);
  const keys = (mode) => db.transaction("keys", mode).objectStore("keys");
  try {
    const valid = (kept) => typeof kept === "string" && KEY.test(kept);
    const kept = await settled(keys("readonly").get("seal"));
    if (valid(kept)) return kept;
    const key = newKey();
    try {
      const store = keys("readwrite");
      await settled(kept === undefined ? store.add(key, "seal") : store.put(key, "seal"));
      return key;
    } catch {
      const other = await settled(keys("readonly").get("seal")); // another tab's, added first
      return valid(other) ? other : key;
    }
  } finally {
    db.close();
  }
}

/** This browser's key for sealed games, `{key, kept}`: the one IndexedDB keeps, or a new
 * one, not kept, when IndexedDB is unavailable (blocked, or it fails: then a sealed game
 * cannot be resumed once the page is closed, and the saves sealed before do not open). */
async function sealingKey() {
  try {
    return { key: await keptKey(), kept: true };
  } catch (error) {
    console.warn("IndexedDB keeps no key for sealed games:", error);
    return { key: newKey(), kept: false };
  }
}

/** `sealing`'s key, telling the page while it waits for it (see KEY_NOTICE_MS). */
async function awaitKey(sealing) {
  let waiting = true;
  const notice = () => {
    if (!waiting) return;
    postMessage({ stage: "key" });
    setTimeout(notice, KEY_NOTICE_MS);
  };
  setTimeout(notice); // at once if the key is not there after this turn
  try {
    return await sealing;
  } finally {
    waiting = false;
  }
}

/** A promise-like of `promise`'s value that forgets it once handed over: Pyodide keeps
 * what it is given for the page's lifetime, and the snapshot is 31 MB it needs once. */
function handOnce(promise) {
  let kept = promise;
  return {
    then(resolve, reject) {
      const value = kept;
      kept = null;
      return value.then(resolve, reject);
    },
  };
}

/** Boot Pyodide from the snapshot; return it. */
async function bootFromSnapshot() {
  const read = fetchSnapshot(here(SNAPSHOT));
  read.catch(() => {}); // loadPyodide reports a failed one, maybe later than it fails
  // The snapshot lacks the memory's initial image: it is put back from the wasm's memory
  // when Pyodide instantiates it, before Pyodide restores the snapshot (Pyodide awaits
  // the snapshot first). Kept until then only.
  let snapshot = null;
  const memory = read.then((found) => {
    snapshot = found;
    return found.snapshot;
  });
  const runtime = import(`${RUNTIME}pyodide.asm.mjs`); // as early as Pyodide would
  runtime.catch(() => {}); // loadPyodide reports it
  const watching = watchInstantiation(
    async (settings) => (await runtime).default(settings),
    (wasmMemory) => {
      restoreImage(snapshot, wasmMemory);
      snapshot = null;
    },
  );
  return Promise.race([
    loadPyodide({
      indexURL: RUNTIME,
      stdLibURL: NO_STDLIB,
      _loadSnapshot: handOnce(memory),
      createPyodideModule: watching.factory,
    }),
    watching.failed,
  ]);
}

/** Boot Pyodide afresh with the site's standard library and install the engine's wheel in
 * it with micropip; return it. Each step done tells the page the load goes on. */
async function bootAfresh() {
  postMessage({ stage: "fresh" });
  const pyodide = await loadPyodide({ indexURL: RUNTIME, stdLibURL: here(FALLBACK.stdlib) });
  postMessage({ stage: "fresh", done: 1 / 3 });
  await pyodide.loadPackage(here(FALLBACK.micropip));
  postMessage({ stage: "fresh", done: 2 / 3 });
  await pyodide.pyimport("micropip").install(here(FALLBACK.wheel));
  return pyodide;
}

async function boot() {
  postMessage({ stage: "runtime" });
  const key = sealingKey();
  const wasmChecked = checkWasmType();
  let pyodide;
  try {
    pyodide = await Promise.race([bootFromSnapshot(), wasmChecked.then(() => new Promise(() => {}))]);
  } catch (error) {
    await wasmChecked; // a .wasm of the wrong type is the host's to fix: said as it is
    console.warn(`the snapshot could not be used (${error.message}): starting Python afresh`);
    try {
      pyodide = await bootAfresh();
    } catch (fresh) {
      throw new Error(`${error.message}; starting Python afresh failed too: ${fresh.message}`);
    }
  }
  postMessage({ stage: "engine" });
  await wasmChecked;
  const bridge = pyodide.pyimport("ginrummy.bridge");
  const sealing = await awaitKey(key);
  bridge.use_key(sealing.key);
  keyKept = sealing.kept;
  postMessage({ stage: "ready" });
  return { bridge, duel: pyodide.pyimport("ginrummy.duel"), passPlay: pyodide.pyimport("ginrummy.pass_play") };
}

let keyKept = false;

const ready = boot();
ready.catch((error) => postMessage({ fatal: String(error && error.message ? error.message : error) }));

let answered = Promise.resolve(); // the last answer sent, or held to be sent

/** Return a promise that resolves at `due` (ms since the epoch), at once without one. */
function until(due) {
  const wait = due === undefined ? 0 : due - (performance.timeOrigin + performance.now());
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : null;
}

onmessage = async (event) => {
  const { id, op, duel, passPlay, arg, due } = event.data;
  let answer;
  try {
    const engine = await ready;
    if (op === "sealing") return postMessage({ id, text: JSON.stringify({ ok: true, kept: keyKept }) });
    if (op === "build") return postMessage({ id, text: JSON.stringify({ ok: true, build: BUILD_ID }) });
    const started = performance.now();
    const [module, name] =
      duel !== undefined ? [engine.duel, duel] : passPlay !== undefined ? [engine.passPlay, passPlay] : [engine.bridge, op];
    const text = module.request(name, arg ?? "");
    answer = due === undefined ? { id, text, ms: performance.now() - started } : { id, text };
  } catch (error) {
    const message = String(error && error.message ? error.message : error);
    answer = { id, text: JSON.stringify({ ok: false, error: message, internal: true }) };
  }
  const held = until(due);
  answered = answered.then(() => held).then(() => postMessage(answer));
};
