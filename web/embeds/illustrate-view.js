// Rule illustrations: a hand's melds and deadwood, or a whole showdown, drawn from the
// engine's report (the bridge's "illustrate" answer). No rules here: only what Python sent.
import { cardGroup, cardsText, meldText, prettyCard } from "../cards.js";
import { element } from "../dom.js";
import { laidCards } from "../table/mahjong.js";
import { handRow, pointItem, signed } from "../table/showdown.js";
import { t } from "../strings.js";

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

/**
 * Return the drawing of a Mahjong gin take: the hand, the open pile, and each take from
 * the top, allowed or not, with the meld that takes its lowest card.
 */
function drawTakeReport(report) {
  const box = element("div", "illustration take-report");
  box.append(handRow(t("ill.hand"), [], report.hand, null));
  const pile = element("div", "laid");
  pile.append(element("h3", "", t("ill.mj.pile")), cardGroup(report.pile, "deadwood"));
  const takes = element("ul", "points");
  for (const take of report.takes) {
    const item = element("li", take.allowed ? "allowed" : "refused");
    item.dataset.take = take.action;
    const cards = cardsText(take.cards);
    const lowest = prettyCard(take.lowest);
    const melds = take.lays.map((action) => meldText(laidCards(action))).join(", ");
    if (take.count === 1) item.textContent = t("ill.mj.take_top", { cards });
    else if (take.allowed) item.textContent = t("ill.mj.take_yes", { count: take.count, cards, card: lowest, melds });
    else item.textContent = t("ill.mj.take_no", { count: take.count, cards, card: lowest });
    takes.append(item);
  }
  box.append(pile, takes);
  return box;
}

/** Return the drawing of a Mahjong gin score: each player's table cards and hand, the points. */
function drawMahjongScore(report) {
  const box = element("div", "illustration showdown-report");
  box.dataset.result = report.outcome;
  for (const seat of [0, 1]) {
    const person = seat === report.winner ? "ill.mj.gin_player" : "ill.mj.other_player";
    const row = element("div", "laid");
    const head = element("h3", "", t(person));
    head.append(element("span", "deadwood", t("mj.table_points", { points: report.table_points[seat] })));
    const groups = element("div", "groups");
    groups.append(cardGroup(report.laid[seat], "meld"));
    if (report.hands[seat].length) groups.append(cardGroup(report.hands[seat], "deadwood"));
    row.append(head, groups);
    box.append(row);
  }
  const points = element("ul", "points");
  for (const line of report.breakdown) points.append(pointItem(line, line.seat === report.winner ? "gin_player" : "other_player"));
  const [first, second] = [report.winner, 1 - report.winner].map((seat) => signed(report.points[seat]));
  const total = element("p", "hand-points", t("ill.mj.points", { winner: first, other: second }));
  total.dataset.points = report.points.join(",");
  box.append(points, total);
  return box;
}

const DRAWINGS = {
  hand: drawHandReport,
  showdown: drawShowdownReport,
  mahjong_take: drawTakeReport,
  mahjong_score: drawMahjongScore,
};

/** Return the drawing of a report of `kind`: "hand", "showdown", "mahjong_take", "mahjong_score". */
export function drawReport(kind, report) {
  return (DRAWINGS[kind] || drawHandReport)(report);
}

/** Return an illustration's error in place: the message and the cards as the author wrote them. */
export function drawError(message, written) {
  const box = element("div", "illustration failed");
  box.append(element("p", "error", t("ill.error", { error: message })));
  if (written) box.append(element("p", "written", written));
  return box;
}
