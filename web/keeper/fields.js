// The score keeper's small form parts: a button that names its action, a number field,
// and what a number field holds.
import { el } from "../lib/dom.js";

/** A button whose action (data-keeper) the keeper's click handler reads. */
export function button(text, action, className = "") {
  const node = el("button", className, text);
  node.type = "button";
  node.dataset.keeper = action;
  return node;
}

/** A labelled number field for a count from 0 to `max`. */
export function numberField(id, label, max, value = "", placeholder = "") {
  const field = el("label", "field keeper-number");
  const input = el("input");
  Object.assign(input, {
    id, type: "number", min: "0", max: String(max), step: "1", inputMode: "numeric", value: String(value), placeholder,
  });
  input.required = true;
  field.append(el("span", "", label), input);
  return field;
}

/** The number typed in `input` (an empty field of tricks is 0, as on paper), or the text itself
 * when it is no whole number (the engine says why). */
export function typed(input) {
  const text = input.value.trim() || input.placeholder;
  return /^\d+$/.test(text) ? Number(text) : text;
}
