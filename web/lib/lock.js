// One tab at a time: `locked(name, work)` runs work() while no other tab of this browser
// runs work under the same name, and resolves with its result. Web Locks where the browser
// has them (a secure context: https, localhost); elsewhere (plain http on a LAN address) a
// lease kept in IndexedDB (database "wizard-locks"): taken by a read and a write in one
// transaction, renewed while the work goes on, lapsing LEASE_MS after its last renewal
// (its tab closed or frozen). Where neither exists the work runs alone in its tab only.
// A lock gives turns, not safety: a write must still check what it replaces (a lapsed
// lease's tab may still be writing).
//
// Beside the leases, texts (`readText`, `writeText`; object store "texts"): what a tab
// compares under a lock must be read where every tab sees the last write at once.
// localStorage is not that place: each tab's process keeps its own copy of it, brought up
// to date some time after another tab writes (two tabs taking turns under a lock both
// saw the old pad and both wrote theirs); IndexedDB is.

const DATABASE = "wizard-locks";
const STORE = "leases";
const TEXTS = "texts";
const LEASE_MS = 10_000;
const RETRY_MS = 40; // between looks at a held lease, times a random share of the looks so far
const RETRY_MOST_MS = 1000;
const TAB = Math.random().toString(36).slice(2, 10);
let database = null; // the promise of the leases' database (null: not opened yet)

export function locked(name, work) {
  if (navigator.locks) return navigator.locks.request(name, work);
  return leased(name, work);
}

/** The text kept under `key`, or null (none, or no IndexedDB here). */
export async function readText(key) {
  try {
    const db = await openLeases();
    return await new Promise((resolve, reject) => {
      const request = db.transaction(TEXTS).objectStore(TEXTS).get(key);
      request.addEventListener("success", () => resolve(typeof request.result === "string" ? request.result : null));
      request.addEventListener("error", () => reject(request.error));
    });
  } catch {
    return null;
  }
}

/** Keep `text` under `key` (null: remove it); resolves once written (false: refused, or no IndexedDB). */
export async function writeText(key, text) {
  try {
    const db = await openLeases();
    return await new Promise((resolve) => {
      const transaction = db.transaction(TEXTS, "readwrite");
      if (text === null) transaction.objectStore(TEXTS).delete(key);
      else transaction.objectStore(TEXTS).put(text, key);
      transaction.addEventListener("complete", () => resolve(true));
      transaction.addEventListener("error", () => resolve(false));
      transaction.addEventListener("abort", () => resolve(false));
    });
  } catch {
    return false;
  }
}

function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function openLeases() {
  database ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.addEventListener("upgradeneeded", () => {
      request.result.createObjectStore(STORE);
      request.result.createObjectStore(TEXTS);
    });
    request.addEventListener("success", () => resolve(request.result));
    request.addEventListener("error", () => reject(request.error));
  });
  return database;
}

/**
 * In one transaction: `name`'s lease becomes `next(lease)` (a lease: {tab, until}; null: none),
 * unless next returns undefined; resolves with whether it was written.
 */
async function update(name, next) {
  const db = await openLeases();
  return new Promise((resolve) => {
    const transaction = db.transaction(STORE, "readwrite");
    const store = transaction.objectStore(STORE);
    let changed = false;
    const found = store.get(name);
    found.addEventListener("success", () => {
      const lease = found.result ?? null;
      const value = next(lease);
      if (value === undefined) return;
      try {
        if (value === null) store.delete(name);
        else store.put(value, name);
        changed = true;
      } catch {
        transaction.abort();
      }
    });
    transaction.addEventListener("complete", () => resolve(changed));
    transaction.addEventListener("error", () => resolve(false));
    transaction.addEventListener("abort", () => resolve(false));
  });
}

const mine = (lease) => lease?.tab === TAB;
const held = (lease) => lease !== null && lease.until > Date.now();

async function leased(name, work) {
  const until = () => Date.now() + LEASE_MS;
  try {
    const take = (lease) => (held(lease) ? undefined : { tab: TAB, until: until() });
    for (let look = 1; !(await update(name, take)); look++) {
      await pause(Math.min(RETRY_MOST_MS, RETRY_MS * look * Math.random()));
    }
  } catch {
    return work(); // no IndexedDB: this tab's own turn only
  }
  let renewing = Promise.resolve();
  const renew = setInterval(() => {
    renewing = renewing.then(() => update(name, (lease) => (mine(lease) ? { tab: TAB, until: until() } : undefined)));
  }, LEASE_MS / 4);
  try {
    return await work();
  } finally {
    clearInterval(renew);
    await renewing;
    await update(name, (lease) => (mine(lease) ? null : undefined));
  }
}
