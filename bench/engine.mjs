// Loads a built site's Pyodide runtime and the engine's wheel in Node, for the
// benchmarks that time the engine as the browser runs it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";

// The site's wheel leaves out wizard_engine/tools (only a terminal runs them: tests/runtime.py's
// browser_wheel); the benchmarks time the bots through tools.bench, so they add it from here.
const TOOLS = fileURLToPath(new URL("../wizard_engine/tools/", import.meta.url));
// The tools also import modules the site's trimmed standard library leaves out (statistics,
// ...): the stock one comes from the Pyodide tarball build.py fetched.
const CACHE = fileURLToPath(new URL("../.cache/npm/", import.meta.url));

/** The stock python_stdlib.zip of the cached pyodide-<version>.tgz, written to a temporary file. */
function stockStdlib(version) {
  const tar = zlib.gunzipSync(fs.readFileSync(path.join(CACHE, `pyodide-${version}.tgz`)));
  for (let at = 0; at + 512 <= tar.length; ) {
    const name = tar.subarray(at, at + 100).toString().replace(/\0.*$/s, "");
    const size = parseInt(tar.subarray(at + 124, at + 136).toString().replace(/\0.*$/s, "").trim() || "0", 8);
    if (name === "package/python_stdlib.zip") {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wizard-bench-")), "python_stdlib.zip");
      fs.writeFileSync(file, tar.subarray(at + 512, at + 512 + size));
      return file;
    }
    if (!name) break;
    at += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`no python_stdlib.zip in ${CACHE}pyodide-${version}.tgz (run python3 build.py first)`);
}

/** Pyodide from `dir` (a built site's Pyodide folder) with wizard_engine and its tools installed. */
export async function loadEngine(dir) {
  const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
  const version = path.basename(path.resolve(dir)).replace(/^pyodide-/, "");
  const pyodide = await loadPyodide({
    indexURL: dir + path.sep,
    stdLibURL: stockStdlib(version),
    lockFileURL: path.join(dir, "pyodide-lock.json"),
    packages: ["wizard_engine"],
    stdout: () => {},
  });
  const installed = pyodide.runPython("import os, wizard_engine; os.path.dirname(wizard_engine.__file__)");
  const tools = `${installed}/tools`;
  pyodide.FS.mkdirTree(tools);
  for (const name of fs.readdirSync(TOOLS).filter((file) => file.endsWith(".py"))) {
    pyodide.FS.writeFile(`${tools}/${name}`, fs.readFileSync(path.join(TOOLS, name)));
  }
  return pyodide;
}
