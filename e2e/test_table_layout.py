"""The table's layout: big cards on a desktop, a phone that never scrolls sideways and keeps
your hand in view, the trick around the table, the last-trick peek
and the panel of the cards played.

Each test opens the page on a game prepared in CPython (tabletools.save_at: the page resumes
the save it finds), so it starts at the moment it looks at, at the fastest pace.
"""
from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

import pytest
from playwright.sync_api import Browser, FloatRect, Page, ViewportSize, expect
from tabletools import Player, close_menu, menu, open_saved, replay_state, resume, save_at

from wizard_engine.view import seat_view

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
SIDEWAYS: ViewportSize = {"width": 844, "height": 390}  # the phone turned: the felt between the seats
LONG_NAMES = ["You", "Bartholomew_the_Incredibly_Wisee", "Morgana_of_the_Seven_Seas_Realm", "C" * 32,
              "Prospero_Gandalf_Merlin_Circe_XY", "Z" * 32]

# Every card of the hand: its box, and whether the middle of its uncovered strip (a finger's
# target at least 40 px wide) hits that very card.
HAND_TARGETS = """() => [...document.querySelectorAll('#hand .hand-card')].map((card, i, all) => {
    const box = card.getBoundingClientRect();
    const face = card.querySelector('.card');
    const w = face.offsetWidth, h = face.offsetHeight;
    // (grid places, not boxes: a playable card is lifted a little)
    const next = all[i + 1];
    const sameRow = next && next.offsetTop === card.offsetTop;
    const strip = sameRow ? Math.min(next.offsetLeft - card.offsetLeft, w) : w;
    const below = all.slice(i + 1).find((c) => c.offsetTop > card.offsetTop);
    const height = below ? Math.min(below.offsetTop - card.offsetTop, h) : h;
    const hit = document.elementFromPoint(box.left + strip / 2, box.top + height / 2)?.closest('.hand-card') === card;
    return { left: box.left, right: box.left + w, top: box.top, bottom: box.top + h, strip, height, hit };
})"""


def view_of(save: str) -> Mapping[str, Any]:
    """What the page shows the person (seat 0) of a save."""
    return seat_view(replay_state(save), 0)


def page_at(browser: Browser, base_url: str, viewport: ViewportSize, save: str,
            settings: Mapping[str, Any] | None = None) -> Page:
    context = browser.new_context(viewport=viewport, base_url=base_url, locale="en-US")
    page = context.new_page()
    open_saved(page, save, settings)
    return page


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert page.viewport_size and width <= page.viewport_size["width"], f"the page is {width} px wide"


def test_on_a_desktop_the_hand_and_the_trick_have_big_cards(browser: Browser, base_url: str) -> None:
    save = save_at(4, lambda v: v["phase"] == "playing" and v["hand_size"] >= 10 and len(v["trick"]["plays"]) >= 2)
    page = page_at(browser, base_url, DESKTOP, save)
    Player(page).wait_for("turn")
    hand = page.locator("#hand .hand-card .card")
    assert hand.count() >= 9
    for box in (hand.nth(i).bounding_box() for i in range(hand.count())):
        assert box and box["width"] >= 90, box
    trick = page.locator("#trick .play .card")
    assert trick.count() >= 2
    for box in (trick.nth(i).bounding_box() for i in range(trick.count())):
        assert box and box["width"] >= 90, box
    no_sideways_scroll(page)
    # At your turn the table shows the trick and the whole of your hand together.
    felt = page.locator(".trick-felt").bounding_box()
    assert felt and felt["y"] >= 0
    for target in page.evaluate(HAND_TARGETS):
        assert target["bottom"] <= DESKTOP["height"] and target["hit"], target
    page.context.close()


def test_at_six_players_the_feedback_arriving_late_leaves_the_whole_hand_in_view(
        browser: Browser, base_url: str) -> None:
    """At your turn the page scrolls the trick and your hand into view; the coach's line on your
    bid may come after that and push the hand down: the page follows it (in a laptop's window
    shorter than the five sizes of test_table_fits.py, where six players no longer fit)."""
    save = save_at(6, lambda v: v["phase"] == "bidding" and v["hand_size"] >= 8, names=LONG_NAMES)
    window: ViewportSize = {"width": 1280, "height": 500}  # (six players fit 600 since the felt of columns)
    page = page_at(browser, base_url, window, save)
    player = Player(page)
    player.wait_for("turn")
    player.choose_first()
    player.play_until(lambda state: state == "turn" and player.view_phase() == "playing")
    expect(page.locator("#feedback")).not_to_be_empty(timeout=60_000)  # the coach's worker boots first
    assert page.evaluate("document.documentElement.scrollHeight") > window["height"]  # else nothing to follow
    page.wait_for_function(f"() => ({HAND_TARGETS})().every((target) => target.bottom <= innerHeight)",
                           timeout=30_000)  # a smooth scroll: slow on a busy machine
    felt = page.locator(".trick-felt").bounding_box()
    assert felt and felt["y"] >= 0
    page.context.close()


@pytest.mark.parametrize(("screen", "players"), [(PHONE, 6), (PHONE, 3), (SIDEWAYS, 6), (SIDEWAYS, 3)])
def test_a_phone_never_scrolls_sideways_and_keeps_the_hand_and_the_trick_in_view(
        browser: Browser, base_url: str, screen: ViewportSize, players: int) -> None:
    # Six players with 32-character names; or three in the last round: twenty cards each.
    if players == 6:
        save = save_at(6, lambda v: v["phase"] == "playing" and v["round"] >= 2 and len(v["trick"]["plays"]) >= 3,
                       names=LONG_NAMES)
    else:
        save = save_at(3, lambda v: v["phase"] == "playing" and v["hand_size"] == 20 and len(v["trick"]["plays"]) == 2)
    page = page_at(browser, base_url, screen, save)
    Player(page).wait_for("turn")
    no_sideways_scroll(page)
    dock = page.locator("#me").bounding_box()
    assert dock
    targets = page.evaluate(HAND_TARGETS)
    assert len(targets) == view_of(save)["hand_counts"][0]
    for target in targets:  # every card on screen, none cut off, each with its own target
        assert target["left"] >= 0 and target["right"] <= screen["width"], target
        assert target["top"] >= 0 and target["bottom"] <= screen["height"], target
        assert target["strip"] >= 40 and target["height"] >= 40 and target["hit"], target
    # The trick stands above the docked hand: no scrolling between them.
    for card in page.locator("#trick .play").all():
        box = card.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= dock["y"], box
    page.context.close()


def test_on_a_phone_the_tally_under_the_trick_stays_above_the_hand_when_feedback_arrives(
        browser: Browser, base_url: str) -> None:
    """The default game, as a first visit deals it: the coach's feedback on the bid makes your
    docked area taller at your first card, and the line under the trick (the bids against the
    tricks) must not end up behind it."""
    page = browser.new_context(viewport=PHONE, base_url=base_url, locale="en-US").new_page()
    page.goto("./?seed=3")
    player = Player(page)
    player.wait_table_ready()
    page.get_by_role("button", name="Play", exact=True).click()
    player.play_until(lambda state: state == "turn")
    player.choose_first()  # the bid: the coach rates it
    player.play_until(lambda state: state == "turn" and player.view_phase() == "playing")
    expect(page.locator("#feedback")).to_be_visible(timeout=60_000)
    expect(page.locator("#tally")).not_to_be_empty()
    page.wait_for_function("""() => document.getElementById('tally').getBoundingClientRect().bottom
        <= document.getElementById('me').getBoundingClientRect().top""", timeout=30_000)
    title = page.locator("#trick-title").bounding_box()
    assert title and title["y"] >= 0  # and the trick's top still in view
    page.context.close()


def overlap(a: FloatRect | None, b: FloatRect | None) -> bool:
    assert a and b
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def test_on_a_phone_turned_sideways_the_hint_leaves_the_trick_in_view(browser: Browser, base_url: str) -> None:
    """Turned sideways, the open hint is its pick beside the prompt (its table for screen readers
    only) and the figures lie on the cards: the docked hand does not grow over the trick (the hint
    had stood in a column beside the hand, whose cards wrapped to a second row and covered the
    trick). The card across keeps its tags clear of the last-trick button."""
    save = save_at(4, lambda v: v["phase"] == "playing" and v["round"] >= 12 and len(v["trick"]["plays"]) == 2
                   and len(v["hand"]) >= 10, seed=4, names=LONG_NAMES, level="medium")
    page = page_at(browser, base_url, SIDEWAYS, save, {"pace": "instant", "theme": "amigo"})
    Player(page).wait_for("turn")
    page.keyboard.press("h")
    expect(page.locator("#hint-panel")).to_have_attribute("data-state", "ready", timeout=60_000)
    expect(page.locator("#hint-status")).to_be_visible()
    expect(page.get_by_role("table")).to_have_count(1)  # (for a screen reader)
    body = page.locator("#hint-body").bounding_box()
    assert body and body["width"] <= 1 and body["height"] <= 1, body
    dock = page.locator("#me").bounding_box()
    assert dock
    for played in page.locator("#trick .play .card").all():
        box = played.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= dock["y"], (box, dock)
    # The line under the trump card (the bids against the tricks) too: the trump's words stand
    # beside its card, so three lines of it fit above the hand.
    tally = page.locator("#tally").bounding_box()
    assert tally and tally["height"] > 30 and tally["y"] + tally["height"] <= dock["y"], (tally, dock)
    for target in page.evaluate(HAND_TARGETS):
        assert target["top"] >= 0 and target["bottom"] <= SIDEWAYS["height"] and target["hit"], target
    figures = page.locator("#hand .hint-figure")
    assert figures.count() >= 1
    for figure in figures.all():  # on its card, not below it
        box, face = figure.bounding_box(), figure.locator("xpath=..").locator(".card").bounding_box()
        assert box and face and box["y"] + box["height"] <= face["y"] + face["height"], (box, face)
    button = page.locator("#peek-button").bounding_box()
    for tag in page.locator("#trick .play-tag").all():
        assert not overlap(tag.bounding_box(), button), (tag.inner_text(), tag.bounding_box(), button)
    page.context.close()


@pytest.mark.parametrize("screen", [PHONE, DESKTOP])
def test_in_a_hand_of_overlapping_cards_the_picks_figure_leaves_the_line_above_readable(
        browser: Browser, base_url: str, screen: ViewportSize) -> None:
    """Where the cards overlap (18 or more of them), a card's figures stand above it, and the
    coach's pick shows them as long as the hint is open: above the top row they lay over the
    line above the hand ("Any card may be played.")."""
    save = save_at(3, lambda v: v["phase"] == "playing" and v["hand_size"] >= 18 and len(v["hand"]) == v["hand_size"],
                   seed=5)
    page = page_at(browser, base_url, screen, save)
    Player(page).wait_for("turn")
    expect(page.locator("#hand")).to_have_class(re.compile(r"\boverlap\b"))
    page.keyboard.press("h")
    expect(page.locator("#hint-panel")).to_have_attribute("data-state", "ready", timeout=60_000)
    note = page.locator("#hand-note").bounding_box()
    assert note and note["height"] > 10
    top_row = page.evaluate("() => Math.min(...[...document.querySelectorAll('#hand .hand-card')]"
                            ".map(c => c.offsetTop))")
    shown = 0
    for card in page.locator("#hand .hand-card").all():
        if card.evaluate("c => c.offsetTop") != top_row:
            continue
        # A card's figures show while the pointer is on it (a playable card rises, over its
        # neighbours): pointed at on the strip that shows (its middle may lie under the next card),
        # the pointer coming from off the hand.
        page.mouse.move(0, 0)
        card.hover(position={"x": 8, "y": 30})
        card.evaluate("c => Promise.all(c.getAnimations().map(a => a.finished))")
        box = card.locator(".hint-figure").bounding_box()
        assert box and box["height"] > 5
        assert not overlap(box, note), (box, note)
        shown += 1
    assert shown >= 6
    page.context.close()


def test_on_a_phone_turned_sideways_a_rounds_result_fits_and_the_final_standings_open_at_their_start(
        browser: Browser, base_url: str) -> None:
    fits = "(id) => { const d = document.getElementById(id); return [d.scrollHeight, d.clientHeight, d.scrollTop]; }"
    for rounds, dialog in ((6, "round"), (15, "final")):

        def last_card(view: Mapping[str, Any], round_: int = rounds) -> bool:
            return bool(view["phase"] == "playing" and view["round"] == round_ and len(view["hand"]) == 1)

        save = save_at(4, last_card)
        page = page_at(browser, base_url, SIDEWAYS, save, {"pace": "instant", "autoContinue": False})
        player = Player(page)
        player.wait_for("turn")
        page.locator("#hand button:not([disabled])").first.click()
        player.wait_for(dialog)
        if dialog == "round":  # the result on the table, within its middle (the trick under it hidden)
            # Both measured at once: the coach's feedback on the last card may arrive meanwhile and
            # scroll the page by a line (two bounding_box() calls once straddled it, under load).
            strip, centre = page.evaluate("""() => ['#round-strip', '.centre'].map((css) => {
                const r = document.querySelector(css).getBoundingClientRect();
                return { x: r.x, y: r.y, width: r.width, height: r.height };
            })""")
            assert centre["y"] <= strip["y"] and strip["y"] + strip["height"] <= centre["y"] + centre["height"] + 1
            assert centre["x"] <= strip["x"] and strip["x"] + strip["width"] <= centre["x"] + centre["width"]
            expect(page.locator(".trick-felt")).to_have_css("visibility", "hidden")
            player.open_summary()
        scroll, height, top = page.evaluate(fits, f"{dialog}-dialog")
        if dialog == "round":  # the whole summary on screen: the last trick, the table, the buttons
            assert scroll <= height, (scroll, height)
        else:  # too long for the screen: it opens at the winners, not at its first button
            assert scroll > height and top == 0, (scroll, height, top)
            winners = page.locator("#final-winners").bounding_box()
            assert winners and winners["y"] >= 0 and winners["y"] + winners["height"] <= SIDEWAYS["height"]
        page.context.close()


# The middles of the trick's felt, of each seat's box and of each seat's card in the trick, once
# every animation has ended: {"felt": [x, y], "seats": {seat: [x, y]}, "cards": {seat: [x, y]}}.
TRICK_LAYOUT = """async () => {
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
  const middle = (element) => {
    const box = element.getBoundingClientRect();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const bySeat = (selector) => Object.fromEntries([...document.querySelectorAll(selector)]
    .map((element) => [element.dataset.seat, middle(element)]));
  return { felt: middle(document.querySelector(".trick-felt")), seats: bySeat("#seats [data-seat]"),
           cards: bySeat("#trick [data-seat][data-card]") };
}"""


def test_the_trick_lies_before_its_players_the_led_and_winning_cards_marked(browser: Browser, base_url: str) -> None:
    save = save_at(6, lambda v: v["phase"] == "playing" and v["round"] >= 3 and len(v["trick"]["plays"]) == 5)
    view = view_of(save)
    page = page_at(browser, base_url, DESKTOP, save)
    Player(page).wait_for("turn")
    plays = view["trick"]["plays"]
    cards = page.locator("#trick [data-card]")
    expect(cards).to_have_count(len(plays))
    # Measured at once, the cards landed: a card still flying in, or a seat redrawn (its win
    # chance arriving) between two measures, would put a card before another seat.
    layout = page.evaluate(TRICK_LAYOUT)
    middle = layout["felt"]

    def direction(centre: list[float]) -> float:
        """The angle from the felt's middle to `centre`."""
        return math.atan2(centre[1] - middle[1], centre[0] - middle[0])

    seats = {seat: direction(layout["seats"][str(seat)]) for seat in range(1, 6)}
    for play in plays:
        expect(page.locator(f"#trick [data-seat='{play['seat']}'][data-card='{play['card']}']")).to_have_count(1)
        # In front of its player: seen from the felt's middle, towards that seat's box more than any other's.
        angle = direction(layout["cards"][str(play["seat"])])
        if play["seat"] == 0:
            assert angle > math.pi / 4 and angle < 3 * math.pi / 4, angle  # below the middle: you
            continue
        nearest = min(seats, key=lambda seat: abs(math.remainder(seats[seat] - angle, math.tau)))
        assert nearest == play["seat"], (play, nearest)
    led = page.locator("#trick [data-led]")
    expect(led).to_have_count(1)
    expect(led).to_have_attribute("data-seat", str(plays[0]["seat"]))
    expect(led.locator(".play-led")).to_have_text("Led")
    winner = page.locator("#trick [data-winner]")
    expect(winner).to_have_attribute("data-seat", str(view["trick"]["winner"]))
    expect(winner.locator(".play-note")).to_have_text("winning")
    ring = winner.locator(".card").evaluate("(c) => getComputedStyle(c).outlineWidth")
    assert ring == "4px"  # more than a thin glow
    page.context.close()


def test_the_last_trick_can_be_looked_at_again_during_the_next(browser: Browser, base_url: str) -> None:
    save = save_at(4, lambda v: v["phase"] == "playing" and len(v["tricks"]) >= 2 and len(v["trick"]["plays"]) == 1)
    view = view_of(save)
    last = view["last_trick"]
    page = page_at(browser, base_url, DESKTOP, save)
    Player(page).wait_for("turn")
    names = [p["name"] for p in view["players"]]
    took = "You took the last trick" if last["winner"] == 0 else f"{names[last['winner']]} took the last trick"
    said = page.locator("#trick-last").inner_text().replace("\u2068", "").replace("\u2069", "")  # (names isolated)
    assert said == took  # said until the next trick ends
    button = page.get_by_role("button", name="Last trick")
    button.focus()
    page.keyboard.press("Enter")
    peek = page.get_by_role("region", name=f"Trick {len(view['tricks'])}, the last one")
    expect(peek).to_be_visible()
    cards = peek.locator(".play")
    expect(cards).to_have_count(len(last["plays"]))
    shown = cards.evaluate_all("(cards) => cards.map((c) => [Number(c.dataset.peekSeat), c.dataset.peekCard])")
    assert shown == [[p["seat"], p["card"]] for p in last["plays"]]
    expect(peek.locator("[data-winner]")).to_have_attribute("data-peek-seat", str(last["winner"]))
    expect(peek.locator("[data-winner] .play-note")).to_have_text("took it")
    expect(page.locator("#trick [data-card]")).to_have_count(1)  # the trick on the table stays as it is
    expect(page.get_by_role("button", name="Back to this trick")).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Escape")
    expect(peek).to_be_hidden()
    expect(page.get_by_role("button", name="Last trick")).to_be_focused()
    page.context.close()


def test_the_played_cards_panel_is_off_until_ticked_and_then_remembered(browser: Browser, base_url: str) -> None:
    save = save_at(4, lambda v: v["phase"] == "playing" and len(v["tricks"]) >= 2 and len(v["trick"]["plays"]) >= 1)
    view = view_of(save)
    page = page_at(browser, base_url, DESKTOP, save, {"pace": "instant", "theme": "amigo"})
    Player(page).wait_for("turn")
    panel = page.get_by_role("region", name="Played this round")
    expect(panel).to_be_hidden()
    menu(page)
    page.get_by_label("Cards played").check()
    close_menu(page)
    expect(panel).to_be_visible()
    played = [p["card"] for t in [*view["tricks"], view["trick"]] for p in t["plays"]]
    expect(panel.locator("[data-played]")).to_have_count(len(played))
    names = {"C": "Humans (blue)", "D": "Dwarves (red)", "H": "Elves (green)", "S": "Giants (yellow)"}
    for suit, name in names.items():
        row = panel.locator(f".played-row[data-suit='{suit}']")
        expect(row.locator(".played-name")).to_have_text(name)
        count = sum(1 for card in played if card[1:] == suit)
        expect(row.locator(".played-count")).to_have_text(f"({count})")
        expect(row.locator(".card.theme-amigo")).to_have_count(count)
    page.reload()
    resume(page)
    menu(page)
    expect(page.get_by_label("Cards played")).to_be_checked()
    expect(page.get_by_role("region", name="Played this round")).to_be_visible()
    page.context.close()


# Every box the first-dealer line must leave uncovered: the seats, your box, the toolbar, the trump
# card and every card outside the line itself; and whether the line's words stay inside it.
BRIEF_COVERS = """() => {
    const brief = document.getElementById('draw-brief').getBoundingClientRect();
    const boxes = [...document.querySelectorAll('.seat, #me, .toolbar, .trump .card, .card')]
        .filter((node) => !node.closest('#draw-brief') && node.getClientRects().length);
    const over = (b) => b.left < brief.right && brief.left < b.right && b.top < brief.bottom && brief.top < b.bottom;
    const covered = boxes.filter((node) => over(node.getBoundingClientRect()))
        .map((node) => node.id || node.className);
    const inside = [...document.querySelectorAll('#draw-brief > *')].every((node) => {
        const b = node.getBoundingClientRect();
        return b.left >= brief.left - 1 && b.right <= brief.right + 1
            && b.top >= brief.top - 1 && b.bottom <= brief.bottom + 1;
    });
    return { covered, inside, onScreen: brief.top >= 0 && brief.bottom <= innerHeight && brief.right <= innerWidth };
}"""


@pytest.mark.parametrize("screen", [DESKTOP, {"width": 1366, "height": 657}, {"width": 1440, "height": 900}, PHONE,
                                    SIDEWAYS])
def test_the_first_dealer_is_shown_without_covering_a_seat_or_a_card(browser: Browser, base_url: str,
                                                                      screen: ViewportSize) -> None:
    context = browser.new_context(viewport=screen, base_url=base_url, locale="en-US", reduced_motion="reduce")
    page = context.new_page()
    player = Player(page)
    player.open(seed=5)
    player.new_game(players=6, options=("foresight",))
    player.wait_for("turn")
    brief = page.locator("#draw-brief")
    expect(brief).to_be_visible()
    expect(brief).to_contain_text("deals first.")
    assert page.evaluate(BRIEF_COVERS) == {"covered": [], "inside": True, "onScreen": True}
    context.close()


FIVE_SIZES: list[ViewportSize] = [DESKTOP, {"width": 1366, "height": 657}, {"width": 1440, "height": 900}, PHONE,
                                  SIDEWAYS]
# The words of these lines that are cut (the line wider than its box) or split across two lines.
SPLIT_WORDS = """(selector) => [...document.querySelectorAll(selector)].flatMap((node) => {
    if (node.scrollWidth > node.clientWidth + 1) return [`${node.id || node.className} is cut`];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const split = [];
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (const word of text.data.matchAll(/[^\\s\\u2068\\u2069]+/g)) {
            const range = document.createRange();
            range.setStart(text, word.index);
            range.setEnd(text, word.index + word[0].length);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) split.push(word[0]);
        }
    }
    return split;
})"""


def test_the_trump_line_and_the_last_trick_line_are_never_cut_nor_split(browser: Browser, base_url: str) -> None:
    save = save_at(4, lambda v: v["phase"] == "playing" and len(v["tricks"]) >= 1 and v["tricks"][-1]["winner"] != 0,
                   unicoloured=True)
    page = page_at(browser, base_url, DESKTOP, save)
    Player(page).wait_for("turn")
    expect(page.locator("#trick-last")).to_contain_text("took the last trick")
    expect(page.locator(".trump-text")).to_have_text("No trump in Unicoloured")
    for screen in FIVE_SIZES:
        page.set_viewport_size(screen)
        assert page.evaluate(SPLIT_WORDS, ".trump-text, #trick-last") == [], screen
    page.context.close()
