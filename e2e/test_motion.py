"""Cards move (web/motion.js) and sounds (web/sound.js).

The suite's pages prefer reduced motion (conftest.py's `browser_context_args`), so that no
other test waits for a card to fly; the tests here that want motion say so with
``page.emulate_media(reduced_motion="no-preference")``. An init script counts every
``element.animate`` call, every AudioContext made and every oscillator made.
"""
from __future__ import annotations

from playwright.sync_api import Page, expect
from tabletools import ANIMATIONS_JS, Player, close_menu, menu

COUNTERS = """(() => {
  window.__motion = { animate: 0, contexts: 0, oscillators: 0 };
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) { window.__motion.animate++; return animate.apply(this, args); };
  const Base = window.AudioContext;
  if (Base) {
    window.AudioContext = class extends Base {
      constructor(...args) { super(...args); window.__motion.contexts++; }
    };
    const create = BaseAudioContext.prototype.createOscillator;
    BaseAudioContext.prototype.createOscillator = function (...args) {
      window.__motion.oscillators++;
      return create.apply(this, args);
    };
  }
})()"""

# What motion.js runs (the hover's CSS transition of a hand card, with motion on, is not its own).
MOVING = "() => document.getAnimations().filter((a) => !(a instanceof CSSTransition)).length"


def counters(page: Page) -> dict[str, int]:
    return page.evaluate("() => ({ ...window.__motion, running: document.getAnimations().length })")


def my_turn_to_play(player: Player) -> None:
    """Play (closing dialogs) until the person is to play a card."""
    player.play_until(lambda s: s == "turn" and player.view_phase() == "playing")


def test_reduced_motion_moves_nothing_and_a_whole_game_plays(page: Page) -> None:
    page.add_init_script(COUNTERS)
    page.emulate_media(reduced_motion="reduce")
    player = Player(page)
    player.open(seed=5)
    player.new_game(players=6, pace="fast")  # a pace at which cards would move
    expect(page.locator("#motion-toggle")).not_to_be_checked()  # the switch follows the system
    assert page.get_attribute("html", "data-motion") == "off"
    summaries = 0
    for _ in range(5000):
        state = player.state()
        seen = counters(page)
        assert seen["animate"] == 0 and seen["running"] == 0, seen
        if state == "final":
            break
        if state == "round":
            summaries += 1
            player.next_round()  # (the summary is modal: the menu is behind it)
            if summaries == 2:  # two rounds at the fast pace are enough: the rest at full speed
                menu(page)
                page.locator("#table-pace").select_option("instant")
                close_menu(page)
        elif state == "turn":
            player.choose_first()
            seen = counters(page)
            assert seen["animate"] == 0 and seen["running"] == 0, seen
    assert summaries == 9  # 10 rounds with 6 players: the whole game was played
    assert counters(page)["animate"] == 0


def test_a_played_card_moves_a_click_skips_it_and_the_switch_turns_it_off(page: Page) -> None:
    page.add_init_script(COUNTERS)
    page.emulate_media(reduced_motion="no-preference")
    player = Player(page)
    player.open(seed=3)
    player.new_game(players=3, pace="relaxed")  # the draw dialog closes: the deal moves
    page.wait_for_function(MOVING, timeout=30_000)
    expect(page.locator("#motion-toggle")).to_be_checked()
    assert page.get_attribute("html", "data-motion") == "on"
    my_turn_to_play(player)
    page.wait_for_function(f"() => ({MOVING})() === 0", timeout=30_000)

    before = counters(page)["animate"]
    player.hand().locator("button:not([disabled])").first.click()
    page.wait_for_function(f"() => window.__motion.animate > {before}", timeout=30_000)
    # Held still (as if the machine were slow), so that the click below surely meets them running.
    moving = page.evaluate("""() => document.getAnimations().filter((a) => !(a instanceof CSSTransition))
        .map((a) => { a.playbackRate = 0.001; return a.effect.target.closest('#trick [data-card]')?.dataset.card; })
        .filter(Boolean)""")
    assert moving, "no card of the trick moves after a play"
    # A click anywhere skips: every animation finishes at once (the mouse, not a locator's click: the
    # round's summary may have opened over the page, and Playwright would wait for it to close).
    page.mouse.click(5, 5)
    assert page.evaluate(MOVING) == 0

    # The switch turns motion off, and the page remembers it.
    my_turn_to_play(player)
    menu(page)
    page.locator("#motion-toggle").uncheck()
    assert page.get_attribute("html", "data-motion") == "off"
    page.locator("#table-pace").select_option("fast")  # a pace at which cards would move (and a quicker round)
    close_menu(page)
    transition = page.locator("#hand .hand-card").first
    if transition.count():
        assert transition.evaluate("b => getComputedStyle(b).transitionDuration") == "0s"
    before = counters(page)["animate"]
    state = player.play_until(lambda s: s in ("round", "final"))
    assert state == "round"
    player.next_round()
    my_turn_to_play(player)
    assert counters(page)["animate"] == before, "a card moved with motion switched off"
    assert page.evaluate("JSON.parse(localStorage.getItem('wizard.settings')).motion") == "off"
    page.reload()
    player.wait_table_ready()
    expect(page.locator("#motion-toggle")).not_to_be_checked()
    assert page.get_attribute("html", "data-motion") == "off"


def test_sounds_are_off_until_switched_on_then_a_play_is_heard(page: Page) -> None:
    page.add_init_script(COUNTERS)
    player = Player(page)
    player.open(seed=3)
    player.new_game(players=3, pace="instant")
    my_turn_to_play(player)
    expect(page.locator("#sound-toggle")).not_to_be_checked()
    assert counters(page)["contexts"] == 0, "an AudioContext was made before sounds were turned on"

    menu(page)
    page.locator("#sound-toggle").check()
    close_menu(page)
    assert counters(page)["contexts"] == 1
    player.hand().locator("button:not([disabled])").first.click()
    page.wait_for_function("() => window.__motion.oscillators > 0", timeout=30_000)  # the card played is heard
    assert page.evaluate("JSON.parse(localStorage.getItem('wizard.settings')).sound") == "on"

    # Remembered: on after a reload, but no AudioContext before the person's first gesture there.
    page.reload()
    player.wait_table_ready()
    expect(page.locator("#sound-toggle")).to_be_checked()
    assert counters(page)["contexts"] == 0
    page.locator(".masthead h1").click()
    assert counters(page)["contexts"] == 1


def test_a_pass_after_a_juggler_is_seen_going_to_the_left_and_coming_from_the_right(page: Page) -> None:
    page.add_init_script(ANIMATIONS_JS)
    page.emulate_media(reduced_motion="no-preference")
    player = Player(page)
    player.open()
    page.goto("./?levels=random&seed=1")  # this game brings the person a pass (e2e/test_specials_table.py)
    player.wait_table_ready()
    player.new_game(players=4, specials="2026")
    player.play_until(lambda s: s == "turn" and player.view_phase() == "passing")
    menu(page)
    page.locator("#table-pace").select_option("fast")  # a pace at which cards move
    close_menu(page)
    page.evaluate("() => { window.__moves = []; }")
    player.hand().locator("button:not([disabled])").first.click()
    page.wait_for_function("() => window.__moves.some((m) => m.clone && !m.back)", timeout=30_000)
    page.wait_for_function("() => window.__moves.some((m) => m.hand && m.opacity === '0.3')", timeout=30_000)
