// Card elements: one element per card text ("Qs"), its look from CSS classes and art.
import { t } from "./strings.js";

/** The ranks of a card text's first letter, ace low to king. */
export const RANKS = "A23456789TJQK";
const RANK_SHOWN = { T: "10" };

/** Return the spoken name of a card text, like "queen of spades". */
export function cardName(text) {
  return t("card.name", { rank: t(`rank.${text[0]}`), suit: t(`suit.${text[1]}`) });
}

const SUIT_SYMBOLS = { s: "\u2660", c: "\u2663", d: "\u2666", h: "\u2665" };

/** The ranks whose article a language may write otherwise than the other ranks' (`card.the.*`). */
const ARTICLE_RANKS = new Set(["A", "8", "J", "Q", "K"]);

/**
 * Return a card named with its definite article as a sentence names it: "the 7♥" (French
 * "le 7♥", "la Q♥", "l'A♥"; in words when `spoken`, "la dame de cœur"). Each language's
 * `card.the.RANK` (A, 8, J, Q, K) and `card.the.other` say which article a rank takes. No
 * card (a big gin confirms none) gives an empty text.
 */
export function theCard(text, spoken = false) {
  if (!text) return "";
  const rank = ARTICLE_RANKS.has(text[0]) ? text[0] : "other";
  return t(`card.the.${rank}`, { card: spoken ? cardName(text) : prettyCard(text) });
}

/** Return a card text as people write it: "7h" becomes "7♥", "Td" "10♦". */
export function prettyCard(text) {
  return text ? rankShown(text) + SUIT_SYMBOLS[text[1]] : "";
}

/** Return card texts as people write them, in their order: "7♠ 7♣ 8♦". */
export function cardsText(texts) {
  return texts.map(prettyCard).join(" ");
}

const RUN_ENDS_FROM = 4; // a run this long is named by its ends

/**
 * Return a meld's card texts as people write them: "7♠ 7♣ 7♦", "6♠ 7♠ 8♠", and a run of
 * four or more by its ends, "6♠–9♠" (round the corner too: "Q♠–2♠"), which keeps a long
 * run's name to one short line on a phone's buttons and hints.
 */
export function meldText(texts) {
  const ends = runEnds(texts);
  return ends ? ends.map(prettyCard).join("–") : cardsText(texts);
}

/** Return the first and last cards of `texts` in run order when they are a run of
 * `RUN_ENDS_FROM` or more cards of one suit, else null. */
function runEnds(texts) {
  if (texts.length < RUN_ENDS_FROM || new Set(texts.map((text) => text[1])).size > 1) return null;
  const ranks = texts.map((text) => RANKS.indexOf(text[0])).sort((a, b) => a - b);
  const gap = ranks.findIndex((rank, index) => index > 0 && rank - ranks[index - 1] > 1);
  const order = gap < 0 ? ranks : [...ranks.slice(gap), ...ranks.slice(0, gap)];
  const suit = texts[0][1];
  return [RANKS[order[0]] + suit, RANKS[order.at(-1)] + suit];
}

/** Return the display rank of a card text ("10" for "T"). */
export function rankShown(text) {
  return RANK_SHOWN[text[0]] ?? text[0];
}

/**
 * Return a face-up card element for `text`. `tag` is "button" for cards the player
 * may act on (focusable), "span" for cards only shown.
 */
export function faceCard(text, tag = "span") {
  const card = document.createElement(tag);
  card.className = "card face";
  card.dataset.card = text;
  card.dataset.suit = text[1];
  if (tag === "button") card.type = "button";
  else card.setAttribute("role", "img");
  card.setAttribute("aria-label", cardName(text));
  // The corner indices are drawn at once (the rank by CSS from data-rank: the face is a
  // picture, named by the aria-label); the middle, pips or court figure, is the card's art
  // that the stylesheet names for its data-card (tools/deck.py), shown once loaded.
  const index = `<b data-rank="${rankShown(text)}"></b><i class="pip"></i>`;
  card.innerHTML = `<span class="corner">${index}</span><span class="corner end">${index}</span>`;
  return card;
}

/** Return a face-down card element. */
export function backCard() {
  const card = document.createElement("span");
  card.className = "card back";
  card.setAttribute("role", "img");
  card.setAttribute("aria-label", t("card.back"));
  return card;
}

/** Return a row of face-up cards for `texts`, marked as a meld or as deadwood. */
export function cardGroup(texts, kind) {
  const group = document.createElement("div");
  group.className = `group ${kind}`;
  for (const text of texts) group.append(faceCard(text));
  return group;
}

/** Return a hand laid out: a "groups" box of its `melds` (each a list of card texts), then
 * its `loose` cards in a deadwood group (none when there are none). */
export function meldGroups(melds, loose) {
  const groups = document.createElement("div");
  groups.className = "groups";
  for (const meld of melds) groups.append(cardGroup(meld, "meld"));
  if (loose.length) groups.append(cardGroup(loose, "deadwood"));
  return groups;
}
