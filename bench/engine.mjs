// Loads a built site's Pyodide runtime and the engine's wheel in Node, for the
// benchmarks that time the engine as the browser runs it.
import path from "node:path";
import { pathToFileURL } from "node:url";

/** Pyodide from `dir` (a built site's Pyodide folder) with wizard_engine installed. */
export async function loadEngine(dir) {
  const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
  return loadPyodide({
    indexURL: dir + path.sep,
    lockFileURL: path.join(dir, "pyodide-lock.json"),
    packages: ["wizard_engine"],
    stdout: () => {},
  });
}
