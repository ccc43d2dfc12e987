// The illustration server, framed once (hidden) by embed.js on a host page of any origin.
// It boots one Python worker and answers each illustration request with the drawing's
// markup: the engine computes, illustrate-view.js draws, the host only shows the result.
//
// In:  {ginrummy: "hello"} -> out: {ginrummy: "hello"} (the host knows the server is here)
// In:  {ginrummy: "illustrate", id, request, written} (request: the bridge's "illustrate")
// Out: {ginrummy: "drawn", id, ok, html, error} to the window that asked, at its origin.
import { startEngine } from "./engine.js";
import { drawError, drawReport } from "./illustrate-view.js";
import { t } from "./strings.js";

const call = startEngine(
  () => {},
  () => {}, // a failed load answers every request with an internal error (below)
);

addEventListener("message", async (event) => {
  const data = event.data;
  if (data && data.ginrummy === "hello" && event.source) event.source.postMessage(data, event.origin);
  if (!data || data.ginrummy !== "illustrate" || !event.source) return;
  const answer = await call("illustrate", JSON.stringify(data.request));
  const reply = { ginrummy: "drawn", id: data.id, ok: answer.ok };
  if (answer.ok) {
    reply.html = drawReport(answer.illustration, answer).outerHTML;
  } else {
    reply.error = answer.internal ? t("ill.unavailable", { error: answer.error }) : answer.error;
    reply.html = drawError(reply.error, data.written).outerHTML;
  }
  event.source.postMessage(reply, event.origin);
});
