"""Issue 38, findings 3 and 4: the engine's memory snapshot yields to the games, and cannot stick.

3. With storage short (a quota set through CDP), the snapshot and then the offline copy give up
   their room before a game is refused (web/stats/storage.js makeRoom).
4. A restored engine that fails fatally discards its snapshot, and the worker that takes over
   boots afresh (a worker crashed, and a snapshot whose memory is damaged inside a valid gzip);
   a snapshot the browser refused is not made again for the build (no third worker booted on
   every visit).
"""
from __future__ import annotations

import base64
import gzip
import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from sitetools import SHELF_GET_JS, Watch, wait_ready
from tabletools import Player
from test_snapshot import SNAPSHOT_STATE, SNAPSHOT_TIMEOUT_MS, _stored_key, _wait_made
from test_stats import OLD_STORED, big_history, open_stats

REFUSED_JS = "() => localStorage.getItem('wizard.snapshot-refused')"
# Resolves once the page has been idle twice (what engine.js waits for before making a snapshot).
IDLE_TWICE_JS = """async () => {
  for (let n = 0; n < 2; n++) await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 }));
}"""
ENGINE_JS = 'import(new URL("engine/engine.js", document.baseURI).href)'
# The worker dies as in a crash (engine.kill: a restored engine's damaged memory may fail any
# way); the call waiting on it times out and a fresh worker takes over. Resolves with the restarts.
CRASH_JS = f"""async () => {{
  const {{ startEngine }} = await {ENGINE_JS};
  const engine = startEngine();
  engine.callTimeoutMs = 3000;
  engine.kill();
  await engine.call("describe").catch(() => {{}});
  await engine.ready;
  return engine.restarts;
}}"""


def quota(page: Page, site_url: str, size: int) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": site_url.rstrip("/"), "quotaSize": size})


@pytest.mark.cold
def test_the_snapshot_then_the_offline_copy_make_room_for_the_games(
        page: Page, watch: Watch, site_url: str, tmp_path: Path) -> None:
    """Finding 3: a 20 MB quota, the offline copy (about 14 MB) and the snapshot (about 5 MB) stored:
    a 2,000-game import is kept (the snapshot gave up its room), and no snapshot comes back. (20 MB:
    at 21 MB the import came to fit beside the snapshot once the records grew leaner.)"""
    quota(page, site_url, 20_000_000)
    page.goto("./")
    wait_ready(page)
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=SNAPSHOT_TIMEOUT_MS)
    assert _wait_made(page) == "stored"
    path = tmp_path / "big.json"
    path.write_text(big_history(2000))
    open_stats(page)
    page.locator("#stats-file").set_input_files(str(path))
    expect(page.locator("#stats-result")).to_contain_text("Imported: 2000 new games", timeout=300_000)
    expect(page.locator("#stats-result")).not_to_contain_text("storage is full")
    expect(page.locator("#history-alert")).to_be_hidden()
    assert _stored_key(page) is None
    assert page.evaluate(REFUSED_JS)  # not made again for this build

    page.reload()
    Player(page).wait_table_ready()
    text = page.evaluate(SHELF_GET_JS, "wizard.history") or page.evaluate(OLD_STORED)
    assert len(json.loads(text)["records"]) == 2000
    assert page.evaluate(SNAPSHOT_STATE)["engine"] == "none"
    page.evaluate(IDLE_TWICE_JS)
    assert page.evaluate(SNAPSHOT_STATE)["made"] is None
    assert not watch.errors, watch.errors


@pytest.mark.cold
def test_a_restored_engine_that_fails_discards_its_snapshot(page: Page, watch: Watch) -> None:
    """Finding 4: a restored engine that fails (its memory may be damaged in a way the gzip's check
    and its first answers let through): the snapshot is discarded, the new worker boots afresh."""
    page.goto("./")
    wait_ready(page)
    assert _wait_made(page) == "stored"
    page.reload()
    wait_ready(page)
    assert page.evaluate(SNAPSHOT_STATE)["engine"] == "restored"
    assert page.evaluate(CRASH_JS) == 1  # (a fresh worker took over)
    assert page.evaluate(SNAPSHOT_STATE)["engine"] == "none"
    assert _stored_key(page) is None
    page.reload()  # and the next visit boots afresh too (then makes a new one)
    wait_ready(page)
    assert page.evaluate(SNAPSHOT_STATE)["engine"] == "none"
    assert _wait_made(page) == "stored"


# The stored snapshot: its key and its bytes (base64).
READ_SNAPSHOT_JS = """async () => {
  const cache = await caches.open("engine-snapshot");
  const response = await cache.match(new URL("engine/engine-snapshot", document.baseURI).href);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let text = "";
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return { key: response.headers.get("X-Snapshot-Key"), body: btoa(text) };
}"""
# Stores `body` (base64) as the snapshot under `key`. (Handed over whole: the site's service
# worker answers the page's fetches, out of a test's route.)
PUT_SNAPSHOT_JS = """async ([body, key]) => {
  const bytes = Uint8Array.from(atob(body), (char) => char.charCodeAt(0));
  await (await caches.open("engine-snapshot")).put(new URL("engine/engine-snapshot", document.baseURI).href,
    new Response(bytes, { headers: { "Content-Type": "application/octet-stream", "X-Snapshot-Key": key } }));
}"""
# A game's requests on the page's engine (a deal, the bots' moves, the coach's chances and review):
# the first one refused (null: none), and once a fresh worker has taken over, its snapshot and restarts.
REQUESTS_JS = f"""async () => {{
  const {{ startEngine }} = await {ENGINE_JS};
  const engine = startEngine();
  const players = [{{ name: "A", bot: "hard" }}, {{ name: "B", bot: "hard" }}, {{ name: "C", bot: "hard" }}];
  let failed = null;
  try {{
    let answer = await engine.call("new_game", {{ config: {{ seed: 7, players }} }});
    for (let n = 0; n < 12 && !answer.view.over; n++) answer = await engine.call("bot_step");
    await engine.call("chances", {{ save: answer.save }});
    await engine.call("review", {{ save: answer.save, seat: 0 }});
  }} catch (error) {{
    failed = error.message;
    await engine.ready;
  }}
  return {{ failed, snapshot: engine.snapshot, restarts: engine.restarts }};
}}"""
# What the snapshot's memory is damaged at: the type pointer of the Python string "classic" (the
# default theme, which the first deal reads and ping does not). Found by its object's layout on
# wasm32 (CPython 3.12+: refcount, type, length, hash, state, then the characters), so the damage
# lands on the same object in every build; random offsets (tried before) hit a spot that answers
# ping and fails later only in some builds. Reading the string's type then reads outside the
# memory: a fatal trap, as a damaged snapshot gives.
DAMAGED_TEXT = b"classic"


def damage_text_objects(memory: bytes, text: bytes) -> tuple[bytes, int]:
    """``memory`` with the type pointer of every string object holding ``text`` set to 0xffffffff;
    and how many were damaged."""
    data = bytearray(memory)
    chars = text + b"\0"
    length = len(text).to_bytes(4, "little")
    found, at = 0, data.find(chars)
    while at != -1:
        if at >= 16 and data[at - 12:at - 8] == length:
            data[at - 16:at - 12] = b"\xff" * 4
            found += 1
        at = data.find(chars, at + 1)
    return bytes(data), found


def test_a_snapshot_damaged_inside_a_valid_gzip_is_discarded_when_a_request_fails(page: Page) -> None:
    """Finding 4: memory damaged inside a valid gzip restores and answers ping, but a later request
    fails fatally: the snapshot is discarded, a fresh worker boots afresh, and the game goes on."""
    page.goto("./")
    wait_ready(page)
    stored = page.evaluate(READ_SNAPSHOT_JS)
    memory = gzip.decompress(base64.b64decode(stored["body"]))
    damaged, found = damage_text_objects(memory, DAMAGED_TEXT)
    assert found, "no string object of the default theme in the snapshot's memory"
    page.evaluate(PUT_SNAPSHOT_JS, [base64.b64encode(gzip.compress(damaged, 1)).decode(), stored["key"]])
    page.reload()
    wait_ready(page)
    tried = (found, page.evaluate(SNAPSHOT_STATE)["engine"])
    assert tried[1] == "restored", tried  # it answered ping
    answered = page.evaluate(REQUESTS_JS)
    assert answered["failed"], (tried, answered)  # a later request failed...
    assert answered == {"failed": answered["failed"], "snapshot": "none", "restarts": 1}, tried  # ...fatally
    assert page.evaluate(SNAPSHOT_STATE)["engine"] == "none"
    assert _stored_key(page) is None
    player = Player(page)  # the game goes on, on the fresh engine
    player.new_game(players=3, level="easy")
    player.play_until(lambda state: state == "turn")
    player.choose_first()
    player.play_until(lambda state: state == "turn")
    page.reload()  # and the next visit boots afresh
    wait_ready(page)
    assert page.evaluate(SNAPSHOT_STATE)["engine"] == "none"


@pytest.mark.cold
def test_a_refused_snapshot_is_not_made_again_on_every_visit(page: Page, watch: Watch, site_url: str) -> None:
    """Finding 4: storage refuses the snapshot (a 1 MB quota): the next visit boots no third worker."""
    quota(page, site_url, 1_000_000)
    page.goto("./")
    wait_ready(page)
    assert _wait_made(page) == "failed"
    page.reload()
    wait_ready(page)
    page.evaluate(f"async () => {{ const {{ startCoach }} = await {ENGINE_JS}; await startCoach().ready; }}")
    page.evaluate(IDLE_TWICE_JS)
    assert page.evaluate(SNAPSHOT_STATE) == {"made": None, "engine": "none", "coach": "none"}
    assert not watch.errors, watch.errors
