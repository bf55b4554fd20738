// Loaded first, as a classic script (the Content-Security-Policy allows no inline
// script), and written in ES5 so that every browser can parse it: it is what says
// "this browser is too old" (checkBrowser) instead of a blank page. It also reports
// one of the page's own scripts that cannot be loaded (missing, blocked, a network
// failure), or app.js never finishing to wire the page, in the page's alert instead
// of leaving it waiting forever. Words come from the catalogue of the page's language
// like every other (words.js's choice: the one remembered, else the browser's; a
// language without a catalogue is skipped), else i18n/en.json; if even that cannot
// be fetched, plain English.
/* global Uint8Array */ // not ES5; used only where WebAssembly is (and inside a try)
(function () {
  "use strict";
  var APP_TIMEOUT_MS = 90000;
  var root = document.documentElement;
  var shown = false;

  // Legacy WebAssembly exception handling: a tag and a try/catch, as the Python
  // runtime's own module uses them (Chrome 95, Firefox 100, Safari 15.2).
  var WASM_EXCEPTIONS = [0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 13, 3, 1, 0, 0,
    10, 10, 1, 8, 0, 6, 64, 1, 7, 0, 11, 11];

  function wasmExceptions() {
    try {
      return typeof WebAssembly === "object" && WebAssembly.validate(new Uint8Array(WASM_EXCEPTIONS));
    } catch (error) {
      return false;
    }
  }

  /** Whether workers take ES modules: the option's getter is read only by browsers that do. */
  function moduleWorkers() {
    var read = false;
    var options = {
      get type() {
        read = true;
        return "module";
      },
    };
    try {
      // An invalid URL: the constructor throws after reading its options, and loads nothing.
      new Worker("http://[", options);
    } catch (error) {
      // expected
    }
    return read;
  }

  /**
   * What the page needs and this browser lacks (catalogue keys), most basic first; the
   * oldest browsers that have them all: Chrome and Edge 95, Firefox 114, Safari 15.4.
   */
  function missingFeatures() {
    var needs = [
      ["boot.need.webassembly", wasmExceptions],
      ["boot.need.bigint", function () { return typeof BigInt64Array === "function"; }],
      ["boot.need.workers", function () { return typeof Worker === "function" && moduleWorkers(); }],
      ["boot.need.modules", function () { return "noModule" in document.createElement("script"); }],
      ["boot.need.at", function () { return typeof Array.prototype.at === "function"; }],
      ["boot.need.dialog", function () {
        return typeof HTMLDialogElement === "function" && "showModal" in HTMLDialogElement.prototype;
      }],
    ];
    var missing = [];
    for (var i = 0; i < needs.length; i++) {
      if (!needs[i][1]()) missing.push(needs[i][0]);
    }
    return missing;
  }

  var english = {
    "page.title": "Wizard",
    "boot.page": "The page could not be loaded: {file} is missing or was blocked. Check the connection and reload.",
    "boot.unsupported": "This browser is too old for the game ({missing}). Update it, or open the game in " +
      "Chrome or Edge 95 or later, Firefox 114 or later, or Safari 15.4 or later (on iPhone and iPad, iOS 15.4).",
  };

  /**
   * The primary tags to try, best first: the remembered choice (words.js's "wizard.language"),
   * the browser's, English.
   */
  function languages() {
    var tags = [];
    try {
      tags.push(localStorage.getItem("wizard.language"));
    } catch (error) {
      // storage refused: the browser's languages
    }
    tags = tags.concat(navigator.languages || [navigator.language]);
    var found = [];
    for (var i = 0; i < tags.length; i++) {
      var tag = String(tags[i] || "").split("-")[0].toLowerCase();
      if (/^[a-z]{2,3}$/.test(tag) && found.indexOf(tag) < 0) found.push(tag);
    }
    if (found.indexOf("en") < 0) found.push("en");
    return found;
  }

  /** Calls back with the first catalogue that loads, or {} (XMLHttpRequest: older than fetch). */
  function words(done, tags) {
    tags = tags || languages();
    if (tags.length === 0) return done({});
    var request = new XMLHttpRequest();
    var next = function () { words(done, tags.slice(1)); };
    request.open("GET", "i18n/" + tags[0] + ".json");
    request.onerror = next;
    request.onload = function () {
      var catalogue;
      try {
        catalogue = request.status === 200 ? JSON.parse(request.responseText) : null;
      } catch (error) {
        catalogue = null;
      }
      if (!catalogue) return next();
      root.lang = tags[0];
      done(catalogue);
    };
    request.send();
  }

  function fill(text, params) {
    return text.replace(/\{(\w+)\}/g, function (_, name) {
      return params[name] === undefined ? "" : params[name];
    });
  }

  function whenParsed(then) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", then);
    else then();
  }

  /** The alert: a message of the catalogue, key and parameters (a function: after the words are in). */
  function show(page, message) {
    if (shown) return;
    shown = true;
    root.setAttribute("data-page", page);
    words(function (catalogue) {
      var say = function (key, params) {
        return fill(typeof catalogue[key] === "string" ? catalogue[key] : english[key] || key, params || {});
      };
      whenParsed(function () {
        var alert = document.querySelector("[data-engine-alert]");
        if (!alert) return;
        alert.setAttribute("role", "alert");
        alert.textContent = message(say);
        alert.hidden = false;
        var status = document.querySelector("[data-engine-status]");
        if (status) status.textContent = "";
        // app.js words the page; when it cannot, at least its title.
        var title = document.querySelector("h1[data-i18n]");
        if (title && !title.textContent) title.textContent = say("page.title");
      });
    });
  }

  function missingScript(file) {
    show("error", function (say) { return say("boot.page", { file: file }); });
  }

  var missing = missingFeatures();
  if (missing.length > 0) {
    // engine.js and app.js see data-page="unsupported" and start nothing.
    show("unsupported", function (say) {
      var names = [];
      for (var i = 0; i < missing.length; i++) names.push(say(missing[i]));
      return say("boot.unsupported", { missing: names.join(", ") });
    });
    return;
  }

  // A script that fails to load fires "error" at its element, which does not bubble: capture it.
  window.addEventListener(
    "error",
    function (event) {
      var target = event.target;
      if (target instanceof HTMLScriptElement && target.src) {
        missingScript(target.src.split("?")[0].split("/").pop());
      }
    },
    true
  );

  // app.js sets data-app="ready" once it has wired the page.
  setTimeout(function () {
    if (root.getAttribute("data-app") !== "ready" && root.getAttribute("data-engine") !== "error") {
      missingScript("app.js");
    }
  }, APP_TIMEOUT_MS);
})();
