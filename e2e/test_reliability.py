"""Nothing lost (issue 13, the page's half): two tabs, storage that refuses, a lost worker, blocked files, names.

Each test names the finding of issue 13 it covers: 1 (two tabs on one game), 2 (storage that
refuses reads or writes), 5 (a fatal error in the worker blocks every later call), 6 (the
smaller ones: a blocked engine.js/app.js, python_stdlib.zip unchecked, bidi controls and long
names, a save with only bots).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from sitetools import engine_call, serve, wait_ready
from tabletools import Player, menu

ALERT_TIMEOUT_MS = 30_000

# --- finding 1: two tabs on one game ------------------------------------------------------


def _second_tab(context: BrowserContext) -> tuple[Page, Player]:
    page = context.new_page()
    player = Player(page)
    player.open()
    player.resume()
    player.play_until(lambda state: state == "turn")
    return page, player


def _game_at_your_turn(page: Page, seed: int) -> Player:
    """A 3-player game dealt from the form with ``seed``, played to the person's turn."""
    player = Player(page)
    player.open(seed=seed)
    player.new_game(players=3)
    player.play_until(lambda state: state == "turn")
    return player


def test_tab_that_is_behind_says_so_and_never_overwrites_newer_progress(page: Page) -> None:
    """Finding 1: tab B shows the game, tab A plays on; B says so, cannot write over A, and can take over."""
    a = _game_at_your_turn(page, seed=11)
    b_page, b = _second_tab(page.context)
    expect(b_page.locator("#tab-alert")).to_be_hidden()

    a.choose_first()
    a.play_until(lambda state: state == "turn")
    newer = a.save()
    alert = b_page.locator("#tab-alert")
    expect(alert).to_be_visible(timeout=ALERT_TIMEOUT_MS)
    expect(alert).to_contain_text("This game continued in another tab")

    # B's stale table: a click there changes nothing that is kept
    b_page.locator("#decision [data-action]:not([disabled]), #hand button:not([disabled])").first.click(force=True)
    b_page.wait_for_timeout(1500)
    assert b.save() == newer, "the tab that was behind wrote over the newer game"

    # take it over: B shows A's progress and goes on; now A is the one behind
    alert.get_by_role("button", name="Continue it here").click()
    expect(alert).to_be_hidden()
    b.play_until(lambda state: state == "turn")
    assert b_page.locator("#round-info").inner_text() == page.locator("#round-info").inner_text()
    b.choose_first()
    b.play_until(lambda state: state == "turn")
    expect(page.locator("#tab-alert")).to_be_visible(timeout=ALERT_TIMEOUT_MS)
    assert a.save() != newer


def test_new_game_in_one_tab_is_not_replaced_by_the_other_tabs_old_game(page: Page) -> None:
    """Finding 1: a new game dealt in tab A survives tab B going on with the old one."""
    a = _game_at_your_turn(page, seed=5)
    b_page, _ = _second_tab(page.context)

    menu(page)
    page.locator("#to-setup").click()
    a.new_game(players=3, names=["Alice", "Bertha"], close_draw=False)
    page.get_by_role("button", name="Start the game").click()
    a.play_until(lambda state: state == "turn")
    expect(b_page.locator("#tab-alert")).to_contain_text("A new game was started in another tab",
                                                         timeout=ALERT_TIMEOUT_MS)
    b_page.locator("#decision [data-action]:not([disabled]), #hand button:not([disabled])").first.click(force=True)
    b_page.wait_for_timeout(1500)

    third = page.context.new_page()
    Player(third).open()
    Player(third).resume()
    expect(third.locator("#seats")).to_contain_text("Alice")


# --- finding 2: storage that refuses ---------------------------------------------------------

REFUSE_WRITES = """
  Storage.prototype.setItem = function () {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
"""
REFUSE_ALL = """
  for (const name of ["getItem", "setItem", "removeItem", "key", "clear"]) {
    Storage.prototype[name] = function () {
      throw new DOMException("The operation is insecure.", "SecurityError");
    };
  }
"""


def test_storage_that_refuses_writes_is_said_and_the_game_plays_on(page: Page) -> None:
    """Finding 2: quota exceeded: a persistent notice says the game is not being saved."""
    page.add_init_script(REFUSE_WRITES)
    player = Player(page)
    player.open(seed=3)
    player.new_game(players=3)
    player.play_until(lambda state: state == "turn")
    notice = page.locator("#storage-alert")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("not being saved")
    player.choose_first()
    player.play_until(lambda state: state == "turn")
    expect(notice).to_be_visible()


def test_storage_that_cannot_be_read_leaves_the_start_page_working(page: Page) -> None:
    """Finding 2: reading storage throws: the form is built, Play works, and the page says nothing is kept."""
    page.add_init_script(REFUSE_ALL)
    player = Player(page)
    player.open(seed=3)
    expect(page.get_by_role("button", name="Play", exact=True)).to_be_enabled()
    expect(page.locator("#storage-alert")).to_be_visible()
    player.new_game(players=3)
    assert player.play_until(lambda state: state == "turn") == "turn"
    expect(page.locator("#storage-alert")).to_be_visible()


# --- finding 5: a worker that recovers ---------------------------------------------------------

KILL_JS = """async () => {
  const { startEngine } = await import(new URL("engine/engine.js", document.baseURI).href);
  const engine = startEngine();
  engine.callTimeoutMs = 3000;
  engine.kill();
}"""
RESTARTS_JS = """async () => {
  const { startEngine } = await import(new URL("engine/engine.js", document.baseURI).href);
  return startEngine().restarts;
}"""


def test_a_dead_worker_is_restarted_and_the_game_goes_on_from_the_last_save(page: Page) -> None:
    """Finding 5: the worker dies (no answer ever comes): a timeout restarts it, the game reloads and goes on."""
    player = Player(page)
    player.open(seed=9)
    player.new_game(players=3)
    player.play_until(lambda state: state == "turn")
    before = page.locator("#round-info").inner_text()
    page.evaluate(KILL_JS)
    player.choose_first()  # this call gets no answer
    notice = page.locator("#engine-notice")
    expect(notice).to_be_visible(timeout=ALERT_TIMEOUT_MS)
    expect(notice).to_contain_text("restarted")
    player.play_until(lambda state: state == "turn")
    assert page.locator("#round-info").inner_text() == before
    saved = player.save()
    player.choose_first()
    player.play_until(lambda state: state == "turn")
    assert player.save() != saved, "the game did not go on after the restart"
    assert page.evaluate(RESTARTS_JS) == 1


def test_a_request_the_worker_cannot_answer_never_blocks_later_calls(page: Page) -> None:
    """Finding 5: deeply nested requests (a Pyodide fatal error); every call is settled, later ones answered."""
    page.goto("./")
    wait_ready(page)
    outcome = page.evaluate("""async () => {
        const { startEngine } = await import(new URL("engine/engine.js", document.baseURI).href);
        const engine = startEngine();
        const settle = (call) => Promise.race([
          call.then(() => "answered", () => "refused"),
          new Promise((resolve) => setTimeout(() => resolve("no answer"), 45000)),
        ]);
        const nested = (depth) => {
          let deep = [];
          for (let i = 0; i < depth; i++) deep = [deep];
          return deep;
        };
        const first = await settle(engine.call("new_game", { config: nested(20000) }));
        const second = await settle(engine.call("new_game", { config: nested(100000) }));
        const later = await settle(engine.call("describe"));
        return { first, second, later };
    }""")
    assert outcome == {"first": "refused", "second": "refused", "later": "answered"}


# --- finding 6: blocked files, an unchecked runtime file ---------------------------------------


@pytest.mark.parametrize("blocked", ["app.js", "engine.js"])
def test_a_script_that_cannot_load_ends_in_a_visible_error(page: Page, blocked: str) -> None:
    """Finding 6: engine.js or app.js blocked: a readable error, not an endless "Loading"."""
    page.route(f"**/{blocked}", lambda route: route.abort())
    page.goto("./")
    alert = page.locator("[data-engine-alert]")
    expect(alert).to_be_visible(timeout=ALERT_TIMEOUT_MS)
    expect(alert).to_contain_text("could not be loaded")


@pytest.mark.parametrize("tampered", ["python_stdlib.zip", "pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs"])
def test_a_tampered_runtime_file_ends_in_a_readable_error(browser: Browser, site_copy: Path, tampered: str) -> None:
    """Finding 6: every runtime file (the stdlib, the wasm, the two modules) is integrity-checked in the browser."""
    runtime_file = next(site_copy.glob(f"pyodide-*/{tampered}"))
    data = bytearray(runtime_file.read_bytes())
    data[len(data) // 2] ^= 0xFF  # one byte changed (unchecked, the stdlib booted all the same)
    runtime_file.write_bytes(bytes(data))
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        with serve(site_copy) as url:
            page.goto(url)
            page.wait_for_selector("html[data-engine=ready], html[data-engine=error]", state="attached",
                                   timeout=60_000)
            assert page.get_attribute("html", "data-engine") == "error"
            expect(page.locator("[data-engine-alert]")).to_contain_text(f"{tampered} could not be fetched")
    finally:
        context.close()


@pytest.mark.parametrize(("role", "failed"), [("engine", 1), ("coach", 2)])
def test_a_worker_that_fails_to_start_is_started_once_more(page: Page, role: str, failed: int) -> None:
    """Issue 32: the engine's worker (the first fetch of worker.js) or the coach's (the second,
    once the engine is ready) cannot load its script the first time: the page starts it once
    more and reaches ready, with no alert."""
    fetches = []

    def fail_once(route: Route) -> None:
        fetches.append(route.request.url)
        if len(fetches) == failed:
            route.abort()
        else:
            route.continue_()

    page.route("**/engine/worker.js", fail_once)
    page.goto("./")
    page.wait_for_selector(f"html[data-{role}=ready], html[data-{role}=error]", state="attached", timeout=120_000)
    assert page.get_attribute("html", f"data-{role}") == "ready"
    assert len(fetches) > failed
    expect(page.locator("[data-engine-alert]")).to_be_hidden()


# --- finding 6: names ----------------------------------------------------------------------------

RLO_NAME = "Eve\u202eevil"
LONG_NAME = "Maximilianus" + "x" * 20  # 32 characters, no space

UNISOLATED_JS = r"""(name) => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent;
    if (!text.includes(name)) continue;
    const bidi = getComputedStyle(node.parentElement).unicodeBidi;
    const alone = text.trim() === name && ["isolate", "isolate-override", "plaintext"].includes(bidi);
    const marked = text.split("\u2068" + name + "\u2069").join("").includes(name) === false;
    if (!alone && !marked) found.push(`${node.parentElement.tagName}.${node.parentElement.className}: ${text}`);
  }
  return found;
}"""


def _fits(page: Page) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], f"the page is {width[0]}px wide on a {width[1]}px screen"


def _dialog_fits(page: Page, dialog: str) -> None:
    box = page.locator(f"#{dialog}").bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, f"#{dialog} leaves the screen: {box}"


def test_names_are_isolated_and_long_names_fit_a_phone(page: Page) -> None:
    """Finding 6: a right-to-left override never reverses the text around a name; 32-character names fit 390 px."""
    page.set_viewport_size({"width": 390, "height": 844})
    player = Player(page)
    player.open(seed=4)
    player.new_game(players=4, name=LONG_NAME, names=[RLO_NAME, LONG_NAME[::-1], "Circe"])
    player.hold_results()
    state = player.play_until(lambda s: s == "round" or (s == "turn" and page.locator("#trick .play").count() > 0))
    assert not page.evaluate(UNISOLATED_JS, RLO_NAME), page.evaluate(UNISOLATED_JS, RLO_NAME)
    _fits(page)
    if state == "turn":
        player.play_until(lambda s: s == "round")
    assert not page.evaluate(UNISOLATED_JS, RLO_NAME)
    _dialog_fits(page, "round-strip")
    player.open_summary()
    _dialog_fits(page, "round-dialog")
    _fits(page)
    page.locator("#round-pad").click()
    _dialog_fits(page, "pad-dialog")
    _fits(page)
    seat_name = page.locator("#seats .seat-name").first
    assert seat_name.get_attribute("title") in (RLO_NAME, LONG_NAME[::-1])


# --- finding 6: a save the page cannot show -------------------------------------------------------


def test_a_save_with_only_bots_resumes_as_a_watched_game_not_with_the_pages_exception(page: Page) -> None:
    """Finding 6: the page once failed on a save of bots alone ("Cannot read properties of
    undefined"); such a save is now a Watch-mode game (issue 9): it resumes, every hand open."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto("./")
    wait_ready(page)
    config = {"seed": 1, "players": [{"name": f"Bot {i}", "bot": "random"} for i in range(3)]}
    save = engine_call(page, "new_game", {"config": config})["save"]
    page.evaluate("(save) => localStorage.setItem('wizard.save', save)", save)
    page.reload()
    Player(page).resume()
    expect(page.locator("#save-alert")).to_be_hidden()
    expect(page.get_by_role("group", name="Watching the bots")).to_be_visible()
    expect(page.locator("#seats .open-hand")).to_have_count(2)
    assert not errors, errors
