"""Issue 38, finding 5: the history says what it does with what it cannot keep.

An older history left in localStorage (a tab of the version before IndexedDB wrote it after
the move) that cannot be merged as it is: its damaged parts are set aside and named, as on
the first move, and the rest is merged (it was ignored with a console warning on every load).
And before the history's most records (10,000) is reached, the player is told that each new
game will replace the oldest, and that an export keeps them all.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from playwright.sync_api import Page, expect
from sitetools import SHELF_GET_JS, Watch, shelf_keys, shelf_text, wait_history
from tabletools import Player
from test_stats import FINISHED, OLD_STORED, big_history, engine_game, seed_old_history

from wizard_engine.records import history

SHOTS = Path(os.environ.get("WIZARD_SHOTS", "/tmp"))  # where the notices' screenshots go, to be looked at
# Puts `text` under the shelf's history key (web/stats/shelf.js: IndexedDB "wizard", store "history").
SHELF_PUT_JS = """async (text) => {
  const db = await new Promise((resolve) => { indexedDB.open("wizard").onsuccess = (e) => resolve(e.target.result); });
  const transaction = db.transaction("history", "readwrite");
  transaction.objectStore("history").put(text, "wizard.history");
  await new Promise((resolve) => { transaction.oncomplete = resolve; });
  db.close();
}"""


def test_an_older_history_that_cannot_be_merged_is_set_aside_part_by_part(page: Page, watch: Watch) -> None:
    from tests.test_history import bot_games

    games = json.loads(history.dumps(bot_games(4)))
    first = {**games, "records": games["records"][:1], "saves": {"game0": games["saves"]["game0"]}}
    seed_old_history(page, json.dumps(first))
    page.goto("./")
    Player(page).wait_table_ready()
    wait_history(page, "history?.records.length === 1")  # moved to IndexedDB
    # A tab of the older version wrote three more games to localStorage, one of them damaged.
    saves = {key: games["saves"][key] for key in ("game1", "game2", "game3")}
    later = {**games, "records": games["records"][1:], "saves": saves}
    later["records"][1]["totals"][0] += 10  # game2
    page.evaluate("(text) => localStorage.setItem('wizard.history', text)", json.dumps(later))
    page.reload()
    Player(page).wait_table_ready()
    wait_history(page, "history?.records.length === 3", timeout=60_000)
    assert [r["id"] for r in history.loads(shelf_text(page))["records"]] == ["game0", "game1", "game3"]
    assert page.evaluate(OLD_STORED) is None
    alert = page.locator("#history-alert")
    expect(alert).to_contain_text("One damaged part of your history was set aside")
    expect(alert.locator("li")).to_have_count(1)
    assert "its field “totals” is damaged" in alert.inner_text()
    key = next(key for key in shelf_keys(page) if key.startswith("wizard.unreadable-history."))
    assert key in alert.inner_text()
    assert [r["id"] for r in json.loads(shelf_text(page, key) or "null")["records"]] == ["game2"]
    page.screenshot(path=str(SHOTS / "aside-desktop.png"))
    assert not watch.errors, watch.errors


def test_the_player_is_told_before_the_oldest_game_would_be_dropped(page: Page, watch: Watch) -> None:
    page.goto("./")
    Player(page).wait_table_ready()
    page.evaluate(SHELF_PUT_JS, big_history(9_950))
    sealed = engine_game([("You", None), ("Hal", "hard"), ("Eve", "easy")], 5, "near")
    page.evaluate(FINISHED, {"kind": "game", "save": sealed})
    alert = page.locator("#history-alert")
    expect(alert).to_contain_text("Your history holds 9,951 games, and keeps 10,000 at most", timeout=300_000)
    expect(alert).to_contain_text("Export your history")
    assert len(json.loads(page.evaluate(SHELF_GET_JS, "wizard.history"))["records"]) == 9_951  # none dropped yet
    page.screenshot(path=str(SHOTS / "filling-desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / "filling-phone.png"))
    assert not watch.errors, watch.errors

