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
