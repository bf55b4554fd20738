// Two small helpers for the modules that draw: find by id, make an element.
// Text goes in with textContent only, never as HTML.

export const $ = (id) => document.getElementById(id);

/** An element with a class and a text. */
export function el(tag, className = "", text = null) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== null) node.textContent = text;
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

/** A busy line, an indeterminate progress bar and its label, shown while the coach weighs. */
export function busyLine(label) {
  const line = el("p", "practice-wait");
  const progress = el("progress");
  progress.setAttribute("aria-label", label);
  line.append(progress, " ", label);
  return line;
}
