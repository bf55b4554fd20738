// The cards already played this round, by suit (for beginners; experts count
// themselves): an optional drawer over the table, off by default, switched by a
// toolbar box that the settings remember. Cards are small faces of the theme
// chosen, so suits carry the theme's names and colours.
import { cardFace } from "../lib/cards.js";
import { $, el } from "../lib/dom.js";
import { cardName, suitName, t } from "../lib/words.js";
import { JESTER, SPECIAL, SUITS, WIZARD, kindOf, rankNumber } from "../lib/notation.js";

const GROUPS = [WIZARD, ...SUITS, JESTER]; // the Wizards, the four suits, the Jesters

let shown = false;

/** Wire the toolbar's box: `on` from the settings; `remember({played})` keeps a change; `redraw()` draws it. */
export function bindPlayed(on, remember, redraw) {
  shown = Boolean(on);
  const box = $("played-toggle");
  box.checked = shown;
  box.addEventListener("change", () => {
    shown = box.checked;
    remember({ played: shown });
    redraw();
  });
  // The drawer's ✕: the same as unticking the box.
  $("played-close").addEventListener("click", () => {
    box.checked = false;
    box.dispatchEvent(new Event("change"));
  });
  for (const event of ["resize", "scroll"]) addEventListener(event, placeDrawer, { passive: true });
  if (typeof ResizeObserver !== "undefined") {
    // The hint opened, closed, filled; the table or your part grown. Placed at the next frame: set
    // within the observer's callback, the drawer's properties could resize what it observes in the
    // same frame (WebKit reported "ResizeObserver loop completed with undelivered notifications").
    const watch = new ResizeObserver(() => requestAnimationFrame(placeDrawer));
    for (const id of ["hint-panel", "me", "table"]) watch.observe($(id));
  }
}

/**
 * The drawer hangs below the toolbar's buttons, which stay in front (Hint, Take back, the menu
 * with the box that closes it: over them, it hid its own title and ✕ under them), and ends above
 * your part of the table (#me: your hand). The coach's hint on a wide screen hangs below the
 * buttons too, and the drawer below it while both are open. #table's --side-top, --drawer-top
 * and --drawer-bottom say where (fit.css, coach.css).
 */
function placeDrawer() {
  const table = $("table");
  if (table.hidden) return;
  const top = Math.max(0, Math.round(document.querySelector(".toolbar-buttons").getBoundingClientRect().bottom + 4));
  const hint = $("hint-panel");
  const besideHint = !hint.hidden && getComputedStyle(hint).position === "fixed"; // the hint in the side column
  const mine = $("me").getBoundingClientRect().top;
  table.style.setProperty("--side-top", `${top}px`);
  const drawerTop = besideHint ? Math.round(hint.getBoundingClientRect().bottom + 6) : top;
  const drawerBottom = Math.max(0, Math.round(document.documentElement.clientHeight - mine + 4));
  table.style.setProperty("--drawer-top", `${drawerTop}px`);
  table.style.setProperty("--drawer-bottom", `${drawerBottom}px`);
}

/** The panel for `view`: this round's finished tricks and the trick on the table. */
export function drawPlayed(view) {
  const panel = $("played");
  panel.hidden = !shown || view.over;
  requestAnimationFrame(placeDrawer); // once the table is laid out
  if (panel.hidden) return;
  const cards = [...view.tricks, view.trick].flatMap((trick) => trick.plays.map((play) => play.card));
  panel.dataset.theme = view.theme;
  const list = $("played-suits");
  list.replaceChildren();
  const groups = view.specials ? [...GROUPS, SPECIAL] : GROUPS;
  for (const group of groups) list.append(suitRow(view, group, cards.filter((card) => kindOf(card) === group)));
}

function groupName(group, theme) {
  if (group === WIZARD) return t("played.wizards");
  if (group === JESTER) return t("played.jesters");
  if (group === SPECIAL) return t("played.specials");
  return suitName(group, theme);
}

/** One suit: its name, how many of it were played, and those cards from low to high. */
function suitRow(view, group, cards) {
  const row = el("div", `played-row played-${group}`);
  row.dataset.suit = group;
  const name = el("span", `played-name suit-text-${group}`, groupName(group, view.theme));
  row.append(name, el("span", "played-count", t("played.count", { count: cards.length })));
  const list = el("ul", "played-cards");
  list.setAttribute("aria-label", groupName(group, view.theme));
  cards.sort((a, b) => rankNumber(a) - rankNumber(b));
  for (const card of cards) {
    const item = el("li", "played-card");
    item.dataset.played = card; // (not data-card: that hook is the table's, for motion.js)
    item.setAttribute("role", "img");
    item.setAttribute("aria-label", cardName(card, view.theme));
    item.append(cardFace(card, view.theme));
    list.append(item);
  }
  if (cards.length === 0) list.append(el("li", "played-none", t("played.none")));
  row.append(list);
  return row;
}
