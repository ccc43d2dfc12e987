// Every string the page shows, keyed by id. English is here; each other language is one
// table with the same ids in lang/CODE.js, loaded only when chosen. `{name}` is a parameter.
const STRINGS = {
  en: {
    title: "Gin Rummy",
    "load.runtime": "Starting Python",
    "load.engine": "Installing the game",
    "load.deal": "Dealing",
    "load.failed": "The game could not load: {error}.",
    "load.stalled": "Loading has stopped making progress. The host may serve .wasm files with the wrong type (it must be application/wasm), or the connection dropped.",
    "load.retry": "Try again",
    you: "You",
    opponent: "Opponent",
    dealer: "dealer",
    stock: "Stock",
    "stock.count": "{count} left",
    pile: "Discard pile",
    "pile.empty": "empty",
    deadwood: "Deadwood {count}",
    "knock.limit": "knock at {limit} or less",
    "knock.gin_only": "gin only",
    doubled: "Spade upcard: this hand counts double",
    "menu.new": "New game",
    "menu.hint": "Hint",
    "menu.speed": "Speed",
    "speed.slow": "Slow",
    "speed.normal": "Normal",
    "speed.fast": "Fast",
    "speed.instant": "Instant",
    "score.target": "to {target}",
    "prompt.take_or_pass": "Take the {card} or pass?",
    "prompt.draw": "Draw from the stock or take the {card}",
    "prompt.draw_stock": "Draw from the stock",
    "prompt.discard": "Tap or drag a card to discard it",
    "prompt.discard_or_go_out": "Discard, or go out",
    "prompt.layoff": "Lay off cards on the knocker's melds, then press Done",
    "prompt.opponent_turn": "Opponent's turn",
    "prompt.hand_over": "Hand over",
    "prompt.match_over": "Match over",
    "action.pass": "Pass",
    "action.done": "Done",
    "action.next": "Next hand",
    "action.knock": "Knock {card}",
    "action.gin": "Gin {card}",
    "action.big gin": "Big gin",
    "action.cancel": "Cancel",
    "confirm.knock": "Knock, discarding the {card}?",
    "confirm.gin": "Gin, discarding the {card}?",
    "confirm.big gin": "Declare big gin?",
    "confirm.choose": "Your melds tie: choose how to lay them down.",
    "confirm.go": "Lay down",
    "opp.says": "Opponent: {moves}",
    "move.pass": "passes on the {card}",
    "move.upcard": "takes the {card}",
    "move.stock": "draws from the stock",
    "move.discard": "discards the {card}",
    "move.knock": "knocks, discarding the {card}",
    "move.gin": "goes gin, discarding the {card}",
    "move.big gin": "declares big gin",
    "move.layoff": "lays off the {card}",
    "move.done": "is done laying off",
    "hint.says": "Hint: {reason}",
    "outcome.knock": "{who} knocked and won the hand",
    "outcome.gin": "{who} went gin",
    "outcome.big_gin": "{who} went big gin",
    "outcome.undercut": "Undercut! {who} won the hand",
    "outcome.dead": "Dead hand: nobody scores",
    "who.0": "You",
    "who.1": "Opponent",
    "showdown.knocker": "{who} laid down",
    "showdown.defender": "{who} laid down",
    "showdown.layoffs": "laid off: {cards}",
    "showdown.points": "{who} score {points}",
    "showdown.nothing": "No points this hand",
    "rule.knock": "knock: difference of deadwood",
    "rule.gin": "gin bonus",
    "rule.big_gin": "big gin bonus",
    "rule.deadwood": "the loser's deadwood",
    "rule.undercut": "undercut bonus",
    "rule.difference": "difference of deadwood",
    "rule.box": "box to the knocker",
    "rule.doubling": "doubled: spade first upcard",
    "rule.game": "game bonus",
    "rule.line": "line bonus: hands won",
    "rule.shutout": "shutout",
    "rule.extra_coup": "extra-coups",
    "rule.rubber": "rubber: two games of three",
    "rule.exact_fifty": "led by exactly 50: loses",
    "sheet.title": "Score sheet",
    "sheet.game": "Game {number}",
    "sheet.column": "G{number}",
    "sheet.you": "You",
    "sheet.opponent": "Opp.",
    "sheet.hand": "Hand {number}",
    "sheet.total": "Total",
    "sheet.final": "Final",
    "sheet.won": "won by {who}",
    "match.won": "You won the match!",
    "match.lost": "The opponent won the match",
    "match.totals": "{you} to {opponent}",
    "form.title": "New game",
    "form.preset": "Rules",
    "form.source": "Source: {source}",
    "form.customize": "Change the rules",
    "form.level": "Opponent",
    "form.seed": "Deal number (optional)",
    "form.seed_hint": "The same number deals the same cards",
    "form.start": "Deal",
    "form.cancel": "Cancel",
    "form.none": "none",
    "level.random": "Random (plays any legal move)",
    "level.simple": "Simple (the research baseline)",
    "level.easy": "Easy",
    "level.normal": "Normal",
    "level.hard": "Hard",
    "preset.standard": "The common game: knock at 10 or less, gin 25, undercut 25, game to 100.",
    "preset.tournament": "Standard hands, best of five games to 250.",
    "preset.classic": "The early official rules: gin 20, undercut 10 and none on a tie, no big gin.",
    "preset.oklahoma": "The first upcard sets the knock limit (ace: gin only); a spade upcard doubles.",
    "preset.straight": "No knocking: go out with gin or big gin only.",
    "preset.hollywood": "Standard hands scored as three games at once.",
    "preset.round_the_corner": "Ace high or low, runs turn the corner, unmatched ace 15, open pile, to 125.",
    "preset.tedesco": "Oklahoma with round-the-corner runs, ace 15, Hollywood to 200.",
    "preset.italian": "Box scoring: 10 to the knocker, the lower deadwood takes the difference.",
    "preset.french": "Eleven cards to the non-dealer, no upcard; gin 20, undercut 10; winner deals.",
    "preset.french_oklahoma": "Oklahoma knock limit, spade doubles, extra-coups; manches of 200.",
    "preset.german": "Gin 20, undercut 10, 20 per hand won, shutout 100, winner deals.",
    "param.deal": "First turn",
    "param.knock_limit": "Knock limit",
    "param.gin_bonus": "Gin bonus",
    "param.big_gin_bonus": "Big gin bonus",
    "param.undercut_bonus": "Undercut bonus",
    "param.undercut_on_tie": "A tie is an undercut",
    "param.knock_box": "Box to the knocker",
    "param.spade_double": "Spade upcard doubles",
    "param.ace_mode": "Ace in runs",
    "param.unmatched_ace": "Unmatched ace counts",
    "param.open_discards": "Open discard pile",
    "param.manual_layoffs": "Lay off by hand",
    "param.target": "Game to",
    "param.game_bonus": "Game bonus",
    "param.line_bonus": "Line bonus per hand won",
    "param.shutout": "Shutout",
    "param.shutout_bonus": "Shutout bonus",
    "param.next_dealer": "Next dealer",
    "param.dead_hand_dealer": "Dealer after a dead hand",
    "param.first_dealer": "First dealer",
    "param.exact_fifty_loses": "Winning by exactly 50 loses",
    "param.match": "Match",
    "param.match_games": "Games in a best-of match",
    "param.match_target": "Match total",
    "param.hands_to_win": "Hands to win",
    "param.hollywood_entry": "Hollywood columns",
    "param.hollywood_rubber_bonus": "Hollywood rubber bonus",
    "param.extra_coup_value": "Extra-coup value",
    "error.title": "Something went wrong",
    "error.save_broken": "Your saved game could not be loaded ({error}). It is kept aside in this browser as \"{key}\"; a new game was dealt.",
    "error.close": "Close",
    "error.not_a_save": "it is not a saved game",
    "error.stopped": "Python stopped working in this page. Your game is saved: reload the page to go on.",
    "seat.cards": "{count} cards",
    "card.name": "{rank} of {suit}",
    "card.back": "face-down card",
    "rank.A": "ace", "rank.2": "two", "rank.3": "three", "rank.4": "four", "rank.5": "five",
    "rank.6": "six", "rank.7": "seven", "rank.8": "eight", "rank.9": "nine", "rank.T": "ten",
    "rank.J": "jack", "rank.Q": "queen", "rank.K": "king",
    "suit.s": "spades", "suit.c": "clubs", "suit.d": "diamonds", "suit.h": "hearts",

    // --- languages (i18n): the switch, the opponent's reasons, rule sets and rule help, errors
    "menu.language": "Language",
    "ranks.A": "aces", "ranks.2": "twos", "ranks.3": "threes", "ranks.4": "fours", "ranks.5": "fives",
    "ranks.6": "sixes", "ranks.7": "sevens", "ranks.8": "eights", "ranks.9": "nines", "ranks.T": "tens",
    "ranks.J": "jacks", "ranks.Q": "queens", "ranks.K": "kings",
    "reason.take_meld": "Take {card}: it makes a meld with {cards}.",
    "reason.take_extends": "Take {card}: it adds to your meld {cards}.",
    "reason.take_improve": "Take {card}: it cuts your deadwood from {before} to {after}.",
    "reason.take_knock": "Take {card}: it lets you knock right away.",
    "reason.take_gin": "Take {card}: it gives you gin.",
    "reason.pass_upcard": "Pass on {card}: it does not help your hand enough.",
    "reason.draw_stock": "Draw from the stock: {card} does not help your hand enough.",
    "reason.draw_stock_only": "Draw from the stock: it is the only draw left.",
    "reason.discard_dead": "Discard {card}: the other {rank} are gone and it cannot make a run.",
    "reason.discard_high": "Discard {card}: it is your highest card that is not close to a meld.",
    "reason.discard_safe": "Discard {card}: it is safe, while {other} could help the other player.",
    "reason.discard_keep": "Discard {card}: it keeps your melds and your best chances to draw into them.",
    "reason.discard_least": "Discard {card}: it leaves the least deadwood, {deadwood}.",
    "reason.discard_any": "Discard {card}.",
    "reason.big_gin": "Declare big gin: all eleven cards are in melds.",
    "reason.gin": "Go gin: discard {card} and every card left is in a meld.",
    "reason.knock": "Knock, discarding {card}: {deadwood} deadwood and little risk of an undercut.",
    "reason.knock_late": "Knock, discarding {card}: {deadwood} deadwood and the stock is running low.",
    "reason.knock_win": "Knock, discarding {card}: {deadwood} deadwood should win the game.",
    "reason.hold_undercut": "Discard {card} and wait: knocking with {deadwood} risks an undercut.",
    "reason.hold_gin": "Discard {card} and wait: your hand is close to gin.",
    "reason.layoff": "Lay off {card} on {cards}.",
    "reason.layoff_done": "Done: no more of your cards fit the knocker's melds.",
    "reason.next_hand": "Deal the next hand.",
    "reason.random": "A random legal move: {move}.",
    "reason.took_upcard": "Took {card}: it fits the hand.",
    "reason.drew_stock": "Drew from the stock: {card} did not help enough.",
    "reason.drew_stock_only": "Drew from the stock: it was the only draw left.",
    "reason.passed_upcard": "Passed on {card}: it did not help enough.",
    "reason.discarded_dead": "Discarded {card}: the other {rank} are gone and it cannot make a run.",
    "reason.discarded_high": "Discarded {card}: its highest card not close to a meld.",
    "reason.discarded_keep": "Discarded {card}, keeping its melds and its best draws.",
    "reason.discarded": "Discarded {card}.",
    "reason.played_on": "Discarded {card} and played on rather than knock.",
    "reason.went_big_gin": "Went out with big gin: all eleven cards in melds.",
    "reason.went_gin": "Went gin, discarding {card}.",
    "reason.knocked": "Knocked, discarding {card}.",
    "reason.laid_off": "Laid off {card}.",
    "reason.done_laying_off": "Done laying off.",
    "reason.played": "A random legal move: {move}.",
    "ruleset.standard": "Standard",
    "ruleset.tournament": "Tournament",
    "ruleset.classic": "Classic (early rules)",
    "ruleset.oklahoma": "Oklahoma",
    "ruleset.straight": "Straight gin",
    "ruleset.hollywood": "Hollywood",
    "ruleset.round_the_corner": "Round the corner",
    "ruleset.tedesco": "Tedesco",
    "ruleset.italian": "Italian (box)",
    "ruleset.french": "French gin rami",
    "ruleset.french_oklahoma": "French Oklahoma",
    "ruleset.german": "German",
    "help.deal": "Ten cards each and a face-up first card, or eleven to the non-dealer and no upcard.",
    "help.knock_limit": "The most deadwood you may knock with; 0: gin only; upcard: the first upcard's value.",
    "help.gin_bonus": "Going gin scores this plus the other player's deadwood.",
    "help.big_gin_bonus": "Big gin (all eleven cards in melds) scores this plus the other's deadwood; empty: no big gin.",
    "help.undercut_bonus": "The defender's bonus, plus the difference, when it has as little deadwood as the knocker or less.",
    "help.undercut_on_tie": "Equal deadwood counts as an undercut.",
    "help.knock_box": "Box scoring: the knocker always gets this, the lower deadwood the difference, no undercut bonus; empty: ordinary scoring.",
    "help.spade_double": "A spade as the first upcard doubles the hand's points.",
    "help.ace_mode": "Where an ace may sit in a run.",
    "help.unmatched_ace": "What an ace left out of melds counts as deadwood.",
    "help.open_discards": "Both players may look through the whole discard pile.",
    "help.manual_layoffs": "The defender lays off card by card instead of the best lay-offs being made for it.",
    "help.target": "The points that end a game.",
    "help.game_bonus": "To the winner of a game.",
    "help.line_bonus": "For each hand won, added at the end of a game.",
    "help.shutout": "A game won with the loser still at zero.",
    "help.shutout_bonus": "The flat shutout bonus, when the shutout is a bonus.",
    "help.next_dealer": "Who deals the next hand.",
    "help.dead_hand_dealer": "Who deals after a dead hand.",
    "help.first_dealer": "How the first dealer is chosen.",
    "help.exact_fifty_loses": "A game winner ahead by exactly 50 loses instead.",
    "help.match": "What a match is made of.",
    "help.match_games": "The games of a best-of match (an odd number).",
    "help.match_target": "The total that ends a match of several games.",
    "help.hands_to_win": "The hands to win in a match played by hands.",
    "help.hollywood_entry": "Which Hollywood columns a won hand is entered in.",
    "help.hollywood_rubber_bonus": "Hollywood: to the player who wins two of the three games.",
    "help.extra_coup_value": "Oklahoma extra-coups: one for an undercut, two for a gin, each worth this at the end of the game.",
    "choice.deal.upcard": "Ten each and a first upcard",
    "choice.deal.eleven": "Eleven to the non-dealer",
    "choice.ace_mode.low": "Low only (A-2-3)",
    "choice.ace_mode.round_the_corner": "High or low, round the corner (K-A-2)",
    "choice.shutout.none": "Nothing extra",
    "choice.shutout.double": "The winner's hands count double",
    "choice.shutout.flat": "A flat bonus",
    "choice.next_dealer.alternate": "The deal alternates",
    "choice.next_dealer.winner": "The winner of the hand",
    "choice.dead_hand_dealer.same": "The same dealer again",
    "choice.dead_hand_dealer.next": "The other player, as usual",
    "choice.first_dealer.cut_low": "Cut: the lower card deals",
    "choice.first_dealer.cut_high": "Cut: the higher card deals",
    "choice.first_dealer.random": "A coin toss",
    "choice.match.single": "One game",
    "choice.match.best_of": "Best of several games",
    "choice.match.multi": "Games up to a match total",
    "choice.match.hands": "A number of hands won",
    "choice.match.hollywood": "Hollywood: three games at once",
    "choice.hollywood_entry.nth_win": "By the number of wins",
    "choice.hollywood_entry.scored_previous": "Only after scoring in the column before",
    "error.rule_unknown": "There is no rule called \"{rule}\".",
    "error.preset_unknown": "There are no rules called \"{name}\".",
    "error.preset_unavailable": "The \"{name}\" rules cannot be played yet.",
    "error.rule_choice": "{rule}: \"{value}\" is not one of its choices.",
    "error.rule_bool": "{rule} must be true or false, not \"{value}\".",
    "error.rule_whole": "{rule} must be a whole number, 0 or more, not \"{value}\".",
    "error.rule_optional": "{rule} must be a whole number, 0 or more, or empty, not \"{value}\".",
    "error.rule_at_least_one": "{rule} must be at least 1.",
    "error.knock_limit": "The knock limit must be a number from 0 to {max}, or \"upcard\", not \"{value}\".",
    "error.needs_upcard": "{rule} needs a first upcard, but the eleven-card deal has none.",
    "error.best_of_odd": "A best-of match needs an odd number of games (1, 3, 5, ...).",
    "error.seed": "A deal number is a whole number from 0 to {max}, not \"{value}\".",
    "error.level": "There is no opponent level \"{value}\".",
    "error.no_hint": "There is no move of yours to advise on now.",
    "form.upcard": "upcard",
  },
};

/** The languages the page speaks, by code, each named in itself (for the switch). */
export const LANGUAGES = { en: "English", it: "Italiano", es: "Español", fr: "Français", de: "Deutsch" };
const LANGUAGE_KEY = "ginrummy.language";

let table = STRINGS.en;

/**
 * Return the language to start in: `?lang=` in the URL, else the one chosen before in
 * this browser, else the first of the browser's languages the page speaks, else English.
 */
export function preferredLanguage() {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  const asked = new URLSearchParams(location.search).get("lang");
  const browser = (navigator.languages || [navigator.language || ""]).map((tag) => tag.slice(0, 2).toLowerCase());
  return [asked, stored, ...browser].find((code) => code && Object.hasOwn(LANGUAGES, code)) || "en";
}

/**
 * Speak `code` from now on (English for an unknown code or one whose table fails to load),
 * loading its table the first time; `<html lang>` follows. Resolves with the code spoken.
 */
export async function setLanguage(code) {
  const chosen = Object.hasOwn(LANGUAGES, code) ? code : "en";
  if (!STRINGS[chosen]) {
    try {
      STRINGS[chosen] = (await import(`./lang/${chosen}.js`)).default;
    } catch (error) {
      console.error(error); // its file did not load: English rather than no page
      return setLanguage("en");
    }
  }
  table = STRINGS[chosen];
  document.documentElement.lang = chosen;
  return chosen;
}

/** Keep `code` as this browser's language for the next visits. */
export function rememberLanguage(code) {
  localStorage.setItem(LANGUAGE_KEY, code);
}

/** Return the string `id` with its `{name}` parameters filled in. */
export function t(id, params = {}) {
  const text = table[id] ?? STRINGS.en[id] ?? id;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? `{${name}}`));
}

/**
 * Return the message of a failed bridge answer in the page's language: its `message`
 * id and parameters (a rule parameter is named by its label), else Python's English.
 */
export function errorText(answer) {
  const message = answer.message;
  if (!message) return answer.error;
  const params = { ...message.params };
  if (params.rule) params.rule = t(`param.${params.rule}`);
  return t(`error.${message.id}`, params);
}

/**
 * Fill every element marked `data-i18n="id"` below `root` with its string, and the
 * accessible name of every element marked `data-i18n-label="id"`; title the document.
 */
export function translate(root) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const element of root.querySelectorAll("[data-i18n-label]")) {
    element.setAttribute("aria-label", t(element.dataset.i18nLabel));
  }
  if (root === document) document.title = t("title");
}
