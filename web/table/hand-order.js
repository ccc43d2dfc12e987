// The order of the player's hand: sorted by rank or by suit, or the player's own order
// (drag, Shift+arrows). Melds always stay together, in the order Python lays them down;
// a new card goes where the chosen sort puts it. Presentation only: no rules here.
import { RANKS } from "../cards.js";

const SUITS = "shcd"; // spades, hearts, clubs, diamonds: the colours alternate

/** The ways to sort a hand, the first the default. */
export const SORTS = ["rank", "suit"];

/** Return the place of card `text` when sorting `by` rank (then suit) or suit (then rank). */
function sortKey(text, by) {
  const rank = RANKS.indexOf(text[0]);
  const suit = SUITS.indexOf(text[1]);
  return by === "suit" ? suit * RANKS.length + rank : rank * SUITS.length + suit;
}

/** Return the card texts `texts` sorted `by` "rank" or "suit". */
export function sortedCards(texts, by) {
  return [...texts].sort((a, b) => sortKey(a, by) - sortKey(b, by));
}

/**
 * Return the hand's order for the cards `hand` now held: sorted `by` the chosen sort, or,
 * when `own` (the player arranged the hand), `order` kept with every new card put before
 * the first card the sort places after it.
 */
export function placeCards(hand, order, by, own) {
  if (!own) return sortedCards(hand, by);
  const placed = order.filter((text) => hand.includes(text));
  for (const text of hand) {
    if (placed.includes(text)) continue;
    const after = placed.findIndex((other) => sortKey(other, by) > sortKey(text, by));
    placed.splice(after < 0 ? placed.length : after, 0, text);
  }
  return placed;
}

/**
 * Return the hand's groups for `arrangement` (Python's melds and deadwood) in `order`:
 * the melds, each in laying order, ordered by where their first card stands; then the
 * deadwood in `order`.
 */
export function handGroups(arrangement, order) {
  const place = (text) => {
    const index = order.indexOf(text);
    return index < 0 ? order.length : index;
  };
  const first = (meld) => Math.min(...meld.map(place));
  const melds = arrangement.melds.map((meld) => [...meld]).sort((a, b) => first(a) - first(b));
  const deadwood = [...arrangement.deadwood_cards].sort((a, b) => place(a) - place(b));
  return { melds, deadwood };
}
