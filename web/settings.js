// Display settings the player chooses (large cards, a four-colour deck, reduced motion),
// remembered in localStorage and shown as data attributes on <html> for the CSS.
import { t } from "./strings.js";

const KEY = "ginrummy.settings";
const SYSTEM_REDUCE = window.matchMedia("(prefers-reduced-motion: reduce)");
// Each setting's label and hint; all are off by default but reduceMotion, which follows
// the system's choice until the player makes one.
const SETTINGS = {
  large: { label: "settings.large" },
  fourColour: { label: "settings.four_colour", hint: "settings.four_colour_hint" },
  reduceMotion: { label: "settings.motion", hint: "settings.motion_hint" },
};

function stored() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) || "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {}; // an unreadable entry: the defaults
  }
}

/** Return the value of setting `name`: the player's choice, else its default. */
export function setting(name) {
  const value = stored()[name];
  if (typeof value === "boolean") return value;
  return name === "reduceMotion" ? SYSTEM_REDUCE.matches : false;
}

/** Return `ms` for an animation, or 0 when motion is reduced. */
export function motion(ms) {
  return setting("reduceMotion") ? 0 : ms;
}

/** Show every setting as a data attribute on <html> (`data-large="true"` and so on). */
export function applySettings() {
  for (const name of Object.keys(SETTINGS)) {
    document.documentElement.dataset[name] = String(setting(name));
  }
}

function save(name, value) {
  localStorage.setItem(KEY, JSON.stringify({ ...stored(), [name]: value }));
  applySettings();
}

/** Fill the settings `dialog` (a checkbox per setting, saved on change) and open it. */
export function openSettings(dialog, openKeys) {
  dialog.replaceChildren();
  const form = document.createElement("form");
  form.method = "dialog";
  form.className = "settings";
  const title = document.createElement("h2");
  title.id = "settings-title";
  title.textContent = t("settings.title");
  form.append(title);
  dialog.setAttribute("aria-labelledby", title.id);
  for (const [name, entry] of Object.entries(SETTINGS)) {
    const label = document.createElement("label");
    label.className = "check";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.name = name;
    box.checked = setting(name);
    box.addEventListener("change", () => save(name, box.checked));
    const text = document.createElement("span");
    text.textContent = t(entry.label);
    label.append(box, text);
    if (entry.hint) {
      const hint = document.createElement("small");
      hint.textContent = t(entry.hint);
      label.append(hint);
    }
    form.append(label);
  }
  const row = document.createElement("div");
  row.className = "buttons";
  const keys = document.createElement("button");
  keys.type = "button";
  keys.textContent = t("settings.keys");
  keys.addEventListener("click", () => {
    dialog.close();
    openKeys();
  });
  const close = document.createElement("button");
  close.className = "primary";
  close.value = "close";
  close.textContent = t("settings.close");
  row.append(keys, close);
  form.append(row);
  dialog.append(form);
  dialog.showModal();
}

applySettings();
SYSTEM_REDUCE.addEventListener("change", applySettings);
