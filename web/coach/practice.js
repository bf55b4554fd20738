// Bidding practice, a mode of its own: the coach deals a position (practice_deal: your
// hand, trump, the dealer, the bids of the seats before you), you bid, and the coach
// shows what every bid is worth (practice_advice) and keeps the run's score
// (practice_score). Every figure and every rule comes from the coach's worker; this
// module only picks the table size, the round, the deck and a seed, and draws. The seed is random
// per hand and shown nowhere (a seed would let one replay the deal).
import { BidTyping } from "../lib/bids.js";
import { $, busyLine, el, inTextField, moveAlong } from "../lib/dom.js";
import { decimalText, errorText, expectedText, suitName, t } from "../lib/words.js";
import { optionsTable } from "../lib/options.js";
import { bidRow, handList, runTable, seatOrder, trumpBox, verdictLines } from "./practiceview.js";

const LENGTHS = [3, 5, 10, 20];
const DEFAULT_LENGTH = 5;
const DEFAULT_PLAYERS = 4;

/** A random seed for a hand (the engine takes any whole number from 0). */
function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

/** A random whole number from 1 to `top`. */
function randomFrom1(top) {
  return 1 + (crypto.getRandomValues(new Uint32Array(1))[0] % top);
}

function button(text, action, className = "") {
  const node = el("button", className, text);
  node.type = "button";
  node.dataset.practice = action;
  return node;
}

export class Practice {
  #startCoach;
  #coach = null;
  #theme;
  #onBack;
  #root = $("practice");
  #players = null; // {min, max} from the engine's describe()
  #rounds = new Map(); // table size -> its number of rounds (from a practice view)
  #run = null; // {players, round ("any" or a number), specials (the deck), length, theme, hands, score}
  #hand = null; // the hand on the board: {params, view, advice (a promise), bid}
  #typing = new BidTyping();

  /**
   * @param startCoach () => the coach's engine (engine.js's startCoach).
   * @param theme () => the display theme chosen in the new-game form.
   * @param onBack called when the person leaves practice (the page shows the start page).
   */
  constructor(startCoach, { theme, onBack }) {
    this.#startCoach = startCoach;
    this.#theme = theme;
    this.#onBack = onBack;
    $("practice-back").addEventListener("click", () => this.#back());
    $("practice-setup").addEventListener("submit", (event) => {
      event.preventDefault();
      this.#start();
    });
    $("practice-players").addEventListener("change", () => this.#fillRounds().catch((error) => this.#showError(error)));
    this.#root.addEventListener("click", (event) => this.#clicked(event));
    this.#root.addEventListener("keydown", (event) => this.#key(event));
  }

  /** Show the practice screen, at its settings (the coach's worker boots on the first visit). */
  open() {
    if (!this.#coach) {
      this.#coach = this.#startCoach();
      this.#coach.addEventListener("status", () => this.#showStatus());
    }
    this.#root.hidden = false;
    this.#showSettings();
    this.#showStatus();
    this.#prepare();
    $("practice-players").focus();
  }

  /** Hide the practice screen and forget the run (answers still on their way are ignored). */
  close() {
    this.#run = null;
    this.#hand = null;
    this.#root.hidden = true;
    delete document.documentElement.dataset.practice;
  }

  #back() {
    this.close();
    this.#onBack();
  }

  #showStatus() {
    const { status } = this.#coach;
    let text = "";
    if (status === "error") text = t("practice.coach_error");
    else if (status !== "ready") text = t("practice.coach_loading");
    $("practice-status").textContent = text;
  }

  #showError(error) {
    const box = $("practice-error");
    // A coach that failed to boot is worded by its status; other failures by their reason.
    box.textContent = !error ? "" : error.boot ? t("practice.coach_error") : errorText(error);
    box.hidden = !error;
  }

  // --- the settings ---------------------------------------------------------------------

  #showSettings() {
    this.#run = null;
    this.#hand = null;
    this.#showError(null);
    $("practice-setup").hidden = false;
    $("practice-board").hidden = true;
    $("practice-summary").hidden = true;
    $("practice-score").hidden = true;
    document.documentElement.dataset.practice = "settings";
  }

  /** The table sizes from describe(), the rounds of the chosen size, the run lengths. */
  async #prepare() {
    const lengths = $("practice-length");
    if (lengths.options.length === 0) {
      for (const count of LENGTHS) lengths.append(new Option(t("practice.length_option", { count }), String(count)));
      lengths.value = String(DEFAULT_LENGTH);
    }
    try {
      if (!this.#players) {
        const { players, specials } = await this.#coach.call("describe");
        this.#players = players;
        const select = $("practice-players");
        for (let n = players.min; n <= players.max; n++) select.append(new Option(String(n), String(n)));
        select.value = String(DEFAULT_PLAYERS);
        // The original deck or a box of special cards (S1), as the engine offers them.
        const decks = $("practice-deck");
        for (const { box } of specials.boxes) decks.append(new Option(t(`stats.deck.${box || "base"}`), box));
      }
      await this.#fillRounds();
    } catch (error) {
      this.#showError(error);
    }
  }

  /** How many rounds a table of `players` plays: read from a practice view of round 1. */
  async #roundsOf(players) {
    if (!this.#rounds.has(players)) {
      const { view } = await this.#coach.call("practice_deal", { players, round: 1, seed: 0 });
      this.#rounds.set(players, view.rounds);
    }
    return this.#rounds.get(players);
  }

  async #fillRounds() {
    const players = Number($("practice-players").value);
    const select = $("practice-round");
    const kept = select.value;
    $("practice-start").disabled = true;
    const rounds = await this.#roundsOf(players);
    select.replaceChildren(new Option(t("practice.round_any"), "any"));
    for (let round = 1; round <= rounds; round++) select.append(new Option(String(round), String(round)));
    select.value = kept && (kept === "any" || Number(kept) <= rounds) ? kept : "any";
    $("practice-start").disabled = false;
  }

  // --- a run of hands -------------------------------------------------------------------

  #start() {
    const round = $("practice-round").value;
    this.#run = {
      players: Number($("practice-players").value),
      round: round === "any" ? "any" : Number(round),
      specials: $("practice-deck").value,
      length: Number($("practice-length").value),
      theme: this.#theme(),
      hands: [],
      score: null,
    };
    $("practice-setup").hidden = true;
    $("practice-summary").hidden = true;
    this.#drawScore();
    this.#nextHand();
  }

  /** Is `run` still the run on the screen? (Back or a new run makes older answers stale.) */
  #current(run) {
    return this.#run === run && !this.#root.hidden;
  }

  async #nextHand() {
    const run = this.#run;
    if (run.hands.length >= run.length) return this.#finish();
    this.#showError(null);
    const board = $("practice-board");
    board.hidden = false;
    board.replaceChildren(el("p", "practice-wait", t("practice.dealing")));
    document.documentElement.dataset.practice = "dealing";
    try {
      const rounds = await this.#roundsOf(run.players);
      const round = run.round === "any" ? randomFrom1(rounds) : run.round;
      const params = { players: run.players, round, seed: randomSeed(), specials: run.specials };
      const deal = this.#coach.call("practice_deal", params);
      // Queued behind the deal in the coach's worker: it thinks while you do.
      const advice = this.#coach.call("practice_advice", params);
      advice.catch(() => {}); // its failure is shown when the verdict waits for it
      const { view } = await deal;
      if (!this.#current(run)) return;
      this.#hand = { params, view, advice, bid: null };
      this.#drawHand();
    } catch (error) {
      if (this.#current(run)) this.#showError(error);
    }
  }

  async #bid(action) {
    const run = this.#run;
    const hand = this.#hand;
    if (!hand || hand.bid !== null || !hand.view.legal.includes(action)) return;
    hand.bid = action;
    run.hands.push({ ...hand.params, bid: action });
    this.#markBid();
    const verdict = $("practice-verdict");
    const wait = busyLine(t("practice.weighing"));
    verdict.replaceChildren(wait);
    verdict.setAttribute("aria-busy", "true");
    wait.scrollIntoView({ block: "nearest" });
    document.documentElement.dataset.practice = "weighing";
    this.#say(t("practice.weighing"));
    try {
      const [{ advice }, { score }] = await Promise.all([
        hand.advice,
        this.#coach.call("practice_score", { hands: run.hands }),
      ]);
      if (!this.#current(run) || this.#hand !== hand) return;
      run.score = score;
      this.#drawVerdict(advice, score.hands.at(-1));
      this.#drawScore();
    } catch (error) {
      if (this.#current(run)) this.#showError(error);
    } finally {
      verdict.removeAttribute("aria-busy");
    }
  }

  #finish() {
    const run = this.#run;
    const score = run.score;
    this.#hand = null;
    $("practice-board").hidden = true;
    $("practice-score").hidden = true;
    const box = $("practice-summary");
    const title = el("h3", "", t("practice.summary_title", { count: score.hands.length }));
    const text = t("practice.summary_text", {
      points: expectedText(score.points), best: expectedText(score.best_points), lost: decimalText(score.lost),
      matches: score.matches, count: score.hands.length,
    });
    const buttons = el("div", "dialog-buttons");
    const again = button(t("practice.again"), "again", "primary");
    buttons.append(again, button(t("practice.back"), "back"));
    box.replaceChildren(title, el("p", "practice-summary-text", text), runTable(run), buttons);
    box.hidden = false;
    document.documentElement.dataset.practice = "summary";
    this.#say(`${title.textContent}. ${text}`);
    again.focus();
  }

  // --- drawing a hand -------------------------------------------------------------------

  #drawHand() {
    const { view } = this.#hand;
    const run = this.#run;
    const theme = run.theme;
    const number = run.hands.length + 1;
    const title = el("h3", "practice-hand-title", t("practice.hand_title", { number, count: run.length }));
    const cards = t("cards.count", { count: view.hand_size });
    const players = view.players.length;
    const words = t("practice.info", { round: view.round, rounds: view.rounds, cards, players });
    const info = el("p", "practice-info", words);

    const felt = el("div", "practice-felt");
    felt.append(trumpBox(view, theme), seatOrder(view));

    const verdict = el("div", "practice-verdict");
    verdict.id = "practice-verdict";
    $("practice-board").replaceChildren(title, info, felt, handList(view, theme), bidRow(view), verdict);
    document.documentElement.dataset.practice = "bidding";
    const trump = view.trump.suit ? suitName(view.trump.suit, theme) : t("trump.none");
    this.#say(t("practice.announce_hand", { number, count: run.length, round: view.round, cards, trump }));
    $("practice-board").querySelector(".practice-bids button:not([disabled])")?.focus();
  }

  /** After the bid: the buttons stay, disabled, yours marked. */
  #markBid() {
    for (const node of $("practice-board").querySelectorAll(".practice-bids .bid")) {
      const chosen = node.dataset.practice === this.#hand.bid;
      node.classList.toggle("chosen", chosen);
      if (chosen) node.setAttribute("aria-pressed", "true");
      node.disabled = true;
    }
  }

  // --- the verdict and the score ----------------------------------------------------------

  /** The coach's figures for every bid, yours and its pick marked, and what your bid gave up. */
  #drawVerdict(advice, mine) {
    const box = $("practice-verdict");
    const lines = verdictLines(advice, mine);
    const summary = el("div", `practice-verdict-text ${mine.lost > 0 ? "costly" : "good"}`);
    for (const line of lines) summary.append(el("p", "", line));
    const last = this.#run.hands.length >= this.#run.length;
    const next = button(t(last ? "practice.to_summary" : "practice.next"), "next", "primary");
    box.replaceChildren(summary, optionsTable(advice, mine), next);
    document.documentElement.dataset.practice = "verdict";
    this.#say(lines.join(" "));
    next.focus({ preventScroll: true });
    box.scrollIntoView({ block: "nearest" });
  }

  /** The run's score so far: your expected points against the coach's picks. */
  #drawScore() {
    const box = $("practice-score");
    const score = this.#run?.score;
    box.hidden = !score;
    if (!score) return;
    box.textContent = t("practice.running", {
      points: expectedText(score.points), best: expectedText(score.best_points), matches: score.matches,
      count: score.hands.length,
    });
  }

  // --- input --------------------------------------------------------------------------------

  #clicked(event) {
    const node = event.target.closest("button[data-practice]");
    if (!node || node.disabled) return;
    const action = node.dataset.practice;
    if (action === "next" || action === "again") node.disabled = true; // one new hand per press
    if (action.startsWith("bid ")) this.#bid(action);
    else if (action === "next") this.#nextHand();
    else if (action === "again") this.#start(); // the same settings, a new run
    else if (action === "back") this.#back();
  }


  /** Digits typed bid (bids.js); arrows move along the buttons. */
  #key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey || !this.#hand || this.#hand.bid !== null) return;
    if (inTextField(event.target) || event.target.closest("select")) return;
    const group = $("practice-board").querySelector(".practice-bids .bids");
    if (!this.#typing.key(event, group) && event.target.closest(".practice-bids .bids")) moveAlong(event, group);
  }

  /** Words for a screen reader (the polite live region); cleared first so a repeat is heard. */
  #say(text) {
    const live = $("practice-live");
    live.textContent = "";
    requestAnimationFrame(() => { live.textContent = text; });
  }
}
