// The Rules dialog: the chosen rule set explained from its own parameters (the bridge's
// "rules_help", so the text cannot disagree with the engine), with worked examples the
// engine computed for those rules, drawn by the rule-illustration view.
import { button, element } from "../dom.js";
import { drawReport } from "../embeds/illustrate-view.js";
import { GAME_PARAMS, errorText, t, tOr } from "../strings.js";
import { openTutorial } from "./tutorial.js";

/** Return the dialog's title for URL-style `params`: the preset, marked when changed. */
function title(params) {
  const preset = params.preset || "standard";
  const name = tOr(`ruleset.${preset}`, preset);
  const changed = Object.keys(params).some((key) => key !== "preset" && !GAME_PARAMS.includes(key));
  return t("help.title", { name: changed ? t("help.custom", { name }) : name });
}

/**
 * Return the line that offers the tutorial again: its button closes `dialog` and opens the
 * tutorial on the table, for the game of `params` (`call` asks the bridge).
 */
function tutorialLine(dialog, call, params) {
  const line = element("p", "tutorial-again", t("tutorial.again_intro"));
  const again = button(t("tutorial.again"));
  again.addEventListener("click", () => {
    dialog.close();
    openTutorial(call, params);
  });
  line.append(" ", again);
  return line;
}

/**
 * Show in `dialog` the help for the rules of URL-style `params`, asked through `call`.
 * Opened from the table (no other dialog open, unlike the new-game form's), it also
 * offers the tutorial, which points at the table.
 */
export async function showRulesHelp(dialog, call, params) {
  const answer = await call("rules_help", JSON.stringify(params));
  const fromTable = [...document.querySelectorAll("dialog[open]")].every((open) => open === dialog);
  dialog.replaceChildren();
  dialog.classList.add("rules-help");
  dialog.append(element("h2", "", title(params)));
  if (fromTable) dialog.append(tutorialLine(dialog, call, params));
  if (!answer.ok) {
    dialog.append(element("p", "error", errorText(answer)));
  } else {
    for (const section of answer.sections) {
      const part = element("section");
      part.append(element("h3", "", t(section.id)));
      const list = element("ul");
      for (const line of section.lines) {
        const item = element("li", "", t(line.id, line.params));
        item.dataset.help = line.id;
        list.append(item);
      }
      part.append(list);
      dialog.append(part);
    }
    dialog.append(element("h3", "", t("help.examples")));
    for (const example of answer.examples) {
      const figure = element("figure", "example");
      figure.dataset.example = example.caption.id;
      figure.append(element("figcaption", "", t(example.caption.id, example.caption.params)));
      figure.append(drawReport(example.kind, example.report));
      dialog.append(figure);
    }
  }
  const form = element("form", "buttons");
  form.method = "dialog";
  form.append(element("button", "primary", t("help.close")));
  dialog.append(form);
  if (!dialog.open) dialog.showModal();
  dialog.scrollTop = 0;
}
