// The first-game tutorial: five steps taught on the real table (draw, melds, deadwood,
// knock, lay-offs), each with a spotlight on the part of the table it is about and its card
// beside it, in a modal dialog (Next, Back, Skip; the arrow keys step, Esc skips). The
// lay-off step shows the table's own lay-offs when the hand's end shows some, else the
// engine's worked knock for the rules in play. Shown once, at a player's first game (never
// in an embed, never again once finished or skipped), and again from the Rules help.
import { button, element } from "../dom.js";
import { drawReport } from "../embeds/illustrate-view.js";
import { read, write } from "../platform/storage.js";
import { t } from "../strings.js";

const SEEN_KEY = "ginrummy.tutorial";

/**
 * Return whether the tutorial was finished or skipped in this browser; `done` remembers
 * that it was. The tutorial's one storage read and one write.
 */
function tutorialDone(done = false) {
  if (done && !document.documentElement.dataset.embed) write(SEEN_KEY, "done"); // an embed keeps nothing
  return done || read(SEEN_KEY) === "done";
}

/**
 * Open the tutorial if the bridge `state` is a player's first game: not seen before, not
 * in an embed, the match's first hand in play. A dialog already open (a message about the
 * URL, say) is answered first. `call` asks the bridge.
 */
export function maybeShowTutorial(call, state) {
  const view = state.view;
  const playing = view.hand_number === 1 && view.phase !== "hand_over" && view.phase !== "match_over";
  if (document.documentElement.dataset.embed || !playing || tutorialDone()) return;
  const open = document.querySelector("dialog[open]");
  if (open) open.addEventListener("close", () => maybeShowTutorial(call, state), { once: true });
  else openTutorial(call, state.params);
}

/** Open the tutorial on the table, for the rules of the game of URL-style `params`. */
export function openTutorial(call, params) {
  runTour(document.getElementById("tutorial"), call, params, () => tutorialDone(true));
}

/**
 * The steps: their strings, and the elements of the table each points at (a selector
 * list: the box around those visible). None visible: the card alone, in the middle.
 */
const STEPS = [
  { name: "draw", title: "tutorial.draw", text: "tutorial.draw.text", spot: "#stock, #pile, #stock-count, #pile-count" },
  { name: "melds", title: "tutorial.melds", text: "tutorial.melds.text", spot: "#hand .group" },
  { name: "deadwood", title: "tutorial.deadwood", text: "tutorial.deadwood.text", spot: "#deadwood" },
  { name: "knock", title: "tutorial.knock", text: "tutorial.knock.text", spot: "#controls .go-out, #rules-line" },
  {
    name: "layoffs",
    title: "tutorial.layoffs",
    text: "tutorial.layoffs.text",
    spot: "#showdown .laid:has(.laid-off)",
    example: true, // drawn in the card when the table shows no lay-off
  },
];
const SPOT_PAD = 6; // px between the spotlit elements and the ring
const GAP = 12; // px between the ring and the card
const MARGIN = 8; // px kept free at the viewport's edges

/**
 * Run the tutorial in `dialog`, from its first step, for the game of URL-style `params`
 * (`call` asks the bridge for the worked example). `onEnd` hears it finished or skipped.
 */
function runTour(dialog, call, params, onEnd) {
  const example = layoffExample(call, params).catch(() => null);
  const spot = element("div", "tutorial-spot");
  spot.setAttribute("aria-hidden", "true");
  const card = element("div", "tutorial-card");
  const body = element("div", "tutorial-body"); // said again at each step (a live region)
  const count = element("p", "tutorial-count");
  const title = element("h2", "", "");
  title.id = "tutorial-title";
  const text = element("p", "", "");
  text.id = "tutorial-text";
  body.append(count, title, text);
  const figure = element("div", "tutorial-example");
  const dots = element("ol", "tutorial-dots");
  dots.setAttribute("aria-hidden", "true");
  dots.append(...STEPS.map(() => element("li")));
  const skip = button(t("tutorial.skip"), { tour: "skip" });
  const back = button(t("tutorial.back"), { tour: "back" });
  const next = button("", { tour: "next" });
  next.className = "primary";
  next.autofocus = true;
  const row = element("div", "buttons");
  row.append(skip, back, next);
  card.append(body, figure, dots, row);
  dialog.replaceChildren(spot, card);
  dialog.setAttribute("aria-labelledby", title.id);
  dialog.setAttribute("aria-describedby", text.id);

  let index = 0;
  const show = async (to) => {
    index = to;
    const step = STEPS[index];
    dialog.dataset.step = step.name;
    count.textContent = t("tutorial.count", { step: index + 1, count: STEPS.length });
    title.textContent = t(step.title);
    text.textContent = t(step.text);
    dots.querySelectorAll("li").forEach((dot, at) => dot.classList.toggle("on", at === index));
    back.disabled = index === 0;
    next.textContent = t(index === STEPS.length - 1 ? "tutorial.done" : "tutorial.next");
    if (!dialog.contains(document.activeElement) || document.activeElement.disabled) next.focus();
    const spotted = visible(step.spot);
    figure.replaceChildren();
    if (step.example && !spotted.length) {
      const drawing = await drawExample(example);
      if (STEPS[index] !== step) return; // stepped on meanwhile
      figure.append(drawing);
    }
    place(dialog, spotted);
  };
  const relayout = () => place(dialog, visible(STEPS[index].spot));
  next.addEventListener("click", () => (index === STEPS.length - 1 ? dialog.close() : show(index + 1)));
  back.addEventListener("click", () => index > 0 && show(index - 1));
  skip.addEventListener("click", () => dialog.close());
  dialog.onkeydown = (event) => {
    const by = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!by || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    if (STEPS[index + by]) show(index + by);
  };
  // Any end (the last Next, Skip, Escape) is remembered: the tutorial does not come back.
  dialog.onclose = () => {
    window.removeEventListener("resize", relayout);
    onEnd();
  };
  window.addEventListener("resize", relayout);
  if (!dialog.open) dialog.showModal();
  show(0);
  body.setAttribute("aria-live", "polite"); // the first step is the dialog's name and description
}

/** Return the elements of `selector` a player can see on the table now (not behind the hand's end). */
function visible(selector) {
  return [...document.querySelectorAll(selector)].filter(
    (node) => node.getClientRects().length && !node.closest("[inert], [hidden]"),
  );
}

/** Return the box of `node` as drawn: of its text alone for a line of text (not its whole width). */
function box(node) {
  if (node.childElementCount) return node.getBoundingClientRect();
  const text = document.createRange();
  text.selectNodeContents(node);
  return text.getBoundingClientRect();
}

/**
 * Put the spotlight ring around `targets` (brought into view) and the card below them, or
 * above when there is no room below, or beside them in a window too short for either; with
 * no targets, the card alone in the middle.
 */
function place(dialog, targets) {
  const [spot, card] = dialog.children;
  dialog.classList.toggle("unspotted", !targets.length);
  card.classList.toggle("beside", targets.length > 0);
  card.style.left = card.style.top = "";
  if (!targets.length) return;
  targets[0].scrollIntoView({ block: "nearest" });
  const rects = targets.map(box);
  const clamp = (value, low, high) => Math.max(low, Math.min(high, value));
  const left = clamp(Math.min(...rects.map((r) => r.left)) - SPOT_PAD, 0, innerWidth);
  const right = clamp(Math.max(...rects.map((r) => r.right)) + SPOT_PAD, 0, innerWidth);
  const top = clamp(Math.min(...rects.map((r) => r.top)) - SPOT_PAD, 0, innerHeight);
  const bottom = clamp(Math.max(...rects.map((r) => r.bottom)) + SPOT_PAD, 0, innerHeight);
  Object.assign(spot.style, { left: `${left}px`, top: `${top}px`, width: `${right - left}px`, height: `${bottom - top}px` });
  const { offsetWidth: width, offsetHeight: height } = card;
  const below = bottom + GAP;
  const above = top - GAP - height;
  let x = clamp((left + right - width) / 2, MARGIN, innerWidth - MARGIN - width);
  let y = innerHeight - MARGIN - height; // no room on any side: over the bottom
  if (below + height <= innerHeight - MARGIN) y = below;
  else if (above >= MARGIN) y = above;
  else if (left - GAP - width >= MARGIN || right + GAP + width <= innerWidth - MARGIN) {
    // a short window (a phone on its side): level with the ring, on its left if it fits
    x = left - GAP - width >= MARGIN ? left - GAP - width : right + GAP;
    y = clamp((top + bottom - height) / 2, MARGIN, innerHeight - MARGIN - height);
  }
  card.style.left = `${Math.round(x)}px`;
  card.style.top = `${Math.round(Math.max(MARGIN, y))}px`;
}

/**
 * Return the worked knock with lay-offs the Rules help shows for the rules of `params`
 * (the engine's own example, so those rules allow it), else the standard rules' one.
 */
async function layoffExample(call, params) {
  for (const rules of [params, {}]) {
    const answer = await call("rules_help", JSON.stringify(rules));
    const found = answer.ok && answer.examples.find((entry) => entry.kind === "showdown" && entry.report.layoffs.length);
    if (found) return found;
  }
  return null;
}

/** Return the drawing of the worked example `pending` resolves to (nothing if there is none). */
async function drawExample(pending) {
  const example = await pending;
  const figure = element("figure", "example");
  if (!example) return figure;
  figure.append(element("figcaption", "", t(example.caption.id, example.caption.params)));
  figure.append(drawReport("showdown", example.report));
  return figure;
}
