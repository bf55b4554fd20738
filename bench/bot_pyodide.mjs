// Times a bot level's decisions under Pyodide in Node (the browser's engine), with the runtime
// and wheel of a built site:
//   python3 build.py && node bench/bot_pyodide.mjs dist/pyodide-*/ [LEVEL or LEVEL@MS] [GAMES] [SPECIALS]
// Prints one JSON line: the figures of `python -m wizard_engine bench --bot LEVEL --bot-games GAMES`
// (seconds of every decision of seat 0 in whole games at 4 and 6 players against Hard; SPECIALS:
// the special cards of those games, e.g. 2026, S1).
import path from "node:path";
import { loadEngine } from "./engine.mjs";

const dir = path.resolve(process.argv[2] ?? "dist/pyodide");
const level = process.argv[3] ?? "expert";
const games = Number(process.argv[4] ?? 1);
const specials = process.argv[5] ?? "";
const pyodide = await loadEngine(dir);
pyodide.globals.set("level", level);
pyodide.globals.set("specials", specials);
const result = pyodide.runPython(`
import json, sys
from wizard_engine.tools.bench import bot_measure
figures = bot_measure(level, ${games}, specials=specials)
figures["python"] = sys.version.split()[0]
json.dumps(figures)
`);
console.log(result);
