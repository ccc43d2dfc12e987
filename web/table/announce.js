// Telling screen readers what happens: every move of both players in words, each hand's
// start and result, in one polite live region (a role="log", one line per announcement).
import { cardName, prettyCard, theCard } from "../cards.js";
import { laidCards } from "./mahjong.js";
import { moveWord } from "./reasons.js";
import { moveSays, seatSays, turnSentence } from "./seat-names.js";
import { capitalized, list, t } from "../strings.js";

const KEEP = 100; // lines kept in the log (it starts again at each hand)
let heard = { hand: 0, events: 0, cards: [], over: false }; // what was told so far

/** Announce `text` to screen readers (one new line of the live log). */
export function say(text) {
  const log = document.getElementById("announce");
  const line = document.createElement("p");
  line.textContent = text;
  log.append(line);
  while (log.childElementCount > KEEP) log.firstElementChild.remove();
}

/**
 * Return one move of `seat` in words, without its player ("discarded the 10♦"). `card` is
 * the card text the move names (a stock draw names none); `drew`, the card a stock draw
 * took, when it may be told; `count`, a knocker's deadwood when known; `spoken` names
 * cards in words ("the ten of diamonds") instead of symbols.
 */
export function moveClause(seat, action, card = "", { drew, count, spoken = false } = {}) {
  let word = moveWord(action);
  const named = word === "stock" ? drew : card;
  if (word === "stock" && drew) word = "stock_seen";
  if (word === "knock" && count !== undefined) word = "knock_count";
  const cards = word === "add" ? cardList(laidCards(action), spoken) : "";
  const params = { card: "", the_card: "", count, cards }; // the_card: with its article ("le 7♥")
  if (named) Object.assign(params, { card: cardText(named, spoken), the_card: theCard(named, spoken) });
  return moveSays(`move.${word}`, seat, params);
}

/** Return a card text ("Qs") as a move tells it: "Q♠", or "queen of spades" when `spoken`. */
function cardText(card, spoken) {
  return spoken ? cardName(card) : prettyCard(card);
}

/** Return card texts as a move lists them: "5♥ and 6♥" (in words when `spoken`). */
function cardList(cards, spoken) {
  return list(cards.map((card) => cardText(card, spoken)));
}

/**
 * Return the moves of one turn of `seat` (clauses from `moveClause`) as one sentence:
 * "The opponent drew from the stock and discarded the 10♦.", "Hai bussato." A language
 * whose clauses repeat an auxiliary (`turn.shared`: German's "hat") says it once for a
 * row of clauses that share it: "Der Gegner hat gezogen, die 7♦ angelegt und die 8♠ abgelegt."
 */
export function turnText(seat, clauses) {
  const shared = moveSays("turn.shared", seat);
  const lead = (clause) => clause.split(" ", 1)[0];
  const said = clauses.map((clause, index) =>
    shared && index > 0 && lead(clause) === shared && lead(clauses[index - 1]) === shared
      ? clause.slice(shared.length + 1)
      : clause,
  );
  return capitalized(turnSentence(seat, list(said)));
}

/** Moves a turn may make several times in a row: told once for the whole run. */
const RUNS = new Set(["meld", "add", "layoff"]);

/**
 * Return the clauses of consecutive `events` of `seat` (`clause(event)` tells one move):
 * a run of melds told as one by its count ("laid 2 melds on the table"), a run of
 * additions or of lay-offs as one by its cards ("laid off the 5♥ and 6♥", named in words
 * when `spoken`), not the same clause again and again.
 */
export function turnClauses(seat, events, clause, spoken = false) {
  const clauses = [];
  for (let start = 0; start < events.length; ) {
    const word = moveWord(events[start].action);
    let end = start + 1;
    while (RUNS.has(word) && end < events.length && moveWord(events[end].action) === word) end++;
    const run = events.slice(start, end);
    if (run.length === 1) clauses.push(clause(run[0]));
    else if (word === "meld") clauses.push(moveSays(`move.${word}_many`, seat, { count: run.length }));
    else {
      const cards = run.flatMap((event) => (word === "add" ? laidCards(event.action) : [event.card]));
      clauses.push(moveSays(`move.${word}_many`, seat, { cards: cardList(cards, spoken) }));
    }
    start = end;
  }
  return clauses;
}

/** Return one move of an event in words, for the live log (cards named in words). */
function spokenClause(event, view, drawn) {
  const showdown = view.showdown;
  const knocked = moveWord(event.action) === "knock" && showdown && showdown.knocker === event.seat;
  const count = knocked ? showdown.knocker_deadwood : undefined;
  return moveClause(event.seat, event.action, event.card || event.declined, { drew: drawn, count, spoken: true });
}

/** Return a sentence per turn: consecutive events of one player joined ("... and ..."). */
function turns(events, view, drawn) {
  const runs = [];
  for (const event of events) {
    if (runs.at(-1)?.seat !== event.seat) runs.push({ seat: event.seat, events: [] });
    runs.at(-1).events.push(event);
  }
  return runs.map((run) => {
    const tell = (event) => spokenClause(event, view, run.seat === 0 ? drawn : null);
    return turnText(run.seat, turnClauses(run.seat, run.events, tell, true));
  });
}

/** Return the scores as the bar shows them, in words. */
function scoreLine(scores) {
  const games = scores.format === "hollywood" ? scores.games : [scores.games.at(-1)];
  if (games.length === 1) return t("say.score", { you: games[0].totals[0], opponent: games[0].totals[1] });
  return games
    .map((game) => t("say.score_game", { number: game.number, you: game.totals[0], opponent: game.totals[1] }))
    .join(" ");
}

/** Return the hand's result as the showdown shows it (its title, points, match end). */
function resultLines(view) {
  const shown = [".outcome", ".hand-points", ".match-end"].map((selector) =>
    document.querySelector(`#showdown ${selector}`),
  );
  return [...shown.filter(Boolean).map((node) => `${node.textContent.trim()}.`), scoreLine(view.scores)];
}

/**
 * Announce what happened since the last announcement: a new hand, each turn's moves, the
 * hand's result, and the prompt when the turn comes to the player. `header` tells the
 * hand's number and dealer even when the hand is not new.
 */
export function announce(state, header = false) {
  const view = state.view;
  const lines = [];
  let fresh = header;
  if (view.hand_number !== heard.hand) {
    heard = { hand: view.hand_number, events: 0, cards: [], over: false };
    document.getElementById("announce").replaceChildren(); // a new hand: the log starts again
    fresh = true;
  }
  if (fresh) lines.push(seatSays("say.hand", view.dealer, { number: view.hand_number }));
  const events = view.events.slice(heard.events);
  const drawn = view.hand.find((text) => !heard.cards.includes(text));
  lines.push(...turns(events, view, heard.cards.length ? drawn : null));
  const over = view.phase === "hand_over" || view.phase === "match_over";
  if (over && !heard.over) lines.push(...resultLines(view));
  const turnCame = (fresh || events.length > 0) && events.at(-1)?.seat !== 0;
  if (!over && view.to_move === 0 && turnCame) {
    const shown = state.prompt.card;
    const params = shown ? { card: cardName(shown), the_card: theCard(shown, true) } : {};
    lines.push(t("say.your_turn", { prompt: t(`prompt.${state.prompt.id}`, params) }));
  }
  heard = { hand: view.hand_number, events: view.events.length, cards: [...view.hand], over };
  if (lines.length) say(lines.join(" "));
}

/** Start telling from `state` (a loaded or new game): its earlier moves are not told. */
export function announceFrom(state) {
  const view = state.view;
  heard = { hand: view.hand_number, events: view.events.length, cards: [...view.hand], over: false };
  document.getElementById("announce").replaceChildren();
  announce(state, true);
}
