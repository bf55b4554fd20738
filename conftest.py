"""Fixtures shared by tests/ and e2e/: the site, built once for the whole test run.

`python3 build.py test` builds the site once before pytest starts and names it in
$WIZARD_SITE, so every pytest worker (`-n`) uses that one build; a bare `pytest` run
builds it once per session, on first use. `test --quick` sets $WIZARD_NO_SITE: the quick
tier builds nothing, so a test there that needs the site fails, asking to be marked slow.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

import build


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site (read-only: a test that changes files uses a copy)."""
    if given := os.environ.get("WIZARD_SITE"):
        return Path(given)
    if os.environ.get("WIZARD_NO_SITE"):
        pytest.fail("the quick tier builds no site: mark this test slow", pytrace=False)
    try:
        return build.build(tmp_path_factory.mktemp("site") / "dist")
    except build.BuildError as error:
        pytest.exit(f"build.py failed: {error}", returncode=3)
