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
// When storage refuses it, the engine's snapshot gives up its room, then the
// offline copy (storage.js's makeRoom); where IndexedDB still refuses it, the
// history goes to localStorage if it fits there (merged back on the next visit);
// else half as many saves each time down to none. If
// even the records alone cannot be stored, the history stays in memory for this
// visit (an export still holds it) and a "problem" event says so; the saved
// game in progress is never touched. Another tab's change arrives as a
// "changed" event (a BroadcastChannel, else a storage event on CHANGED_KEY).
//
// One writer at a time: a change (a game recorded, an import, a merge) is worked
// out from the stored text and written only over that same text (shelf.js's swap:
// one IndexedDB transaction), so no tab ever writes over another's change; where
// the swap finds another tab's change, the work is done again on it. Where the
// browser has Web Locks (a secure context), a tab holds the history's lock from
// its read to its write, so the others wait their turn rather than redo their
// work; without them, lib/lock.js's lease does the same: a long import is not
// redone for ever behind another tab's games. A change that keeps losing says so
// (a "waiting" problem) and goes on trying: the game is never dropped.
// The stored history is read part by part
// (history_check, replaying the saves for review before the statistics, a
// review or an export): a damaged game record or save for review is set aside
// alone, kept as it was (a history document of the parts) under a key of its
// own, and named in a "parts" problem; the rest stays. A stored history the
// engine refuses whole (not a history, or written by a newer version of the
// site) is kept aside under its own key, like an unreadable save, never dropped;
// so is an older history left in localStorage that cannot be merged: its damaged
// parts go aside, the rest is merged. Near the engine's most records (each game
// past it replaces the oldest), a "filling" problem tells the player, who can export.
// The game in progress and the score keeper's pad (store.js keeps both) go
// into an export, and an import restores each unless this browser has its own.

import { locked } from "../lib/lock.js";
import { storage } from "../lib/store.js";
import { HISTORY_KEY, openShelf } from "./shelf.js";
import { makeRoom } from "./storage.js";

const ASIDE_PREFIX = "wizard.unreadable-history.";
const CHANNEL = "wizard.history";
const CHANGED_KEY = "wizard.history-changed"; // where BroadcastChannel is missing: a storage event
const LOCAL_SAVES = 30; // a finished 6-player game's save is about 5 kB
const BUDGET_CHARS = 2_000_000; // (of ~5 MB, with room for the game in progress and the pad)
const LARGEST_FILE_BYTES = 64_000_000; // refused before reading: the engine's limit is 16 M characters
const LOCK = "wizard.history"; // (Web Locks) held by the one tab changing the history
const ATTEMPTS = 4; // changes lost to other tabs before the page says the game waits (it goes on trying)
const RETRY_MS = 40; // the pause after a lost change, times a random share of the attempts so far
const RETRY_MOST_MS = 2000;
const ROOM_NOTICE = 100; // "filling" once the history has room for fewer games than this

// Reasons that refuse the stored history itself (not a new game, not the request).
const STORED_REASONS = new Set([
  "history_not_json", "history_not_wizard", "history_version", "history_too_large", "history_too_deep",
  "history_unknown_fields", "history_damaged", "history_bad_record", "history_bad_save", "history_bad_current",
]);

function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The date as the history keeps it: UTC, ISO 8601 (milliseconds are allowed). */
function now() {
  return new Date().toISOString();
}

export class History extends EventTarget {
  /**
   * null, or what went wrong: {kind: "full"} or {kind: "aside", key, reason (an engine reason)}
   * or {kind: "stuck", reason} or {kind: "parts", keys, parts}: the parts set aside during this
   * visit, each {part ("record", "save" or "current"), id, date, players (names), reason};
   * or {kind: "waiting"}: a change keeps losing to other tabs' (it goes on trying); or
   * {kind: "filling", games, most}: near the most records kept, the oldest soon go.
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

  /**
   * The history an older version left in localStorage, merged into the shelf's, then removed.
   * One the engine refuses is taken part by part: its damaged parts set aside (and named in
   * the notice, as when it was moved), the rest merged; refused whole, it is set aside whole.
   */
  async #mergeLeftover(text) {
    try {
      let answer;
      try {
        answer = await this.#merged(text);
      } catch (error) {
        if (!STORED_REASONS.has(error.reason?.code)) throw error;
        answer = await this.#mergeParts(text);
      }
      if (answer.kept) window.localStorage.removeItem(HISTORY_KEY);
    } catch (error) {
      // The engine or storage failed: it stays in localStorage, tried again on the next visit.
      console.warn("An older history kept in localStorage could not be merged:", error);
    }
  }

  #merged(text) {
    return this.#changeNow((history) =>
      this.#call("history_import", { history, file: text, ...this.#limits() }));
  }

  /** #mergeLeftover's history the import refused: its good parts merged; {kept}. */
  async #mergeParts(text) {
    let checked;
    try {
      checked = await this.#call("history_check", { history: text, replay: true });
    } catch (error) {
      if (!STORED_REASONS.has(error.reason?.code)) throw error;
      const key = `${ASIDE_PREFIX}${now()}`;
      if (!(await this.#shelf.set(key, text))) {
        this.#report({ kind: "stuck", reason: error.reason });
        return { kept: false };
      }
      this.#report({ kind: "aside", key, reason: error.reason });
      return { kept: true };
    }
    if (checked.aside !== null && !(await this.#keepAside(checked))) return { kept: false };
    return this.#merged(checked.history);
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

  /**
   * {text, base}: the history's text (the one in memory when storage refused it), or null, and
   * the stored text a change of it may replace; rejects when it cannot be read (never taken for none).
   */
  async #current() {
    const stored = await this.#shelf.get(HISTORY_KEY);
    return { text: this.#memory ?? stored, base: stored };
  }

  /** Store `text` (null: remove it) over `base`: "written", "changed" (another tab's change is there) or "refused". */
  async #swap(text, base) {
    const outcome = await this.#shelf.swap(HISTORY_KEY, base, text);
    if (outcome === "written") this.#announce();
    return outcome;
  }

  #report(problem) {
    this.problem = problem;
    this.dispatchEvent(new Event("problem"));
  }

  /**
   * The stored history, checked by the engine when it has changed since it was last read
   * (`replay`: its saves for review replayed too): {history (text, or null: none yet), base
   * (the stored text a change of it may replace)}. Its damaged parts are set aside first; a
   * history unreadable as a whole is set aside whole.
   */
  async #kept(replay = false) {
    const { text, base } = await this.#current();
    if (text === null || text === this.#replayed || (!replay && text === this.#good)) return { history: text, base };
    let answer;
    try {
      answer = await this.#call("history_check", { history: text, replay });
    } catch (error) {
      if (!STORED_REASONS.has(error.reason?.code)) throw error;
      return this.#setAside(text, error.reason, base);
    }
    const written = answer.aside !== null && (await this.#setPartsAside(answer, base));
    this.#good = answer.history;
    if (replay) this.#replayed = answer.history;
    return { history: answer.history, base: written ? answer.history : base };
  }

  /**
   * Keep the damaged parts of the history under their own key and the rest where it was
   * (`answer`: history_check's or history_export's), over `base`. Resolves with whether the
   * rest was stored; throws when the parts cannot be kept aside: the history then stays as it
   * is (nothing is overwritten).
   */
  async #setPartsAside(answer, base) {
    if (!(await this.#keepAside(answer))) {
      throw Object.assign(new Error("history kept in place"), { reason: this.problem.reason });
    }
    if (this.#memory !== null) {
      this.#memory = answer.history;
      return false;
    }
    const outcome = await this.#swap(answer.history, base);
    if (outcome === "refused") this.#memory = answer.history;
    return outcome === "written"; // ("changed": another tab's history is there, checked in its turn)
  }

  /** The damaged parts of `answer` (history_check's) kept under their own key and named; false when refused. */
  async #keepAside(answer) {
    const key = `${ASIDE_PREFIX}${now()}`;
    const reason = answer.set_aside[0]?.reason ?? { code: "history_damaged", params: { field: "records" } };
    if (!(await this.#shelf.set(key, answer.aside))) {
      this.#report({ kind: "stuck", reason });
      return false;
    }
    this.#asideKeys.push(key);
    this.#partsAside.push(...answer.set_aside);
    this.#report({ kind: "parts", keys: [...this.#asideKeys], parts: [...this.#partsAside] });
    return true;
  }

  /**
   * Move an unreadable history (stored: `base`) out of the way under its own key; {history:
   * null (a new history), base} once it is kept there.
   */
  async #setAside(text, reason, base) {
    const key = `${ASIDE_PREFIX}${now()}`;
    if (!(await this.#shelf.set(key, text))) {
      // It cannot be copied aside (storage full): it stays where it is, and nothing overwrites it.
      this.#report({ kind: "stuck", reason });
      throw Object.assign(new Error("history kept in place"), { reason });
    }
    this.#memory = null;
    const removed = (await this.#swap(null, base)) === "written";
    this.#good = this.#replayed = null;
    this.#report({ kind: "aside", key, reason });
    return { history: null, base: removed ? null : base };
  }

  /**
   * Store `text` (a history from the engine, within the budget already) over `base`; when
   * storage refuses it, with half as many saves for review each time. Resolves with true,
   * "changed" (another tab's change is stored: nothing was written), or false when not even
   * the records fit (the history then stays in memory for this visit).
   */
  async #keep(text, base) {
    // (On IndexedDB the text may hold more saves: refused, it keeps LOCAL_SAVES / 2 at first.)
    for (let keep = LOCAL_SAVES; ; keep = Math.floor(keep / 2)) {
      let outcome = await this.#swap(text, base);
      while (outcome === "refused" && (await makeRoom())) outcome = await this.#swap(text, base);
      if (outcome === "changed") return outcome;
      if (outcome === "refused" && this.#keepBeside(text)) return true;
      if (outcome === "written") {
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
   * IndexedDB refused the history: kept in localStorage where it fits, under the key an older
   * version kept it under (the next visit merges it into IndexedDB's, as it would theirs);
   * this visit works on it in memory. False when it does not fit there either.
   */
  #keepBeside(text) {
    if (this.#shelf.kind !== "indexeddb") return false;
    try {
      storage().setItem(HISTORY_KEY, text);
    } catch {
      return false;
    }
    this.#memory = text;
    this.#good = text;
    return true;
  }

  /**
   * Change the history: `work(kept)` asks the engine and resolves with {history, ...}; the
   * answer is stored over the text it was made from, and where another tab changed that
   * meanwhile, the work is done again on the other tab's (as often as it takes). Resolves
   * with the engine's answer and `kept`: whether storage took it.
   */
  #change(work) {
    return this.#serial(() => this.#changeNow(work));
  }

  /** #change's work, in the turn already taken. */
  #changeNow(work) {
    return locked(LOCK, async () => {
      for (let attempt = 1; ; attempt++) {
        const { history: kept, base } = await this.#kept();
        const answer = await work(kept);
        const stored = answer.history === kept || (await this.#keep(answer.history, base));
        if (stored !== "changed") {
          if (this.problem?.kind === "waiting") this.#report(this.#partsProblem());
          this.#noticeRoom(answer);
          return { ...answer, kept: stored };
        }
        if (attempt === ATTEMPTS) this.#report({ kind: "waiting" });
        await pause(Math.min(RETRY_MOST_MS, RETRY_MS * attempt * Math.random()));
      }
    });
  }

  /** The engine's most records nearly reached (`answer`: a change's): each new game soon replaces the oldest. */
  #noticeRoom({ games, most }) {
    if (most === undefined) return;
    if (most - games < ROOM_NOTICE) this.#report({ kind: "filling", games, most });
    else if (this.problem?.kind === "filling") this.#report(this.#partsProblem());
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

  /**
   * The statistics of the device's owner (or of the player named `who`) over the games of one
   * schedule, everyone's names, the games newest first.
   */
  stats(who = null, schedule = "standard") {
    return this.#serial(async () =>
      this.#call("history_stats", { history: (await this.#kept(true)).history, who, schedule }));
  }

  /** A game's save for review, and its record. */
  review(key) {
    return this.#serial(async () => this.#call("history_review", { history: (await this.#kept(true)).history, key }));
  }

  /**
   * The file to export: {file (text), left_out (games in progress), games, set_aside}: the
   * damaged parts left out of it (an import would refuse them), set aside here too.
   */
  exportFile() {
    return this.#serial(async () => {
      const before = this.#partsAside.length;
      const { history, base } = await this.#kept(true);
      const answer = await this.#call("history_export", {
        history, game: this.#store.loadGame(), keeper: this.#store.loadKeeper(),
      });
      if (answer.aside !== null) await this.#setPartsAside(answer, base);
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
    return { added: answer.added, games: answer.games, restored: await this.#restore(answer.current), kept: true };
  }

  /** The file's games in progress, each restored unless this browser has one of its own. */
  async #restore(current) {
    const restored = { game: false, keeper: false };
    if (current.game && this.#store.loadGame() === null) {
      restored.game = this.#store.saveGame(current.game.save, current.game.game, { claim: true }) === "saved";
    }
    if (current.keeper && this.#store.loadKeeper() === null) {
      restored.keeper = (await this.#store.saveKeeper(current.keeper, null)) === "saved";
    }
    return restored;
  }

  /** Forget every finished game (not the game in progress). */
  reset() {
    return this.#serial(() => locked(LOCK, async () => {
      this.#memory = null;
      this.#good = this.#replayed = null;
      if (await this.#shelf.remove(HISTORY_KEY)) this.#announce();
      // (and one kept in localStorage when IndexedDB refused it, which the next load would merge)
      if (this.#shelf.kind === "indexeddb") storage()?.removeItem(HISTORY_KEY);
      if (this.problem?.kind === "full" || this.problem?.kind === "filling") this.#report(this.#partsProblem());
    }));
  }
}
