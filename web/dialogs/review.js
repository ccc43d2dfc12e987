// The review of a finished hand: both hands as dealt, then move by move what the
// opponent knew and why it played, and the player's turns where a better move existed.
import { moveClause, turnText } from "../table/announce.js";
import { cardsText, meldGroups, prettyCard, theCard } from "../cards.js";
import { button, element } from "../dom.js";
import { SORTS, sortedCards } from "../table/hand-order.js";
import { reasonText } from "../table/reasons.js";
import { t } from "../strings.js";

const CARD_PARAMS = ["card", "better"];

/** Return a move as a sentence: "You discarded the 7♥.", with the stock card when known. */
export function moveText(seat, action, card, drew) {
  return turnText(seat, [moveClause(seat, action, card, { drew })]);
}

/**
 * Send the page's key presses to `handler` while `dialog` is open (also when focus has
 * left the dialog, as when the focused button became disabled); one handler per dialog.
 */
export function listenKeys(dialog, handler) {
  if (dialog.keys) document.removeEventListener("keydown", dialog.keys);
  dialog.keys = (event) => {
    if (dialog.open) handler(event);
  };
  document.addEventListener("keydown", dialog.keys);
}

/**
 * Add to `dialog` a polite status line (not shown) and return a function that says a
 * step in it: the page's own live log is outside the modal dialog, so it is not heard.
 */
export function stepTeller(dialog) {
  const status = element("p", "visually-hidden");
  status.setAttribute("role", "status");
  dialog.append(status);
  return (text) => {
    status.textContent = text;
  };
}

let sort = SORTS[0]; // the table's sort of the hand, for the cards left beside the melds

/** Return a labelled row of a hand's small cards in its best `arranged` melds and the cards
 * left (or "none"), these sorted as the table sorts the player's hand. */
function cardRow(label, arranged) {
  const row = element("div", "review-cards");
  row.append(element("span", "label", label));
  const groups = meldGroups(arranged.melds, sortedCards(arranged.deadwood_cards, sort));
  if (!groups.childElementCount) groups.append(element("span", "", t("review.none")));
  row.append(groups);
  return row;
}

function flagText(flag) {
  const params = { ...flag };
  for (const name of CARD_PARAMS) {
    if (params[name]) Object.assign(params, { [name]: prettyCard(params[name]), [`the_${name}`]: theCard(params[name]) });
  }
  return t(`review.${flag.id}`, params);
}

/** Return the detail of one step: the mover's hand, and what it knew or where it slipped. */
function stepDetail(review, index) {
  const step = review.steps[index];
  const box = element("div", "review-step");
  box.dataset.step = String(index);
  box.dataset.seat = String(step.seat);
  const head = element("p", "step-head");
  head.append(
    element("small", "", t("review.step", { number: index + 1, total: review.steps.length })),
    element("b", "", moveText(step.seat, step.event.action, step.event.card || step.event.declined, step.drew)),
  );
  box.append(head);
  if (step.knew) {
    box.append(cardRow(t("review.its_hand"), step.knew.arranged));
    box.append(element("p", "", t("review.seen", { cards: prettyList(step.knew.discards), count: step.knew.stock_count })));
    box.append(element("p", "", t("review.known", { cards: prettyList(step.knew.known) })));
    if (step.reason) box.append(element("p", "why", t("review.why", { reason: reasonText(step.reason) })));
  } else if (step.hand) {
    box.append(cardRow(t("review.your_hand"), step.arranged));
    const flags = step.flags || [];
    if (flags.length) {
      const list = element("ul", "flags");
      for (const flag of flags) {
        const item = element("li", "", flagText(flag));
        item.dataset.flag = flag.id;
        list.append(item);
      }
      box.append(list);
    }
    if (flags.length || step.advice.action !== step.action) {
      box.append(element("p", "why", t("review.engine", { reason: reasonText(step.advice) })));
    }
  }
  return box;
}

function prettyList(cards) {
  return cards.length ? cardsText(cards) : t("review.none");
}

/**
 * Show the bridge's `review` of a hand in `dialog`, one move at a time (buttons, the
 * arrow keys, or a jump to each flagged turn); it opens on the first flagged turn. Cards
 * left out of melds are sorted `by` "rank" or "suit", as the table's hand.
 */
export function openReview(dialog, review, by) {
  sort = by;
  dialog.replaceChildren();
  dialog.append(element("h2", "", t("review.title", { number: review.hand_number })));
  const flagged = review.steps.flatMap((step, index) => (step.flags && step.flags.length ? [index] : []));
  dialog.append(
    element("p", "summary", flagged.length ? t("review.summary", { count: flagged.length }) : t("review.clean")),
  );
  const dealt = element("details", "dealt");
  dealt.append(element("summary", "", t("review.dealt")));
  dealt.append(...[0, 1].map((seat) => cardRow(t(`who.${seat}`), review.dealt_arranged[seat])));
  if (review.upcard) dealt.append(element("p", "", t("review.upcard", { card: prettyCard(review.upcard) })));
  dialog.append(dealt);

  const slot = element("div", "step-slot");
  const list = element("ol", "review-moves");
  review.steps.forEach((step, index) => {
    const item = element("li");
    const jump = button(moveText(step.seat, step.event.action, step.event.card || step.event.declined));
    jump.dataset.jump = String(index);
    if (step.flags && step.flags.length) item.classList.add("flagged");
    item.append(jump);
    list.append(item);
  });
  let current = 0;
  const go = (index) => {
    if (!review.steps.length) return;
    current = Math.max(0, Math.min(review.steps.length - 1, index));
    slot.replaceChildren(stepDetail(review, current));
    const [step, move] = [...slot.querySelector(".step-head").children].map((part) => part.textContent);
    tell(t("say.step", { step, move }));
    for (const item of list.children) item.classList.remove("current");
    list.children[current].classList.add("current");
    list.children[current].scrollIntoView({ block: "nearest" });
    previous.disabled = current === 0;
    next.disabled = current === review.steps.length - 1;
  };
  list.addEventListener("click", (event) => {
    const jump = event.target.closest("[data-jump]");
    if (jump) go(Number(jump.dataset.jump));
  });
  const previous = button(`‹ ${t("review.prev")}`);
  previous.dataset.review = "prev";
  previous.addEventListener("click", () => go(current - 1));
  const next = button(`${t("review.next")} ›`);
  next.dataset.review = "next";
  next.addEventListener("click", () => go(current + 1));
  const close = button(t("review.close"));
  close.className = "primary";
  close.addEventListener("click", () => dialog.close());
  const row = element("div", "buttons");
  row.append(previous, next, close);
  dialog.append(slot, row, list);
  const tell = stepTeller(dialog);
  listenKeys(dialog, (event) => {
    const moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: review.steps.length - 1 };
    if (!(event.key in moves)) return;
    go(moves[event.key]);
    event.preventDefault();
  });
  dialog.showModal();
  go(flagged.length ? flagged[0] : 0);
}
