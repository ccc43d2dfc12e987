// The first-game tutorial's gate: shown once, at a player's first game (never in an embed,
// never again once finished or skipped), and again on asking (the Rules help). The tour
// itself (tutorial-tour.js) is loaded only when it opens, after the first deal.

const SEEN_KEY = "ginrummy.tutorial";

/**
 * Return whether the tutorial was finished or skipped in this browser; `done` remembers
 * that it was. The tutorial's one storage read and one write.
 */
function tutorialDone(done = false) {
  if (done) localStorage.setItem(SEEN_KEY, "done");
  return done || localStorage.getItem(SEEN_KEY) === "done";
}

/**
 * Open the tutorial if the bridge `state` is a player's first game: not seen before, not
 * in an embed, the match's first hand in play. A dialog already open (a message about the
 * URL, say) is answered first. `call` asks the bridge.
 */
export function maybeShowTutorial(call, state) {
  const view = state.view;
  const playing = view.hand_number === 1 && view.phase !== "hand_over" && view.phase !== "match_over";
  if (document.documentElement.dataset.embed || !playing || tutorialDone()) return;
  const open = document.querySelector("dialog[open]");
  if (open) open.addEventListener("close", () => maybeShowTutorial(call, state), { once: true });
  else openTutorial(call, state.params);
}

/** Open the tutorial on the table, for the rules of the game of URL-style `params`. */
export async function openTutorial(call, params) {
  const { runTour } = await import("./tutorial-tour.js");
  runTour(document.getElementById("tutorial"), call, params, () => tutorialDone(true));
}
