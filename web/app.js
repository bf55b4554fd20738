// The page's entry point: wires the engine, the store, the game's flow, the
// renderer, the input and the new-game form together. It holds no state of
// the game itself (the engine does) and draws nothing itself.
import { startEngine } from "./engine.js";
import { THEMES } from "./cards.js";
import { Dialogs } from "./dialogs.js";
import { NewGameForm } from "./form.js";
import { Game, PACES } from "./game.js";
import { bindInput } from "./input.js";
import { Renderer } from "./render.js";
import { Store } from "./store.js";

const $ = (id) => document.getElementById(id);
const engine = startEngine();
const store = new Store();
const settings = store.loadSettings();
const params = new URLSearchParams(location.search);

const game = new Game(engine, store, {
  render: (view, events) => renderer.render(view, events),
  announce: (text) => {
    $("log").textContent = text;
  },
  error: (message) => showActionError(message),
  busy: (busy) => {
    document.documentElement.dataset.busy = String(busy);
  },
});
const dialogs = new Dialogs(game);
const renderer = new Renderer(dialogs);
const form = new NewGameForm($("new-game"), params, deal);
game.setPace(settings.pace);

// --- the engine's status -------------------------------------------------------
const status = document.querySelector("[data-engine-status]");
const messages = {
  loading: () => "Loading the game engine…",
  ready: () => "",
  error: () => "The game engine could not start.",
};
function showStatus() {
  status.textContent = messages[engine.status]();
  form.setEnabled(engine.status === "ready");
}
engine.addEventListener("status", showStatus);
engine.addEventListener("update", () => {
  status.textContent = "A new version is ready: reload to use it.";
});
showStatus();

// --- screens -------------------------------------------------------------------
function showTable() {
  $("setup").hidden = true;
  $("table").hidden = false;
  document.documentElement.dataset.screen = "table";
}

function showSetup() {
  $("table").hidden = true;
  $("setup").hidden = false;
  document.documentElement.dataset.screen = "setup";
  const saved = store.loadGame() !== null;
  $("resume").hidden = !saved || (game.view?.over ?? false);
}

function showActionError(message) {
  const box = $("action-error");
  box.textContent = message;
  box.hidden = !message;
  if (message) setTimeout(() => { if (box.textContent === message) box.hidden = true; }, 6000);
}

function showSaveAlert(message) {
  const box = $("save-alert");
  box.textContent = message;
  box.hidden = !message;
}

function remember(changes) {
  Object.assign(settings, changes);
  store.saveSettings(settings);
}

// --- starting, resuming ----------------------------------------------------------
async function deal({ config, theme, pace, remember: formState }) {
  form.showError("");
  form.setEnabled(false);
  remember({ theme, pace, form: formState });
  game.setPace(pace);
  syncSettings();
  try {
    dialogs.closeAll();
    await game.start(config, theme);
    showSaveAlert("");
    showTable();
  } catch (error) {
    form.showError(error.message);
  } finally {
    form.setEnabled(true);
  }
}

async function resumeSaved() {
  const save = store.loadGame();
  if (save === null) return false;
  try {
    game.theme = settings.theme ?? "classic";
    await game.resume(save);
    showTable();
    return true;
  } catch (error) {
    const key = store.setAside(save);
    showSaveAlert(
      `Your saved game could not be read: ${error.message}. ` +
        (key ? `It has been kept aside in this browser's storage under "${key}". ` : "") +
        "You can start a new game.",
    );
    showSetup();
    return false;
  }
}

async function playAgain() {
  const view = game.view;
  dialogs.closeAll();
  if (!view) return showSetup();
  const config = { players: view.players.map((p) => ({ name: p.name, bot: p.bot })), options: view.options };
  try {
    await game.start(config, game.theme);
    showTable();
  } catch (error) {
    showSetup();
    form.showError(error.message);
  }
}

// --- settings at the table --------------------------------------------------------
function syncSettings() {
  $("table-pace").value = PACES[settings.pace] ? settings.pace : "normal";
  $("table-theme").value = settings.theme ?? "classic";
}

function fillTableSettings() {
  const pace = $("table-pace");
  for (const [key, p] of Object.entries(PACES)) pace.append(new Option(p.title, key));
  const theme = $("table-theme");
  for (const key of Object.keys(THEMES)) theme.append(new Option(key === "amigo" ? "Amigo" : "Classic", key));
  syncSettings();
  pace.addEventListener("change", () => {
    remember({ pace: pace.value });
    game.setPace(pace.value);
  });
  theme.addEventListener("change", () => {
    remember({ theme: theme.value });
    game.setTheme(theme.value).catch((error) => showActionError(error.message));
  });
}

// --- wiring ------------------------------------------------------------------------
fillTableSettings();
bindInput($("table"), game, {
  "take-back": () => game.takeBack(),
  "open-pad": () => dialogs.open("pad-dialog"),
  "to-setup": () => showSetup(),
  "draw-ok": () => dialogs.close("draw-dialog"),
  "pad-close": () => dialogs.close("pad-dialog"),
  "round-next": () => dialogs.close("round-dialog"),
  "final-pad": () => dialogs.open("pad-dialog"),
  "round-pad": () => dialogs.open("pad-dialog"),
  "final-setup": () => {
    dialogs.closeAll();
    showSetup();
  },
  "play-again": () => playAgain(),
});
$("round-dialog").addEventListener("close", () => renderer.clearFinishedTrick(game.view));
$("resume-button").addEventListener("click", () => {
  if (game.view && !game.view.over) showTable();
  else resumeSaved();
});

showSetup();
engine.ready.then(
  async () => {
    const described = await engine.call("describe");
    form.build(described, settings);
    form.setEnabled(true);
    await resumeSaved();
    document.documentElement.dataset.table = "ready";
  },
  () => {},
);
