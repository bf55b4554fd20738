// The score keeper's small form parts: a button that names its action, and a count chosen
// with a tap (a row of number buttons, as the table's bid): no text field, so a phone's
// keyboard never opens for a count.
import { el } from "../lib/dom.js";

/** A button whose action (data-keeper) the keeper's click handler reads. */
export function button(text, action, className = "") {
  const node = el("button", className, text);
  node.type = "button";
  node.dataset.keeper = action;
  return node;
}

/**
 * A count from 0 to `max`, `value` chosen, labelled `label`: a radio group `id` of number
 * buttons (the bid's look, bids.js); one Tab stop, arrow keys and typed digits choose.
 */
export function countField(id, label, max, value = 0) {
  return numberField(id, label, 0, max, value);
}

/** A change from `-most` to `+most` (a Cloud's, S13), chosen as a count is. */
export function changeField(id, label, most, value = 0) {
  return numberField(id, label, -most, most, value);
}

function numberField(id, label, min, max, value) {
  const field = el("div", "keeper-count-field");
  const name = el("span", "keeper-count-label", label);
  name.id = `${id}-label`;
  const group = el("div", "bids keeper-count");
  group.id = id;
  group.setAttribute("role", "radiogroup");
  group.setAttribute("aria-labelledby", name.id);
  for (let n = min; n <= max; n++) {
    const node = button(n > 0 && min < 0 ? `+${n}` : String(n).replace("-", "\u2212"), "count", "bid");
    node.dataset.bid = String(n);
    node.setAttribute("role", "radio");
    group.append(node);
  }
  choose(group.children[Math.min(Math.max(value, min), max) - min]);
  field.append(name, group);
  return field;
}

/** Choose the count `node` shows in its group (the group's Tab stop follows it). */
export function choose(node) {
  for (const other of node.parentElement.children) {
    other.setAttribute("aria-checked", String(other === node));
    other.tabIndex = other === node ? 0 : -1;
  }
}

/** The count chosen in group `id` (in `root`). */
export function chosen(root, id) {
  return Number(root.querySelector(`#${id} [aria-checked="true"]`).dataset.bid);
}
