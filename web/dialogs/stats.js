// Statistics: each finished hand's counters (the engine's `stats`) added up by rule set,
// opponent level and practice, kept in the browser; the Statistics dialog, reset, export.
// Each hand is keyed by its game's id and number, so showing it again never counts it twice.
import { button, download, element, today } from "../dom.js";
import { keepInBrowser, read, remove, write } from "../platform/storage.js";
import { t, tOr } from "../strings.js";

const KEY = "ginrummy.stats";
const FORMAT = "gin-rummy-stats";
const VERSION = 1;
const SEEN_KEPT = 300; // hand keys remembered: far more than a game's hands
const COUNTER = /^[a-z_]+$/;

/**
 * The figures the dialog and the export show, in order: a counter's name (its sum), or a
 * name and how to work it out from the sums (null when it has no value yet).
 */
const FIGURES = [
  ["hands"],
  ["won"],
  ["lost"],
  ["dead"],
  ["win_rate", (c) => ratio(c("won"), c("hands"), 100)],
  ["points_per_win", (c) => ratio(c("points_won"), c("won"))],
  ["knocks"],
  ["knock_deadwood", (c) => ratio(c("knock_deadwood"), c("knocks"))],
  ["gins"],
  ["opponent_gins"],
  ["big_gins"],
  ["opponent_big_gins"],
  ["undercuts_given"],
  ["undercuts_suffered"],
  ["games"],
  ["games_won"],
  ["matches"],
  ["matches_won"],
];

/** Return part / whole * scale to one decimal, or null when whole is 0. */
function ratio(part, whole, scale = 1) {
  return whole ? Math.round((10 * scale * part) / whole) / 10 : null;
}

let report = () => {};
// False while stored statistics that could not be read stay where they are (no room to
// set them aside): nothing is counted over them.
let keeping = true;
let dialog = null; // the Statistics dialog

function empty() {
  return { format: FORMAT, version: VERSION, since: new Date().toISOString(), buckets: [], seen: [] };
}

/** Return why `data` is not a statistics record of this version, or "" when it is one. */
function problemOf(data) {
  if (!data || typeof data !== "object" || data.format !== FORMAT) return "not statistics of this page";
  if (data.version !== VERSION) return `version ${JSON.stringify(data.version)} is not ${VERSION}`;
  if (typeof data.since !== "string" || !Array.isArray(data.seen) || !Array.isArray(data.buckets)) {
    return "a part is missing";
  }
  if (!data.seen.every((key) => typeof key === "string")) return "a hand key is not a text";
  for (const bucket of data.buckets) {
    const fine =
      bucket &&
      typeof bucket.rules === "string" &&
      typeof bucket.preset === "string" &&
      typeof bucket.level === "string" &&
      typeof bucket.practice === "boolean" &&
      bucket.changes && typeof bucket.changes === "object" &&
      bucket.counts && typeof bucket.counts === "object" &&
      Object.entries(bucket.counts).every(([name, value]) => COUNTER.test(name) && Number.isInteger(value) && value >= 0);
    if (!fine) return "a group of figures is damaged";
  }
  return "";
}

/**
 * Return the stored statistics. A stored value that cannot be read is kept aside under
 * `ginrummy.stats.broken.TIME`, reported once, and counting starts again; when the
 * browser has no room to keep it aside, it stays where it is, reported once, and this
 * visit counts nothing over it.
 */
function load() {
  const raw = read(KEY);
  if (raw === null) return empty();
  let stats = null;
  let problem;
  try {
    stats = JSON.parse(raw);
    problem = problemOf(stats);
  } catch (error) {
    problem = `not valid JSON: ${error.message}`;
  }
  if (!problem) return stats;
  const aside = `${KEY}.broken.${Date.now()}`;
  if (keepInBrowser(aside, raw) === "kept") {
    remove(KEY);
    report(t("stats.broken", { error: problem, key: aside }));
  } else {
    keeping = false;
    report(t("stats.broken_kept", { error: problem }));
  }
  return empty();
}

function store(stats) {
  if (keeping) write(KEY, JSON.stringify(stats)); // storage.js tells the player if it cannot keep it
}

/** Return a new id for a game: hands are counted under it (kept with the saved game). */
export function newGameId() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Return the rule set of a state: its preset and the rules changed from it (from the URL). */
function ruleSet(state) {
  const preset = state.params.preset || "standard";
  const changes = {};
  for (const name of Object.keys(state.params).sort()) {
    if (name in state.view.rules && name !== "preset") changes[name] = String(state.params[name]);
  }
  const text = Object.entries(changes).map(([name, value]) => `${name}=${value}`);
  return { rules: [preset, ...text].join(" "), preset, changes };
}

/**
 * Return what a game and a match are under the view's `rules`, kept with each group for
 * the dialog's explanation of the words (the fields of the rules that say it).
 */
function termsOf(rules) {
  const { target, match, match_games, match_target, hands_to_win } = rules;
  return { target, match, match_games, match_target, hands_to_win };
}

/**
 * Count the hand a bridge `state` shows, if it is finished and not counted yet, under
 * game `game` (an id from `newGameId`). Practice games are counted apart.
 */
export function recordHand(state, game) {
  if (!state.stats || !game) return;
  const key = `${game}/${state.view.hand_number}`;
  const stats = load();
  if (stats.seen.includes(key)) return;
  const { practice, level } = state;
  const set = ruleSet(state);
  let bucket = stats.buckets.find((b) => b.rules === set.rules && b.level === level && b.practice === practice);
  if (!bucket) {
    bucket = { ...set, level, practice, counts: {} };
    stats.buckets.push(bucket);
  }
  bucket.terms = termsOf(state.view.rules);
  for (const [name, value] of Object.entries(state.stats)) bucket.counts[name] = (bucket.counts[name] || 0) + value;
  stats.seen = [...stats.seen, key].slice(-SEEN_KEPT);
  store(stats);
}

function sum(buckets) {
  const counts = {};
  for (const bucket of buckets) {
    for (const [name, value] of Object.entries(bucket.counts)) counts[name] = (counts[name] || 0) + value;
  }
  return counts;
}

function figures(counts) {
  const count = (name) => counts[name] || 0;
  return Object.fromEntries(FIGURES.map(([name, figure]) => [name, figure ? figure(count) : count(name)]));
}

// --- the dialog ---------------------------------------------------------------------

function rulesLabel(bucket) {
  const changes = Object.entries(bucket.changes).map(([name, value]) => `${tOr(`param.${name}`, name)} ${value}`);
  return [tOr(`ruleset.${bucket.preset}`, bucket.preset), ...changes].join(", ");
}

const levelLabel = (level) => t(`level.${level}`).replace(/\s*\(.*\)$/, "");

/** The words of a match format's sentence (the rules help's), from a group's terms. */
const MATCH_PARAMS = {
  best_of: (terms) => ({ games: terms.match_games }),
  multi: (terms) => ({ target: terms.match_target }),
  hands: (terms) => ({ hands: terms.hands_to_win }),
};

/**
 * Return the explanation of the words hand, game and match: one line, then what a game
 * and a match are under each rule set of `buckets` (known for groups counted since the
 * groups keep their terms).
 */
function termsNote(buckets) {
  const note = element("div", "stats-terms");
  note.append(element("p", "", t("stats.terms")));
  const sets = new Map(buckets.filter((bucket) => bucket.terms).map((bucket) => [bucket.rules, bucket]));
  if (!sets.size) return note;
  const list = element("dl");
  for (const bucket of sets.values()) {
    const { target, match } = bucket.terms;
    const matchParams = (MATCH_PARAMS[match] || (() => ({})))(bucket.terms);
    const words = `${t("help.target", { target })} ${t(`help.match.${match}`, matchParams)}`;
    list.append(element("dt", "", rulesLabel(bucket)), element("dd", "", words));
  }
  note.append(list);
  return note;
}

function select(name, label, choices) {
  const box = element("label", "field", label);
  const input = element("select");
  input.name = name;
  for (const [value, text] of choices) {
    const option = element("option", "", text);
    option.value = value;
    input.append(option);
  }
  box.append(input);
  return [box, input];
}

function figureTable(columns) {
  const table = element("table", "stats-table");
  const head = element("tr");
  head.append(element("td")); // the corner: no header of its own
  for (const column of columns) {
    const th = element("th", "", column.title);
    if (column.subtitle) th.append(element("small", "", column.subtitle));
    head.append(th);
  }
  table.append(head);
  const values = columns.map((column) => figures(column.counts));
  for (const [name] of FIGURES) {
    const row = element("tr");
    row.dataset.figure = name;
    row.append(element("th", "", t(`stats.figure.${name}`)));
    for (const shown of values) {
      const value = shown[name];
      const cell = element("td", "", value === null ? "–" : String(value));
      cell.dataset.value = value === null ? "" : String(value);
      row.append(cell);
    }
    table.append(row);
  }
  return table;
}

/** Return the statistics as an export: every group with its counters and figures. */
function exported(stats) {
  const group = (practice) => stats.buckets.filter((bucket) => bucket.practice === practice);
  const total = (practice) => ({ counts: sum(group(practice)), figures: figures(sum(group(practice))) });
  return {
    format: FORMAT,
    version: VERSION,
    exported: new Date().toISOString(),
    since: stats.since,
    groups: stats.buckets.map((bucket) => ({ ...bucket, figures: figures(bucket.counts) })),
    totals: { real: total(false), practice: total(true) },
  };
}

function csv(stats) {
  const names = FIGURES.map(([name]) => name);
  const quote = (value) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const lines = [["rules", "level", "practice", ...names].join(",")];
  for (const bucket of stats.buckets) {
    const shown = figures(bucket.counts);
    lines.push([quote(bucket.rules), bucket.level, bucket.practice, ...names.map((n) => shown[n] ?? "")].join(","));
  }
  return `${lines.join("\n")}\n`;
}


/** Fill the dialog from storage with the chosen filter; `focus` names the select to focus. */
function draw(filter = {}, focus = "") {
  const stats = load();
  dialog.replaceChildren(element("h2", "", t("stats.title")));
  const kind = filter.practice ? "practice" : "real";
  const pool = stats.buckets.filter((bucket) => bucket.practice === (kind === "practice"));
  const ruleSets = [...new Map(pool.map((bucket) => [bucket.rules, rulesLabel(bucket)]))];
  const levels = [...new Set(pool.map((bucket) => bucket.level))].map((level) => [level, levelLabel(level)]);
  const all = ["", t("stats.all")];
  const [rulesBox, rulesInput] = select("rules", t("stats.rules"), [all, ...ruleSets]);
  const [levelBox, levelInput] = select("level", t("stats.level"), [all, ...levels]);
  const [kindBox, kindInput] = select("kind", t("stats.kind"), [
    ["real", t("stats.real")],
    ["practice", t("stats.practice")],
  ]);
  rulesInput.value = ruleSets.some(([value]) => value === filter.rules) ? filter.rules : "";
  levelInput.value = levels.some(([value]) => value === filter.level) ? filter.level : "";
  kindInput.value = kind;
  const filters = element("div", "stats-filters");
  filters.append(rulesBox, levelBox, kindBox);
  dialog.append(filters);
  const redraw = (event) =>
    draw({ rules: rulesInput.value, level: levelInput.value, practice: kindInput.value === "practice" }, event.target.name);
  for (const input of [rulesInput, levelInput, kindInput]) input.addEventListener("change", redraw);
  if (focus) dialog.querySelector(`select[name="${focus}"]`).focus();

  const chosen = pool.filter(
    (bucket) => (!rulesInput.value || bucket.rules === rulesInput.value) && (!levelInput.value || bucket.level === levelInput.value),
  );
  const body = element("div", "stats-body"); // the figures, and beside them (below, on a phone) the words
  if (chosen.length) {
    const columns = chosen.map((bucket) => ({ title: rulesLabel(bucket), subtitle: levelLabel(bucket.level), counts: bucket.counts }));
    if (chosen.length > 1) columns.unshift({ title: t("stats.total"), counts: sum(chosen) });
    const scroller = element("div", "stats-scroll");
    scroller.append(figureTable(columns));
    body.append(scroller);
  } else {
    body.append(element("p", "stats-empty", t(kind === "practice" ? "stats.empty_practice" : "stats.empty")));
  }
  body.append(termsNote(chosen));
  dialog.append(body);
  const practiceHands = sum(stats.buckets.filter((bucket) => bucket.practice)).hands || 0;
  const since = new Date(stats.since).toLocaleDateString(document.documentElement.lang);
  const notes = element("p", "stats-note", t("stats.since", { date: since }));
  if (kind === "real" && practiceHands) notes.append(" ", t("stats.practice_apart", { hands: practiceHands }));
  dialog.append(notes);

  const row = element("div", "buttons stats-buttons");
  const add = (id, text, onClick, className = "") => {
    const node = button(text, { stats: id });
    if (className) node.className = className;
    node.addEventListener("click", onClick);
    row.append(node);
    return node;
  };
  add("json", t("stats.export_json"), () => download(`gin-rummy-stats-${today()}.json`, "application/json", `${JSON.stringify(exported(load()), null, 2)}\n`));
  add("csv", t("stats.export_csv"), () => download(`gin-rummy-stats-${today()}.csv`, "text/csv", csv(load())));
  const reset = add("reset", t("stats.reset"), () => confirmReset(row, reset));
  add("close", t("stats.close"), () => dialog.close(), "primary");
  dialog.append(row);
}

/** Ask before deleting every figure; the hands already counted stay counted as seen. */
function confirmReset(row, reset) {
  reset.disabled = true;
  const box = element("div", "stats-confirm");
  box.append(element("p", "", t("stats.reset_confirm")));
  const yes = button(t("stats.reset_yes"), { stats: "reset-yes" });
  const no = button(t("action.cancel"), { stats: "reset-no" });
  yes.className = "danger";
  yes.addEventListener("click", () => {
    const seen = load().seen; // so a finished hand on the table is not counted again
    store({ ...empty(), seen });
    draw();
  });
  no.addEventListener("click", () => {
    box.remove();
    reset.disabled = false;
  });
  box.append(yes, no);
  row.before(box);
  no.focus(); // Enter keeps the figures
}

/**
 * Wire the Statistics dialog to its menu button; `onProblem(text)` is told of statistics
 * that could not be read (kept aside). Reports a damaged stored value at once.
 */
export function setupStats(box, button, onProblem) {
  report = onProblem;
  dialog = box;
  button.addEventListener("click", () => {
    draw();
    dialog.showModal();
  });
  load();
}
