// Moves and reasons in words: an action text ("discard Qs") or a reason (the opponent's
// or a hint's key and parameters, from Python) said in the page's language.
import { meldText, prettyCard, theCard } from "../cards.js";
import { t } from "../strings.js";

/** Return the cards of a text of card texts ("7s7c8c") as people write them: "7♠ 7♣ 8♣"
 * (a long run by its ends, `meldText`). */
function prettyCards(texts) {
  return meldText(String(texts).match(/../g) || []);
}

/** Return the kind of move of an action text: its first word, or "big gin". */
export function moveWord(action) {
  return action.startsWith("big gin") ? "big gin" : action.split(" ")[0];
}

/** Return `action` ("discard Qs") as a reason names a move to make: "discard the Q♠". */
function playText(action) {
  const card = action.split(" ")[1];
  return t(`play.${moveWord(action)}`, card ? { card: prettyCard(card), the_card: theCard(card) } : {});
}

/**
 * Return the sentence of a reason `{key, params}` (a decision of the opponent or a hint):
 * cards as symbols (`cards` and `meld` are card texts glued; `the_card` and `the_other`
 * with their article), `rank` as the plural of the card's rank, `move` as a move to make.
 */
export function reasonText({ key, params = {} }) {
  const words = { ...params };
  for (const name of ["card", "other"]) {
    if (params[name]) Object.assign(words, { [name]: prettyCard(params[name]), [`the_${name}`]: theCard(params[name]) });
  }
  if (params.cards) words.cards = prettyCards(params.cards);
  if (params.meld) words.meld = prettyCards(params.meld); // Mahjong gin: a table meld's cards
  if (params.rank && params.card) words.rank = t(`ranks.${params.card[0]}`);
  if (params.move) words.move = playText(params.move);
  return t(`reason.${key}`, words);
}
