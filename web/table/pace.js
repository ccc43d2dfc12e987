// The table's pace, per speed (the settings' list): when the opponent's next move is
// shown, how long a card slides, how long a new hand's deal flies. The opponent's moves
// come one slot after the last thing shown, however long the engine took: its thinking
// time would tell its hand (a quick discard, a hand with nothing to weigh).
import { motion, setting } from "../dialogs/settings.js";

// Per speed, in ms: `slot`, from the last thing shown to the opponent's next move; `slide`,
// a card's move; `deal`, a new hand's whole deal (at most 800 ms, the last card landed).
const PACES = {
  slow: { slot: 900, slide: 480, deal: 800 },
  normal: { slot: 400, slide: 250, deal: 650 },
  fast: { slot: 250, slide: 160, deal: 420 },
  instant: { slot: 0, slide: 0, deal: 0 },
};
// Reduced motion: the deal's cards fade in where they lie, in this time (no flight).
const FADE_MS = 250;

/** Return the speed chosen in the settings ("normal" unless one of `PACES`). */
function chosen() {
  return PACES[document.getElementById("speed").value] || PACES.normal;
}

/** Return now as a clock the worker shares: ms since the epoch, to the microsecond. */
export function clock() {
  return performance.timeOrigin + performance.now();
}

/**
 * Return the ms from the last thing shown to the opponent's next move in `state`'s game:
 * the speed's slot, and never less than the state's `least_slot_ms`, at the instant speed
 * too. The bridge, which knows how long its level may think, sets it while the deal is
 * secret (a sealed game, not practice), so the moves' timing tells nothing of the
 * opponent's hand; a game dealt from a known number, or a practice game, where the
 * opponent thinks aloud, has none.
 */
export function slot(state) {
  return Math.max(chosen().slot, state.least_slot_ms);
}

/** Return the ms a card slides (0: it jumps, at the instant speed or with reduced motion). */
export function slide() {
  return motion(chosen().slide);
}

/**
 * Return how a new hand is dealt: `{ ms, fly }`, the deal's whole time and whether its
 * cards fly from the stock (else, with reduced motion, they fade in); ms 0: no deal.
 */
export function dealing() {
  const ms = chosen().deal;
  if (!ms) return { ms: 0, fly: false };
  return setting("reduceMotion") ? { ms: FADE_MS, fly: false } : { ms, fly: true };
}
