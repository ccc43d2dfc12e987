// The match against a friend kept in the browser, to finish later: after every change the
// page keeps duel's save of it (ginrummy.referee's, which holds this page's own keys and
// nothing of the friend's hidden cards) under a key of its own, never the game against the
// computer's. After a dropped connection, or a reload, the page takes the match up from
// it; once the match is over, or has ended, it is forgotten. One such match is kept: a new
// match against a friend takes its place.
import { read, remove, write } from "./storage.js";
import { t, tOr } from "../strings.js";

const FRIEND_KEY = "ginrummy.friend";

let writing = Promise.resolve(); // the saves and forgets, in the order asked

/** Resolve with the match kept, once the saves asked are written: `{save, params, hand,
 * scores}` (duel's save; the rules as the new-game form's params; the hand in play; both
 * totals, this page's player first), or null when there is none (or what is kept is not
 * one). */
export async function keptMatch() {
  await writing;
  return readKept();
}

/** Return the match kept now (see `keptMatch`), or null. */
function readKept() {
  let kept = null;
  try {
    kept = JSON.parse(read(FRIEND_KEY) || "null");
  } catch {
    return null;
  }
  const valid = kept && typeof kept.save === "object" && kept.save && typeof kept.save.match === "string";
  return valid ? kept : null;
}

/**
 * Keep the match in play, whose page state is `state` (ginrummy.friend_table's), asking
 * `duel` for its save; forget it once it is over or has ended. Resolves once written.
 */
export function keepMatch(duel, state) {
  const over = state.friend?.ended || state.view?.phase === "match_over";
  writing = writing.then(async () => {
    if (over) return remove(FRIEND_KEY);
    const answer = await duel("save", "");
    if (!answer.ok) return;
    // while a hand is dealt there is no view: the hand and score are the last kept
    const last = readKept();
    const before = last?.save.match === answer.save.match ? last : { hand: 1, scores: [0, 0] };
    const { hand, scores } = state.view ? { hand: state.view.hand_number, scores: state.view.scores.totals } : before;
    write(FRIEND_KEY, JSON.stringify({ save: answer.save, params: state.params, hand, scores }));
  });
  writing = writing.catch(() => {}); // a save that failed stops no later one
  return writing;
}

/** Forget the match kept (it ended, or cannot be taken up). */
export function forgetMatch() {
  writing = writing.then(() => remove(FRIEND_KEY));
  return writing;
}

/** Return the match `kept` in words: its rules, the hand in play and the score. */
export function keptText(kept) {
  const rules = tOr(`ruleset.${kept.params?.preset}`, kept.params?.preset || "");
  const [mine, theirs] = kept.scores;
  return t("friend.kept", { rules, hand: kept.hand, mine, theirs });
}
