"""Playing the site in a browser driven without Playwright (Firefox over WebDriver BiDi,
WebKit over classic WebDriver): a person's moves, by what the page shows.

The helpers take any :class:`Driver` (bidi.Firefox, webdriver.WebKit). A person's options
are found by their buttons' names and clicked with the mouse; waits are conditions polled
in the page with generous limits, never fixed pauses.
"""
from __future__ import annotations

import json
from typing import Any, Protocol

import pytest
from bidi import BidiError, ElementGone
from sitetools import MOVES_JS  # the saved game's move counter
from waiting import WAITING

READY_S = 120.0  # a cold boot in a fresh profile: wasm compiled anew (about 12 s idle)
TURN_S = 60.0
COACH_S = 90.0

# What the page waits for (waiting.WAITING); at the person's turn, with the first option the page
# offers: where it is and its name, as its button says.
STATE_JS = "(() => {" + WAITING + """  return button && { within: button.closest('#decision') ? '#decision' : '#hand',
                     name: button.getAttribute('aria-label') ?? button.textContent.trim() };
})()"""

LAPTOP = (1280, 720)
PHONE = (390, 844)  # (CSS pixels, at a device pixel ratio of 3)


class Driver(Protocol):
    """What the helpers need of a browser driver."""

    context: str

    def navigate(self, url: str) -> None: ...
    def evaluate(self, expression: str, timeout: float = ...) -> Any: ...
    def call(self, function: str, *args: Any, timeout: float = ...) -> Any: ...
    def wait_for(self, condition: str, timeout: float = ..., what: str = "") -> Any: ...
    def element(self, expression: str) -> str: ...
    def by_role(self, role: str, name: str, within: str | None = None, timeout: float = ...) -> str: ...
    def click(self, css: str | None = None, *, element: str | None = None, attempts: int = ...) -> None: ...
    def select(self, css: str, value: str) -> None: ...
    def press(self, *keys: str) -> None: ...
    def type_into(self, css: str, text: str) -> None: ...
    def reload(self) -> None: ...
    def set_viewport(self, width: int, height: int, device_pixel_ratio: float = ...) -> None: ...


def wait_ready(fx: Driver) -> None:
    state = fx.wait_for("['ready', 'error'].includes(document.documentElement.dataset.engine)"
                        " && document.documentElement.dataset.engine", READY_S, "the engine")
    if state == "error":
        pytest.fail(f"the engine failed to load: {text(fx, '[data-engine-alert]')}")


def wait_attribute(fx: Driver, name: str, value: str, timeout: float = READY_S) -> None:
    fx.wait_for(f"document.documentElement.dataset.{name} === {json.dumps(value)}", timeout, f"data-{name}={value}")


def click(fx: Driver, name: str, role: str = "button", within: str | None = None) -> None:
    fx.click(element=fx.by_role(role, name, within))


def visible(fx: Driver, css: str) -> bool:
    return bool(fx.call("(css) => document.querySelector(css)?.checkVisibility() ?? false", css))


def wait_visible(fx: Driver, css: str, timeout: float = TURN_S) -> None:
    fx.wait_for(f"document.querySelector({json.dumps(css)})?.checkVisibility()", timeout, f"{css} visible")


def text(fx: Driver, css: str) -> str:
    return str(fx.call("(css) => document.querySelector(css).textContent.trim()", css))


def open_table(fx: Driver, root: str, seed: int) -> None:
    fx.navigate(f"{root}?levels=random&seed={seed}")
    wait_attribute(fx, "table", "ready")


def new_game(fx: Driver, players: int, levels: tuple[str, ...] = (), specials: str = "") -> None:
    """Fill in the new-game form (under "Change settings") at the instant pace and deal
    (``specials``: a box of special cards, "2016", "2021" or "2026", S1)."""
    if not fx.evaluate("document.getElementById('settings-panel').open"):
        fx.click("#settings-panel summary")
    fx.select("#players", str(players))
    for seat, level in enumerate(levels):
        fx.select(f"select[name=opponent-level-{seat}]", level)
    if specials:
        fx.click(f"input[name=specials][value='{specials}']")
    fx.select("#pace", "instant")
    click(fx, "Deal")


def state(fx: Driver) -> str | dict[str, str]:
    """What the page waits for: 'final', 'round', 'draw', 'pass', or at the person's turn the
    first option offered ({"within": a CSS selector, "name": its button's name})."""
    return fx.wait_for(STATE_JS, TURN_S, "the page to wait for the person")


# The enabled button of a name (its label, else its words) in a part of the page, or null. (The
# same lookup as by_role's in the browser's accessibility tree, which takes 0.2 s a time: too
# slow for the 135 moves of a game; the first move of each game is found there too.)
BUTTON_JS = """(within, name) => [...document.querySelector(within).querySelectorAll('button, [role=button]')]
    .find((b) => !b.disabled && (b.getAttribute('aria-label') ?? b.textContent.trim()) === name) ?? null"""


def choose(fx: Driver, option: dict[str, str], accessible: bool = False) -> bool:
    """Click the option offered, found by its name (`accessible`: in the accessibility tree,
    as a screen reader finds it); False if it went meanwhile (or its button was drawn anew
    before the click: the page is read again)."""
    try:
        if accessible:
            element = fx.by_role("button", option["name"], option["within"], timeout=5)
        else:
            element = fx.element(f"({BUTTON_JS})(...{json.dumps([option['within'], option['name']])})")
    except BidiError:
        return False
    try:
        fx.click(element=element)
    except ElementGone:
        return False
    return True


def choose_first(fx: Driver) -> None:
    """At the person's turn: click the first bid or card the page offers."""
    option = state(fx)
    assert isinstance(option, dict), f"not the person's turn: the page waits for {option}"
    assert choose(fx, option, accessible=True), option


def next_round(fx: Driver) -> None:
    """Go on from a round's result: the summary's button (pass-and-play), or the strip's on the
    table, which may go on by itself before the click lands."""
    if fx.evaluate("document.getElementById('round-dialog').open"):
        fx.click("#round-next")
        return
    try:
        fx.click("#round-strip:not([hidden]) #strip-next")
    except BidiError:
        if fx.evaluate("document.getElementById('round-strip').hidden") is not True:
            raise


def play_until(fx: Driver, stop: str) -> int:
    """Play (the first option offered each time; going on from each round's result) until the page
    waits for `stop` ('turn' for the person's turn); returns the number of the person's moves.
    Fails only when the game stalls (the saved game's moves stop growing)."""
    moves = misses = 0
    while True:
        before = fx.evaluate(MOVES_JS)
        try:
            now = state(fx)
        except BidiError:
            if fx.evaluate(MOVES_JS) == before:
                raise
            continue  # the bots still play on a slow machine
        if now == stop or (stop == "turn" and isinstance(now, dict)):
            return moves
        if isinstance(now, dict):
            if not choose(fx, now, accessible=not moves):
                misses += 1  # drawn anew before the click: read again (a few times, not forever)
                assert misses < 20, f"the option {now} went each time before it was clicked"
                continue
            moves += 1
            misses = 0
            fx.wait_for(f"JSON.stringify({STATE_JS}) !== {json.dumps(json.dumps(now))}", TURN_S,
                        "the page to take the move")
        elif now == "round":
            next_round(fx)
        elif now == "draw":
            click(fx, "Start the game")
        else:
            raise AssertionError(f"the page waits for {now}, not {stop}")
