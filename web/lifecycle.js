// The game's life cycle on the page: a new game dealt from the form (Play, Watch the
// bots), the saved game resumed when the person presses Resume and never by itself
// (issue 39: the start page stays while they change the settings), a finished game
// loaded for the start page's card, Play again, this tab taking the game back from
// another, and the game reloaded into an engine that restarted. game.js runs the
// game; screens.js shows it; a save that cannot be resumed is set aside and said.
import { $ } from "./lib/dom.js";
import { showWaiting } from "./start/start.js";
import { errorReason, errorText, t } from "./lib/words.js";

export class Lifecycle {
  #engine;
  #game;
  #store;
  #screens;
  #notices;
  #dialogs;
  #settings;
  #remember;
  #form;
  #tableSettings;

  /**
   * @param parts {engine, game, store, screens, notices, dialogs, form, tableSettings} (engine.js,
   *   game.js, store.js, screens.js, notices.js, dialogs.js, form.js, settings.js) and the person's
   *   `settings` with `remember`, which saves changed ones (app.js's)
   */
  constructor({ engine, game, store, screens, notices, dialogs, form, tableSettings, settings, remember }) {
    this.#engine = engine;
    this.#game = game;
    this.#store = store;
    this.#screens = screens;
    this.#notices = notices;
    this.#dialogs = dialogs;
    this.#settings = settings;
    this.#remember = remember;
    this.#form = form;
    this.#tableSettings = tableSettings;
  }

  /** A new game from the form's choice; pressed while the engine loads, it starts once it is ready. */
  async deal({ config, theme, pace, drawDialog, remember: formState }) {
    const form = this.#form;
    form.showError("");
    form.setEnabled(false);
    this.#remember({ theme, pace, drawDialog, form: formState });
    this.#game.setPace(pace);
    this.#game.drawDialog = drawDialog;
    this.#tableSettings.sync();
    showWaiting(this.#engine.status === "loading");
    try {
      this.#dialogs.closeAll();
      await this.#game.start(config, theme);
      this.#notices.saveAlert("");
      this.#screens.table();
    } catch (error) {
      form.showError(errorText(error));
      $("settings-panel").open = true;
    } finally {
      showWaiting(false);
      form.setEnabled(this.#engine.status !== "error");
    }
  }

  /** Resume: the game this tab has at the table, else the saved one (another tab's, if this one stepped aside). */
  async resume() {
    const game = this.#game;
    if (game.view && !game.view.over && !game.behind) return this.#screens.table();
    showWaiting(this.#engine.status === "loading");
    try {
      await this.#load(() => true);
    } finally {
      showWaiting(false);
    }
  }

  /**
   * Once the engine is ready: a finished game is loaded for the start page's card (nothing of
   * it plays). A game in progress waits for Resume, on whatever screen the person is.
   */
  async restore() {
    if (this.#store.savedGame()?.over) await this.#load(() => this.#screens.shown === "setup");
  }

  /**
   * Load the saved game; if `show()` (asked once it is loaded: the person may have gone on to
   * another screen meanwhile), then show it (screens.game), or say it could not be.
   */
  async #load(show) {
    const save = this.#store.loadGame();
    if (save === null) return;
    try {
      this.#game.theme = this.#settings.theme ?? "classic";
      await this.#game.resume(save);
      if (show()) this.#screens.game();
    } catch (error) {
      if (show()) this.#reportUnreadable(save, error);
      else console.warn("A saved game could not be shown:", error); // (its Resume button says so when pressed)
    }
  }

  /** Take the game back from the tab that went on with it ("Continue here"). */
  async takeOver() {
    try {
      await this.#game.takeOver();
      this.#screens.game();
    } catch (error) {
      this.#notices.behind(null);
      this.#reportUnreadable(this.#store.loadGame(), error);
    }
  }

  /** The engine restarted (it crashed): the game goes on where it was. */
  async recover() {
    this.#notices.engineRecovered();
    try {
      await this.#game.recover();
    } catch (error) {
      this.#notices.actionError(errorText(error, this.#game.view));
    }
  }

  /** The same players and options again, a new deal. */
  async playAgain() {
    const view = this.#game.view;
    this.#dialogs.closeAll();
    if (!view) return this.#screens.setup();
    return this.play({ players: view.players.map((p) => ({ name: p.name, bot: p.bot })), options: view.options });
  }

  /** Deal `config` and show the table: true once dealt (else the start page says why). */
  async play(config) {
    this.#dialogs.closeAll();
    try {
      await this.#game.start(config, this.#game.theme);
      this.#screens.table();
      return true;
    } catch (error) {
      this.#screens.setup();
      this.#form.showError(errorText(error));
      return false;
    }
  }


  /** A save that could not be resumed: set aside, and the engine's reason worded (never the page's own exception). */
  #reportUnreadable(save, error) {
    const key = save === null ? null : this.#store.setAside(save);
    const reason = error?.reason ? errorReason(error) : t("save.not_playable");
    if (!error?.reason) console.warn("A saved game could not be shown:", error);
    const words = [t("save.unreadable", { reason })];
    if (key) words.push(t("save.kept_aside", { key }));
    words.push(t("save.start_new"));
    this.#notices.saveAlert(words.join(" "));
    this.#screens.setup();
  }
}
