"""Issue 11: the history of finished games and the statistics page.

One real game is played out through the page (resumed at its last trick, at the instant pace);
more finished games, made by the engine under CPython, arrive as the page's own
"wizard:game-finished" events (a score pad's too), so the statistics have several opponents
and table sizes. Then the history is exported, the storage cleared, the file imported:
everything is back; a damaged file is refused with its reason and nothing changes.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from sitetools import Watch, shelf_keys, shelf_text, wait_history
from tabletools import Player

from tests.helpers import random_game
from wizard_engine import GameConfig, State, save
from wizard_engine.config import Options
from wizard_engine.config import Player as Seat
from wizard_engine.records import history
from wizard_engine.records.keeper import Keeper
from wizard_engine.records.stats import statistics

FINISHED = """(detail) => document.dispatchEvent(new CustomEvent("wizard:game-finished", { detail }))"""
COUNT_FINISHED = """document.addEventListener("wizard:game-finished", () => {
  window.finishedEvents = (window.finishedEvents ?? 0) + 1;
});"""
SEED_ONCE = """if (!sessionStorage.getItem("seeded")) {
  sessionStorage.setItem("seeded", "1");
  localStorage.setItem("wizard.save", SAVE);
  localStorage.setItem("wizard.settings", JSON.stringify({ pace: "instant" }));
}"""
OLD_STORED = "() => localStorage.getItem('wizard.history')"  # where versions before IndexedDB kept it
SHELF_CLEAR = """async () => {
  const db = await new Promise((resolve) => { indexedDB.open("wizard").onsuccess = (e) => resolve(e.target.result); });
  const transaction = db.transaction("history", "readwrite");
  transaction.objectStore("history").clear();
  await new Promise((resolve) => { transaction.oncomplete = resolve; });
  db.close();
}"""


def engine_game(names_levels: list[tuple[str, str | None]], seed: int, game_id: str) -> str:
    """A finished game's sealed save (the page's kind), played by random moves under CPython."""
    config = GameConfig(tuple(Seat(name, level) for name, level in names_levels), seed=seed)
    return save.seal(random_game(config, seed), save.Tag(game_id, 10_000))


def keeper_pad() -> str:
    keeper = Keeper.of(["Ann", "Bob", "Cy"], first_dealer=0)
    while not keeper.is_over:
        cards = keeper.cards(keeper.round)
        for _ in keeper.order(keeper.round):
            keeper.bid(0)
        keeper.tricks([cards, 0, 0])
    return keeper.dumps()


def stored_games(page: Page) -> int:
    text = shelf_text(page)
    return 0 if text is None else len(json.loads(text)["records"])


def wait_stats(page: Page) -> None:
    page.wait_for_selector("html[data-stats=ready]", state="attached", timeout=60_000)


def figures(page: Page) -> dict[str, str]:
    items = page.locator(".stats-figure")
    return {items.nth(i).locator("dt").inner_text(): items.nth(i).locator("dd").inner_text()
            for i in range(items.count())}


def chart_rows(page: Page, name: str) -> list[list[str]]:
    table = page.get_by_role("table", name=name)
    rows = table.locator("tbody tr")
    return [[c.strip() for c in rows.nth(i).locator("th, td").all_text_contents()] for i in range(rows.count())]


def open_stats(page: Page) -> None:
    page.locator("#stats-open").click()
    wait_stats(page)


def near_the_end(names_levels: list[tuple[str, str | None]], seed: int, game_id: str) -> str:
    """A game dealt as the page deals it, played by random moves up to its last trick."""
    config = GameConfig(tuple(Seat(name, level) for name, level in names_levels), seed=seed)
    finished = random_game(config, seed)
    state = State.replay(config, finished.history[:-len(names_levels)])
    return save.seal(state, save.Tag(game_id, len(state.history)))


def test_statistics_after_a_few_games_export_clear_import(page: Page, watch: Watch, tmp_path: Path) -> None:
    started = time.perf_counter()
    player = Player(page)
    page.add_init_script(COUNT_FINISHED)
    # A game against five bots, resumed at its last trick: the person plays it out at the table.
    table = [("You " + "x" * 28, None), *[(f"Bot {n}", "random") for n in range(1, 6)]]
    page.add_init_script(SEED_ONCE.replace("SAVE", json.dumps(near_the_end(table, 11, "played"))))
    page.goto("./")
    player.resume()
    player.play_to_end()
    wait_history(page, "history !== null")
    assert stored_games(page) == 1 and page.evaluate("() => window.finishedEvents") == 1
    # After a reload the finished game is not reopened (its card is on the start page), nor recorded twice.
    page.reload()
    player.wait_table_ready()
    expect(page.locator("#last-game")).to_be_visible()
    assert page.evaluate("() => window.finishedEvents ?? 0") == 0
    # Two more games against bots, a pass-and-play game and a score pad arrive as the page's events.
    extra = [
        {"kind": "game", "save": engine_game([("You", None), ("Hal", "hard"), ("Eve", "easy")], 3, "threeseat")},
        {"kind": "game", "save": engine_game([("You", None), ("Max", "expert"), ("Meg", "medium"), ("Ida", "hard")],
                                             4, "fourseat")},
        {"kind": "game", "save": engine_game([("You", None), ("Bo", None), ("Cy", "easy")], 5, "people")},
        {"kind": "keeper", "keeper": keeper_pad(), "me": 0},
    ]
    for detail in extra:
        page.evaluate(FINISHED, detail)
    wait_history(page, "history.records.length === 5")
    page.evaluate(FINISHED, extra[0])  # once more: kept once
    kept = history.loads(shelf_text(page))
    expected = statistics(kept["records"])
    assert expected["games"] == 5  # (pass-and-play: the first seat, who filled in the form; the pad names one)
    open_stats(page)
    assert stored_games(page) == 5
    shown = figures(page)
    assert shown["Games played"] == "5"
    assert shown["Bids made"].startswith(f"{expected['made']} of {expected['bids']} ")
    assert shown["Longest run of bids made"].startswith(f"{expected['longest_run']} ")
    assert chart_rows(page, "Games won by opponent") == [
        [{"random": "Random (plays any legal card)", "easy": "Easy", "medium": "Medium", "hard": "Hard",
          "expert": "Expert", "person": "People"}[o["opponent"]], str(o["games"]), str(o["wins"])]
        for o in expected["by_opponent"]]
    assert [row[0] for row in chart_rows(page, "Games won by table size")] == \
        [f"{t['players']} players" for t in expected["by_table"]]
    assert [[int(n) for n in row[1:]] for row in chart_rows(page, "Bids by cards in hand")] == \
        [[c["bids"], c["made"], c["over"], c["under"]] for c in expected["by_cards"]]
    expect(page.locator(".chart-svg")).to_have_count(3)
    games = page.locator(".stats-game")
    expect(games).to_have_count(5)
    expect(games.first).to_contain_text("score keeper")
    # Another player's figures: the pass-and-play partner.
    page.locator("#stats-who").select_option("Bo")
    wait_stats(page)
    assert figures(page)["Games played"] == "1"
    page.locator("#stats-who").select_option("")
    wait_stats(page)
    # The played game links to its review.
    played_game = page.locator(".stats-game", has=page.locator("[data-review]")).last
    played_game.get_by_role("button", name="Review").click()
    review = page.locator("#review-dialog")
    expect(review).to_be_visible()
    page.wait_for_selector("#review-body:not([hidden])", state="attached", timeout=60_000)
    review.get_by_role("button", name="Back to the statistics").click()
    expect(review).to_be_hidden()

    # Export: the history and the game in progress.
    with page.expect_download() as download:
        page.locator("#stats-export").click()
    path = tmp_path / "history.json"
    download.value.save_as(path)
    exported = history.loads(path.read_text())
    assert exported["records"] == kept["records"] and "game" in exported["current"]
    expect(page.locator("#stats-result")).to_contain_text("Exported 5 games")

    # The browser forgets everything; the file brings it back.
    before = figures(page)
    page.evaluate("() => localStorage.clear()")
    page.evaluate(SHELF_CLEAR)
    page.locator("#stats-back").click()
    open_stats(page)
    expect(page.locator(".stats-empty")).to_be_visible()
    page.locator("#stats-file").set_input_files(str(path))
    expect(page.locator("#stats-result")).to_contain_text("Imported: 5 new games (5 in all).")
    expect(page.locator("#stats-result")).to_contain_text("game in progress is back")
    wait_stats(page)
    assert figures(page) == before
    assert history.loads(shelf_text(page))["records"] == kept["records"]
    assert page.evaluate("() => localStorage.getItem('wizard.save')") == exported["current"]["game"]
    page.locator("#stats-file").set_input_files(str(path))  # again: nothing new
    expect(page.locator("#stats-result")).to_contain_text("Imported: 0 new games (5 in all).")

    # A damaged file is refused whole, with its reason; nothing changes.
    stored = shelf_text(page)
    damaged = json.loads(path.read_text())
    damaged["records"][1]["totals"][0] += 10
    bad = tmp_path / "damaged.json"
    bad.write_text(json.dumps(damaged))
    page.locator("#stats-file").set_input_files(str(bad))
    expect(page.locator("#stats-error")).to_have_text(
        "Nothing was imported: its game 2 cannot be read: its field “totals” is damaged.")
    assert shelf_text(page) == stored

    # Reset asks first.
    page.locator("#stats-reset").click()
    page.locator("#stats-reset-cancel").click()
    assert shelf_text(page) == stored
    page.locator("#stats-reset").click()
    page.locator("#stats-reset-confirm").click()
    expect(page.locator(".stats-empty")).to_be_visible()
    assert shelf_text(page) is None
    assert not watch.errors, watch.errors
    print(f"the test took {time.perf_counter() - started:.1f} s")


FILL_STORAGE = """() => {
  // Fill the site's storage to the brim (halving the chunk each time it no longer fits).
  let chunk = "x".repeat(1 << 20);
  for (let n = 0; chunk.length > 0; n++) {
    try {
      localStorage.setItem(`filler.${n}`, chunk);
    } catch {
      chunk = chunk.slice(Math.ceil(chunk.length / 2));
    }
  }
}"""
EMPTY_FILLER = """() => Object.keys(localStorage).filter((k) => k.startsWith("filler."))
  .forEach((k) => localStorage.removeItem(k))"""
# IndexedDB's quota is a share of the disk: too much to fill in a test. Its writes are refused instead.
REFUSE_WRITES = """() => {
  window.keptPut = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = () => {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
}"""
ALLOW_WRITES = "() => { IDBObjectStore.prototype.put = window.keptPut; }"
NO_INDEXEDDB = "Object.defineProperty(window, 'indexedDB', { value: undefined });"  # as in some private modes


def stored(page: Page, shelf: str, key: str = "wizard.history") -> str | None:
    """The text kept under `key` where the page keeps its history (`shelf`: "indexeddb" or "local")."""
    return shelf_text(page, key) if shelf == "indexeddb" else page.evaluate("(key) => localStorage.getItem(key)", key)


def aside_key(page: Page, shelf: str) -> str | None:
    keys = shelf_keys(page) if shelf == "indexeddb" else page.evaluate("() => Object.keys(localStorage)")
    return next((key for key in keys if key.startswith("wizard.unreadable-history.")), None)


@pytest.mark.parametrize("shelf", ["indexeddb", "local"])
def test_a_damaged_history_is_kept_aside_and_a_full_storage_is_reported(page: Page, watch: Watch, shelf: str) -> None:
    """A history of a newer version (left by the version before IndexedDB, in localStorage) is
    kept aside whole; then storage refuses the history: it stays in memory, and says so. Where
    IndexedDB is missing, localStorage keeps the history as before."""
    if shelf == "local":
        page.add_init_script(NO_INDEXEDDB)
    newer = json.dumps({**history.new_document(), "version": history.HISTORY_VERSION + 1})
    page.add_init_script(f"""if (!sessionStorage.getItem("seeded")) {{
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem("wizard.history", {json.dumps(newer)});
    }}""")
    page.goto("./")
    Player(page).wait_table_ready()
    open_stats(page)
    alert = page.locator("#history-alert")
    expect(alert).to_contain_text("Your stored history could not be read (it was saved in format 2")
    key = aside_key(page, shelf)
    assert key and key in alert.inner_text() and stored(page, shelf, key) == newer
    assert stored(page, shelf) is None and page.evaluate(OLD_STORED) is None
    expect(page.locator(".stats-empty")).to_be_visible()
    # A full storage: the finished game stays in memory for this visit, the saved game is untouched.
    page.evaluate("(save) => localStorage.setItem('wizard.save', save)", "kept as it is")
    if shelf == "indexeddb":  # (refused there, the history would go to localStorage: full too)
        page.evaluate(REFUSE_WRITES)
    page.evaluate(FILL_STORAGE)
    sealed = engine_game([("You", None), ("Hal", "hard"), ("Eve", "easy")], 3, "full")
    page.evaluate(FINISHED, {"kind": "game", "save": sealed})
    expect(alert).to_contain_text("this browser's storage is full")
    assert page.evaluate("() => localStorage.getItem('wizard.save')") == "kept as it is"
    page.locator("#stats-back").click()
    open_stats(page)
    expect(page.locator(".stats-game")).to_have_count(1)  # (from memory)
    with page.expect_download() as download:
        page.locator("#stats-export").click()
    assert [r["id"] for r in history.loads(Path(download.value.path()).read_text())["records"]] == ["full"]
    # Room again: the next change stores it, and the notice goes.
    page.evaluate(EMPTY_FILLER)
    if shelf == "indexeddb":
        page.evaluate(ALLOW_WRITES)
    another = engine_game([("You", None), ("Bo", "easy"), ("Cy", "easy")], 4, "room")
    page.evaluate(FINISHED, {"kind": "game", "save": another})
    expect(alert).to_be_hidden()
    assert len(json.loads(stored(page, shelf) or "null")["records"]) == 2
    assert not watch.errors, watch.errors


def test_one_damaged_game_is_set_aside_and_the_others_stay(page: Page, watch: Watch, tmp_path: Path) -> None:
    """Issue 32 (2, 3): a stored history of four games, one with a wrong total and another whose
    review does not replay: each is set aside alone (kept under its own key, named in the
    notice), the statistics count the rest, and the export imports. The history is the one
    the version before IndexedDB left in localStorage: moved over as it was, then checked."""
    from tests.test_history import bot_games, the_game_with_a_bad_move

    data = json.loads(history.dumps(bot_games(4)))
    data["records"][1]["totals"][0] += 10
    data["saves"]["game2"] = the_game_with_a_bad_move(3, "game2")
    damaged = json.dumps(data)
    page.add_init_script(f"""if (!sessionStorage.getItem("seeded")) {{
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem("wizard.history", {json.dumps(damaged)});
    }}""")
    page.goto("./")
    Player(page).wait_table_ready()
    open_stats(page)
    assert figures(page)["Games played"] == "3"
    expect(page.locator(".stats-game")).to_have_count(3)
    alert = page.locator("#history-alert")
    expect(alert).to_contain_text("2 damaged parts of your history were set aside")
    items = alert.locator("li")
    expect(items).to_have_count(2)
    shown = [text.replace("\u2068", "").replace("\u2069", "") for text in items.all_inner_texts()]  # (isolated names)
    assert shown[0].startswith("the game of ") and shown[0].endswith("(Me, B, C): its field “totals” is damaged")
    assert shown[1].startswith("the review of the game of ") and "(Me, B, C): its saved game game2 cannot" in shown[1]
    key = aside_key(page, "indexeddb")
    assert key and key in alert.inner_text()
    aside = json.loads(shelf_text(page, key) or "null")
    assert aside["records"] == [data["records"][1]] and sorted(aside["saves"]) == ["game1", "game2"]
    assert [r["id"] for r in history.loads(shelf_text(page))["records"]] == ["game0", "game2", "game3"]
    assert page.evaluate(OLD_STORED) is None  # (moved to IndexedDB, then checked there)
    # The export holds only what an import takes.
    with page.expect_download() as download:
        page.locator("#stats-export").click()
    exported = history.loads(Path(download.value.path()).read_text())
    assert [r["id"] for r in exported["records"]] == ["game0", "game2", "game3"] and sorted(exported["saves"]) == \
        ["game0", "game3"]
    assert not watch.errors, watch.errors


# --- Issue 32 (1): the history in IndexedDB -----------------------------------------------------

def seed_old_history(page: Page, text: str) -> None:
    """The history where the version before IndexedDB kept it, once a session."""
    page.add_init_script(f"""if (!sessionStorage.getItem("old-history")) {{
      sessionStorage.setItem("old-history", "1");
      localStorage.setItem("wizard.history", {json.dumps(text)});
    }}""")


def test_a_history_in_localstorage_moves_to_indexeddb_and_a_later_one_is_merged(page: Page, watch: Watch) -> None:
    from tests.test_history import bot_games

    games = json.loads(history.dumps(bot_games(4)))
    first = {**games, "records": games["records"][:2], "saves": {k: games["saves"][k] for k in ("game0", "game1")}}
    seed_old_history(page, json.dumps(first))
    page.goto("./")
    Player(page).wait_table_ready()
    wait_history(page, "history?.records.length === 2")
    assert shelf_text(page) == json.dumps(first) and page.evaluate(OLD_STORED) is None  # moved as it was
    open_stats(page)
    assert figures(page)["Games played"] == "2"
    # A tab of the older version, still open, kept writing to localStorage: its games join on the next load.
    later = {**games, "records": games["records"][2:], "saves": {k: games["saves"][k] for k in ("game2", "game3")}}
    page.evaluate("(text) => localStorage.setItem('wizard.history', text)", json.dumps(later))
    page.reload()
    Player(page).wait_table_ready()
    wait_history(page, "history?.records.length === 4", timeout=60_000)
    assert page.evaluate(OLD_STORED) is None
    kept = history.loads(shelf_text(page))
    assert [r["id"] for r in kept["records"]] == ["game0", "game1", "game2", "game3"] and len(kept["saves"]) == 4
    assert not watch.errors, watch.errors


def big_history(count: int) -> str:
    """`count` games of a score pad (4 players, 15 rounds, long names): about 1,200 characters each."""
    from tests.test_history import known_games

    base = known_games()[0]
    base["players"] = [{**p, "name": p["name"] + "x" * 29} for p in base["players"]]
    dates = [f"2025-{1 + n // 672 % 12:02d}-{1 + n // 24 % 28:02d}T{n % 24:02d}:00:00Z" for n in range(count)]
    records = [{**base, "id": f"big{n}", "date": date} for n, date in enumerate(dates)]
    return json.dumps({**history.new_document(), "records": records})


def test_a_history_larger_than_localstorage_holds_is_kept_across_a_reload(page: Page, watch: Watch,
                                                                          tmp_path: Path) -> None:
    """6,000 games: over 6 M characters, beyond what localStorage holds for the site; IndexedDB keeps them."""
    path = tmp_path / "big.json"
    path.write_text(big_history(6000))
    page.goto("./")
    Player(page).wait_table_ready()
    open_stats(page)
    page.locator("#stats-file").set_input_files(str(path))
    expect(page.locator("#stats-result")).to_contain_text("Imported: 6000 new games", timeout=180_000)
    expect(page.locator("#history-alert")).to_be_hidden()
    page.reload()
    Player(page).wait_table_ready()
    open_stats(page)
    assert figures(page)["Games played"] == "6000"
    assert len(shelf_text(page) or "") > 6_000_000 and page.evaluate(OLD_STORED) is None
    assert not watch.errors, watch.errors


NO_CHANNEL = "delete window.BroadcastChannel;"  # as in older browsers: storage events tell instead


@pytest.mark.parametrize("channel", [True, False])
def test_two_pages_see_each_others_new_games(context: BrowserContext, channel: bool) -> None:
    if not channel:
        context.add_init_script(NO_CHANNEL)
    pages = [context.new_page(), context.new_page()]
    for page in pages:
        page.goto("./")
        Player(page).wait_table_ready()
        open_stats(page)
        expect(page.locator(".stats-empty")).to_be_visible()
    for n, (page, other) in enumerate([pages, pages[::-1]], start=1):
        sealed = engine_game([("You", None), ("Hal", "hard"), ("Eve", "easy")], n, f"tab{n}")
        page.evaluate(FINISHED, {"kind": "game", "save": sealed})
        expect(other.locator(".stats-game")).to_have_count(n, timeout=30_000)  # (the other page drew it again)


# --- Issue 42 (6): special-card games, compared deck by deck ------------------------------------

def special_game(specials: str, seed: int, game_id: str) -> str:
    """A finished game with ``specials``, sealed as the page will keep it, by random moves under CPython."""
    config = GameConfig((Seat("You", None), Seat("Hal", "hard"), Seat("Eve", "easy")), Options(specials=specials), seed)
    return save.seal(random_game(config, seed), save.Tag(game_id, 10_000))


def deck_choices(page: Page) -> list[str]:
    return page.locator("#stats-deck option").all_inner_texts()


def test_special_card_games_are_counted_deck_by_deck(page: Page, watch: Watch) -> None:
    """A history of the original box reads as before; games with special cards add the choice of
    deck (each kind counted alone, first the deck played last) and a badge on each special game."""
    from tests.test_history import known_games

    seed_old_history(page, history.dumps({**history.new_document(), "records": known_games()}))
    page.goto("./")
    Player(page).wait_table_ready()
    open_stats(page)
    expect(page.locator("#stats-deck-field")).to_be_hidden()
    before = figures(page)
    assert before["Games played"] == "3" and page.locator(".deck-badge").count() == 0
    for detail in ({"kind": "game", "save": special_game("2026", 4, "box2026")},
                   {"kind": "game", "save": special_game("Bomb,Cloud", 5, "bombcloud")}):
        page.evaluate(FINISHED, detail)
    wait_history(page, "history.records.length === 5")
    kept = history.loads(shelf_text(page))["records"]
    page.locator("#stats-back").click()
    open_stats(page)
    # Opened again: the deck of the game played last, the others to choose from.
    expect(page.locator("#stats-deck-field")).to_be_visible()
    assert page.locator("#stats-deck").input_value() == "other" and statistics(kept)["deck"] == "other"
    assert figures(page)["Games played"] == "1"
    assert deck_choices(page) == ["original box, no special cards (3)", "2026 box, 30 years (1)",
                                  "other special cards (1)"]
    badges = page.locator(".stats-game .deck-badge")
    assert badges.all_inner_texts() == ["other special cards", "2026 box, 30 years"]  # (newest first)
    # The original box: as before. The 2026 box alone: its figures, its bids by the cards dealt.
    page.locator("#stats-deck").select_option("base")
    wait_stats(page)
    assert figures(page) == before
    boxed = statistics(kept, deck="2026")
    page.locator("#stats-deck").select_option("2026")
    wait_stats(page)
    assert figures(page)["Games played"] == "1"
    assert figures(page)["Bids made"].startswith(f"{boxed['made']} of {boxed['bids']} ")
    assert [[int(n) for n in row[1:]] for row in chart_rows(page, "Bids by cards in hand")] == \
        [[c["bids"], c["made"], c["over"], c["under"]] for c in boxed["by_cards"]]
    assert not watch.errors, watch.errors
