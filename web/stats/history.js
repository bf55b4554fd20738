// The history of finished games, kept in this browser: every finished game is
// recorded (a "wizard:game-finished" event: a game at the table, kind "game"
// with its save, or a score pad, kind "keeper" with its document), and the
// statistics page reads, exports, imports and resets it. The coach's worker
// does all the work (the history_* requests): the game's bots never wait on it.
// Where and how the text is kept, read and checked, and what is done when storage
// refuses it or a part of it is damaged: kept.js. A "problem" event says what went
// wrong; another tab's change arrives as a "changed" event.
//
// One writer at a time: a change (a game recorded, an import, a merge) is worked
// out from the stored text and written only over that same text (shelf.js's swap:
// one IndexedDB transaction), so no tab ever writes over another's change; where
// the swap finds another tab's change, the work is done again on it. Where the
// browser has Web Locks (a secure context), a tab holds the history's lock from
// its read to its write, so the others wait their turn rather than redo their
// work; without them, lib/lock.js's lease does the same: a long import is not
// redone for ever behind another tab's games. A change that keeps losing says so
// (a "waiting" problem) and goes on trying: the game is never dropped. Near the
// engine's most records (each game past it replaces the oldest), a "filling" problem
// tells the player, who can export.
// The game in progress and the score keeper's pad (store.js keeps both) go
// into an export, and an import restores each unless this browser has its own.

import { locked } from "../lib/lock.js";
import { KeptHistory, STORED_REASONS, now } from "./kept.js";
import { HISTORY_KEY } from "./shelf.js";

const LARGEST_FILE_BYTES = 64_000_000; // refused before reading: the engine's limit is 16 M characters
const LOCK = "wizard.history"; // (Web Locks) held by the one tab changing the history
const ATTEMPTS = 4; // changes lost to other tabs before the page says the game waits (it goes on trying)
const RETRY_MS = 40; // the pause after a lost change, times a random share of the attempts so far
const RETRY_MOST_MS = 2000;
const ROOM_NOTICE = 100; // "filling" once the history has room for fewer games than this

function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
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
  #kept; // kept.js's: the text where it is kept (every step waits its turn behind the opening)
  #queue = Promise.resolve(); // one change at a time

  /**
   * @param startCoach engine.js's startCoach: the worker that does the work
   * @param store store.js's Store: the game in progress (exported, and restored by an import)
   */
  constructor(startCoach, store) {
    super();
    this.#startCoach = startCoach;
    this.#store = store;
    this.#kept = new KeptHistory(this, (method, params) => this.#call(method, params));
    this.#serial(() => this.#open());
    document.addEventListener("wizard:game-finished", (event) => {
      this.record(event.detail).catch((error) => console.warn("A finished game could not be recorded:", error));
    });
  }

  /** Open the shelf (moving an older version's history over); one left over is merged here. */
  async #open() {
    const leftover = await this.#kept.open();
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
      this.#call("history_import", { history, file: text, ...this.#kept.limits() }));
  }

  /** #mergeLeftover's history the import refused: its good parts merged; {kept}. */
  async #mergeParts(text) {
    let checked;
    try {
      checked = await this.#call("history_check", { history: text, replay: true });
    } catch (error) {
      if (!STORED_REASONS.has(error.reason?.code)) throw error;
      return { kept: await this.#kept.keepWholeAside(text, error.reason) };
    }
    if (checked.aside !== null && !(await this.#kept.keepAside(checked))) return { kept: false };
    return this.#merged(checked.history);
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
        const { history: kept, base } = await this.#kept.read();
        const answer = await work(kept);
        const stored = answer.history === kept || (await this.#kept.keep(answer.history, base));
        if (stored !== "changed") {
          if (this.problem?.kind === "waiting") this.#kept.report(this.#kept.partsProblem());
          this.#noticeRoom(answer);
          return { ...answer, kept: stored };
        }
        if (attempt === ATTEMPTS) this.#kept.report({ kind: "waiting" });
        await pause(Math.min(RETRY_MOST_MS, RETRY_MS * attempt * Math.random()));
      }
    });
  }

  /** The engine's most records nearly reached (`answer`: a change's): each new game soon replaces the oldest. */
  #noticeRoom({ games, most }) {
    if (most === undefined) return;
    if (most - games < ROOM_NOTICE) this.#kept.report({ kind: "filling", games, most });
    else if (this.problem?.kind === "filling") this.#kept.report(this.#kept.partsProblem());
  }

  /** Record a finished game: detail {kind: "game", save} or {kind: "keeper", keeper, me?}. */
  record(detail) {
    const params = detail?.kind === "keeper"
      ? { keeper: detail.keeper, me: detail.me ?? null }
      : { save: detail?.save };
    const date = now();
    return this.#change((history) =>
      this.#call("history_record", { history, ...params, date, ...this.#kept.limits() }));
  }

  /**
   * The statistics of the device's owner (or of the player named `who`) over the games of one
   * schedule and one deck (null: the one they played last), everyone's names, the games newest first.
   */
  stats(who = null, schedule = "standard", deck = null) {
    return this.#serial(async () => {
      const { history } = await this.#kept.read(true);
      return this.#call("history_stats", { history, who, schedule, deck });
    });
  }

  /** A game's save for review, and its record. */
  review(key) {
    return this.#serial(async () => {
      const { history } = await this.#kept.read(true);
      return this.#call("history_review", { history, key });
    });
  }

  /**
   * The file to export: {file (text), left_out (games in progress), games, set_aside}: the
   * damaged parts left out of it (an import would refuse them), set aside here too.
   */
  exportFile() {
    return this.#serial(async () => {
      const before = this.#kept.partsAside.length;
      const { history, base } = await this.#kept.read(true);
      const answer = await this.#call("history_export", {
        history, game: this.#store.loadGame(), keeper: this.#store.loadKeeper(),
      });
      if (answer.aside !== null) await this.#kept.setPartsAside(answer, base);
      return { ...answer, set_aside: this.#kept.partsAside.slice(before) };
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
      this.#call("history_import", { history, file: text, ...this.#kept.limits() }, { onProgress }));
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
      restored.game = (await this.#store.saveGame(current.game.save, current.game.game, { claim: true })) === "saved";
    }
    if (current.keeper && this.#store.loadKeeper() === null) {
      restored.keeper = (await this.#store.saveKeeper(current.keeper, null)) === "saved";
    }
    return restored;
  }

  /** Forget every finished game (not the game in progress). */
  reset() {
    return this.#serial(() => locked(LOCK, async () => {
      await this.#kept.remove();
      const roomTrouble = this.problem?.kind === "full" || this.problem?.kind === "filling";
      if (roomTrouble) this.#kept.report(this.#kept.partsProblem());
    }));
  }
}
