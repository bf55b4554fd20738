// Times the coach under Pyodide in Node, with the runtime and wheel of a built site:
//   python3 build.py && node bench/coach_pyodide.mjs dist/pyodide-*/ [REPEATS]
// Prints one JSON line of medians (seconds): advice on bids and cards over a spread of rounds
// and table sizes (the positions of `python -m wizard_engine bench --coach`), win chances,
// and the review of a whole 6-player game.
import path from "node:path";
import { loadEngine } from "./engine.mjs";

const dir = path.resolve(process.argv[2] ?? "dist/pyodide");
const repeats = Number(process.argv[3] ?? 3);
const pyodide = await loadEngine(dir);
const result = pyodide.runPython(`
import json, sys
from wizard_engine.tools.bench import coach_measure
figures = coach_measure(${repeats})
figures["python"] = sys.version.split()[0]
json.dumps(figures)
`);
console.log(result);
