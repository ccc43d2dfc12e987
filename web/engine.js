// The page's side of the Python worker: requests as promises, loading stages, stalls.
import { t } from "./strings.js";

const STALL_MS = 30000;

/**
 * Start the worker. `onStage(name, done)` hears each loading stage ("runtime", "engine",
 * "ready") and, while the runtime downloads, how much of it is done (0 to 1: a download
 * that goes on is no stall); `onFail(message, stalled)` hears a failed or stalled load,
 * or a worker that died later, once; requests then answer an error instead of waiting
 * for ever.
 * Returns `call(op, arg)`, a promise of the bridge's answer as an object. Python's time
 * for each answer is recorded as a performance measure named "bridge OP".
 */
export function startEngine(onStage, onFail) {
  // index.html starts the worker before any module loads; make one if it did not.
  const worker =
    globalThis.ginrummyWorker || new Worker(new URL("worker.js", import.meta.url), { type: "module" });
  const early = globalThis.ginrummyEarly || [];
  const waiting = new Map();
  let next = 1;
  let failed = false;
  let timer = 0;

  const fail = (message, stalled = false) => {
    if (failed) return;
    failed = true;
    clearTimeout(timer);
    onFail(message, stalled);
    for (const [, resolve] of waiting.values()) resolve({ ok: false, error: message, internal: true });
    waiting.clear();
  };
  const watch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => fail("stalled", true), STALL_MS);
  };
  watch();

  worker.onmessage = (event) => {
    const data = event.data;
    if (data.stage) {
      if (data.stage === "ready") clearTimeout(timer);
      else watch();
      onStage(data.stage, data.done);
    } else if (data.fatal) {
      fail(data.fatal);
    } else {
      const [op, resolve] = waiting.get(data.id);
      waiting.delete(data.id);
      if (data.ms !== undefined) {
        performance.measure(`bridge ${op}`, { start: performance.now() - data.ms, duration: data.ms });
      }
      resolve(JSON.parse(data.text));
    }
  };
  worker.onerror = (event) => fail(event.message || "the Python worker could not start");
  for (const event of early.splice(0)) {
    if (event.type === "message") worker.onmessage(event);
    else worker.onerror(event);
  }

  return (op, arg = "") =>
    new Promise((resolve) => {
      if (failed) return resolve({ ok: false, error: t("error.stopped"), internal: true });
      const id = next++;
      waiting.set(id, [op, resolve]);
      worker.postMessage({ id, op, arg });
    });
}
