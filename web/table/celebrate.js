// A celebration when the player goes gin (or big gin) and when the player wins the match:
// the gin hand's own cards leap out of the showdown and tumble away, or, for a match,
// cards rain over the table, with gold sparks round the headline; Web Animations, about
// two seconds.
// With reduced motion, only a still highlight of the headline. Nothing here takes focus or
// clicks, and a reload (or redraw) of a hand already over celebrates nothing.
import { RANKS, faceCard } from "../cards.js";
import { element } from "../dom.js";
import { motion } from "../dialogs/settings.js";

const SUITS = "shdc";
const RAIN_SPACING = 36; // px of the window's width per card falling for a match won, 12 to 28 cards
const SPARKS = { gin: 14, big_gin: 22, match: 22 };

const ended = (state) => state.view.phase === "hand_over" || state.view.phase === "match_over";

/**
 * Return what the move from bridge state `previous` to `state` calls for: "match" (the
 * player won the match), "gin" or "big_gin" (the player went out so), else null. Only a
 * hand ending now counts: a reload or a redraw of a hand's end has no playing `previous`.
 */
function occasion(previous, state) {
  if (!previous || ended(previous) || !ended(state)) return null;
  if (state.view.phase === "match_over" && state.view.scores.winner === 0) return "match";
  const outcome = state.result?.outcome;
  const showdown = state.view.showdown; // none in Mahjong gin: the winner is the result's
  const mine = showdown ? showdown.knocker === 0 : state.result?.winner === 0;
  return mine && (outcome === "gin" || outcome === "big_gin") ? outcome : null;
}

/**
 * Celebrate the move from bridge state `previous` to `state` when it is the player's gin,
 * big gin or match won (call it after the showdown is drawn); leaving a hand's end clears
 * a celebration still running.
 */
export function celebrate(previous, state) {
  const kind = occasion(previous, state);
  if (!kind && !ended(state)) document.querySelector(".celebration")?.remove();
  if (!kind) return;
  const headline = document.querySelector(kind === "match" ? "#showdown .match-end" : "#showdown .outcome");
  if (!headline) return;
  headline.classList.add("celebrated"); // still: shown with reduced motion too
  if (!motion(1)) return;
  document.querySelector(".celebration")?.remove();
  const layer = element("div", "celebration");
  layer.setAttribute("aria-hidden", "true");
  document.body.append(layer);
  const box = headline.getBoundingClientRect();
  const origin = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  const animations =
    kind === "match" ? rain(layer) : burst(layer, ginCards(state.view), origin, box.bottom);
  animations.push(...sparks(layer, SPARKS[kind], origin));
  Promise.allSettled(animations.map((animation) => animation.finished)).then(() => layer.remove());
}

/** Return the cards of the player's gin: its melds laid down (Mahjong gin: its melds on the table). */
function ginCards(view) {
  if (view.showdown) return view.showdown.knocker_melds.flat();
  return view.mahjong.melds.filter((meld) => meld.seat === 0).flatMap((meld) => meld.cards);
}

const random = (low, high) => low + Math.random() * (high - low);

/** Return a piece of the celebration at `x`, `y` in `layer`: card `text`, or a spark. */
function piece(layer, x, y, text = null) {
  const node = text ? faceCard(text) : element("span", "spark");
  node.classList.add("piece");
  node.style.left = `${x}px`;
  node.style.top = `${y}px`;
  layer.append(node);
  return node;
}

/**
 * Make each of the player's `cards` leap from where the showdown lays it down (else from
 * `origin`) into a fan across the window's middle, up to the headline's bottom `ceiling`
 * at most (it stays readable), then fall off the bottom; return the animations.
 */
function burst(layer, cards, origin, ceiling) {
  const reach = Math.min(innerWidth, 760) * 0.5;
  return cards.map((text, index) => {
    const shown = document.querySelector(`#showdown .laid [data-card="${text}"]`)?.getBoundingClientRect();
    const from = shown ? { x: shown.left + shown.width / 2, y: shown.top + shown.height / 2 } : origin;
    const spread = ((index + 0.5) / cards.length - 0.5) * reach * random(0.8, 1.2);
    const dx = innerWidth / 2 + spread - from.x;
    const headroom = from.y - (shown ? shown.height / 2 : 0) - ceiling - 6;
    const dy = -Math.min(Math.max(0, headroom), random(90, 170));
    const turn = random(-1, 1) * 540;
    const frames = [
      { transform: "translate(0, 0) rotate(0)", opacity: 1, easing: "cubic-bezier(.2,.7,.4,1)" },
      { transform: `translate(${dx}px, ${dy}px) rotate(${turn / 3}deg)`, offset: 0.35, easing: "cubic-bezier(.55,0,.9,.55)" },
      { opacity: 1, offset: 0.8 },
      { transform: `translate(${dx + spread * 0.6}px, ${innerHeight - from.y + 90}px) rotate(${turn}deg)`, opacity: 0 },
    ];
    const options = { duration: random(1300, 1600), delay: index * 35, fill: "backwards" };
    const card = piece(layer, from.x, from.y, text);
    if (shown) card.style.setProperty("--card-w", `${shown.width}px`); // the size it leaps from
    return card.animate(frames, options);
  });
}

/** Let cards of a whole deck rain from the top of the window past its bottom; return the animations. */
function rain(layer) {
  const deck = [...RANKS].flatMap((rank) => [...SUITS].map((suit) => rank + suit));
  for (let index = deck.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1)); // a fair shuffle (Fisher-Yates)
    [deck[index], deck[other]] = [deck[other], deck[index]];
  }
  const cards = deck.slice(0, Math.round(Math.min(28, Math.max(12, innerWidth / RAIN_SPACING))));
  return cards.map((text, index) => {
    const x = ((index + random(0.1, 0.9)) / cards.length) * innerWidth;
    const drift = random(-1, 1) * 80;
    const turn = random(-1, 1) * 420;
    const frames = [
      { transform: "translate(0, 0) rotate(0)", opacity: 1 },
      { opacity: 1, offset: 0.85 },
      { transform: `translate(${drift}px, ${innerHeight + 180}px) rotate(${turn}deg)`, opacity: 0 },
    ];
    const options = { duration: random(1300, 1700), delay: random(0, 350), easing: "cubic-bezier(.45,0,.8,.6)", fill: "backwards" };
    return piece(layer, x, -90, text).animate(frames, options);
  });
}

/** Scatter `count` gold sparks from `origin`, fading as they go; return the animations. */
function sparks(layer, count, origin) {
  return Array.from({ length: count }, (_, index) => {
    const angle = (index / count) * 2 * Math.PI + random(-0.2, 0.2);
    const distance = random(60, 170);
    const to = `translate(${Math.cos(angle) * distance}px, ${Math.sin(angle) * distance}px) rotate(90deg) scale(0.3)`;
    const frames = [
      { transform: "translate(0, 0) scale(0.4)", opacity: 1 },
      { transform: to, opacity: 0 },
    ];
    const options = { duration: random(700, 1100), delay: random(0, 200), easing: "cubic-bezier(.1,.8,.3,1)", fill: "backwards" };
    return piece(layer, origin.x, origin.y).animate(frames, options);
  });
}
