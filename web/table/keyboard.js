// Playing from the keyboard: the hand is one tab stop whose cards the arrow keys walk
// (roving tabindex), letter keys press the table's controls (shown on them as badges),
// focus survives each redraw of the table, and the hand's groups are named for screen readers.
import { say } from "./announce.js";
import { cardName } from "../cards.js";
import { list, t } from "../strings.js";

const $ = (id) => document.getElementById(id);
const WALK = { ArrowLeft: -1, ArrowRight: 1 };

/**
 * The letter keys. Each presses the first control matching `target` (preferring one for
 * the focused card), or runs `run`; `badge` is where its key is shown, when not on the control.
 */
const SHORTCUTS = [
  { keys: ["s"], does: "keys.stock", target: '#stock[data-action="stock"]', badge: "stock-count" },
  { keys: ["u", "d"], does: "keys.upcard", target: '#pile [data-action="upcard"], #pile [data-action="take 1"]', badge: "pile-count" },
  { keys: ["m"], does: "keys.meld", target: '#controls [data-action^="meld "]' },
  { keys: ["a"], does: "keys.add", target: '#controls [data-action^="add "]' },
  { keys: ["p"], does: "keys.pass", target: '#controls [data-action="pass"]' },
  { keys: ["k"], does: "keys.knock", target: "#controls .go-out.knock" },
  { keys: ["g"], does: "keys.gin", target: "#controls .go-out.gin, #controls .go-out.big-gin" },
  { keys: ["f"], does: "keys.done", target: '#controls [data-action="done"]' },
  { keys: ["c"], does: "keys.hand", run: () => focusHand() },
  { keys: ["r"], does: "keys.sort", run: () => sortHand() },
  { keys: ["h"], does: "keys.hint", target: "#hint-button" },
  { keys: ["n"], does: "keys.new", target: "#new-button" },
  { keys: ["o"], does: "keys.settings", target: "#settings-button" },
  { keys: ["?"], does: "keys.help", run: () => openKeys() },
];
// Keys that are not letters, for the help list: their key caps, as the keyboards of the
// page's language print them ("Strg", "Entrée"), and what they do.
function moves() {
  const [home, end] = [t("key.home"), t("key.end")];
  return [
    [["\u2190 \u2192", home, end], "keys.arrows", { home, end }],
    [[t("key.enter"), t("key.space")], "keys.enter"],
    [[`${t("key.shift")} + \u2190 \u2192`], "keys.reorder"],
    [[t("key.tab")], "keys.tab"],
    [[t("key.escape")], "keys.escape"],
    [[t("key.escape")], "keys.escape_card"],
    [[t("key.escape")], "keys.escape_picked"],
    [[`${t("key.ctrl")} + Z`], "keys.undo"],
  ];
}

let current = null; // the hand card that holds the hand's tab stop
let sortHand = () => {}; // sorts the hand by rank, or by suit when it is sorted by rank

function handCards() {
  return [...$("hand").querySelectorAll(".card")];
}

/** Put the keyboard focus on the hand: its card that holds the hand's tab stop. */
export function focusHand() {
  const cards = handCards();
  (cards.find((card) => card.tabIndex === 0) || cards[0])?.focus();
}

/**
 * Return the control `shortcut` presses now: for K and G, the focused card's own if any (a
 * knock the table does not show but for its card is one), else the first one shown.
 */
function controlFor(shortcut) {
  const controls = [...document.querySelectorAll(shortcut.target)];
  const focused = document.activeElement?.closest?.("#hand .card")?.dataset.card;
  return (
    controls.find((control) => focused && control.dataset.action?.endsWith(` ${focused}`)) ||
    controls.find((control) => !control.hidden)
  );
}

/** Open the list of keys in the `#keys` dialog. */
export function openKeys() {
  const dialog = $("keys");
  const cell = (tag, ...content) => {
    const node = document.createElement(tag);
    node.append(...content);
    return node;
  };
  const head = cell("tr", cell("th", t("keys.key")), cell("th", t("keys.does")));
  for (const th of head.children) th.scope = "col";
  const rows = [...SHORTCUTS.map((entry) => [entry.keys.map((key) => key.toUpperCase()), entry.does]), ...moves()];
  const body = rows.map(([keys, does, params]) => {
    const caps = cell("th", ...keys.flatMap((key) => [kbd(key), " "]));
    caps.scope = "row";
    return cell("tr", caps, cell("td", t(does, params)));
  });
  const table = cell("table", cell("thead", head), cell("tbody", ...body));
  table.className = "keys";
  const title = cell("h2", t("keys.title"));
  title.id = "keys-title";
  const close = cell("button", t("settings.close"));
  close.className = "primary";
  const form = cell("form", close);
  form.method = "dialog";
  form.className = "buttons keys-buttons";
  dialog.replaceChildren(title, table, form);
  dialog.setAttribute("aria-labelledby", title.id);
  dialog.showModal();
  dialog.scrollTop = 0; // focusing Close (the list's only control) scrolled the list to its end
}

function kbd(key) {
  const node = document.createElement("kbd");
  node.textContent = key;
  return node;
}

/**
 * Return the element a key on the page goes to: `target`, or the page itself when focus was
 * left behind in a dialog already closed. A dialog opened by a key, with nothing focused
 * before, gives focus back to nothing: it stays on the closed dialog's list or box until the
 * browser's next frame, and a key pressed then went to that list (taken for typing, and
 * changing the setting).
 */
function keyTarget(target) {
  if (!target.closest?.("dialog:not([open])")) return target;
  target.blur();
  return document.body;
}

function typing(target) {
  return Boolean(target.closest?.("input, select, textarea, [contenteditable]"));
}

/**
 * Handle a key on a hand card: the arrows, Home and End move focus through the hand; with
 * Shift the arrows move the card. Return whether the key was one of these.
 */
function walkHand(card, event, setOrder) {
  const step = WALK[event.key];
  if (step && event.shiftKey) {
    const order = movedOrder(card.dataset.card, step);
    if (order) {
      setOrder(order);
      const place = order.indexOf(card.dataset.card) + 1;
      say(t("say.moved", { card: cardName(card.dataset.card), place, count: order.length }));
    }
    return true;
  }
  const cards = handCards();
  const ends = { Home: 0, End: cards.length - 1 };
  if (!step && !(event.key in ends)) return false;
  const next = event.key in ends ? ends[event.key] : cards.indexOf(card) + step;
  cards[Math.max(0, Math.min(cards.length - 1, next))].focus();
  return true;
}

/**
 * Return the hand's order after moving `text` one place by `step` (-1 left, 1 right), or
 * null when it cannot go further. A meld moves whole, past the next meld; a deadwood card
 * swaps with its neighbour (deadwood always follows the melds).
 */
function movedOrder(text, step) {
  const groups = [...$("hand").querySelectorAll(".group")].map((group) => ({
    meld: group.classList.contains("meld"),
    cards: [...group.querySelectorAll(".card")].map((card) => card.dataset.card),
  }));
  const at = groups.findIndex((group) => group.cards.includes(text));
  const group = groups[at];
  if (group.meld) {
    const other = groups[at + step];
    if (!other || !other.meld) return null;
    [groups[at], groups[at + step]] = [other, group];
  } else {
    const index = group.cards.indexOf(text);
    if (!group.cards[index + step]) return null;
    [group.cards[index], group.cards[index + step]] = [group.cards[index + step], text];
  }
  return groups.flatMap((entry) => entry.cards);
}

/**
 * Listen to the keyboard for the page. `setOrder(order)` redraws the hand in a new order;
 * `sort()` sorts it the other way.
 */
export function installKeyboard(setOrder, sort) {
  sortHand = sort;
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey) return;
    if (event.altKey || document.querySelector("dialog[open]")) return;
    const target = keyTarget(event.target);
    if (typing(target)) return;
    const card = target.closest?.("#hand .card");
    if (card && walkHand(card, event, setOrder)) {
      event.preventDefault();
      return;
    }
    const shortcut = SHORTCUTS.find((entry) => entry.keys.includes(event.key.toLowerCase()));
    if (!shortcut) return;
    event.preventDefault();
    if (shortcut.run) return shortcut.run();
    const control = controlFor(shortcut);
    if (control) control.click();
    else say(t("say.not_now", { key: shortcut.keys[0].toUpperCase() }));
  });
  $("hand").addEventListener("focusin", (event) => {
    const card = event.target.closest(".card");
    if (!card) return;
    current = card.dataset.card;
    for (const other of handCards()) other.tabIndex = other === card ? 0 : -1;
  });
  $("keys-button").addEventListener("click", openKeys);
}

/** Return where focus is on the table, to put it back after a redraw (`afterDraw`). */
export function rememberFocus() {
  const active = document.activeElement;
  if (!active || !$("table").contains(active)) return null;
  return { element: active, index: handCards().indexOf(active) };
}

function nameGroups() {
  const hand = $("hand");
  hand.setAttribute("role", "toolbar");
  hand.setAttribute("aria-label", t("hand.label"));
  for (const group of hand.querySelectorAll(".group")) {
    const texts = [...group.querySelectorAll(".card")].map((card) => card.dataset.card);
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", groupName(texts, group.classList.contains("meld")));
  }
}

/** Return a group's spoken name: "Meld: seven, eight, and nine of hearts", "Deadwood". */
function groupName(texts, meld) {
  if (!meld) return t("group.deadwood");
  const suits = new Set(texts.map((text) => text[1]));
  if (suits.size === 1) {
    return t("group.run", { ranks: list(texts.map((text) => t(`rank.${text[0]}`))), suit: t(`suit.${texts[0][1]}`) });
  }
  return t("group.set", { rank: t(`rank.${texts[0][0]}`), suits: list(texts.map((text) => t(`suit.${text[1]}`))) });
}

/** Put one tab stop on the hand (the last focused card, else the first) and none on idle cards. */
function rove() {
  const cards = handCards();
  const holder = cards.find((card) => card.dataset.card === current) || cards[0];
  for (const card of cards) card.tabIndex = card === holder ? 0 : -1;
  for (const card of document.querySelectorAll("#table .card")) {
    if (card.closest("#hand")) continue;
    if (card.dataset.action) card.removeAttribute("tabindex");
    else if (card.tagName === "BUTTON") card.tabIndex = -1; // shown, not a control now
  }
}

/** Show each shortcut's key on its control while the control is there. */
function showKeys() {
  for (const old of document.querySelectorAll("kbd.key")) old.remove();
  for (const marked of document.querySelectorAll("[aria-keyshortcuts]")) marked.removeAttribute("aria-keyshortcuts");
  for (const shortcut of SHORTCUTS) {
    const control = shortcut.target && controlFor(shortcut);
    if (!control) continue;
    markKey(control, shortcut.keys.join(" ").toUpperCase(), shortcut.keys[0].toUpperCase(), shortcut.badge && $(shortcut.badge));
  }
  markKey($("undo-button"), "Control+Z", `${t("key.ctrl")}+Z`); // wired in practice.js, shown when visible
}

/** Name `shortcut` on `control` for screen readers and show `cap` as a badge (on `place`, else on it). */
function markKey(control, shortcut, cap, place = null) {
  control.setAttribute("aria-keyshortcuts", shortcut);
  const badge = kbd(cap);
  badge.className = "key";
  badge.setAttribute("aria-hidden", "true");
  (place || control).append(badge);
}

/**
 * After a redraw of the table: name the hand's groups, set the tab stops, show the keys,
 * and put focus back where `memo` saw it (a card gone from the hand: its neighbour).
 */
export function afterDraw(memo) {
  nameGroups();
  rove();
  showKeys();
  if (!memo) return;
  const cards = handCards();
  let target = memo.element;
  if (memo.index >= 0 && !cards.includes(target)) target = cards[Math.min(memo.index, cards.length - 1)];
  else if (!target.isConnected || !target.getClientRects().length) target = cards.find((card) => card.tabIndex === 0);
  if (target && document.activeElement !== target) target.focus({ preventScroll: true });
}

/**
 * Mark the table behind the hand's end as inert while it shows; when it opens, move focus to
 * the end's button and bring the whole end into the window.
 */
export function markShowdown(over) {
  const sections = document.querySelectorAll("#table > section:not(#showdown), #table > .center");
  const opened = over && !sections[0].inert;
  for (const section of sections) section.inert = over;
  if (!opened) return;
  document.querySelector("#showdown button.primary")?.focus({ preventScroll: true });
  const box = $("showdown");
  box.scrollTop = 0; // the headline first: who won, and the match's end
  const { top, bottom } = box.getBoundingClientRect();
  if (bottom > innerHeight) window.scrollBy(0, top); // over a table taller than the window: all of it in sight
}
