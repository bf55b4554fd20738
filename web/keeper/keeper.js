// The score keeper for a real deck, a screen of its own: the people at the table deal and
// play with their own cards, and this page keeps the paper pad. Every rule, every figure
// and every refusal comes from the engine's keeper (keeper_new, keeper_enter, keeper_undo,
// keeper_load: stateless requests that carry the pad's document); this module keeps that
// document (autosaved), draws the pad and words the engine's reasons. The coach's worker
// answers "advice for a real hand" (hand_advice) for the person about to bid.
import {
  cardName, chanceText, currentLanguage, errorReason, errorText, expectedText, listText, numberText, reasonText, signed,
  suitName, t,
} from "../lib/words.js";
import { $, busyLine, el, nameEl } from "../lib/dom.js";

const SUITS = "CDHS";
const RANKS = "23456789TJQKA";
const COPIES = 4; // of the Wizard and of the Jester
const OPTIONS = ["canadian", "plus_minus_one", "foresight", "unicoloured"];
const BIDDING = ["open", "hidden", "secret"];
const PLAYERS = { min: 3, max: 6, default: 4 };
const IMAGE_NAME = "wizard-score-pad.png";
const DECK = 60; // a round that deals the whole deck turns no card up (R9)


function button(text, action, className = "") {
  const node = el("button", className, text);
  node.type = "button";
  node.dataset.keeper = action;
  return node;
}

/** A labelled number field for a count from 0 to `max`. */
function numberField(id, label, max, value = "", placeholder = "") {
  const field = el("label", "field keeper-number");
  const input = el("input");
  Object.assign(input, { id, type: "number", min: "0", max: String(max), step: "1", inputMode: "numeric", value: String(value), placeholder });
  input.required = true;
  field.append(el("span", "", label), input);
  return field;
}

/** The number typed in `input` (an empty field of tricks is 0, as on paper), or the text itself
 * when it is no whole number (the engine says why). */
function typed(input) {
  const text = input.value.trim() || input.placeholder;
  return /^\d+$/.test(text) ? Number(text) : text;
}

export class ScoreKeeper {
  #engine;
  #startCoach;
  #coach = null;
  #store;
  #theme;
  #onBack;
  #root = $("keeper");
  #pad = null; // {text: the document, view}
  #editing = null; // the finished round being corrected
  #hand = new Set(); // hand advice: the cards picked, "AS" or "Z1".."Z4", "N1".."N4"
  #askedFor = null; // the pad's text the advice shown was asked for

  /**
   * @param engine the game's engine (keeper_* requests: cheap, and they keep nothing).
   * @param startCoach () => the coach's engine, for hand advice (booted on first use).
   * @param store the page's Store (the pad's autosave under its own key).
   * @param theme () => the display theme (card names in the picker).
   * @param onBack called when the person leaves the score keeper.
   */
  constructor(engine, startCoach, store, { theme, onBack }) {
    this.#engine = engine;
    this.#startCoach = startCoach;
    this.#store = store;
    this.#theme = theme;
    this.#onBack = onBack;
    this.#root.addEventListener("click", (event) => this.#clicked(event));
    this.#root.addEventListener("submit", (event) => this.#submitted(event));
    this.#root.addEventListener("input", (event) => this.#changed(event));
    this.#root.addEventListener("change", (event) => this.#changed(event));
    this.#root.addEventListener("keydown", (event) => this.#pickerKey(event));
  }

  get isOpen() {
    return !this.#root.hidden;
  }

  /** Show the score keeper: the saved pad if there is one, else the setup. */
  async open() {
    this.#root.hidden = false;
    this.#showError(null);
    if (!this.#pad) await this.#resume();
    this.#draw();
    (this.#root.querySelector("input:not([type=hidden]), select") ?? $("keeper-back")).focus();
  }

  close() {
    this.#root.hidden = true;
    delete document.documentElement.dataset.keeper;
  }

  /** Draw again in the language just chosen. */
  redraw() {
    if (this.isOpen) this.#draw();
  }

  // --- the pad and its autosave ----------------------------------------------------------

  /** The saved pad, restored by the engine; a damaged one is set aside whole, and said why. */
  async #resume() {
    const text = this.#store.loadKeeper();
    if (text === null) return;
    try {
      this.#pad = await this.#engine.call("keeper_load", { keeper: text });
    } catch (error) {
      const key = this.#store.setKeeperAside(text);
      const words = [t("keeper.unreadable", { reason: errorReason(error) })];
      if (key) words.push(t("save.kept_aside", { key }));
      this.#showAlert(words.join(" "));
    }
  }

  /** Ask the engine for a new pad state; keep and draw it, or word its refusal. */
  async #request(method, params) {
    this.#showError(null);
    const before = this.#pad?.view;
    document.documentElement.dataset.keeperBusy = "true";
    try {
      const answer = await this.#engine.call(method, params);
      this.#pad = answer;
      this.#store.saveKeeper(answer.keeper);
      this.#draw();
      if (answer.view.step === "over" && before && before.step !== "over") this.#finished(answer.keeper);
      return true;
    } catch (error) {
      this.#showError(error);
      return false;
    } finally {
      delete document.documentElement.dataset.keeperBusy;
    }
  }

  /** Contracts §3: the history records a finished pad. */
  #finished(text) {
    document.dispatchEvent(new CustomEvent("wizard:game-finished", { detail: { kind: "keeper", keeper: text } }));
  }

  #enter(entry) {
    return this.#request("keeper_enter", { keeper: this.#text, entry });
  }

  get #text() {
    return this.#pad.keeper;
  }

  /** A view the words module can word reasons with: players by name, the display theme. */
  #wordsView() {
    return { players: (this.#pad?.view.players ?? []).map((name) => ({ name })), human: null, theme: this.#theme() };
  }

  #showError(error) {
    const box = $("keeper-error");
    box.textContent = error ? this.#errorWords(error) : "";
    box.hidden = !error;
    // The forbidden bid refused: its note above says it already; it is marked, the alert still heard.
    const note = this.#root.querySelector(".keeper-forbidden");
    const same = Boolean(error) && note?.textContent === box.textContent;
    note?.classList.toggle("refused", same);
    box.classList.toggle("visually-hidden", same);
  }

  /** A refusal in words; a forbidden bid as the game says it, naming the bidder. */
  #errorWords(error) {
    const view = this.#pad?.view;
    const reason = error?.reason;
    if (!this.#editing && view?.bidder != null && reason?.rule === "R11" && "bid" in (reason.params ?? {})) {
      const words = reasonText(reason, this.#wordsView());
      return t("keeper.forbidden", { name: view.players[view.bidder], bid: reason.params.bid, reason: words });
    }
    return errorText(error, this.#wordsView());
  }

  #showAlert(message) {
    const box = $("keeper-alert");
    box.textContent = message;
    box.hidden = !message;
  }

  // --- drawing -------------------------------------------------------------------------------

  #draw() {
    const view = this.#pad?.view;
    $("keeper-setup").hidden = Boolean(view);
    $("keeper-board").hidden = !view;
    if (!view) {
      this.#drawSetup();
      document.documentElement.dataset.keeper = "setup";
      return;
    }
    document.documentElement.dataset.keeper = this.#editing ? "edit" : view.step;
    $("keeper-status").replaceChildren(...this.#status(view));
    $("keeper-step").replaceChildren(...(this.#editing ? this.#editForm(view) : this.#stepArea(view)));
    $("keeper-actions").replaceChildren(...this.#actions(view));
    this.#drawAdvice(view);
    $("keeper-pad").replaceChildren(...this.#padTable(view));
  }

  // the setup: players, names, rules, the first dealer

  #drawSetup() {
    const form = $("keeper-setup");
    const kept = this.#readSetup(false);
    const count = kept?.count ?? PLAYERS.default;
    const names = kept?.names ?? [];
    const countField = el("label", "field");
    const select = el("select");
    select.id = "keeper-count";
    for (let n = PLAYERS.min; n <= PLAYERS.max; n++) select.append(new Option(String(n), String(n)));
    select.value = String(count);
    countField.append(el("span", "", t("keeper.players")), select);

    const nameSet = el("fieldset", "keeper-names");
    nameSet.append(el("legend", "", t("keeper.names")));
    const list = el("ol");
    for (let i = 0; i < count; i++) {
      const item = el("li");
      const label = el("label", "field");
      const input = el("input");
      Object.assign(input, { id: `keeper-name-${i}`, value: names[i] ?? t("keeper.default_name", { number: i + 1 }), maxLength: 32, required: true });
      input.autocomplete = "off";
      label.append(el("span", "", t("keeper.name_label", { number: i + 1 })), input);
      item.append(label);
      list.append(item);
    }
    nameSet.append(list);

    const dealerField = el("label", "field");
    const dealer = el("select");
    dealer.id = "keeper-first-dealer";
    dealerField.append(el("span", "", t("keeper.first_dealer")), dealer);
    // Whose statistics the game counts in (none: the device only keeps the score).
    const meField = el("label", "field");
    const me = el("select");
    me.id = "keeper-me";
    meField.append(el("span", "", t("keeper.me")), me);

    const rules = el("fieldset", "keeper-rules");
    rules.append(el("legend", "", t("form.rules")));
    // Radio buttons, as in the new-game form: a mode's words are too long for a select on a phone.
    const bidding = el("fieldset", "keeper-bidding");
    bidding.append(el("legend", "", t("form.bidding")));
    const chosen = kept?.options.bidding ?? "open";
    for (const mode of BIDDING) {
      const label = el("label", "check");
      const radio = el("input");
      Object.assign(radio, { type: "radio", name: "keeper-bidding", value: mode, checked: mode === chosen });
      label.append(radio, " ", el("span", "", t(`bidding.${mode}`)));
      bidding.append(label);
    }
    rules.append(bidding);
    for (const option of OPTIONS) {
      const label = el("label", "check");
      const box = el("input");
      box.type = "checkbox";
      box.id = `keeper-option-${option}`;
      box.checked = Boolean(kept?.options[option]);
      label.append(box, " ", el("span", "", t(`option.${option}`)));
      rules.append(label);
    }
    rules.append(el("p", "note", t("keeper.options_note")));

    const start = el("button", "primary", t("keeper.start"));
    start.type = "submit";
    start.id = "keeper-start";
    form.replaceChildren(el("p", "note", t("keeper.intro")), countField, nameSet, rules, dealerField, meField, start);
    this.#fillNames(kept?.firstDealer ?? 0, kept?.me ?? null);
  }

  /**
   * The choices by name, as typed: the first dealer (R6: the table decides, e.g. by a draw)
   * and which player the device's owner is, if any.
   */
  #fillNames(dealer, me) {
    const names = [...$("keeper-setup").querySelectorAll("input[id^=keeper-name-]")]
      .map((input, i) => input.value.trim() || t("keeper.default_name", { number: i + 1 }));
    const options = () => names.map((name, i) => new Option(name, String(i)));
    const dealerSelect = $("keeper-first-dealer");
    const keepDealer = dealerSelect.options.length ? Number(dealerSelect.value) : dealer;
    dealerSelect.replaceChildren(...options());
    dealerSelect.value = String(Math.min(keepDealer, names.length - 1));
    const meSelect = $("keeper-me");
    const keepMe = meSelect.options.length ? meSelect.value : String(me ?? "");
    meSelect.replaceChildren(new Option(t("keeper.me_none"), ""), ...options());
    meSelect.value = Number(keepMe) < names.length ? keepMe : "";
  }

  /** What the setup form holds (null before it is drawn). */
  #readSetup(strict = true) {
    const count = $("keeper-count");
    if (!count) return null;
    const names = [...$("keeper-setup").querySelectorAll("input[id^=keeper-name-]")].map((input) => (strict ? input.value.trim() : input.value));
    const options = { bidding: $("keeper-setup").querySelector("input[name=keeper-bidding]:checked")?.value ?? "open" };
    for (const option of OPTIONS) options[option] = $(`keeper-option-${option}`).checked;
    const me = $("keeper-me").value;
    return { count: Number(count.value), names, options, firstDealer: Number($("keeper-first-dealer").value), me: me === "" ? null : Number(me) };
  }

  // the round being entered

  #status(view) {
    const name = (seat) => view.players[seat];
    if (view.step === "over") {
      const winners = listText(view.winners.map(name));
      return [el("h3", "keeper-round", t("keeper.over")), el("p", "keeper-winners", t("keeper.winners", { names: winners, count: view.winners.length }))];
    }
    const cards = t("cards.count", { count: view.cards });
    return [
      el("h3", "keeper-round", t("round.of", { round: view.round, rounds: view.rounds })),
      el("p", "keeper-deal", t("keeper.deal", { name: name(view.dealer), cards })),
    ];
  }

  #stepArea(view) {
    if (view.step === "bid") return this.#bidForm(view);
    if (view.step === "tricks") return this.#tricksForm(view);
    return [];
  }

  /** The bids so far in bidding order, and a field for the next one. */
  #bidForm(view) {
    const list = el("ol", "keeper-order");
    list.setAttribute("aria-label", t("keeper.order"));
    for (const seat of view.order) {
      const item = el("li", seat === view.bidder ? "now" : "");
      item.append(nameEl("span", "keeper-who", view.players[seat]));
      if (seat === view.dealer) item.append(el("span", "badge dealer-badge", t("badge.dealer")));
      const bid = view.bids[seat];
      item.append(el("span", "keeper-bid", bid === null ? (seat === view.bidder ? t("keeper.bidding_now") : "…") : String(bid)));
      list.append(item);
    }
    const sum = view.bids.reduce((total, bid) => total + (bid ?? 0), 0);
    const tally = el("p", "keeper-tally", t("tally.bids", { sum, tricks: t("tricks.count", { count: view.cards }) }));
    const form = el("form", "keeper-entry");
    form.id = "keeper-bid-form";
    form.noValidate = true;
    const bidder = view.players[view.bidder];
    const submit = el("button", "primary", t("keeper.enter_bid"));
    submit.type = "submit";
    form.append(numberField("keeper-bid", t("keeper.bid_of", { name: bidder }), view.cards), submit);
    const parts = [list, tally, form];
    if (view.forbidden) {
      const reason = reasonText(view.forbidden.reason, this.#wordsView());
      parts.push(el("p", "reason keeper-forbidden", t("keeper.forbidden", { name: bidder, bid: view.forbidden.bid, reason })));
    }
    return parts;
  }

  /** One count of tricks per player (seat order), their sum beside the cards dealt. */
  #tricksForm(view) {
    const form = el("form", "keeper-entry keeper-tricks");
    form.id = "keeper-tricks-form";
    form.noValidate = true;
    form.append(el("p", "prompt", t("keeper.tricks_prompt", { cards: t("tricks.count", { count: view.cards }) })));
    const grid = el("div", "keeper-fields");
    view.players.forEach((name, seat) => {
      grid.append(numberField(`keeper-tricks-${seat}`, t("keeper.tricks_of", { name, bid: view.bids[seat] }), view.cards, "", "0"));
    });
    const sum = el("p", "keeper-tally");
    sum.id = "keeper-tricks-sum";
    sum.setAttribute("aria-live", "polite");
    const submit = el("button", "primary", t("keeper.enter_tricks"));
    submit.type = "submit";
    form.append(grid, sum, submit);
    return [form];
  }

  #updateTricksSum() {
    const view = this.#pad?.view;
    const sum = $("keeper-tricks-sum");
    if (!view || !sum) return;
    const total = view.players.reduce((acc, _, seat) => acc + (Number($(`keeper-tricks-${seat}`).value) || 0), 0);
    sum.textContent = t("keeper.tricks_sum", { sum: total, cards: view.cards });
  }

  /** Correcting a finished round: its bids and tricks, seat by seat. */
  #editForm(view) {
    const round = view.pad[this.#editing - 1];
    const form = el("form", "keeper-entry keeper-edit");
    form.id = "keeper-edit-form";
    form.noValidate = true;
    const title = el("h4", "", t("keeper.edit_title", { round: round.round, cards: t("cards.count", { count: round.cards }) }));
    const grid = el("div", "keeper-edit-grid");
    round.rows.forEach((row, seat) => {
      const group = el("fieldset", "keeper-edit-player");
      group.append(el("legend", "player-name", view.players[seat]));
      group.append(numberField(`keeper-edit-bid-${seat}`, t("score.bid"), round.cards, row.bid, "0"),
        numberField(`keeper-edit-taken-${seat}`, t("score.taken"), round.cards, row.taken, "0"));
      grid.append(group);
    });
    const buttons = el("div", "dialog-buttons");
    const save = el("button", "primary", t("keeper.edit_save"));
    save.type = "submit";
    buttons.append(save, button(t("keeper.edit_cancel"), "edit-cancel"));
    form.append(title, el("p", "note", t("keeper.edit_note")), grid, buttons);
    return [form];
  }

  #actions(view) {
    const parts = [];
    const undo = button(t("keeper.undo"), "undo");
    undo.id = "keeper-undo";
    undo.disabled = !view.can_undo;
    parts.push(undo);
    if (view.pad.length) {
      const print = button(t("keeper.print"), "print");
      print.id = "keeper-print";
      const share = button(t("keeper.share"), "share");
      share.id = "keeper-share";
      parts.push(print, share);
    }
    const fresh = button(t("keeper.new"), "new");
    fresh.id = "keeper-new";
    parts.push(fresh);
    return parts;
  }

  /** The paper pad: a row per round, per player the bid and tricks taken and the running total. */
  #padTable(view) {
    const caption = el("caption", "visually-hidden", t("keeper.pad_caption", { count: view.players.length }));
    const head = el("tr");
    const corner = el("th", "keeper-round-col", t("pad.round"));
    corner.scope = "col";
    head.append(corner);
    for (const name of view.players) {
      const th = el("th", "keeper-player-col");
      th.scope = "colgroup";
      th.colSpan = 2;
      th.append(nameEl("span", "", name));
      head.append(th);
    }
    const sub = el("tr", "keeper-sub");
    sub.append(el("td"));
    for (const _ of view.players) sub.append(el("th", "", t("keeper.col_bid")), el("th", "", t("score.total")));
    for (const cell of sub.querySelectorAll("th")) cell.scope = "col";
    const thead = el("thead");
    thead.append(head, sub);
    const body = el("tbody");
    for (const round of view.pad) body.append(this.#padRow(view, round));
    if (view.step !== "over") body.append(this.#currentRow(view));
    const foot = el("tfoot");
    const totals = el("tr");
    const label = el("th", "", t("pad.total"));
    label.scope = "row";
    totals.append(label);
    view.totals.forEach((total, seat) => {
      const cell = el("td", `keeper-final${view.winners.includes(seat) ? " winner" : ""}`, numberText(total));
      cell.colSpan = 2;
      totals.append(cell);
    });
    foot.append(totals);
    return [caption, thead, body, foot];
  }

  #padRow(view, round) {
    const row = el("tr", this.#editing === round.round ? "editing" : "");
    row.dataset.round = String(round.round);
    const th = el("th", "keeper-round-col");
    th.scope = "row";
    th.append(el("span", "keeper-round-number", String(round.round)));
    th.append(el("span", "keeper-round-cards", t("keeper.round_cards", { count: round.cards, name: view.players[round.dealer] })));
    const edit = button(t("keeper.edit"), `edit ${round.round}`, "keeper-edit-button");
    edit.setAttribute("aria-label", t("keeper.edit_label", { round: round.round }));
    th.append(edit);
    row.append(th);
    round.rows.forEach((line, seat) => {
      const made = line.bid === line.taken;
      const bid = el("td", `keeper-bid-cell ${made ? "made" : "missed"}`);
      bid.append(el("span", "keeper-bid-value", String(line.bid)), el("span", "keeper-taken", t("keeper.took", { count: line.taken })));
      if (seat === round.dealer) bid.classList.add("dealer");
      const total = el("td", `keeper-total-cell ${made ? "made" : "missed"}`);
      total.append(el("span", "keeper-total", numberText(line.total)), el("span", "keeper-points", signed(line.points)));
      row.append(bid, total);
    });
    return row;
  }

  #currentRow(view) {
    const row = el("tr", "keeper-current");
    const th = el("th", "keeper-round-col");
    th.scope = "row";
    th.append(el("span", "keeper-round-number", String(view.round)),
      el("span", "keeper-round-cards", t("keeper.round_cards", { count: view.cards, name: view.players[view.dealer] })));
    row.append(th);
    view.players.forEach((_, seat) => {
      const bid = view.bids[seat];
      row.append(el("td", "keeper-bid-cell", bid === null ? "" : String(bid)), el("td", "keeper-total-cell"));
    });
    return row;
  }

  // --- advice for a real hand ---------------------------------------------------------------

  #drawAdvice(view) {
    const box = $("keeper-advice");
    const open = view.step === "bid" && !this.#editing;
    box.hidden = !open;
    if (!open) return;
    this.#buildAdvice();
    $("keeper-advice-title").textContent = t("handadvice.title", { name: view.players[view.bidder] });
    if (this.#askedFor !== this.#text) {
      this.#askedFor = null;
      $("keeper-advice-result").replaceChildren();
    }
    const needed = $("keeper-advice-count");
    needed.textContent = t("handadvice.count", { chosen: this.#hand.size, count: view.cards });
    const lastRound = view.cards * view.players.length === DECK;
    $("keeper-turned-field").hidden = lastRound;
    $("keeper-last-round").hidden = !lastRound;
    $("keeper-trump-field").hidden = lastRound || $("keeper-turned").value !== "Z";
  }

  /** The picker and its fields, built once per language and theme (they keep what was picked). */
  #buildAdvice() {
    const body = $("keeper-advice-body");
    const key = `${currentLanguage()}|${this.#theme()}`;
    if (body.dataset.built === key) return;
    body.dataset.built = key;
    const theme = this.#theme();
    const picker = el("div", "keeper-picker");
    picker.setAttribute("role", "group");
    picker.setAttribute("aria-label", t("handadvice.your_cards"));
    picker.dataset.theme = theme;
    for (const suit of SUITS) {
      const row = el("div", "keeper-suit-row");
      row.append(el("span", `keeper-suit-name suit-text-${suit}`, suitName(suit, theme)));
      const cards = el("div", "keeper-suit-cards");
      for (const rank of RANKS) cards.append(this.#pickButton(`${rank}${suit}`, `${rank}${suit}`, theme, suit));
      row.append(cards);
      picker.append(row);
    }
    for (const special of ["Z", "N"]) {
      const row = el("div", "keeper-suit-row");
      row.append(el("span", "keeper-suit-name", cardName(special, theme)));
      const cards = el("div", "keeper-suit-cards");
      for (let copy = 1; copy <= COPIES; copy++) cards.append(this.#pickButton(`${special}${copy}`, special, theme, ""));
      row.append(cards);
      picker.append(row);
    }
    const count = el("p", "keeper-advice-count");
    count.id = "keeper-advice-count";
    count.setAttribute("aria-live", "polite");

    const turnedField = el("label", "field");
    turnedField.id = "keeper-turned-field";
    const turned = el("select");
    turned.id = "keeper-turned";
    turned.append(new Option(t("handadvice.turned_choose"), ""));
    for (const card of ["Z", "N", ...[...SUITS].flatMap((suit) => [...RANKS].map((rank) => `${rank}${suit}`))]) {
      turned.append(new Option(cardName(card, theme), card));
    }
    turnedField.append(el("span", "", t("handadvice.turned")), turned);
    const lastRound = el("p", "note", t("handadvice.last_round"));
    lastRound.id = "keeper-last-round";
    const trumpField = el("label", "field");
    trumpField.id = "keeper-trump-field";
    const trump = el("select");
    trump.id = "keeper-trump";
    trump.append(new Option(t("handadvice.trump_choose"), ""));
    for (const suit of SUITS) trump.append(new Option(suitName(suit, theme), suit));
    trumpField.append(el("span", "", t("handadvice.trump")), trump);
    const ask = button(t("handadvice.ask"), "ask", "primary");
    ask.id = "keeper-ask";
    const clear = button(t("handadvice.clear"), "clear-hand");
    const result = el("div", "keeper-advice-result");
    result.id = "keeper-advice-result";
    result.setAttribute("aria-live", "polite");
    body.replaceChildren(el("p", "note", t("handadvice.intro")), picker, count, turnedField, lastRound, trumpField,
      el("div", "dialog-buttons", null), result);
    body.querySelector(".dialog-buttons").append(ask, clear);
  }

  #pickButton(id, card, theme, suit) {
    const node = el("button", `keeper-pick ${suit ? `suit-text-${suit}` : "special"}`);
    node.type = "button";
    node.dataset.keeper = `pick ${id}`;
    node.dataset.card = card;
    const short = card.length === 1 ? t(`corner.${card}`) : theme === "amigo" ? String(RANKS.indexOf(card[0]) + 1) : (card[0] === "T" || "JQKA".includes(card[0]) ? t(`corner.${card[0]}`) : card[0]);
    node.textContent = short;
    node.setAttribute("aria-label", cardName(card, theme));
    node.setAttribute("aria-pressed", String(this.#hand.has(id)));
    return node;
  }

  /** Arrow keys move through the card picker: along a suit's row, or to the row above or below. */
  #pickerKey(event) {
    const node = event.target.closest?.(".keeper-pick");
    const step = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] }[event.key];
    if (!node || !step || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const rows = [...this.#root.querySelectorAll(".keeper-suit-cards")].map((row) => [...row.children]);
    const r = rows.findIndex((row) => row.includes(node));
    const c = rows[r].indexOf(node);
    const row = rows[(r + step[0] + rows.length) % rows.length];
    row[step[0] ? Math.min(c, row.length - 1) : (c + step[1] + row.length) % row.length].focus();
  }

  #pick(id, node) {
    if (this.#hand.has(id)) this.#hand.delete(id);
    else this.#hand.add(id);
    node.setAttribute("aria-pressed", String(this.#hand.has(id)));
    $("keeper-advice-count").textContent = t("handadvice.count", { chosen: this.#hand.size, count: this.#pad.view.cards });
  }

  #clearHand() {
    this.#hand.clear();
    for (const node of this.#root.querySelectorAll(".keeper-pick")) node.setAttribute("aria-pressed", "false");
    $("keeper-turned").value = "";
    $("keeper-trump").value = "";
    $("keeper-advice-result").replaceChildren();
    this.#drawAdvice(this.#pad.view);
  }

  async #ask() {
    const view = this.#pad.view;
    const text = this.#text;
    const hand = [...this.#hand].map((id) => id.replace(/^([ZN])\d$/, "$1"));
    const lastRound = view.cards * view.players.length === DECK;
    const turned = lastRound ? null : $("keeper-turned").value || null;
    const trump = turned === "Z" ? $("keeper-trump").value || null : null;
    if (!this.#coach) this.#coach = this.#startCoach();
    const result = $("keeper-advice-result");
    const wait = busyLine(t("practice.weighing"));
    result.replaceChildren(wait);
    result.setAttribute("aria-busy", "true");
    try {
      const { advice } = await this.#coach.call("hand_advice", { keeper: text, hand, turned, trump });
      if (this.#pad?.keeper !== text) return;
      this.#askedFor = text;
      result.replaceChildren(...this.#adviceResult(advice));
    } catch (error) {
      result.replaceChildren(el("p", "reason", error?.boot ? t("practice.coach_error") : errorText(error, this.#wordsView())));
    } finally {
      result.removeAttribute("aria-busy");
    }
  }

  #adviceResult(advice) {
    const bidOf = (option) => Number(option.split(" ")[1]);
    const pick = advice.options.find((o) => o.option === advice.pick);
    const line = el("p", "keeper-advice-pick", t("handadvice.pick", {
      bid: bidOf(pick.option), points: expectedText(pick.points), chance: chanceText(pick.make),
    }));
    const table = el("table", "practice-options keeper-advice-table");
    const caption = el("caption", "", t("practice.table_caption"));
    const head = el("tr");
    for (const text of [t("practice.col_bid"), t("practice.col_points"), t("practice.col_make")]) {
      const th = el("th", "", text);
      th.scope = "col";
      head.append(th);
    }
    table.append(caption, el("thead"));
    table.tHead.append(head);
    const body = el("tbody");
    for (const option of [...advice.options].sort((a, b) => bidOf(a.option) - bidOf(b.option))) {
      const row = el("tr", option.option === advice.pick ? "pick" : "");
      const cell = el("th", "", String(bidOf(option.option)));
      cell.scope = "row";
      if (option.option === advice.pick) cell.append(" ", el("span", "badge mark-coach", t("practice.mark_coach")));
      row.append(cell, el("td", "practice-number", expectedText(option.points)), el("td", "practice-chance", chanceText(option.make)));
      body.append(row);
    }
    table.append(body);
    return [line, table];
  }

  // --- input -----------------------------------------------------------------------------------

  #submitted(event) {
    event.preventDefault();
    const form = event.target;
    if (form.id === "keeper-setup") this.#start();
    else if (form.id === "keeper-bid-form") this.#bid();
    else if (form.id === "keeper-tricks-form") this.#tricks();
    else if (form.id === "keeper-edit-form") this.#saveEdit();
  }

  #changed(event) {
    const target = event.target;
    if (target.id === "keeper-count" && event.type === "change") {
      this.#drawSetup();
      $("keeper-count").focus();
    } else if (target.id?.startsWith("keeper-name-")) {
      this.#fillNames(0, null);
    } else if (target.id?.startsWith("keeper-tricks-")) {
      this.#updateTricksSum();
    } else if (target.id === "keeper-turned") {
      $("keeper-trump-field").hidden = target.value !== "Z";
    }
  }

  async #start() {
    const setup = this.#readSetup();
    const ok = await this.#request("keeper_new", { players: setup.names, options: setup.options, first_dealer: setup.firstDealer, me: setup.me });
    if (ok) {
      this.#clearPicked();
      $("keeper-bid")?.focus();
    }
  }

  #clearPicked() {
    this.#hand.clear();
    this.#askedFor = null;
    $("keeper-advice-body").dataset.built = "";
  }

  async #bid() {
    const input = $("keeper-bid");
    if (input.value.trim() === "") return input.focus();
    const ok = await this.#enter(["bid", typed(input)]);
    if (!ok) return input.select();
    this.#clearPicked();
    this.#draw();
    (this.#pad.view.step === "bid" ? $("keeper-bid") : $("keeper-tricks-0"))?.focus();
  }

  async #tricks() {
    const view = this.#pad.view;
    const taken = view.players.map((_, seat) => typed($(`keeper-tricks-${seat}`)));
    const kept = taken.map(String);
    const ok = await this.#enter(["tricks", taken]);
    if (ok) {
      (this.#pad.view.step === "over" ? $("keeper-share") : $("keeper-bid"))?.focus();
    } else {
      kept.forEach((value, seat) => { $(`keeper-tricks-${seat}`).value = value; });
      this.#updateTricksSum();
    }
  }

  async #saveEdit() {
    const round = this.#editing;
    const players = this.#pad.view.players;
    const bids = players.map((_, seat) => typed($(`keeper-edit-bid-${seat}`)));
    const taken = players.map((_, seat) => typed($(`keeper-edit-taken-${seat}`)));
    if (!(await this.#enter(["edit", round, bids, taken]))) return; // the form keeps what was typed
    this.#editing = null;
    this.#draw();
    this.#root.querySelector(`tr[data-round="${round}"] .keeper-edit-button`)?.focus();
  }

  #clicked(event) {
    const node = event.target.closest("button[data-keeper]");
    if (!node || node.disabled) return;
    const [action, arg] = node.dataset.keeper.split(" ");
    if (action === "pick") this.#pick(arg, node);
    else if (action === "ask") this.#ask();
    else if (action === "clear-hand") this.#clearHand();
    else if (action === "edit") this.#edit(Number(arg));
    else if (action === "edit-cancel") this.#cancelEdit();
    else if (action === "undo") this.#undo();
    else if (action === "print") window.print();
    else if (action === "share") this.#share();
    else if (action === "new") this.#askNew(node);
    else if (action === "new-yes") this.#newPad();
    else if (action === "back") this.#back();
  }

  #back() {
    this.close();
    this.#onBack();
  }

  #edit(round) {
    this.#editing = round;
    this.#showError(null);
    this.#draw();
    $("keeper-edit-bid-0")?.focus();
  }

  #cancelEdit() {
    const round = this.#editing;
    this.#editing = null;
    this.#showError(null);
    this.#draw();
    this.#root.querySelector(`tr[data-round="${round}"] .keeper-edit-button`)?.focus();
  }

  async #undo() {
    this.#editing = null;
    await this.#request("keeper_undo", { keeper: this.#text });
    ($("keeper-undo").disabled ? $("keeper-new") : $("keeper-undo")).focus();
  }

  /** A new pad deletes this one: asked once more, beside the button. */
  #askNew(node) {
    const confirm = button(t("keeper.new_confirm"), "new-yes", "danger");
    confirm.id = "keeper-new-yes";
    node.after(confirm);
    node.disabled = true;
    confirm.focus();
  }

  #newPad() {
    this.#pad = null;
    this.#editing = null;
    this.#clearPicked();
    this.#store.clearKeeper();
    this.#showError(null);
    this.#draw();
    $("keeper-name-0").focus();
  }

  // --- the pad as an image ------------------------------------------------------------------

  async #share() {
    const blob = await new Promise((resolve) => drawImage(this.#pad.view).toBlob(resolve, "image/png"));
    const file = new File([blob], IMAGE_NAME, { type: "image/png" });
    if (navigator.canShare?.({ files: [file] })) {
      try {
        await navigator.share({ files: [file], title: t("keeper.title") });
        return;
      } catch (error) {
        if (error?.name === "AbortError") return; // the person closed the share sheet
      }
    }
    const link = $("keeper-download");
    if (link.href) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(blob);
    link.download = IMAGE_NAME;
    link.textContent = t("keeper.download");
    link.hidden = false;
    link.focus();
  }
}

/** The pad drawn into a canvas: names, each round's bid, tricks and total, the final totals. */
export function drawImage(view) {
  const scale = 2;
  const first = 110;
  const column = 130;
  const line = 30;
  const width = first + column * view.players.length + 20;
  const height = line * (view.pad.length + 5) + 20;
  const canvas = document.createElement("canvas");
  canvas.width = width * scale;
  canvas.height = height * scale;
  const g = canvas.getContext("2d");
  g.scale(scale, scale);
  g.fillStyle = "#fffdf6";
  g.fillRect(0, 0, width, height);
  g.fillStyle = "#1b244a";
  g.font = "bold 18px system-ui, sans-serif";
  g.fillText(t("pad.title"), 10, line);
  g.font = "bold 14px system-ui, sans-serif";
  const clip = (text, room) => {
    let shown = text;
    while (shown.length > 1 && g.measureText(shown).width > room) shown = shown.slice(0, -1);
    return shown === text ? text : `${shown.slice(0, -1)}…`;
  };
  view.players.forEach((name, seat) => g.fillText(clip(name, column - 10), first + seat * column, line * 2));
  g.font = "13px system-ui, sans-serif";
  g.fillStyle = "#555";
  g.fillText(t("pad.round"), 10, line * 2);
  view.pad.forEach((round, index) => {
    const y = line * (index + 3);
    g.fillStyle = index % 2 ? "#f3efe2" : "#fffdf6";
    g.fillRect(0, y - line + 9, width, line);
    g.fillStyle = "#1b244a";
    g.fillText(String(round.round), 10, y);
    round.rows.forEach((row, seat) => {
      const x = first + seat * column;
      g.fillStyle = row.bid === row.taken ? "#1d6b35" : "#a32020";
      g.fillText(`${row.bid} / ${row.taken}`, x, y);
      g.fillStyle = "#1b244a";
      g.fillText(numberText(row.total), x + 60, y);
    });
  });
  const y = line * (view.pad.length + 3) + 4;
  g.strokeStyle = "#1b244a";
  g.beginPath();
  g.moveTo(10, y - line + 12);
  g.lineTo(width - 10, y - line + 12);
  g.stroke();
  g.font = "bold 15px system-ui, sans-serif";
  g.fillText(t("pad.total"), 10, y);
  view.totals.forEach((total, seat) => g.fillText(numberText(total), first + seat * column + 60, y));
  if (view.winners.length) {
    g.font = "14px system-ui, sans-serif";
    const names = view.winners.map((seat) => view.players[seat]).join(", ");
    g.fillText(clip(t("keeper.image_winners", { names, count: view.winners.length }), width - 20), 10, y + line);
  }
  return canvas;
}
