// The game's flow on the page: sends intents to the engine, takes back each
// new view, keeps the save, paces the bots, and tells the renderer what to
// draw. Data flows one way: intent -> engine -> view (JSON) -> render. No
// rule of Wizard is decided here; the view says who acts and what is legal.

import { cardLabel, suitName } from "./cards.js";

/** How long the page waits, in ms, before each bot decision and after a trick. */
export const PACES = {
  relaxed: { title: "Relaxed", step: 1400, trick: 2600 },
  normal: { title: "Normal", step: 800, trick: 1800 },
  fast: { title: "Fast", step: 300, trick: 900 },
  instant: { title: "Instant (no pauses)", step: 0, trick: 0 },
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class Game extends EventTarget {
  view = null;
  pace = PACES.normal;
  theme = "classic";
  #calls = Promise.resolve(); // engine calls, one at a time, in order
  #generation = 0; // bumps on every new game / load: stale bot loops stop
  #holds = new Set(); // open dialogs that pause the bots
  #lingerUntil = 0; // a finished trick stays in view until then
  #looping = false;
  #busy = false; // the person's request is on its way to the engine

  /**
   * @param engine engine.js's Engine (call(method, params))
   * @param store  store.js's Store
   * @param ui     {render(view, events), announce(text), error(message)}
   */
  constructor(engine, store, ui) {
    super();
    this.engine = engine;
    this.store = store;
    this.ui = ui;
  }

  setPace(key) {
    this.pace = PACES[key] ?? PACES.normal;
  }

  /** Deal a new game; rejects with the engine's message if the config is refused. */
  async start(config, theme) {
    this.theme = theme;
    const result = await this.#call("new_game", { config, theme });
    this.#generation++;
    this.#accept(result, { fresh: true });
  }

  /** Resume from a save document; rejects with the engine's message if unreadable. */
  async resume(save) {
    const result = await this.#call("load", { save, theme: this.theme });
    this.#generation++;
    this.#accept(result, { resumed: true });
  }

  /** The person's intent, in the engine's notation: "play 7H", "bid 2", "trump H". */
  async act(action) {
    if (this.#busy || !this.view?.legal.includes(action)) return; // a double or stale click
    await this.#send("act", { action });
  }

  async takeBack() {
    if (this.#busy || !this.view?.can_undo) return;
    this.#lingerUntil = 0;
    await this.#send("undo", {});
  }

  async setTheme(theme) {
    this.theme = theme;
    if (!this.view) return;
    const result = await this.#call("set_theme", { theme });
    this.view = result.view;
    this.ui.render(this.view, {});
  }

  /** While a dialog named `name` is open, bots wait. */
  hold(name) {
    this.#holds.add(name);
  }

  release(name) {
    this.#holds.delete(name);
    this.#runBots();
  }

  /** The person's request: one at a time (a second click waits for nothing, it is dropped). */
  async #send(method, params) {
    this.#setBusy(true);
    try {
      this.#accept(await this.#call(method, params), {});
    } catch (error) {
      this.ui.error(error.message);
    } finally {
      this.#setBusy(false);
    }
  }

  #setBusy(busy) {
    this.#busy = busy;
    this.ui.busy?.(busy);
  }

  #call(method, params) {
    const call = this.#calls.then(() => this.engine.call(method, params));
    this.#calls = call.catch(() => {});
    return call;
  }

  /** A new view arrived: save, work out what just happened, render, go on. */
  #accept(result, flags) {
    const before = this.view;
    const view = result.view;
    this.view = view;
    if (result.save) this.store.saveGame(result.save);
    const events = { ...flags, ...this.#events(before, view, flags) };
    if (events.trickDone) this.#lingerUntil = performance.now() + this.pace.trick;
    this.ui.render(view, events);
    if (events.announce) this.ui.announce(events.announce);
    this.#runBots();
  }

  #events(before, view, flags) {
    const events = {};
    if (!before || flags.fresh || flags.resumed) return events;
    const roundEnded = view.over !== before.over || view.round !== before.round;
    const trickDone = before.phase === "playing" && (roundEnded || view.tricks.length > before.tricks.length);
    events.roundEnded = roundEnded;
    events.trickDone = trickDone;
    events.gameOver = view.over && !before.over;
    const words = [];
    const last = view.last_action;
    if (last && last.seat !== view.human) words.push(describeAction(view, last));
    if (trickDone && view.last_trick) words.push(takesText(view));
    if (roundEnded && view.human !== null) {
      const row = view.score_pad.at(-1)[view.human];
      const points = row.points > 0 ? `+${row.points}` : String(row.points);
      words.push(`Round ${view.score_pad.length} is over: you bid ${row.bid} and took ${row.taken}, ${points} points.`);
    }
    if (view.your_turn && (!before.your_turn || roundEnded || trickDone)) {
      words.push({ trump: "Your turn to choose trump.", bidding: "Your turn to bid.", playing: "Your turn to play." }[view.phase] ?? "");
    }
    if (words.length) events.announce = words.join(" ").trim();
    return events;
  }

  /** Let the bots act, one decision at a time, at the chosen pace. */
  async #runBots() {
    if (this.#looping) return;
    this.#looping = true;
    const generation = this.#generation;
    try {
      while (this.view?.bot_to_act && this.#holds.size === 0 && generation === this.#generation) {
        const wait = Math.max(this.pace.step, this.#lingerUntil - performance.now());
        if (wait > 0) await sleep(wait);
        while (this.#busy) await sleep(20); // the person's request first (take back, hidden bid)
        if (this.#holds.size > 0 || generation !== this.#generation || !this.view?.bot_to_act) break;
        let result;
        try {
          result = await this.#call("bot_step", {});
        } catch (error) {
          this.ui.error(error.message);
          break;
        }
        if (generation !== this.#generation) break;
        this.#accept(result, {});
      }
    } finally {
      this.#looping = false;
    }
    // A dialog may have closed, or the person acted, while we were waiting.
    if (this.view?.bot_to_act && this.#holds.size === 0 && generation !== this.#generation) this.#runBots();
  }
}

function takesText(view) {
  const winner = view.last_trick.winner;
  return winner === view.human ? "You take the trick." : `${view.players[winner].name} takes the trick.`;
}

/** "Merlin bids 2", "Merlin plays queen of spades", "Merlin chooses hearts as trump". */
function describeAction(view, last) {
  const name = view.players[last.seat].name;
  const [verb, arg] = last.action.split(" ");
  if (verb === "bid") return arg === "?" ? `${name} has bid.` : `${name} bids ${arg}.`;
  if (verb === "trump") return `${name} chooses ${suitName(arg, view.theme)} as trump.`;
  return `${name} plays ${cardLabel(arg, view.theme)}.`;
}

