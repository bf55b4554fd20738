"""The site in Firefox (issue 31): it boots, plays a whole game, coaches, reviews, hands the
device over, keeps a score and reloads offline, without a console error.

Firefox is driven over WebDriver BiDi (bidi.py), not Playwright (whose own Firefox cannot
be had here): $WIZARD_FIREFOX names the browser (`python3 build.py test` finds or installs
one), else `firefox-esr` or `firefox` on PATH. Without one, these tests fail saying what to
install: a browser we could not test is reported, not skipped.

One Firefox per pytest worker; each test has a fresh user context (own storage, caches and
service workers). The page is driven as a person would: buttons found by role and name in
the browser's accessibility tree and clicked with the mouse, the form filled in by its labels.
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pagechecks as checks
import pytest
from bidi import Firefox
from drivetools import LAPTOP
from sitetools import serve

from tests import browsers


def firefox_path() -> str:
    """$WIZARD_FIREFOX, else a Firefox on PATH; fails (not skips) naming what to install."""
    path = os.environ.get("WIZARD_FIREFOX") or browsers.system_firefox()
    if not path:
        pytest.fail(f"Firefox: not tested ({browsers.FIREFOX_ADVICE})", pytrace=False)
    return path


@pytest.fixture(scope="module")
def firefox() -> Iterator[Firefox]:
    with Firefox(firefox_path()) as browser:
        yield browser


@pytest.fixture(scope="module")
def url(site: Path) -> Iterator[str]:
    with serve(site) as root:
        yield root


@pytest.fixture
def fx(firefox: Firefox) -> Iterator[Firefox]:
    """Firefox on a fresh tab in a fresh user context, at a laptop's size (as Playwright's
    default); no console error (of the page or its workers) by the end."""
    firefox.new_tab()
    firefox.set_viewport(*LAPTOP)
    yield firefox
    firefox.evaluate("0")  # (events sent before this answer are in)
    assert firefox.errors == []


def test_the_site_reaches_ready_and_offline_without_console_errors(fx: Firefox, url: str, site: Path) -> None:
    checks.reaches_ready(fx, url, site)


def test_the_hint_opens_and_the_coach_rates_a_move_on_a_phone(fx: Firefox, url: str) -> None:
    checks.hint_on_a_phone(fx, url)


def test_pass_and_play_hands_the_device_over_between_two_people_on_a_phone(fx: Firefox, url: str) -> None:
    checks.pass_and_play_on_a_phone(fx, url)


def test_the_score_keeper_takes_a_round(fx: Firefox, url: str) -> None:
    checks.keeper_round(fx, url)


def test_the_history_moves_to_indexeddb_and_the_statistics_read_it(fx: Firefox, url: str) -> None:
    checks.history_moves_to_indexeddb(fx, url)


def test_a_reload_with_the_server_gone_boots_from_the_service_worker(fx: Firefox, site: Path, tmp_path: Path) -> None:
    checks.offline_reload(fx, site, tmp_path)


def test_a_challenge_link_is_refused_when_damaged_and_its_whole_game_played_and_reviewed(fx: Firefox, url: str) -> None:
    checks.challenge_link(fx, url)
    checks.review_from_the_standings(fx)


def test_a_whole_game_with_the_30_year_boxs_special_cards(fx: Firefox, url: str) -> None:
    checks.special_game(fx, url, phone=False)


def test_bidding_practice_deals_from_the_30_year_box_on_a_phone(fx: Firefox, url: str) -> None:
    checks.practice_with_a_box_on_a_phone(fx, url)


@pytest.fixture
def moving() -> Iterator[Firefox]:
    """A Firefox of its own in which cards move (the module's prefers reduced motion, PREFS)."""
    with Firefox(firefox_path(), prefs={"ui.prefersReducedMotion": 0}) as browser:
        browser.set_viewport(*LAPTOP)
        yield browser
        browser.evaluate("0")  # (events sent before this answer are in)
        assert browser.errors == []


def test_a_pass_after_the_juggler_is_seen_moving(moving: Firefox, url: str) -> None:
    checks.a_pass_is_seen_moving(moving, url)
