// Loaded first, as a classic script (the Content-Security-Policy allows no
// inline script): if one of the page's own scripts cannot be loaded (missing,
// blocked, a network failure), or app.js never finishes wiring the page, say
// so in the page's alert instead of leaving it waiting forever. Words come from
// the catalogue of the page's language like every other (words.js's choice:
// the one remembered, else the browser's; a language without a catalogue is
// skipped), else i18n/en.json; if even that cannot be fetched, plain English.
(() => {
  const APP_TIMEOUT_MS = 90_000;
  const root = document.documentElement;
  let shown = false;

  const fallback = (file) =>
    `The page could not be loaded: ${file} is missing or was blocked. Check the connection and reload.`;

  /**
   * The primary tags to try, best first: the remembered choice (words.js's "wizard.language"),
   * the browser's, English.
   */
  function languages() {
    let remembered = null;
    try {
      remembered = localStorage.getItem("wizard.language");
    } catch {
      // storage refused: the browser's languages
    }
    const primary = (tag) => String(tag ?? "").split("-")[0].toLowerCase();
    const tags = [remembered, ...(navigator.languages ?? [])].map(primary);
    return [...new Set([...tags.filter((tag) => /^[a-z]{2,3}$/.test(tag)), "en"])];
  }

  async function words() {
    for (const lang of languages()) {
      try {
        const response = await fetch(new URL(`i18n/${lang}.json`, document.baseURI));
        if (!response.ok) continue;
        const catalogue = await response.json();
        root.lang = lang;
        return catalogue;
      } catch {
        // the next language
      }
    }
    return {};
  }

  async function show(file) {
    if (shown) return;
    shown = true;
    root.dataset.page = "error";
    const catalogue = await words();
    const t = (key, params) =>
      typeof catalogue[key] === "string"
        ? catalogue[key].replace(/\{(\w+)\}/g, (_, name) => params[name] ?? "")
        : fallback(params.file);
    if (document.readyState === "loading") {
      await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
    }
    const alert = document.querySelector("[data-engine-alert]");
    if (!alert) return;
    alert.setAttribute("role", "alert");
    alert.textContent = t("boot.page", { file });
    alert.hidden = false;
    const status = document.querySelector("[data-engine-status]");
    if (status) status.textContent = "";
  }

  // A script that fails to load fires "error" at its element, which does not bubble: capture it.
  window.addEventListener(
    "error",
    (event) => {
      const target = event.target;
      if (target instanceof HTMLScriptElement && target.src) {
        show(new URL(target.src).pathname.split("/").pop());
      }
    },
    true,
  );

  // app.js sets data-app="ready" once it has wired the page.
  setTimeout(() => {
    if (root.dataset.app !== "ready" && root.dataset.engine !== "error") show("app.js");
  }, APP_TIMEOUT_MS);
})();
