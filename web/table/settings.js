// The settings at the table (behind its More menu): the pace, the cards' theme, the
// cards' motion, the sounds and whether a round's result on the table goes on to the next
// round by itself (game.js autoContinue). Each change is applied at once and remembered.
import { $ } from "../lib/dom.js";
import { PACES } from "../lib/pace.js";
import { errorText, t } from "../lib/words.js";

export class TableSettings {
  #game;
  #settings;
  #remember;
  #motion;
  #sound;
  #showError;

  /**
   * @param game game.js's Game; settings the remembered settings; remember(changes) keeps them
   * @param motion motion.js's Motion; sound sound.js's Sound; showError(message) the page's notice
   */
  constructor(game, settings, remember, { motion, sound, showError }) {
    this.#game = game;
    this.#settings = settings;
    this.#remember = remember;
    this.#motion = motion;
    this.#sound = sound;
    this.#showError = showError;
    game.autoContinue = settings.autoContinue !== false; // on unless turned off
  }

  /** The controls as the settings say. */
  sync() {
    $("table-pace").value = PACES[this.#settings.pace] ? this.#settings.pace : "normal";
    $("table-theme").value = this.#settings.theme ?? "classic";
    $("motion-toggle").checked = this.#motion.wanted;
    $("sound-toggle").checked = this.#sound.on;
    $("auto-toggle").checked = this.#settings.autoContinue !== false; // on unless turned off
  }

  /** The pace and card choices: the paces game.js knows, the `themes` the engine offers; then wired. */
  fill(themes) {
    const pace = $("table-pace");
    for (const key of Object.keys(PACES)) pace.append(new Option("", key));
    const theme = $("table-theme");
    for (const key of themes) theme.append(new Option("", key));
    this.word();
    this.sync();
    pace.addEventListener("change", () => {
      this.#remember({ pace: pace.value });
      this.#game.setPace(pace.value);
    });
    theme.addEventListener("change", () => {
      this.#remember({ theme: theme.value });
      $("log").textContent = ""; // (it named the cards in the other theme's words)
      this.#game.setTheme(theme.value).catch((error) => this.#showError(errorText(error, this.#game.view)));
    });
    $("motion-toggle").addEventListener("change", (event) => {
      this.#remember({ motion: event.target.checked ? "on" : "off" });
      this.#motion.sync();
    });
    $("sound-toggle").addEventListener("change", (event) => this.#sound.set(event.target.checked));
    $("auto-toggle").addEventListener("change", (event) => {
      this.#remember({ autoContinue: event.target.checked });
      this.#game.autoContinue = event.target.checked;
    });
  }

  /** The choices' words, in the page's language. */
  word() {
    for (const option of $("table-pace").options) option.text = t(`pace.${option.value}`);
    for (const option of $("table-theme").options) option.text = t(`theme.${option.value}.short`);
  }
}
