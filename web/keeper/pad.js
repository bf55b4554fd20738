// The score keeper's board: the round's status, the step being entered (the bids in
// bidding order, then the tricks; or a finished round being corrected), the actions,
// and the paper pad itself. Functions of the keeper's view; they keep nothing.
import { el, nameEl } from "../lib/dom.js";
import { listText, numberText, signed, suitName, t } from "../lib/words.js";
import { bidButtons } from "../lib/bids.js";
import { button, changeField, countField } from "./fields.js";
import { cardNames } from "./setup.js";

/** The round's heading and who deals; at the end, the winners. */
export function status(view) {
  const name = (seat) => view.players[seat].name;
  if (view.step === "over") {
    const winners = t("keeper.winners", { names: listText(view.winners.map(name)), count: view.winners.length });
    // T4: a tournament's tie on the highest total, and what broke it.
    const tie = view.standings.find((s) => s.place === 1 && s.tie_break)?.tie_break;
    const broken = tie ? [el("p", "keeper-tie-break", t(`final.tie_break.${tie}`))] : [];
    return [el("h3", "keeper-round", t("keeper.over")), el("p", "keeper-winners", winners), ...broken];
  }
  const cards = t("cards.count", { count: view.hand_size });
  const trump = view.fixed_trump; // T2: Maximus fixes each round's trump
  const fixed = trump === null ? []
    : [el("p", "keeper-trump", trump ? t("keeper.fixed_trump", { suit: suitName(trump, view.theme) })
      : t("trump.why.fixed_none"))];
  const { cards: specials } = view.specials;
  const special = specials.length
    ? [el("p", "keeper-specials-line", t("keeper.specials_in_game", { cards: cardNames(specials) }))] : [];
  return [
    el("h3", "keeper-round", t("round.of", { round: view.round, rounds: view.rounds })),
    el("p", "keeper-deal", t("keeper.deal", { name: name(view.dealer), cards })),
    ...fixed,
    ...special,
  ];
}

/** The form of the step being entered (`view` in the display theme: it words a forbidden bid's reason). */
export function stepArea(view) {
  if (view.step === "bid") return bidStep(view);
  if (view.step === "tricks") return tricksForm(view);
  return [];
}

/** The bids so far in bidding order, and the next one's buttons: a tap enters it. */
function bidStep(view) {
  const name = view.players[view.bidder].name;
  const prompt = el("p", "prompt", t("keeper.bid_of", { name }));
  prompt.id = "keeper-bid-prompt";
  const words = (params) => ({
    note: t("keeper.forbidden", { ...params, name }), title: t("keeper.forbidden_title", { ...params, name }),
  });
  const { group, reasons } = bidButtons(view, "keeper", "keeper-forbidden", words);
  group.setAttribute("aria-labelledby", prompt.id);
  // One Tab stop, the first bid allowed (arrow keys move along the row, digits bid).
  const first = group.querySelector(".bid:not(:disabled)");
  for (const node of group.children) node.tabIndex = node === first ? 0 : -1;
  const row = el("div", "bid-wrap keeper-bid-row");
  row.id = "keeper-bid-row";
  row.append(prompt, group, ...reasons);
  return [bidOrder(view), bidTally(view), row];
}

function bidOrder(view) {
  const list = el("ol", "keeper-order");
  list.setAttribute("aria-label", t("keeper.order"));
  for (const seat of view.order) {
    const item = el("li", seat === view.bidder ? "now" : "");
    item.append(nameEl("span", "keeper-who", view.players[seat].name));
    if (seat === view.dealer) item.append(el("span", "badge dealer-badge", t("badge.dealer")));
    const bid = view.bids[seat];
    const waiting = seat === view.bidder ? t("keeper.bidding_now") : "…";
    item.append(el("span", "keeper-bid", bid === null ? waiting : String(bid)));
    list.append(item);
  }
  return list;
}

function bidTally(view) {
  const sum = view.bids.reduce((total, bid) => total + (bid ?? 0), 0);
  return el("p", "keeper-tally", t("tally.bids", { sum, tricks: t("tricks.count", { count: view.hand_size }) }));
}

/** One count of tricks per player (seat order, 0 until tapped, as on paper), their sum beside the cards dealt. */
function tricksForm(view) {
  const form = el("form", "keeper-entry keeper-tricks");
  form.id = "keeper-tricks-form";
  form.noValidate = true;
  form.append(el("p", "prompt", t("keeper.tricks_prompt", { cards: t("tricks.count", { count: view.hand_size }) })));
  const grid = el("div", "keeper-fields");
  const { cloud, cloud_legal: legal, changed_bids: changed } = view.specials;
  // The Cloud's buttons while a change may be entered, and once one was (they stay, disabled).
  const clouds = legal.some((changes) => changes.length) || cloud.some((change) => change !== 0);
  view.players.forEach(({ name }, seat) => {
    const label = cloud[seat] ? t("keeper.tricks_of_changed", { name, bid: view.bids[seat],
      change: signed(cloud[seat]), changed: changed[seat] }) : t("keeper.tricks_of", { name, bid: view.bids[seat] });
    const field = countField(`keeper-tricks-${seat}`, label, view.hand_size);
    if (clouds) field.append(cloudButtons(name, seat, legal[seat]));
    grid.append(field);
  });
  const sum = el("p", "keeper-tally", tricksSum(view, view.players.map(() => 0)));
  sum.id = "keeper-tricks-sum";
  sum.setAttribute("aria-live", "polite");
  const submit = el("button", "primary", t("keeper.enter_tricks"));
  submit.type = "submit";
  form.append(grid, sum, submit);
  return [form];
}

/** A Cloud's change of this player's bid, one tap each (S13): the changes the engine allows now. */
function cloudButtons(name, seat, legal) {
  const box = el("div", "keeper-cloud");
  box.append(el("span", "keeper-cloud-label", t("keeper.cloud")));
  const up = button("+1", `cloud ${seat} +1`, "keeper-cloud-button");
  up.setAttribute("aria-label", t("keeper.cloud_up", { name }));
  const down = button("−1", `cloud ${seat} -1`, "keeper-cloud-button");
  down.setAttribute("aria-label", t("keeper.cloud_down", { name }));
  for (const node of [up, down]) {
    node.disabled = !legal.includes(node.dataset.keeper.split(" ")[2]);
    box.append(node);
  }
  return box;
}

/** The tricks chosen so far (one count per seat) against the cards dealt; with the Bomb, how many may go to nobody. */
export function tricksSum(view, taken) {
  const total = taken.reduce((acc, count) => acc + count, 0);
  const { bombed } = view.specials;
  return bombed ? t("keeper.tricks_sum_bombed", { sum: total, cards: view.hand_size, bombed })
    : t("keeper.tricks_sum", { sum: total, cards: view.hand_size });
}

/** Correcting finished round number `editing`: its bids and tricks, seat by seat. */
export function editForm(view, editing) {
  const size = view.deals[editing - 1].hand_size;
  const form = el("form", "keeper-entry keeper-edit");
  form.id = "keeper-edit-form";
  form.noValidate = true;
  const cards = t("cards.count", { count: size });
  const title = el("h4", "", t("keeper.edit_title", { round: editing, cards }));
  const grid = el("div", "keeper-edit-grid");
  // The bids as entered, and the Cloud's changes beside them when the round may hold any (S13).
  const entered = view.specials.entered_pad[editing - 1];
  const most = view.specials.cloud_most[editing - 1];
  const changes = view.specials.cloud_pad[editing - 1];
  view.score_pad[editing - 1].forEach((row, seat) => {
    const group = el("fieldset", "keeper-edit-player");
    group.append(nameEl("legend", "", view.players[seat].name));
    group.append(countField(`keeper-edit-bid-${seat}`, t("score.bid"), size, entered[seat]),
      countField(`keeper-edit-taken-${seat}`, t("score.taken"), size, row.taken));
    if (most) group.append(changeField(`keeper-edit-cloud-${seat}`, t("keeper.cloud"), most, changes[seat]));
    grid.append(group);
  });
  const buttons = el("div", "dialog-buttons");
  const save = el("button", "primary", t("keeper.edit_save"));
  save.type = "submit";
  buttons.append(save, button(t("keeper.edit_cancel"), "edit-cancel"));
  form.append(title, el("p", "note", t("keeper.edit_note")), grid, buttons);
  return [form];
}

/** Undo, print and share (once a round is on the pad), a new pad. */
export function actions(view) {
  const parts = [];
  const undo = button(t("keeper.undo"), "undo");
  undo.id = "keeper-undo";
  undo.disabled = !view.can_undo;
  parts.push(undo);
  if (view.score_pad.length) {
    const print = button(t("keeper.print"), "print");
    print.id = "keeper-print";
    const share = button(t("keeper.share"), "share");
    share.id = "keeper-share";
    parts.push(print, share);
  }
  const fresh = button(t("keeper.new"), "new");
  fresh.id = "keeper-new";
  parts.push(fresh);
  return parts;
}

/**
 * The paper pad: a row per round, a column per player; in each cell the bid over the
 * tricks taken beside the total over the round's points (stacked on a phone).
 */
export function padTable(view, editing) {
  const caption = el("caption", "visually-hidden", t("keeper.pad_caption", { count: view.players.length }));
  const body = el("tbody");
  view.score_pad.forEach((_, index) => body.append(padRow(view, index + 1, editing === index + 1)));
  if (view.step !== "over") body.append(currentRow(view));
  return [caption, padHead(view), body, padFoot(view)];
}

function padHead(view) {
  const head = el("tr");
  const corner = el("th", "keeper-round-col", t("pad.round"));
  corner.scope = "col";
  head.append(corner);
  for (const { name } of view.players) {
    const th = el("th", "keeper-player-col");
    th.scope = "col";
    th.append(nameEl("span", "", name));
    head.append(th);
  }
  // What a cell holds, over each player's column (the pad's note says it too).
  const sub = el("tr", "keeper-sub");
  sub.setAttribute("aria-hidden", "true");
  sub.append(el("td"));
  const heads = () => padCell("keeper-cell", [el("span", "", t("keeper.col_bid"))], [el("span", "", t("score.total"))]);
  for (const _ of view.players) sub.append(heads());
  const thead = el("thead");
  thead.append(head, sub);
  return thead;
}

function padFoot(view) {
  const totals = el("tr");
  const label = el("th", "", t("pad.total"));
  label.scope = "row";
  totals.append(label);
  view.totals.forEach((total, seat) => {
    totals.append(el("td", `keeper-final${view.winners.includes(seat) ? " winner" : ""}`, numberText(total)));
  });
  const foot = el("tfoot");
  foot.append(totals);
  return foot;
}

/** Finished round number `round`: its deal, and each player's line. */
function padRow(view, round, editing) {
  const row = el("tr", editing ? "editing" : "");
  row.dataset.round = String(round);
  const deal = view.deals[round - 1];
  const th = roundCell(round, deal.hand_size, view.players[deal.dealer].name);
  const edit = button(t("keeper.edit"), `edit ${round}`, "keeper-edit-button");
  edit.setAttribute("aria-label", t("keeper.edit_label", { round }));
  th.append(edit);
  row.append(th);
  view.score_pad[round - 1].forEach((line, seat) => {
    const made = line.bid === line.taken ? "made" : "missed";
    const taken = t("keeper.took", { count: line.taken });
    const cell = padCell(`keeper-cell ${made}`,
      [bidLine(String(line.bid), view.specials.cloud_pad[round - 1][seat]), el("span", "keeper-taken", taken)],
      [el("span", "keeper-total", numberText(line.total)), el("span", "keeper-points", signed(line.points))]);
    if (seat === deal.dealer) cell.classList.add("dealer");
    row.append(cell);
  });
  return row;
}

function currentRow(view) {
  const row = el("tr", "keeper-current");
  row.append(roundCell(view.round, view.hand_size, view.players[view.dealer].name));
  view.specials.changed_bids.forEach((bid, seat) => {
    row.append(padCell("keeper-cell", [bidLine(bid === null ? "" : String(bid), view.specials.cloud[seat])]));
  });
  return row;
}

/** A bid on the pad and, S14, a Cloud's change beside it (on one line). */
function bidLine(bid, change) {
  const line = el("span", "keeper-bid-line");
  line.append(el("span", "keeper-bid-value", bid), ...cloudMark(change));
  return line;
}

/** S14: the mark of a Cloud's change (none: nothing). */
function cloudMark(change) {
  if (!change) return [];
  const words = t("keeper.cloud_mark_label", { change: signed(change) });
  const mark = el("span", "keeper-cloud-mark", t("keeper.cloud_mark", { change: signed(change) }));
  mark.title = words;
  mark.setAttribute("aria-hidden", "true"); // (the symbol; the words below are read)
  return [mark, el("span", "visually-hidden", words)];
}

/**
 * A player's cell of a round: the bid's part (the bid, the tricks taken) and the total's
 * (the total, the round's points), each a list of elements; side by side, or one over the
 * other on a phone.
 */
function padCell(className, ...parts) {
  const cell = el("td", className);
  const box = el("div", "keeper-cell-box");
  for (const part of parts) {
    const line = el("span", "keeper-cell-part");
    line.append(...part);
    box.append(line);
  }
  cell.append(box);
  return cell;
}

/** A round's header cell: its number, the cards dealt and the dealer. */
function roundCell(number, count, dealer) {
  const th = el("th", "keeper-round-col");
  th.scope = "row";
  th.append(el("span", "keeper-round-number", String(number)),
    el("span", "keeper-round-cards", t("keeper.round_cards", { count, name: dealer })));
  return th;
}
