// The settings dialog: the display settings the player chooses (the card back, the felt,
// large cards, a four-colour deck, reduced motion), remembered in the browser and shown as
// data attributes on <html> for the CSS, beside the preferences other modules own (speed,
// sound, language).
import { read, write } from "../platform/storage.js";
import { t } from "../strings.js";

const KEY = "ginrummy.settings";
const SYSTEM_REDUCE = window.matchMedia("(prefers-reduced-motion: reduce)");
// Each setting's label and hint. A choice (`choices`: each value with its label) is its
// first value by default; a switch is off, but reduceMotion, which follows the system's
// choice until the player makes one.
const SETTINGS = {
  cardBack: {
    label: "settings.back",
    choices: {
      blue: "settings.back_blue",
      red: "settings.back_red",
      green: "settings.back_green",
      black: "settings.back_black",
      contrast: "settings.back_contrast",
    },
  },
  felt: {
    label: "settings.felt",
    choices: {
      green: "settings.felt_green",
      blue: "settings.felt_blue",
      red: "settings.felt_red",
      grey: "settings.felt_grey",
      contrast: "settings.felt_contrast",
    },
  },
  large: { label: "settings.large", hint: "settings.large_hint" },
  fourColour: { label: "settings.four_colour", hint: "settings.four_colour_hint" },
  reduceMotion: { label: "settings.motion", hint: "settings.motion_hint" },
  oneTap: { label: "settings.one_tap", hint: "settings.one_tap_hint" },
};

function stored() {
  try {
    const value = JSON.parse(read(KEY) || "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {}; // an unreadable entry: the defaults
  }
}

// The player's choices, read once: motion() is asked at every draw of the table.
const chosen = stored();

/** Return the value of setting `name`: the player's choice, else its default. */
export function setting(name) {
  const value = chosen[name];
  const choices = SETTINGS[name].choices;
  if (choices) return Object.hasOwn(choices, value) ? value : Object.keys(choices)[0];
  if (typeof value === "boolean") return value;
  return name === "reduceMotion" ? SYSTEM_REDUCE.matches : false;
}

/** Return the player's kept choice `name` that is not a setting of the dialog (the hand's sort), or undefined. */
export function choice(name) {
  return chosen[name];
}

/** Keep the player's choice `name` (not a setting of the dialog) with the settings. */
export function choose(name, value) {
  save(name, value);
}

/** Return `ms` for an animation, or 0 when motion is reduced. */
export function motion(ms) {
  return setting("reduceMotion") ? 0 : ms;
}

/**
 * Show every setting as a data attribute on <html> (`data-large="true"` and so on), and
 * give the browser's bar the felt's colour (the stylesheet's --theme).
 */
function applySettings() {
  const root = document.documentElement;
  for (const name of Object.keys(SETTINGS)) root.dataset[name] = String(setting(name));
  const theme = getComputedStyle(root).getPropertyValue("--theme").trim();
  if (theme) document.querySelector('meta[name="theme-color"]')?.setAttribute("content", theme);
}

function save(name, value) {
  chosen[name] = value;
  write(KEY, JSON.stringify(chosen));
  applySettings();
}

/**
 * Make `dialog` the settings dialog: its markup holds the preferences (speed, sound,
 * language, wired by their own modules); here a list per choice and a checkbox per switch
 * of the display settings, saved on change, and the button that opens the keys' list
 * (`openKeys`). Texts follow the language.
 */
export function setupSettings(dialog, openKeys) {
  const fields = Object.entries(SETTINGS).map(([name, entry]) =>
    entry.choices ? choiceField(name, entry) : switchField(name, entry),
  );
  dialog.querySelector(".display").replaceChildren(...fields);
  dialog.querySelector(".keys-list").addEventListener("click", () => {
    dialog.close();
    openKeys();
  });
}

/** Return the label holding the list of setting `name`'s choices, saved on change. */
function choiceField(name, entry) {
  const label = document.createElement("label");
  label.className = "field";
  const list = document.createElement("select");
  list.name = name;
  for (const [value, id] of Object.entries(entry.choices)) {
    const option = translated("option", id);
    option.value = value;
    list.append(option);
  }
  list.addEventListener("change", () => save(name, list.value));
  label.append(translated("span", entry.label), list);
  return label;
}

/** Return the label holding the checkbox of switch `name` (and its hint), saved on change. */
function switchField(name, entry) {
  const label = document.createElement("label");
  label.className = "check";
  const box = document.createElement("input");
  box.type = "checkbox";
  box.name = name;
  box.addEventListener("change", () => save(name, box.checked));
  label.append(box, translated("span", entry.label));
  if (entry.hint) label.append(translated("small", entry.hint));
  return label;
}

/** Return a new `tag` element showing string `id`, redrawn when the language changes. */
function translated(tag, id) {
  const element = document.createElement(tag);
  element.dataset.i18n = id;
  element.textContent = t(id);
  return element;
}

/** Open the settings `dialog` (made by setupSettings), its fields showing the settings. */
export function openSettings(dialog) {
  for (const box of dialog.querySelectorAll(".display input")) box.checked = setting(box.name);
  for (const list of dialog.querySelectorAll(".display select")) list.value = setting(list.name);
  dialog.showModal();
}

applySettings();
SYSTEM_REDUCE.addEventListener("change", applySettings);
