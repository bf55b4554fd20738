"""The site in WebKit (issue 31): WebKitGTK's MiniBrowser boots it, plays a whole game at a
phone's size and reviews it, and runs the whole-page checks of pagechecks.py (those of Firefox
too): the hint, pass-and-play, the score keeper, an offline reload, the history's move.

Driven over classic WebDriver (webdriver.py: WebKitWebDriver, MiniBrowser under Xvfb, from
Debian's `webkit2gtk-driver` and `xvfb`). $WIZARD_WEBKIT names MiniBrowser (`python3 build.py
test` finds or installs it), else Debian's. Without it (or Xvfb), these tests
fail saying what to install: a browser we could not test is reported, not skipped.
"""
from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pagechecks as checks
import pytest
from drivetools import PHONE, wait_attribute, wait_ready
from sitetools import serve
from webdriver import WebKit

from tests import browsers, runtime


def minibrowser_path() -> str:
    """$WIZARD_WEBKIT, else MiniBrowser when WebKitWebDriver and Xvfb are there; fails (not skips)."""
    path = os.environ.get("WIZARD_WEBKIT") or browsers.system_webkit()
    if not path or not (shutil.which("WebKitWebDriver") and shutil.which("Xvfb")):
        pytest.fail(f"WebKit: not tested ({browsers.WEBKIT_ADVICE})", pytrace=False)
    return path


@pytest.fixture(scope="module")
def url(site: Path) -> Iterator[str]:
    with serve(site) as root:
        yield root


@pytest.fixture
def webkit() -> Iterator[WebKit]:
    """A MiniBrowser of its own (fresh storage); no error reported by the page by the end."""
    with WebKit(minibrowser_path()) as browser:
        yield browser
        assert browser.collect_errors() == []


def test_a_challenge_link_at_a_phones_size_is_refused_when_damaged_and_its_whole_game_played_and_reviewed(
        webkit: WebKit, url: str, site: Path) -> None:
    webkit.navigate(url)
    wait_ready(webkit)
    version = webkit.evaluate("""import(new URL('engine/engine.js', document.baseURI).href)
                                 .then(({ startEngine }) => startEngine().call('ping'))""")["version"]
    assert version == runtime.wheel_version(site)
    wait_attribute(webkit, "offline", "ready")
    webkit.set_viewport(*PHONE)  # (MiniBrowser's window is not narrower than about 450 pixels)
    assert webkit.evaluate("innerWidth") <= 640, "wider than a phone (40rem)"
    checks.challenge_link(webkit, url)
    assert webkit.evaluate("getComputedStyle(document.getElementById('me')).position") == "fixed"  # the phone's dock
    checks.review_from_the_standings(webkit)


def test_the_hint_opens_and_the_coach_rates_a_move_on_a_phone(webkit: WebKit, url: str) -> None:
    checks.hint_on_a_phone(webkit, url)


def test_pass_and_play_hands_the_device_over_between_two_people_on_a_phone(webkit: WebKit, url: str) -> None:
    checks.pass_and_play_on_a_phone(webkit, url)


def test_the_score_keeper_takes_a_round(webkit: WebKit, url: str) -> None:
    checks.keeper_round(webkit, url)


def test_a_reload_with_the_server_gone_boots_from_the_service_worker(webkit: WebKit, site: Path,
                                                                      tmp_path: Path) -> None:
    checks.offline_reload(webkit, site, tmp_path)


def test_the_history_moves_to_indexeddb_and_the_statistics_read_it(webkit: WebKit, url: str) -> None:
    checks.history_moves_to_indexeddb(webkit, url)


def test_a_whole_game_with_the_30_year_boxs_special_cards_on_a_phone(webkit: WebKit, url: str) -> None:
    checks.special_game(webkit, url, phone=True)


def test_bidding_practice_deals_from_the_30_year_box_on_a_phone(webkit: WebKit, url: str) -> None:
    checks.practice_with_a_box_on_a_phone(webkit, url)


def test_a_pass_after_the_juggler_is_seen_moving(webkit: WebKit, url: str) -> None:
    checks.a_pass_is_seen_moving(webkit, url)
