// Practice games: the Undo button (and Ctrl+Z) takes back the player's last move with
// the opponent's replies, and the opponent says why it plays. Outside practice, neither.
import { reasonText } from "./reasons.js";
import { t } from "../strings.js";

const $ = (id) => document.getElementById(id);

/**
 * Wire the Undo button and Ctrl+Z. `undo()` asks the bridge and draws the answer; it is
 * called only in a practice game (the button is hidden otherwise).
 */
export function setupPractice(undo) {
  $("undo-button").addEventListener("click", undo);
  document.addEventListener("keydown", (event) => {
    const key = event.key.toLowerCase();
    if (key !== "z" || !(event.ctrlKey || event.metaKey) || event.shiftKey) return;
    if ($("undo-button").hidden || document.querySelector("dialog[open]")) return;
    event.preventDefault();
    undo();
  });
}

/** Show or hide what belongs to practice games, for the bridge `state`. */
export function drawPractice(state) {
  const practice = Boolean(state.practice);
  $("undo-button").hidden = !practice;
  $("practice-chip").hidden = !practice;
  if (!practice) explain([]);
}

/**
 * Show the opponent's own reasons for `moves` (bridge moves of one turn) under what it
 * did; an empty list clears them. In a practice game the bridge sends the opponent's own
 * reasoning, which may name its own cards: that is the point of practising.
 */
export function explain(moves) {
  const box = $("opp-why");
  box.replaceChildren();
  for (const move of moves) {
    const line = document.createElement("span");
    line.textContent = t("practice.why", { reason: reasonText(move) });
    box.append(line);
  }
  box.hidden = moves.length === 0;
}
