// The engine's worker: boots Pyodide with our wheel and answers calls.
// Only engine.js talks to it. Messages are plain objects whose payloads are
// JSON strings, so nothing crosses the boundary as a proxy:
//   in:  {id, request: '{"method": ..., "params": {...}}'}
//   out: {type: "ready", version} | {type: "error", message}
//        {id, response: '{"ok": true, "result": ...}'}
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;
const PACKAGE = "wizard_engine";

let call = null; // wizard_engine.web.call, once loaded
const pending = []; // requests that arrived before the engine was ready

async function boot() {
  const pyodide = await loadPyodide({
    indexURL: here("./pyodide/"),
    lockFileURL: here("./pyodide/pyodide-lock.json"),
    packages: [PACKAGE],
    stdout: () => {}, // stderr keeps its default: console.warn
  });
  let module;
  try {
    module = pyodide.pyimport(`${PACKAGE}.web`);
  } catch (error) {
    // loadPackage never rejects: a missing wheel or a failed hash only shows
    // up here, as a missing module.
    if (!pyodide.loadedPackages[PACKAGE]) {
      throw new Error(
        "The game engine package could not be loaded " +
          "(its file is missing or failed its integrity check).",
      );
    }
    throw new Error(`The game engine failed to start: ${lastLine(error.message)}`);
  }
  call = module.call;
  const pong = JSON.parse(call(JSON.stringify({ method: "ping", params: {} })));
  if (!pong.ok) throw new Error(`The game engine failed to start: ${pong.error}`);
  return pong.result.version;
}

function lastLine(text) {
  const lines = String(text).trim().split("\n");
  return lines[lines.length - 1];
}

function answer({ id, request }) {
  let response;
  try {
    response = call(request);
  } catch (error) {
    // call() never raises by contract; this is the safety net.
    response = JSON.stringify({ ok: false, error: lastLine(error.message) });
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
    self.postMessage({ type: "error", message: error?.message ?? String(error) });
  },
);
