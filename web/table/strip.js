// A round's result on the table (one person at the table; pass-and-play opens the full
// summary instead): each player's bid, tricks taken, points and new total, in a strip over
// the middle of the table. It goes on to the next round by itself after the pace's time (game.js decides
// how long, or that it waits for "Next round"); the full summary is a tap away. A pointer
// over the strip, or the summary open, holds the count: the person is reading.
import { $, el, nameEl } from "../lib/dom.js";
import { numberText, signed, t } from "../lib/words.js";

export class RoundStrip {
  #done = null; // resolves the promise show() returned: the table goes on
  #ms = 1; // the whole wait
  #left = 0; // ms still to wait (Infinity: until "Next round")
  #since = 0; // when the count last ran (0: held)
  #timer = 0;
  #holds = new Set(); // what holds the count: "pointer", "summary"

  /** @param openSummary (view) -> Promise that settles when the full summary is closed */
  constructor(openSummary) {
    this.openSummary = openSummary;
    const box = $("round-strip");
    box.addEventListener("pointerenter", () => this.#hold("pointer", true));
    box.addEventListener("pointerleave", () => this.#hold("pointer", false));
    $("strip-next").addEventListener("click", () => this.close());
    $("strip-details").addEventListener("click", () => {
      this.#hold("summary", true);
      this.openSummary(this.view).then(() => this.#hold("summary", false));
    });
  }

  /** Show the round just scored; `ms`: how long before it goes on (null: until "Next round"). Resolves then. */
  show(view, ms) {
    this.close();
    this.view = view;
    fill(view);
    const box = $("round-strip");
    const waits = ms === null || ms === undefined;
    box.dataset.waiting = String(waits);
    box.hidden = false;
    this.#ms = waits ? 1 : Math.max(1, ms);
    this.#left = waits ? Infinity : ms;
    this.#holds.clear();
    const bar = box.querySelector(".auto-bar");
    bar.style.transitionDuration = "0ms";
    bar.style.transform = "scaleX(1)";
    const done = new Promise((resolve) => {
      this.#done = resolve;
    });
    if (!waits) requestAnimationFrame(() => this.#run()); // (the full bar is drawn before it shrinks)
    // The hand's last card went with the round: the keyboard goes on at "Next round".
    if (document.activeElement === document.body) $("strip-next").focus({ preventScroll: true });
    return done;
  }

  /** Hide the strip and let the table go on (also when the page leaves the game). */
  close() {
    clearTimeout(this.#timer);
    this.#since = 0;
    const box = $("round-strip");
    // The keyboard leaves with it: the next draw gives it to the person's decision (table.js keepFocus).
    if (box.contains(document.activeElement)) document.activeElement.blur();
    box.hidden = true;
    const done = this.#done;
    this.#done = null;
    done?.();
  }

  #hold(why, on) {
    if (on) this.#holds.add(why);
    else this.#holds.delete(why);
    if (this.#holds.size > 0) this.#pause();
    else this.#run();
  }

  #run() {
    if (!this.#done || this.#since || this.#holds.size > 0 || this.#left === Infinity) return;
    this.#since = performance.now();
    this.#timer = setTimeout(() => this.close(), this.#left);
    this.#bar(this.#left, 0);
  }

  #pause() {
    if (!this.#since) return;
    this.#left -= performance.now() - this.#since;
    this.#since = 0;
    clearTimeout(this.#timer);
    this.#bar(0, Math.max(0, this.#left) / this.#ms);
  }

  /** The time left as a bar that shrinks to `scale` over `ms`. */
  #bar(ms, scale) {
    const bar = $("round-strip").querySelector(".auto-bar");
    bar.style.transitionDuration = `${ms}ms`;
    bar.style.transform = `scaleX(${scale})`;
  }
}

/** The strip's words and figures: the round's row of the score pad, a player each. */
function fill(view) {
  const round = view.score_pad.length;
  const box = $("round-strip");
  box.dataset.round = String(round);
  $("strip-title").textContent = t("summary.title", { round, rounds: view.rounds });
  const list = $("strip-seats");
  list.replaceChildren();
  view.score_pad[round - 1].forEach((row, seat) => {
    const made = row.bid === row.taken;
    const item = el("li", `strip-seat ${made ? "made" : "missed"}`);
    item.dataset.seat = String(seat);
    item.append(
      nameEl("span", "strip-name", view.players[seat].name),
      el("span", "strip-figures", t("strip.figures", { bid: numberText(row.bid), taken: numberText(row.taken) })),
      el("strong", "strip-points", signed(row.points)),
      el("span", "strip-total", t("strip.total", { total: numberText(row.total) })),
    );
    list.append(item);
  });
  $("strip-next").textContent = t("summary.next", { round: round + 1 });
}
