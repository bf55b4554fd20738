// The page's dialogs (native <dialog>: focus stays inside, Escape closes):
// filling them from a view, and opening them. Which dialog opens when is
// game.js's decision; show() resolves when the dialog is closed, so the game
// can wait for the person.
import { cardPicture } from "../lib/cards.js";
import { $, el, nameEl } from "../lib/dom.js";
import { fillFinal } from "./final.js";
import { drawRoundSummary } from "./pad.js";
import { dealsText } from "./table.js";
import { cardName, t } from "../lib/words.js";

const FILL = {
  draw: fillDraw,
  round: fillRoundSummary,
  final: fillFinal,
};

const BRIEF_MS = 5000; // how long a brief line stays (a click or a key dismisses it sooner)
export const AUTO_MS = 8000; // how long a round's summary stays when it closes by itself (long enough to read it)
const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock"]);

export class Dialogs {
  #briefTimer = 0;

  /**
   * The first-dealer draw shown briefly on the table (not a dialog to dismiss): the highest
   * card drawn and who deals, in the empty trick's place, which covers no seat and no card
   * (table.css hides it once cards are played). The whole draw is the dialog's, a setting (game.js).
   */
  brief(view) {
    const box = $("draw-brief");
    const card = view.draws.at(-1).find((draw) => draw.seat === view.first_dealer).card;
    box.replaceChildren(
      cardPicture(card, view.theme, cardName(card, view.theme)),
      el("strong", "draw-brief-title", t("draw.title")),
      el("span", "draw-brief-result", t("draw.result", { deals: dealsText(view, view.first_dealer) })),
    );
    box.hidden = false;
    clearTimeout(this.#briefTimer);
    // It goes after a while, or at the person's first key or click.
    const hide = () => {
      box.hidden = true;
      document.removeEventListener("keydown", hide);
      document.removeEventListener("pointerdown", hide);
    };
    this.#briefTimer = setTimeout(hide, BRIEF_MS);
    document.addEventListener("keydown", hide);
    document.addEventListener("pointerdown", hide);
  }

  /**
   * Fill the game's dialog `name` ("draw", "round", "final") from `view` and open it; resolves when closed.
   * With `autoMs` (a round's summary), it closes by itself after that long (countdown()).
   */
  show(name, view, autoMs = 0) {
    FILL[name](view);
    const closed = this.open(`${name}-dialog`);
    const line = $(`${name}-auto`);
    if (line) line.hidden = !(autoMs > 0);
    if (autoMs > 0) countdown($(`${name}-dialog`), line, autoMs);
    return closed;
  }

  /** Open the dialog with this id; resolves when it is closed. */
  open(id) {
    const dialog = $(id);
    $("draw-brief").hidden = true;
    const closed = new Promise((resolve) => dialog.addEventListener("close", () => resolve(), { once: true }));
    if (!dialog.open) {
      dialog.showModal();
      // Focus is on its first button, near the foot: on a short screen its start (the title,
      // the winners) is what must show first.
      dialog.scrollTop = 0;
    }
    return closed;
  }

  close(id) {
    const dialog = $(id);
    if (dialog.open) dialog.close();
  }

  closeAll() {
    for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
    $("draw-brief").hidden = true;
  }
}

/**
 * Close `dialog` by itself after `ms`, the time left shown in `line` (words and a shrinking bar).
 * The person always comes first: a pointer over the dialog holds the count (they are reading);
 * Tab or a click inside stops it (they are using it: it stays until they close it); any other
 * key, or a click beside it, closes it at once.
 */
function countdown(dialog, line, ms) {
  const text = line.querySelector(".auto-text");
  const bar = line.querySelector(".auto-bar");
  let left = ms;
  let since = 0;
  let timer = 0;
  let ticker = 0;
  let stopped = false;
  let closed = false;
  const show = () => {
    const now = since ? left - (performance.now() - since) : left;
    const seconds = Math.max(1, Math.ceil(now / 1000));
    text.textContent = stopped ? t("summary.auto_stopped") : t("summary.auto", { seconds });
  };
  const run = () => {
    if (stopped || closed || since) return;
    since = performance.now();
    timer = setTimeout(() => dialog.close(), left);
    ticker = setInterval(show, 250);
    bar.style.transitionDuration = `${left}ms`;
    bar.style.transform = "scaleX(0)";
  };
  const hold = () => {
    if (!since) return;
    left -= performance.now() - since;
    since = 0;
    clearTimeout(timer);
    clearInterval(ticker);
    bar.style.transitionDuration = "0ms";
    bar.style.transform = `scaleX(${Math.max(0, left / ms)})`;
    show();
  };
  const stop = () => {
    hold();
    stopped = true;
    line.dataset.stopped = "true";
    show();
  };
  const onKey = (event) => {
    if (stopped || MODIFIERS.has(event.key)) return;
    if (event.key === "Tab") return stop();
    event.preventDefault(); // (Enter on the focused button would close it too; no key does anything else)
    dialog.close();
  };
  const onPointer = (event) => {
    if (stopped) return;
    if (isBeside(dialog, event)) dialog.close();
    else stop();
  };
  // (A modal dialog's backdrop is the dialog too, for events: only its box holds the count.)
  const onMove = (event) => (isBeside(dialog, event) ? run() : hold());
  const listeners = { keydown: onKey, pointerdown: onPointer, pointermove: onMove, pointerleave: run };
  for (const [type, listener] of Object.entries(listeners)) dialog.addEventListener(type, listener);
  dialog.addEventListener("close", () => {
    hold();
    closed = true;
    for (const [type, listener] of Object.entries(listeners)) dialog.removeEventListener(type, listener);
  }, { once: true });
  delete line.dataset.stopped;
  bar.style.transitionDuration = "0ms";
  bar.style.transform = "scaleX(1)";
  show();
  requestAnimationFrame(run); // (the full bar is drawn before it starts to shrink)
}

/** Whether a pointer event fell beside the dialog's box (on the backdrop of a modal dialog). */
function isBeside(dialog, event) {
  const box = dialog.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}

/** A row of cards with the players' names, the winner's marked. */
function cardRow(view, plays, winner) {
  const list = el("ul", "draw");
  for (const { seat, card } of plays) {
    const item = el("li", "draw-card");
    if (seat === winner) item.classList.add("won");
    const picture = cardPicture(card, view.theme, cardName(card, view.theme));
    item.append(picture, nameEl("span", "play-name", view.players[seat].name));
    list.append(item);
  }
  return list;
}

/** The first-dealer draw (rule R6), shown when a game starts. */
function fillDraw(view) {
  const box = $("draw-rounds");
  box.replaceChildren();
  view.draws.forEach((draw, i) => {
    if (i > 0) box.append(el("p", "draw-again", t("draw.again")));
    box.append(cardRow(view, draw, i === view.draws.length - 1 ? view.first_dealer : null));
  });
  $("draw-result").textContent = t("draw.result", { deals: dealsText(view, view.first_dealer) });
}

/** What happened in the round just scored. */
function fillRoundSummary(view) {
  const round = view.score_pad.length;
  $("round-title").textContent = t("summary.title", { round, rounds: view.rounds });
  const last = $("round-last-trick");
  last.replaceChildren();
  if (view.last_trick) {
    const winner = view.last_trick.winner;
    const name = view.players[winner].name;
    const took = winner === view.human ? t("summary.took_last_you") : t("summary.took_last", { name });
    last.append(el("p", "", took));
    last.append(cardRow(view, view.last_trick.plays, view.last_trick.winner));
  }
  drawRoundSummary(view, round);
  $("round-next").textContent = t("summary.next", { round: round + 1 });
}
