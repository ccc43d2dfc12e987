// The dialogs that set up a match against a friend (friend.js connects the pages): the
// host's invite (a link to copy, and its QR code) and the box for the friend's answer; the
// friend's answer to send back, while the page waits for the host to take it; and, after
// a dropped connection (or for a match kept to finish later), the same steps to take the
// match up, from either side. Each resolves with the match once the pages are connected,
// or null when the player closes it.
// The page loads this module when a player asks for a friend's match (or opens an invite).
import { button, copyButton, element } from "../dom.js";
import { FriendError, invite, join, reinvite } from "../platform/friend.js";
import { keptText } from "../platform/friend-save.js";
import { drawQr } from "./qr.js";
import { t, tOr } from "../strings.js";

/** The sentence of a failed step: a FriendError's own, else the engine's message. */
function problemText(error) {
  return error instanceof FriendError ? error.message : t("friend.failed", { error: String(error?.message || error) });
}

/** A line that says what the dialog is doing (read out as it changes) and its error line. */
function statusLines() {
  const status = element("p", "note friend-status");
  status.setAttribute("aria-live", "polite");
  const problem = element("p", "error");
  problem.setAttribute("role", "alert");
  problem.hidden = true;
  const say = (text) => {
    status.textContent = text;
    problem.hidden = true;
  };
  const fail = (text) => {
    status.textContent = "";
    problem.textContent = text;
    problem.hidden = false;
  };
  return { status, problem, say, fail };
}

/** A read-only field holding `text` under `label`, with a Copy button that says it copied. */
function copyField(label, text, name) {
  const box = element("div", "friend-copy");
  const field = element("label", "field", label);
  const input = element("textarea");
  input.readOnly = true;
  input.rows = 3;
  input.name = name;
  input.value = text;
  input.addEventListener("focus", () => input.select());
  field.append(input);
  const [copy, done] = copyButton(input, text, {
    label: t("friend.copy"),
    data: { friend: `copy-${name}` },
    copied: t("friend.copied"),
    failed: t("friend.copy_yourself"),
  });
  const row = element("div", "friend-copy-row");
  row.append(copy, done);
  box.append(field, row);
  return box;
}

/** Return a field under `label` for a code the friend sent (named `name`), and its box. */
function pasteField(label, name) {
  const field = element("label", "field", label);
  const box = element("textarea");
  box.name = name;
  box.rows = 3;
  box.autocomplete = "off";
  box.spellcheck = false;
  field.append(box);
  return [field, box];
}

/**
 * Open `dialog` with `title` and a Cancel button; return its parts and a promise settled
 * with the match once `finish(match)` is called, or null when the player closes it.
 */
function openSheet(dialog, title) {
  dialog.replaceChildren();
  const heading = element("h2", "", title);
  heading.id = "friend-title";
  dialog.setAttribute("aria-labelledby", heading.id);
  const body = element("div", "friend");
  const lines = statusLines();
  const cancel = button(t("action.cancel"), { friend: "cancel" });
  const buttons = element("div", "buttons");
  buttons.append(cancel);
  dialog.append(heading, body, lines.status, lines.problem, buttons);
  let settle;
  const settled = new Promise((resolve) => (settle = resolve));
  cancel.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => settle(null), { once: true }); // Escape too
  const finish = (match) => {
    settle(match);
    dialog.close();
  };
  dialog.showModal();
  return { body, buttons, cancel, settled, finish, ...lines };
}

/**
 * As the host, invite a friend to a match under `rules` (the new-game form's params) from
 * this page's `build`: show the invite link, its QR code and a box for the friend's answer.
 * When the page keeps a match against a friend (`kept`: friend-save.js's), first offer to
 * take that one up instead. Resolves with the match (friend.js's FriendMatch, heard by
 * `handlers`) once connected.
 */
export async function hostFriend(dialog, duel, { rules, build, handlers, kept = null }) {
  const sheet = openSheet(dialog, t("friend.title"));
  if (kept && !(await choseNew(sheet, kept))) {
    return dialog.open ? resumeSteps(sheet, dialog, duel, { kept, build, handlers }) : sheet.settled;
  }
  if (dialog.open) offerSteps(sheet, dialog, () => invite(duel, { rules, build, handlers }));
  return sheet.settled;
}

/** Append to `sheet`'s body a row of two choices, each `[text, data]`: `other`, then
 * `main` (the primary one, focused). Return their buttons in that order. */
function choiceRow(sheet, other, main) {
  const second = button(...other);
  const first = button(...main);
  first.className = "primary";
  const row = element("div", "buttons people");
  row.append(second, first);
  sheet.body.append(row);
  first.focus();
  return [second, first];
}

/** Offer, in `sheet`, to take up the match `kept` or start a new one: resolve with
 * whether the player chose a new one (false too when the dialog was closed). */
function choseNew(sheet, kept) {
  sheet.body.append(element("p", "", t("friend.kept_offer", { match: keptText(kept) })));
  const [fresh, resume] = choiceRow(sheet, [t("friend.new_match"), { friend: "new-match" }], [
    t("friend.take_up"),
    { friend: "take-up" },
  ]);
  return new Promise((resolve) => {
    const chose = (choice) => () => {
      sheet.body.replaceChildren();
      resolve(choice);
    };
    resume.addEventListener("click", chose(false));
    fresh.addEventListener("click", chose(true));
    sheet.settled.then(() => resolve(false));
  });
}

/**
 * In `sheet`, make an offer with `making()` (friend.js's invite or reinvite), then show its
 * link, its QR code and a box for the friend's answer, and connect once it is pasted.
 */
async function offerSteps(sheet, dialog, making) {
  sheet.say(t("friend.making"));
  let invited;
  try {
    invited = await making();
  } catch (error) {
    sheet.fail(problemText(error));
    return;
  }
  if (!dialog.open) return;
  sheet.say("");
  const qr = element("canvas", "friend-qr");
  qr.setAttribute("role", "img");
  qr.setAttribute("aria-label", t("friend.qr"));
  drawQr(qr, invited.link);
  const [answerLabel, answer] = pasteField(t("friend.answer"), "answer");
  sheet.body.append(
    element("p", "", t("friend.host_steps")),
    copyField(t("friend.link"), invited.link, "invite"),
    qr,
    answerLabel,
  );
  const connect = button(t("friend.connect"), { friend: "connect" });
  connect.className = "primary";
  sheet.buttons.append(connect);
  connect.addEventListener("click", async () => {
    if (!answer.value.trim()) return sheet.fail(t("friend.no_answer"));
    connect.disabled = true;
    sheet.say(t("friend.connecting"));
    try {
      sheet.finish(await invited.accept(answer.value));
    } catch (error) {
      sheet.fail(problemText(error));
      // a code refused changes nothing: the player may paste another; a connection that
      // failed needs a new invite (the message says so)
      connect.disabled = error.message === t("friend.no_connection");
    }
  });
}

/** Name the rules of an invite: its preset, and whether the host changed some of them. */
function rulesText(params) {
  const name = tOr(`ruleset.${params.preset}`, params.preset);
  return Object.keys(params).length > 1 ? t("friend.rules_changed", { rules: name }) : name;
}

/**
 * As the friend, answer the invite `code` (its link's or its code) from this page's
 * `build`: show the answer to send back, then wait for the host to take it. Resolves with
 * the match (friend.js's FriendMatch, heard by `handlers`) once connected.
 */
export async function joinFriend(dialog, duel, { code, build, handlers, kept = null }) {
  const sheet = openSheet(dialog, t("friend.join_title"));
  await answerSteps(sheet, dialog, () => join(duel, code, { build, handlers, saved: kept?.save }), kept);
  return sheet.settled;
}

/**
 * In `sheet`, join an invite with `joining()` (friend.js's join), then show the answer to
 * send back and wait for the friend to take it. `kept`: the match this page keeps, named
 * when the invite takes it up. Resolves once the answer is shown (or the invite refused).
 */
async function answerSteps(sheet, dialog, joining, kept) {
  sheet.say(t("friend.reading"));
  let joined;
  try {
    joined = await joining();
  } catch (error) {
    sheet.fail(problemText(error));
    return false;
  }
  const steps = joined.resume
    ? t("friend.rejoin_steps", { match: keptText(kept) })
    : t("friend.join_steps", { rules: rulesText(joined.params) });
  sheet.body.append(element("p", "", steps), copyField(t("friend.answer_code"), joined.code, "answer"));
  sheet.say(t("friend.waiting_host"));
  joined.connected.then(sheet.finish, (error) => dialog.open && sheet.fail(problemText(error)));
  return true;
}

/**
 * After the connection to the friend's page was lost mid-match (`lost`), or to finish a
 * match kept for later: take up the match `kept` (friend-save.js's) over a new
 * connection. Either player sends the other a new link, as at the start; the dialog offers
 * both sides. Resolves with the match once connected, or null when the player closes it
 * ("Later": the match stays kept).
 */
export function reconnectFriend(dialog, duel, { kept, build, handlers, lost = false }) {
  const sheet = openSheet(dialog, t(lost ? "friend.lost_title" : "friend.title"));
  if (lost) sheet.cancel.textContent = t("friend.later");
  return resumeSteps(sheet, dialog, duel, { kept, build, handlers, lost });
}

/** In `sheet`, offer the two ways to take the match `kept` up: send a link, or answer the
 * friend's. Resolves with the match once connected, or null when closed. */
function resumeSteps(sheet, dialog, duel, { kept, build, handlers, lost = false }) {
  const why = lost ? t("friend.lost") : t("friend.kept_offer", { match: keptText(kept) });
  sheet.body.append(element("p", "", why), element("p", "", t("friend.resume_steps")));
  if (lost) sheet.body.append(element("p", "note", t("friend.kept_later")));
  const [paste, send] = choiceRow(sheet, [t("friend.paste_link"), { friend: "paste-link" }], [
    t("friend.send_link"),
    { friend: "send-link" },
  ]);
  const chosen = () => {
    sheet.body.replaceChildren();
    sheet.cancel.textContent = t("action.cancel");
  };
  send.addEventListener("click", () => {
    chosen();
    offerSteps(sheet, dialog, () => reinvite(duel, { saved: kept.save, build, handlers }));
  });
  paste.addEventListener("click", () => {
    chosen();
    pasteStep(sheet, dialog, (code) => join(duel, code, { build, handlers, saved: kept.save }), kept);
  });
  return sheet.settled;
}

/** In `sheet`, a box for the link the friend sent; `joining(code)` answers it. */
function pasteStep(sheet, dialog, joining, kept) {
  const [label, box] = pasteField(t("friend.their_link"), "link");
  sheet.body.append(label);
  const answer = button(t("friend.make_answer"), { friend: "answer" });
  answer.className = "primary";
  sheet.buttons.append(answer);
  box.focus();
  answer.addEventListener("click", async () => {
    if (!box.value.trim()) return sheet.fail(t("friend.no_link"));
    answer.disabled = true;
    const code = box.value;
    const taken = await answerSteps(sheet, dialog, () => joining(code), kept);
    if (taken) {
      label.remove();
      answer.remove();
    } else {
      answer.disabled = false; // a link refused changes nothing: the player may paste another
    }
  });
}
