"""Issue 38, finding 2: one writer at a time for everything stored, across the tabs of a browser.

Two or three pages of one browser context change the history at the same instant, their main
threads kept busy (a page script that works 15 ms of every 25, as a busy phone), or one imports
a large file while the other records games. No finished game may be lost: a change is written
only over the text it was made from (web/stats/shelf.js's swap), under the history's Web Lock
where the browser has one, and done again where another tab's change came first. "No locks"
runs the same with navigator.locks taken away, as outside a secure context.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from sitetools import SHELF_GET_JS, Watch, wait_history
from tabletools import Player
from test_stats import big_history, engine_game, open_stats

# Works `busy` ms of every 25 until the page closes: a phone busy with other work.
BUSY_JS = """(busy) => {
  const slice = () => {
    const end = performance.now() + busy;
    while (performance.now() < end);
    setTimeout(slice, 25 - busy);
  };
  slice();
}"""
# A finished game at the instant `at` (Date.now()'s clock, the same in every page).
FINISH_AT_JS = """([at, detail]) => setTimeout(
  () => document.dispatchEvent(new CustomEvent("wizard:game-finished", { detail })), Math.max(0, at - Date.now()))"""
NOW_JS = "() => Date.now()"
# One of `games` ([id, save]) finished every 2 seconds, until window.stopRecording; window.recorded: their ids.
RECORD_WHILE_JS = """(games) => {
  window.recorded = [];
  const next = () => {
    if (window.stopRecording || games.length === 0) return;
    const [id, save] = games.shift();
    window.recorded.push(id);
    document.dispatchEvent(new CustomEvent("wizard:game-finished", { detail: { kind: "game", save } }));
    setTimeout(next, 2000);
  };
  next();
}"""
NO_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });"
PLAYERS = [("You", None), ("Hal", "hard"), ("Eve", "easy")]


def open_pages(context: BrowserContext, count: int, busy: int) -> list[Page]:
    pages = [context.new_page() for _ in range(count)]
    for page in pages:
        page.goto("./")
        Player(page).wait_table_ready()
        page.evaluate(BUSY_JS, busy)
    return pages


def stored_ids(page: Page) -> set[str]:
    text = page.evaluate(SHELF_GET_JS, "wizard.history")
    return set() if text is None else {record["id"] for record in json.loads(text)["records"]}


@pytest.fixture(params=["locks", "no locks"])
def locks(request: pytest.FixtureRequest, context: BrowserContext) -> str:
    if request.param == "no locks":
        context.add_init_script(NO_LOCKS)
    return request.param


def finish_together(pages: list[Page], rounds: int, game: Callable[[int, int], tuple[str, int]]) -> set[str]:
    """Each round every tab finishes a game (``game(round, tab)``: its id and seed) at the same
    instant, and the history is waited on until it holds them all; the ids finished."""
    expected: set[str] = set()
    for round_ in range(rounds):
        at = pages[0].evaluate(NOW_JS) + 400
        for tab, page in enumerate(pages):
            game_id, seed = game(round_, tab)
            expected.add(game_id)
            page.evaluate(FINISH_AT_JS, [at, {"kind": "game", "save": engine_game(PLAYERS, seed, game_id)}])
        wait_history(pages[0], f"history?.records.length === {len(expected)}", timeout=120_000)
    return expected


def test_busy_tabs_finishing_games_at_the_same_instant_lose_none(context: BrowserContext, locks: str) -> None:
    """Two tabs busy 15 ms of every 25, each finishing a game at the same instant, 15 rounds: all 30 kept."""
    pages = open_pages(context, 2, busy=15)
    watches = [Watch(page) for page in pages]
    expected = finish_together(pages, 15, lambda round_, tab: (f"r{round_:02d}t{tab}", 100 * round_ + tab))
    assert stored_ids(pages[0]) == expected
    for watch in watches:
        assert not watch.errors, watch.errors


def test_three_tabs_at_the_same_instant_lose_none(context: BrowserContext, locks: str) -> None:
    pages = open_pages(context, 3, busy=15)
    expected = finish_together(pages, 4, lambda round_, tab: (f"three{round_}t{tab}", 50 * round_ + tab))
    assert stored_ids(pages[0]) == expected


def test_an_import_while_another_tab_records_loses_none(context: BrowserContext, locks: str,
                                                        tmp_path: Path) -> None:
    """One tab imports 2,000 games while the other, busy, records a game every 2 seconds: all kept."""
    path = tmp_path / "big.json"
    path.write_text(big_history(2000))
    importer, recorder = open_pages(context, 2, busy=15)
    games = [[f"during{n}", engine_game(PLAYERS, n, f"during{n}")] for n in range(12)]
    open_stats(importer)
    importer.locator("#stats-file").set_input_files(str(path))
    recorder.evaluate(RECORD_WHILE_JS, games)
    importer.wait_for_selector("html[data-imported]", state="attached", timeout=300_000)
    recorded = set(recorder.evaluate("() => { window.stopRecording = true; return window.recorded; }"))
    expect(importer.locator("#stats-result")).to_contain_text("Imported: 2000 new games")
    assert len(recorded) >= 2  # (games finished while the import worked)
    wait_history(importer, f"history?.records.length === {2000 + len(recorded)}", timeout=300_000)
    ids = stored_ids(importer)
    assert recorded <= ids and len(ids) == 2000 + len(recorded)


# --- the score pad: one entry at a time ----------------------------------------------------------

# A Store of the page's own (web/lib/store.js) kept on window, and the pad's text it last read.
STORE_JS = """async () => {
  const { Store } = await import(new URL("lib/store.js", document.baseURI).href);
  window.padStore = new Store();
}"""
# At the instant `at`: the pad this tab read, then written as `text` over it; window.padOutcome
# resolves with [the outcome, the pad read].
PAD_AT_JS = """([at, text]) => {
  window.padOutcome = new Promise((resolve) => setTimeout(async () => {
    const before = window.padStore.loadKeeper();
    resolve([await window.padStore.saveKeeper(text, before), before]);
  }, Math.max(0, at - Date.now())));
}"""


def test_two_tabs_entering_on_the_pad_at_the_same_instant_never_write_over_each_other(
        context: BrowserContext) -> None:
    """Each round both busy tabs write the pad they read at the same instant. A tab told "saved"
    must have written over the pad stored then: when both are, one read the other's pad
    (the other, told "behind", reloads the pad and says its entry was not kept)."""
    pages = open_pages(context, 2, busy=15)
    for page in pages:
        page.evaluate(STORE_JS)
    for round_ in range(20):
        at = pages[0].evaluate(NOW_JS) + 300
        texts = [f"pad {round_} {tab}" for tab in range(2)]
        for page, text in zip(pages, texts, strict=True):
            page.evaluate(PAD_AT_JS, [at, text])
        results = [page.evaluate("() => window.padOutcome") for page in pages]
        saved = [tab for tab, (outcome, _) in enumerate(results) if outcome == "saved"]
        if len(saved) == 2:  # one after the other: the later one read the earlier one's pad
            later = 0 if results[0][1] == texts[1] else 1
            assert results[later][1] == texts[1 - later], (round_, results)
            saved = [later]
        assert len(saved) == 1 and all(outcome in ("saved", "behind") for outcome, _ in results), (round_, results)
        stored = pages[saved[0]].evaluate("() => localStorage.getItem('wizard.keeper')")  # (its own write)
        assert stored == texts[saved[0]], (round_, results, stored)
