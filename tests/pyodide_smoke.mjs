// Plays whole games through wizard_engine.web.call under Pyodide in Node,
// with the runtime, wheel and lock file of a built site (no CDN):
//   node tests/pyodide_smoke.mjs DIST/pyodide [GAMES]
// Prints one JSON line: {"python": ..., "version": ..., "games": [...]}; exits 1 on failure.
// Each request is reported on stderr ("step: <method>"): the test's time limit follows them.
import path from "node:path";
import { pathToFileURL } from "node:url";

const dir = path.resolve(process.argv[2] ?? "dist/pyodide");
const games = Number(process.argv[3] ?? 2);
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);

function fail(message) {
  console.error(`pyodide smoke test: ${message}`);
  process.exit(1);
}

const pyodide = await loadPyodide({
  indexURL: dir + path.sep,
  lockFileURL: path.join(dir, "pyodide-lock.json"),
  packages: ["wizard_engine"],
  stdout: () => {},
});
if (!pyodide.loadedPackages.wizard_engine) fail("the wizard_engine wheel did not load");
const web = pyodide.pyimport("wizard_engine.web");
const answer = (method, params = {}) => {
  process.stderr.write(`step: ${method}\n`);
  return JSON.parse(web.call(JSON.stringify({ method, params })));
};
const call = (method, params = {}) => {
  const response = answer(method, params);
  if (!response.ok) fail(`${method} failed: ${response.error.message} (${response.error.code})`);
  return response.result;
};

const python = pyodide.runPython("import sys; sys.version.split()[0]");
const { version } = call("ping");
const describe = call("describe");
// A refusal is a reason as data (code, params, rule) with its English message.
const refused = answer("view");
if (refused.ok || refused.error.code !== "no_game" || !describe.reasons.includes(refused.error.code)
    || typeof refused.error.message !== "string") {
  fail(`a request without a game should be refused with the reason no_game: ${JSON.stringify(refused)}`);
}
// Issue 13: a request or save nested a few thousand levels deep is refused with a reason
// before it is parsed (parsing it overflowed Pyodide's stack: a fatal error, after which no
// request was answered), and the requests after it are still answered.
const nested = (depth) => "[".repeat(depth) + "]".repeat(depth);
for (const depth of [3000, 100000]) {
  const deep = JSON.parse(web.call(`{"method": "ping", "params": {"x": ${nested(depth)}}}`));
  if (deep.ok || deep.error.code !== "request_too_deep") fail(`a deep request: ${JSON.stringify(deep)}`);
  call("ping");
  const deepSave = answer("load", { save: nested(depth) });
  if (deepSave.ok || deepSave.error.code !== "save_too_deep") fail(`a deep save: ${JSON.stringify(deepSave)}`);
  call("ping");
}
// The sealed save: opaque to the page, read back by the engine with the game's id and moves.
{
  const players = [{ name: "Me" }, { name: "A", bot: "random" }, { name: "B", bot: "easy" }];
  let result = call("new_game", { config: { players, seed: 77 } });
  for (let move = 0; move < 12; move++) {
    const { view } = result;
    result = view.bot_to_act ? call("bot_step") : call("act", { action: view.legal[0] });
  }
  if (!result.save.startsWith("wizard-save:1:") || result.save.includes("wizard-game")) {
    fail(`the save is not sealed: ${result.save.slice(0, 80)}`);
  }
  const loaded = call("load", { save: result.save });
  if (JSON.stringify(loaded.view) !== JSON.stringify(result.view) || loaded.view.game.moves !== 12) {
    fail("the sealed save did not load back to the same view");
  }
}
const results = [];
for (let game = 0; game < games; game++) {
  // Table sizes 3, 6, 5, 4, ...: the second game, with every level the form offers, deals six
  // seats (ten rounds: the cheapest whole game for Expert's search). The first game is all random bots.
  const players = 3 + ((game * 3) % 4);
  const levels = game === 0 ? ["random"] : describe.levels;
  const config = {
    seed: 1000 + game,
    players: Array.from({ length: players }, (_, seat) => ({
      name: `Bot ${seat + 1}`,
      bot: levels[(game + seat) % levels.length],
    })),
  };
  let { view } = call("new_game", { config });
  let steps = 0;
  while (!view.over) {
    if (++steps > 20000) fail(`game ${game} did not end`);
    ({ view } = call("bot_step"));
  }
  results.push({ players, levels: config.players.map((p) => p.bot), steps, totals: view.totals });
}
console.log(JSON.stringify({ python, version, games: results }));
