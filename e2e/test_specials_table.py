"""The special cards at the table (issue 42, S1-S14), in Chromium: each kind of new decision
made through the page at a laptop's size and a phone's (a card's colour or side, the Werewolf's
call, the Vampire's choice, the pass after a Juggler, the Cloud's change, the Witch's swap),
in 4-player games with the 30-year box; on the phone the first game is played to its end.
Firefox and WebKit play a whole game too (pagechecks.special_game).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tabletools import Player

SIZES = {"laptop": (1280, 800), "phone": (390, 844)}
# The kind of special decision the person faces now, read from the table (null: none).
KIND_JS = """() => {
  const pick = (card) => document.querySelector(`#hand button[data-pick='${card}']:not([disabled])`);
  if (pick('Juggler') || pick('Cloud')) return 'colour';
  if (pick('Shapeshifter')) return 'side';
  const phase = document.documentElement.dataset.phase;
  return ['werewolf', 'vampire', 'passing', 'cloud', 'witch'].includes(phase) ? phase : null;
}"""
# The seeds whose games bring the person these decisions (found by playing them: seed 1 all
# but the Vampire's choice, which needs the Werewolf turned up and the Vampire in hand).
GAMES = {1: {"colour", "side", "werewolf", "passing", "cloud", "witch"}, 14: {"vampire"}}


def moves(page: Page) -> int:
    return int(page.evaluate("JSON.parse(localStorage.getItem('wizard.game')).moves"))


@pytest.mark.parametrize("size", SIZES)
def test_each_special_decision_is_one_tap_through_the_page(page: Page, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    player = Player(page)
    player.open()
    for seed, kinds in GAMES.items():
        page.goto(f"./?levels=random&seed={seed}")
        player.wait_table_ready()
        player.new_game(players=4, specials="2026")
        to_end = size == "phone" and seed == 1  # one whole game
        left = play_for(page, player, set(kinds), to_end)
        assert not left, f"seed {seed}: the person never had to decide {left}"
    assert errors == [] and player.dialogs == []


def play_for(page: Page, player: Player, kinds: set[str], to_end: bool) -> set[str]:
    """Play the game (the first choice each time) until each of ``kinds`` was decided through
    the page (or to its end); returns the kinds it never brought."""
    width = page.viewport_size["width"] if page.viewport_size else 0
    for _ in range(3000):
        state = player.state()
        if state == "final" or (not kinds and not to_end):
            break
        if state == "turn":
            kind = page.evaluate(KIND_JS)
            if kind in kinds:
                decide(page, kind)
                kinds.discard(kind)
                assert page.evaluate("document.documentElement.scrollWidth") <= width, kind
            else:
                player.choose_first()
        elif state == "round":
            player.next_round()
        elif state == "draw":
            page.get_by_role("button", name="Start the game").click()
    if to_end:
        expect(page.get_by_role("dialog", name="Final standings")).to_be_visible()
    return kinds


def decide(page: Page, kind: str) -> None:
    """Make the decision through the page: a tap on the hand card first when a choice follows it
    (its colour, its side, the card the Witch takes), then the first choice offered."""
    before = moves(page)
    picks = {"colour": "[data-pick='Juggler'], [data-pick='Cloud']", "side": "[data-pick='Shapeshifter']",
             "witch": "[data-pick]"}
    if kind in picks:
        card = page.locator("#hand button:not([disabled])").and_(page.locator(picks[kind])).first
        card.click()
        expect(card).to_have_class(re.compile(r"\bpicked\b"))
    where = "#hand button:not([disabled])" if kind == "passing" else "#decision .special-choice button"
    choices = page.locator(where)
    expect(choices.first).to_be_visible()
    assert choices.first.evaluate("(b) => b.getBoundingClientRect().right <= innerWidth"), f"{kind}: off the screen"
    choices.first.click()
    page.wait_for_function("(before) => JSON.parse(localStorage.getItem('wizard.game')).moves > before", arg=before)
