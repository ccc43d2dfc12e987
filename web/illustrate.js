// The illustration server, framed once (hidden) by embed.js on a host page of any origin
// (or, with a query, one illustration drawn as a page of its own: see below).
// It boots one Python worker and answers each illustration request with the drawing's
// markup: the engine computes, illustrate-view.js draws, the host only shows the result.
//
// In:  {ginrummy: "hello"} -> out: {ginrummy: "hello"} (the host knows the server is here)
// In:  {ginrummy: "illustrate", id, request, written} (request: the bridge's "illustrate")
// Out: {ginrummy: "drawn", id, ok, html, error} to the window that asked, at its origin.
import { startEngine } from "./engine.js";
import { drawError, drawReport } from "./illustrate-view.js";
import { errorText, t } from "./strings.js";

const call = startEngine(
  () => {},
  () => {}, // a failed load answers every request with an internal error (below)
);

/** Return the drawing of one illustration `request`, or its error with the `written` cards. */
async function draw(request, written) {
  const answer = await call("illustrate", JSON.stringify(request));
  if (answer.ok) return { ok: true, node: drawReport(answer.illustration, answer) };
  const error = answer.internal ? t("ill.unavailable", { error: answer.error }) : errorText(answer);
  return { ok: false, error, node: drawError(error, written) };
}

addEventListener("message", async (event) => {
  const data = event.data;
  if (data && data.ginrummy === "hello" && event.source) event.source.postMessage(data, event.origin);
  if (!data || data.ginrummy !== "illustrate" || !event.source) return;
  const drawn = await draw(data.request, data.written);
  const reply = { ginrummy: "drawn", id: data.id, ok: drawn.ok, html: drawn.node.outerHTML, error: drawn.error };
  event.source.postMessage(reply, event.origin);
});

// Opened with a query, the page draws that one illustration itself: the embed for a
// platform that allows iframes but no scripts (one Python per iframe: heavier). The query
// is kind=hand&cards=... or kind=showdown&knocker=...&defender=...[&upcard=], and the
// rules as in the game's URL (preset=classic&gin_bonus=20).
const { kind, cards, knocker, defender, upcard, ...rules } = Object.fromEntries(new URLSearchParams(location.search));
if (kind) {
  document.documentElement.dataset.standalone = "true";
  const written = kind === "hand" ? cards : `${knocker} / ${defender}`;
  const drawn = await draw({ kind, cards, knocker, defender, upcard, rules }, written);
  document.body.replaceChildren(drawn.node);
  document.documentElement.dataset.state = drawn.ok ? "drawn" : "error";
}
