"""The site in WebKit (issue 31): WebKitGTK's MiniBrowser boots it and plays a short game at a
phone's size.

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

import pytest
from drivetools import PHONE, TURN_S, new_game, open_table, play_until, text, wait_attribute, wait_ready
from sitetools import build, serve
from webdriver import WebKit


def minibrowser_path() -> str:
    """$WIZARD_WEBKIT, else MiniBrowser when WebKitWebDriver and Xvfb are there; fails (not skips)."""
    path = os.environ.get("WIZARD_WEBKIT") or build.system_webkit()
    if not path or not (shutil.which("WebKitWebDriver") and shutil.which("Xvfb")):
        pytest.fail(f"WebKit: not tested ({build.WEBKIT_ADVICE})", pytrace=False)
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


def test_a_short_game_at_a_phones_size(webkit: WebKit, url: str, site: Path) -> None:
    webkit.navigate(url)
    wait_ready(webkit)
    version = webkit.evaluate("""import(new URL('engine/engine.js', document.baseURI).href)
                                 .then(({ startEngine }) => startEngine().call('ping'))""")["version"]
    assert version == build.wheel_version(site)
    webkit.set_viewport(*PHONE)  # (MiniBrowser's window is not narrower than about 450 pixels)
    assert webkit.evaluate("innerWidth") <= 640, "wider than a phone (40rem)"
    open_table(webkit, url, seed=4)
    new_game(webkit, players=6)  # ten rounds
    webkit.wait_for("!document.getElementById('table').hidden", TURN_S, "the table")
    assert webkit.evaluate("getComputedStyle(document.getElementById('me')).position") == "fixed"  # the phone's dock
    assert play_until(webkit, "final") == 10 + sum(range(1, 11))
    assert "Final standings" in text(webkit, "#final-title")
    wait_attribute(webkit, "offline", "ready")
