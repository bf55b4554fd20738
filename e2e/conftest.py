"""Browser tests of the built site: pytest-playwright driving Chromium.

The session serves the site (built once for the run: the `site` fixture of the
repository's conftest.py) from a ThreadingHTTPServer on 127.0.0.1 at a free
port; `base_url` points there, so `page.goto("./")` opens the game. Helpers
live in sitetools.py.

Firefox and WebKit are driven without Playwright (whose own builds of them cannot be had
everywhere): test_firefox.py over WebDriver BiDi (bidi.py), test_webkit.py over classic
WebDriver (webdriver.py), both playing through drivetools.py; they use none of the fixtures
here but `site`.
"""
from __future__ import annotations

import base64
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from sitetools import CHROMIUM_ARGS, Watch, chromium_path, serve, wait_ready

SNAPSHOT_TIMEOUT_MS = 240_000  # a whole extra boot, on a busy 2-core machine


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    args = {**browser_type_launch_args, "args": CHROMIUM_ARGS}
    if path := chromium_path():
        args["executable_path"] = path
    return args


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """An English browser, whatever the machine's language: the page speaks the browser's language.

    It prefers reduced motion, so that no test waits for a card to fly (cards move at any pace
    but "instant" otherwise); test_motion.py's tests turn motion back on where they want it.
    """
    return {**browser_context_args, "locale": "en-US", "reduced_motion": "reduce"}


@pytest.fixture(scope="session")
def site_url(site: Path) -> Iterator[str]:
    with serve(site) as url:
        yield url


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    return site_url


@pytest.fixture
def site_copy(site: Path, tmp_path: Path) -> Path:
    """A copy of the built site that a test may change."""
    return Path(shutil.copytree(site, tmp_path / "dist"))


@pytest.fixture
def watch(page: Page) -> Watch:
    """Records the page's console errors, uncaught exceptions and requests."""
    return Watch(page)


# --- warm starts -------------------------------------------------------------------------
# A player opens a first visit once; every later visit boots the engine's workers from the
# memory snapshot the first one stored (web/engine/worker.js). So do the tests: every
# Chromium context opens with that snapshot in its Cache Storage (its storage otherwise
# fresh: no service worker, no game, no history), made once per pytest worker. A test of the
# first visit itself, of the snapshot's own paths or of the offline install is marked
# `cold` and opens a true first visit.

SNAPSHOT_CACHE = "engine-snapshot"  # worker.js's names
SNAPSHOT_PATH = "engine/engine-snapshot"
WARM_SEED_PATH = "warm-start-seed"  # answered by the test (route), never by the site
READ_SNAPSHOT_JS = """async ([cache, path]) => {
    const response = await (await caches.open(cache)).match(new URL(path, document.baseURI).href);
    if (!response) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    let text = "";
    for (let at = 0; at < bytes.length; at += 0x8000) {
        text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    }
    return { key: response.headers.get("X-Snapshot-Key"), body: btoa(text) };
}"""
PUT_SNAPSHOT_JS = """async ([cache, path, seed, key]) => {
    const body = await (await fetch(new URL(seed, document.baseURI))).blob();
    await (await caches.open(cache)).put(new URL(path, document.baseURI).href,
        new Response(body, { headers: { "Content-Type": "application/octet-stream", "X-Snapshot-Key": key } }));
}"""


@dataclass(frozen=True)
class Snapshot:
    key: str
    body: bytes


def make_snapshot(browser: Browser, site_url: str) -> Snapshot:
    """A first visit, until the page has stored its engine's snapshot; its key and bytes."""
    context = browser.new_context(base_url=site_url, service_workers="block")
    try:
        page = context.new_page()
        page.goto("./")
        wait_ready(page)
        page.wait_for_selector("html[data-snapshot=stored], html[data-snapshot=failed]",
                               state="attached", timeout=SNAPSHOT_TIMEOUT_MS)
        stored = page.evaluate(READ_SNAPSHOT_JS, [SNAPSHOT_CACHE, SNAPSHOT_PATH])
        assert stored, "the first visit stored no engine snapshot: the warm tests cannot start"
        return Snapshot(stored["key"], base64.b64decode(stored["body"]))
    finally:
        context.close()


def put_snapshot(context: BrowserContext, site_url: str, snapshot: Snapshot) -> None:
    """Store `snapshot` in the context's Cache Storage for the site's origin, as a first visit would."""
    page = context.new_page()
    seed = site_url + WARM_SEED_PATH
    page.route(seed, lambda route: route.fulfill(body=snapshot.body, content_type="application/octet-stream"))
    try:
        page.goto(site_url + "described.json")  # any page of the origin; this one loads nothing else
        page.evaluate(PUT_SNAPSHOT_JS, [SNAPSHOT_CACHE, SNAPSHOT_PATH, seed, snapshot.key])
    finally:
        page.close()


@pytest.fixture(scope="session")
def warm_snapshot(browser: Browser, site_url: str) -> Snapshot:
    return make_snapshot(browser, site_url)


@pytest.fixture(autouse=True)
def warm_start(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every Chromium context this test opens starts warm, unless the test is marked `cold`.

    Contexts come from pytest-playwright's fixtures and from tests calling
    browser.new_context() themselves: both go through the browser's new_context, wrapped here
    for the test's length.
    """
    if "browser" not in request.fixturenames or request.node.get_closest_marker("cold"):
        yield
        return
    browser: Browser = request.getfixturevalue("browser")
    site_url: str = request.getfixturevalue("site_url")
    snapshot: Snapshot = request.getfixturevalue("warm_snapshot")
    plain = browser.new_context

    def new_context(**kwargs) -> BrowserContext:
        context = plain(**kwargs)
        put_snapshot(context, site_url, snapshot)
        return context

    browser.new_context = new_context  # type: ignore[method-assign]
    try:
        yield
    finally:
        browser.new_context = plain  # type: ignore[method-assign]
