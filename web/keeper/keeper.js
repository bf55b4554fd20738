// The score keeper for a real deck, a screen of its own: the people at the table deal and
// play with their own cards, and this page keeps the paper pad. Every rule, every figure
// and every refusal comes from the engine's keeper (keeper_new, keeper_enter, keeper_undo,
// keeper_load: stateless requests that carry the pad's document); this module keeps that
// document (autosaved), takes the person's input and words the engine's reasons. The
// setup, the board, the hand advice and the pad's picture are drawn by the modules beside it.
import { $ } from "../lib/dom.js";
import { errorReason, errorText, reasonText, t } from "../lib/words.js";
import { HandAdvice } from "./advice.js";
import { button, typed } from "./fields.js";
import { sharePad } from "./image.js";
import { actions, editForm, padTable, status, stepArea, tricksSumText } from "./pad.js";
import { drawSetup, fillNames, readSetup } from "./setup.js";

export class ScoreKeeper {
  #engine;
  #store;
  #theme;
  #onBack;
  #advice;
  #root = $("keeper");
  #pad = null; // {keeper: the document's text, view}
  #stored = null; // the pad's text in storage as this tab last read or wrote it (another tab may change it)
  #editing = null; // the number of the finished round being corrected

  /**
   * @param engine the game's engine (keeper_* requests: cheap, and they keep nothing).
   * @param startCoach () => the coach's engine, for hand advice (booted on first use).
   * @param store the page's Store (the pad's autosave under its own key).
   * @param theme () => the display theme (card names in the picker).
   * @param onBack called when the person leaves the score keeper.
   */
  constructor(engine, startCoach, store, { theme, onBack }) {
    this.#engine = engine;
    this.#store = store;
    this.#theme = theme;
    this.#onBack = onBack;
    this.#advice = new HandAdvice(this.#root, startCoach, theme);
    this.#root.addEventListener("click", (event) => this.#clicked(event));
    this.#root.addEventListener("submit", (event) => this.#submitted(event));
    this.#root.addEventListener("input", (event) => this.#changed(event));
    this.#root.addEventListener("change", (event) => this.#changed(event));
    store.addEventListener("keeper-changed", () => this.#otherTab());
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
    this.#stored = text;
    if (text === null) return;
    try {
      this.#pad = await this.#engine.call("keeper_load", { keeper: text });
    } catch (error) {
      const key = this.#store.setKeeperAside(text);
      if (key) this.#stored = null;
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
      const kept = this.#store.saveKeeper(answer.keeper, this.#stored);
      if (kept === "behind") {
        await this.#otherTab({ lost: true });
        return false;
      }
      if (kept === "saved") this.#stored = answer.keeper;
      this.#pad = answer;
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

  /**
   * Another tab changed the pad: show its pad instead (this tab never overwrites it), and say
   * so; `lost`: an entry made here came too late and was not kept.
   */
  async #otherTab({ lost = false } = {}) {
    if (!lost && this.#store.loadKeeper() === this.#stored) return;
    this.#pad = null;
    this.#editing = null;
    this.#advice.forget();
    if (!this.isOpen) return; // opened again, it reads the pad anew
    await this.#resume();
    this.#draw();
    this.#showError(null);
    this.#showAlert(t(lost ? "keeper.behind" : "keeper.changed_elsewhere"));
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
      drawSetup();
      document.documentElement.dataset.keeper = "setup";
      return;
    }
    document.documentElement.dataset.keeper = this.#editing ? "edit" : view.step;
    $("keeper-status").replaceChildren(...status(view));
    const step = this.#editing ? editForm(view, this.#editing) : stepArea(view, this.#wordsView());
    $("keeper-step").replaceChildren(...step);
    $("keeper-actions").replaceChildren(...actions(view));
    this.#advice.draw(view, this.#text, view.step === "bid" && !this.#editing);
    $("keeper-pad").replaceChildren(...padTable(view, this.#editing));
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
      drawSetup();
      $("keeper-count").focus();
    } else if (target.id?.startsWith("keeper-name-")) {
      fillNames(0, null);
    } else if (target.id?.startsWith("keeper-tricks-")) {
      this.#updateTricksSum();
    } else if (target.id === "keeper-turned") {
      this.#advice.turnedChanged(target.value);
    }
  }

  #updateTricksSum() {
    const sum = $("keeper-tricks-sum");
    if (this.#pad && sum) sum.textContent = tricksSumText(this.#pad.view, this.#root);
  }

  #clicked(event) {
    const node = event.target.closest("button[data-keeper]");
    if (!node || node.disabled) return;
    const [action, arg] = node.dataset.keeper.split(" ");
    if (action === "pick") this.#advice.pick(arg, node, this.#pad.view);
    else if (action === "ask") this.#advice.ask(this.#pad.view, this.#text, () => this.#pad?.keeper, this.#wordsView());
    else if (action === "clear-hand") this.#advice.clear(this.#pad.view, this.#text);
    else if (action === "edit") this.#edit(Number(arg));
    else if (action === "edit-cancel") this.#cancelEdit();
    else if (action === "undo") this.#undo();
    else if (action === "print") window.print();
    else if (action === "share") sharePad(this.#pad.view);
    else if (action === "new") this.#askNew(node);
    else if (action === "new-yes") this.#newPad();
    else if (action === "back") this.#back();
  }

  async #start() {
    const setup = readSetup();
    const params = { players: setup.names, options: setup.options, first_dealer: setup.firstDealer, me: setup.me };
    if (await this.#request("keeper_new", params)) {
      this.#advice.forget();
      $("keeper-bid")?.focus();
    }
  }

  async #bid() {
    const input = $("keeper-bid");
    if (input.value.trim() === "") return input.focus();
    const ok = await this.#enter(["bid", typed(input)]);
    if (!ok) return input.select();
    this.#advice.forget();
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
    this.#advice.forget();
    this.#store.clearKeeper();
    this.#stored = null;
    this.#showError(null);
    this.#draw();
    $("keeper-name-0").focus();
  }
}
