"""Helpers for the browser tests: Chromium, a test server, and calls into the engine.

Chromium: $WIZARD_CHROMIUM when set (`python3 build.py test` sets it: empty
means Playwright's own browser), else Playwright's own if installed, else a
system Chromium; without any, the session stops and says what to install.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import ConsoleMessage, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402 (the repository root's build.py)
from tests import browsers  # noqa: E402

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
READY_TIMEOUT_MS = 60_000


def chromium_path() -> str:
    """'' for Playwright's own Chromium, else the path of a system Chromium."""
    if "WIZARD_CHROMIUM" in os.environ:
        return os.environ["WIZARD_CHROMIUM"]
    if browsers.playwright_chromium(sys.executable):
        return ""
    if found := browsers.system_chromium():
        return found
    pytest.exit("No Chromium for the browser tests: install one (`apt-get install chromium`, "
                "or `python -m playwright install chromium`), or run `python3 build.py test`, "
                "which does it for you", returncode=3)


@contextlib.contextmanager
def serve(directory: Path) -> Iterator[str]:
    """Serve `directory` on 127.0.0.1 at a free port; yields its root URL."""
    os.environ.setdefault("WIZARD_SERVE_QUIET", "1")
    server = build.make_server(directory, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


class Watch:
    """What a page did: console errors, uncaught exceptions, every request's URL."""

    def __init__(self, page: Page) -> None:
        self.errors: list[str] = []
        self.requests: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))
        page.on("crash", lambda _: self.errors.append("the page crashed"))
        page.context.on("request", lambda request: self.requests.append(request.url))
        page.context.on("weberror", lambda error: self.errors.append(f"uncaught: {error.error}"))

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")


def number(text: str) -> int:
    """A whole number as the page writes it: a negative one with a true minus sign (U+2212)."""
    assert "-" not in text, f"{text!r}: a hyphen where the page writes a minus sign (U+2212)"
    return int(text.replace("\u2212", "-"))


def decimal(text: str) -> float:
    """A figure with one decimal as the page writes it: "+12.4", "\u22123.0", "7.5", "0.0" (zero unsigned)."""
    found = re.fullmatch(r"([+\u2212]?)(\d+\.\d)", text.strip())
    assert found and not (found.group(1) and found.group(2) == "0.0"), f"not a figure as the page writes it: {text!r}"
    return float(found.group(2)) * (-1 if found.group(1) == "\u2212" else 1)


def wait_ready(page: Page) -> None:
    """Wait until the engine is ready; fail with the page's alert if it errs."""
    page.wait_for_selector("html[data-engine=ready], html[data-engine=error]",
                           state="attached", timeout=READY_TIMEOUT_MS)
    if page.get_attribute("html", "data-engine") == "error":
        alert = page.locator("[data-engine-alert]").all_inner_texts()
        pytest.fail(f"the engine failed to load: {alert}")


MOVES_JS = "JSON.parse(localStorage.getItem('wizard.game'))?.moves ?? 0"  # the saved game's move counter


# The page's shelf (web/stats/shelf.js): the history in IndexedDB, database "wizard", store
# "history". (key) => its text, or null; a database the page has not made yet is left alone.
SHELF_GET_JS = """async (key) => {
  const db = await new Promise((resolve) => {
    const request = indexedDB.open("wizard");
    request.onupgradeneeded = () => request.transaction.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  });
  if (db === null) return null;
  try {
    const store = db.transaction("history").objectStore("history");
    const request = key === null ? store.getAllKeys() : store.get(key);
    return await new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result ?? null);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}"""


def shelf_text(page: Page, key: str = "wizard.history") -> str | None:
    """The text the page's shelf keeps under `key` (the history by default), or None."""
    return page.evaluate(SHELF_GET_JS, key)


def shelf_keys(page: Page) -> list[str]:
    return page.evaluate(SHELF_GET_JS, None) or []


def wait_async(page: Page, predicate: str, timeout: float = 30_000) -> None:
    """Wait until the async function `predicate` resolves with a truthy value.

    (wait_for_function does not wait on a promise, which is truthy: each poll here starts a
    call, unless one is on its way, and answers with the last one's result.)
    """
    page.evaluate("() => { window.asyncPoll = { busy: false, holds: false }; }")
    page.wait_for_function(f"""() => {{
      const poll = window.asyncPoll;
      if (!poll.busy) {{
        poll.busy = true;
        ({predicate})().then((value) => {{
          poll.holds = Boolean(value);
          poll.busy = false;
        }}, () => {{
          poll.busy = false;
        }});
      }}
      return poll.holds;
    }}""", timeout=timeout)


def wait_history(page: Page, condition: str, timeout: float = 30_000) -> None:
    """Wait until `condition` (JavaScript over `history`, the stored document or null) holds."""
    wait_async(page, f"""async () => {{
      const text = await ({SHELF_GET_JS})("wizard.history");
      const history = text === null ? null : JSON.parse(text);
      return {condition};
    }}""", timeout)


def wait_while_moving(page: Page, done_js: str, progress_js: str, stall_ms: int = 60_000) -> None:
    """Wait until the expression `done_js` is true, for as long as `progress_js` keeps changing.

    Long work (a whole game at the instant pace, a review) takes as long as the machine's
    load says; a fixed limit fails on a busy machine. This one fails only when nothing has
    moved for `stall_ms`, and then says where it stood.
    """
    while True:
        seen = page.evaluate(f"() => JSON.stringify({progress_js})")
        moved = f"() => ({done_js}) || JSON.stringify({progress_js}) !== {json.dumps(seen)}"
        try:
            page.wait_for_function(moved, timeout=stall_ms)
        except PlaywrightTimeout:
            raise AssertionError(f"stuck for {stall_ms / 1000:.0f} s at {seen} before {done_js}") from None
        if page.evaluate(f"() => Boolean({done_js})"):
            return


def engine_call(page: Page, method: str, params: dict | None = None):
    """Call the engine through engine.js, as the page does."""
    return page.evaluate(
        """async ([method, params]) => {
            const { startEngine } = await import(new URL("engine/engine.js", document.baseURI).href);
            return startEngine().call(method, params);
        }""",
        [method, params or {}],
    )


def play_bot_game(page: Page, players: int = 3, seed: int = 7, max_steps: int | None = None) -> dict:
    """Start an all-bot game through engine.js and let the bots play (to the end by default)."""
    return page.evaluate(
        """async ([players, seed, maxSteps]) => {
            const { startEngine } = await import(new URL("engine/engine.js", document.baseURI).href);
            const engine = startEngine();
            const config = { seed, players: Array.from({ length: players },
                (_, seat) => ({ name: `Bot ${seat + 1}`, bot: "random" })) };
            let { view } = await engine.call("new_game", { config });
            let steps = 0;
            while (!view.over && (maxSteps === null || steps < maxSteps)) {
                ({ view } = await engine.call("bot_step"));
                steps++;
            }
            return { steps, over: view.over, round: view.round, totals: view.totals };
        }""",
        [players, seed, max_steps],
    )


CUT_OPTIONS_JS = """(skip) => {
  const cut = [];
  for (const select of document.querySelectorAll("select")) {
    if (!select.checkVisibility()) continue;
    // A copy holding one option, as wide as it needs to be (its words, padding and arrow).
    const copy = select.cloneNode(false);
    copy.removeAttribute("id");
    Object.assign(copy.style, { position: "absolute", visibility: "hidden",
                                width: "auto", minWidth: "0", maxWidth: "none" });
    select.after(copy);
    for (const option of select.options) {
      copy.replaceChildren(new Option(option.text));
      if (!skip.includes(option.value) && copy.offsetWidth > select.offsetWidth) {
        cut.push(`#${select.id || select.name}: ${option.text}`);
      }
    }
    copy.remove();
  }
  return cut;
}"""


def cut_options(page: Page, skip: tuple[str, ...] = ()) -> list[str]:
    """The options of the visible selects whose words do not fit their box (but for the values `skip`)."""
    return page.evaluate(CUT_OPTIONS_JS, list(skip))
