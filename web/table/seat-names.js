// The names the table gives its two seats: "You" and "Opponent" against the computer or a
// friend's page; in pass and play, where the device goes from one player to the other,
// "Player 1" and "Player 2", whichever seat is drawn at the bottom.
import { PERSONS, t, tSeat } from "../strings.js";

let bottom = null; // in pass and play, the player (0 or 1) drawn at seat 0; else null

/** Name the seats for pass and play, `player` (0 or 1) drawn at the bottom; null: "You"
 * and "Opponent" again. */
export function nameSeats(player) {
  bottom = player;
}

/** Return the name of the table's `seat` (0: the bottom one), `short` for the score
 * sheet's narrow columns. */
export function seatName(seat, short = false) {
  if (bottom === null) return t(short ? `sheet.${PERSONS[seat]}` : PERSONS[seat]);
  const number = (seat === 0 ? bottom : 1 - bottom) + 1;
  return t(short ? "pass.player_short" : "pass.player", { number });
}

/** Return the sentence that tells seat `seat`'s turn, its `moves` in words: the opponent's
 * ("The opponent drew…"), or in pass and play the other player's by name. */
export function turnSentence(seat, moves) {
  if (bottom === null || seat === 0) return tSeat("turn", seat, { moves });
  return t("pass.turn", { number: 2 - bottom, moves });
}
