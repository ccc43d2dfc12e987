// Every string the page shows, keyed by id: each language is one table with the same ids
// in lang/CODE.js. English is always loaded; another language only when chosen.
//
// A string is text with `{name}` parameters, and, where a number counts something, plural
// choices in the ICU MessageFormat way: `{count, plural, one {# card} other {# cards}}`
// takes the branch that Intl.PluralRules names for the number in the string's language
// ("one", "other", and "zero", "two", "few", "many" where the language has them; "other"
// when the branch is missing), with `#` standing for the number and `{name}` parameters
// inside. Sentences about a player are written per person: ids ending in `.you` and
// `.opponent` (`tSeat`), so each language conjugates them itself.
import en from "./lang/en.js";
import { read, write } from "./platform/storage.js";

const STRINGS = { en };

/** The languages the page speaks, by code, each named in itself (for the switch). */
export const LANGUAGES = { en: "English", it: "Italiano", es: "Español", fr: "Français", de: "Deutsch" };
const LANGUAGE_KEY = "ginrummy.language";

let table = STRINGS.en;
let language = "en";

/**
 * Return the language to start in: `?lang=` in the URL, else the one chosen before in
 * this browser, else the first of the browser's languages the page speaks, else English.
 */
export function preferredLanguage() {
  const stored = read(LANGUAGE_KEY);
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
  language = chosen;
  document.documentElement.lang = chosen;
  return chosen;
}

/** Keep `code` as this browser's language for the next visits. */
export function rememberLanguage(code) {
  write(LANGUAGE_KEY, code);
}

/**
 * A plural choice: `{name, plural, CATEGORY {text} ...}`, each branch's text holding
 * `{parameters}` but no braces of its own.
 */
const PLURAL = /\{(\w+), plural,((?:\s*[a-z]+\s*\{[^{}]*(?:\{\w+\}[^{}]*)*\})+)\s*\}/g;
const BRANCH = /([a-z]+)\s*\{([^{}]*(?:\{\w+\}[^{}]*)*)\}/g;
const formats = new Map(); // "kind code" -> its Intl object, made once

/**
 * Return the Intl object of `kind` for language `code`, made by `make(code)` the first time
 * (its first use loads the language's locale data: ~25 ms for a list format).
 */
function intlFor(kind, code, make) {
  const key = `${kind} ${code}`;
  if (!formats.has(key)) formats.set(key, make(code));
  return formats.get(key);
}

/** Return the plural category ("one", "other", ...) of `count` in `code`'s grammar. */
function pluralCategory(code, count) {
  return intlFor("plural", code, (lang) => new Intl.PluralRules(lang)).select(Number(count));
}

/**
 * Return `text` (a string of language `code`) with its plural choices made and its
 * `{name}` parameters filled in; a parameter not given stays as `{name}`.
 */
function fill(text, params, code) {
  const chosen = text.replace(PLURAL, (whole, name, branches) => {
    if (params[name] === undefined) return whole;
    const forms = Object.fromEntries([...branches.matchAll(BRANCH)].map(([, key, form]) => [key, form]));
    const form = forms[pluralCategory(code, params[name])] ?? forms.other ?? "";
    return form.replaceAll("#", String(params[name]));
  });
  return chosen.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? `{${name}}`));
}

/** Return the string `id` with its plural choices made and its `{name}` parameters filled in. */
export function t(id, params = {}) {
  if (id in table) return fill(table[id], params, language);
  return id in STRINGS.en ? fill(STRINGS.en[id], params, "en") : id;
}

/** Return `text` with its first letter a capital, as the page's language writes it ("Game bonus"). */
export function capitalized(text) {
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}

/**
 * Return `items` joined as the page's language lists them ("a, b, and c"). The first list
 * of a language loads its locale data (~25 ms); `list([])` while Python loads saves the
 * first deal that wait.
 */
export function list(items) {
  return intlFor("list", language, (lang) => new Intl.ListFormat(lang, { type: "conjunction" })).format(items);
}

/** Return the name of the language `code` ("es") in the page's language ("Spanish", "espagnol"). */
export function languageName(code) {
  return intlFor("names", language, (lang) => new Intl.DisplayNames([lang], { type: "language" })).of(code);
}

/** The person each seat's sentences are written in: seat 0 is the player, seat 1 the opponent. */
export const PERSONS = ["you", "opponent"];

/** Return the string `id.PERSON` for `seat` ("outcome.gin.you"), as `t` fills it. */
export function tSeat(id, seat, params = {}) {
  return t(`${id}.${PERSONS[seat]}`, params);
}

/**
 * Return the message of a failed bridge answer in the page's language: its `message`
 * id and parameters (a rule parameter is named by its label), else Python's English.
 */
export function errorText(answer) {
  const message = answer.message;
  if (!message) return answer.error;
  const params = { ...message.params };
  if (params.rule) params.rule = tOr(`param.${params.rule}`, params.rule);
  return t(`error.${message.id}`, params);
}

/** Return the string `id`, or `fallback` with its underscores as spaces when there is none. */
export function tOr(id, fallback) {
  return id in table || id in STRINGS.en ? t(id) : String(fallback).replaceAll("_", " ");
}

/** The URL parameters of a game that are not rules (as bridge.GAME_PARAMS). */
export const GAME_PARAMS = ["seed", "secret", "level", "practice"];

/**
 * Fill every element marked `data-i18n="id"` below `root` with its string, and the
 * accessible name of every element marked `data-i18n-label="id"`, the tooltip of every
 * element marked `data-i18n-title="id"`; title the document.
 */
export function translate(root) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const element of root.querySelectorAll("[data-i18n-label]")) {
    element.setAttribute("aria-label", t(element.dataset.i18nLabel));
  }
  for (const element of root.querySelectorAll("[data-i18n-title]")) {
    element.title = t(element.dataset.i18nTitle);
  }
  if (root === document) document.title = t("title");
}
