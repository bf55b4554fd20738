// The score keeper for a real deck, a screen of its own: the people at the table deal and
// play with their own cards, and this page keeps the paper pad. Every rule, every figure
// and every refusal comes from the engine's keeper (keeper_new, keeper_enter, keeper_undo,
// keeper_load: stateless requests that carry the pad's document); this module keeps that
// document (autosaved), takes the person's input and words the engine's reasons. The
// setup, the board, the hand advice and the pad's picture are drawn by the modules beside it.
import { BidTyping } from "../lib/bids.js";
import { $, inTextField, moveAlong } from "../lib/dom.js";
import { errorReason, errorText, t } from "../lib/words.js";
import { HandAdvice } from "./advice.js";
import { button, choose, chosen } from "./fields.js";
import { sharePad } from "./image.js";
import { actions, editForm, padTable, status, stepArea, tricksSum } from "./pad.js";
import { drawSetup, fillNames, readSetup } from "./setup.js";

export class ScoreKeeper {
  #engine;
  #store;
  #theme;
  #onBack;
  #advice;
  #described;
  #offered = null; // what the engine offers (describe()): the setup's choices, the deck for the picker
  #root = $("keeper");
  #pad = null; // {keeper: the document's text, view}
  #stored = null; // the pad's text in storage as this tab last read or wrote it (another tab may change it)
  #editing = null; // the number of the finished round being corrected
  #busy = false; // an entry is with the engine: a second tap waits for its answer
  #typing = new BidTyping(); // digits typed bid
  #countTyping = new WeakMap(); // a count's group -> the digits typed in it

  /**
   * @param engine the game's engine (keeper_* requests: cheap, and they keep nothing).
   * @param startCoach () => the coach's engine, for hand advice (booted on first use).
   * @param store the page's Store (the pad's autosave under its own key).
   * @param theme () => the display theme (card names in the picker).
   * @param described async () => what the engine offers (describe()).
   * @param onBack called when the person leaves the score keeper.
   */
  constructor(engine, startCoach, store, { theme, described, onBack }) {
    this.#engine = engine;
    this.#store = store;
    this.#theme = theme;
    this.#described = described;
    this.#onBack = onBack;
    this.#advice = new HandAdvice(this.#root, startCoach, theme, () => this.#offered.deck);
    this.#root.addEventListener("click", (event) => this.#clicked(event));
    this.#root.addEventListener("submit", (event) => this.#submitted(event));
    this.#root.addEventListener("input", (event) => this.#changed(event));
    this.#root.addEventListener("change", (event) => this.#changed(event));
    document.addEventListener("keydown", (event) => this.#key(event));
    store.addEventListener("keeper-changed", () => this.#otherTab());
  }

  get isOpen() {
    return !this.#root.hidden;
  }

  /** Show the score keeper: the saved pad if there is one, else the setup. */
  async open() {
    this.#root.hidden = false;
    this.#showError(null);
    this.#offered ??= await this.#described();
    if (!this.#pad) await this.#resume();
    this.#draw();
    (this.#root.querySelector("#keeper-setup:not([hidden]) select") ?? this.#entryButton() ?? $("keeper-back")).focus();
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
    const text = await this.#store.latestKeeper();
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
    this.#busy = true;
    try {
      const answer = await this.#engine.call(method, params);
      const kept = await this.#store.saveKeeper(answer.keeper, this.#stored);
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
      this.#busy = false;
      delete document.documentElement.dataset.keeperBusy;
    }
  }

  /**
   * Another tab changed the pad: show its pad instead (this tab never overwrites it), and say
   * so; `lost`: an entry made here came too late and was not kept.
   */
  async #otherTab({ lost = false } = {}) {
    if (!lost && (await this.#store.latestKeeper()) === this.#stored) return;
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

  /** The pad's view in the display theme, as the words module and the bid buttons read a view. */
  #wordsView() {
    return { ...this.#pad?.view, theme: this.#theme() };
  }

  #showError(error) {
    const box = $("keeper-error");
    box.textContent = error ? errorText(error, this.#wordsView()) : "";
    box.hidden = !error;
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
      drawSetup(this.#offered);
      document.documentElement.dataset.keeper = "setup";
      return;
    }
    document.documentElement.dataset.keeper = this.#editing ? "edit" : view.step;
    $("keeper-status").replaceChildren(...status(this.#wordsView()));
    const step = this.#editing ? editForm(view, this.#editing) : stepArea(this.#wordsView());
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
    else if (this.#busy) return;
    else if (form.id === "keeper-tricks-form") this.#tricks();
    else if (form.id === "keeper-edit-form") this.#saveEdit();
  }

  #changed(event) {
    const target = event.target;
    if (target.id === "keeper-count" && event.type === "change") {
      drawSetup(this.#offered);
      $("keeper-count").focus();
    } else if (target.id?.startsWith("keeper-name-")) {
      fillNames(0, null);
    } else if (target.id === "keeper-turned") {
      this.#advice.turnedChanged(target.value);
    }
  }

  /** The counts chosen in groups `${prefix}${seat}`, seat by seat. */
  #counts(prefix) {
    return this.#pad.view.players.map((_, seat) => chosen(this.#root, `${prefix}${seat}`));
  }

  #updateTricksSum() {
    const sum = $("keeper-tricks-sum");
    if (this.#pad && sum) sum.textContent = tricksSum(this.#pad.view, this.#counts("keeper-tricks-"));
  }

  /** The button the next entry starts from: the bid's row, or the first player's tricks (its Tab stop). */
  #entryButton() {
    const group = this.#root.querySelector("#keeper-bid-row .bids, #keeper-step .keeper-count");
    return group?.querySelector(".bid[tabindex='0']") ?? group?.querySelector(".bid:not(:disabled)");
  }

  /**
   * Keys for the counts and the bid: in a count's group, digits and arrow keys choose and
   * Enter enters the form; elsewhere on the screen (not in a field, nor the hand's picker),
   * digits bid, as at the table.
   */
  #key(event) {
    if (!this.isOpen || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    const count = target.closest?.(".keeper-count");
    if (count) return this.#countKey(event, count);
    if (inTextField(target) || target.closest?.("select, #keeper-advice, dialog[open]")) return;
    const row = $("keeper-bid-row")?.querySelector(".bids");
    if (!row) return;
    if (!this.#typing.key(event, row) && target.closest?.(".bids") === row) moveAlong(event, row);
  }

  #countKey(event, group) {
    if (!this.#countTyping.has(group)) this.#countTyping.set(group, new BidTyping());
    if (this.#countTyping.get(group).key(event, group)) return;
    if (event.key === "Enter") {
      event.preventDefault();
      group.closest("form").requestSubmit();
      return;
    }
    moveAlong(event, group); // and the button moved to is chosen, as in a group of radio buttons
    const moved = document.activeElement;
    if (moved !== event.target && group.contains(moved)) moved.click();
  }

  #clicked(event) {
    const node = event.target.closest("button[data-keeper]");
    if (!node || node.disabled) return;
    const [action, arg] = node.dataset.keeper.split(" ");
    if (action === "bid") this.#bid(Number(arg));
    else if (action === "cloud") this.#cloud(node.dataset.keeper.split(" ").slice(1));
    else if (action === "count") this.#count(node);
    else if (action === "pick") this.#advice.pick(arg, node, this.#pad.view);
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
      this.#entryButton()?.focus();
    }
  }

  /** A bid's button tapped (or its digits typed): entered at once. */
  async #bid(n) {
    if (this.#busy || this.#editing) return;
    if (!(await this.#enter(["bid", n]))) return;
    this.#advice.forget();
    this.#draw();
    this.#entryButton()?.focus();
  }

  /** A count's button tapped: it is the count chosen (the tricks' sum follows). */
  #count(node) {
    choose(node);
    node.focus();
    if (node.closest("#keeper-tricks-form")) this.#updateTricksSum();
  }

  /**
   * A Cloud's +1/-1 tapped beside a player's bid: entered at once (S13). The tricks chosen so
   * far stay chosen in the form drawn again.
   */
  async #cloud([seat, change]) {
    if (this.#busy || this.#editing) return;
    const counts = this.#counts("keeper-tricks-");
    if (!(await this.#enter(["cloud", Number(seat), Number(change)]))) return;
    counts.forEach((count, i) => choose(this.#root.querySelector(`#keeper-tricks-${i} [data-bid="${count}"]`)));
    this.#updateTricksSum();
    this.#root.querySelector(`[data-keeper="cloud ${seat} ${change}"]:not(:disabled)`)?.focus();
  }

  async #tricks() {
    // Refused, the form stays as it was (it is not drawn again): the counts are still there to correct.
    if (!(await this.#enter(["tricks", this.#counts("keeper-tricks-")]))) return;
    (this.#pad.view.step === "over" ? $("keeper-share") : this.#entryButton())?.focus();
  }

  async #saveEdit() {
    const round = this.#editing;
    const entry = ["edit", round, this.#counts("keeper-edit-bid-"), this.#counts("keeper-edit-taken-")];
    if ($("keeper-edit-cloud-0")) entry.push(this.#counts("keeper-edit-cloud-")); // the Cloud's changes too
    if (!(await this.#enter(entry))) return; // the form keeps what was chosen
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
    this.#root.querySelector("#keeper-edit-bid-0 [tabindex='0']")?.focus();
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
