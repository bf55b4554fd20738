// Your turn kept within reach after each redraw: scrolled into view once a turn, and the
// keyboard's focus put where you can act (out of table.js: where the page stands, not what it draws).
import { $ } from "../lib/dom.js";

let shownTurn = ""; // the turn last scrolled into view
let openTurn = ""; // the turn the person has still to take ("" when it is not theirs)
let scrolledTo = null; // where the page stood after that scroll

/**
 * At the start of each of your turns, the trick and your hand both in view if the screen
 * holds them (a phone docks your hand at the bottom: the trick must stand above it), so you
 * never scroll between them. Only once a turn: the person may scroll away meanwhile.
 */
export function keepInView(view) {
  const turn = `${view.round}:${view.phase}:${view.tricks.length}:${view.trick.plays.length}`;
  openTurn = view.your_turn && !view.over ? turn : "";
  if (!openTurn || turn === shownTurn) return;
  shownTurn = turn;
  scrolledTo = null;
  // Once the browser has laid the table out (a table just shown arranges the hand as it gets its width).
  requestAnimationFrame(() => setTimeout(() => scrollToTurn(turn)));
}

// Your area grows during your turn when the coach's feedback on your last move arrives: the
// hand it pushes down is brought back into view, unless the person has scrolled meanwhile.
// (In the next frame, as the table's other observers do: a browser may report "ResizeObserver loop
// completed with undelivered notifications" for layout work inside the callback. It was seen once
// in Firefox or WebKit on a German six-player table, and this was the one observer that worked
// inside its callback.)
new ResizeObserver(() => requestAnimationFrame(() => {
  if (openTurn && openTurn === shownTurn && scrolledTo === scrollY) scrollToTurn(openTurn);
})).observe($("me"));

function scrollToTurn(turn) {
  if (turn !== shownTurn || $("table").hidden || document.querySelector("dialog[open]")) return;
  const felt = document.querySelector(".trick-felt").getBoundingClientRect();
  const trump = $("trump").getBoundingClientRect(); // beside the trick on a wide screen
  const tally = $("tally").getBoundingClientRect(); // the bids against the tricks, under the trick (0 when empty)
  const me = $("me");
  const docked = getComputedStyle(me).position === "fixed";
  const bottom = docked ? me.getBoundingClientRect().top : innerHeight;
  const end = docked ? Math.max(felt.bottom, trump.bottom, tally.bottom) : $("hand").getBoundingClientRect().bottom;
  const top = $("trick-title").getBoundingClientRect().top - 4;
  // Down until what must be seen ends above the bottom, but never past the trick's top.
  const down = Math.min(end - bottom + 8, top);
  if (down > 0) scrollBy({ top: down, behavior: "instant" });
  else if (top < 0) scrollBy({ top, behavior: "instant" });
  scrolledTo = scrollY;
}

/** After a redraw, keep keyboard users where they can act. */
export function keepFocus(view) {
  if (document.querySelector("dialog[open]")) return;
  const active = document.activeElement;
  if (active && active !== document.body && document.contains(active)) return;
  if (!view.your_turn) return;
  const target = document.querySelector(
    "#decision button:not([disabled]):not([tabindex='-1']), #hand button:not([disabled]):not([tabindex='-1'])");
  target?.focus({ preventScroll: true });
}
