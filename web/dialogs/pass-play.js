// Pass and play: the screen that hides the table between two players at one device. It
// covers the whole window, and the table behind it is taken out of the page (hidden:
// neither seen nor read by a screen reader), its spoken log emptied (it told the last
// player's draws), until the next player asks to see their hand.
//
// The match in play is kept in the browser after every move (ginrummy.pass_play's sealed
// save, under a key of its own: never the game against the computer's), so a reload
// takes it up again, behind the screen.
import { element, button } from "../dom.js";
import { read, remove, write } from "../platform/storage.js";
import { t } from "../strings.js";

const PASS_KEY = "ginrummy.passplay";

/** Keep the match whose state is `state` (its save), or forget it once it is over. */
export function keepPassPlay(state) {
  if (state.view.phase === "match_over") remove(PASS_KEY);
  else write(PASS_KEY, state.pass_play.save);
}

/** Return the save of the pass-and-play match kept, or null. */
export function keptPassPlay() {
  return read(PASS_KEY);
}

/** Forget the pass-and-play match kept (another game took the table, or it did not load). */
export function forgetPassPlay() {
  remove(PASS_KEY);
}

/**
 * Hide `table` behind `dialog`, which tells that it is the turn of `seat` (0 or 1, shown
 * as player 1 or 2), and empty the spoken `log`; resolve once that player taps "Show my
 * hand" (the table is shown again). Escape does not lift the screen: only the button does.
 */
export function passScreen(dialog, { table, log }, seat) {
  const number = seat + 1;
  dialog.replaceChildren();
  const heading = element("h2", "", t("pass.title", { number }));
  heading.id = "pass-title";
  dialog.setAttribute("aria-labelledby", heading.id);
  const show = button(t("pass.show"), { pass: "show" });
  show.className = "primary";
  dialog.append(heading, element("p", "", t("pass.steps", { number })), show);
  table.hidden = true;
  log.replaceChildren();
  return new Promise((resolve) => {
    const cancel = (event) => event.preventDefault();
    dialog.addEventListener("cancel", cancel);
    show.addEventListener("click", () => {
      dialog.removeEventListener("cancel", cancel);
      dialog.close();
      table.hidden = false;
      resolve();
    });
    dialog.showModal();
    show.focus();
  });
}
