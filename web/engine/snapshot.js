// The engine's memory snapshot, seen from the page: when one is made, refused, discarded or
// given up (out of engine.js, which runs the workers; worker.js makes and restores it).
//
// After a boot without one, once no worker is booting and the page is idle, a third worker
// makes it and ends: <html data-snapshot> is "making", then "stored" or "failed" (nothing is
// shown: the next visit boots as usual). A snapshot the browser refused, or one given up to
// make room for the games (forgoSnapshot), is not made again for this build
// (SNAPSHOT_REFUSED_KEY remembers its key): a third boot on every visit costs more than the
// snapshot saves.

const SNAPSHOT_CACHE = "engine-snapshot"; // (worker.js's)
const SNAPSHOT_REFUSED_KEY = "wizard.snapshot-refused"; // localStorage: the key of a build that makes none
const root = document.documentElement;

let snapshotMaker = null; // the promise of idleThenSnapshot(), once started

/**
 * After a boot without a snapshot: once no worker boots and the page is idle, a worker of
 * its own makes one (a fresh engine, no game in it) and ends. Once a visit. `engine`: the
 * game's Engine; `workers()`: the page's Engines; `booted()`: engine.js's, the wait for no boot.
 */
export function makeSnapshot(engine, { workers, booted }) {
  const key = engine.snapshotKey;
  if (!snapshotMaker && key !== null && typeof CompressionStream !== "undefined" && refusedKey() !== key) {
    snapshotMaker = idleThenSnapshot(engine, workers, booted);
  }
}

/** The snapshot's making (resolves once its worker has ended), or null when none was started. */
export function snapshotMaking() {
  return snapshotMaker;
}

function refusedKey() {
  try {
    return localStorage.getItem(SNAPSHOT_REFUSED_KEY);
  } catch {
    return null;
  }
}

/** No snapshot for this build (`key`): the browser refused it, or its room went to the games. */
function refuseSnapshot(key) {
  try {
    if (key) localStorage.setItem(SNAPSHOT_REFUSED_KEY, key);
  } catch {
    // storage refused: the next visit may try again
  }
}

/** Remove the stored snapshot (resolves when done; never rejects). */
export async function discardSnapshot() {
  try {
    await self.caches?.delete(SNAPSHOT_CACHE);
  } catch {
    // storage refuses: the key check still guards the next boot
  }
}

/** Let the next visit make a snapshot again ("Clear offline data": the room may be there now). */
export function allowSnapshot() {
  try {
    localStorage.removeItem(SNAPSHOT_REFUSED_KEY);
  } catch {
    // storage refused: nothing was remembered either
  }
}

/**
 * Give the snapshot's room to the games: it is removed and not made again for this build
 * (`key`: the engine's snapshotKey). Resolves with whether there was one.
 */
export async function forgoSnapshot(key) {
  refuseSnapshot(key);
  const had = await self.caches?.has(SNAPSHOT_CACHE).catch(() => false);
  await discardSnapshot();
  return Boolean(had);
}

/** Resolves once the snapshot's worker has ended (or none was needed). */
async function idleThenSnapshot(engine, workers, booted) {
  await booted();
  await new Promise((resolve) => (self.requestIdleCallback ?? setTimeout)(resolve, { timeout: 2000 }));
  if (workers().some((worker) => worker?.snapshot === "restored")) return; // one exists now
  root.dataset.snapshot = "making";
  let worker;
  try {
    worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: "snapshot" });
  } catch {
    root.dataset.snapshot = "failed";
    return;
  }
  const stored = await new Promise((resolve) => {
    worker.addEventListener("message", ({ data }) => {
      if (data.type === "snapshot") resolve(data.stored);
      else if (data.type === "error") resolve(false);
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      resolve(false);
    });
  });
  root.dataset.snapshot = stored ? "stored" : "failed";
  if (!stored) refuseSnapshot(engine.snapshotKey);
  worker.terminate();
}
