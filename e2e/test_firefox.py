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
from bidi import BidiError, Firefox
from sitetools import build, serve

READY_S = 120.0  # a cold boot in a fresh profile: wasm compiled anew (about 12 s idle)
TURN_S = 60.0
COACH_S = 90.0
STALL_S = 120.0  # long work (a whole game, a review) fails only when it stops moving

# What the page waits for (as tabletools.STATE_JS, and the pass screen of pass-and-play); at the
# person's turn, with the first option the page offers: where it is and its name, as its button says.
STATE_JS = """(() => {
  const open = (id) => document.getElementById(id)?.open;
  if (open('final-dialog')) return 'final';
  if (open('round-dialog')) return 'round';
  if (open('draw-dialog')) return 'draw';
  const html = document.documentElement;
  if (html.dataset.busy === 'true') return false;
  const take = document.getElementById('pass-take');
  if (!document.getElementById('pass').hidden && !take.hidden) return 'pass';
  if (html.dataset.yourTurn !== 'true') return false;
  const button = document.querySelector('#decision [data-action]:not([disabled])')
      ?? document.querySelector('#hand button:not([disabled])');
  return button && { within: button.closest('#decision') ? '#decision' : '#hand',
                     name: button.getAttribute('aria-label') ?? button.textContent.trim() };
})()"""

LAPTOP = (1280, 720)
PHONE = (390, 844)  # (CSS pixels, at a device pixel ratio of 3)

PROGRESS_JS = "JSON.parse(localStorage.getItem('wizard.game'))?.moves ?? 0"  # the saved game's move counter


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


def wait_ready(fx: Firefox) -> None:
    state = fx.wait_for("['ready', 'error'].includes(document.documentElement.dataset.engine)"
                        " && document.documentElement.dataset.engine", READY_S, "the engine")
    if state == "error":
        pytest.fail(f"the engine failed to load: {text(fx, '[data-engine-alert]')}")


def wait_attribute(fx: Firefox, name: str, value: str, timeout: float = READY_S) -> None:
    fx.wait_for(f"document.documentElement.dataset.{name} === {json.dumps(value)}", timeout, f"data-{name}={value}")


def click(fx: Firefox, name: str, role: str = "button", within: str | None = None) -> None:
    fx.click(element=fx.by_role(role, name, within))


def visible(fx: Firefox, css: str) -> bool:
    return bool(fx.call("(css) => document.querySelector(css)?.checkVisibility() ?? false", css))


def wait_visible(fx: Firefox, css: str, timeout: float = TURN_S) -> None:
    fx.wait_for(f"document.querySelector({json.dumps(css)})?.checkVisibility()", timeout, f"{css} visible")


def text(fx: Firefox, css: str) -> str:
    return str(fx.call("(css) => document.querySelector(css).textContent.trim()", css))


def open_table(fx: Firefox, root: str, seed: int) -> None:
    fx.navigate(f"{root}?levels=random&seed={seed}")
    wait_attribute(fx, "table", "ready")


def new_game(fx: Firefox, players: int, levels: tuple[str, ...] = ()) -> None:
    """Fill in the new-game form (under "Change settings") at the instant pace and deal."""
    if not fx.evaluate("document.getElementById('settings-panel').open"):
        fx.click("#settings-panel summary")
    fx.select("#players", str(players))
    for seat, level in enumerate(levels):
        fx.select(f"select[name=opponent-level-{seat}]", level)
    fx.select("#pace", "instant")
    click(fx, "Deal")


def state(fx: Firefox) -> str | dict[str, str]:
    """What the page waits for: 'final', 'round', 'draw', 'pass', or at the person's turn the
    first option offered ({"within": a CSS selector, "name": its button's name})."""
    return fx.wait_for(STATE_JS, TURN_S, "the page to wait for the person")


# The enabled button of a name (its label, else its words) in a part of the page, or null. (The
# same lookup as by_role's in the browser's accessibility tree, which takes 0.2 s a time: too
# slow for the 135 moves of a game; the first move of each game is found there too.)
BUTTON_JS = """(within, name) => [...document.querySelector(within).querySelectorAll('button, [role=button]')]
    .find((b) => !b.disabled && (b.getAttribute('aria-label') ?? b.textContent.trim()) === name) ?? null"""


def choose(fx: Firefox, option: dict[str, str], accessible: bool = False) -> bool:
    """Click the option offered, found by its name (`accessible`: in the accessibility tree,
    as a screen reader finds it); False if it went meanwhile."""
    try:
        if accessible:
            element = fx.by_role("button", option["name"], option["within"], timeout=5)
        else:
            element = fx.element(f"({BUTTON_JS})(...{json.dumps([option['within'], option['name']])})")
    except BidiError:
        return False
    fx.click(element=element)
    return True


def choose_first(fx: Firefox) -> None:
    """At the person's turn: click the first bid or card the page offers."""
    option = state(fx)
    assert isinstance(option, dict), f"not the person's turn: the page waits for {option}"
    assert choose(fx, option, accessible=True), option


def play_until(fx: Firefox, stop: str) -> int:
    """Play (the first option offered each time; round summaries closed) until the page waits
    for `stop` ('turn' for the person's turn); returns the number of the person's moves.
    Fails only when the game stalls (the saved game's moves stop growing)."""
    moves = 0
    while True:
        before = fx.evaluate(PROGRESS_JS)
        try:
            now = state(fx)
        except BidiError:
            if fx.evaluate(PROGRESS_JS) == before:
                raise
            continue  # the bots still play on a slow machine
        if now == stop or (stop == "turn" and isinstance(now, dict)):
            return moves
        if isinstance(now, dict):
            moves += choose(fx, now, accessible=not moves)
            fx.wait_for(f"JSON.stringify({STATE_JS}) !== {json.dumps(json.dumps(now))}", TURN_S,
                        "the page to take the move")
        elif now == "round":
            fx.click("#round-next")
        elif now == "draw":
            click(fx, "Start the game")
        else:
            raise AssertionError(f"the page waits for {now}, not {stop}")


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
    assert re.fullmatch(r"Pass the device to \u2068?\w+\u2069?", title), title
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
    for _ in range(3):
        fx.wait_for("!document.documentElement.hasAttribute('data-keeper-busy')"
                    " && document.documentElement.dataset.keeper === 'bid'", TURN_S, "a bid to enter")
        fx.type_into("#keeper-bid", "0")
        fx.press("\ue007")  # Enter
    wait_attribute(fx, "keeper", "tricks", TURN_S)
    for seat, taken in enumerate([1, 0, 0]):
        fx.type_into(f"#keeper-tricks-{seat}", str(taken))
    fx.press("\ue007")
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
