// The game's flow on the page: sends intents to the engine, takes back each
// new view, keeps the save, paces the bots, and decides what the page shows
// next: the first-dealer draw, a round's result (a strip on the table, or at
// pass-and-play the full summary), the final standings, how long a finished
// trick stays on the table, and that the bots wait while a round's result
// holds them. Data flows one way: intent -> engine -> view (JSON) ->
// ui.draw(view, display). No rule of Wizard is decided here; the view says
// who acts and what is legal.
import { PACES } from "../lib/pace.js";
import { changes, roundEndPicture } from "./between.js";
import { pickCard } from "./specials.js";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class Game {
  view = null;
  /** The last save this tab kept or loaded (opaque): what a restarted engine reloads. */
  lastSave = null;
  /**
   * null, or why this tab stepped aside: "continued" (its game went on in another tab) or
   * "replaced" (another game began there).
   */
  behind = null;
  pace = PACES.normal;
  theme = "classic";
  #calls = Promise.resolve(); // engine calls, one at a time, in order
  #generation = 0; // bumps on every new game / load: stale bot loops stop
  #holds = new Set(); // open dialogs that pause the bots
  #lingerUntil = 0; // a finished trick stays in view until then
  #looping = false;
  #paused = false; // Watch mode's pause (and a review's): the bots wait
  #request = null; // the person's request (or a new game) on its way to the engine: a promise, or null
  #roundTrick = false; // the round's last trick stays on the table until its summary is closed
  #between = null; // the table as the round ended (a picture built from the views), shown until its summary closes
  /** The first-dealer draw as a dialog to dismiss (a setting); else a line shown briefly on the table. */
  drawDialog = false;
  #claims = 0; // games dealt or taken over here: a save's answer about an earlier one is stale
  /** A round's result goes on to the next round by itself (a setting); else it waits for "Next round". */
  autoContinue = true;
  #accepted = 0; // views accepted: a bot's answer computed before a newer view is dropped
  #ahead = false; // a bot's decision is asked and not yet on the table: the engine is a move ahead
  #game = null; // {id, moves} of the game shown: the view's `game` (or counted here for an engine without it)
  /**
   * The coach's hooks (coach.js): turn(view, save), acted(choice, saveBefore, view),
   * round(view, save); each optional.
   */
  hooks = {};

  /**
   * @param engine engine.js's Engine (call(method, params))
   * @param store  store.js's Store
   * @param ui     {draw(view, display), show(dialog, view) -> Promise (settles when it closes),
   *                announce(before, view, events), error(error, view), busy(busy)}
   */
  constructor(engine, store, ui) {
    this.engine = engine;
    this.store = store;
    this.ui = ui;
    store.addEventListener("changed", () => this.#checkOthers());
  }

  setPace(key) {
    this.pace = PACES[key] ?? PACES.normal;
  }

  /** Pause the bots (Watch mode, or while a review is open) or let them go on. */
  setPaused(paused) {
    this.#paused = paused;
    if (!paused && this.view && !this.behind) this.#runBots();
  }

  get paused() {
    return this.#paused;
  }

  /** A round's result (or a dialog) holds the table: the next round's turn is not offered yet. */
  get holding() {
    return this.#holds.size > 0;
  }

  /** While paused: the next bot makes one decision (after any call already on its way). */
  async step() {
    if (!this.#paused || this.#request || this.behind) return;
    await this.#calls;
    if (!this.#paused || !this.view?.bot_to_act) return;
    const generation = this.#generation;
    const call = this.#call("bot_step", {});
    this.#request = call.catch(() => {});
    try {
      const result = await call;
      if (generation === this.#generation) this.#accept(result, {});
    } catch (error) {
      this.ui.error(error, this.view);
    } finally {
      this.#request = null;
    }
  }

  /** Deal a new game; rejects with the engine's error if the config is refused. */
  async start(config, theme) {
    this.theme = theme;
    await this.#begin("new_game", { config, theme }, { fresh: true });
  }

  /** Resume from a save document; rejects with the engine's error if unreadable. */
  async resume(save) {
    await this.#begin("load", { save, theme: this.theme }, { resumed: true, claim: true });
  }

  /** Take the game over from another tab: load what it saved, and go on here. */
  async takeOver() {
    const { save } = await this.store.latestGame(); // (this tab's localStorage may lag behind the tab that wrote)
    if (save === null) return;
    await this.resume(save);
  }

  /** The engine was restarted (it crashed or stopped answering): reload the last good save. */
  async recover() {
    if (this.lastSave === null || this.behind) return;
    await this.#begin("load", { save: this.lastSave, theme: this.theme }, { resumed: true, recovered: true });
  }

  /** A new game or a loaded one: the old game's bots stop at once and wait for it. */
  async #begin(method, params, flags) {
    this.#generation++;
    if (!flags.recovered) this.#paused = false; // a new or resumed game starts playing
    const call = this.#call(method, params);
    this.#request = call.catch(() => {});
    try {
      this.#accept(await call, flags);
    } finally {
      this.#request = null;
    }
  }

  /** The person's intent, in the engine's notation: "play 7H", "bid 2", "trump H". */
  async act(action) {
    if (this.#request || this.behind || !this.view?.legal.includes(action)) return; // a double or stale click
    await this.#send("act", { action }, { acted: { choice: action, save: this.lastSave } });
  }

  /** A hand card picked for a two-step choice (a special card's colour, the Witch's take): drawn, then chosen. */
  pick(card) {
    if (this.#request || this.behind || !this.view?.your_turn) return;
    pickCard(this.view, card);
    this.#draw();
  }

  async takeBack() {
    if (this.#request || this.behind || !this.view?.can_undo) return;
    this.#lingerUntil = 0;
    // A bot's decision the table does not show yet (the bot thinks during the pause): the engine
    // goes back to what the table shows (its save), so the take-back is the one the person saw
    // allowed. (One person at the device: a loaded game starts pass-and-play with a hand-over.)
    const restore = this.#ahead && this.lastSave !== null && this.view.people?.length === 1;
    await this.#send("undo", {}, {}, restore ? { save: this.lastSave, theme: this.theme } : null);
  }

  /** Pass-and-play: the person the device was passed to has it now; the view becomes theirs. */
  async takeDevice() {
    if (this.#request || this.behind || this.view?.pass_to === null || this.view?.pass_to === undefined) return;
    await this.#send("take_device", {});
  }

  async setTheme(theme) {
    this.theme = theme;
    if (!this.view) return;
    const result = await this.#call("set_theme", { theme });
    this.view = result.view;
    this.#draw();
  }

  /** Draw the current view again (its words changed: another language). */
  redraw() {
    if (this.view) this.#draw();
  }

  /** What the table shows besides the view (display state decided here, drawn by the ui). */
  #display() {
    const view = this.view;
    const between = view.trick.plays.length === 0 && view.last_trick !== null;
    return { finishedTrick: between && (view.tricks.length > 0 || this.#roundTrick) };
  }

  #draw() {
    if (this.#between) this.ui.draw(this.#between, { finishedTrick: true });
    else this.ui.draw(this.view, this.#display());
  }

  /**
   * The person's request: one at a time (a second click meanwhile is dropped); `load`: a save
   * the engine loads first.
   */
  async #send(method, params, flags = {}, load = null) {
    this.ui.busy(true);
    if (load) this.#call("load", load).catch(() => {}); // (refused: the request's own answer says why)
    const request = this.#call(method, params).then(
      (result) => this.#accept(result, flags),
      (error) => this.ui.error(error, this.view),
    );
    this.#request = request.catch(() => {}); // the bots' loop waits for it, failed or not
    try {
      await request;
    } finally {
      this.#request = null;
      this.ui.busy(false);
    }
  }

  #call(method, params) {
    const call = this.#calls.then(() => this.engine.call(method, params));
    this.#calls = call.catch(() => {});
    return call;
  }

  /** The game's {id, moves}: the view's, or (an engine without it) counted here. */
  #identify(view, flags) {
    if (view.game && typeof view.game.id === "string") return view.game;
    if (flags.recovered && this.#game) return this.#game;
    const fresh = () => ({ id: `page-${Math.random().toString(36).slice(2)}`, moves: 0 });
    if (flags.resumed) return this.store.savedGame() ?? fresh();
    if (flags.fresh || !this.#game) return fresh();
    return { id: this.#game.id, moves: this.#game.moves + 1 };
  }

  /** Another tab wrote: if it went on with this game, or began another, this tab steps aside. */
  #checkOthers() {
    if (!this.#game || this.behind) return;
    const stored = this.store.savedGame();
    if (!stored || stored.tab === this.store.tab) return;
    if (stored.id !== this.#game.id) this.#stepAside("replaced");
    else if (stored.moves > this.#game.moves) this.#stepAside("continued");
  }

  #stepAside(why) {
    this.behind = why;
    this.#generation++; // the bots stop
    this.ui.behind(why);
  }

  /**
   * Keep the save (store.js writes this tab's saves in order). Where another tab holds the game
   * (it went on there, or began another), this tab steps aside, saying whether its move was lost.
   */
  #keep(save, flags) {
    if (!save) return;
    this.lastSave = save;
    const game = { ...this.#game, over: this.view.over };
    const claim = Boolean(flags.claim || flags.fresh);
    if (claim) this.#claims++;
    const claims = this.#claims;
    this.store.saveGame(save, game, { claim }).then(async (outcome) => {
      if (outcome !== "behind" || claims !== this.#claims) return; // (a game dealt or taken over here since)
      const stored = (await this.store.latestGame()).game;
      const why = stored && stored.id !== game.id ? "replaced" : claim ? "continued" : "lost";
      // The other tab's progress may have been heard first ("continued"): a move lost is said all the same.
      if (claims === this.#claims && this.behind !== why && this.behind !== "replaced") this.#stepAside(why);
    });
  }

  /** A new view arrived: save, work out what just happened, draw, open what it calls for, go on. */
  #accept(result, flags) {
    this.#accepted++;
    const before = this.view;
    const view = result.view;
    this.view = view;
    this.#game = this.#identify(view, flags);
    if (flags.fresh || flags.claim) {
      this.behind = null;
      this.ui.behind(null);
    }
    this.#keep(result.save, flags);
    const events = { ...flags, ...changes(before, view, flags) };
    // The game just ended here (never on a reload of a finished game): history.js records it.
    if (events.gameOver && !view.open_hands && !this.behind && result.save) {
      document.dispatchEvent(new CustomEvent("wizard:game-finished", { detail: { kind: "game", save: result.save } }));
    }
    if (events.roundEnded) this.#roundTrick = true;
    if (flags.fresh || flags.resumed) this.#roundTrick = false;
    // The round's summary opens before the next round is drawn: until it closes, the table
    // shows the round as it ended.
    const pictured = events.roundEnded && !view.over && !view.open_hands && before;
    this.#between = pictured ? roundEndPicture(before, view) : null;
    events.held = Boolean(pictured); // (the next round's turn is announced once the result has gone)
    this.#draw();
    this.ui.announce(before, view, events);
    this.#openDialogs(view, events);
    this.#tellCoach(view, events);
    // Counted from here, when the trick is drawn and announced: drawing may take a while
    // on a busy phone, and the trick stays in view for the pace's whole time.
    if (events.trickDone) this.#lingerUntil = performance.now() + this.pace.trick;
    if (!this.behind) this.#runBots();
  }

  /**
   * The coach's moments: the person's move (with the save before it), a round over or a game
   * shown, the person's turn.
   */
  #tellCoach(view, events) {
    if (this.behind) return;
    if (events.acted) this.hooks.acted?.(events.acted.choice, events.acted.save, view);
    if (events.roundEnded || events.fresh || events.resumed) this.hooks.round?.(view, this.lastSave);
    if (view.your_turn) this.hooks.turn?.(view, this.lastSave);
  }

  /** The dialogs a moment calls for; the draw and a round's summary hold the bots. */
  #openDialogs(view, events) {
    // Watch mode (no person at the table, every hand open): the watcher paces the bots
    // with play/pause; only the final standings open.
    if (view.open_hands) {
      if (events.gameOver) this.ui.show("final", view);
      return;
    }
    // The first-dealer draw opens the game, and again if the page reloads before any bid.
    const atStart = view.round === 1 && !view.has_bid.some(Boolean) && view.phase !== "playing";
    if (events.fresh || (events.resumed && atStart)) {
      if (this.drawDialog) this.#hold("draw", view);
      else this.ui.brief("draw", view);
    }
    if (events.roundEnded && !view.over) {
      // The last trick stays in view for the pace's time, then the round's result: one person
      // has it on the table for the pace's time (or until "Next round", the setting off);
      // at pass-and-play the full summary, which everyone reads before the device goes on.
      const shown = view.people?.length > 1 ? this.#hold("round", view, this.pace.trick)
        : this.#hold("strip", view, this.pace.trick, this.autoContinue ? this.pace.round : null);
      const picture = this.#between;
      shown.then(() => {
        this.#roundTrick = false; // the summary was read: the last trick leaves the table
        this.#between = null; // and the next round is drawn
        if (this.view) this.#draw();
        if (this.view === view && picture) this.ui.announce(picture, view, { resultGone: true });
      });
    }
    // (a finished game loaded again opens nothing by itself: the start page shows its result)
    if (events.gameOver) this.ui.show("final", view);
  }

  /**
   * Show a dialog (after `delay` ms; `ms`: how long it stays by itself, null: until closed);
   * the bots wait until it is closed. Resolves then.
   */
  async #hold(dialog, view, delay = 0, ms = null) {
    const generation = this.#generation;
    this.#holds.add(dialog);
    try {
      if (delay > 0) await sleep(delay);
      if (generation !== this.#generation) return;
      await this.ui.show(dialog, view, ms);
    } finally {
      this.#holds.delete(dialog);
    }
    if (generation !== this.#generation) return;
    this.#runBots();
  }

  /** Let the bots act, one decision at a time, at the chosen pace. */
  async #runBots() {
    if (this.#looping) return;
    this.#looping = true;
    const generation = this.#generation;
    const mayGo = () =>
      this.view?.bot_to_act && this.#holds.size === 0 && !this.#paused && generation === this.#generation
      && !this.behind;
    try {
      while (mayGo()) {
        // The bot thinks during the pause (its answer is shown when the pause is over), so a
        // slow decision does not add to it (a take-back meanwhile: takeBack). Not in Watch mode,
        // where Pause stops at once, nor at pass-and-play while the person may still take back.
        const pause = sleep(Math.max(this.pace.step, this.#lingerUntil - performance.now()));
        if (this.view.open_hands || (this.view.can_undo && this.view.people?.length > 1)) await pause;
        while (this.#request) await this.#request; // the person's request first (take back, hidden bid)
        if (!mayGo()) break;
        const accepted = this.#accepted;
        let result;
        this.#ahead = true;
        try {
          [result] = await Promise.all([this.#call("bot_step", {}), pause]);
        } catch (error) {
          this.ui.error(error, this.view);
          break;
        } finally {
          this.#ahead = false;
        }
        if (generation !== this.#generation) break;
        // The person's request came meanwhile (a take back, a hidden bid): its answer is newer
        // than this one, which stays unshown.
        if (accepted === this.#accepted && !this.#request) this.#accept(result, {});
      }
    } finally {
      this.#looping = false;
    }
    // A new game began while this loop waited: its bots go on.
    if (generation !== this.#generation) this.#runBots();
  }
}
