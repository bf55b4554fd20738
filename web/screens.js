// Which screen the page shows: the start page, the table (or pass-and-play's hand-over
// screen in its place), or a screen of its own opened from the start page (practice,
// the score keeper, statistics). <html data-screen> names it, for the styles and the
// tests. Only one shows at a time; nothing here starts, resumes or draws a game
// (lifecycle.js does, game.js draws).
import { $ } from "./lib/dom.js";
import { showLastGame } from "./start/start.js";

export class Screens {
  #game;
  #store;
  #passScreen;
  #own = []; // the screens of their own, closed when the table shows

  /**
   * @param game       game.js's Game (whether a game is loaded, and over)
   * @param store      store.js's Store (whether a game is saved: the Resume button)
   * @param passScreen pass.js's PassScreen (it stands in for the table between two people's turns)
   */
  constructor(game, store, passScreen) {
    this.#game = game;
    this.#store = store;
    this.#passScreen = passScreen;
  }

  /** The screen shown: "setup" (the start page), "table", or a screen of its own's name. */
  get shown() {
    return document.documentElement.dataset.screen;
  }

  table() {
    for (const screen of this.#own) screen.close();
    $("setup").hidden = true;
    $("table").hidden = false;
    document.documentElement.dataset.screen = "table";
    // The button pressed (Play, Resume) is gone: the keyboard goes on from the table, or
    // from the decision the table just focused.
    if (!$("table").contains(document.activeElement)) $("table").focus({ preventScroll: true });
    this.#passScreen.show();
  }

  /** The start page, with Resume while a game is in progress and the last game's card once it is over. */
  setup() {
    const game = this.#game;
    $("table").hidden = true;
    this.#passScreen.leave();
    $("setup").hidden = false;
    document.documentElement.dataset.screen = "setup";
    const saved = this.#store.loadGame() !== null;
    const over = game.view?.over ?? Boolean(this.#store.savedGame()?.over);
    $("resume").hidden = !(saved || (game.view && !game.view.over)) || over;
    showLastGame(game.view);
  }

  /** The game loaded: one in progress at the table, a finished one on the start page (its card). */
  game() {
    if (this.#game.view.over) this.setup();
    else this.table();
  }

  /**
   * A start-page entry ("<name>-open") that leaves the start page and the table for `screen`
   * (its open(), and close() when the table shows; it comes back through setup()).
   */
  entry(name, screen, open = () => screen.open()) {
    this.#own.push(screen);
    $(`${name}-open`).addEventListener("click", () => {
      $("setup").hidden = true;
      $("table").hidden = true;
      this.#passScreen.leave();
      document.documentElement.dataset.screen = name;
      open();
    });
  }

  /** A screen of its own closed (its Back): the start page, its entry focused. */
  back(name) {
    this.setup();
    $(`${name}-open`).focus();
  }
}
