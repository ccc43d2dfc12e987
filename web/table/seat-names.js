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

/** Return the number (1 or 2) of the player drawn at the table's `seat` in pass and play. */
function playerNumber(seat) {
  return (seat === 0 ? bottom : 1 - bottom) + 1;
}

/** Return the name of the table's `seat` (0: the bottom one), `short` for the score
 * sheet's narrow columns. */
export function seatName(seat, short = false) {
  if (bottom === null) return t(short ? `sheet.${PERSONS[seat]}` : PERSONS[seat]);
  return t(short ? "pass.player_short" : "pass.player", { number: playerNumber(seat) });
}

/** Return how the strings name the table's `seat`: its person ("you" or "opponent"; in
 * pass and play "player") and the parameters that go with it (the `player`'s number). */
export function seatPerson(seat) {
  return bottom === null ? [PERSONS[seat], {}] : ["player", { player: playerNumber(seat) }];
}

/** Return the sentence `id` told of the table's `seat` ("You won the match…", "The opponent
 * laid down"); in pass and play, where both players read it, of the player by number
 * ("Player 2 won the match…"). */
export function seatSays(id, seat, params = {}) {
  const [person, named] = seatPerson(seat);
  return t(`${id}.${person}`, { ...params, ...named });
}

/** Return a Mahjong gin hand's points for both seats, `points` by seat ("+12"), in words. */
export function bothPoints(points) {
  if (bottom === null) return t("mj.points", { you: points[0], opponent: points[1] });
  const [player, other] = [playerNumber(0), playerNumber(1)];
  return t("mj.points_players", { you: points[0], opponent: points[1], player, other });
}

/** Return the words `id` of a move of the table's `seat`, in its grammatical person
 * (`tSeat`): its own against the computer or a friend ("you drew", "the opponent drew");
 * in pass and play, which both players read, the third person for either ("Player 1 drew"). */
export function moveSays(id, seat, params = {}) {
  return tSeat(id, bottom === null ? seat : 1, params);
}

/** Return the sentence that tells seat `seat`'s turn, its `moves` in words (`moveSays`):
 * yours or the opponent's ("The opponent drew…"), or in pass and play the player's by
 * number ("Player 1 drew…"). */
export function turnSentence(seat, moves) {
  if (bottom === null) return tSeat("turn", seat, { moves });
  return t("pass.turn", { number: playerNumber(seat), moves });
}
