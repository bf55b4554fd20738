"""`build.py lint` and `build.py test`: the tools, the browsers, then ruff, mypy, ESLint and pytest.

Standard library only: it runs before .venv exists, and installs it (tests/tools.py).
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from tests import browsers
from tests.tools import ROOT, ensure_venv, npm_ci

TEST_REQUIREMENTS = ROOT / "requirements-test.txt"
MAX_TEST_WORKERS = 4  # pytest-xdist workers: one per core, each with its own Chromium
LINT_PATHS = ("wizard_engine", "tests", "build.py", "conftest.py")
LINT_E2E = ("e2e", "bench")  # bench/ imports e2e/sitetools.py
ESLINT = ROOT / "tests" / "eslint"  # package.json and its lock file pin ESLint; eslint.config.js


def lint(python: str | None = None) -> int:
    """ruff, then mypy (configured in pyproject.toml), then ESLint over web/; 0 when all are clean."""
    python = python or str(ensure_venv(TEST_REQUIREMENTS))
    commands = [
        [python, "-m", "ruff", "check", *LINT_PATHS, *LINT_E2E],
        # Twice: e2e/conftest.py and the root's conftest.py would be one module name.
        [python, "-m", "mypy", *LINT_PATHS],
        [python, "-m", "mypy", *LINT_E2E],
        [str(npm_ci(ESLINT) / ".bin" / "eslint"), "--config", str(ESLINT / "eslint.config.js"),
         "--max-warnings", "0", "web"],
    ]
    failed = 0
    for command in commands:
        print("lint: $ " + " ".join(Path(command[0]).name if i == 0 else part for i, part in enumerate(command)),
              flush=True)
        failed |= subprocess.call(command, cwd=ROOT)
    print(f"lint: {'FAILED' if failed else 'clean'}", flush=True)
    return 1 if failed else 0


def test(pytest_args: Sequence[str], build: Callable[[Path], Path]) -> int:
    """Lint, then run every test: the engine under CPython, the Pyodide check, the browser tests.

    The site is built once here (by `build`, into the folder it is given) and named in
    $WIZARD_SITE for every pytest worker; the tests run in parallel (pytest-xdist, one worker
    per core up to four; `-n 0` turns it off). The browser tests run in Chromium (Playwright),
    Firefox (e2e/bidi.py) and WebKit (e2e/webdriver.py); a browser that cannot be had fails
    its tests and is named at the end: the run is not a pass then.
    """
    python = str(ensure_venv(TEST_REQUIREMENTS))
    linted = lint(python)
    (firefox, no_firefox), (webkit, no_webkit) = browsers.choose_firefox(), browsers.choose_webkit()
    env = {**os.environ, "WIZARD_CHROMIUM": browsers.choose_chromium(python), "WIZARD_FIREFOX": firefox,
           "WIZARD_WEBKIT": webkit, "PYTHONDONTWRITEBYTECODE": "1"}
    with tempfile.TemporaryDirectory(prefix="wizard-test-") as tmp:
        env["WIZARD_SITE"] = str(build(Path(tmp) / "dist"))
        tested = _pytest(python, ["tests", "e2e", *pytest_args], env)
    for browser, why in (("Firefox", no_firefox), ("WebKit", no_webkit)):
        if why:
            print(f"test: {browser}: not tested ({why})", file=sys.stderr)
    return _verdict(linted, tested) or (1 if no_firefox or no_webkit else 0)


def test_quick(pytest_args: Sequence[str]) -> int:
    """Lint, then the engine tests not marked slow: the edit-test loop (no site, no browser).

    $WIZARD_NO_SITE makes a test that asks for the site fail (conftest.py): mark it slow.
    """
    python = str(ensure_venv(TEST_REQUIREMENTS))
    linted = lint(python)
    tested = _pytest(python, ["tests", "-m", "not slow", *pytest_args],
                     {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "WIZARD_NO_SITE": "1"})
    return _verdict(linted, tested)


def _pytest(python: str, args: Sequence[str], env: dict[str, str]) -> int:
    workers = str(min(os.cpu_count() or 1, MAX_TEST_WORKERS))
    command = [python, "-m", "pytest", "-n", workers, "--dist", "worksteal", *args]  # a later -n wins
    print("test: $ " + " ".join(command), flush=True)
    return subprocess.call(command, cwd=ROOT, env=env)


def _verdict(linted: int, tested: int) -> int:
    if linted and not tested:
        print("test: the tests passed but lint failed (see above)", file=sys.stderr)
    return tested or linted
