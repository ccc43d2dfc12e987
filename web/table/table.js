// Drawing the table from a bridge state: one element per card, moved between zones and
// animated from where it was (FLIP). No game logic: only what Python sent.
import { backCard, cardGroup, cardName, faceCard, meldText, prettyCard, theCard } from "../cards.js";
import { element } from "../dom.js";
import { handGroups, placeCards } from "./hand-order.js";
import { addActions, addTo, meldAction, meldName } from "./mahjong.js";
import { seatName, seatSays } from "./seat-names.js";
import { setting } from "../dialogs/settings.js";
import { t } from "../strings.js";

const $ = (id) => document.getElementById(id);
const cards = new Map(); // card text -> its one element on the table
const PLACES = "#hand [data-card], #pile [data-card], #opp-cards [data-card], #mj-table [data-card]"; // where those live

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
  card.removeAttribute("data-pick");
  card.setAttribute("aria-label", cardName(text)); // a pile card's label names its take
  card.title = "";
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
        `<span class="who">${seatName(0)}</span><b data-score="0">${you}</b>` +
        `<span class="who">${seatName(1)}</span><b data-score="1">${opponent}</b>`;
    }
    if (game.over) item.classList.add("over");
    box.append(item);
  }
  const target = document.createElement("span");
  target.className = "target";
  target.textContent =
    view.rules.match === "hands"
      ? t("score.hands", { hands: view.rules.hands_to_win })
      : t("score.target", { target: view.rules.target });
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
  if (view.mahjong) bindTakes(view.pile, shown, legal);
  pile.classList.toggle("open", view.rules.open_discards);
  pile.classList.toggle("mahjong", Boolean(view.mahjong));
  pile.replaceChildren(...shown);
  if (view.mahjong) fitPile(pile);
  $("pile-count").textContent = view.pile_count ? t("pile") : t("pile.empty");
}

/**
 * Mahjong gin: make each pile card the control of taking it with every card above it
 * (`take N`, the top card `take 1`) when that take is legal.
 */
function bindTakes(pile, shown, legal) {
  shown.forEach((card, index) => {
    const count = pile.length - index;
    bind(card, `take ${count}`, legal);
    if (!legal.has(`take ${count}`)) return;
    const label = t("mj.take_label", { card: cardName(pile[index]), count });
    card.setAttribute("aria-label", label);
    card.title = label;
  });
}

/**
 * Fan the whole open pile of Mahjong gin across the room it has, each card's corner
 * showing to be tapped; a pile too long for a phone scrolls, its top card in view.
 */
function fitPile(pile) {
  pile.style.removeProperty("--fan");
  const cards = pile.querySelectorAll(".card");
  if (cards.length < 2) return;
  const width = parseFloat(getComputedStyle(cards[0]).width);
  const middle = pile.closest(".middle");
  const gap = parseFloat(getComputedStyle(middle).columnGap) || 0;
  const room = middle.clientWidth - $("stock").parentElement.offsetWidth - 2 * gap - PILE_PADDING;
  const overlap = (cards.length * width - room) / ((cards.length - 1) * width);
  pile.style.setProperty("--fan", String(Math.min(MOST_FAN, Math.max(LEAST_FAN, overlap))));
  pile.scrollLeft = pile.scrollWidth;
}
const PILE_PADDING = 12; // px: the room the legal cards' glow takes, both sides
const LEAST_FAN = 0.3; // the cards overlap a little even on a wide table: it is one pile
const MOST_FAN = 0.7; // a card's corner index stays readable and tappable

/**
 * Mahjong gin: draw the melds on the table, the opponent's row above the player's, each
 * with its table points; a card the other player added is marked. A meld the player's
 * picked cards may be added to is their control (`add ... to ...`).
 */
function drawMahjong(view, ui, legal) {
  const box = $("mj-table");
  box.hidden = !view.mahjong;
  if (!view.mahjong) return box.replaceChildren();
  const { melds, table_points: points } = view.mahjong;
  const rows = [1, 0].map((seat) => {
    const row = element("div", `mj-seat seat-${seat}`);
    row.setAttribute("role", "group");
    const title = element("h3", "mj-head", seatSays("mj.table", seat, { points: points[seat] }));
    row.setAttribute("aria-label", title.textContent);
    const groups = element("div", "mj-melds");
    const own = melds.filter((entry) => entry.seat === seat);
    for (const meld of own) groups.append(tableMeld(meld, ui, legal));
    // the style sizes the seat's share of the width and its cards to keep its row in one line
    row.style.setProperty("--melds", own.length);
    row.style.setProperty("--cards", own.reduce((count, meld) => count + meld.cards.length, 0));
    if (!groups.childElementCount) groups.append(element("span", "mj-none", t("mj.no_melds")));
    row.append(title, groups);
    return row;
  });
  box.replaceChildren(...rows);
}

/** Return one table meld: its cards in laying order, the other player's additions marked. */
function tableMeld(meld, ui, legal) {
  const group = element("div", "group meld mj-meld");
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", meldName(meld));
  meld.cards.forEach((text, index) => {
    const card = cardElement(text);
    card.setAttribute("aria-disabled", "true");
    if (meld.by[index] !== meld.seat) card.classList.add("mj-added");
    group.append(card);
  });
  const action = addTo([...legal], ui.picked, meld.cards);
  if (action) {
    group.dataset.action = action;
    group.title = t("mj.add", { cards: meldText(ui.picked), meld: meldText(meld.cards) });
  }
  return group;
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
  const picking = view.mahjong && view.to_move === 0 && (view.phase === "meld" || view.phase === "discard");
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
      if (text === view.taken || text === view.mahjong?.must_meld) card.classList.add("taken"); // or to meld now
      const action = legal.has(`discard ${text}`) ? `discard ${text}` : `layoff ${text}`;
      bind(card, action, legal);
      if (picking) pickable(card, text, ui);
      const after = state.discard_deadwood[text];
      card.title = after === undefined ? "" : t("deadwood", { count: after });
      if (text === ui.selected && after !== undefined && !view.mahjong) {
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
  $("deadwood").textContent = view.mahjong
    ? t("mj.in_hand", { points: view.mahjong.hand_points }) // what the hand costs if the other goes gin
    : shownDeadwood(state, ui.selected);
  fitHand(hand);
}

/**
 * Mahjong gin: make a hand card one the player may pick (a toggle: picked cards make a
 * meld to lay or cards to add; one picked card may be discarded).
 */
function pickable(card, text, ui) {
  card.dataset.pick = text;
  card.removeAttribute("aria-disabled");
  const picked = ui.picked.includes(text);
  card.setAttribute("aria-pressed", String(picked));
  if (picked) card.classList.add("selected");
}

/**
 * Overlap the hand's cards only as much as its width needs: none on a wide table, up to
 * most of a card on a phone (the style's `--most-overlap`, more for large cards). The
 * overlap is a CSS variable the card margins use. Where even that leaves the groups too
 * wide for one row, their cards narrow to keep it, down to `LEAST_NARROWING` of their width
 * (a hand of three groups took two rows of cards at 320x568, 592 px high). Groups too wide
 * for one row even then wrap, in full-size cards where the window has room for two rows,
 * else (the style's `--narrow-wrapped`) in the narrowest. Large cards, which wrap within
 * their groups, keep their size.
 */
function fitHand(hand) {
  hand.style.removeProperty("--overlap");
  hand.style.removeProperty("--card-w");
  const cards = hand.querySelectorAll(".card").length;
  const groups = hand.querySelectorAll(".group").length;
  if (!cards) return;
  const style = getComputedStyle(hand);
  const width = parseFloat(getComputedStyle(hand.querySelector(".card")).width);
  const gap = parseFloat(style.columnGap) || 0;
  const room = hand.clientWidth - (groups - 1) * gap - groups * GROUP_PADDING;
  const overlap = (cards * width - room) / ((cards - groups) * width || 1);
  const most = parseFloat(style.getPropertyValue("--most-overlap"));
  const narrowed = room / (cards - (cards - groups) * most);
  const large = document.documentElement.dataset.large === "true";
  const oneRow = narrowed >= width * LEAST_NARROWING; // narrowed cards keep one row
  const narrowWrapped = style.getPropertyValue("--narrow-wrapped").trim() === "1";
  if (overlap > most && !large && (oneRow || narrowWrapped)) {
    hand.style.setProperty("--card-w", `${Math.max(narrowed, width * LEAST_NARROWING)}px`);
  }
  hand.style.setProperty("--overlap", String(Math.min(most, Math.max(LEAST_OVERLAP, overlap))));
}
const GROUP_PADDING = 10; // px: a group's padding and frame, both sides

/**
 * Refit the hand and a fanned Mahjong pile once the window has a new size (a phone turned
 * on its side, a desktop window resized): their fit is measured, not styled, so a hand
 * fitted to a phone stayed squeezed on the wider table until the next move.
 */
function refitOnResize() {
  let frame = 0;
  window.addEventListener("resize", () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const hand = $("hand");
      if (hand) fitHand(hand);
      const pile = $("pile");
      if (pile?.classList.contains("mahjong")) fitPile(pile);
    });
  });
}
refitOnResize();
const LEAST_OVERLAP = -0.04; // a small gap between cards when there is room
const LEAST_NARROWING = 0.75; // of the cards' width, to keep the hand in one row

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
  const named = prompt.card ? { card: prettyCard(prompt.card), the_card: theCard(prompt.card) } : {};
  $("prompt").textContent = safe ? t("discard.pick") : t(`prompt.${prompt.id}`, named);
  const buttons = [];
  const mine = view.to_move === 0;
  if (mine && view.phase === "first_upcard" && legal.has("upcard")) {
    buttons.push(actionButton("upcard", t("action.take", { card: prettyCard(prompt.card) }), "primary"));
  }
  if (mine && view.phase === "first_upcard" && legal.has("take 1")) {
    buttons.push(actionButton("take 1", t("action.take", { card: prettyCard(prompt.card) }), "primary"));
  }
  if (view.mahjong) buttons.push(...mahjongButtons(ui, [...legal]));
  for (const simple of ["pass", "done"]) {
    if (legal.has(simple) && mine) buttons.push(actionButton(simple, t(`action.${simple}`)));
  }
  if (ui.selected && legal.has(`discard ${ui.selected}`)) {
    buttons.push(actionButton(`discard ${ui.selected}`, t("action.discard", { card: prettyCard(ui.selected) }), "primary"));
  }
  const offered = goingOutOffer(state, ui);
  for (const entry of state.going_out) {
    const button = actionButton(entry.action, t(`action.${entry.kind}`, { card: prettyCard(entry.card) }));
    button.className = `go-out ${entry.kind.replace(" ", "-")}`;
    button.hidden = !offered(entry); // still K's with its card focused (keyboard.js)
    button.addEventListener("click", (event) => {
      event.stopPropagation();
      ui.onGoOut(entry);
    });
    buttons.push(button);
  }
  $("controls").replaceChildren(...buttons);
  const playable = buttons.some((button) => /^(meld|add|discard) /.test(button.dataset.action));
  if (view.mahjong && view.phase === "discard" && ui.picked.length && !playable) {
    $("prompt").textContent = t("mj.no_play", { cards: meldText(ui.picked) }); // picks that make no move
  }
  const limit = view.knock_limit;
  const line = [view.mahjong ? t("ruleset.mahjong") : limit ? t("knock.limit", { limit }) : t("knock.gin_only")];
  if (view.doubled) line.push(t("doubled"));
  $("rules-line").textContent = line.join(" · ");
}

/**
 * Return whether the controls show a way to go out: every gin, and of the knocks the one with
 * the card picked to discard, or with none picked those that leave the least deadwood (none
 * beside a gin, which scores more and cannot be undercut), and the hinted one. A knock with
 * another card is a tap on that card away: a button for each knock (eight on some hands)
 * pushed a phone's hand out of the window, and five beside a gin took three rows.
 */
function goingOutOffer(state, ui) {
  const knocks = state.going_out.filter((entry) => entry.kind === "knock");
  const gin = knocks.length < state.going_out.length;
  const deadwood = (entry) => state.discard_deadwood[entry.card];
  const least = Math.min(...knocks.map(deadwood));
  const picked = knocks.some((entry) => entry.card === ui.selected);
  return (entry) =>
    entry.kind !== "knock" ||
    entry.action === ui.hinted ||
    (picked ? entry.card === ui.selected : !gin && deadwood(entry) === least);
}

/** Return the Meld and Add buttons the player's picked cards make (Mahjong gin). */
function mahjongButtons(ui, legal) {
  const buttons = [];
  const meld = meldAction(legal, ui.picked);
  if (meld) buttons.push(actionButton(meld, t("mj.meld", { cards: meldText(ui.picked) }), "primary mj-lay"));
  for (const { action, target } of addActions(legal, ui.picked)) {
    const text = t("mj.add", { cards: meldText(ui.picked), meld: meldText(target) });
    buttons.push(actionButton(action, text, "primary mj-lay"));
  }
  return buttons;
}

/** Draw the whole table for `state`; `ui` holds the player's card order, selection and handlers. */
export function drawTable(state, ui) {
  const view = state.view;
  const legal = new Set(view.to_move === 0 || view.phase === "hand_over" ? view.legal : []);
  const table = $("table");
  table.dataset.phase = view.phase;
  table.dataset.turn = view.to_move === 0 ? "player" : view.to_move === 1 ? "opponent" : "none";
  table.dataset.flow = view.rules.flow;
  ui.order = placeCards(view.hand, ui.order, ui.sort, ui.own);
  ui.picked = view.mahjong && view.to_move === 0 ? ui.picked.filter((text) => view.hand.includes(text)) : [];
  if (view.mahjong) ui.selected = ui.picked.length === 1 ? ui.picked[0] : null;
  if (ui.selected && !legal.has(`discard ${ui.selected}`)) ui.selected = null;
  for (const hinted of table.querySelectorAll(".hinted")) hinted.classList.remove("hinted");
  drawScores(view);
  drawOpponent(view);
  drawPiles(view, legal);
  drawTableMelds(view);
  drawMahjong(view, ui, legal);
  drawHand(state, ui, legal);
  drawTalk(state, ui, legal);
  drawSort(ui);
  const chips = document.querySelectorAll(".dealer-chip");
  chips[0].hidden = view.dealer !== 1;
  chips[1].hidden = view.dealer !== 0;
  document.querySelectorAll(".seat .label > span:first-child").forEach((name, seat) => (name.textContent = seatName(1 - seat)));
}

/** Show which sort the hand is in: its button pressed (none when the player arranged it). */
function drawSort(ui) {
  for (const button of $("sort").querySelectorAll("button")) {
    button.setAttribute("aria-pressed", String(!ui.own && button.dataset.sort === ui.sort));
  }
}
