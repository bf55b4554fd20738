"""Issue 38, finding 1: the page starts on any origin a static page can be served from.

Over plain http on a host that is not localhost (a phone opening a computer's LAN address, an
intranet server) the page is not a secure context: no crypto.subtle, no Cache Storage, no
service worker, no Web Locks. The game must start and play there all the same (without the
memory snapshot, which needs Cache Storage). Chromium maps a made-up name to the test server
(--host-resolver-rules), so the page is on http://wizard.test:PORT/, an insecure origin.
"""
from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserType, Page
from sitetools import CHROMIUM_ARGS, Watch, wait_ready
from tabletools import Player

HOST = "wizard.test"


def insecure_url(site_url: str) -> str:
    """The site's URL under a name that maps to 127.0.0.1: an insecure origin."""
    return f"http://{HOST}:{urlsplit(site_url).port}/"


@pytest.fixture
def insecure_browser(browser_type: BrowserType, browser_type_launch_args: dict) -> Iterator[Browser]:
    args = [*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1"]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    yield browser
    browser.close()


@pytest.fixture
def insecure_page(insecure_browser: Browser, site_url: str) -> Iterator[Page]:
    context = insecure_browser.new_context(base_url=insecure_url(site_url), locale="en-US",
                                           reduced_motion="reduce")
    yield context.new_page()
    context.close()


@pytest.mark.cold
def test_the_page_starts_and_plays_on_an_insecure_origin(insecure_page: Page) -> None:
    page = insecure_page
    watch = Watch(page)
    player = Player(page)
    player.open(seed=5)
    wait_ready(page)
    assert page.evaluate("window.isSecureContext") is False
    assert page.evaluate("typeof crypto.subtle") == "undefined"  # what broke the worker's start
    player.new_game(players=3, level="random")
    # Bids and cards of the first round, then its summary.
    assert player.play_until(lambda state: state == "round") == "round"
    assert player.round_number() == 1
    player.next_round()
    player.wait_for("turn")
    assert page.get_attribute("html", "data-engine-snapshot") == "none"
    assert page.get_attribute("html", "data-snapshot") is None  # none attempted: no Cache Storage here
    assert page.get_attribute("html", "data-offline") == "unsupported"

    # A return visit resumes the game (the save kept in localStorage) and plays on.
    page.reload()
    wait_ready(page)
    player.resume()
    player.wait_for("turn")
    assert player.round_number() == 2
    player.choose_first()
    assert player.play_until(lambda state: state == "round") == "round"
    assert not watch.errors
