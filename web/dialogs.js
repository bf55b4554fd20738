// The page's dialogs (native <dialog>: focus stays inside, Escape closes).
// While a dialog that holds the bots is open, the game waits for the person.

export class Dialogs {
  #game = null;

  /** Wire every close button; `game` gets hold()/release() for dialogs that pause the bots. */
  constructor(game) {
    this.#game = game;
    for (const dialog of document.querySelectorAll("dialog")) {
      dialog.addEventListener("close", () => this.#game?.release(dialog.id));
    }
  }

  open(id, { holdBots = false } = {}) {
    const dialog = document.getElementById(id);
    if (holdBots) this.#game?.hold(id);
    if (!dialog.open) dialog.showModal();
  }

  close(id) {
    const dialog = document.getElementById(id);
    if (dialog.open) dialog.close();
  }

  closeAll() {
    for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
  }

  anyOpen() {
    return document.querySelector("dialog[open]") !== null;
  }
}
