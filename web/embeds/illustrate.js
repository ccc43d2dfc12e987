// The illustration server, framed once (hidden) by embed.js on a host page of any origin
// (or, with a query, one illustration drawn as a page of its own: see below).
// It boots one Python worker and answers each illustration request with the drawing's
// markup: the engine computes, illustrate-view.js draws, the host only shows the result.
//
// In:  {ginrummy: "hello"} -> out: {ginrummy: "hello"} (the host knows the server is here)
// In:  {ginrummy: "illustrate", id, request, written, lang} (request: the bridge's
//      "illustrate"; lang: the language to draw in, English when unknown or missing)
// Out: {ginrummy: "drawn", id, ok, html, error} to the window that asked, at its origin.
import { startEngine } from "../platform/engine.js";
import { drawError, drawReport } from "./illustrate-view.js";
import { errorText, setLanguage, t } from "../strings.js";

const call = startEngine(
  () => {},
  () => {}, // a failed load answers every request with an internal error (below)
);

let drawing = Promise.resolve(); // the drawing in progress: one language at a time

/** Return `render()` run in language `lang`, after every drawing asked before it. */
function inLanguage(lang, render) {
  const done = drawing.then(() => setLanguage(lang)).then(render);
  drawing = done.catch(() => {});
  return done;
}

/**
 * Return the drawing of one illustration `request` in language `lang`, or its error with
 * the `written` cards. The engine's work may overlap; the drawings (the language is the
 * module's, shared) follow one another.
 */
async function draw(request, written, lang) {
  const answer = await call("illustrate", JSON.stringify(request));
  return inLanguage(lang || "en", () => {
    if (answer.ok) return { ok: true, node: drawReport(answer.illustration, answer) };
    const error = answer.internal ? t("ill.unavailable", { error: answer.error }) : errorText(answer);
    return { ok: false, error, node: drawError(error, written) };
  });
}

addEventListener("message", async (event) => {
  const data = event.data;
  if (data && data.ginrummy === "hello" && event.source) event.source.postMessage(data, event.origin);
  if (!data || data.ginrummy !== "illustrate" || !event.source) return;
  const drawn = await draw(data.request, data.written, data.lang);
  const reply = { ginrummy: "drawn", id: data.id, ok: drawn.ok, html: drawn.node.outerHTML, error: drawn.error };
  event.source.postMessage(reply, event.origin);
});

// Opened with a query, the page draws that one illustration itself: the embed for a
// platform that allows iframes but no scripts (one Python per iframe: heavier). The query
// is kind=hand&cards=... or kind=showdown&knocker=...&defender=...[&upcard=], and the
// rules as in the game's URL (preset=classic&gin_bonus=20), and lang=CODE for its language.
const { kind, cards, knocker, defender, upcard, lang, ...rules } = Object.fromEntries(new URLSearchParams(location.search));
if (kind) {
  document.documentElement.dataset.standalone = "true";
  const written = kind === "hand" ? cards : `${knocker} / ${defender}`;
  const drawn = await draw({ kind, cards, knocker, defender, upcard, rules }, written, lang);
  document.body.replaceChildren(drawn.node);
  document.documentElement.dataset.state = drawn.ok ? "drawn" : "error";
}
