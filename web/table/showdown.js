// The end of a hand: both hands in melds, lay-offs moving onto the knocker's melds,
// the points with the rule behind each, and the score sheet.
import { cardGroup, meldGroups, meldText, prettyCard } from "../cards.js";
import { element } from "../dom.js";
import { bothPoints, seatName, seatPerson, seatSays } from "./seat-names.js";
import { capitalized, list, t } from "../strings.js";

const who = (seat) => t(`who.${seat}`);

/** Return a laid-down hand: its title with the deadwood `count` (null: none), its melds and deadwood. */
export function handRow(title, melds, deadwood, count) {
  const row = element("div", "laid");
  const head = element("h3", "", title);
  if (count !== null) {
    const counted = element("span", "deadwood", t("deadwood", { count }));
    counted.dataset.count = count;
    head.append(counted);
  }
  row.append(head, meldGroups(melds, deadwood));
  return row;
}

/**
 * Move the laid-off cards from the defender's row onto the knocker's melds, animated, each
 * to its place in the meld (5♦ before 6♦ 7♦ 8♦, not after them).
 */
function playLayoffs(box, showdown, ms) {
  const knockerMelds = box.querySelectorAll(".laid.knocker .group.meld");
  for (const { card, meld } of showdown.layoffs) {
    const moving = box.querySelector(`.laid.defender [data-card="${card}"]`);
    const target = knockerMelds[meld];
    if (!moving || !target) continue;
    const from = moving.getBoundingClientRect();
    moving.parentElement.removeChild(moving);
    moving.classList.add("laid-off");
    const order = showdown.knocker_melds_after[meld];
    const next = [...target.children].find((other) => order.indexOf(other.dataset.card) > order.indexOf(card));
    target.insertBefore(moving, next ?? null);
    const to = moving.getBoundingClientRect();
    moving.animate(
      [{ transform: `translate(${from.left - to.left}px, ${from.top - to.top}px)` }, { transform: "none" }],
      { duration: ms, easing: "ease-out" },
    );
  }
}

/**
 * Return the numbers behind a line, from its note (English words around them): " (12 − 5)",
 * " (3 × 25)", " (8)"; "" when it has none. The rule's name beside it says the words.
 */
function noteNumbers(note) {
  const numbers = note.match(/\d+/g);
  if (!numbers) return "";
  return ` (${numbers.join(/ x /.test(note) ? " × " : " − ")})`;
}

// Mahjong gin's lines, whose notes count cards, not points: the figure says it all.
const NOTE_FREE = ["table", "hand"];

/** Return points with their sign, as a score sheet writes them: "+25", "−20" (a minus sign). */
export function signed(points) {
  return points < 0 ? `\u2212${-points}` : `+${points}`;
}

/**
 * Return the list item of one line of a hand's points, scored by `person` ("you",
 * "opponent", "player" with its `params` in pass and play, or in illustrations "knocker",
 * "defender").
 */
export function pointItem(line, person, params = {}) {
  const item = element("li", `seat-${line.seat}`);
  item.dataset.rule = line.rule;
  item.append(
    element("b", "", signed(line.points)),
    element("span", "", ` ${t(`points.${person}`, { ...params, rule: t(`rule.${line.rule}`) })}`),
    element("small", "", NOTE_FREE.includes(line.rule) ? "" : noteNumbers(line.note)),
  );
  return item;
}

function pointLines(result, mahjong) {
  const list = element("ul", "points");
  for (const line of result.breakdown) list.append(pointItem(line, ...seatPerson(line.seat)));
  const total = element("p", "hand-points");
  const winner = result.winner;
  total.dataset.points = result.points.join(",");
  if (result.outcome !== "gin" || !mahjong) {
    total.textContent =
      winner === null ? t("showdown.nothing") : seatSays("showdown.points", winner, { points: result.points[winner] });
  } else {
    total.textContent = bothPoints(result.points.map(signed));
  }
  const box = element("div", "point-lines"); // the total after the list: a <ul> holds only <li>
  box.append(list, total);
  return box;
}

/**
 * Return the lay-offs in words, one sentence per meld laid off on ("You laid off 5♦ on
 * 6♦ 7♦ 8♦."), and the legend of the frame the laid-off cards get.
 */
function layoffWords(showdown) {
  const box = element("div", "layoff-words");
  const melds = [...new Set(showdown.layoffs.map((entry) => entry.meld))];
  for (const meld of melds) {
    const cards = showdown.layoffs.filter((entry) => entry.meld === meld).map((entry) => prettyCard(entry.card));
    const onto = meldText(showdown.knocker_melds[meld]);
    box.append(element("p", "", seatSays("showdown.laid_off", showdown.defender, { cards: list(cards), meld: onto })));
  }
  const legend = element("p", "legend");
  legend.append(element("span", "swatch laid-off"), element("span", "", t("showdown.laid_off_legend")));
  box.append(legend);
  return box;
}

/**
 * Mahjong gin: return a seat's end of the hand: its melds on the table (the other
 * player's additions marked) with its table points, then the cards left in its hand.
 */
function mahjongRow(view, seat) {
  const row = element("div", "laid");
  const head = element("h3", "", who(seat));
  head.append(element("span", "deadwood", t("mj.table_points", { points: view.mahjong.table_points[seat] })));
  const groups = element("div", "groups");
  for (const meld of view.mahjong.melds.filter((entry) => entry.seat === seat)) {
    const group = cardGroup(meld.cards, "meld");
    [...group.children].forEach((card, index) => card.classList.toggle("mj-added", meld.by[index] !== seat));
    groups.append(group);
  }
  const hand = view.hands[seat];
  if (hand.length) {
    const left = cardGroup(hand, "deadwood");
    left.setAttribute("role", "group");
    left.setAttribute("aria-label", t("mj.left_in_hand"));
    groups.append(left);
  }
  row.append(head, groups);
  return row;
}

/** Return the rows of a game's end bonuses: one per rule, each seat's points in its column. */
function bonusRows(bonuses) {
  const rules = [...new Set(bonuses.map((line) => line.rule))];
  return rules.map((rule) => {
    const points = [0, 1].map((seat) => {
      const lines = bonuses.filter((line) => line.rule === rule && line.seat === seat);
      return lines.length ? lines.reduce((sum, line) => sum + line.points, 0) : "";
    });
    return [rule, points];
  });
}

/**
 * Return the hands played in `games`, in order: `{number, points}` with each game's
 * points per seat (`[null, null]` where a Hollywood column took no entry), or
 * `{number, unscored}` with the outcome of a hand that scored nothing ("dead", "tie").
 */
function sheetHands(games) {
  const hands = new Map();
  games.forEach((game, column) => {
    for (const [number, ...points] of game.hands) {
      if (!hands.has(number)) hands.set(number, { number, points: games.map(() => [null, null]) });
      hands.get(number).points[column] = points;
    }
    for (const [number, outcome] of game.unscored) hands.set(number, { number, unscored: outcome });
  });
  return [...hands.values()].sort((a, b) => a.number - b.number);
}

/** Return the sheet's row of a hand that scored nothing, its words across `span` columns. */
function unscoredRow(hand, span) {
  const tr = element("tr", "unscored");
  const cell = element("td", "", t(`sheet.unscored.${hand.unscored}`));
  cell.colSpan = span;
  tr.append(element("th", "", t("sheet.hand", { number: hand.number })), cell);
  return tr;
}

/** Return the score sheet's label of a bonus `rule`: its name, capitalised as a row label ("Game bonus"). */
const ruleLabel = (rule) => capitalized(t(`rule.${rule}`));

function gameTable(game) {
  const table = element("table", "sheet-game");
  const caption = element("caption", "", t("sheet.game", { number: game.number }));
  if (game.over) caption.append(element("small", "", ` ${seatSays("sheet.won", game.winner)}`));
  table.append(caption);
  const head = element("tr");
  head.append(element("td"), element("th", "", seatName(0)), element("th", "", seatName(1)));
  table.append(head);
  const row = (label, a, b, className = "") => {
    const tr = element("tr", className);
    tr.append(element("th", "", label), element("td", "", String(a)), element("td", "", String(b)));
    table.append(tr);
  };
  for (const hand of sheetHands([game])) {
    if (hand.unscored) table.append(unscoredRow(hand, 2));
    else row(t("sheet.hand", { number: hand.number }), ...hand.points[0]);
  }
  row(t("sheet.total"), game.totals[0], game.totals[1], "total");
  for (const [rule, [mine, theirs]] of bonusRows(game.bonuses)) row(ruleLabel(rule), mine, theirs, "bonus");
  if (game.bonuses.length) row(t("sheet.final"), game.final[0], game.final[1], "total");
  return table;
}

/** Return the Hollywood sheet: one table, a You/Opponent column pair per game. */
function hollywoodTable(games) {
  const table = element("table", "sheet-game hollywood");
  const top = element("tr");
  const sub = element("tr");
  top.append(element("td"));
  sub.append(element("td"));
  for (const game of games) {
    const head = element("th", game.over ? "won" : "", t("sheet.game", { number: game.number }));
    head.colSpan = 2;
    if (game.over) head.title = seatSays("sheet.won", game.winner);
    top.append(head);
    sub.append(element("th", "", seatName(0, true)), element("th", "", seatName(1, true)));
  }
  table.append(top, sub);
  const row = (label, cells, className = "") => {
    const tr = element("tr", className);
    tr.append(element("th", "", label));
    for (const cell of cells) tr.append(element("td", "", cell === null ? "" : String(cell)));
    table.append(tr);
  };
  for (const hand of sheetHands(games)) {
    if (hand.unscored) table.append(unscoredRow(hand, 2 * games.length));
    else row(t("sheet.hand", { number: hand.number }), hand.points.flat());
  }
  row(t("sheet.total"), games.flatMap((game) => game.totals), "total");
  const rules = [...new Set(games.flatMap((game) => game.bonuses.map((line) => line.rule)))];
  for (const rule of rules) {
    const cells = games.flatMap((game) =>
      [0, 1].map((seat) => {
        const line = game.bonuses.find((bonus) => bonus.rule === rule && bonus.seat === seat);
        return line ? line.points : null;
      }),
    );
    row(ruleLabel(rule), cells, "bonus");
  }
  if (rules.length) row(t("sheet.final"), games.flatMap((game) => game.final), "total");
  return table;
}

/** Return the score sheet: every game, or the three Hollywood games as column pairs. */
export function scoreSheet(scores) {
  const box = element("div", `sheet ${scores.format}`);
  box.append(element("h3", "", t("sheet.title")));
  const games = element("div", "games");
  if (scores.format === "hollywood") games.append(hollywoodTable(scores.games));
  else for (const game of scores.games) games.append(gameTable(game));
  box.append(games);
  for (const line of scores.match_bonuses) {
    const rule = t(`rule.${line.rule}`);
    box.append(element("p", "bonus", `+${line.points} ${seatSays("points", line.seat, { rule })}`));
  }
  return box;
}

/**
 * Return the match's end: who won it, with what decided it, the winner's figure first:
 * points ("You won the match, 383 to 138!"), games won in a best-of match, hands won in
 * a match by hands.
 */
function matchEnd(scores) {
  const winner = scores.winner;
  const [id, figures] = {
    best_of: ["match.won_games", scores.games_won],
    hands: ["match.won_hands", scores.hands_won],
  }[scores.format] ?? ["match.won_points", scores.totals];
  const said = seatSays(id, winner, { winner: figures[winner], loser: figures[1 - winner] });
  return element("h2", `match-end ${winner === 0 ? "won" : "lost"}`, said);
}

/**
 * Draw the hand's end into `box` from the bridge `state`; `ms` paces the lay-offs.
 * The "next" (or new game) button is `next`, made by the caller. The headline is the
 * hand's outcome, or at the match's end the match's, the hand's under it; the score sheet
 * then comes first on a phone (`data-match-over`, style.css), its final row in sight.
 */
export function drawShowdown(box, state, next, ms) {
  const view = state.view;
  const result = state.result;
  const showdown = view.showdown;
  const over = view.scores.over;
  box.replaceChildren();
  box.dataset.matchOver = over;
  const title = element(over ? "p" : "h2", "outcome");
  title.dataset.outcome = result.outcome;
  if (result.winner === null) {
    title.textContent = t(`outcome.${result.outcome}`); // dead, or a tie no one wins
  } else if (!showdown) {
    title.textContent = seatSays(`outcome.${result.outcome}`, result.winner); // Mahjong gin
  } else {
    const winner = result.outcome === "undercut" ? 1 - showdown.knocker : showdown.knocker;
    title.textContent = seatSays(`outcome.${result.outcome}`, winner);
  }
  if (over) box.append(matchEnd(view.scores));
  box.append(title);
  // The hands and points beside the score sheet on a wide screen, above it on a phone.
  const hands = element("div", "showdown-hands");
  const side = element("div", "showdown-side");
  const body = element("div", "showdown-body");
  body.append(hands, side);
  box.append(body);
  if (showdown) {
    const knocker = handRow(
      seatSays("showdown.laid", showdown.knocker),
      showdown.knocker_melds,
      showdown.knocker_deadwood_cards,
      showdown.knocker_deadwood,
    );
    knocker.classList.add("knocker");
    const laidOff = showdown.layoffs.map((entry) => entry.card);
    const defender = handRow(
      seatSays("showdown.laid", showdown.defender),
      showdown.defender_melds,
      [...laidOff, ...showdown.defender_deadwood_cards],
      showdown.defender_deadwood,
    );
    defender.classList.add("defender");
    hands.append(knocker, defender);
  } else if (view.mahjong) {
    for (const seat of [0, 1]) hands.append(mahjongRow(view, seat));
  } else {
    // a dead hand: each hand's melds and deadwood, as a knock would have laid them down
    for (const seat of [0, 1]) {
      const { melds, deadwood_cards: deadwood, deadwood: count } = view.revealed_arrangements[seat];
      hands.append(handRow(who(seat), melds, deadwood, count));
    }
  }
  if (showdown && showdown.layoffs.length) hands.append(layoffWords(showdown));
  if (result.outcome !== "dead") hands.append(pointLines(result, Boolean(view.mahjong)));
  side.append(scoreSheet(view.scores), next);
  if (showdown && showdown.layoffs.length) setTimeout(() => playLayoffs(box, showdown, ms * 1.5), ms);
}
