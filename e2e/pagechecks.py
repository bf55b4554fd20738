"""The whole-page checks that every browser driven without Playwright runs (Firefox in
test_firefox.py, WebKit in test_webkit.py): a whole game and its review, the hint on a phone,
pass-and-play's hand-over, a pass after the Juggler, bidding practice with a box, the score
keeper, an offline reload. Each takes a :class:`drivetools.Driver` at a fresh page and the site's
URL.
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from drivetools import (
    COACH_S,
    PHONE,
    TURN_S,
    Driver,
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
from sitetools import SHELF_GET_JS, serve
from tabletools import ANIMATIONS_JS, plain, sent_game

from tests import runtime


def reaches_ready(fx: Driver, url: str, site: Path) -> None:
    fx.navigate(url)
    fx.by_role("heading", "Wizard")
    wait_ready(fx)
    version = fx.evaluate("""import(new URL('engine/engine.js', document.baseURI).href)
                             .then(({ startEngine }) => startEngine().call('ping'))""")["version"]
    assert version == runtime.wheel_version(site)
    wait_attribute(fx, "offline", "ready")
    assert not visible(fx, "[data-engine-alert]")


def challenge_link(fx: Driver, url: str) -> None:
    """A damaged challenge link refused with its reason; a sound one played to the end, the
    sender's points beside the person's (test_challenge.py: the same choices, the same points);
    before it, the deal of the day offered.
    The browser's whole game: six players, ten rounds, to the final standings and their winners."""
    code, points = sent_game()
    open_table(fx, url, seed=1)
    daily_offer(fx)
    fx.evaluate("localStorage.setItem('wizard.settings', JSON.stringify({ pace: 'instant' }))")
    fx.navigate(f"{url}?levels=random&link=1#challenge={code[:-6]}")
    wait_visible(fx, "#challenge-dialog", TURN_S * 4)
    assert "the link is damaged (cut short or mistyped)" in text(fx, "#challenge-text")
    click(fx, "Close")
    fx.navigate(f"{url}?levels=random&link=2#challenge={code}")
    wait_visible(fx, "#challenge-dialog", TURN_S * 4)
    click(fx, "Play these deals")
    assert play_until(fx, "final") == 10 + sum(range(1, 11))  # 6 players: 10 rounds, a bid and a card per trick
    assert plain(text(fx, ".challenge-verdict")) == f"A tie with Ann: {sum(points)} points each."
    assert "Final standings" in text(fx, "#final-title")
    assert fx.evaluate("document.querySelectorAll('#final-standings > li').length") == 6
    assert re.search(r"wins? with|share the win", text(fx, "#final-winners")), text(fx, "#final-winners")


def daily_offer(fx: Driver) -> None:
    """The start page's deal of the day: offered with its date, against three Hard bots (played to
    its end in Chromium, test_challenge.py); "Not now" leaves it."""
    click(fx, "Deal of the day")
    wait_visible(fx, "#challenge-dialog", TURN_S * 4)
    assert plain(text(fx, "#challenge-title")).startswith("Deal of the day, ")
    words = "The same deals for everyone today. You against Merlin (hard bot), Morgana (hard bot) and Circe (hard bot)."
    assert words in plain(text(fx, "#challenge-text"))
    click(fx, "Not now")
    fx.wait_for("!document.getElementById('challenge-dialog').open", TURN_S, "the offer closed")


def review_from_the_standings(fx: Driver) -> None:
    """At the final standings: the review opens, steps on, and goes back to the standings."""
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


def hint_on_a_phone(fx: Driver, url: str) -> None:
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


def special_game(fx: Driver, url: str, phone: bool) -> None:
    """A whole 4-player game with the 30-year box's special cards (S1-S14), every decision the
    first one offered (a colour, a side, a call, a pass, a change, a swap), to the final standings."""
    if phone:
        fx.set_viewport(*PHONE, device_pixel_ratio=3)
    open_table(fx, url, seed=1)
    new_game(fx, players=4, specials="2026")
    assert play_until(fx, "final") > 0
    assert fx.evaluate("document.querySelectorAll('#final-standings li').length") == 4


def a_pass_is_seen_moving(fx: Driver, url: str) -> None:
    """After the Juggler (S13), at a pace at which cards move, the card you pass is seen flying off
    and the one you get fading into your hand (passmotion.js; Chromium's test is test_motion.py's)."""
    open_table(fx, url, seed=1)  # this game brings the person a pass (e2e/test_specials_table.py)
    new_game(fx, players=4, specials="2026")
    play_until(fx, "turn")
    while fx.evaluate("document.documentElement.dataset.phase") != "passing":
        choose_first(fx)
        play_until(fx, "turn")
    assert fx.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches") is False
    fx.select("#table-pace", "fast")
    fx.evaluate(ANIMATIONS_JS)
    choose_first(fx)
    fx.wait_for("window.__moves.some((m) => m.clone && !m.back)", TURN_S, "your passed card flying off")
    fx.wait_for("window.__moves.some((m) => m.hand && m.opacity === '0.3')", TURN_S, "the card you get arriving")


def practice_with_a_box_on_a_phone(fx: Driver, url: str) -> None:
    """Bidding practice with the 30-year box (S1) chosen, on a phone: a hand of round 15, no
    wider than the screen, a bid, and the coach's verdict on every bid (0 to 15), for the first hand of a run."""
    fx.set_viewport(*PHONE, device_pixel_ratio=3)
    fx.navigate(url)
    wait_ready(fx)
    fx.click("#practice-open")
    fx.wait_for("!document.getElementById('practice-start').disabled", COACH_S, "the practice's coach")
    for select, value in (("players", "4"), ("deck", "2026"), ("round", "15"), ("length", "3")):
        fx.select(f"#practice-{select}", value)
    fx.click("#practice-start")
    wait_attribute(fx, "practice", "bidding", COACH_S)
    assert fx.evaluate("document.querySelectorAll('#practice-board .practice-cards > li').length") == 15
    assert fx.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    fx.click("#practice-board .practice-bids [data-practice='bid 1']")
    wait_attribute(fx, "practice", "verdict", COACH_S)
    assert fx.evaluate("document.querySelectorAll('#practice-verdict tbody tr').length") == 16


def pass_and_play_on_a_phone(fx: Driver, url: str) -> None:
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


def keeper_round(fx: Driver, url: str) -> None:
    fx.navigate(url)
    wait_ready(fx)
    click(fx, "Score keeper")
    wait_visible(fx, "#keeper")
    wait_visible(fx, "#keeper-count")  # (the setup is drawn from the engine's describe(), once it answers)
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


def offline_reload(fx: Driver, site: Path, tmp_path: Path) -> None:
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


def history_moves_to_indexeddb(fx: Driver, url: str) -> None:
    """Issue 32: a history the version before IndexedDB kept in localStorage moves to IndexedDB."""
    from tests.test_history import bot_games
    from wizard_engine.records import history

    kept = history.dumps(bot_games(2))
    fx.navigate(url)
    wait_ready(fx)
    fx.call("(text) => localStorage.setItem('wizard.history', text)", kept)
    fx.navigate(url)
    wait_ready(fx)
    fx.wait_for("localStorage.getItem('wizard.history') === null", COACH_S, "the history moved")
    assert fx.call(SHELF_GET_JS, "wizard.history") == kept
    fx.click("#stats-open")
    wait_attribute(fx, "stats", "ready", COACH_S)
    assert fx.evaluate("document.querySelectorAll('.stats-game').length") == 2
