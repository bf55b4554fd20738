// The history of finished games, kept in this browser: every finished game is
// recorded (a "wizard:game-finished" event: a game at the table, kind "game"
// with its save, or a score pad, kind "keeper" with its document), and the
// statistics page reads, exports, imports and resets it. The coach's worker
// does all the work (the history_* requests): the game's bots never wait on it.
//
// Storage: the history is one engine document (history.dumps text, without
// the games in progress, which live under their own keys) under HISTORY_KEY,
// on shelf.js's shelf: IndexedDB, where the engine's largest history fits
// (the saves for review of its newest games, as many as the engine keeps);
// where IndexedDB is missing, localStorage, which holds about 5 MB for the
// whole site, so the history keeps to a budget there: the saves for review of
// its newest LOCAL_SAVES games (a game's record stays forever, its review goes
// first), fewer (the oldest go) while the text is longer than BUDGET_CHARS.
// When storage refuses it, half as many saves each time down to none. If
// even the records alone cannot be stored, the history stays in memory for this
// visit (an export still holds it) and a "problem" event says so; the saved
// game in progress is never touched. Another tab's change arrives as a
// "changed" event (a BroadcastChannel, else a storage event on CHANGED_KEY).
// The stored history is read part by part
// (history_check, replaying the saves for review before the statistics, a
// review or an export): a damaged game record or save for review is set aside
// alone, kept as it was (a history document of the parts) under a key of its
// own, and named in a "parts" problem; the rest stays. A stored history the
// engine refuses whole (not a history, or written by a newer version of the
// site) is kept aside under its own key, like an unreadable save, never dropped.
// The game in progress and the score keeper's pad (store.js keeps both) go
// into an export, and an import restores each unless this browser has its own.

import { HISTORY_KEY, openShelf } from "./shelf.js";

const ASIDE_PREFIX = "wizard.unreadable-history.";
const CHANNEL = "wizard.history";
const CHANGED_KEY = "wizard.history-changed"; // where BroadcastChannel is missing: a storage event
const LOCAL_SAVES = 30; // a finished 6-player game's save is about 5 kB
const BUDGET_CHARS = 2_000_000; // (of ~5 MB, with room for the game in progress and the pad)
const LARGEST_FILE_BYTES = 64_000_000; // refused before reading: the engine's limit is 16 M characters
const ATTEMPTS = 3; // another tab writing meanwhile: the work is done again on what it wrote

// Reasons that refuse the stored history itself (not a new game, not the request).
const STORED_REASONS = new Set([
  "history_not_json", "history_not_wizard", "history_version", "history_too_large", "history_too_deep",
  "history_unknown_fields", "history_damaged", "history_bad_record", "history_bad_save", "history_bad_current",
]);

/** The date as the history keeps it: UTC, ISO 8601 (milliseconds are allowed). */
function now() {
  return new Date().toISOString();
}

export class History extends EventTarget {
  /**
   * null, or what went wrong: {kind: "full"} or {kind: "aside", key, reason (an engine reason)}
   * or {kind: "stuck", reason} or {kind: "parts", keys, parts}: the parts set aside during this
   * visit, each {part ("record", "save" or "current"), id, date, players (names), reason}.
   */
  problem = null;
  #startCoach;
  #store;
  #shelf = null; // shelf.js's, once open (every other step waits its turn behind the opening)
  #channel = null;
  #memory = null; // the history when storage refused it (this visit only)
  #good = null; // the last text known to read well (no need to check it again)
  #replayed = null; // the last text whose saves for review are known to replay too
  #partsAside = []; // the parts set aside during this visit
  #asideKeys = [];
  #queue = Promise.resolve(); // one change at a time

  /**
   * @param startCoach engine.js's startCoach: the worker that does the work
   * @param store store.js's Store: the game in progress (exported, and restored by an import)
   */
  constructor(startCoach, store) {
    super();
    this.#startCoach = startCoach;
    this.#store = store;
    this.#serial(() => this.#open());
    this.#listen();
    document.addEventListener("wizard:game-finished", (event) => {
      this.record(event.detail).catch((error) => console.warn("A finished game could not be recorded:", error));
    });
  }

  /** Open the shelf (moving an older version's history over); one left over is merged here. */
  async #open() {
    const { shelf, leftover } = await openShelf();
    this.#shelf = shelf;
    if (leftover !== null) await this.#mergeLeftover(leftover);
  }

  /** The history an older version left in localStorage, merged into the shelf's, then removed. */
  async #mergeLeftover(text) {
    try {
      const answer = await this.#merged(text);
      if (answer.kept) window.localStorage.removeItem(HISTORY_KEY);
    } catch (error) {
      // Refused (damaged, or written by a newer version): it stays in localStorage, untouched.
      console.warn("An older history kept in localStorage could not be merged:", error);
    }
  }

  #merged(text) {
    return this.#changeNow((history) =>
      this.#call("history_import", { history, file: text, ...this.#limits() }));
  }

  /** The page's budget for the stored history: none beyond the engine's own on IndexedDB. */
  #limits() {
    return this.#shelf.kind === "local" ? { keep_saves: LOCAL_SAVES, budget: BUDGET_CHARS } : {};
  }

  /** Hear other tabs' changes. */
  #listen() {
    const changed = () => this.dispatchEvent(new Event("changed"));
    try {
      this.#channel = new BroadcastChannel(CHANNEL);
      this.#channel.addEventListener("message", changed);
    } catch {
      this.#channel = null;
      window.addEventListener("storage", (event) => {
        if (event.key === CHANGED_KEY || event.key === null) changed();
      });
    }
  }

  /** Tell other tabs the stored history changed. */
  #announce() {
    if (this.#channel) {
      this.#channel.postMessage("changed");
      return;
    }
    try {
      window.localStorage.setItem(CHANGED_KEY, `${now()} ${Math.random()}`);
    } catch {
      // storage full: the other tabs see the change when they next read
    }
  }

  #call(method, params, options) {
    return this.#startCoach().call(method, params, options);
  }

  #serial(work) {
    const turn = this.#queue.then(work);
    this.#queue = turn.catch(() => {});
    return turn;
  }

  /** The stored history's text, or null; rejects when it cannot be read (never taken for none). */
  async #read() {
    if (this.#memory !== null) return this.#memory;
    return this.#shelf.get(HISTORY_KEY);
  }

  /** Store `text` (null: remove it); false when storage refused. */
  async #write(text) {
    const written = text === null ? await this.#shelf.remove(HISTORY_KEY) : await this.#shelf.set(HISTORY_KEY, text);
    if (written) this.#announce();
    return written;
  }

  #report(problem) {
    this.problem = problem;
    this.dispatchEvent(new Event("problem"));
  }

  /**
   * The stored history, checked by the engine when it has changed since it was last read
   * (`replay`: its saves for review replayed too): text, or null (none yet). Its damaged
   * parts are set aside first; a history unreadable as a whole is set aside whole.
   */
  async #kept(replay = false) {
    const text = await this.#read();
    if (text === null || text === this.#replayed || (!replay && text === this.#good)) return text;
    let answer;
    try {
      answer = await this.#call("history_check", { history: text, replay });
    } catch (error) {
      if (!STORED_REASONS.has(error.reason?.code)) throw error;
      return this.#setAside(text, error.reason);
    }
    if (answer.aside !== null) await this.#setPartsAside(answer);
    this.#good = answer.history;
    if (replay) this.#replayed = answer.history;
    return answer.history;
  }

  /**
   * Keep the damaged parts of the history under their own key and the rest where it was
   * (`answer`: history_check's or history_export's). Throws when they cannot be kept aside:
   * the history then stays as it is (nothing is overwritten).
   */
  async #setPartsAside(answer) {
    const key = `${ASIDE_PREFIX}${now()}`;
    const reason = answer.set_aside[0]?.reason ?? { code: "history_damaged", params: { field: "records" } };
    if (!(await this.#shelf.set(key, answer.aside))) {
      this.#report({ kind: "stuck", reason });
      throw Object.assign(new Error("history kept in place"), { reason });
    }
    if (this.#memory !== null || !(await this.#write(answer.history))) this.#memory = answer.history;
    this.#asideKeys.push(key);
    this.#partsAside.push(...answer.set_aside);
    this.#report({ kind: "parts", keys: [...this.#asideKeys], parts: [...this.#partsAside] });
  }

  /** Move an unreadable history out of the way under its own key; null (a new history) once it is kept there. */
  async #setAside(text, reason) {
    const key = `${ASIDE_PREFIX}${now()}`;
    if (!(await this.#shelf.set(key, text))) {
      // It cannot be copied aside (storage full): it stays where it is, and nothing overwrites it.
      this.#report({ kind: "stuck", reason });
      throw Object.assign(new Error("history kept in place"), { reason });
    }
    this.#memory = null;
    await this.#write(null);
    this.#good = this.#replayed = null;
    this.#report({ kind: "aside", key, reason });
    return null;
  }

  /**
   * Store `text` (a history from the engine, within the budget already); when storage
   * refuses it, with half as many saves for review each time. Resolves with true, or false
   * when not even the records fit (the history then stays in memory for this visit).
   */
  async #keep(text) {
    // (On IndexedDB the text may hold more saves: refused, it keeps LOCAL_SAVES / 2 at first.)
    for (let keep = LOCAL_SAVES; ; keep = Math.floor(keep / 2)) {
      if (await this.#write(text)) {
        this.#memory = null;
        this.#good = text;
        if (this.problem?.kind === "full") this.#report(this.#partsProblem());
        return true;
      }
      if (keep === 0) break;
      ({ history: text } = await this.#call("history_trim", { history: text, keep_saves: Math.floor(keep / 2) }));
    }
    this.#memory = text;
    this.#good = text;
    this.#report({ kind: "full" });
    return false;
  }

  /**
   * Change the history: `work(kept)` asks the engine and resolves with {history, ...}; the
   * answer is stored unless another tab wrote meanwhile (then it is done again). Resolves
   * with the engine's answer and `kept`: whether storage took it.
   */
  #change(work) {
    return this.#serial(() => this.#changeNow(work));
  }

  /** #change's work, in the turn already taken. */
  async #changeNow(work) {
    for (let attempt = 1; ; attempt++) {
      const before = await this.#read();
      const kept = await this.#kept();
      const answer = await work(kept);
      if (answer.history === kept) return { ...answer, kept: true };
      if ((await this.#read()) !== before && attempt < ATTEMPTS) continue;
      return { ...answer, kept: await this.#keep(answer.history) };
    }
  }

  /** The parts set aside during this visit, as a problem (null: none). */
  #partsProblem() {
    return this.#partsAside.length ? { kind: "parts", keys: [...this.#asideKeys], parts: [...this.#partsAside] } : null;
  }

  /** Record a finished game: detail {kind: "game", save} or {kind: "keeper", keeper, me?}. */
  record(detail) {
    const params = detail?.kind === "keeper"
      ? { keeper: detail.keeper, me: detail.me ?? null }
      : { save: detail?.save };
    const date = now();
    return this.#change((history) =>
      this.#call("history_record", { history, ...params, date, ...this.#limits() }));
  }

  /** The statistics of the device's owner (or of the player named `who`), everyone's names, the games newest first. */
  stats(who = null) {
    return this.#serial(async () => this.#call("history_stats", { history: await this.#kept(true), who }));
  }

  /** A game's save for review, and its record. */
  review(key) {
    return this.#serial(async () => this.#call("history_review", { history: await this.#kept(true), key }));
  }

  /**
   * The file to export: {file (text), left_out (games in progress), games, set_aside}: the
   * damaged parts left out of it (an import would refuse them), set aside here too.
   */
  exportFile() {
    return this.#serial(async () => {
      const before = this.#partsAside.length;
      const history = await this.#kept(true);
      const answer = await this.#call("history_export", {
        history, game: this.#store.loadGame(), keeper: this.#store.loadKeeper(),
      });
      if (answer.aside !== null && (await this.#read()) === history) await this.#setPartsAside(answer);
      return { ...answer, set_aside: this.#partsAside.slice(before) };
    });
  }

  /**
   * Import a file (a File or its text): refused whole with the engine's reason, or merged
   * and stored; onProgress({done, total}) as its saves are checked. Resolves with
   * {added, games, restored: {game, keeper}, kept}; rejects with an Error whose .reason
   * says why (nothing changed then).
   */
  async importFile(file, onProgress = null) {
    if (typeof file !== "string" && file.size > LARGEST_FILE_BYTES) {
      const reason = { code: "history_too_large", params: { max: 16_000_000 } };
      throw Object.assign(new Error("too large"), { reason });
    }
    const text = typeof file === "string" ? file : await file.text();
    const answer = await this.#change((history) =>
      this.#call("history_import", { history, file: text, ...this.#limits() }, { onProgress }));
    if (!answer.kept) {
      // Not stored: the history in memory has it for this visit; the games in progress stay as they are.
      return { added: answer.added, games: answer.games, restored: { game: false, keeper: false }, kept: false };
    }
    return { added: answer.added, games: answer.games, restored: this.#restore(answer.current), kept: true };
  }

  /** The file's games in progress, each restored unless this browser has one of its own. */
  #restore(current) {
    const restored = { game: false, keeper: false };
    if (current.game && this.#store.loadGame() === null) {
      restored.game = this.#store.saveGame(current.game.save, current.game.game, { claim: true }) === "saved";
    }
    if (current.keeper && this.#store.loadKeeper() === null) {
      restored.keeper = this.#store.saveKeeper(current.keeper);
    }
    return restored;
  }

  /** Forget every finished game (not the game in progress). */
  reset() {
    return this.#serial(async () => {
      this.#memory = null;
      this.#good = this.#replayed = null;
      await this.#write(null);
      if (this.problem?.kind === "full") this.#report(this.#partsProblem());
    });
  }
}
