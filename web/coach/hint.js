// The coach at the table: the Hint panel (the options of the person's decision,
// best first, with expected points and the chance to make the bid; the
// coach's pick marked), the same figures on the bid buttons, suits and cards
// while it is open, the feedback line after each of the person's moves (a
// setting, on by default), and the players' chances to win, beside each seat
// and in the score pad. The figures come from coach.js; nothing here decides
// a rule of Wizard, and every word comes from the catalogue.
import { $, drawnEl, el, inTextField } from "../lib/dom.js";
import {
  actionName, cardName, chanceText, decimalText, errorReason, expectedText, suitName, t,
} from "../lib/words.js";
import { turnKey } from "./coach.js";

export class CoachView {
  #coach;
  #tableChances;
  #game;
  #remember;
  #open = false;
  #rating = null; // the rating in the feedback line (worded again in another language)
  #opened = 0; // performance.now() when the panel was opened: how long the hint took

  /**
   * @param coach    coach.js's CoachClient
   * @param game     game.js's Game (its view and theme)
   * @param settings the player's settings ({feedback: false} when switched off)
   * @param remember saves changed settings (app.js's, through store.js)
   * @param tableChances the table's drawing of the chances, {drawChances(view, line, finished), drawPad(view, lines)}
   */
  constructor(coach, game, settings, remember, tableChances) {
    this.#tableChances = tableChances;
    this.#coach = coach;
    this.#game = game;
    this.#remember = remember;
    this.#bind();
    this.#setFeedback(settings.feedback !== false);
  }

  #bind() {
    $("hint-button").addEventListener("click", () => (this.#open ? this.close() : this.open()));
    $("hint-close").addEventListener("click", () => this.close({ focusButton: true }));
    $("feedback-toggle").addEventListener("change", (event) => {
      this.#setFeedback(event.target.checked);
      this.#remember({ feedback: event.target.checked });
    });
    document.addEventListener("keydown", (event) => this.#key(event));
    this.#coach.addEventListener("advice", (event) => {
      if (this.#open && event.detail.key === this.#coach.turn?.key) this.#fill(event.detail);
    });
    this.#coach.addEventListener("turn", () => {
      $("hint-button").disabled = !this.#yourTurn();
    });
    this.#coach.addEventListener("moved", () => this.#showFeedback(null));
    this.#coach.addEventListener("rating", (event) => this.#showFeedback(event.detail));
    this.#coach.addEventListener("chances", () => {
      const view = this.#game.view;
      if (!view) return;
      this.#drawChances(view);
      this.#tableChances.drawPad(view, this.#coach.chanceLines(view));
    });
  }

  /** "h" toggles the hint on the person's turn; Escape closes it (a modal dialog's Escape is its own). */
  #key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    if (document.querySelector("dialog[open]") || $("table").hidden) return;
    if (event.key === "Escape" && this.#open) {
      event.preventDefault();
      this.close({ focusButton: $("hint-panel").contains(document.activeElement) });
    } else if ((event.key === "h" || event.key === "H") && !inTextField(event.target)) {
      if (!this.#yourTurn()) return;
      event.preventDefault();
      if (this.#open) this.close();
      else this.open();
    }
  }

  #yourTurn() {
    const view = this.#game.view;
    return Boolean(view?.your_turn && !view.over && !this.#game.holding && this.#coach.turn?.key === turnKey(view));
  }

  /** Open the hint: filled at once when the prefetched advice is in, else "thinking…" until it is. */
  open() {
    if (!this.#yourTurn()) return;
    this.#open = true;
    this.#opened = performance.now();
    const panel = $("hint-panel");
    panel.hidden = false;
    panel.removeAttribute("data-hint-ms");
    $("hint-button").setAttribute("aria-expanded", "true");
    const entry = this.#coach.current();
    if (entry.advice) this.#fill(entry);
    else this.#thinking();
    panel.focus({ preventScroll: true });
    panel.scrollIntoView({ block: "nearest" });
  }

  /** Close the hint (Escape, its close button, the Hint button, or the turn moved on). */
  close({ focusButton = false } = {}) {
    if (!this.#open) return;
    this.#open = false;
    $("hint-panel").hidden = true;
    $("hint-button").setAttribute("aria-expanded", "false");
    this.#figures(null);
    if (focusButton) $("hint-button").focus();
  }

  /** After each drawing of the table: the button, the panel (closed when the turn is over), figures, chances. */
  draw(view) {
    const yours = this.#yourTurn();
    $("hint-button").disabled = !yours;
    if (this.#open && !yours) this.close();
    const entry = this.#open ? this.#coach.current() : null;
    if (entry?.advice) this.#fill(entry); // the table was drawn anew (its buttons, maybe the theme's names)
    this.#drawChances(view);
  }

  #thinking() {
    const panel = $("hint-panel");
    panel.dataset.state = "thinking";
    $("hint-status").textContent = t("hint.thinking");
    $("hint-progress").hidden = false;
    $("hint-body").replaceChildren();
    $("hint-note").textContent = "";
  }

  /** The options as a table, best first; the pick marked; the same figures on the buttons. */
  #fill(entry) {
    const panel = $("hint-panel");
    $("hint-progress").hidden = true;
    const body = $("hint-body");
    body.replaceChildren();
    $("hint-note").textContent = "";
    if (entry.error) {
      panel.dataset.state = "error";
      // The engine's reason when it refused; else the coach's worker failed or stopped answering.
      const error = entry.error;
      $("hint-status").textContent = error.reason
        ? t("hint.unavailable", { reason: errorReason(error, this.#game.view) })
        : t("hint.no_coach");
      return;
    }
    const advice = entry.advice;
    const waited = panel.dataset.state === "thinking";
    panel.dataset.state = "ready";
    panel.dataset.hintMs ??= String(Math.round(performance.now() - this.#opened));
    panel.dataset.adviceMs = String(Math.round(entry.answered - entry.asked)); // the coach's time from the turn's start
    const pick = this.#optionName(advice.pick);
    $("hint-status").textContent = t(advice.forced ? "hint.only" : "hint.ready", { pick });
    body.append(this.#table(advice));
    $("hint-note").textContent = t("hint.deals", { count: advice.deals });
    this.#figures(advice);
    if (waited) panel.scrollIntoView({ block: "nearest" }); // it grew: the whole of it in view (a phone)
  }

  #table(advice) {
    const table = el("table", "hint-table");
    table.append(el("caption", "visually-hidden", captionText(advice.phase)));
    const head = table.createTHead().insertRow();
    const make = advice.phase === "bidding" ? t("hint.make_bid") : t("hint.make");
    for (const words of [t("hint.option"), t("hint.points"), make]) {
      const th = el("th", "", words);
      th.scope = "col";
      head.append(th);
    }
    const rows = table.createTBody();
    for (const option of advice.options) {
      const tr = rows.insertRow();
      tr.dataset.option = option.option;
      const name = el("th");
      name.append(el("span", "hint-option-name", this.#optionName(option.option)));
      name.scope = "row";
      if (picked(advice, option)) {
        tr.classList.add("hint-pick");
        name.append(el("span", "hint-pick-mark", t("hint.pick")));
      } else if (option.equal && !advice.forced) {
        // Within half a point of the best: the coach cannot tell them apart.
        tr.classList.add("hint-equal");
        name.append(el("span", "hint-equal-mark", t("hint.equal")));
      }
      const points = el("td", "hint-points", expectedText(option.points));
      tr.append(name, points, el("td", "hint-make", chanceText(option.make)));
    }
    return table;
  }

  /** "Bid 2", "7 of hearts", "Hearts": an option of the advice in the theme's words. */
  #optionName(option) {
    const [verb, arg, how] = option.split(" ");
    const theme = this.#game.view?.theme;
    if (verb === "bid") return t("hint.option.bid", { bid: arg });
    if (verb === "trump") return suitName(arg, theme);
    if (verb === "play" && how === undefined) return cardName(arg, theme);
    return actionName(option, theme); // a special card's choice: "play Juggler as hearts", "pass 7 of clubs"
  }

  /** Each bid button, suit and playable card shows its points and percentage while the hint is open. */
  #figures(advice) {
    for (const old of document.querySelectorAll("#table .hint-figure")) old.remove();
    for (const old of document.querySelectorAll("#table .hint-picked")) old.classList.remove("hint-picked");
    if (!advice) return;
    for (const option of advice.options) {
      // Every button of the option (a hand may hold two Wizards, or two Jesters)
      const action = `[data-action="${option.option}"]`;
      for (const button of document.querySelectorAll(`#decision ${action}, #hand ${action}`)) {
        // "+12.4 · 93%": on a small screen the two figures stand one above the other (style.css).
        // Drawn, not text: the card's name holds what the card shows, not the coach's figures on it.
        const figure = el("span", "hint-figure");
        figure.append(drawnEl("span", "", expectedText(option.points)), drawnEl("span", "hint-figure-sep", " · "),
          drawnEl("span", "", chanceText(option.make)));
        figure.setAttribute("aria-hidden", "true"); // the panel's table says it to a screen reader
        button.append(figure);
        button.classList.toggle("hint-picked", picked(advice, option));
      }
    }
  }

  #setFeedback(on) {
    $("feedback-toggle").checked = on;
    this.#coach.feedbackWanted = on;
    if (!on) this.#showFeedback(null);
  }

  /** The feedback line in the language just chosen. */
  reword() {
    this.#showFeedback(this.#rating);
  }

  /** The newest rating replaces the last; a new move clears it until its own arrives. */
  #showFeedback(rating) {
    this.#rating = rating;
    const line = $("feedback");
    line.replaceChildren();
    // (a move without another choice gets no word)
    line.hidden = !rating || rating.verdict === "forced" || !this.#coach.feedbackWanted;
    delete line.dataset.verdict;
    if (line.hidden) return;
    line.dataset.verdict = rating.verdict;
    line.append(el("strong", "feedback-verdict", verdictWord(rating.verdict)), " ", this.#ratingText(rating));
  }

  #ratingText(rating) {
    const choice = this.#optionName(rating.choice);
    const best = this.#optionName(rating.best);
    const lost = decimalText(rating.points_lost);
    if (rating.verdict === "best") {
      return rating.choice === rating.best ? t("feedback.best", { choice }) : t("feedback.equal", { choice, best });
    }
    if (rating.verdict === "close") return t("feedback.close", { choice, best, lost });
    const figures = {
      best_points: expectedText(rating.best_points), choice_points: expectedText(rating.choice_points),
    };
    return t("feedback.costly", { choice, best, lost, ...figures });
  }

  /**
   * Beside each seat, the chances after the last finished round (the pad is drawn with the
   * view, app.js); the last ones stay while the next are weighed, so the seats do not jump.
   */
  #drawChances(view) {
    const latest = this.#coach.latestChances(view);
    this.#tableChances.drawChances(view, latest ? latest.lines.at(-1) : null, latest?.finished ?? 0);
  }
}

/** Whether `option` is the coach's pick among others (the only option is nobody's pick). */
function picked(advice, option) {
  return option.option === advice.pick && !advice.forced;
}

function captionText(phase) {
  if (phase === "trump") return t("hint.caption.trump");
  if (phase === "bidding") return t("hint.caption.bidding");
  if (phase === "playing") return t("hint.caption.playing");
  return t("hint.caption.choice"); // a special card's step (S10-S13)
}

function verdictWord(verdict) {
  if (verdict === "best") return t("feedback.verdict.best");
  if (verdict === "close") return t("feedback.verdict.close");
  return t("feedback.verdict.costly");
}

