// Pass-and-play: several people share one device. Between two people's turns
// a "Pass to <name>" screen stands in for the table, and the next person's
// hand is drawn only once they confirm (the engine's take_device). The
// engine's view during a hand-over holds nobody's cards or hidden bids; this
// module makes sure the page keeps none either: what the last person saw (their
// hand, their bid, the coach's hint, feedback and review, what the screen
// reader was told) is removed from the page, not just hidden. Which person
// acts, and who may take back what, is the engine's decision (the view's
// pass_to and can_undo); every word comes from the catalogue.
import { $ } from "../lib/dom.js";
import { isolate, t } from "../lib/words.js";

// What the table drew for the person who held the device: emptied on a hand-over.
const PRIVATE = ["hand", "hand-note", "decision", "me-info", "prompt", "seats", "tally", "trick", "trump", "round-info",
  "log", "feedback", "hint-status", "hint-body", "hint-note", "action-error"];

/** Several people share this device. */
export function sharing(view) {
  return (view?.people?.length ?? 0) > 1;
}

/** Nobody holds the device: the next person has not taken it yet (or, after a reload, the bots play first). */
export function passing(view) {
  return sharing(view) && view.human === null && !view.over;
}

/**
 * The view the table draws. A finished game of several people that was reloaded has no
 * viewer: its table is drawn from the first person's seat (their hand is empty by then).
 */
export function tableView(view) {
  if (!sharing(view) || view.human !== null) return view;
  return { ...view, human: view.people[0], your_turn: false, hand: [], hand_hidden: false };
}

/** The dialogs' view: with several people at one device, "you" would be anybody, so they name everybody. */
export function dialogView(view) {
  return sharing(view) ? { ...view, human: null } : view;
}

export class PassScreen {
  #forget;
  #waiting = false; // the pass screen stands for the table now

  /**
   * @param game   game.js's Game (takeDevice, takeBack)
   * @param forget called on every hand-over: the coach and the review drop what they hold of the last person
   * @param onSetup the start page (the toolbar is hidden with the table)
   */
  constructor(game, { forget, onSetup }) {
    this.#forget = forget;
    $("pass-take").addEventListener("click", () => game.takeDevice());
    $("pass-take-back").addEventListener("click", () => game.takeBack());
    $("pass-to-setup").addEventListener("click", onSetup);
    // A dialog (the first-dealer draw, a round's summary) closed over the pass screen: back to its button.
    document.addEventListener("close", () => {
      if (this.#waiting && !$("pass").hidden) this.#focus();
    }, true);
  }

  /**
   * Before each drawing of the table: false while the device changes hands (the pass screen
   * shows instead, and the table keeps nothing of the last person); true when the table may be drawn.
   */
  draw(view) {
    const waiting = passing(view);
    if (waiting && !this.#waiting) this.#handOver();
    const shown = this.#waiting !== waiting;
    this.#waiting = waiting;
    if (waiting) this.#fill(view);
    this.place();
    if (waiting && shown) this.#focus();
    return !waiting;
  }

  /** The table is shown (app.js): the pass screen stands for it while the device changes hands. */
  show() {
    this.place();
    if (this.#waiting) this.#focus();
  }

  /** At the table: the pass screen or the table, whichever stands now. */
  place() {
    const atTable = !$("table").hidden || !$("pass").hidden;
    if (!atTable) return;
    const passFocused = $("pass").contains(document.activeElement);
    $("pass").hidden = !this.#waiting;
    $("table").hidden = this.#waiting;
    document.documentElement.dataset.screen = this.#waiting ? "pass" : "table";
    if (!this.#waiting && passFocused) document.activeElement.blur(); // the table's own focus keeping takes over
  }

  /** Away from the table (the start page, practice): the pass screen goes with it. */
  leave() {
    $("pass").hidden = true;
  }

  /** The device goes to another person: nothing the last one saw stays in the page. */
  #handOver() {
    for (const id of PRIVATE) $(id).replaceChildren();
    $("feedback").hidden = true;
    $("action-error").hidden = true;
    document.documentElement.dataset.yourTurn = "false"; // nobody's turn on this device until it is taken
    this.#forget();
  }

  #fill(view) {
    $("pass-round").textContent = t("round.of", { round: view.round, rounds: view.rounds });
    const next = view.pass_to;
    const take = $("pass-take");
    take.hidden = next === null;
    if (next === null) { // a reload while the bots play: the engine asks for the device when a person must act
      $("pass-title").textContent = t("pass.waiting_title");
      $("pass-text").textContent = t("pass.waiting");
    } else {
      const name = view.players[next].name;
      $("pass-title").textContent = t("pass.title", { name });
      $("pass-text").textContent = `${turnText(view.phase, name)} ${t("pass.privacy", { name })}`;
      take.textContent = t("pass.take", { name });
    }
    this.#fillTakeBack(view);
  }

  /** The person who just moved still holds the device: they may take it back (the engine says when: can_undo). */
  #fillTakeBack(view) {
    const last = view.last_action;
    const may = Boolean(view.can_undo && last && view.pass_to !== null);
    $("pass-undo").hidden = !may;
    if (!may) {
      if ($("pass-undo").contains(document.activeElement)) this.#focus();
      return;
    }
    const name = view.players[last.seat].name;
    const next = isolate(view.players[view.pass_to].name);
    $("pass-undo-text").textContent = t("pass.take_back_note", { name, next });
    $("pass-take-back").textContent = t("pass.take_back", { name });
  }

  #focus() {
    if (document.querySelector("dialog[open]")) return;
    const take = $("pass-take");
    (take.hidden ? $("pass-to-setup") : take).focus({ preventScroll: true });
  }
}

/** "Bob, it is your turn to bid." */
function turnText(phase, name) {
  if (phase === "trump") return t("pass.turn.trump", { name });
  if (phase === "bidding") return t("pass.turn.bidding", { name });
  if (phase === "playing") return t("pass.turn.playing", { name });
  return t("pass.turn.special", { name }); // a special card's step (S10-S13)
}
