// Mahjong gin on the table: which of the engine's legal actions the player's picked cards
// make (a meld to lay, the table melds they may be added to). No rules here: the actions
// come from the view's `legal`, matched by their cards.
import { cardName } from "../cards.js";
import { list, t, tSeat } from "../strings.js";

/** Return the card texts of a text of cards glued together ("7h8h9h" -> ["7h", "8h", "9h"]). */
export function splitCards(text) {
  return text.match(/../g) || [];
}

/** Return whether two lists of card texts hold the same cards. */
function sameCards(a, b) {
  return a.length === b.length && a.every((card) => b.includes(card));
}

/** Return the cards an action lays or adds: `meld 7h8h9h`, `add 5s to 6s7s8s` (the 5s). */
export function laidCards(action) {
  const [word, cards] = action.split(" ");
  return word === "meld" || word === "add" ? splitCards(cards) : [];
}

/** Return the legal `meld ...` of exactly the `picked` cards, or null. */
export function meldAction(legal, picked) {
  if (picked.length < 3) return null;
  return legal.find((action) => action.startsWith("meld ") && sameCards(laidCards(action), picked)) || null;
}

/**
 * Return the legal additions of exactly the `picked` cards to a table meld: each with
 * its `action` and the `target` meld's cards (as the action names them).
 */
export function addActions(legal, picked) {
  if (!picked.length) return [];
  return legal
    .filter((action) => action.startsWith("add ") && sameCards(laidCards(action), picked))
    .map((action) => ({ action, target: splitCards(action.split(" to ")[1]) }));
}

/** Return the legal addition of `picked` to the table meld of `cards`, or null. */
export function addTo(legal, picked, cards) {
  return addActions(legal, picked).find((entry) => sameCards(entry.target, cards))?.action || null;
}

/**
 * Return the spoken name of a table meld: its cards, and those the other player added
 * ("six, seven and eight of spades; the opponent added the eight of spades").
 */
export function meldName(meld) {
  const named = list(meld.cards.map(cardName));
  const added = meld.cards.filter((_, index) => meld.by[index] !== meld.seat);
  if (!added.length) return t("mj.meld_name", { cards: named });
  return tSeat("mj.meld_added", 1 - meld.seat, { cards: named, added: list(added.map(cardName)) });
}
