// The engine's worker: boots Pyodide with our wheel and answers calls.
// Only engine.js talks to it. Messages are plain objects whose payloads are
// JSON strings, so nothing crosses the boundary as a proxy:
//   in:  {id, request: '{"method": ..., "params": {...}}'}
//   out: {type: "ready", version} | {type: "error", code, params}
//        (a boot failure: the page words "<code>" from its catalogue)
//        {id, response: '{"ok": true, "result": ...}'}
//        {id, progress: '{"done": d, "total": t}'}  (a long request, e.g. a review, as it goes)
// The runtime's folder is named after its version (build.py checks it: bump both).
// Started with a name ending in "cached", it takes the runtime from the service
// worker's cache (sw.js serves RUNTIME + "cached/"): engine.js retries that
// way when the network fails although the browser says it is online.
const here = (path) => new URL(path, import.meta.url).href;
const RUNTIME = self.name.endsWith("cached")
  ? "../pyodide-314.0.7/cached/"
  : "../pyodide-314.0.7/";
const PACKAGE = "wizard_engine";
const RUNTIME_MODULES = ["pyodide.mjs", "pyodide.asm.mjs"]; // pinned in runtime-integrity.json

let call = null; // wizard_engine.web.call, once loaded
const pending = []; // requests that arrived before the engine was ready

async function boot() {
  const pins = await integrityPins();
  const guard = guardBoot(pins);
  let pyodide;
  try {
    // import() takes no integrity: fetch the runtime's two modules through the
    // guarded (pinned) fetch first, so the browser checks their bytes; the
    // imports that follow find them in the HTTP cache.
    const modules = RUNTIME_MODULES.map((file) => self.fetch(here(`${RUNTIME}${file}`)));
    await Promise.race([Promise.all(modules), guard.failed]);
    const { loadPyodide } = await Promise.race([import(here(`${RUNTIME}pyodide.mjs`)), guard.failed]);
    pyodide = await Promise.race([
      loadPyodide({
        indexURL: here(RUNTIME),
        lockFileURL: here(`${RUNTIME}pyodide-lock.json`),
        packages: [PACKAGE],
        stdout: () => {}, // stderr keeps its default: console.warn
      }),
      guard.failed,
    ]);
  } finally {
    guard.release();
  }
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
  call = module.call;
  const pong = JSON.parse(call(JSON.stringify({ method: "ping", params: {} })));
  if (!pong.ok) throw bootError("boot.failed", { detail: pong.error.message });
  return pong.result.version;
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
  return response.json();
}

// Pyodide swallows some failures while it boots: a wasm file that does not
// compile only logs a warning and the boot never ends, and a package that
// fails its hash is skipped. So, while it boots, a file that cannot be
// fetched (missing, or refused by its integrity check) or a wasm that does
// not compile fails the boot at once, naming the file.
function guardBoot(pins) {
  const { fetch, console } = self;
  const warn = console.warn;
  let fail;
  const failed = new Promise((_, reject) => {
    fail = reject;
  });
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
  (version) => {
    self.postMessage({ type: "ready", version });
    for (const message of pending.splice(0)) answer(message);
  },
  (error) => {
    const known = Boolean(error?.code);
    const params = known ? error.params : { detail: error?.message ?? String(error) };
    self.postMessage({ type: "error", code: known ? error.code : "boot.failed", params });
  },
);
