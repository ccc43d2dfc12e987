// The dialogs that set up a match against a friend (friend.js connects the pages): the
// host's invite (a link to copy, and its QR code) and the box for the friend's answer; the
// friend's answer to send back, while the page waits for the host to take it. Each
// resolves with the match once the pages are connected, or null when the player closes it.
// The page loads this module when a player asks for a friend's match (or opens an invite).
import { button, copyButton, element } from "./dom.js";
import { FriendError, invite, join } from "./friend.js";
import { drawQr } from "./qr.js";
import { t, tOr } from "./strings.js";

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
 * Resolves with the match (friend.js's FriendMatch, heard by `handlers`) once connected.
 */
export async function hostFriend(dialog, duel, { rules, build, handlers }) {
  const sheet = openSheet(dialog, t("friend.title"));
  sheet.say(t("friend.making"));
  let invited;
  try {
    invited = await invite(duel, { rules, build, handlers });
  } catch (error) {
    sheet.fail(problemText(error));
    return sheet.settled;
  }
  if (!dialog.open) return sheet.settled;
  sheet.say("");
  const qr = element("canvas", "friend-qr");
  qr.setAttribute("role", "img");
  qr.setAttribute("aria-label", t("friend.qr"));
  drawQr(qr, invited.link);
  const answerLabel = element("label", "field", t("friend.answer"));
  const answer = element("textarea");
  answer.name = "answer";
  answer.rows = 3;
  answer.autocomplete = "off";
  answer.spellcheck = false;
  answerLabel.append(answer);
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
  return sheet.settled;
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
export async function joinFriend(dialog, duel, { code, build, handlers }) {
  const sheet = openSheet(dialog, t("friend.join_title"));
  sheet.say(t("friend.reading"));
  let joined;
  try {
    joined = await join(duel, code, { build, handlers });
  } catch (error) {
    sheet.fail(problemText(error));
    return sheet.settled;
  }
  sheet.body.append(
    element("p", "", t("friend.join_steps", { rules: rulesText(joined.params) })),
    copyField(t("friend.answer_code"), joined.code, "answer"),
  );
  sheet.say(t("friend.waiting_host"));
  joined.connected.then(sheet.finish, (error) => dialog.open && sheet.fail(problemText(error)));
  return sheet.settled;
}
