// The page's side of the Python worker: requests as promises, loading stages, stalls.
import { t } from "../strings.js";

const STALL_MS = 30000;
// Once Python is ready, every request is answered within this time or the engine is taken
// for stuck: the worker is stopped and the page says so (Python cannot be interrupted from
// outside without cross-origin isolation, which a static host cannot turn on).
const ANSWER_MS = 60000;

/**
 * Start the worker. `onStage(name, done)` hears each loading stage ("runtime", "engine",
 * "ready") and, while the runtime downloads, how much of it is done (0 to 1: a download
 * that goes on is no stall); `onFail(message, stalled)` hears a failed or stalled load,
 * or a worker that died later or left a request unanswered for `ANSWER_MS`, once;
 * requests then answer an error instead of waiting for ever.
 * Returns `call(op, arg, due)`, a promise of the bridge's answer as an object. Python's
 * time for each answer is recorded as a performance measure named "bridge OP", but for
 * an answer held until `due` (ms since the epoch: `performance.timeOrigin +
 * performance.now()`), which comes then and not sooner, and with no time of its own.
 * `call.duel(op, arg)` is the same for a friend's match's requests (ginrummy.duel), and
 * `call.passPlay(op, arg)` for a match of two players at this page (ginrummy.pass_play).
 */
export function startEngine(onStage, onFail) {
  // index.html starts the worker before any module loads; make one if it did not.
  const worker =
    globalThis.ginrummyWorker || new Worker(new URL("worker.js", import.meta.url), { type: "module" });
  const early = globalThis.ginrummyEarly || [];
  const waiting = new Map(); // request id -> { op, resolve, clock }
  let next = 1;
  let failed = false;
  let ready = false;
  let timer = 0;

  const fail = (message, stalled = false) => {
    if (failed) return;
    failed = true;
    clearTimeout(timer);
    onFail(message, stalled);
    for (const entry of waiting.values()) {
      clearTimeout(entry.clock);
      entry.resolve({ ok: false, error: message, internal: true });
    }
    waiting.clear();
  };
  const startClock = (entry) => {
    entry.clock = setTimeout(() => {
      console.error(`the engine left the request "${entry.op}" unanswered for ${ANSWER_MS} ms`);
      worker.terminate();
      fail(t("error.no_answer", { seconds: ANSWER_MS / 1000 }));
    }, ANSWER_MS);
  };
  const watch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => fail("stalled", true), STALL_MS);
  };
  watch();

  worker.onmessage = (event) => {
    const data = event.data;
    if (data.stage) {
      if (data.stage === "ready") {
        clearTimeout(timer);
        ready = true;
        for (const entry of waiting.values()) startClock(entry);
      } else {
        watch();
      }
      onStage(data.stage, data.done);
    } else if (data.fatal) {
      fail(data.fatal);
    } else {
      const entry = waiting.get(data.id);
      if (!entry) return; // answered already: the engine was taken for stuck
      waiting.delete(data.id);
      clearTimeout(entry.clock);
      if (data.ms !== undefined) {
        performance.measure(`bridge ${entry.op}`, { start: performance.now() - data.ms, duration: data.ms });
      }
      entry.resolve(JSON.parse(data.text));
    }
  };
  worker.onerror = (event) => fail(event.message || "the Python worker could not start");
  // what the worker said before this module ran, heard once the caller has its `call`: a
  // worker that failed first told the caller before the caller was ready to hear it
  queueMicrotask(() => {
    for (const event of early.splice(0)) {
      if (event.type === "message") worker.onmessage(event);
      else worker.onerror(event);
    }
  });

  // `message` (with `op` or `duel`) to the worker, as a promise of its answer
  const ask = (name, message) =>
    new Promise((resolve) => {
      if (failed) return resolve({ ok: false, error: t("error.stopped"), internal: true });
      const id = next++;
      const entry = { op: name, resolve, clock: 0 };
      waiting.set(id, entry);
      if (ready) startClock(entry);
      worker.postMessage({ id, ...message });
    });
  const call = (op, arg = "", due = undefined) => ask(op, { op, arg, due });
  call.duel = (op, arg = "") => ask(`duel ${op}`, { duel: op, arg });
  call.passPlay = (op, arg = "") => ask(`pass ${op}`, { passPlay: op, arg });
  return call;
}
