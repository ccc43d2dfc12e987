// Replays: save the game as a record file, open one and step through it move by move.
// Both hands show for every hand that is over in the record; of a hand still in play,
// only the player's. Opening a file never touches the game in play. A match played at
// this page but not against the computer (pass and play) opens in the same viewer once
// it is over, its seats named as its table names them (seat-names.js).
import { backCard, faceCard, meldGroups } from "../cards.js";
import { button, copyButton, download, element, today } from "../dom.js";
import { listenKeys, moveText, stepTeller } from "./review.js";
import { seatName, seatSays } from "../table/seat-names.js";
import { errorText, t } from "../strings.js";

/** Return a seat's row: its melds and deadwood, or backs with the cards known face up. */
function seatRow(seat, step) {
  const row = element("div", `replay-seat seat-${seat}`);
  row.append(element("h3", "", seatName(seat)));
  const arrangement = step.hands[seat];
  let groups;
  if (arrangement) {
    groups = meldGroups(arrangement.melds, arrangement.deadwood_cards);
    if (!groups.childElementCount) groups.append(element("span", "replay-empty", t("replay.empty_hand"))); // Mahjong gin's gin
    if (!step.mahjong) {
      row.querySelector("h3").append(element("span", "deadwood", t("deadwood", { count: arrangement.deadwood })));
    } // Mahjong gin counts no deadwood: the hand's cards count against it, as the table shows
  } else {
    groups = element("div", "groups");
    const hidden = element("div", "group hidden-hand");
    hidden.title = t("replay.hidden");
    for (const text of step.opponent_known) hidden.append(faceCard(text));
    for (let i = step.opponent_known.length; i < step.opponent_count; i++) hidden.append(backCard());
    groups.append(hidden);
  }
  row.append(groups);
  return row;
}

/**
 * Return the middle of the table at a step: the pile's top card (Mahjong gin: the whole
 * open pile) and the stock, and in Mahjong gin the melds on the table with their points.
 */
function middle(step) {
  const box = element("div", "replay-middle");
  const pile = element("div", "replay-pile");
  const shown = step.mahjong ? step.pile : step.pile.slice(-1);
  for (const text of shown) pile.append(faceCard(text));
  if (!shown.length) pile.append(element("span", "count", t("pile.empty")));
  box.append(pile, element("span", "count", t("stock.count", { count: step.stock_count })));
  if (step.mahjong) box.append(tableMelds(step.mahjong));
  return box;
}

/** Return Mahjong gin's table at a step: each seat's melds and table points. */
function tableMelds(table) {
  const box = element("div", "replay-table");
  for (const seat of [1, 0]) {
    const row = element("div", "replay-melds");
    row.append(element("span", "count", seatSays("mj.table", seat, { points: table.table_points[seat] })));
    const own = table.melds.filter((entry) => entry.seat === seat);
    row.append(meldGroups(own.map((meld) => meld.cards), []));
    box.append(row);
  }
  return box;
}

function moveLine(step) {
  const move = step.move;
  if (!move) return t("replay.start");
  if (move.kind === "next") return t("replay.next_hand");
  return moveText(move.seat, move.action, move.card, move.drew);
}

/** Draw `step` (a bridge replay step) into `box`. */
function drawStep(box, step) {
  box.replaceChildren();
  box.dataset.step = String(step.step);
  const where = element("p", "replay-where");
  where.append(
    element("b", "", t("replay.step", { step: step.step, total: step.total, hand: step.hand_number })),
    element("span", "", ` · ${seatName(0)} ${step.totals[0]}, ${seatName(1)} ${step.totals[1]}`),
  );
  const said = element("p", "replay-move", moveLine(step));
  box.append(where, said, seatRow(1, step), middle(step), seatRow(0, step));
  if (step.result) {
    const points = step.result.points;
    const winner = step.result.winner;
    const text = winner === null ? t("showdown.nothing") : seatSays("showdown.points", winner, { points: points[winner] });
    box.append(element("p", "replay-result", text));
  }
}

/** Show the viewer for a loaded record in `dialog`, stepping with `call("replay", n)`. */
function viewer(dialog, call, first, problem) {
  const box = element("div", "replay-view");
  let step = first;
  drawStep(box, step);
  const go = async (number) => {
    const target = Math.max(0, Math.min(step.total, number));
    if (target === step.step) return;
    const answer = await call("replay", String(target));
    if (!answer.ok) {
      problem.textContent = errorText(answer);
      problem.hidden = false;
      return;
    }
    step = answer;
    drawStep(box, step);
    tell(t("say.step", { step: box.querySelector(".replay-where b").textContent, move: moveLine(step) }));
    sync();
  };
  const controls = element("div", "replay-controls");
  const toStart = button("«", { replay: "first" });
  const back = button("‹", { replay: "prev" });
  const forward = button("›", { replay: "next" });
  const last = button("»", { replay: "last" });
  for (const [node, label] of [[toStart, "replay.first"], [back, "replay.prev"], [forward, "replay.next"], [last, "replay.last"]]) {
    node.setAttribute("aria-label", t(label));
    node.title = t(label);
  }
  toStart.addEventListener("click", () => go(0));
  back.addEventListener("click", () => go(step.step - 1));
  forward.addEventListener("click", () => go(step.step + 1));
  last.addEventListener("click", () => go(step.total));
  controls.append(toStart, back, forward, last);
  const tell = stepTeller(controls);
  const sync = () => {
    toStart.disabled = back.disabled = step.step === 0;
    forward.disabled = last.disabled = step.step === step.total;
  };
  sync();
  listenKeys(dialog, (event) => {
    const moves = { ArrowLeft: step.step - 1, ArrowRight: step.step + 1, Home: 0, End: step.total };
    if (!(event.key in moves)) return;
    event.preventDefault();
    go(moves[event.key]);
  });
  return [box, controls];
}

/**
 * Return the offer of a link that deals the game of bridge `state` again: the link, to
 * copy, when its params name the deal (a game dealt from a number, or a sealed game
 * once its match is over), else a note that it comes then.
 */
function shareLink(state) {
  const box = element("div", "replay-share");
  if (!state.params.seed) {
    box.append(element("p", "note", t("replay.share_later")));
    return box;
  }
  const link = new URL(`?${new URLSearchParams(state.params)}`, location.href).href;
  const label = element("label", "field", t("replay.share"));
  const field = element("input");
  field.readOnly = true;
  field.value = link;
  field.addEventListener("focus", () => field.select());
  label.append(field);
  const [copy, done] = copyButton(field, link, {
    label: t("replay.share_copy"),
    data: { replay: "share" },
    copied: t("replay.share_copied"),
    failed: "", // the link stays selected in its field
  });
  box.append(label, copy, done);
  return box;
}

/**
 * Empty `dialog` for the replays and give it its title; return its error line (hidden),
 * the slot the viewer goes in, and the row of its Close button, for the caller to place.
 */
function frame(dialog) {
  dialog.replaceChildren();
  listenKeys(dialog, () => {}); // no viewer yet
  dialog.append(element("h2", "", t("replay.title")));
  const problem = element("p", "error");
  problem.setAttribute("role", "alert");
  problem.hidden = true;
  const slot = element("div", "replay-slot");
  const close = button(t("review.close"));
  close.className = "primary";
  close.addEventListener("click", () => dialog.close());
  const row = element("div", "buttons");
  row.append(close);
  return { problem, slot, row };
}

/**
 * Open the replays dialog: save the game in play as a file (the bridge's export), offer
 * a link to its deal, or open a record file and step through it. A bad file is explained
 * and changes nothing.
 */
export function openReplays(dialog, call, state) {
  const { problem, slot, row } = frame(dialog);
  const save = button(t("replay.export"), { replay: "export" });
  save.addEventListener("click", async () => {
    const answer = await call("export");
    if (answer.ok) download(`gin-rummy-${today()}.json`, "application/json", answer.text);
  });
  const open = element("label", "file-button");
  const input = element("input");
  input.type = "file";
  input.accept = ".json,.txt,application/json,text/plain";
  open.append(element("span", "", t("replay.open")), input);
  const top = element("div", "replay-files");
  top.append(save, open);
  const note = element("p", "note", t("replay.note"));
  dialog.append(top, shareLink(state), note, problem, slot, row);

  input.addEventListener("change", async () => {
    const file = input.files[0];
    input.value = "";
    if (!file) return;
    const answer = await call("load_record", await file.text());
    if (!answer.ok) {
      problem.textContent = t("replay.bad_file", { name: file.name, error: errorText(answer) });
      problem.hidden = false;
      return;
    }
    problem.hidden = true;
    note.hidden = true;
    slot.replaceChildren(...viewer(dialog, call, answer, problem));
  });
  dialog.showModal();
}

/**
 * Open the replays dialog on a record the bridge has loaded (`first`: its `load_record`
 * answer, the deal), stepping through it at once: the record of a match that is not the
 * game against the computer, which has no file to save here and joins no list of games.
 */
export function openRecord(dialog, call, first) {
  const { problem, slot, row } = frame(dialog);
  slot.append(...viewer(dialog, call, first, problem));
  dialog.append(problem, slot, row);
  dialog.showModal();
}
