// The coach's figures for every bid as a table: bidding practice shows them after each
// hand, the score keeper's advice for a real hand before the bid. Functions of their
// arguments (headedTable: practice's run table too); every word from the catalogue.
import { bidNumber } from "./bids.js";
import { el } from "./dom.js";
import { chanceText, expectedText, t } from "./words.js";

/**
 * Every bid (in order 0, 1, 2...) with its expected points as a bar and its chance; the
 * coach's pick marked, and `mine` (your bid, if any).
 */
export function optionsTable(advice, mine = null, className = "practice-options") {
  const table = headedTable(className, el("caption", "", t("practice.table_caption")),
    [t("practice.col_bid"), t("practice.col_points"), t("practice.col_make")]);
  const body = el("tbody");
  const widest = Math.max(1, ...advice.options.map((o) => Math.abs(o.points)));
  const options = [...advice.options].sort((a, b) => bidNumber(a.option) - bidNumber(b.option));
  for (const option of options) {
    const row = el("tr");
    const cell = el("th", "", String(bidNumber(option.option)));
    cell.scope = "row";
    if (option.option === mine?.bid) {
      row.classList.add("mine");
      cell.append(" ", el("span", "badge mark-you", t("practice.mark_you")));
    }
    if (option.option === advice.pick) {
      row.classList.add("pick");
      cell.append(" ", el("span", "badge mark-coach", t("practice.mark_coach")));
    }
    const points = el("td", "practice-points");
    const bar = el("span", `practice-bar ${option.points < 0 ? "negative" : "positive"}`);
    bar.setAttribute("aria-hidden", "true");
    const fill = el("span", "practice-bar-fill");
    fill.style.setProperty("--share", String(Math.abs(option.points) / widest));
    bar.append(fill);
    points.append(el("span", "practice-number", expectedText(option.points)), bar);
    row.append(cell, points, el("td", "practice-chance", chanceText(option.make)));
    body.append(row);
  }
  table.append(body);
  return table;
}

/** A table of class `className` with its caption and a head row of column headers. */
export function headedTable(className, caption, columns) {
  const table = el("table", className);
  const head = el("tr");
  for (const text of columns) {
    const th = el("th", "", text);
    th.scope = "col";
    head.append(th);
  }
  table.append(caption, el("thead"));
  table.tHead.append(head);
  return table;
}
