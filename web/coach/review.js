// The game review: the coach worker rates every decision of one seat in the
// finished rounds (a progress bar meanwhile: the page never waits on it), and
// the review dialog steps through every trick of every round with all hands
// face up (a finished round hides nothing), the seat's decisions marked best,
// close or costly beside the coach's choice. Opened from the final standings
// and, mid-game, from the toolbar (the rounds already played). Draws only from
// the coach's answer; every word from the catalogue.
import { cardPicture } from "../lib/cards.js";
import { $, el, nameEl } from "../lib/dom.js";
import { actionName, cardName, decimalText, errorReason, signed, suitName, t } from "../lib/words.js";

const VERDICTS = () => ({
  best: t("review.verdict.best"), close: t("review.verdict.close"), costly: t("review.verdict.costly"),
  forced: t("review.verdict.forced"),
});


/** The review's steps: each round's bidding, then each of its tricks. */
function stepsOf(rounds) {
  const steps = [];
  rounds.forEach((round, r) => {
    steps.push({ r, trick: null });
    round.tricks.forEach((_, trick) => steps.push({ r, trick }));
  });
  return steps;
}

export class GameReview {
  #ticket = 0; // bumps on every request and on closing: a stale answer is dropped
  #save = null;
  #view = null; // the game's view when the review opened: names, theme, who the person is
  #data = null; // the coach's answer: {review, rounds}
  #steps = [];
  #index = 0;

  /** @param startCoach engine.js's startCoach: the coach's worker boots when a review is first asked for */
  constructor(startCoach) {
    this.startCoach = startCoach;
    this.dialog = $("review-dialog");
    $("review-prev").addEventListener("click", () => this.go(this.#index - 1));
    $("review-next").addEventListener("click", () => this.go(this.#index + 1));
    $("review-close").addEventListener("click", () => this.dialog.close());
    $("review-seat").addEventListener("change", (event) => this.#load(Number(event.target.value)));
    $("review-round").addEventListener("change", (event) => this.go(Number(event.target.value)));
    bindSwipe($("review-board"), (step) => this.go(this.#index + step));
    // A touch screen steps by swipes and buttons: its note speaks of those, not of arrow keys.
    const touch = window.matchMedia("(pointer: coarse)").matches;
    $("review-keys").hidden = touch;
    $("review-touch").hidden = !touch;
    this.dialog.addEventListener("close", () => this.#ticket++);
    // On the document: a step button that becomes disabled (the first or last step) drops the focus.
    document.addEventListener("keydown", (event) => {
      if (this.dialog.open) this.#key(event);
    });
  }

  /** The toolbar's button: a review needs a finished round. */
  sync(view) {
    $("review-rounds").disabled = !view || view.score_pad.length === 0;
  }

  /**
   * Open the review of `save` (the game shown in `view`); `standings`: opened from the
   * final standings (the close button says where it goes back to; `back`: its own words
   * instead). Resolves when closed.
   */
  open(save, view, standings, back = null) {
    this.#save = save;
    this.#view = view;
    $("review-title").textContent = t(view.over ? "review.title" : "review.title_partial");
    $("review-close").textContent = back ?? t(standings ? "review.back_standings" : "review.back_table");
    const picker = $("review-seat");
    picker.replaceChildren(...view.players.map((player, seat) => new Option(player.name, String(seat))));
    const person = this.#person();
    $("review-seat-field").hidden = person !== null; // no single person played: any seat may be reviewed
    const seat = person ?? view.people?.[0] ?? 0;
    picker.value = String(seat);
    const closed = new Promise((resolve) => this.dialog.addEventListener("close", () => resolve(), { once: true }));
    this.dialog.showModal();
    this.#load(seat);
    return closed;
  }

  /** Ask the coach for `seat`'s review, showing its progress. */
  async #load(seat) {
    const ticket = ++this.#ticket;
    this.#data = null;
    $("review-body").hidden = true;
    $("review-error").hidden = true;
    this.#progress(0, 0);
    try {
      const answer = await this.startCoach().call("review", { save: this.#save, seat }, {
        onProgress: ({ done, total }) => {
          if (ticket === this.#ticket) this.#progress(done, total);
        },
      });
      if (ticket !== this.#ticket) return;
      this.#show(answer);
    } catch (error) {
      if (ticket !== this.#ticket) return;
      $("review-progress").hidden = true;
      $("review-error").textContent = t("review.failed", { reason: errorReason(error, this.#view) });
      $("review-error").hidden = false;
    }
  }

  #progress(done, total) {
    const box = $("review-progress");
    box.hidden = false;
    const bar = $("review-bar");
    bar.max = Math.max(total, 1);
    bar.value = done;
    $("review-progress-text").textContent = total ? t("review.progress", { done, total }) : t("review.starting");
  }

  #show(answer) {
    this.#data = answer;
    this.#steps = stepsOf(answer.rounds);
    $("review-progress").hidden = true;
    $("review-body").hidden = false;
    this.dialog.dataset.seat = String(answer.review.seat);
    this.#summary();
    if (this.#steps.length === 0) {
      $("review-where").textContent = t("review.empty");
      $("review-board").hidden = true;
      $("review-prev").disabled = $("review-next").disabled = true;
      return;
    }
    $("review-board").hidden = false;
    this.#fillRounds();
    this.go(0);
    $("review-next").focus();
  }

  /**
   * The seat whose decisions are reviewed, or null when any seat may be: the one person at the
   * table; with several people at one device, the one holding it until the game is over.
   */
  #person() {
    const view = this.#view;
    const people = view.people ?? (view.human === null ? [] : [view.human]);
    if (people.length > 1 && !view.over) return view.human;
    return people.length === 1 ? people[0] : null;
  }

  /** Pass-and-play: the device goes to another person, and nothing of the last one's review stays in the page. */
  forget() {
    this.#ticket++;
    this.#data = null;
    this.#steps = [];
    const parts = ["review-matches", "review-counts", "review-lost", "review-forced", "review-costliest",
      "review-where", "review-trump", "review-seats", "review-decisions"];
    for (const id of parts) $(id).replaceChildren();
    $("review-body").hidden = true;
  }

  #summary() {
    const { review } = this.#data;
    const s = review.summary;
    $("review-matches").textContent = t("review.summary.matches", { matches: s.best, count: s.decisions });
    $("review-counts").replaceChildren();
    const verdicts = VERDICTS();
    for (const key of ["best", "close", "costly"]) {
      const words = t("review.summary.count", { verdict: verdicts[key], count: s[key] });
      const chip = el("span", `verdict verdict-${key}`, words);
      $("review-counts").append(chip);
    }
    $("review-lost").textContent = t("review.summary.lost", {
      total: decimalText(s.lost_total), bidding: decimalText(s.lost_bidding), play: decimalText(s.lost_play),
    });
    // A move without another choice (a round's last card) is neither a match nor a mistake.
    $("review-forced").hidden = !s.forced;
    $("review-forced").textContent = s.forced ? t("review.summary.forced", { count: s.forced }) : "";
    // Take-backs were allowed: the moves taken back are gone, only those that stood are rated.
    $("review-relaxed").hidden = !review.relaxed;
    const list = $("review-costliest");
    list.replaceChildren();
    $("review-costliest-none").hidden = s.costliest.length > 0;
    for (const i of s.costliest) {
      const entry = review.entries[i];
      const button = el("button", "costliest", t("review.costliest.item", {
        where: this.#whereText(entry), choice: actionName(entry.choice, this.#view.theme),
        lost: decimalText(entry.points_lost),
      }));
      button.type = "button";
      button.dataset.entry = String(i);
      button.addEventListener("click", () => {
        this.go(this.#stepOf(entry));
        this.#boardInView();
      });
      const item = el("li");
      item.append(button);
      list.append(item);
    }
  }

  /** Where the summary stands above the board (a phone), a decision picked there is brought into view. */
  #boardInView() {
    const board = $("review-board").getBoundingClientRect();
    const dialog = $("review-dialog").getBoundingClientRect();
    if (board.top < dialog.top || board.top > dialog.top + dialog.height / 2) {
      $("review-board").closest(".review-main").scrollIntoView({ block: "start" });
    }
  }

  /** "Round 3, bidding" / "Round 3, trick 2". */
  #whereText(entry) {
    return entry.in_play
      ? t("review.where.trick", { round: entry.round, trick: entry.trick + 1 })
      : t("review.where.bidding", { round: entry.round });
  }

  /** The step where an entry's decision was made. */
  #stepOf(entry) {
    const trick = entry.in_play ? entry.trick : null;
    return this.#steps.findIndex((s) => this.#data.rounds[s.r].round === entry.round && s.trick === trick);
  }

  /** The round select: each round's first step (its bidding). */
  #fillRounds() {
    const select = $("review-round");
    select.replaceChildren();
    this.#steps.forEach((step, index) => {
      if (step.trick !== null) return;
      const round = this.#data.rounds[step.r].round;
      select.append(new Option(t("round.of", { round, rounds: this.#view.rounds }), String(index)));
    });
  }

  /** Show step `index` (clamped to the steps there are). */
  go(index) {
    if (!this.#data || this.#steps.length === 0) return;
    this.#index = Math.min(Math.max(index, 0), this.#steps.length - 1);
    const step = this.#steps[this.#index];
    const round = this.#data.rounds[step.r];
    $("review-prev").disabled = this.#index === 0;
    $("review-next").disabled = this.#index === this.#steps.length - 1;
    const rounds = this.#view.rounds;
    const where = step.trick === null
      ? t("review.step.bidding", { round: round.round, rounds })
      : t("review.step.trick", { round: round.round, rounds, trick: step.trick + 1, tricks: round.tricks.length });
    $("review-where").textContent = t("review.step.of", { where, step: this.#index + 1, steps: this.#steps.length });
    this.dialog.dataset.round = String(round.round);
    $("review-round").value = String(this.#steps.findIndex((s) => s.r === step.r));
    this.dialog.dataset.trick = step.trick === null ? "" : String(step.trick);
    const entries = this.#data.review.entries.filter((e) => this.#stepOf(e) === this.#index);
    this.#trump(round);
    this.#seats(round, step.trick, entries);
    this.#decisions(entries);
  }

  #trump(round) {
    const box = $("review-trump");
    box.replaceChildren(el("h3", "trump-title", t("trump.title")));
    const theme = this.#view.theme;
    const { card, suit } = round.trump;
    const row = el("div", "trump-row");
    if (card) row.append(cardPicture(card, theme, cardName(card, theme)));
    const name = suit ? suitName(suit, theme) : t("trump.none");
    row.append(el("strong", suit ? `trump-suit suit-text-${suit}` : "", name));
    box.append(row);
  }

  /** Every seat: name, bid, tricks so far, the round's score, its card in this trick, and what is left in its hand. */
  #seats(round, trick, entries) {
    const list = $("review-seats");
    list.replaceChildren();
    list.dataset.count = String(this.#view.players.length);
    const theme = this.#view.theme;
    const played = round.tricks.slice(0, trick === null ? 0 : trick + 1);
    const gone = new Set(played.flatMap((tr) => tr.plays.map((p) => `${p.seat}:${p.card}`)));
    const current = trick === null ? null : round.tricks[trick];
    const reviewed = this.#data.review.seat;
    const marked = entries.find((e) => e.in_play);
    const bidMark = entries.find((e) => e.phase === "bidding");
    this.#view.players.forEach((player, seat) => {
      const item = el("li", "review-seat");
      item.dataset.seat = String(seat);
      item.classList.toggle("reviewed", seat === reviewed);
      const head = el("div", "seat-head");
      head.append(nameEl("span", "seat-name", player.name));
      if (seat === round.dealer) head.append(el("span", "badge dealer-badge", t("badge.dealer")));
      item.append(head);
      const score = round.score[seat];
      const taken = played.filter((tr) => tr.winner === seat).length;
      const stats = el("p", "review-stats", t("review.stats", {
        bid: round.bids[seat], taken, points: signed(score.points), total: score.total,
      }));
      if (seat === reviewed && bidMark) stats.append(" ", verdictBadge(bidMark.verdict));
      item.append(stats);
      const play = current?.plays.find((p) => p.seat === seat);
      const slot = el("div", "review-play");
      if (play) {
        slot.append(cardPicture(play.card, theme, cardName(play.card, theme)));
        if (seat === current.leader) slot.append(el("span", "badge led-badge", t("review.led")));
        if (seat === current.winner) {
          slot.classList.add("won");
          slot.append(el("span", "badge won-badge", t("trick.took_it")));
        }
        if (seat === reviewed && marked) {
          slot.classList.add(`verdict-${marked.verdict}`);
          slot.append(verdictBadge(marked.verdict));
        }
      }
      item.append(slot);
      const hand = el("div", "review-hand");
      hand.setAttribute("role", "group");
      const yours = seat === this.#person();
      hand.setAttribute("aria-label", yours ? t("review.hand_you") : t("review.hand", { name: player.name }));
      for (const card of round.hands[seat]) {
        if (!gone.has(`${seat}:${card}`)) hand.append(cardPicture(card, theme, cardName(card, theme)));
      }
      item.append(hand);
      list.append(item);
    });
  }

  /** The reviewed seat's decisions at this step: what it chose, the coach's choice, both figures. */
  #decisions(entries) {
    const box = $("review-decisions");
    box.replaceChildren();
    const seat = this.#data.review.seat;
    const theme = this.#view.theme;
    const name = this.#view.players[seat].name;
    for (const entry of entries) {
      const item = el("p", `review-decision verdict-${entry.verdict}`);
      item.append(verdictBadge(entry.verdict), " ");
      item.append(decisionText(entry, seat === this.#person(), name, theme));
      box.append(item);
    }
  }

  /** Arrow keys step (unless a list or field has the focus); Home and End jump to the ends. */
  #key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.target.closest("select, input")) return;
    const moves = { ArrowLeft: this.#index - 1, ArrowRight: this.#index + 1, Home: 0, End: this.#steps.length - 1 };
    if (!(event.key in moves) || !this.#data) return;
    event.preventDefault();
    this.go(moves[event.key]);
  }
}

/**
 * A horizontal swipe on `element` (a touch or a pen): `onStep(1)` to the left (the next step),
 * `onStep(-1)` to the right. A mostly vertical move is a scroll, and is left alone.
 */
function bindSwipe(element, onStep) {
  const SWIPE_PX = 50;
  let start = null;
  element.style.touchAction = "pan-y"; // the browser scrolls up and down; sideways is ours
  element.addEventListener("pointerdown", (event) => {
    start = event.pointerType === "mouse" ? null : { x: event.clientX, y: event.clientY };
  });
  element.addEventListener("pointerup", (event) => {
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    start = null;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > 2 * Math.abs(dy)) onStep(dx < 0 ? 1 : -1);
  });
  element.addEventListener("pointercancel", () => { start = null; });
}

/** What the seat chose, and the coach's word on it (none on a move without another choice). */
function decisionText(entry, you, name, theme) {
  const params = { name, choice: actionName(entry.choice, theme), points: decimalText(entry.choice_points) };
  if (entry.verdict === "forced") return t(you ? "review.decision.forced.you" : "review.decision.forced.other", params);
  const text = t(you ? "review.decision.you" : "review.decision.other", params);
  if (entry.choice === entry.best) return `${text} ${t("review.coach.same")}`;
  return `${text} ${t("review.coach.other", {
    best: actionName(entry.best, theme), points: decimalText(entry.best_points), lost: decimalText(entry.points_lost),
  })}`;
}

function verdictBadge(verdict) {
  return el("span", `verdict verdict-${verdict}`, VERDICTS()[verdict]);
}
