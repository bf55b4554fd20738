// Bidding practice, a mode of its own: the coach deals a position (practice_deal: your
// hand, trump, the dealer, the bids of the seats before you), you bid, and the coach
// shows what every bid is worth (practice_advice) and keeps the run's score
// (practice_score). Every figure and every rule comes from the coach's worker; this
// module only picks the table size, the round and a seed, and draws. The seed is random
// per hand and shown nowhere (a seed would let one replay the deal).
import { cardPicture } from "../lib/cards.js";
import { BidTyping, bidButtons } from "../lib/bids.js";
import { $, busyLine, el, inTextField, moveAlong } from "../lib/dom.js";
import { cardName, chanceText, decimalText, errorText, expectedText, suitName, t } from "../lib/words.js";

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

/** The number in a bid's notation: "bid 12" -> 12. */
function bidNumber(action) {
  return Number(action.split(" ")[1]);
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
  #run = null; // {players, round ("any" or a number), length, theme, hands: [...], score}
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
        this.#players = (await this.#coach.call("describe")).players;
        const select = $("practice-players");
        for (let n = this.#players.min; n <= this.#players.max; n++) select.append(new Option(String(n), String(n)));
        select.value = String(DEFAULT_PLAYERS);
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
      const params = { players: run.players, round, seed: randomSeed() };
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
    box.replaceChildren(title, el("p", "practice-summary-text", text), this.#runTable(run), buttons);
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
    const info = el("p", "practice-info", t("practice.info", { round: view.round, rounds: view.rounds, cards, players: view.players.length }));

    const felt = el("div", "practice-felt");
    felt.append(this.#trump(view, theme), this.#order(view));

    const handBox = el("section", "practice-hand");
    handBox.setAttribute("aria-label", t("practice.your_hand"));
    const list = el("ul", "practice-cards");
    list.dataset.count = String(view.hand.length);
    let group = null;
    for (const { card } of view.hand) {
      const item = el("li");
      const kind = card.length === 1 ? card : card[1]; // Z, N or the suit letter: a gap between groups
      if (group !== null && kind !== group) item.classList.add("group-start");
      group = kind;
      item.append(cardPicture(card, theme, cardName(card, theme)));
      list.append(item);
    }
    handBox.append(list);

    const verdict = el("div", "practice-verdict");
    verdict.id = "practice-verdict";
    $("practice-board").replaceChildren(title, info, felt, handBox, this.#bidButtons(view), verdict);
    document.documentElement.dataset.practice = "bidding";
    const trump = view.trump.suit ? suitName(view.trump.suit, theme) : t("trump.none");
    this.#say(t("practice.announce_hand", { number, count: run.length, round: view.round, cards, trump }));
    $("practice-board").querySelector(".practice-bids button:not([disabled])")?.focus();
  }

  #trump(view, theme) {
    const box = el("div", "practice-trump");
    box.append(el("h4", "trump-title", t("trump.title")));
    const row = el("div", "trump-row");
    const { card, suit } = view.trump;
    row.append(card ? cardPicture(card, theme, cardName(card, theme)) : el("span", "card card-none"));
    const text = el("p", "trump-text");
    const why = this.#trumpWhy(view);
    if (suit) {
      text.append(el("strong", `trump-suit suit-text-${suit}`, suitName(suit, theme)));
      if (why) text.append(el("span", "trump-why", t("trump.why_note", { why })));
    } else {
      text.append(el("strong", "", why || t("trump.none")));
    }
    row.append(text);
    box.append(row);
    return box;
  }

  /** Why trump is what it is: the view's code, worded (a Wizard's suit is chosen by the dealer). */
  #trumpWhy(view) {
    const why = view.trump.why;
    if (why === "chosen") {
      return view.dealer === view.seat ? t("practice.trump_chosen_for_you")
        : t("trump.why.chosen", { name: this.#seatName(view, view.dealer) });
    }
    return why ? t(`trump.why.${why}`) : "";
  }

  #seatName(view, seat) {
    return seat === view.seat ? t("practice.you") : t("practice.player", { number: seat + 1 });
  }

  /** The seats from the dealer's left round to the dealer: their bids, yours, those after you. */
  #order(view) {
    const box = el("div", "practice-order-box");
    const heading = el("h4", "trump-title", t("practice.order_title"));
    heading.id = "practice-order-title";
    const list = el("ol", "practice-order");
    list.setAttribute("aria-labelledby", heading.id);
    const count = view.players.length;
    for (let i = 1; i <= count; i++) {
      const seat = (view.dealer + i) % count;
      const item = el("li", "practice-seat");
      if (seat === view.seat) item.classList.add("you");
      item.append(el("span", "practice-seat-name", this.#seatName(view, seat)));
      if (seat === view.dealer) item.append(el("span", "badge dealer-badge", t("badge.dealer")));
      let state;
      if (seat === view.seat) state = t("practice.bid_yours");
      else if (view.has_bid[seat]) state = t("practice.bid_made", { bid: view.bids[seat] });
      else state = t("practice.bid_later");
      item.append(el("span", "practice-seat-bid", state));
      list.append(item);
    }
    const sum = view.bids.reduce((total, bid) => total + (bid ?? 0), 0);
    const tally = el("p", "practice-tally", t("tally.bids", { sum, tricks: t("tricks.count", { count: view.hand_size }) }));
    box.append(heading, list, tally);
    return box;
  }

  /** 0..hand size as buttons (bids.js); the view's legal and forbidden say which may be pressed and why not. */
  #bidButtons(view) {
    const wrap = el("div", "practice-bids bid-wrap");
    const prompt = el("p", "prompt", t("practice.prompt"));
    prompt.id = "practice-prompt";
    const { group, reasons } = bidButtons(view, "practice", "practice-reason");
    group.setAttribute("aria-labelledby", prompt.id);
    group.setAttribute("aria-describedby", "practice-keys");
    const keys = el("p", "note", t("practice.keys"));
    keys.id = "practice-keys";
    wrap.append(prompt, group, keys, ...reasons);
    return wrap;
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
    const lines = [
      t("practice.you_bid", { bid: bidNumber(mine.bid), points: expectedText(mine.points), chance: chanceText(mine.make) }),
    ];
    const best = advice.options.find((o) => o.option === mine.best);
    if (mine.bid === mine.best) {
      lines.push(t("practice.matched"));
    } else {
      lines.push(t("practice.coach_bids", { bid: bidNumber(mine.best), points: expectedText(mine.best_points), chance: chanceText(best.make) }));
      if (mine.lost > 0) lines.push(t("practice.lost", { points: decimalText(mine.lost) }));
      else if (mine.points > mine.best_points) lines.push(t("practice.better", { points: decimalText(mine.points - mine.best_points) }));
      else lines.push(t("practice.as_good"));
    }
    const summary = el("div", `practice-verdict-text ${mine.lost > 0 ? "costly" : "good"}`);
    for (const line of lines) summary.append(el("p", "", line));
    const last = this.#run.hands.length >= this.#run.length;
    const next = button(t(last ? "practice.to_summary" : "practice.next"), "next", "primary");
    box.replaceChildren(summary, this.#optionsTable(advice, mine), next);
    document.documentElement.dataset.practice = "verdict";
    this.#say(lines.join(" "));
    next.focus({ preventScroll: true });
    box.scrollIntoView({ block: "nearest" });
  }

  /** Every bid (in order 0, 1, 2...) with its expected points as a bar and its chance. */
  #optionsTable(advice, mine) {
    const table = headedTable("practice-options", el("caption", "", t("practice.table_caption")),
      [t("practice.col_bid"), t("practice.col_points"), t("practice.col_make")]);
    const body = el("tbody");
    const widest = Math.max(1, ...advice.options.map((o) => Math.abs(o.points)));
    const options = [...advice.options].sort((a, b) => bidNumber(a.option) - bidNumber(b.option));
    for (const option of options) {
      const row = el("tr");
      const cell = el("th", "", String(bidNumber(option.option)));
      cell.scope = "row";
      if (option.option === mine.bid) {
        row.classList.add("mine");
        cell.append(" ", el("span", "badge mark-you", t("practice.mark_you")));
      }
      if (option.option === advice.pick) {
        row.classList.add("pick");
        cell.append(" ", el("span", "badge mark-coach", t("practice.mark_coach")));
      }
      const points = el("td", "practice-points");
      const bar = el("span", `practice-bar ${option.points < 0 ? "negative" : "positive"}`);
      bar.setAttribute("aria-hidden", "true");
      const fill = el("span", "practice-bar-fill");
      fill.style.setProperty("--share", String(Math.abs(option.points) / widest));
      bar.append(fill);
      points.append(el("span", "practice-number", expectedText(option.points)), bar);
      row.append(cell, points, el("td", "practice-chance", chanceText(option.make)));
      body.append(row);
    }
    table.append(body);
    return table;
  }

  /** The run's score so far: your expected points against the coach's picks. */
  #drawScore() {
    const box = $("practice-score");
    const score = this.#run?.score;
    box.hidden = !score;
    if (!score) return;
    box.textContent = t("practice.running", {
      points: expectedText(score.points), best: expectedText(score.best_points), matches: score.matches, count: score.hands.length,
    });
  }

  /** The summary's table: each hand's round, your bid, the coach's, your points and what you gave up. */
  #runTable(run) {
    const table = headedTable("practice-run", el("caption", "visually-hidden", t("practice.run_caption")),
      [t("practice.col_hand"), t("practice.col_round"), t("practice.col_yours"), t("practice.col_pick"),
        t("practice.col_run_points"), t("practice.col_lost")]);
    const body = el("tbody");
    run.score.hands.forEach((hand, i) => {
      const row = el("tr", hand.bid === hand.best ? "match" : "");
      const number = el("th", "", String(i + 1));
      number.scope = "row";
      row.append(number, el("td", "", String(run.hands[i].round)), el("td", "", String(bidNumber(hand.bid))),
        el("td", "", String(bidNumber(hand.best))), el("td", "", expectedText(hand.points)), el("td", "", decimalText(hand.lost)));
      body.append(row);
    });
    table.append(body);
    return table;
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

/** A table of class `className` with its caption and a head row of column headers. */
function headedTable(className, caption, columns) {
  const table = el("table", className);
  const head = el("tr");
  for (const text of columns) {
    const th = el("th", "", text);
    th.scope = "col";
    head.append(th);
  }
  table.append(caption, el("thead"));
  table.tHead.append(head);
  return table;
}
