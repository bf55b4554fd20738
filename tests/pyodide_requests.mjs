// Every request kind of wizard_engine.web.call under Pyodide in Node, with the runtime,
// wheel and lock file of a built site (the standard library it ships, or another one):
//   node tests/pyodide_requests.mjs DIST/pyodide-<version> [STDLIB_ZIP]
// Prints one JSON line: {"methods": {method: "ok" | error code}, "stdlib": [files of the
// standard library's zip that the run imported], "preloaded": [...], "traceback": text};
// exits 1 when the engine fails to load.
import path from "node:path";
import { pathToFileURL } from "node:url";

const dir = path.resolve(process.argv[2] ?? "dist/pyodide");
const stdlib = process.argv[3] ? path.resolve(process.argv[3]) : undefined;
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: dir + path.sep,
  lockFileURL: path.join(dir, "pyodide-lock.json"),
  stdLibURL: stdlib,
  packages: ["wizard_engine"],
  stdout: () => {},
});
const web = pyodide.pyimport("wizard_engine.web");
const methods = {};
const ask = (method, params = {}, progress = undefined) => {
  process.stderr.write(`step: ${method}\n`); // the test's time limit follows these
  const answer = JSON.parse(web.call(JSON.stringify({ method, params }), progress));
  const outcome = answer.ok ? "ok" : answer.error.code;
  methods[method] ??= [];
  if (!methods[method].includes(outcome)) methods[method].push(outcome);
  return answer.ok ? answer.result : null;
};
const onProgress = () => {};

ask("ping");
ask("describe");
ask("view"); // no game yet: refused
const players = [{ name: "You" }, { name: "A", bot: "easy" }, { name: "B", bot: "medium" }];
let answer = ask("new_game", { config: { seed: 5, players } });
ask("set_theme", { theme: "classic" });
ask("view");
let mid = null;
for (let moves = 0; !answer.view.over; moves++) {
  if (moves > 30 && !mid && !answer.view.bot_to_act) {
    mid = answer.save;
    const advice = ask("advise", { save: mid, seat: 0 })?.advice;
    if (advice) ask("rate", { save: mid, seat: 0, choice: advice.options[0].option });
    ask("chances", { save: mid });
    ask("act", { action: answer.view.legal[0] });
    answer = ask("undo") ?? answer;
  }
  answer = answer.view.bot_to_act ? ask("bot_step") : ask("act", { action: answer.view.legal[0] });
}
const mine = answer.save; // a finished game with a person
ask("undo");
ask("load", { save: mid });
const hotseat = [{ name: "Ann" }, { name: "Bob" }, { name: "Cy", bot: "hard" }];
answer = ask("new_game", { config: { seed: 6, players: hotseat } });
ask("take_device");
ask("new_game", { config: { seed: 7, players: [{ name: "Me" }, { name: "E", bot: "expert" }, { name: "F", bot: "hard" }] } });
for (let i = 0; i < 6; i++) ask("bot_step");
// The game to review: six cheap bots (ten rounds, the fewest decisions a seat makes in a whole
// game); the Expert and Hard bots decided above, and the review's cost is the coach's, not theirs.
const six = ["easy", "random", "easy", "random", "easy", "random"].map((bot, i) => ({ name: `P${i}`, bot }));
const save = ask("new_game", { config: { seed: 8, players: six } });
let over = save;
while (!over.view.over) over = ask("bot_step");
ask("review", { save: over.save, seat: 0 }, onProgress);
ask("practice_deal", { players: 4, round: 3, seed: 9 });
ask("practice_advice", { players: 4, round: 3, seed: 9 });
const deal = ask("practice_advice", { players: 4, round: 2, seed: 10 });
ask("practice_score", { hands: [{ players: 4, round: 2, seed: 10, bid: deal?.advice.options[0].option }] });
let pad = ask("keeper_new", { players: ["Ann", "Bob", "Cy"], options: {}, first_dealer: 2 })?.keeper;
ask("hand_advice", { keeper: pad, hand: ["Z"], turned: "7H" });
for (const entry of [["bid", 0], ["bid", 1], ["bid", 1], ["tricks", [0, 0, 1]]]) {
  pad = ask("keeper_enter", { keeper: pad, entry })?.keeper;
}
ask("keeper_load", { keeper: pad });
ask("keeper_undo", { keeper: pad });
const date = "2026-11-23T02:30:00.123Z";
const challenge = ask("challenge_make", { save: mine });
ask("challenge_open", { code: challenge?.code ?? "" });
ask("daily", { day: "2026-11-23" });
const recorded = ask("history_record", { history: null, save: mine, date });
const history = recorded?.history ?? null;
ask("history_record", { history, keeper: pad, date });
ask("history_stats", { history });
ask("history_check", { history, replay: true });
ask("history_review", { history, key: recorded?.id });
const exported = ask("history_export", { history, game: mid, keeper: pad });
ask("history_trim", { history, budget: 100000 });
ask("history_import", { history: null, file: exported?.file ?? exported?.text ?? "" }, onProgress);
// Python's own failure paths: a traceback's lines, the reasons' words.
ask("nonsense");
web.call("not json");
// What a memory snapshot's worker does first: import every module (worker.js).
const preloaded = web.preload().toJs();
const loaded = pyodide.runPython(`
import sys
prefix = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip/"
files = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or getattr(module, "__file__", None)
    if isinstance(origin, str) and origin.startswith(prefix):
        files.add(origin[len(prefix):].removesuffix("c"))  # the site's library: each module compiled, name.pyc
sorted(files)
`).toJs();
// A traceback through the standard library (compiled by build.py, its line tables cut) must
// still format: Pyodide formats one for every Python error that reaches JavaScript.
const traceback = pyodide.runPython(`
import json, traceback
try:
    json.loads("{")
except ValueError:
    text = traceback.format_exc()
text
`);
console.log(JSON.stringify({ methods, stdlib: loaded, preloaded, traceback }));
