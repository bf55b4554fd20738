// Small helpers for the modules that draw: find by id, make an element.
// Text goes in with textContent only, never as HTML.
import { isolate } from "./words.js";

export const $ = (id) => document.getElementById(id);

const TEXT_FIELD = "textarea, [contenteditable]:not([contenteditable=false]), input:not([type]), "
  + "input:is([type=text], [type=search], [type=number], [type=email], [type=password], [type=tel], [type=url])";

/** Whether the keys typed at `target` are text (a text field): else the page's own keys work (a checkbox, a button). */
export function inTextField(target) {
  return Boolean(target?.closest?.(TEXT_FIELD));
}

/** An element with a class and a text. */
export function el(tag, className = "", text = null) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== null) node.textContent = text;
  return node;
}

/**
 * An element whose text the stylesheet draws (style.css: [data-drawn]): seen, but not in the
 * page's text. For marks on a control that are not its name (a card's second index, the coach's
 * figures on a card), since a control's name must hold all the text it shows (WCAG 2.5.3).
 */
export function drawnEl(tag, className, text) {
  const node = el(tag, className);
  node.dataset.drawn = text;
  return node;
}

/**
 * An element showing a player's name: isolated for the bidirectional
 * algorithm, cut with an ellipsis when too long to fit (CSS .player-name),
 * the full name in its tooltip.
 */
export function nameEl(tag, className, name) {
  const node = el(tag, `${className} player-name`.trim(), name);
  node.title = name;
  node.dir = "auto";
  return node;
}

/**
 * `text` (worded from the catalogue, the player's `name` isolated in it) as nodes, the name a
 * nameEl: a long name is cut with its ellipsis, never the words around it (nor split over lines).
 */
export function withNameEl(text, name) {
  const parts = name === undefined ? [text] : text.split(isolate(name));
  if (parts.length < 2) return [text];
  return [parts[0], nameEl("span", "", name), parts.slice(1).join(isolate(name))];
}

/** Arrow keys move the focus along the enabled buttons of `group` (round at the ends), Home and End to its ends. */
export function moveAlong(event, group) {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  const buttons = [...group.querySelectorAll("button:not([disabled])")];
  const edge = { Home: 0, End: buttons.length - 1 }[event.key];
  if ((step === undefined && edge === undefined) || buttons.length === 0) return;
  event.preventDefault();
  const index = buttons.indexOf(event.target);
  buttons[edge ?? (index + step + buttons.length) % buttons.length].focus();
}

/** A busy line, an indeterminate progress bar and its label, shown while the coach weighs. */
export function busyLine(label) {
  const line = el("p", "practice-wait");
  const progress = el("progress");
  progress.setAttribute("aria-label", label);
  line.append(progress, " ", label);
  return line;
}
