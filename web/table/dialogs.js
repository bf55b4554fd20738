// The page's dialogs (native <dialog>: focus stays inside, Escape closes):
// filling them from a view, and opening them. Which dialog opens when is
// game.js's decision; show() resolves when the dialog is closed, so the game
// can wait for the person.
import { cardPicture } from "../lib/cards.js";
import { $, el, nameEl } from "../lib/dom.js";
import { fillFinal } from "./final.js";
import { drawRoundSummary } from "./pad.js";
import { RoundStrip } from "./strip.js";
import { dealsText } from "./table.js";
import { cardName, t } from "../lib/words.js";

const FILL = {
  draw: fillDraw,
  round: fillRoundSummary,
  final: fillFinal,
};

const BRIEF_MS = 5000; // how long a brief line stays (a click or a key dismisses it sooner)

export class Dialogs {
  #briefTimer = 0;
  // A round's result on the table; its "Full summary" opens the round's dialog.
  #strip = new RoundStrip((view) => {
    fillRoundSummary(view, true);
    return this.open("round-dialog");
  });

  /**
   * The first-dealer draw shown briefly on the table (not a dialog to dismiss): the highest
   * card drawn and who deals, in the empty trick's place, which covers no seat and no card
   * (dialogs.css hides it once cards are played). The whole draw is the dialog's, a setting (game.js).
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
   * Fill the game's dialog `name` ("draw", "round", "final") from `view` and open it; resolves when
   * closed. "strip": the round's result on the table instead, for `ms` (null: until "Next round").
   */
  show(name, view, ms = null) {
    if (name === "strip") return this.#strip.show(view, ms);
    FILL[name](view);
    return this.open(`${name}-dialog`);
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
    this.#strip.close();
    $("draw-brief").hidden = true;
  }
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

/** What happened in the round just scored (`fromStrip`: opened over the table, which goes on after). */
function fillRoundSummary(view, fromStrip = false) {
  const round = view.score_pad.length;
  $("round-title").textContent = t("summary.title", { round, rounds: view.rounds });
  const last = $("round-last-trick");
  last.replaceChildren();
  if (view.last_trick) {
    const winner = view.last_trick.winner;
    const name = view.players[winner]?.name;
    const took = winner === null ? t("trick.bombed_last")
      : winner === view.human ? t("summary.took_last_you") : t("summary.took_last", { name });
    last.append(el("p", "", took));
    last.append(cardRow(view, view.last_trick.plays, view.last_trick.winner));
  }
  drawRoundSummary(view, round);
  $("round-next").textContent = fromStrip ? t("summary.back") : t("summary.next", { round: round + 1 });
}
