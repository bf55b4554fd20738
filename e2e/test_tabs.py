"""Issue 38, finding 2: one writer at a time for everything stored, across the tabs of a browser.

Two or three pages of one browser context change the history at the same instant, their main
threads kept busy (a page script that works 15 ms of every 25, as a busy phone), or one imports
a large file while the other records games. No finished game may be lost: a change is written
only over the text it was made from (web/stats/shelf.js's swap), under the history's Web Lock
where the browser has one, and done again where another tab's change came first. "No locks"
runs the same with navigator.locks taken away, as outside a secure context. The score pad and
the game's own save: two busy tabs entering or moving at the same instant; a change that loses is
said ("behind"; the table: "your last move here was not kept"), never written over the other.
"""
from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from sitetools import MOVES_JS, SHELF_GET_JS, Watch, wait_history
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


# --- the game's own save: one move at a time -----------------------------------------------------

# At the instant `at`: the game as this tab reads it, taken up first (`takeUp`: as "Continue it here"
# or a Resume does), then one move made on it; window.moveOutcome resolves with
# [the take-up's outcome or null, the move's outcome, the move's text, the text read].
MOVE_AT_JS = """([at, tab, round, takeUp]) => {
  window.moveOutcome = new Promise((resolve) => setTimeout(async () => {
    const store = window.padStore;
    const read = store.savedGame();
    const text = store.loadGame();
    const taken = takeUp ? store.saveGame(text, { id: read.id, moves: read.moves }, { claim: true }) : null;
    const move = `${text} > r${round}t${tab}`;
    const made = store.saveGame(move, { id: read.id, moves: read.moves + 1 });
    resolve([await taken, await made, move, text]);
  }, Math.max(0, at - Date.now())));
}"""


def test_two_tabs_moving_in_one_game_at_the_same_instant_never_write_over_each_other(
        context: BrowserContext, locks: str) -> None:
    """Each round both busy tabs make a move on the game as they read it, at the same instant; the
    tab whose move was not kept last round takes the game up first (as its player would, pressing
    "Continue it here"). A move told "saved" is in the game stored after the round (when both are,
    one was made on the other's); a move not kept is told so ("behind"), never dropped unsaid."""
    pages = open_pages(context, 2, busy=15)
    for page in pages:
        page.evaluate(STORE_JS)
    pages[0].evaluate("() => window.padStore.saveGame('game', { id: 'one', moves: 0 }, { claim: true })")
    pages[1].wait_for_function("() => localStorage.getItem('wizard.save') === 'game'")
    lost = -1
    for round_ in range(20):
        at = pages[0].evaluate(NOW_JS) + 300
        for tab, page in enumerate(pages):
            page.evaluate(MOVE_AT_JS, [at, tab, round_, tab == lost])
        results = [page.evaluate("() => window.moveOutcome") for page in pages]
        saved = [tab for tab, (_, made, _, _) in enumerate(results) if made == "saved"]
        if len(saved) == 2:  # one after the other: the later one was made on the earlier one
            later = 0 if results[0][3] == results[1][2] else 1
            assert results[later][3] == results[1 - later][2], (round_, results)
            saved = [later]
        assert len(saved) == 1 and all(made in ("saved", "behind") for _, made, _, _ in results), (round_, results)
        kept = results[saved[0]][2]
        stored = pages[saved[0]].evaluate("() => localStorage.getItem('wizard.save')")  # (its own write)
        assert stored == kept, (round_, results, stored)
        lost = 1 - saved[0]
        pages[lost].wait_for_function("(kept) => localStorage.getItem('wizard.save') === kept", arg=kept)


def test_a_move_in_a_tab_that_lost_the_game_says_it_was_not_kept(context: BrowserContext) -> None:
    """The page's own flow: tab B took the game over, tab A (at the same move) may play on too; both
    players play at the same instant. Both moves were kept before (one written over the other, no
    word); now the one that came second is said not kept in its tab, which steps aside, and the game
    stored is the other tab's."""
    first, second = context.new_page(), context.new_page()
    a, b = Player(first), Player(second)
    a.open(seed=11)
    a.new_game(players=3)
    a.play_until(lambda state: state == "turn")
    b.open()
    b.resume()
    b.play_until(lambda state: state == "turn")
    for page in (first, second):
        page.evaluate(BUSY_JS, 15)
    at = first.evaluate(NOW_JS) + 400
    for page in (first, second):
        page.evaluate("""(at) => setTimeout(() => document.querySelector(
            '#decision [data-action]:not([disabled]), #hand button:not([disabled])').click(), at - Date.now())""", at)
    alerts = [page.locator("#tab-alert") for page in (first, second)]
    deadline = time.monotonic() + 30
    while not any(alert.is_visible() for alert in alerts):  # (the pages cannot be waited on together)
        assert time.monotonic() < deadline, "neither tab says that its move was not kept"
        first.wait_for_timeout(100)
    loser = 0 if alerts[0].is_visible() else 1
    expect(alerts[loser]).to_contain_text("your last move here was not kept")
    winner = (a, b)[1 - loser]
    winner.play_until(lambda state: state == "turn")
    expect(alerts[1 - loser]).to_be_hidden()
    (first, second)[loser].wait_for_function("(kept) => localStorage.getItem('wizard.save') === kept",
                                             arg=winner.save())


# Holds the game's lock (web/lib/store.js GAME_LOCK) until the page closes; resolves once held.
HOLD_GAME_LOCK_JS = """() => new Promise((held) => navigator.locks.request("wizard.game", () => {
  held();
  return new Promise(() => {});
}))"""


def test_a_move_made_as_the_page_leaves_is_kept(context: BrowserContext) -> None:
    """A save waits for the game's lock (another tab holds it) when the page reloads: it is
    compared with localStorage alone and written as the page leaves, not lost."""
    page = context.new_page()
    player = Player(page)
    player.open(seed=11)
    player.new_game(players=3)
    player.play_until(lambda state: state == "turn")
    before = page.evaluate(MOVES_JS)
    holder = context.new_page()
    holder.goto("./described.json")
    holder.evaluate(HOLD_GAME_LOCK_JS)
    player.choose_first()
    page.wait_for_function("() => document.documentElement.dataset.saving === 'true'")  # its save waits for the lock
    assert page.evaluate(MOVES_JS) == before
    page.reload()
    kept = page.evaluate(MOVES_JS)
    assert kept > before
    holder.close()
    player.resume()  # and the game goes on from there
    player.play_until(lambda state: state == "turn")
    player.choose_first()
    page.wait_for_function(f"() => {MOVES_JS} > {kept}")
