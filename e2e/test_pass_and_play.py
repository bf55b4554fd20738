"""Pass-and-play (issue 11): two people and a bot at one device, hidden bids, the fastest pace.

At every step of a whole game the page is checked against the engine's own state (the save,
replayed): while the device changes hands no hand is in the page at all; at a person's turn
the hand shown is exactly theirs, and no card of another hand is anywhere in the page (not
even hidden). On the way: a reload comes back to the pass screen, and a person takes back
their own card before the next person takes the device.
"""
from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Page, expect
from tabletools import Player, replay_state
from waiting import STATE_JS

from wizard_engine.cards import SUIT_OF, card_name, cards_of
from wizard_engine.themes import card_label

PEOPLE = ["Ann", "Bob"]

# Everything of the page a card could hide in, the places that show played cards left out (the trick,
# the turned-up card, the dialogs, the screen reader's log and the coach's feedback on the viewer's
# own move name cards of earlier rounds and tricks, which a new deal may give to anybody): the text,
# every attribute, and the cards of the hand. The feedback is checked apart: empty at a hand-over.
# With it, in the same call (a whole game is hundreds of steps): the save, whose turn the table
# shows and the pass screen's words.
LOOK_JS = """() => {
  const copy = document.body.cloneNode(true);
  copy.querySelectorAll('dialog, #log, #feedback, #trick, #trump').forEach(n => n.remove());
  const attrs = [...copy.querySelectorAll('*')].flatMap(e => [...e.attributes].map(a => a.value));
  const text = (id) => document.getElementById(id).textContent.replace(/[\u2068\u2069]/g, '');
  return {
    text: copy.textContent + '\\n' + attrs.join('\\n'),
    words: attrs.flatMap(a => a.split(/\\s+/)),
    hand: [...document.querySelectorAll('#hand [data-card]')].map(b => b.dataset.card),
    cards: document.querySelectorAll('[data-card]:not(#trick *, #trump *, dialog *)').length,
    feedback: document.getElementById('feedback').textContent,
    save: localStorage.getItem('wizard.save'),
    me: document.querySelector('#me-info .seat-name')?.textContent ?? null,
    pass: text('pass-title'),
    take: text('pass-take'),
    takeBack: document.getElementById('pass-undo').hidden ? null : text('pass-take-back'),
    padBids: [...document.querySelectorAll('#pad .pad-current .pad-bid')].map(td => td.textContent),
    seatBids: [...document.querySelectorAll('#seats .seat .stat-bid dd')].map(dd => dd.textContent),
  };
}"""
CHOOSE_JS = ("() => document.querySelector("
             "'#decision [data-action]:not([disabled]), #hand button:not([disabled])').click()")


def state(page: Page) -> str:
    return page.wait_for_function(STATE_JS, timeout=30_000).json_value()


def told_apart(card: int) -> bool:
    """Wizards and Jesters have one notation each: only the suit cards say whose they are."""
    return SUIT_OF[card] < 4


def look(page: Page, viewer: int | None) -> dict[str, Any]:
    """What the page shows, checked against the engine's hands (the save, replayed): no hand
    but the viewer's is in the page (``viewer`` None: the device changes hands, no hand at all);
    at a person's turn the hand shown is exactly theirs; while bidding, no other seat's bid."""
    shown = page.evaluate(LOOK_JS)
    game = replay_state(shown["save"])
    dealt = [list(cards_of(hand)) for hand in game.hands]
    if game.phase == "bidding":  # hidden bids: nobody's is in the page but the viewer's own
        assert not any(text.isdigit() for seat, text in enumerate(shown["padBids"]) if seat != viewer)
        assert not any(text.isdigit() for text in shown["seatBids"])
    if viewer is None:
        assert shown["hand"] == [] and shown["cards"] == 0, "a hand is in the page while the device changes hands"
        assert shown["feedback"] == "", "the last person's feedback is still in the page"
    else:
        assert shown["me"] == PEOPLE[viewer]
        assert sorted(shown["hand"]) == sorted(map(card_name, dealt[viewer])), "the hand shown is not the viewer's"
        assert shown["cards"] == len(dealt[viewer])
    words = set(shown["words"])
    for seat, cards in enumerate(dealt):
        if seat == viewer:
            continue
        for card in filter(told_apart, cards):
            assert card_name(card) not in words and card_label(card) not in shown["text"], \
                f"{card_label(card)} of seat {seat} is in the page (viewer {viewer})"
    return shown


def plain(text: str) -> str:
    """Words without the marks that isolate a name for the bidirectional algorithm."""
    return text.replace("\u2068", "").replace("\u2069", "")


def new_game(page: Page) -> Player:
    player = Player(page)
    player.open(seed=31)
    # Six seats, two people among four bots: ten rounds, every hand-over a whole game has.
    player.new_game(players=6, name=PEOPLE[0], names=[PEOPLE[1], "Merlin", "Morgana", "Circe", "Gandalf"],
                    level=["person", "random", "random", "random", "random"], bidding="hidden", pace="instant",
                    close_draw=False)
    assert state(page) == "draw"
    page.get_by_role("button", name="Start the game").click()
    return player


def test_a_whole_pass_and_play_game_never_shows_a_person_anothers_hand(page: Page) -> None:
    started = time.monotonic()
    new_game(page)
    passes = turns = 0
    reloaded = took_back = False
    hinted: set[int] = set()
    while (now := state(page)) != "final":
        if now == "draw":
            page.get_by_role("button", name="Start the game").click()
        elif now == "round":
            page.locator("#round-next").click()
        elif now == "pass":
            # The keyboard confirms at once.  Waited for: a dialog closed over the pass screen
            # (the first-dealer draw) gives the focus back in its close event, which Chromium
            # fires a moment after the dialog is gone.
            expect(page.locator("#pass-take")).to_be_focused()
            shown = look(page, None)
            name = shown["pass"].removeprefix("Pass the device on. Next: ")
            assert name in PEOPLE and shown["take"] == f"Show my cards ({name})"
            if not reloaded and passes == 40:  # a reload in the middle: the pass screen comes back
                page.reload()
                Player(page).resume()
                assert state(page) == "pass"
                assert look(page, None)["pass"] == f"Pass the device on. Next: {name}"
                reloaded = True
            page.keyboard.press("Enter")
            passes += 1
        else:
            viewer = PEOPLE.index(page.evaluate(LOOK_JS)["me"])
            shown = look(page, viewer)
            if viewer not in hinted and ask_hint(page, shown):
                hinted.add(viewer)
            if not took_back and reloaded and take_back_own_card(page, viewer):
                took_back = True
                continue
            page.evaluate(CHOOSE_JS)
            turns += 1
    assert reloaded and took_back and hinted == {0, 1} and passes >= 10 * 2 and turns >= 2 * (10 + 55)
    print(f"pass-and-play game: {passes} hand-overs, {turns} decisions, {time.monotonic() - started:.1f} s")


def ask_hint(page: Page, shown: dict[str, Any]) -> bool:
    """The coach's hint on a card to play, for the person holding the device: its options are
    cards of their own hand (never the last person's advice). False when there is no choice."""
    playable = page.locator("#hand button:not([disabled])")
    if page.get_attribute("html", "data-phase") != "playing" or playable.count() < 2:
        return False
    page.keyboard.press("h")
    page.wait_for_selector("#hint-panel[data-state=ready]", timeout=120_000)
    options = page.locator("#hint-body tr[data-option]").evaluate_all("rows => rows.map(r => r.dataset.option)")
    assert options and {o.removeprefix("play ") for o in options} <= set(shown["hand"])
    return True


def take_back_own_card(page: Page, viewer: int) -> bool:
    """Lead a card; the next person is to play, so the device is to be handed on: the one
    who played takes it back on the pass screen. False when this is not such a moment."""
    if page.get_attribute("html", "data-phase") != "playing" or page.locator("#trick > li.play").count():
        return False
    if (viewer + 1) % 3 not in (0, 1) or page.locator("#hand button:not([disabled])").count() < 2:
        return False
    hand_before = sorted(page.evaluate(LOOK_JS)["hand"])
    page.locator("#hand button:not([disabled])").first.click()
    assert state(page) == "pass"
    assert look(page, None)["takeBack"] == f"Take back the last move ({PEOPLE[viewer]})"
    page.locator("#pass-take-back").click()
    assert state(page) == "turn"
    assert sorted(look(page, viewer)["hand"]) == hand_before
    return True


def test_two_people_may_not_share_a_name(page: Page) -> None:
    player = Player(page)
    player.open()
    player.open_settings()
    form = page.locator("#new-game")
    form.locator("#players").select_option("3")
    form.get_by_label("Your name").fill("Ann")
    form.locator("select[name=opponent-level-0]").select_option("person")
    expect(form.locator("#people-note")).to_contain_text("2 people share this device")
    form.locator("input[name=opponent-name-0]").fill("ann")
    form.get_by_role("button", name="Deal").click()
    expect(page.locator("#form-error")).to_be_visible()
    assert plain(page.locator("#form-error").inner_text()).startswith("Two players are called ann:")
    assert page.locator("#setup").is_visible()


def test_with_people_at_the_device_the_default_name_is_a_name_on_the_pass_screen_and_at_the_table(
        page: Page) -> None:
    """Issues 29 and 39.7: "You" names nobody when the device goes round ("Pass the device on. Next:
    You", "Show my cards (You)", German "Du"): with a person among the opponents the form's default
    name becomes "Player 1" (and "You" again without one); a name typed in is kept."""
    player = Player(page)
    player.open(seed=31)
    player.open_settings()
    form = page.locator("#new-game")
    name = form.get_by_label("Your name")
    expect(name).to_have_value("You")
    form.locator("#players").select_option("3")
    form.locator("select[name=opponent-level-0]").select_option("person")
    expect(name).to_have_value("Player 1")
    form.locator("select[name=opponent-level-0]").select_option("random")
    expect(name).to_have_value("You")
    form.locator("select[name=opponent-level-0]").select_option("person")
    form.locator("select[name=opponent-level-1]").select_option("random")
    form.locator("input[name=opponent-name-0]").fill("Bob")
    form.locator("#pace").select_option("instant")
    form.get_by_role("button", name="Deal").click()
    for _ in range(40):
        now = state(page)
        if now == "pass" and plain(page.locator("#pass-title").inner_text()).endswith("Player 1"):
            break
        if now == "pass":
            page.locator("#pass-take").click()
        elif now == "turn":
            page.evaluate(CHOOSE_JS)
        else:
            page.locator("dialog[open] .dialog-buttons button").first.click()
    else:
        raise AssertionError("the device never went to Player 1")
    said = plain(page.locator("#pass").inner_text())
    assert "Pass the device on. Next: Player 1" in said and "Show my cards (Player 1)" in said, said
    assert not re.search(r"\bYou\b", said), said
    page.locator("#pass-take").click()
    assert state(page) == "turn"
    expect(page.locator("#me-info .seat-name")).to_have_text("Player 1")
