// The connection to the game engine: the one module that owns the engine's
// Web Worker and the only one that knows Pyodide exists. Everything else
// sends intents and receives views as plain JSON:
//
//   import { startEngine } from "./engine.js";
//   const engine = startEngine();          // the same object on every call
//
// Importing this module starts the engine, so index.html loads it on its own
// before app.js: the worker boots while the rest of the page's modules load.
//   await engine.ready;                    // resolves with the engine's version
//   const view = await engine.call("new_game", { config });
//                                          // rejects with an Error: .reason is the
//                                          // engine's reason, .message its English
//
// While it boots, <html data-engine="loading">; a boot that fails or takes
// longer than BOOT_TIMEOUT_MS is tried once more; then "ready", or "error" with
// the reason shown in an element with role="alert" (the page's own
// [data-engine-alert] element if it has one, else one added to <body>),
// worded from the catalogue ("boot.*" keys of i18n/en.json).
// engine.status / engine.version / engine.error say the same; a "status"
// event fires on each change.
//
// A call that gets no answer within CALL_TIMEOUT_MS (or a worker whose
// runtime failed fatally) is rejected, and the worker is restarted: a
// "restarted" event fires once the new one is ready (the game reloads its
// last good save then). Later calls wait for the new worker: one lost answer
// never blocks the rest. engine.kill() ends the worker as a crash would (for
// tests); engine.callTimeoutMs may be lowered (for tests). Requests go to the
// worker one at a time, so a timeout counts only the worker's time on it.
//
// The coach is a second worker with the same engine (startCoach(), booted
// once the game's engine is ready): its requests carry the game's save, so a
// hint or a review never holds up the bots. <html data-coach> shows its status;
// its failure raises no alert (the game goes on without it). A long request
// reports its progress:
//   await coach.call("review", { save, seat }, { onProgress: ({ done, total }) => ... });
// and each report restarts the timeout.
//
// A returning player's workers boot from a memory snapshot of a booted engine
// (see worker.js): <html data-engine-snapshot> and data-coach-snapshot say
// "restored", "none" or "discarded" (engine.snapshot says the same). After a
// boot without one, snapshot.js has a third worker make it. A restored
// engine that fails fatally may hold damaged memory that the gzip's check and
// its first answers let through: its snapshot is discarded, and the fresh worker
// that takes over boots without it.
//
// Offline play is wired here too: once the engine has settled, the service
// worker is registered; <html data-offline="ready"> when the site is cached.
// A newer build takes over an open page once no worker boots or makes the
// snapshot; then (on a first visit too, after the first install has claimed
// it) <html data-update="ready"> and an "update" event fire: a reload runs the
// new version.

import "../lib/supported.js";
import { discardSnapshot, forgoSnapshot as forgo, makeSnapshot, snapshotMaking } from "./snapshot.js";

export { allowSnapshot } from "./snapshot.js";

// The page's words, imported when loaded rather than before this module runs: the worker
// starts only once this module's imports are in, and words.js brings notation.js, fetched
// behind app.js's modules (the worker started about 230 ms later on a warm visit).
let words = null;
const wordsModule = import("../lib/words.js").then((module) => (words = module));
wordsModule.catch(() => {}); // (a module that failed to load: boot.js says so)
/** A catalogue entry in the page's language (app.js loads it), or its key while words.js is not in. */
const t = (key, params) => words?.t(key, params) ?? key;

const BOOT_TIMEOUT_MS = 60_000;
// An Expert bot thinks for a few seconds at most, even on a slow phone.
const CALL_TIMEOUT_MS = 20_000;
const root = document.documentElement;

class Engine extends EventTarget {
  role;
  status = "loading";
  version = null;
  snapshot = null; // "restored" | "none" | "discarded", once booted
  snapshotKey = null; // the snapshot's key for this build (null: none can be kept here), once booted
  error = null;
  callTimeoutMs = CALL_TIMEOUT_MS;
  restarts = 0;
  #worker;
  #restarting = false;
  #retried = false;
  #nextId = 1;
  #waiting = new Map(); // id -> {resolve, reject, onProgress, restartTimer}
  #queue = Promise.resolve(); // one request at a time: a timer runs only while the worker works on it
  #settle;
  #after;

  /** role: "engine" (the game's) or "coach" (hints, reviews: slow requests that must not hold up the game). */
  /** after: a promise the worker waits for before it boots (the coach waits for the game's engine). */
  constructor(role, after = Promise.resolve()) {
    super();
    this.role = role;
    this.#after = after.catch(() => {});
    performance.mark(`${role}-start`);
    this.#boot();
  }

  #boot() {
    this.ready = new Promise((resolve, reject) => {
      this.#settle = { resolve, reject };
    });
    this.ready.catch(() => {}); // failures are reported through status and the alert
    this.#setStatus("loading");
    this.#retried = false;
    this.#after.then(() => this.#start(this.role));
  }

  /** The worker crashed or stopped answering: every waiting call is rejected, a new worker boots. */
  #restart() {
    if (this.#restarting || this.status === "error") return;
    this.#restarting = true;
    this.#worker?.terminate();
    // (the new worker boots once it is gone: it must not find it)
    if (this.snapshot === "restored") this.#after = discardSnapshot();
    const lost = Object.assign(new Error(t("engine.lost")), { lost: true });
    for (const waiter of this.#waiting.values()) waiter.reject(lost);
    this.#waiting.clear();
    this.#boot();
    this.ready.then(() => {
      this.#restarting = false;
      this.restarts++;
      this.dispatchEvent(new Event("restarted"));
    }, () => {});
  }

  /** For tests: the worker dies as in a crash (no answer ever comes). */
  kill() {
    this.#worker?.terminate();
  }

  /** One attempt at booting, within BOOT_TIMEOUT_MS. */
  #start(name) {
    try {
      this.#worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name });
    } catch (error) {
      this.#fail("boot.no_worker", { detail: error.message });
      return;
    }
    const worker = this.#worker;
    const timer = setTimeout(() => {
      if (this.#worker === worker) this.#bootFailed("boot.timeout");
    }, BOOT_TIMEOUT_MS);
    const stop = () => clearTimeout(timer);
    this.ready.then(stop, stop);
    this.#worker.addEventListener("message", (event) => this.#receive(event.data));
    this.#worker.addEventListener("error", (event) => {
      event.preventDefault();
      if (this.status === "ready") return this.#restart(); // a crash after booting
      this.#bootFailed(event.message ? "boot.broken_detail" : "boot.broken", { detail: event.message });
    });
  }

  // A boot that fails or passes its time is tried once more before the page shows
  // the error: a request lost on the way, or a busy device, should not end the game.
  // Online, the service worker leaves the runtime to the browser's HTTP cache
  // (see sw.js); when the network fails although the browser says it is online,
  // the second boot takes the runtime from the service worker's cache.
  #bootFailed(code, params = {}) {
    if (this.status !== "loading" || this.#retried) return this.#fail(code, params);
    this.#retried = true;
    this.#worker.terminate();
    this.#start(navigator.serviceWorker?.controller ? `${this.role}-cached` : this.role);
  }

  /**
   * Call an engine method; resolves with its result, rejects with an Error whose .reason is
   * the engine's. A long request reports {done, total} to onProgress; each report restarts
   * its timeout, so a review may take longer than one timeout as long as it moves.
   */
  call(method, params = {}, { onProgress } = {}) {
    const request = JSON.stringify({ method, params });
    const turn = this.#queue.then(() => this.ready).then(() => this.#send(request, onProgress));
    this.#queue = turn.catch(() => {});
    return turn;
  }

  #send(request, onProgress) {
    return new Promise((resolve, reject) => {
      const id = this.#nextId++;
      let timer;
      const restartTimer = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          if (this.#waiting.has(id)) this.#restart(); // rejects this call too
        }, this.callTimeoutMs);
      };
      const done = (settle) => (value) => {
        clearTimeout(timer);
        settle(value);
      };
      restartTimer();
      this.#waiting.set(id, { resolve: done(resolve), reject: done(reject), onProgress, restartTimer });
      this.#worker.postMessage({ id, request });
    });
  }

  #receive(message) {
    if (message.type === "ready") {
      this.version = message.version;
      this.snapshot = message.snapshot ?? "none";
      this.snapshotKey = message.key ?? null;
      root.dataset[`${this.role}Snapshot`] = this.snapshot;
      performance.mark(`${this.role}-ready`);
      this.#setStatus("ready");
      this.#settle.resolve(message.version);
    } else if (message.type === "error") {
      this.#bootFailed(message.code, message.params);
    } else if (message.progress) {
      const waiter = this.#waiting.get(message.id);
      waiter?.restartTimer();
      waiter?.onProgress?.(JSON.parse(message.progress));
    } else {
      const waiter = this.#waiting.get(message.id);
      if (!waiter) return;
      this.#waiting.delete(message.id);
      const response = JSON.parse(message.response);
      if (response.ok) waiter.resolve(response.result);
      else waiter.reject(engineError(response.error));
      if (message.fatal) this.#restart(); // the runtime cannot go on: a fresh one
    }
  }

  #fail(code, params = {}) {
    if (this.status === "error") return;
    this.error = Object.assign(new Error(code), { boot: { code, params } }); // worded in the alert
    this.#worker?.terminate();
    for (const waiter of this.#waiting.values()) waiter.reject(this.error);
    this.#waiting.clear();
    // Without the game's engine nothing works: say so. Without the coach, the game goes on
    // and the coach's panels say it is unavailable.
    if (this.role === "engine") showAlert(code, params);
    this.#setStatus("error");
    this.#settle.reject(this.error);
  }

  #setStatus(status) {
    if (this.status === "error") status = "error"; // final
    this.status = status;
    root.dataset[this.role] = status;
    this.dispatchEvent(new Event("status"));
  }
}

/** An Error for a refused call: its .reason is the engine's reason ({code, params, rule}). */
function engineError(error) {
  if (typeof error !== "object" || error === null) return new Error(String(error));
  const { message, ...reason } = error;
  return Object.assign(new Error(message ?? reason.code), { reason });
}

async function showAlert(code, params) {
  const message = await wordsModule.then((module) => module.loadWords()).then(() => t(code, params), () => code);
  if (document.readyState === "loading") {
    await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
  }
  let alert = document.querySelector("[data-engine-alert]");
  if (!alert) {
    alert = document.createElement("div");
    alert.dataset.engineAlert = "";
    alert.className = "engine-alert";
    document.body.prepend(alert);
  }
  alert.setAttribute("role", "alert");
  alert.textContent = message;
  alert.hidden = false;
}

async function registerServiceWorker(engine) {
  if (!("serviceWorker" in navigator)) {
    root.dataset.offline = "unsupported";
    return;
  }
  const container = navigator.serviceWorker;
  // A page loaded without a service worker is claimed by the first one installed (its own
  // build: nothing to say); any worker taking over after that is a newer build.
  let controlled = Boolean(container.controller);
  container.addEventListener("controllerchange", () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    root.dataset.update = "ready";
    engine.dispatchEvent(new Event("update"));
  });
  try {
    const registration = await container.register(new URL("../sw.js", import.meta.url), {
      updateViaCache: "none",
    });
    // A new build waits until this page is done booting, then takes over. The
    // browser checks for one as the page loads, long before this runs (after the
    // engine's boot), so it may already be waiting, or still installing with its
    // "updatefound" gone.
    const promote = () => quiet().then(() => registration.waiting?.postMessage({ type: "skip-waiting" }));
    const follow = (worker) => worker?.addEventListener("statechange", promote);
    promote();
    follow(registration.installing);
    registration.addEventListener("updatefound", () => follow(registration.installing));
    // And it asks for a check itself, rather than count on the browser having made one.
    registration.update().catch(() => {}); // offline: the next visit asks again
    await container.ready;
    root.dataset.offline = "ready";
  } catch (error) {
    root.dataset.offline = "error";
    console.warn(`Offline play is unavailable: ${error.message}`);
  }
}

let engine = null;
let coach = null;

/**
 * Give the snapshot's room to the games (web/stats/storage.js, when storage runs short): it is
 * removed and not made again for this build. Resolves with whether there was one.
 */
export function forgoSnapshot() {
  return forgo(engine?.snapshotKey);
}

/** The page's Engines, for snapshot.js (null: not started). */
const workers = () => [engine, coach];

/**
 * Resolves once none of the page's workers is booting, the snapshot's maker included. The
 * coach boots after the game's engine: were a new build to take over meanwhile, the coach
 * could load files of two builds. And a boot's requests keep the old service worker busy,
 * which holds the takeover (Chromium activates a skip-waiting worker only once the old one
 * has no requests in flight; restarted for them, the old one was seen to keep the new one
 * waiting for minutes).
 */
async function booted() {
  for (;;) {
    const booting = workers().filter((worker) => worker?.status === "loading");
    if (booting.length === 0) return;
    await Promise.all(booting.map((worker) => worker.ready.catch(() => {})));
  }
}

/**
 * booted(), and the snapshot's worker done (its boot is a boot too), or a boot's time
 * gone by: when a new build may take over.
 */
async function quiet() {
  await booted();
  const snapshotMaker = snapshotMaking();
  if (!snapshotMaker) return;
  await Promise.race([snapshotMaker, new Promise((resolve) => setTimeout(resolve, BOOT_TIMEOUT_MS))]);
}

/** Start the engine (once); returns the Engine. */
export function startEngine() {
  if (!engine) {
    engine = new Engine("engine");
    const settled = () => registerServiceWorker(engine);
    engine.ready.then(settled, settled);
    engine.ready.then(() => {
      if (engine.snapshot !== "restored") makeSnapshot(engine, { workers, booted });
    }, () => {});
  }
  return engine;
}

/**
 * Start the coach (once), a second worker with the same engine, after the game's has
 * booted (two boots at once would slow the first); returns its Engine. Its requests
 * carry the game's save, so it keeps no game of its own.
 */
export function startCoach() {
  if (!coach) {
    coach = new Engine("coach", startEngine().ready);
  }
  return coach;
}

startEngine();
