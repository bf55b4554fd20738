"""The three browsers of the browser tests, found or installed (standard library only).

Chromium is driven by Playwright (e2e/sitetools.py): Playwright's own, downloaded if need
be, else the system's. Firefox (over WebDriver BiDi, e2e/bidi.py) and WebKit (WebKitGTK's
MiniBrowser under Xvfb, e2e/webdriver.py): named in $WIZARD_FIREFOX / $WIZARD_WEBKIT, else
found on PATH, else installed from Debian's packages when run as root with apt-get.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from tests.tools import CACHE, BuildError, apt_install, is_root, step, venv_python

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
PLAYWRIGHT_INSTALL_TIMEOUT_S = 600  # a real download is ~170 MB; offline it fails in seconds
PLAYWRIGHT_RETRY_S = 24 * 3600  # after a failed download, use the system's Chromium for a day


# --- Chromium (driven by Playwright) -------------------------------------------------

def playwright_chromium(python: str = sys.executable) -> str | None:
    """The path of Playwright's own Chromium if it is installed, else None."""
    code = ("from playwright.sync_api import sync_playwright\n"
            "with sync_playwright() as p: print(p.chromium.executable_path)")
    try:
        result = subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    path = result.stdout.strip()
    return path if result.returncode == 0 and path and Path(path).exists() else None


def system_chromium() -> str | None:
    """A Chromium (or Chrome) on PATH, else None."""
    for name in CHROMIUM_NAMES:
        if found := shutil.which(name):
            return found
    return None


def install_playwright_chromium(python: str) -> bool:
    """Try `playwright install chromium` (a download from Playwright's servers); True if it worked.

    Quiet, and bounded: without internet it fails within seconds. A failure is remembered
    for a day in .cache/, so an offline machine does not retry on every run.
    """
    failed = CACHE / "playwright-download-failed"
    if failed.exists() and time.time() - failed.stat().st_mtime < PLAYWRIGHT_RETRY_S:
        return False
    print("test: downloading Playwright's Chromium (playwright install chromium)", flush=True)
    env = {**os.environ, "PLAYWRIGHT_DOWNLOAD_CONNECTION_TIMEOUT": "15000"}  # ms, per connection
    try:
        result = subprocess.run([python, "-m", "playwright", "install", "chromium"], capture_output=True,
                                text=True, env=env, timeout=PLAYWRIGHT_INSTALL_TIMEOUT_S)
        ok = result.returncode == 0 and playwright_chromium(python) is not None
    except (OSError, subprocess.TimeoutExpired):
        ok = False
    if ok:
        failed.unlink(missing_ok=True)
    else:
        failed.parent.mkdir(parents=True, exist_ok=True)
        failed.touch()
        print("test: the download failed (no internet?); trying the system's Chromium", flush=True)
    return ok


def choose_chromium(python: str) -> str:
    """'' for Playwright's own Chromium (downloaded if need be), else a system Chromium's path.

    Playwright's own browser matches its version; without internet, a system Chromium
    (on Debian, as root, the `chromium` package is installed), else advice.
    """
    if playwright_chromium(python) or install_playwright_chromium(python):
        print("test: using Playwright's Chromium", flush=True)
        return ""
    if found := system_chromium():
        print(f"test: using {found}", flush=True)
        return found
    if is_root() and shutil.which("apt-get"):
        with step("install Debian's chromium (apt-get)"):
            apt_install("chromium")
        if found := system_chromium():
            return found
    raise BuildError(
        "no Chromium found for the browser tests: install one, e.g. "
        f"`{venv_python()} -m playwright install chromium` (needs internet) or "
        "`sudo apt-get install chromium` (Debian/Ubuntu)"
    )


# --- Firefox (driven over WebDriver BiDi by e2e/bidi.py) ------------------------------

FIREFOX_NAMES = ("firefox-esr", "firefox")
FIREFOX_ADVICE = ("no Firefox found: install one, e.g. `sudo apt-get install firefox-esr` (Debian/Ubuntu), "
                  "or name it in $WIZARD_FIREFOX")


def system_firefox() -> str | None:
    """A Firefox on PATH, else None."""
    for name in FIREFOX_NAMES:
        if found := shutil.which(name):
            return found
    return None


def choose_firefox() -> tuple[str, str]:
    """(path, '') of the Firefox for the browser tests, else ('', why not).

    $WIZARD_FIREFOX, else one on PATH, else (as root, on Debian) `apt-get install firefox-esr`.
    Without one the run goes on: e2e/test_firefox.py's tests then fail saying what to
    install, and the run ends saying Firefox was not tested, with a non-zero status
    (see tests/runner.py's test()).
    """
    return _choose_browser("Firefox", "WIZARD_FIREFOX", system_firefox, ("firefox-esr",), FIREFOX_ADVICE)


def _choose_browser(name: str, variable: str, find: Callable[[], str | None], packages: Sequence[str],
                    advice: str) -> tuple[str, str]:
    """(path, '') of browser `name`: $`variable`, else `find()`, else (as root, with apt-get)
    after installing Debian's `packages`; else ('', why not)."""
    if given := os.environ.get(variable):
        return given, ""
    if found := find():
        print(f"test: {name}: using {found}", flush=True)
        return found, ""
    if is_root() and shutil.which("apt-get"):
        try:
            with step(f"install Debian's {' and '.join(packages)} (apt-get)"):
                apt_install(*packages)
        except BuildError as error:
            return "", f"{advice} ({error})"
        if found := find():
            return found, ""
    return "", advice


# --- WebKit (WebKitGTK's MiniBrowser under Xvfb, driven by e2e/webdriver.py) -----------------

WEBKIT_PACKAGES = ("webkit2gtk-driver", "xvfb")
WEBKIT_ADVICE = ("no WebKit found: install WebKitGTK's driver and Xvfb, e.g. "
                 "`sudo apt-get install webkit2gtk-driver xvfb` (Debian/Ubuntu), or name MiniBrowser in $WIZARD_WEBKIT")


def system_webkit() -> str | None:
    """WebKitGTK's MiniBrowser when it can be driven here (WebKitWebDriver and Xvfb on PATH), else None."""
    if not (shutil.which("WebKitWebDriver") and shutil.which("Xvfb")):
        return None
    for pattern in ("/usr/lib/*/webkit2gtk-4.1/MiniBrowser", "/usr/lib/*/webkit2gtk-4.0/MiniBrowser"):
        if found := sorted(Path("/").glob(pattern.lstrip("/"))):
            return str(found[-1])
    return None


def choose_webkit() -> tuple[str, str]:
    """(MiniBrowser's path, '') for the browser tests, else ('', why not): as choose_firefox."""
    return _choose_browser("WebKit", "WIZARD_WEBKIT", system_webkit, WEBKIT_PACKAGES, WEBKIT_ADVICE)
