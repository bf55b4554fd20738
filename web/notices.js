// The page's notices, outside any one screen: the storage that cannot be read or written,
// another tab that went on with the game, the engine restarted, an action refused, a save
// that could not be resumed. Each has its element in index.html and is worded anew when
// the language changes (reword).
import { $ } from "./lib/dom.js";
import { t } from "./lib/words.js";

const ACTION_ERROR_MS = 6000;
const RECOVERED_MS = 10_000;

export class Notices {
  #store;
  #dialogs;

  constructor(store, dialogs) {
    this.#store = store;
    this.#dialogs = dialogs;
    store.addEventListener("problem", () => this.storage());
    this.storage();
  }

  /** The storage's problem, if any ("read", "write"): shown, and on <html data-storage>. */
  storage() {
    const problem = this.#store.problem;
    const box = $("storage-alert");
    box.textContent = { read: t("storage.read"), write: t("storage.write") }[problem] ?? "";
    box.hidden = !problem;
    document.documentElement.dataset.storage = problem ?? "ok";
  }

  /** Another tab went on with the game (`why`), or null: this one steps aside, its dialogs closed. */
  behind(why) {
    if (why) this.#dialogs.closeAll();
    $("tab-alert-text").textContent = behindText(why);
    $("tab-alert").hidden = !why;
    document.documentElement.dataset.behind = why ?? "";
  }

  /** An action refused (its words; "" hides it), shown for a few seconds. */
  actionError(message) {
    const box = $("action-error");
    box.textContent = message;
    box.hidden = !message;
    if (message) setTimeout(() => { if (box.textContent === message) box.hidden = true; }, ACTION_ERROR_MS);
  }

  /** A save that could not be resumed (its words; "" hides it), until the next game starts. */
  saveAlert(message) {
    const box = $("save-alert");
    box.textContent = message;
    box.hidden = !message;
  }

  /** The engine's worker failed and a fresh one took over. */
  engineRecovered() {
    const notice = $("engine-notice");
    notice.textContent = t("engine.recovered");
    notice.hidden = false;
    setTimeout(() => { notice.hidden = true; }, RECOVERED_MS);
  }

  /** In the language just chosen: what stays on screen (`behind`: the game's); a refused action's words go. */
  reword(behind) {
    this.storage();
    $("tab-alert-text").textContent = behindText(behind);
    this.actionError("");
  }
}

function behindText(why) {
  return { continued: t("tabs.continued"), replaced: t("tabs.replaced"), lost: t("tabs.lost") }[why] ?? "";
}
