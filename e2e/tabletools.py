"""Helpers for the table's browser tests: a player at the page, and the same game under CPython.

:class:`Player` drives the page as a person would: fills in the new-game form, clicks
bids and cards, goes on from each round's result (the strip on the table; at pass-and-play
the summary). Its default choice, :func:`first_choice`,
is "the first button I may press" (the lowest bid allowed, the first playable card of
the sorted hand, the first suit offered); :func:`find_game` replays that same policy
in CPython through the worker's own :class:`wizard_engine.calls.game.Session` to find a seed
where something happens (the human deals a turned-up Wizard, a bid is forbidden...),
since bots and deals depend only on the config's seed and the decisions made.
"""
from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from typing import Any

from playwright.sync_api import Dialog, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from sitetools import ROOT, number  # noqa: F401 (ROOT puts the repository root on sys.path)
from waiting import STATE_JS

from wizard_engine.calls.game import Session
from wizard_engine.config import GameConfig
from wizard_engine.records.challenge import daily_setup, make_code
from wizard_engine.state import State

TURN_TIMEOUT_MS = 30_000
SUMMARY_OPEN_JS = "document.getElementById('round-dialog').open"
STRIP_SHOWN_JS = "document.getElementById('round-strip')?.hidden === false"
NAMES = ["Merlin", "Morgana", "Circe", "Prospero", "Gandalf"]

def config_for(players: int, seed: int, level: str = "random", **options: Any) -> dict[str, Any]:
    """The config the page sends for a form filled in by :meth:`Player.new_game`."""
    seats = [{"name": "You", "bot": None}]
    seats += [{"name": NAMES[i], "bot": level} for i in range(players - 1)]
    return {"players": seats, "options": {"bidding": "open", **options}, "seed": seed}


def first_choice(view: Mapping[str, Any]) -> str:
    """The policy of :meth:`Player.choose_first`, on a view."""
    if view["phase"] == "playing":
        card = next(c["card"] for c in view["hand"] if c["playable"])
        # (a special card's first way to be played: its first colour, or as a Wizard, S5, S11)
        return next(a for a in view["legal"] if a == f"play {card}" or a.startswith(f"play {card} "))
    return view["legal"][0]


def find_game(players: int, found: Callable[[Mapping[str, Any]], bool], seeds: range = range(1, 400),
              level: str = "random", **options: Any) -> tuple[int, int]:
    """(seed, round) of the first game where ``found(view)`` holds at a decision of the human's.

    The human follows :func:`first_choice`; bots play as in the page.
    """
    for seed in seeds:
        session = Session(State(GameConfig.from_dict(config_for(players, seed, level, **options))))
        while not session.state.is_over:
            view = session.view()
            if view["your_turn"]:
                if found(view):
                    return seed, view["round"]
                session.act(first_choice(view))
            else:
                session.bot_step()
    raise AssertionError("no seed arranges it")


# Every element.animate call of motion.js, told apart: a hand card arriving (faded in from a seat),
# a copy flying off (a card face, or a card back for an opponent's pass).
ANIMATIONS_JS = """(() => {
  window.__moves = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (keyframes, options) {
    window.__moves.push({
      hand: Boolean(this.closest('#hand')), clone: this.classList.contains('motion-clone'),
      back: this.classList.contains('card-back'), opacity: String(keyframes[0]?.opacity ?? ''),
    });
    return animate.call(this, keyframes, options);
  };
})()"""


def save_at(players: int, found: Callable[[Mapping[str, Any]], bool], seed: int = 1,
            names: list[str] | None = None, level: str = "random", **options: Any) -> str:
    """The sealed save of a game at the human's first decision where ``found(view)`` holds.

    The human follows :func:`first_choice`; a page that finds it in its storage resumes there (Resume).
    """
    config = config_for(players, seed, level, **options)
    for seat, name in zip(config["players"], names or [], strict=False):
        seat["name"] = name
    session = Session(State(GameConfig.from_dict(config)))
    while not session.state.is_over:
        view = session.view()
        if view["your_turn"]:
            if found(view):
                return str(session.result()["save"])
            session.act(first_choice(view))
        else:
            session.bot_step()
    raise AssertionError("the game never came to that moment")


def finished_save(players: int, seed: int, level: str = "easy") -> str:
    """A finished game's save (the human plays the first legal choice, bots play as in the page)."""
    session = Session(State(GameConfig.from_dict(config_for(players, seed, level))))
    while not session.state.is_over:
        view = session.view()
        result = session.act(first_choice(view)) if view["your_turn"] else session.bot_step()
    return str(result["save"])


def open_finished(page: Page, save: str) -> None:
    """Open the page with a finished game's save in its storage (what the page keeps beside it: the
    game over), and its final standings from the start page's "Last game"."""
    import json
    game = {"id": "seeded", "moves": 1, "tab": "another", "over": True}
    page.add_init_script(f"""if (!sessionStorage.getItem('seeded')) {{
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('wizard.save', {json.dumps(save)});
        localStorage.setItem('wizard.game', {json.dumps(json.dumps(game))});
    }}""")
    page.goto("./?levels=random")
    page.get_by_role("region", name="Last game").get_by_role("button", name="Final standings").click()
    expect(page.get_by_role("dialog", name="Final standings")).to_be_visible()


def plain(text: str) -> str:
    """Text without the marks that isolate a name for the bidirectional algorithm."""
    return text.replace("\u2068", "").replace("\u2069", "")


def sent_state(players: int = 6, seed: int = 11, day: str | None = None) -> State:
    """Ann's finished game against random bots; or (``day``) her deal of that day (its seed,
    options and Hard bots). She plays :func:`first_choice`, the bots as in the page."""
    if day:
        daily = daily_setup(day)
        config = {**config_for(len(daily["levels"]), daily["seed"], "hard"), "options": daily["options"]}
    else:
        config = config_for(players, seed)
    config["players"][0]["name"] = "Ann"
    session = Session(State(GameConfig.from_dict(config)))
    while not session.state.is_over:
        view = session.view()
        if view["your_turn"]:
            session.act(first_choice(view))
        else:
            session.bot_step()
    return session.state


def sent_game(players: int = 6, seed: int = 11) -> tuple[str, list[int]]:
    """The code of Ann's finished game against random bots (:func:`sent_state`), and her points in each round."""
    state = sent_state(players, seed)
    return make_code(state), [rows[0].points for rows in state.pad]


def open_saved(page: Page, save: str, settings: Mapping[str, Any] | None = None) -> None:
    """Open the page with ``save`` (a game in progress) in its storage (and ``settings``), and resume it."""
    import json
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) {"
        f" localStorage.setItem('wizard.save', {json.dumps(save)});"
        f" localStorage.setItem('wizard.settings', {json.dumps(json.dumps(settings or {'pace': 'instant'}))});"
        " sessionStorage.setItem('seeded', '1'); }")
    page.goto("./?levels=random")
    resume(page)


def resume(page: Page, shown: bool = True) -> None:
    """Go on with the saved game as a player does: once the page is ready, press Resume on the start
    page (a game in progress is never resumed by itself, issue 39). ``shown``: wait until the table
    (or pass-and-play's hand-over screen) stands in the start page's place."""
    page.wait_for_selector("html[data-table=ready]", state="attached", timeout=120_000)
    page.locator("#resume-button").click()
    if shown:
        page.wait_for_selector("html:not([data-screen=setup])", state="attached", timeout=60_000)


def open_settings(page: Page) -> None:
    """Unfold the new-game form ("Change settings") if it is folded."""
    panel = page.locator("#settings-panel")
    if panel.get_attribute("open") is None:
        panel.locator("summary").click()


def menu(page: Page) -> None:
    """Open the table's "More" menu (its settings and rarer commands: on every screen) if it is closed."""
    if page.locator("#more-button").get_attribute("aria-expanded") != "true":
        page.locator("#more-button").click()


def close_menu(page: Page) -> None:
    """Close the "More" menu if it is open (it would lie over the table's right side)."""
    if page.locator("#more-button").get_attribute("aria-expanded") == "true":
        page.locator("#more-button").click()


def replay_state(save: str) -> State:
    """The engine state of a page's save document (to see what the page must not show)."""
    from wizard_engine import save as saves
    return saves.loads(save)


class Player:
    """A person at the page."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.dialogs: list[str] = []
        page.on("dialog", self._dismiss)

    def _dismiss(self, dialog: Dialog) -> None:
        """A native dialog (alert, confirm) is recorded and dismissed."""
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    # --- setting up ----------------------------------------------------------------

    def open(self, seed: int | None = None) -> None:
        """Open the page (bots of level "random" offered; the deal fixed by ``seed``)."""
        query = "?levels=random" + (f"&seed={seed}" if seed is not None else "")
        self.page.goto("./" + query)
        self.wait_table_ready()

    def wait_table_ready(self) -> None:
        self.page.wait_for_selector("html[data-table=ready]", state="attached", timeout=60_000)

    def resume(self) -> None:
        resume(self.page)

    def new_game(self, players: int = 3, name: str = "You", names: list[str] | None = None,
                 level: str | list[str] = "random", bidding: str = "open", options: tuple[str, ...] = (),
                 theme: str = "classic", pace: str = "instant", close_draw: bool = True,
                 schedule: str = "standard", specials: str = "") -> None:
        """Fill in the form (under "Change settings") and deal (``schedule``: R5, T1 or T2;
        ``specials``: "", a box "2016", "2021", "2026", or card names "Bomb,Cloud", S1).

        ``close_draw``: the first-dealer draw shows briefly on the table (the default
        setting); with ``close_draw=False`` the setting asks for the draw dialog instead,
        and the page waits there.
        """
        page = self.page
        self.open_settings()
        form = page.locator("#new-game")
        form.locator("#players").select_option(str(players))
        form.locator("#your-name").fill(name)  # (by id, not by its English label: German tests deal too)
        names = names or NAMES
        for i in range(players - 1):
            form.locator(f"input[name=opponent-name-{i}]").fill(names[i])
            form.locator(f"select[name=opponent-level-{i}]").select_option(
                level if isinstance(level, str) else level[i % len(level)])
        form.locator(f"input[name=schedule][value={schedule}]").check()
        form.locator(f"input[name=bidding][value={bidding}]").check()
        boxes = ("", "2016", "2021", "2026")
        form.locator(f"input[name=specials][value='{specials if specials in boxes else 'custom'}']").check()
        for box in form.locator(".special-cards input").all():
            box.set_checked(specials not in boxes and box.get_attribute("value") in specials.split(","))
        for box in form.locator("#options input[type=checkbox]").all():
            box.set_checked(box.get_attribute("name") in options)
        form.locator(f"input[name=theme][value={theme}]").check()
        form.locator("#pace").select_option(pace)
        form.locator("#draw-dialog-setting").set_checked(not close_draw)
        form.locator("#deal").click()

    def open_settings(self) -> None:
        open_settings(self.page)

    # --- playing -------------------------------------------------------------------

    def state(self, timeout: float = TURN_TIMEOUT_MS) -> str:
        """Wait until the page waits for the person: 'turn', 'round' (a round's result: the strip on
        the table, or the summary), 'draw', 'pass' or 'final'."""
        return self.page.wait_for_function(STATE_JS, timeout=timeout).json_value()

    def wait_for(self, wanted: str) -> None:
        state = self.state()
        assert state == wanted, f"expected {wanted}, the page waits for {state}"

    def view_phase(self) -> str:
        return self.page.get_attribute("html", "data-phase") or ""

    def hand(self) -> Locator:
        return self.page.get_by_role("region", name="Your hand")

    def bid_group(self) -> Locator:
        return self.page.get_by_role("group", name="Your bid")

    def choose_first(self) -> None:
        """Press the first button I may press: lowest allowed bid, first playable card, first suit."""
        decision = self.page.locator("#decision [data-action]:not([disabled])")
        if decision.count():
            decision.first.click()
        else:
            # (by its id, not the region's English name: German tests press it too)
            self.page.locator("#hand button:not([disabled])").first.click()

    def hold_results(self) -> None:
        """Turn "Rounds go on by themselves" off (the table's menu): each round's result then waits
        on the table for its button, so a test may look at it however busy the machine."""
        menu(self.page)
        self.page.locator("#auto-toggle").uncheck()
        close_menu(self.page)

    def open_summary(self) -> Locator:
        """Open the full summary from the round's result on the table (held there: hold_results);
        returns the dialog."""
        self.page.locator("#round-strip:not([hidden]) #strip-details").click()
        dialog = self.page.locator("#round-dialog")
        expect(dialog).to_have_attribute("open", "")
        return dialog

    def next_round(self) -> None:
        """Close the round summary if it is open, and go on from the round's result on the table
        ("Next round"), unless it goes on by itself first (the setting, on by default: on a busy
        machine its seconds may pass before the click lands)."""
        for shown, button in ((SUMMARY_OPEN_JS, "#round-dialog[open] #round-next"),
                              (STRIP_SHOWN_JS, "#round-strip:not([hidden]) #strip-next")):
            for _ in range(60):  # a click that cannot land within a second is tried again
                if not self.page.evaluate(shown):
                    break
                with contextlib.suppress(PlaywrightTimeoutError):
                    self.page.locator(button).click(timeout=1000)
            else:
                raise AssertionError(f"{button} stays")

    def play_until(self, stop: Callable[[str], bool], choose: Callable[[], None] | None = None,
                   max_steps: int = 2000) -> str:
        """Play (going on from each round's result) until ``stop(state)``; returns that state."""
        choose = choose or self.choose_first
        for _ in range(max_steps):
            state = self.state()
            if stop(state):
                return state
            if state == "turn":
                choose()
            elif state == "round":
                self.next_round()
            elif state == "draw":
                self.page.get_by_role("button", name="Start the game").click()
            elif state == "final":
                raise AssertionError("the game ended before the awaited moment")
        raise AssertionError("too many steps")

    def play_to_end(self, choose: Callable[[], None] | None = None) -> int:
        """Play the whole game to the final standings; returns the number of round results seen."""
        summaries = 0
        for _ in range(5000):
            state = self.state()
            if state == "final":
                return summaries
            if state == "turn":
                (choose or self.choose_first)()
            elif state == "round":
                summaries += 1
                self.next_round()
            else:
                self.page.get_by_role("button", name="Start the game").click()
        raise AssertionError("the game did not end")

    def round_number(self) -> int:
        text = self.page.locator("#round-info strong").inner_text()
        return int(text.split()[1])

    def save(self) -> str:
        return self.page.evaluate("localStorage.getItem('wizard.save')")

    def expect_pad_adds_up(self, players: int, rounds: int) -> None:
        """The score pad: one row per round, and each total is the running sum of points."""
        self.page.locator("#pad-view").select_option("all")  # (a phone shows the totals only at first)
        pad = self.page.get_by_role("table", name="Score pad")
        rows = pad.locator("tbody tr[data-round]")
        expect(rows).to_have_count(rounds)
        for seat in range(players):
            points = [number(t) for t in pad.locator(f"tbody td.pad-points[data-seat='{seat}']").all_inner_texts()]
            totals = [number(t) for t in pad.locator(f"tbody td.pad-total[data-seat='{seat}']").all_inner_texts()]
            running = [sum(points[: i + 1]) for i in range(len(points))]
            assert totals == running, f"seat {seat}: totals {totals} vs running sums {running}"
            grand = number(pad.locator(f"tfoot td[data-seat='{seat}']").inner_text())
            assert grand == sum(points), f"seat {seat}: pad total {grand} != sum of points {sum(points)}"
