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

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page
from sitetools import CHROMIUM_ARGS, Watch, chromium_path, serve


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
