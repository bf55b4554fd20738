// The score keeper's board: the round's status, the step being entered (the bids in
// bidding order, then the tricks; or a finished round being corrected), the actions,
// and the paper pad itself. Functions of the keeper's view; they keep nothing.
import { el, nameEl } from "../lib/dom.js";
import { listText, numberText, reasonText, signed, t } from "../lib/words.js";
import { button, numberField } from "./fields.js";

/** The round's heading and who deals; at the end, the winners. */
export function status(view) {
  const name = (seat) => view.players[seat];
  if (view.step === "over") {
    const winners = t("keeper.winners", { names: listText(view.winners.map(name)), count: view.winners.length });
    return [el("h3", "keeper-round", t("keeper.over")), el("p", "keeper-winners", winners)];
  }
  const cards = t("cards.count", { count: view.cards });
  return [
    el("h3", "keeper-round", t("round.of", { round: view.round, rounds: view.rounds })),
    el("p", "keeper-deal", t("keeper.deal", { name: name(view.dealer), cards })),
  ];
}

/** The form of the step being entered; `wordsView` words a forbidden bid's reason. */
export function stepArea(view, wordsView) {
  if (view.step === "bid") return bidForm(view, wordsView);
  if (view.step === "tricks") return tricksForm(view);
  return [];
}

/** The bids so far in bidding order, and a field for the next one. */
function bidForm(view, wordsView) {
  const form = el("form", "keeper-entry");
  form.id = "keeper-bid-form";
  form.noValidate = true;
  const bidder = view.players[view.bidder];
  const submit = el("button", "primary", t("keeper.enter_bid"));
  submit.type = "submit";
  form.append(numberField("keeper-bid", t("keeper.bid_of", { name: bidder }), view.cards), submit);
  const parts = [bidOrder(view), bidTally(view), form];
  if (view.forbidden) {
    const reason = reasonText(view.forbidden.reason, wordsView);
    const words = t("keeper.forbidden", { name: bidder, bid: view.forbidden.bid, reason });
    parts.push(el("p", "reason keeper-forbidden", words));
  }
  return parts;
}

function bidOrder(view) {
  const list = el("ol", "keeper-order");
  list.setAttribute("aria-label", t("keeper.order"));
  for (const seat of view.order) {
    const item = el("li", seat === view.bidder ? "now" : "");
    item.append(nameEl("span", "keeper-who", view.players[seat]));
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
  return el("p", "keeper-tally", t("tally.bids", { sum, tricks: t("tricks.count", { count: view.cards }) }));
}

/** One count of tricks per player (seat order), their sum beside the cards dealt. */
function tricksForm(view) {
  const form = el("form", "keeper-entry keeper-tricks");
  form.id = "keeper-tricks-form";
  form.noValidate = true;
  form.append(el("p", "prompt", t("keeper.tricks_prompt", { cards: t("tricks.count", { count: view.cards }) })));
  const grid = el("div", "keeper-fields");
  view.players.forEach((name, seat) => {
    const label = t("keeper.tricks_of", { name, bid: view.bids[seat] });
    grid.append(numberField(`keeper-tricks-${seat}`, label, view.cards, "", "0"));
  });
  const sum = el("p", "keeper-tally");
  sum.id = "keeper-tricks-sum";
  sum.setAttribute("aria-live", "polite");
  const submit = el("button", "primary", t("keeper.enter_tricks"));
  submit.type = "submit";
  form.append(grid, sum, submit);
  return [form];
}

/** The tricks typed so far against the cards dealt. */
export function tricksSumText(view, root) {
  const count = (seat) => Number(root.querySelector(`#keeper-tricks-${seat}`).value) || 0;
  const total = view.players.reduce((acc, _, seat) => acc + count(seat), 0);
  return t("keeper.tricks_sum", { sum: total, cards: view.cards });
}

/** Correcting finished round number `editing`: its bids and tricks, seat by seat. */
export function editForm(view, editing) {
  const round = view.pad[editing - 1];
  const form = el("form", "keeper-entry keeper-edit");
  form.id = "keeper-edit-form";
  form.noValidate = true;
  const cards = t("cards.count", { count: round.cards });
  const title = el("h4", "", t("keeper.edit_title", { round: round.round, cards }));
  const grid = el("div", "keeper-edit-grid");
  round.rows.forEach((row, seat) => {
    const group = el("fieldset", "keeper-edit-player");
    group.append(el("legend", "player-name", view.players[seat]));
    group.append(numberField(`keeper-edit-bid-${seat}`, t("score.bid"), round.cards, row.bid, "0"),
      numberField(`keeper-edit-taken-${seat}`, t("score.taken"), round.cards, row.taken, "0"));
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
  if (view.pad.length) {
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

/** The paper pad: a row per round, per player the bid and tricks taken and the running total. */
export function padTable(view, editing) {
  const caption = el("caption", "visually-hidden", t("keeper.pad_caption", { count: view.players.length }));
  const body = el("tbody");
  for (const round of view.pad) body.append(padRow(view, round, editing === round.round));
  if (view.step !== "over") body.append(currentRow(view));
  return [caption, padHead(view), body, padFoot(view)];
}

function padHead(view) {
  const head = el("tr");
  const corner = el("th", "keeper-round-col", t("pad.round"));
  corner.scope = "col";
  head.append(corner);
  for (const name of view.players) {
    const th = el("th", "keeper-player-col");
    th.scope = "colgroup";
    th.colSpan = 2;
    th.append(nameEl("span", "", name));
    head.append(th);
  }
  const sub = el("tr", "keeper-sub");
  sub.append(el("td"));
  for (const _ of view.players) sub.append(el("th", "", t("keeper.col_bid")), el("th", "", t("score.total")));
  for (const cell of sub.querySelectorAll("th")) cell.scope = "col";
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
    const cell = el("td", `keeper-final${view.winners.includes(seat) ? " winner" : ""}`, numberText(total));
    cell.colSpan = 2;
    totals.append(cell);
  });
  const foot = el("tfoot");
  foot.append(totals);
  return foot;
}

function padRow(view, round, editing) {
  const row = el("tr", editing ? "editing" : "");
  row.dataset.round = String(round.round);
  const th = roundCell(round.round, round.cards, view.players[round.dealer]);
  const edit = button(t("keeper.edit"), `edit ${round.round}`, "keeper-edit-button");
  edit.setAttribute("aria-label", t("keeper.edit_label", { round: round.round }));
  th.append(edit);
  row.append(th);
  round.rows.forEach((line, seat) => {
    const made = line.bid === line.taken ? "made" : "missed";
    const bid = el("td", `keeper-bid-cell ${made}`);
    bid.append(el("span", "keeper-bid-value", String(line.bid)),
      el("span", "keeper-taken", t("keeper.took", { count: line.taken })));
    if (seat === round.dealer) bid.classList.add("dealer");
    const total = el("td", `keeper-total-cell ${made}`);
    total.append(el("span", "keeper-total", numberText(line.total)), el("span", "keeper-points", signed(line.points)));
    row.append(bid, total);
  });
  return row;
}

function currentRow(view) {
  const row = el("tr", "keeper-current");
  row.append(roundCell(view.round, view.cards, view.players[view.dealer]));
  view.players.forEach((_, seat) => {
    const bid = view.bids[seat];
    row.append(el("td", "keeper-bid-cell", bid === null ? "" : String(bid)), el("td", "keeper-total-cell"));
  });
  return row;
}

/** A round's header cell: its number, the cards dealt and the dealer. */
function roundCell(number, count, dealer) {
  const th = el("th", "keeper-round-col");
  th.scope = "row";
  th.append(el("span", "keeper-round-number", String(number)),
    el("span", "keeper-round-cards", t("keeper.round_cards", { count, name: dealer })));
  return th;
}
