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

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from bidi import Firefox
from drivetools import (
    COACH_S,
    LAPTOP,
    PHONE,
    TURN_S,
    choose_first,
    click,
    new_game,
    open_table,
    play_until,
    state,
    text,
    visible,
    wait_attribute,
    wait_ready,
    wait_visible,
)
from sitetools import build, serve


def firefox_path() -> str:
    """$WIZARD_FIREFOX, else a Firefox on PATH; fails (not skips) naming what to install."""
    path = os.environ.get("WIZARD_FIREFOX") or build.system_firefox()
    if not path:
        pytest.fail(f"Firefox: not tested ({build.FIREFOX_ADVICE})", pytrace=False)
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
    fx.navigate(url)
    fx.by_role("heading", "Wizard")
    wait_ready(fx)
    version = fx.evaluate("""import(new URL('engine/engine.js', document.baseURI).href)
                             .then(({ startEngine }) => startEngine().call('ping'))""")["version"]
    assert version == build.wheel_version(site)
    wait_attribute(fx, "offline", "ready")
    assert not visible(fx, "[data-engine-alert]")


def test_a_whole_four_player_game_against_bots(fx: Firefox, url: str) -> None:
    open_table(fx, url, seed=3)
    new_game(fx, players=4)
    moves = play_until(fx, "final")
    assert moves == 15 + sum(range(1, 16)), moves  # 15 rounds: a bid and a card per trick
    assert "Final standings" in text(fx, "#final-title")
    assert fx.evaluate("document.querySelectorAll('#final-standings > li').length") == 4
    assert re.search(r"wins? with|share the win", text(fx, "#final-winners")), text(fx, "#final-winners")


def test_the_review_opens_after_a_game(fx: Firefox, url: str) -> None:
    # Six players: ten rounds, half the decisions of a four-player game for the coach to rate.
    open_table(fx, url, seed=4)
    new_game(fx, players=6)
    assert play_until(fx, "final") == 10 + sum(range(1, 11))
    click(fx, "Review the game")
    wait_visible(fx, "#review-dialog")
    fx.wait_for("!document.getElementById('review-body').hidden", COACH_S * 4, "the review")
    assert "decisions as the coach would decide" in text(fx, ".review-summary")
    where = text(fx, "#review-where")
    click(fx, "Next ▶")
    fx.wait_for(f"document.getElementById('review-where').textContent.trim() !== {json.dumps(where)}",
                TURN_S, "the next step of the review")
    click(fx, "Back to the standings")
    wait_visible(fx, "#final-dialog")


def test_the_hint_opens_and_the_coach_rates_a_move_on_a_phone(fx: Firefox, url: str) -> None:
    fx.set_viewport(*PHONE, device_pixel_ratio=3)
    open_table(fx, url, seed=5)
    new_game(fx, players=4)
    play_until(fx, "turn")
    click(fx, "Hint")
    fx.wait_for("document.getElementById('hint-panel')?.dataset.state === 'ready'", COACH_S, "the hint")
    rows = fx.evaluate("[...document.querySelectorAll('#hint-panel tbody tr')].map((r) => r.dataset.option)")
    offered = fx.evaluate("[...document.querySelectorAll('#decision [data-action]:not([disabled]),"
                          " #hand button:not([disabled])')].map((b) => b.dataset.action)")
    assert sorted(rows) == sorted(offered)
    click(fx, "Close the hint")
    choose_first(fx)
    wait_visible(fx, "#feedback", COACH_S)
    assert re.match(r"^(Best|Close|Costly)", text(fx, "#feedback")), text(fx, "#feedback")


def test_pass_and_play_hands_the_device_over_between_two_people_on_a_phone(fx: Firefox, url: str) -> None:
    fx.set_viewport(*PHONE, device_pixel_ratio=3)
    open_table(fx, url, seed=2)
    new_game(fx, players=3, levels=("person", "random"))
    assert play_until(fx, "pass") == 0
    title = text(fx, "#pass-title")
    assert re.fullmatch(r"Pass the device on. Next: \u2068?\w+\u2069?", title), title
    assert fx.evaluate("document.querySelectorAll('#hand [data-card]').length") == 0  # no hand while it changes hands
    fx.click("#pass-take")
    assert isinstance(state(fx), dict)  # the person's turn, their hand shown
    assert fx.evaluate("document.querySelectorAll('#hand [data-card]').length") > 0


def test_the_score_keeper_takes_a_round(fx: Firefox, url: str) -> None:
    fx.navigate(url)
    wait_ready(fx)
    click(fx, "Score keeper")
    wait_visible(fx, "#keeper")
    fx.select("#keeper-count", "3")
    for seat, name in enumerate(["Ann", "Bob", "Cy"]):
        fx.type_into(f"#keeper-name-{seat}", name)
    click(fx, "Start the score pad")
    for turn in range(3):
        fx.wait_for("!document.documentElement.hasAttribute('data-keeper-busy')"
                    " && document.documentElement.dataset.keeper === 'bid'", TURN_S, "a bid to enter")
        if turn == 0:
            fx.click('#keeper-bid-row .bid[data-bid="0"]')  # the bid's button
        else:
            fx.press("0")  # or its digit typed
    wait_attribute(fx, "keeper", "tricks", TURN_S)
    fx.click('#keeper-tricks-0 .bid[data-bid="1"]')  # the others' tricks are 0 until chosen
    click(fx, "Enter the tricks")
    fx.wait_for("document.querySelector('#keeper-pad tr[data-round=\"1\"]')", TURN_S, "round 1 in the pad")
    totals = fx.evaluate("[...document.querySelectorAll('#keeper-pad tfoot td')].map((td) => td.textContent)")
    assert [int(t.replace("\u2212", "-")) for t in totals] == [-10, 20, 20]


def test_a_reload_with_the_server_gone_boots_from_the_service_worker(fx: Firefox, site: Path, tmp_path: Path) -> None:
    copy = Path(shutil.copytree(site, tmp_path / "dist"))
    with serve(copy) as root:
        fx.navigate(root)
        wait_ready(fx)
        wait_attribute(fx, "offline", "ready")
    fx.reload()  # nothing answers on that port now
    wait_ready(fx)
    assert fx.evaluate("Boolean(navigator.serviceWorker.controller)")
    game = fx.evaluate("""import(new URL('engine/engine.js', document.baseURI).href).then(async ({ startEngine }) => {
        const engine = startEngine();
        const players = [1, 2, 3].map((seat) => ({ name: `Bot ${seat}`, bot: 'random' }));
        let { view } = await engine.call('new_game', { config: { seed: 11, players } });
        while (!view.over) ({ view } = await engine.call('bot_step'));
        return view.over;
    })""")
    assert game
