// The score pad (rule R19) and the round's summary: the same four numbers of a
// seat's round (bid, tricks taken, points, running total) from one row
// builder. Draws only; the dialogs that hold them are opened by game.js.
import { $, el, nameEl } from "../lib/dom.js";
import { bidText } from "./table.js";
import { chanceText, isolate, numberText, signed, t } from "../lib/words.js";

const SCORE_KEYS = ["bid", "taken", "points", "total"];
const NARROW = "(max-width: 40rem)";

// What the pad shows: "all" (every number of every player), "totals" (a column per
// player: the default on a phone, where four columns a player do not fit) or one
// seat's numbers; the person's choice (its select) holds until the page reloads.
let chosen = null;
let drawn = null; // the last {view, chances} drawn, to draw again in another view

function padView(view) {
  if (chosen === "all" || chosen === "totals") return chosen;
  if (typeof chosen === "number" && chosen < view.players.length) return chosen;
  return window.matchMedia(NARROW).matches ? "totals" : "all";
}

/** The pad's view select: everything, totals only, or one player's numbers. */
function fillViewChoice(view, shown) {
  const select = $("pad-view");
  const options = [new Option(t("settings.pad_all"), "all"), new Option(t("settings.pad_totals"), "totals")];
  view.players.forEach((player, seat) => options.push(new Option(isolate(player.name), String(seat))));
  select.replaceChildren(...options);
  select.value = String(shown);
  if (!select.dataset.bound) {
    select.dataset.bound = "true";
    select.addEventListener("change", () => {
      chosen = /^\d+$/.test(select.value) ? Number(select.value) : select.value;
      if (drawn) drawPad(drawn.view, drawn.chances);
    });
  }
}

/**
 * One seat's score for a round as four cells, classed `${prefix}-bid` ...;
 * the points cell is also "made" or "missed". `signedPoints` writes "+20".
 */
function scoreCells(row, seat, prefix, signedPoints = false) {
  return SCORE_KEYS.map((key) => {
    const text = key === "points" && signedPoints ? signed(row.points) : numberText(row[key]);
    const cell = el("td", `${prefix}-${key}`, text);
    if (key === "points") cell.classList.add(row.bid === row.taken ? "made" : "missed");
    cell.dataset.seat = String(seat);
    cell.dataset.key = key;
    return cell;
  });
}

function headerCell(text, scope, className = "", name = false) {
  const th = el("th", className, name ? null : text);
  if (name) th.append(nameEl("span", "", text));
  th.scope = scope;
  return th;
}

/**
 * The score pad: for every round and player the bid, tricks, points and total; with the
 * coach's `chances` (a line per finished round, a chance 0..1 per seat), each player's
 * chance to win after that round too.
 */
export function drawPad(view, chances = null) {
  drawn = { view, chances };
  const withChances = Boolean(chances) && chances.length === view.score_pad.length && chances.length > 0;
  const shown = padView(view);
  const all = withChances ? [...SCORE_KEYS, "chance"] : SCORE_KEYS;
  const keys = shown === "totals" ? ["total"] : all;
  const seats = view.players.map((_, seat) => seat).filter((seat) => typeof shown !== "number" || seat === shown);
  fillViewChoice(view, shown);
  const table = $("pad");
  table.dataset.view = String(shown);
  table.replaceChildren();
  const head = table.createTHead();
  const top = head.insertRow();
  const corner = headerCell(t("pad.round"), "col");
  corner.rowSpan = 2;
  top.append(corner);
  seats.forEach((seat) => {
    const player = view.players[seat];
    const th = headerCell(player.name, "colgroup", "pad-player", true);
    th.colSpan = keys.length;
    th.dataset.seat = String(seat);
    top.append(th);
  });
  table.classList.toggle("with-chances", withChances);
  const sub = head.insertRow();
  for (let s = 0; s < seats.length; s++) {
    for (const key of keys) {
      const words = key === "chance" ? t("chances.pad") : t(`score.${key}`);
      sub.append(headerCell(words, "col", `pad-sub pad-sub-${key === "taken" ? "took" : key}`));
    }
  }
  const body = table.createTBody();
  view.score_pad.forEach((rows, r) => {
    const tr = body.insertRow();
    tr.dataset.round = String(r + 1);
    tr.append(headerCell(String(r + 1), "row"));
    seats.forEach((seat) => {
      const cells = scoreCells(rows[seat], seat, "pad");
      cloudMark(cells[0], view.specials?.cloud_pad?.[r]?.[seat]);
      tr.append(...cells.filter((cell) => keys.includes(cell.dataset.key)));
      if (withChances && keys.includes("chance")) tr.append(chanceCell(chances[r][seat], seat));
    });
  });
  if (!view.over) {
    const tr = body.insertRow();
    tr.className = "pad-current";
    tr.append(headerCell(t("pad.now", { round: view.round }), "row"));
    seats.forEach((seat) => {
      const pending = (className = "") => el("td", className, t("pad.pending"));
      const cells = {
        bid: el("td", "pad-bid", bidText(view, seat)), taken: el("td", "pad-taken", String(view.taken[seat])),
        points: pending(), total: pending(), chance: pending("pad-chance"),
      };
      cloudMark(cells.bid, view.specials?.cloud[seat]);
      tr.append(...keys.map((key) => cells[key]));
    });
  }
  const tr = table.createTFoot().insertRow();
  tr.append(headerCell(t("pad.total"), "row"));
  seats.forEach((seat) => {
    const td = el("td", "pad-grand-total", numberText(view.totals[seat]));
    td.colSpan = keys.length;
    td.dataset.seat = String(seat);
    tr.append(td);
  });
}

/** A bid the Cloud changed (S13): the change beside it ("2 (+1)"); the bid is the changed one. */
function cloudMark(cell, change) {
  if (!change) return;
  cell.append(" ", el("span", "pad-cloud", t("pad.cloud", { change: signed(change) })));
  cell.classList.add("clouded");
}

/** A player's chance to win after a round, in percent. */
function chanceCell(chance, seat) {
  const cell = el("td", "pad-chance", chanceText(chance));
  cell.dataset.seat = String(seat);
  cell.dataset.chance = String(chance);
  return cell;
}

/** The summary of round `round` (1-based): a row per player, the same cells as the pad's. */
export function drawRoundSummary(view, round) {
  const table = $("round-summary");
  table.replaceChildren();
  table.setAttribute("aria-label", t("summary.label", { round }));
  const head = table.createTHead().insertRow();
  head.append(headerCell(t("summary.player"), "col"));
  for (const key of SCORE_KEYS) head.append(headerCell(t(`score.${key}`), "col"));
  const body = table.createTBody();
  view.score_pad[round - 1].forEach((row, seat) => {
    const tr = body.insertRow();
    const cells = scoreCells(row, seat, "summary", true);
    cloudMark(cells[0], view.specials?.cloud_pad?.[round - 1]?.[seat]);
    tr.append(headerCell(view.players[seat].name, "row", "", true), ...cells);
  });
}
