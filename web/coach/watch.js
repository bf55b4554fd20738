// Watch mode: bots alone at the table, every hand face up (the view's
// open_hands, drawn by table.js). This module owns the watch bar: play/pause
// and one step (game.js's setPaused/step), the keys for them (Space, Right
// arrow), and the coach's comments on the bots' notable decisions: after a
// bot's decision the coach rates it from the save before it (one rating at a
// time: decisions made meanwhile are not rated), and a costly or bold one is
// said in a short polite log.
import { $, el } from "../lib/dom.js";
import { actionName, chanceText, decimalText, t } from "../lib/words.js";

const KEPT = 4; // comments kept in the log

export class WatchMode {
  #watching = false;
  #before = null; // {id, moves, save} of the position shown before the latest move
  #rating = false; // a rating is on its way: the next decisions are not rated

  /** @param game game.js's Game; @param startCoach engine.js's startCoach (its worker boots when bots are watched) */
  constructor(game, startCoach) {
    this.game = game;
    this.startCoach = startCoach;
    $("watch-play").addEventListener("click", () => this.toggle());
    $("watch-step").addEventListener("click", () => this.step());
    document.addEventListener("keydown", (event) => this.#key(event));
  }

  toggle() {
    this.game.setPaused(!this.game.paused);
    this.#syncButtons();
  }

  step() {
    if (!this.game.paused) this.game.setPaused(true);
    this.#syncButtons();
    this.game.step();
  }

  /** After each draw of the table: show the bar when no person plays, and rate the move just made. */
  draw(view) {
    this.#watching = Boolean(view.open_hands); // no person at the table
    $("watch-bar").hidden = !this.#watching;
    document.documentElement.dataset.watch = String(this.#watching);
    const before = this.#before;
    const game = view.game ?? { id: null, moves: 0 };
    this.#before = { id: game.id, moves: game.moves, save: this.game.lastSave };
    if (!this.#watching) return;
    this.startCoach(); // booting now, it is ready for the comments and the review
    this.#syncButtons();
    if (!before || before.id !== game.id) {
      $("watch-comments").replaceChildren(); // another game
      return;
    }
    const last = view.last_action;
    if (game.moves === before.moves + 1 && last && !last.action.includes("?")) this.#rate(before.save, last, view);
  }

  #syncButtons() {
    const paused = this.game.paused;
    const play = $("watch-play");
    play.textContent = paused ? t("watch.play") : t("watch.pause");
    play.setAttribute("aria-pressed", String(!paused));
    document.documentElement.dataset.watchPaused = String(paused);
    $("watch-step").disabled = !paused;
  }

  /** Ask the coach about a bot's decision (unless it is still weighing the previous one). */
  async #rate(save, last, view) {
    if (this.#rating || !save) return;
    this.#rating = true;
    try {
      const { rating } = await this.startCoach().call("rate", { save, seat: last.seat, choice: last.action });
      if (rating.notable) this.#comment(rating, view.players[last.seat].name, view.theme);
    } catch {
      // The coach could not weigh it (still booting, or it failed): Watch mode goes on without a comment.
    } finally {
      this.#rating = false;
    }
  }

  #comment(rating, name, theme) {
    const choice = actionName(rating.choice, theme);
    let text;
    if (rating.notable === "costly") {
      const best = actionName(rating.best, theme);
      text = t("watch.costly", { name, choice, lost: decimalText(rating.points_lost), best });
    } else {
      const made = rating.options.find((o) => o.option === rating.choice)?.make ?? 0;
      text = t("watch.bold", { name, choice, chance: chanceText(made) });
    }
    const list = $("watch-comments");
    const item = el("li", `watch-comment notable-${rating.notable}`, text);
    list.append(item);
    while (list.children.length > KEPT) list.firstElementChild.remove();
  }

  /** Space plays or pauses, the Right arrow steps: at the table, no dialog open, not in a field. */
  #key(event) {
    if (!this.#watching || $("table").hidden || document.querySelector("dialog[open]")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest("select, input, textarea")) return; // their own keys
    if (event.key === " " && !event.target.closest("button, summary, a")) { // Space on a button clicks it
      event.preventDefault();
      this.toggle();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      this.step();
    }
  }
}
