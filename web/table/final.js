// The final standings (rule R18; T4: a tournament's tie-breaks, in the engine's
// order and with its reason): the winner celebrated, every player's total and
// bids made, and a small chart of the totals over the rounds as played (inline
// SVG, a line per player, with the same figures as text for screen readers).
import { $, el, nameEl } from "../lib/dom.js";
import { t, winnersText } from "../lib/words.js";

const SVG = "http://www.w3.org/2000/svg";
const CHART = { width: 560, height: 220, left: 44, right: 12, top: 12, bottom: 26 };
const LABEL_GAP = 14; // the least distance between two labels of the points axis (a label is about 11 high)
const DASHES = ["", "7 4", "2 4", "10 4 2 4", "4 4", "12 3"]; // each line its own pattern too, not only its colour

/** Fill the final standings from the finished game's view. */
export function fillFinal(view) {
  const order = view.standings.map((s) => ({ ...s, name: view.players[s.seat].name }));
  const rounds = view.score_pad.length;
  const list = $("final-standings");
  list.replaceChildren();
  for (const entry of order) {
    const winner = view.winners.includes(entry.seat);
    const item = el("li", winner ? "winner" : "");
    item.dataset.seat = String(entry.seat);
    const made = view.score_pad.filter((round) => round[entry.seat].bid === round[entry.seat].taken).length;
    item.append(
      el("span", `seat-swatch seat-colour-${entry.seat}`),
      nameEl("span", "standing-name", entry.name),
      el("span", "standing-total", t("final.points", { points: entry.total })),
      el("span", "standing-made", t("final.made", { made, rounds })),
    );
    if (entry.tie_break) item.append(el("span", "standing-tie", t(`final.tie_break.${entry.tie_break}`)));
    list.append(item);
  }
  $("final-winners").textContent = winnersText(view);
  $("final-dialog").classList.toggle("you-won", view.winners.includes(view.human));
  drawChart(view);
}

function svg(tag, attributes = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

/** Every player's total after each round: a line each, from 0 before round 1. */
function drawChart(view) {
  const box = $("final-chart");
  box.replaceChildren();
  const rounds = view.score_pad.length;
  if (rounds === 0) return;
  const series = view.players.map((_, seat) => [0, ...view.score_pad.map((round) => round[seat].total)]);
  const values = series.flat();
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low || 1;
  const { width, height, left, right, top, bottom } = CHART;
  const x = (r) => left + (r / rounds) * (width - left - right);
  const y = (v) => top + ((high - v) / span) * (height - top - bottom);

  const chart = svg("svg", {
    viewBox: `0 0 ${width} ${height}`, class: "score-chart", "aria-hidden": "true", focusable: "false",
  });
  chart.append(svg("line", { x1: left, x2: width - right, y1: y(0), y2: y(0), class: "chart-zero" }));
  for (const value of [high, low]) {
    if (value === 0) continue;
    chart.append(svg("line", { x1: left, x2: width - right, y1: y(value), y2: y(value), class: "chart-grid" }));
  }
  const labelled = [];
  // Zero first; an extreme too near a label drawn is left out (its grid line stays).
  for (const value of [0, high, low]) {
    if (labelled.some((other) => Math.abs(y(other) - y(value)) < LABEL_GAP)) continue;
    labelled.push(value);
    const label = svg("text", { x: left - 6, y: y(value) + 4, class: "chart-label", "text-anchor": "end" });
    label.textContent = t("final.chart_value", { points: value });
    chart.append(label);
  }
  // The rounds as played: when the schedule is not one card more a round, each labelled with its
  // cards (the tournament's, T1), or numbered if every round deals the same (Maximus, T2).
  const cards = view.round_cards ?? [];
  const byCards = cards.some((n, i) => n !== i + 1);
  const labels = byCards && new Set(cards).size > 1 ? cards : cards.map((_, i) => i + 1);
  for (let r = 1; r <= rounds; r++) {
    if (rounds > 10 && r % 5 !== 0 && r !== 1) continue;
    const label = svg("text", { x: x(r), y: height - 8, class: "chart-label", "text-anchor": "middle" });
    label.textContent = String(labels[r - 1] ?? r);
    chart.append(label);
  }
  series.forEach((totals, seat) => {
    const points = totals.map((v, r) => `${x(r).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    const line = svg("polyline", { points, class: `chart-line seat-colour-${seat}` });
    if (DASHES[seat % DASHES.length]) line.setAttribute("stroke-dasharray", DASHES[seat % DASHES.length]);
    if (view.winners.includes(seat)) line.classList.add("chart-winner");
    chart.append(line);
  });

  // The same figures as text: what a screen reader reads instead of the picture.
  const text = el("ul", "visually-hidden");
  series.forEach((totals, seat) => {
    const values = totals.slice(1).map((points) => t("final.chart_value", { points })).join(t("list.comma"));
    text.append(el("li", "", t("final.chart_line", { name: view.players[seat].name, totals: values })));
  });
  box.append(el("h3", "final-chart-title", t("final.chart_title")), chart, text);
  const cardsText = cards.join(t("list.comma"));
  if (byCards) box.append(el("p", "note final-chart-cards", t("final.chart_cards", { cards: cardsText })));
}
