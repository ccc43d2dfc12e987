// Rule illustrations: a hand's melds and deadwood, or a whole showdown, drawn from the
// engine's report (the bridge's "illustrate" answer). No rules here: only what Python sent.
import { cardGroup, prettyCard } from "./cards.js";
import { element } from "./dom.js";
import { handRow, pointItem } from "./showdown.js";
import { t } from "./strings.js";

/** Return the drawing of a hand report: melds, deadwood and its count (and best discard). */
function drawHandReport(report) {
  const box = element("div", "illustration hand-report");
  box.dataset.deadwood = report.deadwood;
  box.append(handRow(t("ill.hand"), report.melds, report.deadwood_cards, report.deadwood));
  if (report.best_discard) {
    const key = report.big_gin ? "ill.big_gin" : "ill.best_discard";
    box.append(element("p", "note", t(key, { card: prettyCard(report.best_discard), count: report.knock_deadwood })));
  }
  return box;
}

/** Return the drawing of a showdown report: both hands, lay-offs on the knocker's melds, points. */
function drawShowdownReport(report) {
  const box = element("div", "illustration showdown-report");
  box.dataset.result = report.result;
  box.append(element("h3", "outcome", t(`ill.outcome.${report.result}`)));
  if (report.upcard) {
    const limit = report.knock_limit ? t("knock.limit", { limit: report.knock_limit }) : t("knock.gin_only");
    const line = t("ill.upcard", { card: prettyCard(report.upcard), limit });
    box.append(element("p", "note", report.doubled ? `${line}. ${t("doubled")}` : line));
  }
  const knocker = handRow(t("ill.knocker"), report.knocker_melds, report.knocker_deadwood_cards, report.knocker_deadwood);
  knocker.classList.add("knocker");
  const melds = knocker.querySelectorAll(".group.meld");
  for (const { card, meld } of report.layoffs) {
    const [laid] = cardGroup([card], "meld").children;
    laid.classList.add("laid-off");
    melds[meld].append(laid);
  }
  const defender = handRow(t("ill.defender"), report.defender_melds, report.defender_deadwood_cards, report.defender_deadwood);
  defender.classList.add("defender");
  if (report.layoffs.length) {
    const cards = report.layoffs.map((entry) => prettyCard(entry.card)).join(" ");
    defender.append(element("p", "note", t("showdown.layoffs", { cards })));
  }
  const points = element("ul", "points");
  for (const line of report.breakdown) points.append(pointItem(line, line.seat));
  const total = element("p", "hand-points", t(`ill.points.${report.winner}`, { points: report.points }));
  total.dataset.points = report.points;
  box.append(knocker, defender, points, total);
  return box;
}

/** Return the drawing of a report of `kind` "hand" or "showdown". */
export function drawReport(kind, report) {
  return kind === "showdown" ? drawShowdownReport(report) : drawHandReport(report);
}

/** Return an illustration's error in place: the message and the cards as the author wrote them. */
export function drawError(message, written) {
  const box = element("div", "illustration failed");
  box.append(element("p", "error", t("ill.error", { error: message })));
  if (written) box.append(element("p", "written", written));
  return box;
}
