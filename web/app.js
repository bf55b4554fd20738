// The page's entry point: loads the words, then wires the modules together in
// the order they depend on each other (engine, store, dialogs, the game with
// the screen it draws on, the form, the input). It holds no state of the game
// itself (the engine does) and draws nothing itself: screens.js switches the
// screens, lifecycle.js starts, resumes and plays the game again.
import "./lib/supported.js";
import { announcement } from "./table/announce.js";
import { bindAppearance, wordAppearance } from "./lib/appearance.js";
import { Challenges } from "./challenge/challenge.js";
import { CoachClient } from "./coach/coach.js";
import { Dialogs } from "./table/dialogs.js";
import { $ } from "./lib/dom.js";
import { startCoach, startEngine } from "./engine/engine.js";
import { DEFAULT_NAMES, NewGameForm } from "./start/form.js";
import { Game } from "./table/game.js";
import { CoachView } from "./coach/hint.js";
import { bindInput } from "./table/input.js";
import { bindToolbarMenu } from "./table/menu.js";
import { Motion } from "./table/motion.js";
import { drawPad } from "./table/pad.js";
import { ScoreKeeper } from "./keeper/keeper.js";
import { dialogView, PassScreen, tableView } from "./table/pass.js";
import { bindPeek } from "./table/peek.js";
import { bindPlayed } from "./table/played.js";
import { Practice } from "./coach/practice.js";
import { GameReview } from "./coach/review.js";
import { History } from "./stats/history.js";
import { Stats } from "./stats/stats.js";
import { StoragePanel } from "./stats/storage.js";
import { Sound } from "./lib/sound.js";
import { bindQuickStart, showLastGame, showWaiting } from "./start/start.js";
import { Lifecycle } from "./lifecycle.js";
import { Screens } from "./screens.js";
import { Store } from "./lib/store.js";
import { TableSettings } from "./table/settings.js";
import { Notices } from "./notices.js";
import { drawChances, drawTable } from "./table/table.js";
import { WatchMode } from "./coach/watch.js";
import { chooseLanguage, currentLanguage, errorText, fillStatic, LANGUAGES, loadWords, t } from "./lib/words.js";

// What the form offers, written by build.py beside the page (described.json): the form is
// complete at first paint, before the engine is ready (else it waits for the engine's describe()).
const preset = fetch(new URL("./described.json", import.meta.url))
  .then((response) => (response.ok ? response.json() : null))
  .catch(() => null);
await loadWords();
fillStatic();

const engine = startEngine();
const store = new Store();
const settings = store.loadSettings();
let described = null; // what the form offers: describe() (from described.json, else the engine)
const params = new URLSearchParams(location.search);
const dialogs = new Dialogs();
const notices = new Notices(store, dialogs);
const review = new GameReview(startCoach);
let watching = null; // WatchMode, once the game exists
const coach = new CoachClient();
let coachView = null; // the coach's hint, feedback and chances at the table (hint.js), made with the game
let passScreen = null; // pass-and-play's hand-over screen (pass.js), made with the game
const motion = new Motion(settings, () => game.pace); // cards move (motion.js): wraps the table's drawing
const sound = new Sound(settings, remember); // off until the person turns it on (sound.js)
const screen = {
  draw(view, display) {
    if (passScreen.draw(view)) motion.draw(view, () => drawTable(tableView(view), display));
    drawPad(view, coach.chanceLines(view));
    coachView?.draw(view);
    review.sync(view);
    watching.draw(view);
  },
  show: (dialog, view, ms) => dialogs.show(dialog, dialogView(view), ms),
  brief: (name, view) => dialogs.brief(dialogView(view)),
  announce(before, view, events) {
    sound.react(before, view, events);
    const text = announcement(before, view, events);
    if (text) $("log").textContent = text;
  },
  error: (error, view) => notices.actionError(errorText(error, view)),
  busy(busy) {
    document.documentElement.dataset.busy = String(busy);
  },
  behind: (why) => notices.behind(why),
};
const game = new Game(engine, store, screen);
game.setPace(settings.pace);
game.drawDialog = Boolean(settings.drawDialog);
watching = new WatchMode(game, startCoach);
game.hooks = coach.hooks();
coachView = new CoachView(coach, game, settings, remember, { drawChances, drawPad });
passScreen = new PassScreen(game, {
  forget() {
    coach.handOver();
    review.forget();
  },
  onSetup: () => screens.setup(),
});
const screens = new Screens(game, store, passScreen);
const showError = (message) => notices.actionError(message);
const tableSettings = new TableSettings(game, settings, remember, { motion, sound, showError });
const deal = (choice) => lifecycle.deal(choice);
const form = new NewGameForm($("new-game"), params, deal, deal); // Watch the bots: a deal with every seat a bot
const lifecycle = new Lifecycle({
  engine, game, store, screens, notices, dialogs, form, tableSettings, settings, remember,
});
const refreshSummary = bindQuickStart(form);
// A challenge link (#challenge=...) and the deal of the day (challenge/challenge.js).
const challenges = new Challenges(engine, game, {
  play: (config) => lifecycle.play(config), name: () => form.read().config.players[0].name, botNames: DEFAULT_NAMES,
  inProgress: () => (game.view ? !game.view.over : store.loadGame() !== null && !store.savedGame()?.over),
});

// --- the engine's status -------------------------------------------------------
const status = document.querySelector("[data-engine-status]");
function statusText() {
  return engine.status === "ready" ? "" : t(`status.${engine.status}`);
}
function showStatus() {
  status.textContent = statusText();
  form.setEnabled(engine.status !== "error" && described !== null);
  if (engine.status !== "loading") showWaiting(false);
}
engine.addEventListener("status", showStatus);
engine.addEventListener("update", () => {
  status.textContent = t("status.update");
});
showStatus();

// --- another tab, the engine restarted (notices.js words them) -----------------------
$("take-over").addEventListener("click", () => lifecycle.takeOver());
store.addEventListener("changed", () => {
  if (!$("setup").hidden) screens.setup(); // the Resume button follows what is saved
});
engine.addEventListener("restarted", () => lifecycle.recover());

function remember(changes) {
  Object.assign(settings, changes);
  store.saveSettings(settings);
}

/** The review of the game shown (its finished rounds); the bots wait while it is open. */
async function openReview(standings) {
  if (!game.view || game.lastSave === null) return;
  const paused = game.paused;
  game.setPaused(true);
  await review.open(game.lastSave, game.view, standings);
  game.setPaused(paused);
}

// --- the language --------------------------------------------------------------------

function fillLanguages() {
  const select = $("language");
  for (const code of LANGUAGES) select.append(new Option(t(`language.${code}`), code));
  select.value = currentLanguage();
  select.addEventListener("change", async () => {
    const defaultName = t("form.default_name");
    await chooseLanguage(select.value);
    select.value = currentLanguage(); // (its catalogue could not be loaded: English)
    reword(defaultName);
  });
}

/** Everything already drawn, in the language just chosen (the form keeps what was filled in). */
function reword(oldDefaultName) {
  fillStatic();
  wordAppearance();
  status.textContent = statusText();
  notices.reword(game.behind);
  $("log").textContent = "";
  form.showError("");
  if (described) {
    const filled = form.read();
    if (filled.remember.name === oldDefaultName) delete filled.remember.name; // the new language's default
    const { theme, pace, drawDialog } = filled;
    form.build(described, { ...settings, theme, pace, drawDialog, form: filled.remember });
    refreshSummary();
    tableSettings.word();
  }
  showLastGame(game.view);
  keeper.redraw();
  stats.reword();
  coachView.reword();
  game.redraw(); // (no dialog of the game is open: a modal dialog keeps the language's select out of reach)
}

/** After the draw dialog: the keyboard goes on at your decision if it is yours, else at the table. */
function focusAfterDraw() {
  if ($("table").hidden) return;
  const decision = document.querySelector("#decision button:not([disabled]), #hand button:not([disabled])");
  (decision ?? $("table")).focus({ preventScroll: true });
}
$("draw-dialog").addEventListener("close", focusAfterDraw); // (the dialog gives it back to the Play button, now hidden)

// --- wiring ------------------------------------------------------------------------
fillLanguages();
bindAppearance(settings, remember);
bindToolbarMenu();
bindInput($("table"), game, {
  "take-back": () => game.takeBack(),
  "open-pad": () => dialogs.open("pad-dialog"),
  "to-setup": () => screens.setup(),
  "draw-ok": () => dialogs.close("draw-dialog"),
  "pad-close": () => dialogs.close("pad-dialog"),
  "round-next": () => dialogs.close("round-dialog"),
  "final-pad": () => dialogs.open("pad-dialog"),
  "round-pad": () => dialogs.open("pad-dialog"),
  "final-setup": () => {
    dialogs.closeAll();
    screens.setup();
  },
  "play-again": () => lifecycle.playAgain(),
  "last-again": () => lifecycle.playAgain(),
  "last-review": () => openReview(true),
  "last-standings": () => dialogs.show("final", dialogView(game.view)),
  "review-rounds": () => openReview(false),
  "review-game": () => openReview(true),
});
bindPeek();
bindPlayed(settings.played, remember, () => game.redraw());
// Bidding practice: its own screen, the coach's worker, the theme chosen in the form.
const practice = new Practice(startCoach, {
  theme: () => form.read().theme,
  onBack: () => screens.back("practice"),
});
screens.entry("practice", practice);
// The score keeper for a real deck: its own screen, the engine's keeper_* requests, the coach for hand advice.
const keeper = new ScoreKeeper(engine, startCoach, store, {
  theme: () => form.read().theme,
  described: async () => described ?? engine.call("describe"),
  onBack: () => screens.back("keeper"),
});
screens.entry("keeper", keeper);
// Statistics and history: its own screen; the history records every finished game (history.js).
const gameHistory = new History(startCoach, store);
const stats = new Stats(gameHistory, {
  onBack: () => screens.back("stats"),
  async openReview(key, listed) {
    const { save, record } = await gameHistory.review(key);
    const people = record.players.flatMap((player, seat) => (player.bot ? [] : [seat]));
    const view = { players: record.players, people, human: record.me, theme: settings.theme ?? "classic",
      over: true, rounds: record.rounds.length };
    await review.open(save, view, true, t("stats.back_to_stats"));
    document.querySelector(`[data-review="${listed.review}"]`)?.focus();
  },
  async challenge(key, listed) {
    const { save } = await gameHistory.review(key);
    await challenges.share(save, { players: listed.players, totals: listed.totals, human: listed.me },
      new Date(listed.date));
  },
});
const storagePanel = new StoragePanel();
screens.entry("stats", stats, () => {
  stats.open();
  storagePanel.show();
});
$("resume-button").addEventListener("click", () => lifecycle.resume());

/** The form, filled from what the engine offers (and the remembered settings). */
function buildForm(offered) {
  described = offered;
  form.build(described, settings);
  refreshSummary();
  tableSettings.fill(described.themes);
  showStatus();
}

screens.setup();
const offered = await preset;
if (offered) buildForm(offered);
document.documentElement.dataset.app = "ready";
engine.ready.then(
  async () => {
    if (!described) buildForm(await engine.call("describe"));
    await lifecycle.restore(); // a finished game's card; a game in progress waits for Resume
    await challenges.openLink();
    document.documentElement.dataset.table = "ready";
  },
  () => {},
);
