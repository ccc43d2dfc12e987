// Drawing the table from a bridge state: one element per card, moved between zones and
// animated from where it was (FLIP). No game logic: only what Python sent.
import { backCard, cardGroup, cardName, faceCard, prettyCard } from "./cards.js";
import { handGroups, placeCards } from "./hand-order.js";
import { setting } from "./settings.js";
import { t } from "./strings.js";

const $ = (id) => document.getElementById(id);
const cards = new Map(); // card text -> its one element on the table
const PLACES = "#hand [data-card], #pile [data-card], #opp-cards [data-card]"; // where those live

/** Return the table's element for `text`, made once (a focusable button). */
function cardElement(text) {
  let card = cards.get(text);
  if (!card) {
    card = faceCard(text, "button");
    cards.set(text, card);
  }
  card.removeAttribute("data-action");
  card.removeAttribute("aria-disabled");
  card.removeAttribute("aria-pressed");
  card.querySelector(".after")?.remove(); // the deadwood badge of a card picked to discard
  card.className = "card face";
  return card;
}

/** Name every card and card back on the table again, in the language just chosen. */
export function relabelCards() {
  for (const [text, card] of cards) card.setAttribute("aria-label", cardName(text));
  for (const back of $("opp-cards").querySelectorAll(".back")) back.setAttribute("aria-label", t("card.back"));
}

/** Mark `element` as the control of `action` when it is legal, else as inert. */
function bind(element, action, legal) {
  if (legal.has(action)) {
    element.dataset.action = action;
    element.removeAttribute("aria-disabled");
  } else {
    element.removeAttribute("data-action");
    element.setAttribute("aria-disabled", "true");
  }
}

/** Return the positions of every card and card back now on the table. */
export function snapshot() {
  const places = new Map();
  for (const element of document.querySelectorAll(PLACES)) {
    places.set(element.dataset.card, element.getBoundingClientRect());
  }
  places.set("#stock", $("stock").getBoundingClientRect());
  places.set("#opponent", $("opp-cards").getBoundingClientRect());
  places.set("#backs", $("opp-cards").querySelectorAll(".back").length);
  return places;
}

function slide(element, from, ms) {
  if (!from || !ms) return;
  const to = element.getBoundingClientRect();
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  element.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
    duration: ms,
    easing: "cubic-bezier(.2,.7,.3,1)",
  });
}

/** Animate every card from where `before` saw it to where it is now. */
export function animate(before, ms) {
  if (!ms) return;
  for (const element of document.querySelectorAll(PLACES)) {
    let from = before.get(element.dataset.card);
    if (!from) from = element.closest("#hand") ? before.get("#stock") : before.get("#opponent");
    slide(element, from, ms);
  }
  const backs = $("opp-cards").querySelectorAll(".back");
  if (backs.length > before.get("#backs")) slide(backs[backs.length - 1], before.get("#stock"), ms);
}

function drawScores(view) {
  const sheet = view.scores;
  const box = $("scores");
  box.replaceChildren();
  const games = sheet.format === "hollywood" ? sheet.games : [sheet.games[sheet.games.length - 1]];
  for (const game of games) {
    const item = document.createElement("div");
    item.className = "score";
    const [you, opponent] = game.over ? game.final : game.totals; // an ended game with its bonuses
    if (games.length > 1) {
      item.title = t("sheet.game", { number: game.number });
      item.innerHTML =
        `<span class="who">${t("sheet.column", { number: game.number })}</span>` +
        `<b data-score="0">${you}</b>–<b data-score="1">${opponent}</b>`;
    } else {
      item.innerHTML =
        `<span class="who">${t("you")}</span><b data-score="0">${you}</b>` +
        `<span class="who">${t("opponent")}</span><b data-score="1">${opponent}</b>`;
    }
    if (game.over) item.classList.add("over");
    box.append(item);
  }
  const target = document.createElement("span");
  target.className = "target";
  target.textContent = t("score.target", { target: view.rules.target });
  box.append(target);
}

function drawOpponent(view) {
  const box = $("opp-cards");
  const known = view.opponent.known;
  const shown = [];
  for (const text of known) {
    const card = cardElement(text);
    card.classList.add("known");
    card.setAttribute("aria-disabled", "true");
    shown.push(card);
  }
  const backs = [...box.querySelectorAll(".back")];
  const hidden = view.hands ? 0 : view.opponent.count - known.length;
  while (backs.length < hidden) backs.push(backCard());
  backs.length = hidden;
  if (view.hands) {
    for (const text of view.hands[1]) if (!known.includes(text)) shown.push(cardElement(text));
  }
  box.replaceChildren(...shown, ...backs);
  box.setAttribute("aria-label", t("seat.cards", { count: view.opponent.count }));
}

function drawPiles(view, legal) {
  const stock = $("stock");
  bind(stock, "stock", legal);
  stock.classList.toggle("empty", view.stock_count === 0);
  stock.style.setProperty("--depth", Math.min(6, Math.ceil(view.stock_count / 6)));
  $("stock-count").textContent = t("stock.count", { count: view.stock_count });
  const pile = $("pile");
  const shown = view.pile.map((text) => cardElement(text));
  shown.forEach((card, index) => {
    card.setAttribute("aria-disabled", "true");
    card.style.setProperty("--i", shown.length - 1 - index);
  });
  const top = shown[shown.length - 1];
  if (top) {
    bind(top, "upcard", legal);
    top.classList.add("top");
  }
  pile.classList.toggle("open", view.rules.open_discards);
  pile.replaceChildren(...shown);
  $("pile-count").textContent = view.pile_count ? t("pile") : t("pile.empty");
}

/** Show the knocker's melds while the defender lays off on them (manual lay-offs). */
function drawTableMelds(view) {
  const box = $("table-melds");
  box.hidden = view.table_melds.length === 0;
  box.replaceChildren(...view.table_melds.map((meld) => cardGroup(meld, "meld")));
}

/**
 * Return the deadwood the counter shows: while the player is to discard (11 cards), the
 * least any discard leaves, or what the selected card's discard leaves; else the hand's.
 */
function shownDeadwood(state, selected) {
  const after = state.discard_deadwood;
  const counts = Object.values(after);
  if (!counts.length) return t("deadwood", { count: state.view.arrangement.deadwood });
  if (selected in after) return t("deadwood.after", { card: prettyCard(selected), count: after[selected] });
  return t("deadwood.best", { count: Math.min(...counts) });
}

function drawHand(state, ui, legal) {
  const view = state.view;
  const hand = $("hand");
  const { melds, deadwood } = handGroups(view.arrangement, ui.order);
  const groups = [];
  for (const meld of melds) groups.push(["meld", meld]);
  if (deadwood.length) groups.push(["deadwood", deadwood]);
  const nodes = groups.map(([kind, texts]) => {
    const group = document.createElement("div");
    group.className = `group ${kind}`;
    for (const text of texts) {
      const card = cardElement(text);
      if (text === view.taken) card.classList.add("taken");
      const action = legal.has(`discard ${text}`) ? `discard ${text}` : `layoff ${text}`;
      bind(card, action, legal);
      const after = state.discard_deadwood[text];
      card.title = after === undefined ? "" : t("deadwood", { count: after });
      if (text === ui.selected && after !== undefined) {
        card.classList.add("selected");
        card.setAttribute("aria-pressed", "true");
        const badge = document.createElement("span");
        badge.className = "after";
        badge.setAttribute("aria-hidden", "true");
        badge.dataset.count = after; // drawn by CSS: the card's name stays its accessible name
        card.append(badge);
      }
      group.append(card);
    }
    return group;
  });
  hand.replaceChildren(...nodes);
  $("deadwood").textContent = shownDeadwood(state, ui.selected);
  fitHand(hand);
}

/**
 * Overlap the hand's cards only as much as its width needs: none on a wide table, up to
 * most of a card on a phone. The overlap is a CSS variable the card margins use.
 */
function fitHand(hand) {
  hand.style.removeProperty("--overlap");
  const cards = hand.querySelectorAll(".card").length;
  const groups = hand.querySelectorAll(".group").length;
  if (!cards) return;
  const style = getComputedStyle(hand);
  const width = parseFloat(getComputedStyle(hand.querySelector(".card")).width);
  const gap = parseFloat(style.columnGap) || 0;
  const room = hand.clientWidth - (groups - 1) * gap - groups * GROUP_PADDING;
  const overlap = (cards * width - room) / ((cards - groups) * width || 1);
  hand.style.setProperty("--overlap", String(Math.min(MOST_OVERLAP, Math.max(LEAST_OVERLAP, overlap))));
}
const GROUP_PADDING = 10; // px: a group's padding and frame, both sides
const LEAST_OVERLAP = -0.04; // a small gap between cards when there is room
const MOST_OVERLAP = 0.64; // the corner index stays readable

/** Return a button of the controls row for `action`, showing `text`. */
function actionButton(action, text, className = "") {
  const button = document.createElement("button");
  button.type = "button";
  button.className = className;
  button.dataset.action = action;
  button.textContent = text;
  return button;
}

function drawTalk(state, ui, legal) {
  const view = state.view;
  const prompt = state.prompt;
  const safe = prompt.id === "discard" && !setting("oneTap"); // a tap picks, a second discards
  $("prompt").textContent = safe ? t("discard.pick") : t(`prompt.${prompt.id}`, { card: prettyCard(prompt.card) });
  const buttons = [];
  const mine = view.to_move === 0;
  if (mine && view.phase === "first_upcard" && legal.has("upcard")) {
    buttons.push(actionButton("upcard", t("action.take", { card: prettyCard(prompt.card) }), "primary"));
  }
  for (const simple of ["pass", "done"]) {
    if (legal.has(simple) && mine) buttons.push(actionButton(simple, t(`action.${simple}`)));
  }
  if (ui.selected && legal.has(`discard ${ui.selected}`)) {
    buttons.push(actionButton(`discard ${ui.selected}`, t("action.discard", { card: prettyCard(ui.selected) }), "primary"));
  }
  for (const entry of state.going_out) {
    const button = actionButton(entry.action, t(`action.${entry.kind}`, { card: prettyCard(entry.card) }));
    button.className = `go-out ${entry.kind.replace(" ", "-")}`;
    button.addEventListener("click", (event) => {
      event.stopPropagation();
      ui.onGoOut(entry);
    });
    buttons.push(button);
  }
  $("controls").replaceChildren(...buttons);
  const limit = view.knock_limit;
  const line = [limit ? t("knock.limit", { limit }) : t("knock.gin_only")];
  if (view.doubled) line.push(t("doubled"));
  $("rules-line").textContent = line.join(" · ");
}

/** Draw the whole table for `state`; `ui` holds the player's card order, selection and handlers. */
export function drawTable(state, ui) {
  const view = state.view;
  const legal = new Set(view.to_move === 0 || view.phase === "hand_over" ? view.legal : []);
  const table = $("table");
  table.dataset.phase = view.phase;
  table.dataset.turn = view.to_move === 0 ? "player" : view.to_move === 1 ? "opponent" : "none";
  ui.order = placeCards(view.hand, ui.order, ui.sort, ui.own);
  if (ui.selected && !legal.has(`discard ${ui.selected}`)) ui.selected = null;
  for (const hinted of table.querySelectorAll(".hinted")) hinted.classList.remove("hinted");
  drawScores(view);
  drawOpponent(view);
  drawPiles(view, legal);
  drawTableMelds(view);
  drawHand(state, ui, legal);
  drawTalk(state, ui, legal);
  drawSort(ui);
  const chips = document.querySelectorAll(".dealer-chip");
  chips[0].hidden = view.dealer !== 1;
  chips[1].hidden = view.dealer !== 0;
}

/** Show which sort the hand is in: its button pressed (none when the player arranged it). */
function drawSort(ui) {
  for (const button of $("sort").querySelectorAll("button")) {
    button.setAttribute("aria-pressed", String(!ui.own && button.dataset.sort === ui.sort));
  }
}
