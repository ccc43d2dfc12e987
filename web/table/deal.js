// A new hand's deal: the table is drawn as dealt, then each card of both hands flies from
// the stock to its place, one at a time from the dealer's left, and the upcard last; with
// reduced motion they only fade in. Each card is its one element on the table, moved by a
// CSS transform (the Web Animations API). A tap, click or key skips the deal (and does
// nothing else, but in an open dialog); when it ends the keyboard focus is in the hand. Screen readers hear the
// new hand once, from the page's log: the cards in flight are not told one by one.
import { focusHand } from "./keyboard.js";

const $ = (id) => document.getElementById(id);
const FLIGHT = 0.4; // of the deal's time, each card's flight; the rest staggers their starts
const SKIPS = ["pointerdown", "keydown"];
const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock"]);

/** Return the cards in the order they are dealt: one each in turn, the non-dealer first; the upcard last. */
function dealOrder(dealer) {
  const mine = [...$("hand").querySelectorAll(".card")];
  const theirs = [...$("opp-cards").querySelectorAll(".card")];
  const [first, second] = dealer === 0 ? [theirs, mine] : [mine, theirs];
  const order = [];
  for (let index = 0; index < Math.max(first.length, second.length); index++) {
    if (first[index]) order.push(first[index]);
    if (second[index]) order.push(second[index]);
  }
  return [...order, ...$("pile").querySelectorAll(".card")];
}

/** Return the keyframes of `card`'s flight from the stock (`from`, its box) to its place. */
function flight(card, from) {
  const to = card.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const scale = to.width ? from.width / to.width : 1;
  return [
    { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 0 },
    { opacity: 1, offset: 0.1 },
    { transform: "none", opacity: 1 },
  ];
}

/**
 * Deal the hand just drawn, `dealer` (0: the player, 1: the opponent) dealing, in `ms` in
 * all; its cards fly from the stock when `fly`, else fade in. Return a promise of the
 * clock time (see pace.js) the deal ended, skipped or not.
 */
export function deal(dealer, { ms, fly }, clock) {
  const cards = dealOrder(dealer);
  if (!ms || !cards.length) return Promise.resolve(clock());
  for (const card of cards) {
    // a slide of the last hand's end may still run on a card element the table kept
    const slides = card.getAnimations().filter((a) => !(a instanceof CSSTransition || a instanceof CSSAnimation));
    for (const slide of slides) slide.cancel();
  }
  const stock = $("stock").getBoundingClientRect();
  const flying = ms * FLIGHT;
  const step = cards.length > 1 ? (ms - flying) / (cards.length - 1) : 0;
  const animations = cards.map((card, index) =>
    fly
      ? card.animate(flight(card, stock), {
          duration: flying,
          delay: index * step,
          easing: "cubic-bezier(.2,.7,.3,1)",
          fill: "backwards",
        })
      : card.animate([{ opacity: 0 }, { opacity: 1 }], { duration: ms, easing: "ease-out" }),
  );
  const places = [$("hand"), $("opp-cards")];
  for (const place of places) place.setAttribute("aria-busy", "true");
  const skip = (event) => {
    if (event.type === "keydown" && MODIFIERS.has(event.key)) return;
    for (const animation of animations) animation.finish();
    if (document.querySelector("dialog[open]")) return; // the key or tap is the dialog's
    event.preventDefault();
    event.stopPropagation();
    if (event.type === "pointerdown") swallowClick(); // the tap's click would land on a card in flight
  };
  for (const type of SKIPS) window.addEventListener(type, skip, true);
  const start = performance.now();
  const ended = Promise.all(animations.map((animation) => animation.finished.catch(() => null)));
  return ended.then(() => {
    performance.measure("deal", { start }); // the page's benchmark reads it
    for (const type of SKIPS) window.removeEventListener(type, skip, true);
    for (const place of places) place.removeAttribute("aria-busy");
    if (!document.querySelector("dialog[open]")) focusHand();
    return clock();
  });
}

/** Swallow the next click (the end of a tap that skipped the deal), unless another tap comes first. */
function swallowClick() {
  const swallow = (event) => {
    event.preventDefault();
    event.stopPropagation();
    stop();
  };
  const stop = () => {
    window.removeEventListener("click", swallow, true);
    window.removeEventListener("pointerdown", stop, true);
  };
  window.addEventListener("click", swallow, true);
  window.addEventListener("pointerdown", stop, true);
}
