// One game in one tab: the saved game is played by one tab of the browser at a time, the
// one that holds a Web Lock named after the site's folder (two builds on one origin each
// have their own game, as storage.js keys them). Another tab opened on the page waits for
// the lock; "Play here" asks the holder, over a BroadcastChannel, to let the game go: it
// stops asking its engine for moves, shows and saves the answers already on their way,
// and only then releases the lock, so the tab that takes the game over loads its last
// save and nothing drawn in one tab can be drawn again in the other. A holder that does
// not let go within TAKE_WAIT_MS (its engine stuck on a request) has the lock taken from
// it, and it stops at once.
//
// Without Web Locks (a page served over plain http from a LAN address: the API needs a
// secure context) every tab plays, as before.

const NAME = `${new URL("./", import.meta.url).pathname}ginrummy.game`;
const TAKE_WAIT_MS = 3000;
const RELOAD_GRACE_MS = 1000;
const LOCKS = globalThis.navigator?.locks || null;
const channel = LOCKS && "BroadcastChannel" in globalThis ? new BroadcastChannel(NAME) : null;

let letGo = null; // releases the lock this tab holds (null: it holds none)
let onAsked = null; // the page's `stop(steal)`: see holdGame

/**
 * Request the lock with `options`; resolve with whether it was granted (false at once for
 * `ifAvailable` when another tab holds it). A lock granted is held until `release()` or
 * until another tab steals it (then the page is told to stop, at once).
 */
function lockGame(options) {
  return new Promise((resolve, reject) => {
    let granted = false;
    LOCKS.request(NAME, options, (lock) => {
      if (!lock) return resolve(false);
      granted = true;
      resolve(true);
      return new Promise((done) => (letGo = done));
    }).catch((error) => {
      if (!granted) return reject(error);
      letGo = null;
      onAsked?.(true);
    });
  });
}

channel?.addEventListener("message", (event) => {
  if (event.data === "take" && letGo) onAsked?.(false);
});

/**
 * Hold the game in this tab if no other tab does. Returns whether this tab now holds it.
 * `stop(stolen)` is called when another tab takes the game: the page makes no more moves
 * and, unless `stolen` (the lock is gone already), calls `release()` once the answers on
 * their way are shown and saved.
 */
export async function holdGame(stop) {
  onAsked = stop;
  if (!LOCKS) return true;
  if (await lockGame({ ifAvailable: true })) return true;
  // On a reload, the page before may not have let go yet: it does within a moment.
  const late = new AbortController();
  setTimeout(() => late.abort(), RELOAD_GRACE_MS);
  return lockGame({ signal: late.signal }).catch(() => false);
}

/** Let the game go to the tab that asked for it. */
export function release() {
  letGo?.();
  letGo = null;
}

/**
 * Wait until this tab holds the game: when the tab that has it is closed, or, once
 * `asked` resolves (the player chose "Play here"), when it lets the game go; a tab that
 * has not let go TAKE_WAIT_MS after being asked has it taken.
 */
export async function takeGame(asked) {
  if (!LOCKS) return;
  const queued = new AbortController();
  const waiting = lockGame({ signal: queued.signal }).catch(() => false);
  const answered = asked.then(() => {
    channel?.postMessage("take");
    return new Promise((resolve) => setTimeout(resolve, TAKE_WAIT_MS, false));
  });
  if (await Promise.race([waiting, answered])) return;
  queued.abort();
  if (await waiting) return; // granted as it was given up
  await lockGame({ steal: true });
}
