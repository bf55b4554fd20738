// What the browser keeps between visits: the saved game (the engine's save
// document, verbatim), the player's settings, and any save that could not be
// read, set aside under its own key so that it is never silently lost.

const SAVE_KEY = "wizard.save";
const SETTINGS_KEY = "wizard.settings";
const ASIDE_PREFIX = "wizard.unreadable-save.";

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: the game still plays, it just is not kept
  }
}

export class Store {
  /** The saved game's text, or null. */
  loadGame() {
    return storage()?.getItem(SAVE_KEY) ?? null;
  }

  /** Keep the game (the `save` string every engine result carries). */
  saveGame(text) {
    try {
      storage()?.setItem(SAVE_KEY, text);
      return true;
    } catch {
      return false; // quota exceeded or storage refused
    }
  }

  /**
   * Move an unreadable save out of the way, keeping it under another key;
   * returns that key.
   */
  setAside(text) {
    const key = `${ASIDE_PREFIX}${new Date().toISOString()}`;
    const store = storage();
    try {
      store?.setItem(key, text);
      store?.removeItem(SAVE_KEY);
    } catch {
      return null; // the save stays where it was rather than being lost
    }
    return key;
  }

  /** The player's settings: {theme, pace, form: {...}}. */
  loadSettings() {
    try {
      const settings = JSON.parse(storage()?.getItem(SETTINGS_KEY) ?? "{}");
      return settings && typeof settings === "object" ? settings : {};
    } catch {
      return {};
    }
  }

  saveSettings(settings) {
    try {
      storage()?.setItem(SETTINGS_KEY, JSON.stringify(settings));
    } catch {
      // settings are a convenience; losing them is harmless
    }
  }
}
