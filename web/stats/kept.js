// The history's text where it is kept, read and checked, its damaged parts set aside (out of
// history.js, which decides what changes and takes the changes one at a time).
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
// The stored history is read part by part
// (history_check, replaying the saves for review before the statistics, a
// review or an export): a damaged game record or save for review is set aside
// alone, kept as it was (a history document of the parts) under a key of its
// own, and named in a "parts" problem; the rest stays. A stored history the
// engine refuses whole (not a history, or written by a newer version of the
// site) is kept aside under its own key, like an unreadable save, never dropped;
// so is an older history left in localStorage that cannot be merged: its damaged
// parts go aside, the rest is merged.

import { storage } from "../lib/store.js";
import { HISTORY_KEY, openShelf } from "./shelf.js";
import { makeRoom } from "./storage.js";

const ASIDE_PREFIX = "wizard.unreadable-history.";
const CHANNEL = "wizard.history";
const CHANGED_KEY = "wizard.history-changed"; // where BroadcastChannel is missing: a storage event
const LOCAL_SAVES = 30; // a finished 6-player game's save is about 5 kB
const BUDGET_CHARS = 2_000_000; // (of ~5 MB, with room for the game in progress and the pad)

/** Reasons that refuse the stored history itself (not a new game, not the request). */
export const STORED_REASONS = new Set([
  "history_not_json", "history_not_wizard", "history_version", "history_too_large", "history_too_deep",
  "history_unknown_fields", "history_damaged", "history_bad_record", "history_bad_save", "history_bad_current",
]);

/** The date as the history keeps it: UTC, ISO 8601 (milliseconds are allowed). */
export function now() {
  return new Date().toISOString();
}

export class KeptHistory {
  #history;
  #call;
  #shelf = null; // shelf.js's, once open
  #channel = null;
  #memory = null; // the history when storage refused it (this visit only)
  #good = null; // the last text known to read well (no need to check it again)
  #replayed = null; // the last text whose saves for review are known to replay too
  #partsAside = []; // the parts set aside during this visit
  #asideKeys = [];

  /**
   * @param history history.js's History: its `problem` is set and its events fired here
   * @param call (method, params) => the coach's answer (a promise)
   */
  constructor(history, call) {
    this.#history = history;
    this.#call = call;
    this.#listen();
  }

  /** Open the shelf (moving an older version's history over); resolves with one left over in localStorage, or null. */
  async open() {
    const { shelf, leftover } = await openShelf();
    this.#shelf = shelf;
    return leftover;
  }

  /** The page's budget for the stored history: none beyond the engine's own on IndexedDB. */
  limits() {
    return this.#shelf.kind === "local" ? { keep_saves: LOCAL_SAVES, budget: BUDGET_CHARS } : {};
  }

  /** The parts set aside during this visit (a copy). */
  get partsAside() {
    return [...this.#partsAside];
  }

  /** Hear other tabs' changes. */
  #listen() {
    const changed = () => this.#history.dispatchEvent(new Event("changed"));
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

  /** The history's problem is now `problem` (null: none). */
  report(problem) {
    this.#history.problem = problem;
    this.#history.dispatchEvent(new Event("problem"));
  }

  /**
   * The stored history, checked by the engine when it has changed since it was last read
   * (`replay`: its saves for review replayed too): {history (text, or null: none yet), base
   * (the stored text a change of it may replace)}. Its damaged parts are set aside first; a
   * history unreadable as a whole is set aside whole.
   */
  async read(replay = false) {
    const { text, base } = await this.#current();
    if (text === null || text === this.#replayed || (!replay && text === this.#good)) return { history: text, base };
    let answer;
    try {
      answer = await this.#call("history_check", { history: text, replay });
    } catch (error) {
      if (!STORED_REASONS.has(error.reason?.code)) throw error;
      return this.#setAside(text, error.reason, base);
    }
    const written = answer.aside !== null && (await this.setPartsAside(answer, base));
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
  async setPartsAside(answer, base) {
    if (!(await this.keepAside(answer))) {
      throw Object.assign(new Error("history kept in place"), { reason: this.#history.problem.reason });
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
  async keepAside(answer) {
    const key = `${ASIDE_PREFIX}${now()}`;
    const reason = answer.set_aside[0]?.reason ?? { code: "history_damaged", params: { field: "records" } };
    if (!(await this.#shelf.set(key, answer.aside))) {
      this.report({ kind: "stuck", reason });
      return false;
    }
    this.#asideKeys.push(key);
    this.#partsAside.push(...answer.set_aside);
    this.report({ kind: "parts", keys: [...this.#asideKeys], parts: [...this.#partsAside] });
    return true;
  }

  /**
   * A history the engine refuses whole (`reason`), not the stored one, kept under its own key and
   * named; false when refused.
   */
  async keepWholeAside(text, reason) {
    const key = `${ASIDE_PREFIX}${now()}`;
    if (!(await this.#shelf.set(key, text))) {
      this.report({ kind: "stuck", reason });
      return false;
    }
    this.report({ kind: "aside", key, reason });
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
      this.report({ kind: "stuck", reason });
      throw Object.assign(new Error("history kept in place"), { reason });
    }
    this.#memory = null;
    const removed = (await this.#swap(null, base)) === "written";
    this.#good = this.#replayed = null;
    this.report({ kind: "aside", key, reason });
    return { history: null, base: removed ? null : base };
  }

  /**
   * Store `text` (a history from the engine, within the budget already) over `base`; when
   * storage refuses it, with half as many saves for review each time. Resolves with true,
   * "changed" (another tab's change is stored: nothing was written), or false when not even
   * the records fit (the history then stays in memory for this visit).
   */
  async keep(text, base) {
    // (On IndexedDB the text may hold more saves: refused, it keeps LOCAL_SAVES / 2 at first.)
    for (let keep = LOCAL_SAVES; ; keep = Math.floor(keep / 2)) {
      let outcome = await this.#swap(text, base);
      while (outcome === "refused" && (await makeRoom())) outcome = await this.#swap(text, base);
      if (outcome === "changed") return outcome;
      if (outcome === "refused" && this.#keepBeside(text)) return true;
      if (outcome === "written") {
        this.#memory = null;
        this.#good = text;
        if (this.#history.problem?.kind === "full") this.report(this.partsProblem());
        return true;
      }
      if (keep === 0) break;
      ({ history: text } = await this.#call("history_trim", { history: text, keep_saves: Math.floor(keep / 2) }));
    }
    this.#memory = text;
    this.#good = text;
    this.report({ kind: "full" });
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

  /** The parts set aside during this visit, as a problem (null: none). */
  partsProblem() {
    return this.#partsAside.length ? { kind: "parts", keys: [...this.#asideKeys], parts: [...this.#partsAside] } : null;
  }

  /** Remove the stored history, and one kept in localStorage when IndexedDB refused it (the next load merges it). */
  async remove() {
    this.#memory = null;
    this.#good = this.#replayed = null;
    if (await this.#shelf.remove(HISTORY_KEY)) this.#announce();
    if (this.#shelf.kind === "indexeddb") storage()?.removeItem(HISTORY_KEY);
  }
}
