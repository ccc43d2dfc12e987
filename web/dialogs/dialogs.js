// Dialogs: confirming a way to go out (with the melds it lays down) and the new-game form.
import { meldGroups, prettyCard, theCard } from "../cards.js";
import { element, button } from "../dom.js";
import { languageName, list, t, tOr } from "../strings.js";

/**
 * Show the arrangement(s) a going-out `entry` lays down and resolve with the action
 * text to play, or null when the player cancels. In Mahjong gin (`mahjong`) no card is
 * left as deadwood, so no count is shown.
 */
export function confirmGoOut(dialog, entry, mahjong = false) {
  dialog.replaceChildren();
  dialog.append(element("h2", "", t(`confirm.${entry.kind}`, { card: prettyCard(entry.card), the_card: theCard(entry.card) })));
  if (entry.options.length > 1) dialog.append(element("p", "", t("confirm.choose")));
  const choices = [];
  for (const option of entry.options) {
    const box = element("div", "option");
    const groups = meldGroups(option.melds, option.deadwood_cards);
    const go = button(t("confirm.go"), { action: option.action });
    go.classList.add("primary");
    choices.push(go);
    box.append(groups);
    if (!mahjong) box.append(element("span", "deadwood", t("deadwood", { count: option.deadwood })));
    box.append(go);
    dialog.append(box);
  }
  const cancel = button(t("action.cancel"));
  const row = element("div", "buttons");
  row.append(cancel);
  dialog.append(row);
  return new Promise((resolve) => {
    const finish = (value) => {
      resolve(value);
      dialog.close();
    };
    for (const go of choices) go.addEventListener("click", () => finish(go.dataset.action));
    cancel.addEventListener("click", () => finish(null));
    onClose(dialog, () => resolve(null)); // any other close (Escape) is a cancel
    dialog.showModal();
  });
}

/**
 * Call `done` once when `dialog` closes: at Escape's "cancel" event, fired with the key, or
 * at the "close" event, whichever comes first (the browser does not always fire "cancel").
 * The "close" event is a task of its own, which on a busy phone can run after keys pressed
 * later: a key pressed then found the table still busy with the dialog, and did nothing.
 */
function onClose(dialog, done) {
  const listening = new AbortController();
  const once = () => {
    listening.abort();
    done();
  };
  dialog.addEventListener("cancel", once, { signal: listening.signal });
  dialog.addEventListener("close", once, { signal: listening.signal });
}

function fieldInput(parameter) {
  let input;
  if (parameter.kind === "bool") {
    input = element("input");
    input.type = "checkbox";
  } else if (parameter.kind === "choice") {
    input = element("select");
    for (const choice of parameter.choices) {
      const option = element("option", "", tOr(`choice.${parameter.name}.${choice.value}`, choice.value));
      option.value = choice.value;
      input.append(option);
    }
  } else {
    input = element("input");
    input.inputMode = parameter.kind === "knock_limit" ? "text" : "numeric";
    input.size = 6;
    if (parameter.kind === "optional_int") input.placeholder = t("form.none");
  }
  input.name = parameter.name;
  input.dataset.kind = parameter.kind;
  return input;
}

// The knock limit's "upcard" is shown, and typed, as the language's word for it.
const isUpcardWord = (input, text) =>
  input.dataset.kind === "knock_limit" && text.toLowerCase() === t("form.upcard").toLowerCase();

function setField(input, value) {
  if (input.type === "checkbox") input.checked = Boolean(value);
  else if (input.dataset.kind === "knock_limit" && value === "upcard") input.value = t("form.upcard");
  else input.value = value === null ? "" : String(value);
}

function fieldText(input) {
  if (input.type === "checkbox") return input.checked ? "true" : "false";
  const text = input.value.trim();
  if (isUpcardWord(input, text)) return "upcard";
  return text === "" ? "null" : text;
}

const plain = (value) => (value === null ? "null" : String(value));

// The rules only one flow reads: the form shows the other flow's hidden (flow=mahjong
// fixes the knock rules; the meld rules are Mahjong gin's own).
const FLOW_ONLY = {
  knock: [
    "knock_limit", "big_gin_bonus", "undercut_bonus", "undercut_on_tie", "knock_box",
    "spade_double", "unmatched_ace", "open_discards", "manual_layoffs",
  ],
  mahjong: ["meld_timing", "meld_after_take"],
};

/** Show only the rule fields of `inputs` that the chosen flow reads. */
function showFlowFields(inputs) {
  const flow = inputs.get("flow")?.value || "knock";
  for (const [name, fields] of Object.entries(FLOW_ONLY)) {
    for (const field of fields) {
      const label = inputs.get(field)?.closest("label");
      if (label) label.hidden = name !== flow;
    }
  }
}

/**
 * Return where a preset's rules come from, in words: its `source` lists the rule files'
 * languages ("es, it, it-blog, fr"; a note after them is English, and the preset's
 * description says it), named in the page's language ("From the rules as written in
 * Spanish, Italian, and French.").
 */
function sourceText(source) {
  const codes = source.replace(/\s*\(.*\)$/, "").split(/,\s*/).map((file) => file.split("-")[0]);
  const languages = [...new Set(codes)].map(languageName);
  return t("form.source", { languages: list(languages) });
}

/** Return a level's name without its note: "Simple (the research baseline)" is "Simple". */
function levelName(name) {
  return t(`level.${name}`).replace(/\s*\(.*\)$/, "");
}

/**
 * Return what a player reads of a level's measured strength (`strength`, the bridge's
 * `options.strength`): its games of ten won against the level below it, and whether it
 * is measurably stronger; the weakest has none below it.
 */
function levelStrength(name, strength) {
  const measured = strength[name];
  if (!measured) return t("strength.weakest");
  const said = { n: measured.in_ten, level: levelName(measured.against) };
  if (!measured.stronger) return t("strength.not_stronger", said);
  return measured.in_ten === 10 ? t("strength.always", said) : t("strength.stronger", said);
}

/**
 * Show the new-game form filled from `current` (URL-style params) and resolve with the
 * params to start, or null when cancelled. `check(params)` answers an error or null;
 * `help(params)`, if given, explains the rules the form holds now. With `friend`, the form
 * offers to play a friend instead, at their page or at this one (pass and play): that
 * resolves with `{friend: rules}` or `{passPlay: rules}`, the rules its fields hold (a
 * preset and the fields changed), unchecked (the match's offer, or its deal, checks them).
 */
export function newGameForm(dialog, options, current, check, help, friend = false) {
  dialog.replaceChildren();
  const form = element("form", "new-game");
  form.method = "dialog";
  form.append(element("h2", "", t("form.title")));

  const presetLabel = element("label", "field", t("form.preset"));
  const preset = element("select");
  preset.name = "preset";
  for (const entry of options.presets) {
    const option = element("option", "", tOr(`ruleset.${entry.name}`, entry.name));
    option.value = entry.name;
    preset.append(option);
  }
  presetLabel.append(preset);
  const about = element("p", "about");
  form.append(presetLabel, about);
  if (help) {
    const explain = button(t("form.help"));
    explain.classList.add("help");
    explain.addEventListener("click", () => {
      const { seed: _seed, level: _level, ...rules } = collect(); // declared below, called later
      help(rules);
    });
    form.append(explain);
  }

  const details = element("details", "rules");
  details.append(element("summary", "", t("form.customize")));
  const inputs = new Map();
  for (const parameter of options.parameters) {
    const label = element("label", "param");
    const help = t(`param_help.${parameter.name}`);
    label.title = help;
    label.append(element("span", "", tOr(`param.${parameter.name}`, parameter.name)));
    const input = fieldInput(parameter);
    inputs.set(parameter.name, input);
    label.append(input, element("small", "", help));
    details.append(label);
  }
  form.append(details);

  const levelLabel = element("label", "field", t("form.level"));
  const level = element("select");
  for (const name of options.levels) {
    const option = element("option", "", t(`level.${name}`));
    option.value = name;
    level.append(option);
  }
  level.value = current.level || options.default_level;
  const levelAbout = element("small", "", "");
  const describeLevel = () => (levelAbout.textContent = levelStrength(level.value, options.strength));
  describeLevel();
  level.addEventListener("change", describeLevel);
  levelLabel.append(level, levelAbout);

  const seedLabel = element("label", "field", t("form.seed"));
  const seed = element("input");
  seed.inputMode = "numeric";
  seedLabel.append(seed, element("small", "", t("form.seed_hint")));
  const practiceLabel = element("label", "field check");
  const practice = element("input");
  practice.type = "checkbox";
  practice.name = "practice";
  practice.checked = current.practice === "true";
  practiceLabel.append(practice, element("span", "", t("form.practice")));
  const error = element("p", "error");
  error.hidden = true;
  form.append(levelLabel, seedLabel, practiceLabel, error);

  const start = element("button", "primary", t("form.start"));
  start.value = "start";
  const cancel = button(t("form.cancel"));
  const versus = friend ? button(t("form.friend"), { friend: "host" }) : null;
  const together = friend ? button(t("form.pass_play"), { passPlay: "new" }) : null;
  if (versus) {
    const people = element("div", "buttons people"); // a row of its own: four buttons do not fit a phone's
    people.append(versus, together);
    form.append(people);
  }
  const row = element("div", "buttons");
  row.append(cancel, start);
  form.append(row);
  dialog.append(form);

  const presetRules = (name) => options.presets.find((entry) => entry.name === name).rules;
  const showPreset = (name, changes = {}) => {
    const { source } = options.presets.find((entry) => entry.name === name);
    about.textContent = `${t(`preset.${name}`)} ${sourceText(source)}`;
    const rules = presetRules(name);
    for (const [field, input] of inputs) setField(input, field in changes ? changes[field] : rules[field]);
    showFlowFields(inputs);
  };
  const { preset: startPreset = "standard", seed: _seed, secret: _secret, level: _level, practice: _practice, ...changes } =
    current;
  preset.value = startPreset;
  showPreset(startPreset, changes);
  if (Object.keys(changes).length) details.open = true;
  preset.addEventListener("change", () => showPreset(preset.value));
  inputs.get("flow")?.addEventListener("change", () => showFlowFields(inputs));

  const collect = () => {
    const params = { preset: preset.value };
    const rules = presetRules(preset.value);
    for (const [field, input] of inputs) {
      const text = fieldText(input);
      if (text !== plain(rules[field])) params[field] = text;
    }
    if (seed.value.trim()) params.seed = seed.value.trim();
    params.level = level.value;
    if (practice.checked) params.practice = "true";
    return params;
  };

  return new Promise((resolve) => {
    cancel.addEventListener("click", () => dialog.close());
    // a match of two players, at two pages or at this one: the rules only
    const withRules = (key) => () => {
      const { seed: _seed, level: _level, practice: _practice, ...rules } = collect();
      resolve({ [key]: rules });
      dialog.close();
    };
    versus?.addEventListener("click", withRules("friend"));
    together?.addEventListener("click", withRules("passPlay"));
    onClose(dialog, () => resolve(null)); // Escape too
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const params = collect();
      const problem = await check(params);
      if (problem) {
        error.textContent = problem;
        error.hidden = false;
        return;
      }
      resolve(params);
      dialog.close();
    });
    dialog.showModal();
  });
}
