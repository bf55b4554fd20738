// What this browser keeps for the game, counted where the statistics page shows the
// history: the person's own records (saves, history, settings), the offline copy of the
// site (the service worker's cache) and the engine's memory snapshot (Cache Storage
// "engine-snapshot", engine/worker.js); and "Clear offline data", which removes the last
// two and never the first. The next visit then downloads the site and boots as a first one.
// When storage runs short for the games (makeRoom), the snapshot gives up its room first
// (and is not made again for this build), then the offline copy: the games come first.
import { allowSnapshot, forgoSnapshot } from "../engine/engine.js";
import { $ } from "../lib/dom.js";
import { errorReason, sizeText, t } from "../lib/words.js";

const SNAPSHOT_CACHE = "engine-snapshot"; // (engine/worker.js's name)
const SITE_CACHES = "wizard-"; // the service worker's caches, one per build (sw.js)
const RECORDS_PREFIX = "wizard."; // every key the page keeps in localStorage
const PARTS = ["records", "offline", "snapshot"]; // in the order shown (words: storage.part.*)

/** The bytes of every response in Cache Storage `name` (read whole: it is what the disk holds). */
async function cacheBytes(name) {
  const cache = await caches.open(name);
  let bytes = 0;
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (response) bytes += (await response.blob()).size;
  }
  return bytes;
}

/** The person's records: localStorage's wizard.* keys (UTF-16) and what IndexedDB holds. */
async function recordBytes() {
  let bytes = 0;
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key?.startsWith(RECORDS_PREFIX)) bytes += 2 * (key.length + (localStorage.getItem(key)?.length ?? 0));
    }
  } catch {
    // storage refused: nothing of it to count
  }
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  return bytes + (estimate?.usageDetails?.indexedDB ?? 0);
}

async function siteCaches() {
  if (!("caches" in self)) return [];
  return (await caches.keys()).filter((name) => name.startsWith(SITE_CACHES) || name === SNAPSHOT_CACHE);
}

/** {records, offline, snapshot} in bytes. */
export async function measureStorage() {
  const names = await siteCaches().catch(() => []);
  const sizes = await Promise.all(names.map((name) => cacheBytes(name).catch(() => 0)));
  const sum = (wanted) => sizes.reduce((total, size, index) => total + (wanted(names[index]) ? size : 0), 0);
  return {
    records: await recordBytes(),
    offline: sum((name) => name !== SNAPSHOT_CACHE),
    snapshot: sum((name) => name === SNAPSHOT_CACHE),
  };
}

/** Remove the offline copy and the snapshot (the service worker too, so the next visit caches anew). */
export async function clearOfflineData() {
  const registrations = await navigator.serviceWorker?.getRegistrations?.() ?? [];
  await Promise.all(registrations.map((registration) => registration.unregister()));
  await Promise.all((await siteCaches()).map((name) => caches.delete(name)));
  allowSnapshot();
}

/**
 * Storage ran short for the games: the snapshot's room, else the offline copy's, is freed.
 * Resolves with whether anything was (false: nothing left to give up).
 */
export async function makeRoom() {
  try {
    if (await forgoSnapshot()) return true;
    if (!(await siteCaches()).some((name) => name.startsWith(SITE_CACHES))) return false;
    const registrations = await navigator.serviceWorker?.getRegistrations?.() ?? [];
    await Promise.all(registrations.map((registration) => registration.unregister()));
    await Promise.all((await siteCaches()).map((name) => caches.delete(name)));
    return true;
  } catch {
    return false;
  }
}

/** The statistics page's "Kept in this browser" section. */
export class StoragePanel {
  constructor() {
    this.list = $("storage-list");
    this.clear = $("storage-clear");
    this.result = $("storage-result");
    this.clear.addEventListener("click", () => this.#clear());
  }

  /** Count again (the page shows the section): sizes as they are now. */
  async show() {
    this.result.textContent = "";
    await this.#draw();
  }

  async #draw() {
    this.list.setAttribute("aria-busy", "true");
    const sizes = await measureStorage();
    this.list.replaceChildren(...PARTS.map((part) => {
      const item = document.createElement("li");
      item.dataset.part = part;
      item.dataset.bytes = String(sizes[part]);
      item.textContent = t(`storage.part.${part}`, { size: sizeText(sizes[part]) });
      return item;
    }));
    this.list.removeAttribute("aria-busy");
    this.clear.disabled = sizes.offline + sizes.snapshot === 0;
    return sizes;
  }

  async #clear() {
    this.clear.disabled = true;
    try {
      const before = await measureStorage();
      await clearOfflineData();
      await this.#draw();
      this.result.textContent = t("storage.cleared", { size: sizeText(before.offline + before.snapshot) });
    } catch (error) {
      this.result.textContent = t("storage.clear_failed", { reason: errorReason(error) });
      this.clear.disabled = false;
    }
  }
}
