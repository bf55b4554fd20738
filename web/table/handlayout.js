// How your hand lies: one row of cards when they fit; else overlapping (every
// card keeps a strip of at least MIN_STEP px to tap or click), in as many rows
// as that takes (a phone's 20-card hand: three rows of seven). Measured from
// the drawn cards and the hand's width, again whenever the width changes. How
// much of a card a lower row leaves visible is the stylesheet's (table.css:
// data-rows), which gives the coach's figure room there while a hint is open.

const GAP = 6; // px between cards that do not overlap
// px of each card left uncovered: a finger's target (a strip the card's height tall; 40, not 44,
// lays a 20-card hand in one row on a phone turned sideways, where two rows would not fit)
const MIN_STEP = 40;
const MAX_ROWS = 4;

const watched = new WeakSet();

/** Lay out the cards of `box` (#hand), and again when its width changes. */
export function layoutHand(box) {
  arrange(box);
  watchDock();
  if (watched.has(box) || typeof ResizeObserver === "undefined") return;
  watched.add(box);
  let width = box.clientWidth;
  // Arranged in the next frame: arranging changes the hand's height, and so the size of #me
  // around it, which other observers watch; a size changed inside an observer's callback for
  // an element nearer the root is delivered late, which WebKit reports as an error.
  new ResizeObserver(() => requestAnimationFrame(() => {
    if (box.clientWidth === width) return;
    width = box.clientWidth;
    arrange(box);
  })).observe(box);
}

function arrange(box) {
  const cards = box.querySelectorAll(".hand-card");
  const face = cards[0]?.querySelector(".card");
  const style = box.style;
  if (!face) {
    style.removeProperty("grid-template-columns");
    delete box.dataset.rows;
    box.classList.remove("overlap");
    return;
  }
  if (face.offsetWidth === 0) return; // not shown yet: arranged when it gets its width
  const count = cards.length;
  const w = face.offsetWidth;
  const room = box.clientWidth - 2; // (a focus ring's room at the edges)
  // (table.css may leave less uncovered: --hand-min-step)
  const least = Number(getComputedStyle(box).getPropertyValue("--hand-min-step")) || MIN_STEP;
  let rows = 1;
  let cols = count;
  let step = w + GAP;
  if (count * w + (count - 1) * GAP > room) {
    for (rows = 1; rows <= MAX_ROWS; rows++) {
      cols = Math.ceil(count / rows);
      step = cols > 1 ? (room - w) / (cols - 1) : w;
      if (step >= least) break;
    }
    rows = Math.min(rows, MAX_ROWS);
    step = Math.floor(Math.min(step, w + GAP));
  }
  style.setProperty("grid-template-columns", cols > 1 ? `repeat(${cols - 1}, ${step}px) ${w}px` : `${w}px`);
  box.dataset.rows = String(rows);
  // Cards overlap side by side, or a lower row covers part of the one above: either way no
  // figure fits under each card (hint.js), and one card must not show through another.
  box.classList.toggle("overlap", step < w || rows > 1);
}

let docked = false;

/**
 * On a phone your part of the table (#me) is docked at the bottom of the screen (table.css):
 * the table keeps room for it below (--dock-h), so nothing hides behind it.
 */
function watchDock() {
  if (docked || typeof ResizeObserver === "undefined") return;
  docked = true;
  const me = document.getElementById("me");
  const table = document.getElementById("table");
  // Set in the next frame: setting it resizes #table, which other observers watch (played.js), and a
  // resize made inside an observer's callback is delivered late, which WebKit reports as an error.
  new ResizeObserver(() => requestAnimationFrame(() => table.style.setProperty("--dock-h", `${me.offsetHeight}px`)))
    .observe(me);
}
