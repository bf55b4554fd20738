// What the browser keeps between visits: the saved game (the engine's save,
// an opaque string kept verbatim), beside it the game's id and move counter
// (so that tabs can compare progress without reading the save), the player's
// settings, and any save that could not be read, set aside under its own key
// so that it is never silently lost.
//
// Every storage call is guarded: storage may be missing, refuse to be read
// (SecurityError in some privacy modes) or refuse writes (QuotaExceededError).
// `store.problem` then says so ("read" or "write", else null) and a "problem"
// event fires, so the page can tell the player their game is not being kept.
//
// One game, one writer: several tabs may show the game. `saveGame` compares
// before it writes, holding the game's lock across the tabs (lib/lock.js) and
// against the latest copy (lib/lock.js's texts, which every tab sees at once:
// each tab's localStorage lags behind another's writes). It never overwrites
// newer progress of the same game, the same progress reached in another tab,
// nor another game written since by another tab (unless the player just started
// or took over this one, `{claim: true}`, and it did not go on elsewhere since),
// nor, once a save of this tab lost, its later saves of that game (made on the
// lost move) until it claims a game. A save that loses is "behind" and not
// written: the move was not kept, and the page says so (table/game.js steps
// aside: "your last move here was not kept"), offering the game as stored to go
// on with ("Continue it here": a move still due is made again there); two lines
// of one game are never merged. A tab's saves are written in the order made;
// one still waiting when the page leaves (pagehide) is compared with
// localStorage alone and written then. <html data-saving> says one is waiting.
// Other tabs' writes arrive as "changed" events (through `storage` events and a
// BroadcastChannel).
//
// One pad, one writer: the score keeper's pad is written only over the text
// the tab last read or wrote (`saveKeeper(text, before)`, holding a lock across
// the tabs from the compare to the write); another tab's pad
// arrives as a "keeper-changed" event, and the tab reloads it.

import { locked, readText, writeText } from "./lock.js";

const SAVE_KEY = "wizard.save";
const GAME_KEY = "wizard.game"; // {"id", "moves", "tab", "over"} of the saved game
const SETTINGS_KEY = "wizard.settings";
const ASIDE_PREFIX = "wizard.unreadable-save.";
const KEEPER_KEY = "wizard.keeper"; // the score keeper's pad (web/keeper/): the engine's document text
const KEEPER_ASIDE_PREFIX = "wizard.unreadable-keeper.";
const CHANNEL = "wizard.game";
const KEEPER_LOCK = "wizard.keeper"; // (lib/lock.js) held while a tab compares and writes the pad
const GAME_LOCK = "wizard.game"; // the same for the game's save
// How long another tab's localStorage may lag behind a write (a busy phone's seconds, with room).
const STALE_MS = 10_000;

/** The page's localStorage, or null where the browser refuses it (the one guarded way in). */
export function storage() {
  try {
    return window.localStorage ?? null;
  } catch {
    return null; // storage disabled
  }
}

/** This tab's name among the tabs of the game (random, per page). */
const TAB = Math.random().toString(36).slice(2, 10);

export class Store extends EventTarget {
  /** null, or what storage refused: "read" or "write". */
  problem = null;
  tab = TAB;
  #channel = null;
  #saving = Promise.resolve(); // the game's saves, one after another, in the order made
  #lost = null; // the id of a game whose save here was "behind" (until this tab claims a game)
  #unwritten = null; // the last save asked for, until it is compared: what #leave writes
  #made = 0; // saves asked for (numbered in order)
  #unsaved = 0; // saves not yet written or refused
  #left = 0; // the number of the save #leave wrote: it and those before it are not written again

  constructor() {
    super();
    if (!storage()) this.#trouble("read");
    window.addEventListener("pagehide", () => this.#leave());
    window.addEventListener("storage", (event) => {
      if (event.key === GAME_KEY || event.key === SAVE_KEY || event.key === null) this.#changed();
      if (event.key === KEEPER_KEY || event.key === null) this.dispatchEvent(new Event("keeper-changed"));
    });
    try {
      this.#channel = new BroadcastChannel(CHANNEL);
      this.#channel.addEventListener("message", () => this.#changed());
    } catch {
      this.#channel = null; // storage events still tell
    }
  }

  #changed() {
    this.dispatchEvent(new Event("changed"));
  }

  #trouble(kind) {
    if (this.problem === "read" && kind === "write") return; // the worse one stays
    const news = this.problem !== kind;
    this.problem = kind;
    if (news) this.dispatchEvent(new Event("problem"));
  }

  #clear() {
    if (this.problem === null) return;
    this.problem = null;
    this.dispatchEvent(new Event("problem"));
  }

  #get(key) {
    try {
      const store = storage();
      if (!store) return null;
      return store.getItem(key);
    } catch {
      this.#trouble("read");
      return null;
    }
  }

  #set(key, text) {
    try {
      const store = storage();
      if (!store) throw new Error("no storage");
      store.setItem(key, text);
      return true;
    } catch {
      this.#trouble("write");
      return false;
    }
  }

  #remove(key) {
    try {
      storage()?.removeItem(key);
      return true;
    } catch {
      return false;
    }
  }

  /** The saved game's text, or null. */
  loadGame() {
    return this.#get(SAVE_KEY);
  }

  /** The saved game's {id, moves, tab, over}, or null (none, or an old save without it; `over` may be missing too). */
  savedGame() {
    try {
      const game = JSON.parse(this.#get(GAME_KEY) ?? "null");
      return game && typeof game === "object" && typeof game.id === "string" ? game : null;
    } catch {
      return null;
    }
  }

  /**
   * Keep the game: `text` is the `save` string of an engine result, `game`
   * its view's {id, moves} and whether it is over. Resolves with "saved", "failed" (storage
   * refused) or "behind": storage holds newer progress of this game, or another game written
   * since this tab last wrote, which this tab must not overwrite, or an earlier save of this
   * game lost here (`claim`: the player just started or took over this game here: it becomes
   * the one, unless it went on in another tab since). Compared and written holding the game's
   * lock, after this tab's earlier saves.
   */
  saveGame(text, game, { claim = false } = {}) {
    const save = { text, game, claim, n: ++this.#made };
    this.#unwritten = save;
    const saved = this.#saving.then(() => locked(GAME_LOCK, () => this.#writeGame(save)));
    this.#saving = saved.catch(() => {});
    this.#waiting(1);
    this.#saving.then(() => this.#waiting(-1));
    return saved;
  }

  async #writeGame(save) {
    const stored = this.problem === "read" ? null : (await this.latestGame()).game;
    if (save.n <= this.#left) return "saved"; // (it or a later one written as the page left: see #leave)
    if (this.#unwritten === save) this.#unwritten = null;
    return this.#putGame(save, stored);
  }

  /** <html data-saving>: "true" while a save of the game waits to be written (the tests wait for it). */
  #waiting(change) {
    this.#unsaved += change;
    document.documentElement.dataset.saving = String(this.#unsaved > 0);
  }

  /** Compare `save` with the `stored` game's {id, moves, tab} and write it (see saveGame). */
  #putGame({ text, game, claim }, stored) {
    if (stored && game) {
      const same = stored.id === game.id;
      const theirs = stored.tab !== this.tab;
      // newer progress of this game, the same progress reached in another tab, another game begun
      // since, or (not a claim) a game whose save here lost: its later moves were made on the lost one
      const behind = claim
        ? same && stored.moves > game.moves
        : this.#lost === game.id
          || (same ? stored.moves > game.moves || (theirs && stored.moves >= game.moves) : theirs);
      if (behind) {
        this.#lost = game.id;
        return "behind";
      }
    }
    if (claim) this.#lost = null;
    const meta = game && { id: game.id, moves: game.moves, tab: this.tab, over: Boolean(game.over) };
    const ok = this.#set(SAVE_KEY, text)
      && (meta === null ? this.#remove(GAME_KEY) : this.#set(GAME_KEY, JSON.stringify(meta)));
    if (!ok) return "failed";
    const copied = writeText(GAME_KEY, JSON.stringify({ save: text, game: meta, at: Date.now() }));
    if (this.problem === "write") this.#clear();
    return copied.then(() => {
      this.#channel?.postMessage({ tab: this.tab, game });
      return "saved";
    });
  }

  /**
   * The page is leaving with its last save not yet compared (waiting for the lock or the copy):
   * it is compared with localStorage alone and written there, now or never (a move made just
   * before a reload or a closed tab is kept; only another tab's write in these last
   * milliseconds, not yet seen here, could be written over).
   */
  #leave() {
    const save = this.#unwritten;
    if (!save) return;
    this.#unwritten = null;
    this.#left = save.n;
    this.#putGame(save, this.problem === "read" ? null : this.savedGame());
  }

  /**
   * The game as last written by any tab, {save, game} (game: as savedGame()): the copy in
   * lib/lock.js's texts within STALE_MS of its writing (this tab's localStorage may not have
   * caught up yet), else localStorage's.
   */
  async latestGame() {
    let copy = null;
    try {
      copy = JSON.parse((await readText(GAME_KEY)) ?? "null");
    } catch {
      // a damaged copy: localStorage's game
    }
    const fresh = typeof copy?.save === "string" && Date.now() - copy.at < STALE_MS;
    return fresh ? { save: copy.save, game: copy.game } : { save: this.loadGame(), game: this.savedGame() };
  }

  /**
   * Move an unreadable save out of the way, keeping it under another key;
   * returns that key.
   */
  setAside(text) {
    const key = `${ASIDE_PREFIX}${new Date().toISOString()}`;
    if (!this.#set(key, text)) return null; // the save stays where it was rather than being lost
    this.#remove(SAVE_KEY);
    this.#remove(GAME_KEY);
    locked(GAME_LOCK, () => writeText(GAME_KEY, null));
    return key;
  }

  /** The score keeper's pad (its document's text), or null. */
  loadKeeper() {
    return this.#get(KEEPER_KEY);
  }

  /**
   * Keep the pad `text`, which this tab made from `before` (the pad's text as this tab last
   * read or wrote it; null for a new pad). Resolves with "saved", "failed" (storage refused:
   * the notice says so) or "behind": another tab has changed the pad since, and this tab must
   * not overwrite it (it reloads the pad instead). Compared and written holding the pad's lock
   * (lib/lock.js): two tabs entering at the same instant both compared first and both wrote.
   */
  saveKeeper(text, before) {
    return locked(KEEPER_LOCK, async () => {
      if (this.problem !== "read" && (await this.latestKeeper()) !== before) return "behind";
      if (!this.#set(KEEPER_KEY, text)) return "failed";
      await writeText(KEEPER_KEY, JSON.stringify({ text, before, at: Date.now() }));
      if (this.problem === "write") this.#clear();
      return "saved";
    });
  }

  /**
   * The pad as last written by any tab: what a tab about to write must compare with. That is
   * localStorage's, but where it still shows the pad that the last one written replaced, within
   * STALE_MS of that write: then the pad's copy in lib/lock.js's texts, which every tab sees at
   * once (this tab's localStorage has not caught up yet). A pad in localStorage that is neither
   * was written there without a copy (by an older version of the site): it is the latest.
   */
  async latestKeeper() {
    const stored = this.loadKeeper();
    let copy = null;
    try {
      copy = JSON.parse((await readText(KEEPER_KEY)) ?? "null");
    } catch {
      // a damaged copy: localStorage's pad
    }
    const behind = typeof copy?.text === "string" && stored === copy.before && Date.now() - copy.at < STALE_MS;
    return behind ? copy.text : stored;
  }

  clearKeeper() {
    this.#remove(KEEPER_KEY);
    return locked(KEEPER_LOCK, () => writeText(KEEPER_KEY, null));
  }

  /** Move a pad that cannot be restored out of the way, kept whole under another key; returns that key. */
  setKeeperAside(text) {
    const key = `${KEEPER_ASIDE_PREFIX}${new Date().toISOString()}`;
    if (!this.#set(key, text)) return null;
    this.#remove(KEEPER_KEY);
    locked(KEEPER_LOCK, () => writeText(KEEPER_KEY, null));
    return key;
  }

  /** The player's settings: {theme, pace, form: {...}}. */
  loadSettings() {
    try {
      const settings = JSON.parse(this.#get(SETTINGS_KEY) ?? "{}");
      return settings && typeof settings === "object" ? settings : {};
    } catch {
      return {};
    }
  }

  saveSettings(settings) {
    // settings are a convenience; losing them is harmless (no notice of its own)
    try {
      storage()?.setItem(SETTINGS_KEY, JSON.stringify(settings));
    } catch {
      // ignored
    }
  }
}
