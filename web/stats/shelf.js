// Where the history is kept (history.js decides what): texts under keys, in
// IndexedDB (database "wizard", object store "history"), which holds the
// engine's largest history (16 M characters); where IndexedDB is missing or
// refuses to open (some private modes, old browsers), in localStorage, as
// before, which holds about 5 MB for the whole site.
//
// The first time IndexedDB opens, a history kept in localStorage by an older
// version of the site is copied over as it is (damaged or not: history.js
// checks it as any stored history), read back, and only then removed from
// localStorage. Should IndexedDB already hold another history (a tab of the
// older version kept writing there), the old one stays and `openShelf`
// hands it to history.js, which merges it.
//
// Every call resolves: get with the text or null (none), set and remove with
// true, or false when storage refused (full, or blocked); swap with "written",
// "changed" (the key no longer held what the caller read: another tab wrote
// meanwhile, and nothing was written) or "refused". A read that fails
// rejects: the caller must not take it for an empty history and overwrite it.
// IndexedDB's swap reads and writes in one readwrite transaction, which no other
// tab's can interleave: a change made from a text can never overwrite another
// tab's change to it (localStorage's swap is as atomic as its page's one task).

import { storage } from "../lib/store.js";

export const HISTORY_KEY = "wizard.history";
const DATABASE = "wizard";
const STORE = "history";

/** A request's result as a promise. */
function done(request) {
  return new Promise((resolve, reject) => {
    request.addEventListener("success", () => resolve(request.result));
    request.addEventListener("error", () => reject(request.error));
  });
}

/** A transaction's end as a promise (a write is kept only once it completes). */
function completed(transaction) {
  return new Promise((resolve, reject) => {
    transaction.addEventListener("complete", () => resolve());
    transaction.addEventListener("error", () => reject(transaction.error));
    transaction.addEventListener("abort", () => reject(transaction.error ?? new Error("aborted")));
  });
}

class IndexedShelf {
  kind = "indexeddb";
  #db;

  constructor(db) {
    this.#db = db;
    // A newer version of the site wants to change the database: let it.
    db.addEventListener("versionchange", () => db.close());
  }

  async get(key) {
    const value = await done(this.#db.transaction(STORE).objectStore(STORE).get(key));
    return typeof value === "string" ? value : null;
  }

  /** Write, or with `text` null remove; true once the write has completed. */
  async #write(key, text, add = false) {
    try {
      const transaction = this.#db.transaction(STORE, "readwrite");
      const store = transaction.objectStore(STORE);
      if (text === null) store.delete(key);
      else if (add) store.add(text, key);
      else store.put(text, key);
      await completed(transaction);
      return true;
    } catch {
      return false;
    }
  }

  set(key, text) {
    return this.#write(key, text);
  }

  remove(key) {
    return this.#write(key, null);
  }

  /** Store `text` unless `key` holds something already (false then, or when refused). */
  add(key, text) {
    return this.#write(key, text, true);
  }

  /** Write `text` (null: remove) if `key` still holds `before` (null: nothing), in one transaction. */
  async swap(key, before, text) {
    let transaction;
    let changed = false;
    try {
      transaction = this.#db.transaction(STORE, "readwrite");
      const store = transaction.objectStore(STORE);
      const found = store.get(key);
      found.addEventListener("success", () => {
        const now = typeof found.result === "string" ? found.result : null;
        if (now !== before) {
          changed = true;
          transaction.abort();
          return;
        }
        try {
          if (text === null) store.delete(key);
          else store.put(text, key);
        } catch {
          transaction.abort(); // refused at once (a value it cannot store): "refused"
        }
      });
      await completed(transaction);
      return "written";
    } catch {
      return changed ? "changed" : "refused";
    }
  }
}

class LocalShelf {
  kind = "local";

  async get(key) {
    return storage()?.getItem(key) ?? null;
  }

  async set(key, text) {
    try {
      storage().setItem(key, text);
      return true;
    } catch {
      return false;
    }
  }

  async remove(key) {
    try {
      storage().removeItem(key);
      return true;
    } catch {
      return false;
    }
  }

  async swap(key, before, text) {
    try {
      if ((storage().getItem(key) ?? null) !== before) return "changed";
      if (text === null) storage().removeItem(key);
      else storage().setItem(key, text);
      return "written";
    } catch {
      return "refused";
    }
  }
}

function openDatabase() {
  const request = indexedDB.open(DATABASE, 1);
  request.addEventListener("upgradeneeded", () => request.result.createObjectStore(STORE));
  return done(request);
}

/**
 * Move localStorage's history into `shelf`: resolves with the old text when the shelf holds
 * another history already (to be merged), else null (nothing left in localStorage, or it
 * stays there because the shelf refused it: it is tried again on the next visit).
 */
async function migrate(shelf) {
  let old;
  try {
    old = storage()?.getItem(HISTORY_KEY) ?? null;
  } catch {
    return null;
  }
  if (old === null) return null;
  await shelf.add(HISTORY_KEY, old);
  const kept = await shelf.get(HISTORY_KEY);
  if (kept === null) return null; // refused: it stays in localStorage
  if (kept !== old) return old;
  storage().removeItem(HISTORY_KEY); // written and read back: the copy is the history now
  return null;
}

/**
 * Resolves with {shelf, leftover}: the shelf (IndexedDB's, else localStorage's) and a
 * history left in localStorage that the shelf's own history must take in (else null).
 */
export async function openShelf() {
  let db;
  try {
    db = await openDatabase();
  } catch {
    return { shelf: new LocalShelf(), leftover: null };
  }
  const shelf = new IndexedShelf(db);
  try {
    return { shelf, leftover: await migrate(shelf) };
  } catch {
    return { shelf, leftover: null }; // a failed read: the old history stays where it was
  }
}
