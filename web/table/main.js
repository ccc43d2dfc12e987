// The page: loads Python in a worker, then plays — player clicks and drags become action
// ids for the bridge, its JSON states are drawn, the opponent's moves are paced.
import { announce, announceFrom, moveClause, say, turnClauses, turnText } from "./announce.js";
import { celebrate } from "./celebrate.js";
import { confirmGoOut, newGameForm } from "../dialogs/dialogs.js";
import { startEngine } from "../platform/engine.js";
import { inviteInAddress } from "../platform/friend.js";
import { forgetMatch, keepMatch, keptMatch } from "../platform/friend-save.js";
import { afterDraw, installKeyboard, markShowdown, openKeys, rememberFocus } from "./keyboard.js";
import { askToPlayLink, linkParams, sameGame } from "../dialogs/link.js";
import { keepOffline } from "../platform/offline.js";
import { holdGame, release, takeGame } from "../platform/one-tab.js";
import { drawPractice, explain, setupPractice } from "./practice.js";
import { cardName } from "../cards.js";
import { laidCards } from "./mahjong.js";
import { forgetPassPlay, keepPassPlay, keptPassPlay, passScreen } from "../dialogs/pass-play.js";
import { nameSeats } from "./seat-names.js";
import { reasonText } from "./reasons.js";
import { openRecord, openReplays } from "../dialogs/replay.js";
import { openReview } from "../dialogs/review.js";
import { showRulesHelp } from "../dialogs/rules-help.js";
import { choice, choose, motion, openSettings, setting, setupSettings } from "../dialogs/settings.js";
import { clock, dealing, slide, slot } from "./pace.js";
import { deal } from "./deal.js";
import { drawShowdown } from "./showdown.js";
import { setupSound, soundOfMove } from "./sound.js";
import { keepInBrowser, onUnsaved, read, remove, write } from "../platform/storage.js";
import { newGameId, recordHand, setupStats } from "../dialogs/stats.js";
import { LANGUAGES, errorText, list, preferredLanguage, rememberLanguage, setLanguage, t, translate } from "../strings.js";
import { SORTS } from "./hand-order.js";
import { animate, drawTable, relabelCards, snapshot } from "./table.js";
import { maybeShowTutorial } from "../dialogs/tutorial.js";

const $ = (id) => document.getElementById(id);
const SAVE_KEY = "ginrummy.game";
const SPEED_KEY = "ginrummy.speed";
const PREVIOUS_KEY = "ginrummy.previous"; // + ".TIME": a game in progress a link replaced
const BROKEN_KEY = "ginrummy.broken"; // + ".TIME": a save that did not load
// The fingerprint of the save being loaded, while it loads: found at the next load, it
// tells that loading it never finished (it stopped the engine, or the page was closed).
const LOADING_KEY = "ginrummy.loading";
// The engine slower than the slot (pace.js) by this many ms: the opponent is shown thinking.
const LATE_MS = 150;
// The loading bar: the runtime's download fills its first third, then Python boots.
const STAGES = { engine: 2, key: 2, ready: 3 };
// Embedded in another page (embed.js): a compact layout, and the game is not saved (the
// visitor's own game, and other embeds of this site, keep theirs).
const EMBED = new URLSearchParams(location.search).get("embed") === "1";
if (EMBED) document.documentElement.dataset.embed = "true";

let stage = "runtime"; // the loading stage shown (said again when the language changes)
let spoken = false; // the page's language is loaded: until then a stage is not shown (in English)
const engine = startEngine(onStage, onLoadFailed);
// This tab plays the game (one-tab.js): a tab that let it go to another asks its engine
// nothing more, and saves nothing, until it takes the game back.
let here = true;
let saving = !EMBED; // false also while a save that could not be read stays in its place
const MOVED = { ok: false, moved: true, error: "the game moved to another tab" };
const call = (op, arg, due) => (here ? engine(op, arg, due) : Promise.resolve(MOVED));
let lockTaken = null; // while this tab lets the game go: tells it the lock was taken meanwhile
// The player's view of the table: the hand's order (sorted `sort`, or arranged by the
// player: `own`), the card selected to discard, the hinted control, the game's statistics id.
// Mahjong gin: the cards `picked` to lay or add (or one to discard).
const ui = { order: [], sort: SORTS[0], own: false, selected: null, picked: [], hinted: null, hand: 0, onGoOut: goOut, game: null };
ui.sort = SORTS.includes(choice("sort")) ? choice("sort") : SORTS[0];
let state = null;
let busy = true;
let loadFailed = false;
// The match against a friend's page in play (friend.js's FriendMatch), or null: its states
// carry `friend` (ginrummy.friend_table), and count in no statistics and no save of the
// game against the computer, which waits in the bridge as it was.
let friend = null;

/** Whether `next` is a state of the game against the computer (the bridge's), not of a
 * match against a friend, at their page or at this one (pass and play). */
const computerGame = (next) => !next.friend && !next.pass_play;

/** Mark the page busy (a request or the opponent's turn in progress) or ready for input. */
function setBusy(value) {
  busy = value;
  $("table").dataset.busy = String(value);
}

const language = await setLanguage(preferredLanguage());
// a link's choice is remembered; an embed's (its host page's language) is not
if (new URLSearchParams(location.search).has("lang") && !EMBED) rememberLanguage(language);
translate(document);
spoken = true;
showStage();
// The hand's spoken group names need the language's list format, whose first use loads
// its locale data (~25 ms): made now, while Python boots in the worker.
setTimeout(() => list([]));

function onStage(name, done) {
  $("load-progress").value = STAGES[name] ?? done ?? 0;
  if (done !== undefined) return; // the same stage, further on
  performance.mark(`stage ${name}`);
  stage = name;
  if (spoken) showStage();
}

function showStage() {
  const text = { runtime: "load.runtime", fresh: "load.fresh", engine: "load.engine", key: "load.key" }[stage];
  $("load-stage").textContent = t(text || "load.deal");
}

function onLoadFailed(message, stalled) {
  loadFailed = true;
  if (state) return showMessage(t("error.stopped")); // Python died after loading
  const error = $("load-error");
  error.textContent = stalled ? t("load.stalled") : t("load.failed", { error: message });
  error.hidden = false;
  $("load-retry").hidden = false;
  document.querySelector(".loading").classList.add("failed");
}
$("load-retry").addEventListener("click", () => location.reload());

/** Draw the table again, keeping the keyboard focus where it was. */
function redraw() {
  const focus = rememberFocus();
  drawTable(state, ui);
  markHint();
  afterDraw(focus);
}

const queued = []; // messages waiting for the one shown to be closed

/** Show `text` in the message dialog; while it shows another, once that one is closed. */
function showMessage(text) {
  if (!$("message").open) {
    $("message-text").textContent = text;
    $("message").showModal();
  } else if (text !== $("message-text").textContent && !queued.includes(text)) {
    queued.push(text);
  }
}
$("message").addEventListener("close", () => queued.length && showMessage(queued.shift()));

/** Keep the game in the browser and its params in the URL (a sealed game's seed only once
 * it is over); a friend's match leaves the game against the computer's save as it was. */
function remember(next) {
  if (!saving || !computerGame(next)) return;
  const saved = { params: next.params, save: next.save, order: ui.order, own: ui.own, game: ui.game };
  write(SAVE_KEY, JSON.stringify(saved));
  const query = new URLSearchParams(next.params).toString();
  if (location.search.slice(1) !== query) history.replaceState(null, "", `?${query}`);
}

/**
 * Draw state `next`, its moves' cards sliding from where they were when `animated`; a new
 * hand with no move yet is dealt. Return a promise of the clock time (pace.js) the state
 * was shown: once its deal ended, if dealt.
 */
function show(next, animated = true) {
  const shown = clock();
  const before = animated ? snapshot() : null; // reading positions costs a layout
  const dealt = next.view.hand_number > ui.hand && next.view.events.length === 0;
  if (next.view.hand_number !== ui.hand) {
    ui.hand = next.view.hand_number;
    ui.own = false; // a new hand comes sorted
  }
  const previous = state;
  state = next;
  nameSeats(state.pass_play ? state.pass_play.seat : null);
  // an embedded game is the host page's, not the player's; a friend's match is no game
  // against the computer
  if (!EMBED && computerGame(state)) recordHand(state, ui.game);
  for (const id of ["hint-button", "replay-button"]) $(id).hidden = !computerGame(state); // the bridge's game's
  if (animated) soundOfMove(previous, state);
  if (!previous || previous.save !== state.save) showHint(""); // a hint is for one position
  $("opp-says").textContent = opponentLine(state.view);
  redraw();
  drawPractice(state);
  const ms = slide();
  if (animated && !dealt) animate(before, ms);
  const box = $("showdown");
  const over = state.view.phase === "hand_over" || state.view.phase === "match_over";
  box.hidden = !over;
  if (over) {
    drawShowdown(box, state, endButton(), ms);
  } else {
    box.replaceChildren();
  }
  markShowdown(over);
  celebrate(previous, state);
  remember(state);
  return dealt ? deal(state.view.dealer, dealing(), clock) : Promise.resolve(shown);
}

/**
 * Put the hand's end just under the menu bar, so the menu stays in reach: once when the
 * page starts (the observer's first call) and again whenever the bar's height changes (a
 * window turned or resized, another language), as it wraps.
 */
function placeShowdown() {
  const bar = document.querySelector(".bar");
  $("showdown").style.top = `${bar.offsetTop + bar.offsetHeight + 4}px`;
}
new ResizeObserver(placeShowdown).observe(document.querySelector(".bar"));

function endButton() {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "primary";
  if (state.friend?.waiting) {
    button.disabled = true;
    button.textContent = t("prompt.friend_waiting");
  } else if (state.view.legal.includes("next")) {
    button.dataset.action = "next";
    button.textContent = t("action.next");
  } else {
    button.dataset.command = "new";
    button.textContent = t("menu.new");
  }
  const reviewButton = document.createElement("button");
  reviewButton.type = "button";
  reviewButton.dataset.command = "review";
  reviewButton.textContent = t("review.button");
  const row = document.createElement("div");
  row.className = "end-buttons";
  if (computerGame(state)) row.append(reviewButton); // the review is of the bridge's game
  if (!computerGame(state) && state.view.phase === "match_over") {
    const replayButton = document.createElement("button");
    replayButton.type = "button";
    replayButton.dataset.command = "replay-match";
    replayButton.textContent = t("replay.match");
    row.append(replayButton);
  }
  row.append(button);
  return row;
}

/**
 * Play the opponent's moves until the player is to move; return how many it made. Each
 * move is shown one slot (pace.js) after the last thing shown, at clock time `since` for
 * the first: the worker holds the engine's answer until then, however soon it came, so
 * nothing in the page tells how long the opponent thought. Only when the engine takes
 * longer than its slot is the opponent shown thinking. The engine's time comes with a
 * move only where it tells nothing (practice, a deal from a known number): it is then kept
 * as the performance measure "opponent decision" (the page's benchmark reads it).
 */
async function opponentTurns(since) {
  const moves = [];
  try {
    while (state && state.opponent_to_move && here) {
      const due = since + slot(state);
      const late = setTimeout(() => ($("thinking").hidden = false), due - clock() + LATE_MS);
      const answer = await call("opponent", "", due);
      clearTimeout(late);
      $("thinking").hidden = true;
      if (!answer.ok) return fail(answer);
      const { ms } = answer.move;
      if (ms !== undefined) performance.measure("opponent decision", { start: performance.now() - ms, duration: ms });
      since = await show(answer);
      moves.push(answer.move);
      if (state.practice) explain(moves);
    }
  } finally {
    $("thinking").hidden = true;
  }
  if (state) announce(state);
  return moves.length;
}

/**
 * Return the opponent's last turn in words, from the hand's events (so a reload shows it
 * again): its moves after the player's last one, else its last moves before that; "" when
 * it has not played in this hand.
 */
function opponentLine(view) {
  const events = view.events;
  let end = events.length;
  while (end > 0 && events[end - 1].seat !== 1) end--;
  let start = end;
  while (start > 0 && events[start - 1].seat === 1) start--;
  const tell = (event) => moveClause(1, event.action, event.card || event.declined || "");
  const moves = turnClauses(1, events.slice(start, end), tell);
  return moves.length ? turnText(1, moves) : "";
}

function fail(answer) {
  if (loadFailed || answer.moved) return; // Python stopped, or the game moved: the page says so already
  showMessage(errorText(answer));
  if (answer.traceback) console.error(answer.traceback);
}

async function act(action) {
  if (busy || !state) return;
  setBusy(true); // until the move is taken: a second tap meanwhile would be a move out of turn
  try {
    if (state.friend) return await friend?.play(action); // its state comes back through friendTable
    if (state.pass_play) return await passMove(action);
    const start = performance.now();
    const answer = await call("play", action);
    if (!answer.ok) return fail(answer);
    const shown = show(answer);
    announce(state);
    const replies = await opponentTurns(await shown);
    // the page's benchmark reads this: from a discard to the player's turn again
    if (replies && action.startsWith("discard ")) performance.measure("opponent turn", { start });
  } finally {
    setBusy(false);
  }
}

async function goOut(entry) {
  if (busy) return;
  const action = await confirmGoOut($("confirm"), entry, Boolean(state.view.mahjong));
  if (action) await act(action);
}

async function hint() {
  if (busy || !state || !computerGame(state)) return;
  const answer = await call("hint");
  const said = answer.ok ? t("hint.says", { reason: reasonText(answer) }) : errorText(answer);
  showHint(said);
  say(said);
  if (!answer.ok) return;
  ui.hinted = answer.control; // the control's action: a knock's melds are chosen in its dialog
  if (state.view.mahjong) ui.picked = laidCards(answer.control); // a meld or an addition: its cards picked
  redraw(); // the hinted control shown (a knock the table would not offer) and marked
}

/** Show `text` in the hint's own line under the prompt ("" hides it, and forgets the hint). */
function showHint(text) {
  $("hint-line").textContent = text;
  $("hint-line").hidden = !text;
  if (!text) ui.hinted = null;
}

/** Mark the controls of the hinted move (the card, the pile, the button), if any. */
function markHint() {
  if (!ui.hinted) return;
  for (const control of document.querySelectorAll(`#table [data-action="${CSS.escape(ui.hinted)}"]`)) {
    control.classList.add("hinted");
  }
}

/** Take back the player's last move and the opponent's replies (practice games only). */
async function undo() {
  if (busy || !state || !state.practice) return;
  setBusy(true);
  try {
    const answer = await call("undo");
    if (!answer.ok) return fail(answer);
    explain([]);
    show(answer);
    showHint(t("practice.undone"));
  } finally {
    setBusy(false);
  }
}

/** Open the review of the hand just over (the engine takes a moment: the button says so). */
async function review(button) {
  if (busy || !state) return;
  setBusy(true);
  button.disabled = true;
  button.textContent = t("review.working");
  try {
    const answer = await call("review");
    if (!answer.ok) return fail(answer);
    openReview($("review"), answer, ui.sort);
    // The button was disabled while the engine worked, so the dialog has no focus to give back.
    $("review").addEventListener("close", () => button.focus(), { once: true });
  } finally {
    button.disabled = false;
    button.textContent = t("review.button");
    setBusy(false);
  }
}

/**
 * Open the replay of the match just over against a friend or in pass and play, its seats
 * named as its table names them: the friend's match's from this page's seat (ginrummy.duel
 * turns the guest's), pass and play's with player 1 at the bottom, named as the table was
 * once the dialog closes. Its record is the engine's only once the match is over.
 */
async function replayMatch(button) {
  if (busy || !state || computerGame(state)) return;
  setBusy(true);
  try {
    let first;
    let step = call; // the bridge's viewer steps through a pass-and-play record
    if (state.friend) {
      step = (_op, number) => engine.duel("replay", JSON.stringify({ step: Number(number) }));
      first = await engine.duel("record");
    } else {
      const answer = await engine.passPlay("record");
      if (!answer.ok) return fail(answer);
      first = await call("load_record", answer.record);
    }
    if (!first.ok) return fail(first);
    if (state.pass_play) nameSeats(0);
    $("replay").addEventListener(
      "close",
      () => {
        nameSeats(state.pass_play ? state.pass_play.seat : null);
        button.focus();
      },
      { once: true },
    );
    openRecord($("replay"), step, first);
  } finally {
    setBusy(false);
  }
}

async function newGame() {
  if (busy) return;
  setBusy(true);
  try {
    const options = await call("options");
    let started = null;
    const check = async (asked) => {
      const answer = await call("new", JSON.stringify(asked));
      started = answer.ok ? answer : null;
      return answer.ok ? null : errorText(answer);
    };
    const help = (asked) => showRulesHelp($("rules-help"), call, asked);
    const params = await newGameForm($("newgame"), options, state ? state.params : {}, check, help, !EMBED);
    if (params?.friend) {
      const { hostFriend } = await import("../dialogs/friend-dialog.js");
      const kept = await keptMatch();
      await playFriend((handlers, build) => hostFriend($("newgame"), engine.duel, { rules: params.friend, build, handlers, kept }));
    } else if (params?.passPlay) {
      await passAndPlay(params.passPlay);
    } else if (params && started) {
      closeFriend();
      forgetPassPlay(); // the pass-and-play match, if any, is left
      ui.hand = 0;
      ui.game = newGameId();
      explain([]);
      const shown = show(started, false);
      announceFrom(state);
      await opponentTurns(await shown);
    }
  } finally {
    setBusy(false);
  }
}

// --- a match against a friend's page ---------------------------------------------------

let friendShown = ""; // the friend's match's state last drawn, as text: each message brings it again

/**
 * Set up a match against a friend with `connect(handlers, build)` (a dialog of
 * friend-dialog.js: it resolves with the match once connected, or null) and play it. The
 * states that come before the dialog resolves are kept, the last one drawn then. Every
 * state is kept in the browser (friend-save.js), to take the match up after a dropped
 * connection or a reload. When the dialog is closed, the game against the computer is
 * shown again.
 */
async function playFriend(connect) {
  const asked = await call("build");
  if (!asked.ok) return fail(asked);
  let match = null;
  let early = null;
  let ended = false; // refused before the dialog resolved: the match is not played
  const handlers = {
    table: (_table, next) => {
      if (next?.friend && (!match || match === friend)) keepMatch(engine.duel, next);
      if (match) friendTable(match, next);
      else early = next;
    },
    refused: (error, over, resumeRefused) => {
      if (!over) return showMessage(error); // a move of this page's that the engine refused
      if (match && match !== friend) return;
      ended = true;
      forgetMatch();
      endFriend(t(resumeRefused ? "friend.resume_refused" : "friend.ended", { error }));
    },
    closed: () => match === friend && lostFriend(),
  };
  closeFriend(); // one match at a time: the worker's duel takes the new one
  match = await connect(handlers, asked.build);
  if (!match) return endFriend();
  if (ended) return match.close();
  forgetPassPlay(); // the pass-and-play match, if any, is left
  friend = match;
  friendShown = "";
  ui.hand = 0;
  if (early) friendTable(match, early);
}

/** Draw `next`, a state of the friend's `match` (none while a hand is being dealt). */
function friendTable(match, next) {
  if (match !== friend || !next?.view) return;
  const text = JSON.stringify(next);
  if (text === friendShown) return;
  const first = !friendShown;
  friendShown = text;
  show(next, !first);
  if (first) announceFrom(state);
  else announce(state);
}

/** Close the friend's match in play, if any (its states are heard no more). */
function closeFriend() {
  friend?.close();
  friend = null;
}

/**
 * The connection to the friend's page was lost mid-match: the match stays drawn as it
 * stood (kept in the browser), and the player may take it up over a new connection, from
 * either page; "Later" shows the game against the computer again, the match kept to
 * finish later. A match already over has nothing left to take up.
 */
async function lostFriend() {
  closeFriend();
  if (!state?.friend || state.view.phase === "match_over") return;
  const kept = await keptMatch();
  if (!kept) return endFriend(t("friend.closed"));
  setBusy(true);
  try {
    const { reconnectFriend } = await import("../dialogs/friend-dialog.js");
    const reconnect = (handlers, build) => reconnectFriend($("newgame"), engine.duel, { kept, build, handlers, lost: true });
    await playFriend(reconnect);
  } finally {
    setBusy(false);
  }
}

/** End the friend's match (saying `message`, if any) and show the game against the
 * computer again, as it was. */
async function endFriend(message = "") {
  closeFriend();
  if (message) showMessage(message);
  if (!state?.friend) return;
  const back = await call("state");
  if (!back.ok) return fail(back);
  ui.hand = back.view.hand_number;
  show(back, false);
  announceFrom(state);
}

/** Answer the invite `code` a friend sent (the page was opened from its link). */
async function joinInvite(code) {
  setBusy(true);
  try {
    const { joinFriend } = await import("../dialogs/friend-dialog.js");
    const kept = await keptMatch();
    await playFriend((handlers, build) => joinFriend($("newgame"), engine.duel, { code, build, handlers, kept }));
  } finally {
    setBusy(false);
  }
}

// --- pass and play: two players at this page, one match of ginrummy.pass_play ----------

let seatShown = null; // the seat whose table is drawn in the pass-and-play match

/** Deal a pass-and-play match under `rules` (the new-game form's) and show its first turn. */
async function passAndPlay(rules) {
  const answer = await engine.passPlay("new", JSON.stringify(rules));
  if (!answer.ok) return fail(answer);
  closeFriend();
  seatShown = null;
  ui.hand = 0;
  await passedTo(answer);
}

/** Take up the pass-and-play match kept in the browser (`save`: its text), behind the
 * pass screen; one that does not load is set aside as a computer game's save is (never
 * deleted), and the player told why. */
async function resumePassPlay(save) {
  setBusy(true);
  try {
    const answer = await engine.passPlay("load", save);
    if (!answer.ok) {
      const error = errorText(answer);
      if (keepAside(save, error, "pass.not_resumed", "pass.not_resumed_full")) forgetPassPlay();
      return null;
    }
    seatShown = null;
    ui.hand = 0;
    await passedTo(answer);
  } finally {
    setBusy(false);
  }
}

/** Play `action`, the pass-and-play move of the player to move, and show what follows. */
async function passMove(action) {
  const answer = await engine.passPlay("play", action);
  if (!answer.ok) return fail(answer);
  await passedTo(answer);
}

/**
 * Draw `next`, a pass-and-play state; when it is the other player's turn, behind the pass
 * screen first, until they ask to see their hand (drawn sorted: the order was the other's).
 */
async function passedTo(next) {
  keepPassPlay(next);
  const seat = next.pass_play.seat;
  if (seat === seatShown) {
    show(next);
    return announce(state);
  }
  await passScreen($("pass"), { table: $("table"), log: $("announce") }, seat);
  seatShown = seat;
  Object.assign(ui, { order: [], own: false, selected: null, picked: [] });
  show(next, false);
  announceFrom(state);
}

// --- input: clicks, keys and drags ---------------------------------------------------

document.addEventListener("click", (event) => {
  const target = event.target.closest("[data-pick], [data-action], [data-command]");
  if (!target || target.closest("dialog") || target.classList.contains("go-out")) return;
  if (ui.dragged) return;
  if (target.dataset.pick) return pick(target);
  if (target.dataset.command === "new") newGame();
  else if (target.dataset.command === "review") review(target);
  else if (target.dataset.command === "replay-match") replayMatch(target);
  else if (target.dataset.action && !selectFirst(target)) act(target.dataset.action);
});

// Escape puts back the card chosen to discard, or the cards picked (when no dialog is open).
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || !(ui.selected || ui.picked.length) || document.querySelector("dialog[open]")) return;
  ui.selected = null;
  ui.picked = [];
  redraw();
  say(t("say.unselected"));
});

/**
 * Mahjong gin: a tap on a hand card picks it or puts it back. The picked cards offer
 * their meld or additions (buttons, and the table melds they may join); a card picked
 * alone is the one to discard, and a second tap on it discards it, as in the other games.
 */
function pick(card) {
  if (busy || !state) return;
  const text = card.dataset.pick;
  const discard = `discard ${text}`;
  if (ui.picked.length === 1 && ui.picked[0] === text && state.view.legal.includes(discard)) return act(discard);
  const picked = ui.picked.includes(text);
  ui.picked = picked ? ui.picked.filter((other) => other !== text) : [...ui.picked, text];
  redraw();
  say(pickedText(picked, text));
}

/** Return what a pick made in words: the card picked or put back, and what the picks can do. */
function pickedText(putBack, text) {
  const said = [t(putBack ? "mj.say.unpicked" : "mj.say.picked", { card: cardName(text) })];
  const buttons = [...document.querySelectorAll("#controls [data-action]")];
  const controls = buttons.map((button) => button.firstChild.textContent); // not its key's badge
  if (controls.length) said.push(t("mj.say.can", { controls: list(controls) }));
  return said.join(" ");
}

/**
 * Safe discards: a first tap on a hand card to discard selects it (lifted, with the
 * deadwood its discard leaves); a second tap, Enter or the Discard button discards it.
 * Return whether `target` was only selected. The one-tap setting discards at once.
 */
function selectFirst(target) {
  const card = target.closest("#hand .card");
  if (!card || busy || !canDiscard(card) || setting("oneTap") || ui.selected === card.dataset.card) return false;
  ui.selected = card.dataset.card;
  redraw();
  const count = state.discard_deadwood[ui.selected];
  say(t("say.selected", { card: cardName(ui.selected), count }));
  return true;
}
$("new-button").addEventListener("click", newGame);
$("hint-button").addEventListener("click", hint);
$("replay-button").addEventListener("click", () => {
  if (state) openReplays($("replay"), call, state);
});
setupPractice(undo);
$("rules-button").addEventListener("click", () => showRulesHelp($("rules-help"), call, state ? state.params : {}));
$("speed").addEventListener("change", () => write(SPEED_KEY, $("speed").value));
const savedSpeed = read(SPEED_KEY);
const speedNamed = [...$("speed").options].some((option) => option.value === savedSpeed);
$("speed").value = speedNamed ? savedSpeed : "normal"; // a stored value no speed names plays (and shows) normal
setupStats($("stats"), $("stats-button"), showMessage);
onUnsaved((reason) => showMessage(t(`storage.${reason}`)));
setupSound($("sound"));

// --- the language switch: each language named in itself; the table redrawn in the new one
$("language").replaceChildren(
  ...Object.entries(LANGUAGES).map(([code, name]) => new Option(name, code, false, code === language)),
);
$("language").addEventListener("change", async () => {
  const code = await setLanguage($("language").value);
  rememberLanguage(code);
  translate(document);
  showStage();
  showHint("");
  relabelCards();
  if (state) show(state, false);
});
setupSettings($("settings"), openKeys);
$("settings-button").addEventListener("click", () => openSettings($("settings")));
installKeyboard(setOrder, () => sortHand(!ui.own && ui.sort === SORTS[0] ? SORTS[1] : SORTS[0]));

let drag = null;
$("hand").addEventListener("pointerdown", (event) => {
  const card = event.target.closest(".card");
  if (!card || event.button !== 0) return;
  drag = { card, x: event.clientX, y: event.clientY, moved: false };
  ui.dragged = false;
});
window.addEventListener("pointermove", (event) => {
  if (!drag) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.moved && Math.hypot(dx, dy) < 8) return;
  if (!drag.moved) {
    drag.moved = true;
    drag.card.setPointerCapture?.(event.pointerId);
    drag.card.classList.add("dragging");
  }
  drag.card.style.transform = `translate(${dx}px, ${dy}px)`;
  $("pile").classList.toggle("drop", overPile(event) && canDiscard(drag.card));
});
window.addEventListener("pointerup", (event) => {
  if (!drag) return;
  const { card, moved } = drag;
  drag = null;
  if (!moved) return;
  ui.dragged = true;
  setTimeout(() => (ui.dragged = false));
  const from = card.getBoundingClientRect();
  card.classList.remove("dragging");
  card.style.transform = "";
  $("pile").classList.remove("drop");
  if (overPile(event) && canDiscard(card)) {
    act(card.dataset.action);
    return;
  }
  const onto = document
    .elementsFromPoint(event.clientX, event.clientY)
    .map((node) => node.closest("#hand .card"))
    .find((other) => other && other !== card);
  if (onto) {
    reorder(card.dataset.card, onto.dataset.card);
  } else {
    const to = card.getBoundingClientRect();
    const back = `translate(${from.left - to.left}px, ${from.top - to.top}px)`;
    card.animate([{ transform: back }, { transform: "none" }], { duration: motion(200) });
  }
});

function overPile(event) {
  const box = $("pile").getBoundingClientRect();
  const [x, y, slack] = [event.clientX, event.clientY, 20];
  return x >= box.left - slack && x <= box.right + slack && y >= box.top - slack && y <= box.bottom + slack;
}

function canDiscard(card) {
  return (card.dataset.action || "").startsWith("discard ");
}

function reorder(moving, before) {
  const inMeld = (text) => state.view.arrangement.melds.find((meld) => meld.includes(text));
  const meld = inMeld(moving);
  const group = meld && !meld.includes(before) ? meld : [moving];
  const rest = ui.order.filter((text) => !group.includes(text));
  rest.splice(rest.indexOf(before), 0, ...group);
  setOrder(rest);
}

/** Show the hand in the player's new `order` of its cards (card texts): their own order. */
function setOrder(order) {
  ui.order = order;
  ui.own = true;
  rearranged();
}

/** Sort the hand `by` "rank" or "suit" (the choice is kept for the next hands and games). */
function sortHand(by) {
  ui.sort = by;
  ui.own = false;
  choose("sort", by);
  rearranged();
  say(t(`say.sorted_${by}`));
}

/** Redraw the hand in its new order, the cards sliding to their places, and save it. */
function rearranged() {
  if (!state) return;
  const places = snapshot();
  redraw();
  animate(places, slide());
  remember(state);
}

$("sort").addEventListener("click", (event) => {
  const button = event.target.closest("[data-sort]");
  if (button) sortHand(button.dataset.sort);
});

// --- start: resume the saved game, or deal the one the URL asks for ---------------------

/** Return a short fingerprint of `text`: its length and FNV-1a hash. */
function fingerprint(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${text.length}:${(hash >>> 0).toString(16)}`;
}

/** Tell the player `text` once the page is drawn. */
function tellLater(text) {
  setTimeout(() => showMessage(text));
}

/**
 * Set aside the save `raw`, which did not load (`error`, in words), under a key of its
 * own, and say so with the message `told` ("error.save_broken": a new game is dealt). A
 * save is never deleted: when the browser has no room for the copy, it stays where it is,
 * this page saves nothing over it, and the player is told that instead. Returns null.
 */
function setAside(raw, error, told = "error.save_broken") {
  if (keepAside(raw, error, told, "error.save_kept")) remove(SAVE_KEY);
  else saving = false;
  return null;
}

/**
 * Copy the save `raw`, which did not load (`error`), under a key of its own and tell the
 * player so with the message `told`; when the browser has no room for the copy, tell
 * them `full` instead (the save stays where it is). Return whether it was copied.
 */
function keepAside(raw, error, told, full) {
  const key = `${BROKEN_KEY}.${Date.now()}`;
  const kept = keepInBrowser(key, raw) === "kept";
  tellLater(kept ? t(told, { error, key }) : t(full, { error }));
  return kept;
}

/**
 * Return the saved game's state, resumed, or null to deal the game the link asks for
 * (`wanted`, its params). A save that does not load is reported and set aside at its
 * first failure, even one that stops the engine or never finishes loading. A sealed save
 * this browser cannot open because IndexedDB, which keeps its key, is unavailable stays
 * as it is. A link to another game asks before it takes the place of a game in progress,
 * which is then kept aside under a key of its own (never over another).
 */
async function resume(wanted) {
  const raw = saving ? read(SAVE_KEY) : null;
  if (!raw || loadFailed) return null; // Python never started: the save is not to blame
  let saved = null;
  try {
    saved = JSON.parse(raw);
  } catch {
    saved = null;
  }
  if (!saved || typeof saved.save !== "string") return setAside(raw, t("error.not_a_save"));
  const mark = fingerprint(raw);
  if (read(LOADING_KEY) === mark) {
    remove(LOADING_KEY);
    return setAside(raw, t("error.load_unfinished"));
  }
  keepInBrowser(LOADING_KEY, mark); // no room for it: a load that never ends is tried again
  const answer = await call("resume", saved.save);
  remove(LOADING_KEY);
  if (!here) return null; // the game moved to another tab while it loaded
  if (loadFailed) return setAside(raw, errorText(answer), "error.save_stopped");
  if (!answer.ok && answer.message?.id === "sealed" && !(await call("sealing")).kept) {
    saving = false; // it may open in a later visit: no game of this one is saved over it
    tellLater(t("error.save_no_key"));
    return null;
  }
  if (!answer.ok) return setAside(raw, errorText(answer));
  if (Object.keys(wanted).length && !sameGame(saved.params || {}, wanted)) {
    if (answer.view.phase === "match_over") return null; // over: its hands are counted
    const key = `${PREVIOUS_KEY}.${Date.now()}`;
    if (await askToPlayLink($("confirm"), key)) {
      if (keepInBrowser(key, raw) !== "kept") {
        saving = false;
        tellLater(t("link.no_room"));
      }
      return null;
    }
  }
  ui.hand = answer.view.hand_number;
  ui.game = typeof saved.game === "string" ? saved.game : newGameId();
  ui.order = Array.isArray(saved.order) ? saved.order.filter((text) => typeof text === "string") : [];
  ui.own = saved.own === true;
  return answer;
}

/**
 * Show, on the loading screen, that the game is played in another tab (`why`: a string
 * id), with "Play here"; resolve once this tab holds the game (the other tab let it go
 * when asked, or was closed).
 */
async function playHere(why) {
  const panel = $("loading");
  const button = $("play-here");
  $("elsewhere").dataset.i18n = why;
  translate(panel);
  panel.classList.add("elsewhere");
  panel.hidden = false;
  button.disabled = false;
  button.focus();
  const asked = new Promise((resolve) => button.addEventListener("click", resolve, { once: true }));
  asked.then(() => (button.disabled = true));
  await takeGame(asked);
  panel.classList.remove("elsewhere");
}

/**
 * Stop playing: another tab takes the game. No request is sent from now on; unless the
 * lock was `stolen` (this tab kept it too long), the answers on their way are shown and
 * saved before it is released, so the other tab loads this one's last move. The page
 * then offers to take the game back, and goes on from the other tab's last save.
 */
async function letGameGo(stolen) {
  if (stolen) {
    saving = false; // at once: the other tab may have loaded the save already
    lockTaken?.();
  }
  if (!here) return;
  here = false;
  closeFriend(); // the match against a friend is this tab's
  if (!stolen) {
    // "state" is answered after every request sent before it (unless the engine is stuck
    // on one, and the lock is taken meanwhile)
    await Promise.race([engine("state"), new Promise((resolve) => (lockTaken = resolve))]);
    lockTaken = null;
  }
  saving = false;
  release();
  queued.length = 0;
  for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
  await playHere("tab.moved");
  here = true;
  saving = true;
  await enter({});
}

/** Resume the saved game, or deal the game `wanted` (a link's params), and play it. */
async function enter(wanted) {
  let first = await resume(wanted);
  if (loadFailed || !here) return; // the loading screen says why, or the game moved
  if (!first) {
    ui.game = newGameId();
    first = await call("new", JSON.stringify(wanted));
    if (loadFailed || !here) return;
    if (!first.ok) {
      showMessage(errorText(first));
      first = await call("new", "{}");
    }
  }
  if (!here) return;
  if (!first.ok) return onLoadFailed(first.error, false);
  performance.mark("dealt");
  const shown = show(first, false);
  announceFrom(state);
  performance.mark("drawn");
  $("loading").hidden = true;
  document.documentElement.dataset.ready = "true";
  call("warm"); // load the opponent now: while the player thinks, or before its first move
  setBusy(true);
  try {
    await opponentTurns(await shown);
  } finally {
    setBusy(false);
  }
}

async function start() {
  const invited = EMBED ? null : inviteInAddress(); // read before the address shows the game's params
  if (!EMBED && !(await holdGame(letGameGo))) await playHere("tab.elsewhere");
  const options = await call("options");
  const wanted = options.ok ? linkParams(options) : {};
  await enter(wanted);
  if (loadFailed || !here) return;
  performance.mark("playable");
  keepOffline(); // only now: its downloads never compete with the first load
  const passPlay = EMBED ? null : keptPassPlay();
  if (invited) joinInvite(invited);
  else if (passPlay) resumePassPlay(passPlay);
  else maybeShowTutorial(call, state);
}

start();
