// A bar chart drawn as inline SVG (hidden from screen readers), its figures as a table for
// them (out of stats.js, which chooses the figures: this only draws them).
import { el } from "../lib/dom.js";

const SVG = "http://www.w3.org/2000/svg";
const ROW = 30; // px per bar of a chart
// The columns of a chart, in % of its width: the label, the bar, the value in words.
const BAR_START = 32;
const BAR_WIDTH = 36;
const VALUE_START = 70;

function svg(tag, attributes) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

/**
 * A horizontal bar chart: each row a label, a bar (its parts, as shares of the row's
 * whole, each with its class: the stylesheet colours them) and a value in words; and the
 * same figures as a table for screen readers (`head`: its column headings, `cells(row)`).
 */
export function barChart(title, rows, head, cells, legend = []) {
  const figure = el("figure", "chart");
  const caption = el("figcaption", "chart-title", title);
  figure.append(caption);
  if (legend.length) {
    const list = el("ul", "chart-legend");
    list.setAttribute("aria-hidden", "true");
    for (const [className, text] of legend) {
      const item = el("li");
      item.append(el("span", `swatch ${className}`), text);
      list.append(item);
    }
    figure.append(list);
  }
  const picture = svg("svg", { class: "chart-svg", width: "100%", height: rows.length * ROW, "aria-hidden": "true" });
  rows.forEach((row, index) => {
    const y = index * ROW;
    picture.append(svg("text", { x: 0, y: y + ROW / 2, class: "chart-label", "dominant-baseline": "middle" }));
    picture.lastChild.textContent = row.label;
    picture.append(svg("rect", {
      x: `${BAR_START}%`, y: y + 5, width: `${BAR_WIDTH}%`, height: ROW - 10, class: "chart-track", rx: 3,
    }));
    let start = 0;
    for (const part of row.parts) {
      const share = row.whole ? part.value / row.whole : 0;
      if (share > 0) {
        picture.append(svg("rect", {
          x: `${BAR_START + BAR_WIDTH * start}%`, y: y + 5, width: `${BAR_WIDTH * share}%`, height: ROW - 10,
          class: `chart-bar ${part.className}`,
        }));
      }
      start += share;
    }
    const value = { x: `${VALUE_START}%`, y: y + ROW / 2, class: "chart-value", "dominant-baseline": "middle" };
    picture.append(svg("text", value));
    picture.lastChild.textContent = row.value;
  });
  figure.append(picture);
  const table = el("table", "visually-hidden");
  table.append(el("caption", "", title));
  const top = el("tr");
  for (const text of head) top.append(el("th", "", text));
  table.append(el("thead"), el("tbody"));
  table.tHead.append(top);
  for (const row of rows) {
    const line = el("tr");
    const [first, ...rest] = cells(row);
    const heading = el("th", "", first);
    heading.scope = "row";
    line.append(heading, ...rest.map((text) => el("td", "", String(text))));
    table.tBodies[0].append(line);
  }
  figure.append(table);
  return figure;
}
