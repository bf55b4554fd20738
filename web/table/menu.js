// The table's toolbar on a phone: the essential buttons in one row and a
// "More" button that opens the rest (a disclosure: aria-expanded on the
// button, the panel after it in the tab order). Escape or a click outside
// closes it; Escape gives the focus back to the button. On a wide screen the
// More button is hidden by CSS and the rest stays in the row.
import { $ } from "../lib/dom.js";

export function bindToolbarMenu() {
  const button = $("more-button");
  const panel = $("toolbar-more");
  const setOpen = (open) => {
    button.setAttribute("aria-expanded", String(open));
    panel.classList.toggle("open", open);
  };
  button.addEventListener("click", () => {
    const open = button.getAttribute("aria-expanded") !== "true";
    setOpen(open);
    if (open) panel.querySelector("button:not([disabled]), select, input")?.focus();
  });
  panel.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !panel.classList.contains("open")) return;
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
    button.focus();
  });
  document.addEventListener("click", (event) => {
    if (!panel.classList.contains("open") || panel.contains(event.target) || button.contains(event.target)) return;
    setOpen(false);
  });
  // A command chosen in the menu (a button) closes it; settings (selects, boxes) keep it open.
  panel.addEventListener("click", (event) => {
    if (event.target.closest("button")) setOpen(false);
  });
}
