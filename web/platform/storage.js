// Every read and write of the page's localStorage goes through here: storage can throw
// (a SecurityError when the browser blocks it, as for a game embedded in another site
// in a private window; a QuotaExceededError when the site's quota, which all the
// project sites of one github.io host share, is full). Nothing here throws: what cannot
// be kept in the browser is kept in memory for this page, and the player is told once.
//
// Keys are named by the site's folder, the service worker's scope: two builds on one
// origin (user.github.io/a/ and /b/) each keep their own. At the origin's root the keys
// are the plain names ("ginrummy.game"), as before; under a sub-path they start with it
// ("/a/ginrummy.game"), and the first visit there copies the plain keys an earlier build
// kept, once.

const SCOPE = new URL("./", import.meta.url).pathname; // "/" or "/a/"
const PREFIX = SCOPE === "/" ? "" : SCOPE;
const COPIED = `${PREFIX}ginrummy.scoped`; // set once the plain keys were copied here
const memory = new Map(); // what could not be kept in the browser: name -> value

let tell = null;
let pending = null; // a problem met before anyone listened: "blocked" or "full"
let told = false;

/** Return the browser's localStorage, or null when this page may not use it. */
function browserStorage() {
  try {
    const store = window.localStorage; // the getter itself throws when storage is blocked
    store.getItem(COPIED);
    return store;
  } catch {
    return null;
  }
}

const store = browserStorage();

/** Tell the player once that nothing is being saved (`reason`: "blocked" or "full"). */
function unsaved(reason) {
  if (told) return;
  if (!tell) {
    pending = pending || reason;
    return;
  }
  told = true;
  tell(reason);
}

/** Copy, once, the plain keys an earlier build kept at this origin to this folder's names. */
function copyPlainKeys() {
  if (!store || !PREFIX || store.getItem(COPIED)) return;
  try {
    for (const name of Object.keys(store)) {
      if (name.startsWith("ginrummy.") && store.getItem(PREFIX + name) === null) {
        store.setItem(PREFIX + name, store.getItem(name));
      }
    }
    store.setItem(COPIED, "1");
  } catch {
    // full: the copies made stay, the rest is copied at the next visit
  }
}

copyPlainKeys();

/** Return the text kept under `name` ("ginrummy.game"), or null when there is none. */
export function read(name) {
  if (memory.has(name)) return memory.get(name);
  try {
    return store ? store.getItem(PREFIX + name) : null;
  } catch {
    return null;
  }
}

/**
 * Keep `value` (a text) under `name`. Returns whether the browser keeps it; when it
 * cannot (storage blocked or full), it is kept in memory for this page and the player
 * is told, once, that nothing is being saved.
 */
export function write(name, value) {
  const kept = keepInBrowser(name, value);
  if (kept === "kept") {
    memory.delete(name);
    return true;
  }
  memory.set(name, value);
  unsaved(kept);
  return false;
}

/**
 * Keep `value` under `name` in the browser only: nothing is kept in memory, and no one is
 * told. Returns "kept", or why the browser does not keep it: "blocked" or "full". For
 * what must be in the browser or nowhere: a save set aside (a copy in memory would
 * vanish with the page, while the message said it was kept).
 */
export function keepInBrowser(name, value) {
  try {
    if (!store) return "blocked";
    store.setItem(PREFIX + name, value);
    return "kept";
  } catch (error) {
    return error && error.name === "SecurityError" ? "blocked" : "full";
  }
}

/** Forget what is kept under `name`. */
export function remove(name) {
  memory.delete(name);
  try {
    if (store) store.removeItem(PREFIX + name);
  } catch {
    // blocked: there is nothing to remove
  }
}

/**
 * Have `listener(reason)` told, once, when something could not be saved: "blocked" (the
 * browser keeps nothing for this page) or "full" (its storage for this site is full).
 */
export function onUnsaved(listener) {
  tell = listener;
  if (pending) unsaved(pending);
}
