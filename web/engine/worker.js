// The engine's worker: boots Pyodide with our wheel and answers calls.
// Only engine.js talks to it. Messages are plain objects whose payloads are
// JSON strings, so nothing crosses the boundary as a proxy:
//   in:  {id, request: '{"method": ..., "params": {...}}'}
//   out: {type: "ready", version, snapshot, key} | {type: "error", code, params}
//        (a boot failure: the page words "<code>" from its catalogue;
//        snapshot: "restored", "none" or "discarded", see below; key: the snapshot's
//        key for this build, null where none can be kept)
//        {id, response: '{"ok": true, "result": ...}'}
//        {id, progress: '{"done": d, "total": t}'}  (a long request, e.g. a review, as it goes)
// The runtime's folder is named after its version (build.py checks it: bump both).
// Started with a name ending in "cached", it takes the runtime from the service
// worker's cache (sw.js serves RUNTIME + "cached/"): engine.js retries that
// way when the network fails although the browser says it is online.
//
// A memory snapshot: a booted interpreter with the engine imported, kept in
// Cache Storage (SNAPSHOT_CACHE, gzip-compressed, which also checks its bytes)
// under a key made of the runtime's pinned files (runtime-integrity.json pins
// the wasm, the standard library and our wheel). A worker boots from it when
// its key matches, skipping Python's own start and the engine's imports; any
// trouble (none stored, another key, damaged, refused by Pyodide, an engine that
// does not answer) discards it and boots as usual, saying nothing. Started with
// the name "snapshot", the worker only makes one: it boots afresh, imports the
// engine's modules, answers no request, stores the snapshot and says
// {type: "snapshot", stored: true | false, bytes}. engine.js starts it once the
// page is idle after a boot without a snapshot.
const here = (path) => new URL(path, import.meta.url).href;
const RUNTIME = self.name.endsWith("cached")
  ? "../pyodide-314.0.7/cached/"
  : "../pyodide-314.0.7/";
const PACKAGE = "wizard_engine";
const RUNTIME_MODULES = ["pyodide.mjs", "pyodide.asm.mjs"]; // pinned in runtime-integrity.json
const MAKES_SNAPSHOT = self.name === "snapshot";
const SNAPSHOT_CACHE = "engine-snapshot";
const SNAPSHOT_REQUEST = here("engine-snapshot"); // a key in Cache Storage, never fetched
const SNAPSHOT_FORMAT = "1"; // bumped when what a snapshot holds changes
// Python code run after a restore: the snapshot froze the random generator's state
// (every restored engine would draw the same "random" numbers): draw a fresh seed.
const AFTER_RESTORE = "import random; random.seed()";
// Before a snapshot: import every module a request may import later, so none
// is left to load from the files (a restored engine holds them all).
const BEFORE_SNAPSHOT = `import ${PACKAGE}.web; ${PACKAGE}.web.preload()`;
let call = null; // wizard_engine.web.call, once loaded
const pending = []; // requests that arrived before the engine was ready
let booting = "yes"; // "failed" once a runtime file could not be fetched (guardBoot)

// A boot that failed on a runtime file leaves Pyodide's other requests of that boot to fail
// unwatched (it fetches several files at once and stops at the first failure): their
// rejections are that same failure, already reported with the file's name, and this worker
// is about to be replaced; so they are not reported again as uncaught errors.
self.addEventListener("unhandledrejection", (event) => {
  if (booting === "failed") event.preventDefault();
});

async function boot() {
  const pinsText = await integrityPins();
  const pins = JSON.parse(pinsText);
  const key = await snapshotKey(pinsText);
  let snapshot = "none";
  let pyodide = null;
  const stored = MAKES_SNAPSHOT || key === null ? null : await findSnapshot(key);
  if (stored === "stale") snapshot = "discarded";
  else if (stored) {
    const bytes = readSnapshot(stored);
    bytes.catch(() => {}); // a damaged snapshot fails loadRuntime below
    try {
      pyodide = await loadRuntime(pins, { _loadSnapshot: bytes });
      pyodide.runPython(AFTER_RESTORE);
      snapshot = "restored";
    } catch (error) {
      if (error?.code) throw error; // a runtime file missing or refused: the boot fails as without a snapshot
      pyodide = null;
      snapshot = "discarded";
      await discardSnapshot();
    }
  }
  if (pyodide) {
    try {
      return { ...(await engineOf(pyodide)), snapshot, key };
    } catch {
      snapshot = "discarded"; // restored, but its engine does not answer
      await discardSnapshot();
    }
  }
  pyodide = await loadRuntime(pins, MAKES_SNAPSHOT ? { _makeSnapshot: true } : {});
  const { version } = await engineOf(pyodide);
  if (MAKES_SNAPSHOT) await makeSnapshot(pyodide, key);
  return { version, snapshot, key };
}

/** Load Pyodide with our wheel (its boot guarded: see guardBoot). */
async function loadRuntime(pins, options) {
  const guard = guardBoot(pins);
  try {
    // import() takes no integrity: fetch the runtime's two modules through the
    // guarded (pinned) fetch first, so the browser checks their bytes; the
    // imports that follow find them in the HTTP cache.
    const modules = RUNTIME_MODULES.map((file) => self.fetch(here(`${RUNTIME}${file}`)));
    await Promise.race([Promise.all(modules), guard.failed]);
    const { loadPyodide } = await Promise.race([import(here(`${RUNTIME}pyodide.mjs`)), guard.failed]);
    return await Promise.race([
      loadPyodide({
        indexURL: here(RUNTIME),
        lockFileURL: here(`${RUNTIME}pyodide-lock.json`),
        packages: [PACKAGE],
        stdout: () => {}, // stderr keeps its default: console.warn
        ...options,
      }),
      guard.failed,
    ]);
  } finally {
    guard.release();
  }
}

/** The engine's entry point in a loaded runtime: sets `call`; resolves with {version}. */
async function engineOf(pyodide) {
  let module;
  try {
    module = pyodide.pyimport(`${PACKAGE}.web`);
  } catch (error) {
    // loadPackage never rejects: a missing wheel or a failed hash only shows
    // up here, as a missing module.
    if (!pyodide.loadedPackages[PACKAGE]) {
      throw bootError("boot.package");
    }
    throw bootError("boot.failed", { detail: lastLine(error.message) });
  }
  const entry = module.call;
  const pong = JSON.parse(entry(JSON.stringify({ method: "ping", params: {} })));
  if (!pong.ok) throw bootError("boot.failed", { detail: pong.error.message });
  if (!MAKES_SNAPSHOT) call = entry;
  return { version: pong.result.version };
}

// --- the memory snapshot ---------------------------------------------------

/**
 * The snapshot's key: the runtime's pins (wasm, standard library, wheel...) and the format;
 * null where no snapshot can be kept: outside a secure context (plain http on a host that is
 * not localhost) the browser gives neither Cache Storage nor crypto.subtle.
 */
async function snapshotKey(pinsText) {
  if (!self.caches || !self.crypto?.subtle) return null;
  const bytes = new TextEncoder().encode(`${SNAPSHOT_FORMAT}\n${pinsText}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function snapshotCache() {
  return self.caches.open(SNAPSHOT_CACHE);
}

/**
 * The stored snapshot's response if its key is `key`; "stale" when another key's was
 * there (it is discarded); null when there is none. Never throws.
 */
async function findSnapshot(key) {
  try {
    const response = await (await snapshotCache()).match(SNAPSHOT_REQUEST);
    if (!response) return null;
    if (response.headers.get("X-Snapshot-Key") === key) return response;
    await discardSnapshot();
    return "stale";
  } catch {
    // no Cache Storage (or it refuses): boot as usual
  }
  return null;
}

/** The snapshot's bytes, decompressed; rejects when they are damaged (gzip checks them). */
async function readSnapshot(response) {
  const bytes = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  return new Uint8Array(bytes);
}

async function discardSnapshot() {
  try {
    await self.caches.delete(SNAPSHOT_CACHE);
  } catch {
    // nothing to discard, or storage refuses: the key check still guards the next boot
  }
}

/** Make the snapshot of a fresh runtime (the engine imported) and store it; reports to the page. */
async function makeSnapshot(pyodide, key) {
  let stored = false;
  let bytes = 0;
  try {
    pyodide.runPython(BEFORE_SNAPSHOT);
    // The loaded-packages record must be as at boot for Pyodide to snapshot; a boot
    // from the snapshot loads the wheel again (its files) and records it anew.
    delete pyodide.loadedPackages[PACKAGE];
    const memory = pyodide.makeMemorySnapshot();
    const body = new Blob([memory]).stream().pipeThrough(new CompressionStream("gzip"));
    const compressed = await new Response(body).blob();
    bytes = compressed.size;
    const response = new Response(compressed, {
      headers: { "Content-Type": "application/octet-stream", "X-Snapshot-Key": key },
    });
    await discardSnapshot();
    await (await snapshotCache()).put(SNAPSHOT_REQUEST, response);
    stored = true;
  } catch (error) {
    // Storage full or refused, or Pyodide could not snapshot: the next visit boots as usual.
    console.info(`No engine snapshot stored: ${error?.message ?? error}`);
    await discardSnapshot();
  }
  self.postMessage({ type: "snapshot", stored, bytes });
}

// The runtime's files pinned by sha256 (build.py writes the list beside the
// lock file, as the lock file pins our wheel): {"python_stdlib.zip": "sha256-..."}.
// What is fetched (the standard library, the wasm) is checked by the browser
// against them (fetch's `integrity`); a mismatch fails the boot naming the file.
async function integrityPins() {
  let response;
  try {
    response = await fetch(here(`${RUNTIME}runtime-integrity.json`));
  } catch (error) {
    throw bootError("boot.fetch_failed", { file: "runtime-integrity.json", detail: error.message });
  }
  if (!response.ok) throw bootError("boot.missing", { file: "runtime-integrity.json", status: response.status });
  return response.text();
}

// Pyodide swallows some failures while it boots: a wasm file that does not
// compile only logs a warning and the boot never ends, and a package that
// fails its hash is skipped. So, while it boots, a file that cannot be
// fetched (missing, or refused by its integrity check) or a wasm that does
// not compile fails the boot at once, naming the file.
function guardBoot(pins) {
  const { fetch, console } = self;
  const warn = console.warn;
  let reject;
  const failed = new Promise((_, rejectFailed) => {
    reject = rejectFailed;
  });
  const fail = (error) => {
    booting = "failed";
    reject(error);
  };
  const name = (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), self.location.href);
    return url.pathname.split("/").slice(-2).join("/");
  };
  self.fetch = async (input, init) => {
    const pin = pins[name(input).split("/").pop()];
    if (pin && !(input instanceof Request)) init = { ...init, integrity: pin };
    let response;
    try {
      response = await fetch(input, init);
    } catch (error) {
      fail(init?.integrity
        ? await integrityFailure(input)
        : bootError("boot.fetch_failed", { file: name(input), detail: error.message }));
      throw error;
    }
    if (!response.ok) {
      fail(bootError("boot.missing", { file: name(input), status: response.status }));
    }
    return response;
  };
  // A pinned file that could not be fetched: missing (its status says so), or its bytes failed the check.
  const integrityFailure = async (input) => {
    const response = await fetch(input, { method: "HEAD" }).catch(() => null);
    return response && !response.ok
      ? bootError("boot.missing", { file: name(input), status: response.status })
      : bootError("boot.fetch_integrity", { file: name(input) });
  };
  console.warn = (...args) => {
    if (String(args[0]).includes("wasm instantiation failed")) {
      fail(bootError("boot.wasm"));
    }
    warn.apply(console, args);
  };
  return {
    failed,
    release() {
      self.fetch = fetch;
      console.warn = warn;
    },
  };
}

/** A failed boot: the catalogue's key and its params (the page words it). */
function bootError(code, params = {}) {
  return Object.assign(new Error(code), { code, params });
}

function lastLine(text) {
  const lines = String(text).trim().split("\n");
  return lines[lines.length - 1];
}

function answer({ id, request }) {
  let response;
  try {
    response = call(request, (progress) => self.postMessage({ id, progress }));
  } catch (error) {
    // call() never raises by contract: the runtime itself failed (a Pyodide
    // fatal error, e.g. its stack exhausted). It cannot be trusted with
    // another call: the answer says so and the page starts a fresh worker.
    const message = lastLine(error?.message ?? error);
    const type = error?.name ?? "Error";
    response = JSON.stringify({ ok: false, error: { code: "internal", params: { type }, rule: null, message } });
    self.postMessage({ id, response, fatal: true });
    return;
  }
  self.postMessage({ id, response });
}

self.addEventListener("message", (event) => {
  if (call) answer(event.data);
  else pending.push(event.data);
});

boot().then(
  ({ version, snapshot, key }) => {
    if (MAKES_SNAPSHOT) return;
    self.postMessage({ type: "ready", version, snapshot, key });
    for (const message of pending.splice(0)) answer(message);
  },
  (error) => {
    const known = Boolean(error?.code);
    const params = known ? error.params : { detail: error?.message ?? String(error) };
    self.postMessage({ type: "error", code: known ? error.code : "boot.failed", params });
  },
);
