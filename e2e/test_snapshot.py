"""Issue 28: a returning visit boots the engine from a memory snapshot (web/engine/worker.js).

The first visit makes one once the page is idle; the next boots the game's and the coach's
workers from it, and their engine answers as a fresh one. A snapshot of another build (key),
a damaged one, or storage that refuses it never breaks a boot: the engine boots afresh and
the page says nothing.
"""
from __future__ import annotations

import gzip
import hashlib
import os
from pathlib import Path

import pytest
from playwright.sync_api import Page
from sitetools import Watch, wait_ready

from tests import runtime

SNAPSHOT_TIMEOUT_MS = 240_000  # a whole extra boot, on a busy 2-core machine
FORMAT = "1"  # worker.js's SNAPSHOT_FORMAT
pytestmark = pytest.mark.cold  # the snapshot's own paths start from a first visit

SNAPSHOT_STATE = """() => {
    const data = document.documentElement.dataset;
    return { made: data.snapshot ?? null, engine: data.engineSnapshot ?? null, coach: data.coachSnapshot ?? null };
}"""

# The same requests on any engine: Hard and Expert bots deciding (the views but for the game's
# id, random for each game), then the coach's advice and chances on a given save (the coach
# seeds itself with the save's game id).
ANSWERS = """async (given) => {
    const { startEngine, startCoach } = await import(new URL("engine/engine.js", document.baseURI).href);
    const engine = startEngine();
    const players = [{ name: "You" }, { name: "E", bot: "expert" }, { name: "H", bot: "hard" }];
    let answer = await engine.call("new_game", { config: { seed: 2028, players } });
    const views = [];
    let turn = null;
    while (!answer.view.over && views.length < 40) {
        if (answer.view.bot_to_act) answer = await engine.call("bot_step");
        else {
            turn ??= answer.save;
            answer = await engine.call("act", { action: answer.view.legal[0] });
        }
        const { game, ...view } = answer.view;
        views.push(JSON.stringify(view));
    }
    const save = given ?? turn;
    const coach = startCoach();
    const advice = await coach.call("advise", { save, seat: 0 });
    const chances = await coach.call("chances", { save: answer.save });
    return { views, advice, chances: chances.rounds, save };
}"""


def _key(site: Path) -> str:
    """The key the worker stores its snapshot under (worker.js: snapshotKey)."""
    pins = (site / runtime.PYODIDE_DIR / runtime.INTEGRITY_NAME).read_text()
    return hashlib.sha256(f"{FORMAT}\n{pins}".encode()).hexdigest()


def _put_snapshot(page: Page, body: bytes, key: str) -> None:
    """Store `body` as the snapshot under `key`, from a page of the site's origin."""
    page.goto("./described.json")
    page.evaluate("""async ([bytes, key]) => {
        const cache = await caches.open("engine-snapshot");
        await cache.put(new URL("engine/engine-snapshot", document.baseURI).href,
                        new Response(new Uint8Array(bytes), { headers: { "X-Snapshot-Key": key } }));
    }""", [list(body), key])


def _stored_key(page: Page) -> str | None:
    return page.evaluate("""async () => {
        const cache = await caches.open("engine-snapshot");
        const response = await cache.match(new URL("engine/engine-snapshot", document.baseURI).href);
        return response?.headers.get("X-Snapshot-Key") ?? null;
    }""")


def _wait_made(page: Page) -> str:
    page.wait_for_selector("html[data-snapshot=stored], html[data-snapshot=failed]",
                           state="attached", timeout=SNAPSHOT_TIMEOUT_MS)
    return page.evaluate(SNAPSHOT_STATE)["made"]


def test_a_returning_visit_boots_from_the_snapshot_and_answers_as_a_fresh_engine(
        page: Page, watch: Watch, site: Path) -> None:
    page.goto("./")
    wait_ready(page)
    fresh = page.evaluate(ANSWERS, None)
    assert page.evaluate(SNAPSHOT_STATE)["engine"] == "none"
    assert _wait_made(page) == "stored"
    assert _stored_key(page) == _key(site)

    page.reload()
    wait_ready(page)
    restored = page.evaluate(ANSWERS, fresh["save"])
    state = page.evaluate(SNAPSHOT_STATE)
    assert state["engine"] == state["coach"] == "restored"
    assert state["made"] is None  # nothing to make: it was there
    assert restored == fresh
    assert len(fresh["views"]) == 40 and fresh["advice"]["advice"]["options"]
    assert not watch.errors


@pytest.mark.parametrize("kind", ["damaged", "not a snapshot", "another build"])
def test_a_damaged_or_stale_snapshot_is_discarded_and_the_engine_boots_afresh(
        page: Page, watch: Watch, site: Path, kind: str) -> None:
    body = os.urandom(1 << 16)
    if kind == "not a snapshot":
        body = gzip.compress(body)  # passes gzip's check; Pyodide refuses it
    _put_snapshot(page, body, "0" * 64 if kind == "another build" else _key(site))
    watch.errors.clear()  # the JSON page's favicon.ico: not found
    page.goto("./")
    wait_ready(page)
    assert page.evaluate(SNAPSHOT_STATE)["engine"] == "discarded"
    assert page.locator("[data-engine-alert]").count() == 0 or page.locator("[data-engine-alert]").is_hidden()
    result = page.evaluate("""async () => {
        const { startEngine } = await import(new URL("engine/engine.js", document.baseURI).href);
        return (await startEngine().call("new_game", { config: { seed: 1, players: [
            { name: "A", bot: "easy" }, { name: "B", bot: "easy" }, { name: "C", bot: "easy" }] } })).view.round;
    }""")
    assert result == 1
    if kind == "another build":  # and a new one replaces it
        assert _wait_made(page) == "stored" and _stored_key(page) == _key(site)
    assert not watch.errors


def test_storage_that_refuses_the_snapshot_never_breaks_a_boot(page: Page, watch: Watch, site_url: str) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": site_url.rstrip("/"), "quotaSize": 1_000_000})
    page.goto("./")
    wait_ready(page)
    assert _wait_made(page) == "failed"
    page.reload()
    wait_ready(page)
    assert page.evaluate(SNAPSHOT_STATE)["engine"] == "none"
    assert page.locator("[data-engine-alert]").count() == 0 or page.locator("[data-engine-alert]").is_hidden()
    assert not watch.errors


PARTS_JS = """() => Object.fromEntries([...document.querySelectorAll('#storage-list li')]
    .map((item) => [item.dataset.part, Number(item.dataset.bytes)]))"""
RECORDS_JS = """() => Object.fromEntries(Object.keys(localStorage).filter((key) => key.startsWith('wizard.'))
    .map((key) => [key, localStorage.getItem(key)]))"""


def test_the_statistics_page_counts_what_is_kept_and_clears_the_offline_data_only(
        page: Page, watch: Watch) -> None:
    page.goto("./")
    wait_ready(page)
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=SNAPSHOT_TIMEOUT_MS)
    assert _wait_made(page) == "stored"
    page.evaluate("localStorage.setItem('wizard.language', 'en')")  # a record of the person's
    records = page.evaluate(RECORDS_JS)

    page.get_by_role("button", name="Statistics and history").click()
    page.wait_for_function("() => document.querySelectorAll('#storage-list li').length === 3")
    counted = page.evaluate(PARTS_JS)
    assert counted["offline"] > 4_000_000 and counted["snapshot"] > 1_000_000 and counted["records"] > 0, counted
    assert "MB" in page.locator("#storage-list li[data-part=snapshot]").inner_text()

    page.get_by_role("button", name="Clear offline data").click()
    page.wait_for_function("() => document.getElementById('storage-result').textContent.includes('cleared')")
    after = page.evaluate(PARTS_JS)
    assert after["offline"] == after["snapshot"] == 0 and after["records"] > 0, after
    assert page.get_by_role("button", name="Clear offline data").is_disabled()
    assert page.evaluate("caches.keys()") == []
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then((all) => all.length)") == 0
    assert page.evaluate(RECORDS_JS) == records  # the person's records stay

    page.reload()  # boots as a first visit does, and caches the site again
    wait_ready(page)
    assert page.evaluate(SNAPSHOT_STATE)["engine"] == "none"
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=SNAPSHOT_TIMEOUT_MS)
    assert not watch.errors
