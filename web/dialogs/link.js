// The game a link asks for (its query), and the question asked before such a link takes
// the place of a game in progress.
import { button, element } from "../dom.js";
import { GAME_PARAMS, t } from "../strings.js";

/**
 * Return the game the page's URL asks for: its parameters that name a preset, a rule
 * (`options`: the bridge's "options" answer lists them), a seed, a secret, the level or
 * practice. Any other (?fbclid=, ?utm_source=, ?lang=, ?embed=) is not the game's.
 */
export function linkParams(options) {
  const known = new Set(["preset", ...GAME_PARAMS, ...options.parameters.map((parameter) => parameter.name)]);
  return Object.fromEntries([...new URLSearchParams(location.search)].filter(([name]) => known.has(name)));
}

/** Return whether URL parameters `a` and `b` name the same game (the level aside). */
export function sameGame(a, b) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => key === "level" || a[key] === b[key]);
}

/**
 * Ask in `dialog` whether the game a link deals may take the place of the game in
 * progress (kept aside under `key` if so). Resolves true to play the link's game,
 * false to go on (the default: Escape, or closing the dialog).
 */
export function askToPlayLink(dialog, key) {
  dialog.replaceChildren(element("h2", "", t("link.title")), element("p", "", t("link.text", { key })));
  const keep = button(t("link.keep"), { link: "keep" });
  const play = button(t("link.play"), { link: "play" });
  keep.className = "primary";
  const row = element("div", "buttons");
  row.append(play, keep);
  dialog.append(row);
  return new Promise((resolve) => {
    play.addEventListener("click", () => {
      resolve(true);
      dialog.close();
    });
    keep.addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => resolve(false), { once: true });
    dialog.showModal();
    keep.focus();
  });
}
