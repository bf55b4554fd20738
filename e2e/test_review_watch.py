"""The game review (review.js) and Watch mode (watch.js) in the page.

A whole game ends with a review computed by the coach worker: every trick of every round,
forward and back, with all hands face up as dealt (checked against the engine's own record
of the game's save) minus the cards played; the costliest decisions jump to their trick;
mid-game, only the finished rounds. Watch mode: bots alone, every hand face up, play, pause
and step. The review keeps the page responsive: it is computed in the coach's worker, and the
page's own thread never loads the Python runtime (the page's long tasks and the review's
seconds are printed, not asserted: the review's speed is measured by bench/coach_pyodide.mjs).
"""
from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Page, expect
from sitetools import MOVES_JS, Watch, wait_while_moving
from tabletools import NAMES, Player, close_menu, finished_save, menu, open_finished, open_settings

from wizard_engine import save as saves
from wizard_engine.coach.record import finished_rounds

REVIEW_STALL_MS = 120_000  # the longest a review may go without a word of progress
REVIEW_PROGRESS = "document.getElementById('review-progress-text')?.textContent"
FINAL_SHOWN = "document.getElementById('final-dialog').open"

# Long tasks on the page's main thread, recorded from now on.
OBSERVE_LONG_TASKS = """() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push(Math.round(entry.duration));
    }).observe({ type: "longtask" });
}"""

# The files the page's own thread fetched (a worker's fetches are not listed), and those of
# them that belong to the Python runtime.
FETCHED_BY_PAGE = """() => {
    const names = performance.getEntriesByType("resource").map((e) => e.name);
    return { count: names.length, runtime: names.filter((name) => /pyodide|\\.whl/.test(name)) };
}"""
RESOURCE_BUFFER = 250  # Chromium's default: a full buffer would drop later entries


def assert_computed_off_the_page(page: Page) -> None:
    """The review came from the coach's worker: the page never loaded the runtime itself, so
    however long the review takes, the page's thread stays free to draw and answer."""
    assert page.evaluate("typeof window.loadPyodide") == "undefined"
    fetched = page.evaluate(FETCHED_BY_PAGE)
    assert 0 < fetched["count"] < RESOURCE_BUFFER, fetched
    assert fetched["runtime"] == [], fetched


# What the review shows at its current step: each seat's cards in hand and in the trick.
SHOWN = """() => {
    const dialog = document.getElementById("review-dialog");
    const labels = (node) => [...node.querySelectorAll(".card-picture")].map((c) => c.getAttribute("aria-label"));
    return {
        round: Number(dialog.dataset.round),
        trick: dialog.dataset.trick === "" ? null : Number(dialog.dataset.trick),
        seats: [...document.querySelectorAll("#review-seats .review-seat")].map((seat) => ({
            hand: labels(seat.querySelector(".review-hand")),
            play: labels(seat.querySelector(".review-play")),
        })),
    };
}"""


def card_label(card: str) -> str:
    """The classic theme's spoken name of a card (words.js's cardName)."""
    if card == "Z":
        return "Wizard"
    if card == "N":
        return "Jester"
    ranks = {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
    suits = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
    return f"{ranks.get(card[0], card[0])} of {suits[card[1]]}"


def record_of(save: str) -> list[dict[str, Any]]:
    """The engine's record of a save's finished rounds (every hand as dealt, every trick)."""
    return [dict(record) for record in finished_rounds(saves.parse(save))]


def expected_step(rounds: list[dict[str, Any]], round_: int, trick: int | None) -> list[dict[str, list[str]]]:
    """Each seat's cards left and its card in the trick, at a step of the review."""
    record = next(r for r in rounds if r["round"] == round_)
    tricks = record["tricks"][: 0 if trick is None else trick + 1]
    seats = []
    for seat, dealt in enumerate(record["hands"]):
        played = {p["card"] for t in tricks for p in t["plays"] if p["seat"] == seat}
        current = [] if trick is None else [p["card"] for p in record["tricks"][trick]["plays"] if p["seat"] == seat]
        seats.append({"hand": [card_label(c) for c in dealt if c not in played],
                      "play": [card_label(c) for c in current]})
    return seats


def open_review(page: Page, button: str) -> float:
    """Open the review with ``button``; wait for the coach's answer; returns the seconds it took."""
    started = time.monotonic()
    final = page.locator("#final-dialog[open]")  # (over the start page's "Last game", with a button of that name)
    (final if final.count() else page).get_by_role("button", name=button).click()
    dialog = page.locator("#review-dialog")
    expect(dialog).to_be_visible()
    wait_for_review(page)
    return time.monotonic() - started


def wait_for_review(page: Page) -> None:
    """The review on screen, however long it takes while its progress moves."""
    wait_while_moving(page, "!document.getElementById('review-body').hidden", REVIEW_PROGRESS, stall_ms=REVIEW_STALL_MS)


def fill_form(page: Page, players: int, level: str, pace: str = "instant", names: list[str] | None = None) -> None:
    """The new-game form as Player.new_game fills it, without dealing."""
    open_settings(page)
    form = page.locator("#new-game")
    form.locator("#players").select_option(str(players))
    for i in range(players - 1):
        form.locator(f"input[name=opponent-name-{i}]").fill((names or NAMES)[i])
        form.locator(f"select[name=opponent-level-{i}]").select_option(level)
    form.locator("#pace").select_option(pace)


def counted(page: Page) -> tuple[int, int]:
    """The review summary's (decisions counted, moves without another choice left out)."""
    decisions = re.search(r"of (\d+) decisions?", page.locator("#review-matches").inner_text())
    forced = re.search(r"Not counted: (\d+) moves? with no other choice", page.locator("#review-forced").inner_text())
    assert decisions and forced, (decisions, forced)
    return int(decisions.group(1)), int(forced.group(1))


STEP_OF_ROUND = "(round) => [...document.querySelectorAll('#review-round option')][round - 1].value"


def swipe(page: Page, dx: int) -> None:
    """A finger moving `dx` pixels across the review's board (pointer events, as a touch screen sends)."""
    page.evaluate("""(dx) => {
      const board = document.getElementById("review-board");
      const box = board.getBoundingClientRect();
      const at = (x) => ({ pointerType: "touch", clientX: x, clientY: box.top + 40, bubbles: true, isPrimary: true });
      const x = box.left + box.width / 2;
      board.dispatchEvent(new PointerEvent("pointerdown", at(x)));
      board.dispatchEvent(new PointerEvent("pointerup", at(x + dx)));
    }""", dx)


def moves(page: Page) -> int:
    """The number of moves of the game saved in this tab."""
    return int(page.evaluate("JSON.parse(localStorage.getItem('wizard.game') || 'null')?.moves ?? -1"))


def test_a_whole_game_ends_with_a_review_of_every_trick_with_every_hand_face_up(page: Page, watch: Watch) -> None:
    player = Player(page)
    # A whole game played out in Python (test_table.py plays one by clicks), its standings opened.
    open_finished(page, finished_save(players=3, seed=5, level="random"))
    page.evaluate(OBSERVE_LONG_TASKS)
    seconds = open_review(page, "Review the game")
    rounds = record_of(player.save())
    assert len(rounds) == 20

    summary = page.locator(".review-summary")
    expect(summary).to_contain_text("decisions as the coach would decide")
    # Issue 29: "62 of 109 as the coach would decide" stood beside "Best: 72"; one figure now.
    matches = re.search(r"^(\d+) of", page.locator("#review-matches").inner_text())
    best = re.search(r"Best: (\d+)", page.locator("#review-counts").inner_text())
    assert matches and best and matches.group(1) == best.group(1), (matches, best)
    expect(summary).to_contain_text("Expected points lost:")
    # Every bid and card of the person is reviewed; a move without another choice (each round's
    # last card, at least) is not counted for or against them.
    decisions, forced = counted(page)
    assert decisions + forced == 20 + sum(range(1, 21)) and forced >= 20
    # Step 1: round 1's bidding, every hand as dealt.
    shown = page.evaluate(SHOWN)
    assert (shown["round"], shown["trick"]) == (1, None)
    assert shown["seats"] == expected_step(rounds, 1, None)
    # Forward (button, then the arrow key) and back: the trick changes, the hands follow.
    page.get_by_role("button", name="Next ▶").click()
    shown = page.evaluate(SHOWN)
    assert (shown["round"], shown["trick"]) == (1, 0)
    assert shown["seats"] == expected_step(rounds, 1, 0)
    assert all(len(s["play"]) == 1 for s in shown["seats"])
    decision = page.locator("#review-decisions .review-decision")  # one card in hand: no choice
    expect(decision).to_have_text(re.compile(r"^Forced You could only play .+: \u2212?\d+\.\d points expected\.$"))
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    shown = page.evaluate(SHOWN)
    assert (shown["round"], shown["trick"]) == (2, 1)
    assert shown["seats"] == expected_step(rounds, 2, 1)
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(SHOWN)["seats"] == expected_step(rounds, 2, 0)
    page.get_by_role("button", name="◀ Previous").click()
    assert page.evaluate(SHOWN)["seats"] == expected_step(rounds, 2, None)
    # The last round: 20 cards each, every one of them face up at its bidding.
    page.keyboard.press("End")
    shown = page.evaluate(SHOWN)
    assert (shown["round"], shown["trick"]) == (20, 19)
    assert shown["seats"] == expected_step(rounds, 20, 19)
    for _ in range(20):
        page.keyboard.press("ArrowLeft")
    shown = page.evaluate(SHOWN)
    assert (shown["round"], shown["trick"]) == (20, None)
    assert [len(s["hand"]) for s in shown["seats"]] == [20, 20, 20]
    assert shown["seats"] == expected_step(rounds, 20, None)
    # The trick's led card and winner are marked.
    page.keyboard.press("ArrowRight")
    trick = rounds[19]["tricks"][0]
    seats = page.locator("#review-seats .review-seat")
    expect(seats.nth(trick["leader"]).locator(".led-badge")).to_have_text("led")
    expect(seats.nth(trick["winner"]).locator(".won-badge")).to_have_text("took it")
    # Issue 29: a jump to any round (a select beside the steps), and a swipe steps on a touch screen.
    round_select = page.locator("#review-round")
    expect(round_select).to_have_value(str(page.evaluate(STEP_OF_ROUND, 20)))
    round_select.select_option(label="Round 7 of 20")
    assert page.evaluate(SHOWN)["seats"] == expected_step(rounds, 7, None)
    swipe(page, -120)  # to the left: the next step
    assert (page.evaluate(SHOWN)["round"], page.evaluate(SHOWN)["trick"]) == (7, 0)
    swipe(page, 120)
    assert (page.evaluate(SHOWN)["round"], page.evaluate(SHOWN)["trick"]) == (7, None)
    expect(round_select).to_have_value(str(page.evaluate(STEP_OF_ROUND, 7)))

    page.get_by_role("button", name="Back to the standings").click()
    expect(page.locator("#final-dialog")).to_be_visible()
    long_tasks = page.evaluate("window.__longTasks")
    print(f"\n3-player review: {seconds:.1f} s; long tasks (ms): {long_tasks}")
    assert_computed_off_the_page(page)
    assert not watch.errors, watch.errors


def test_the_costliest_decisions_jump_to_their_trick(page: Page, watch: Watch) -> None:
    open_finished(page, finished_save(players=6, seed=8, level="random"))  # ten rounds: the cheapest to review
    open_review(page, "Review the game")
    jumps = page.locator("#review-costliest button")
    count = jumps.count()
    assert count > 0, "first_choice play loses points somewhere in 10 rounds"
    for i in reversed(range(count)):
        text = jumps.nth(i).inner_text()  # "Round 7, trick 3: play 9 of clubs (minus 4.2)"
        jumps.nth(i).click()
        where, choice = text.split(": ", 1)
        round_ = int(where.split(",")[0].split()[1])
        shown = page.evaluate(SHOWN)
        assert shown["round"] == round_
        if "trick" in where:
            assert shown["trick"] == int(where.split()[-1]) - 1
            card = choice.split(" (")[0].removeprefix("play ")
            mine = page.locator("#review-seats .review-seat.reviewed .review-play")
            expect(mine.locator(".card-picture")).to_have_attribute("aria-label", card)
            expect(mine).to_have_class(re.compile(r"\bverdict-(close|costly)\b"))
        else:
            assert shown["trick"] is None
        decision = page.locator("#review-decisions .review-decision").filter(has_text=choice.split(" (")[0])
        expect(decision).to_have_count(1)
        expect(decision).to_contain_text("The coach would")
        expect(decision.locator(".verdict")).to_have_text(re.compile("^(Best|Close|Costly)$"))
    # On a phone the summary stands above the board: a decision picked there is brought into view.
    for width, height in [(390, 844), (844, 390)]:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => document.getElementById('review-dialog').scrollTo(0, 0)")
        jumps.first.click()
        top = page.locator("#review-board").bounding_box()
        assert top and 0 <= top["y"] < height / 2, (width, top)
    assert not watch.errors, watch.errors


def test_mid_game_the_review_shows_only_the_rounds_played(page: Page, watch: Watch) -> None:
    player = Player(page)
    player.open(seed=3)
    player.new_game(players=3, pace="instant")
    player.wait_for("turn")
    menu(page)
    expect(page.get_by_role("button", name="Review rounds played")).to_be_disabled()
    close_menu(page)
    player.play_until(lambda state: state == "turn" and player.round_number() == 4)
    menu(page)
    open_review(page, "Review rounds played")
    expect(page.locator("#review-title")).to_have_text("Review of the rounds played")
    page.keyboard.press("End")
    shown = page.evaluate(SHOWN)
    assert (shown["round"], shown["trick"]) == (3, 2)
    assert page.locator("#review-where").inner_text().endswith("(step 9 of 9)")
    rounds = record_of(player.save())
    assert [r["round"] for r in rounds] == [1, 2, 3]
    assert shown["seats"] == expected_step(rounds, 3, 2)
    # On a phone turned sideways the board is taller than the screen: Previous and Next stay at
    # hand while it is scrolled.
    page.set_viewport_size({"width": 844, "height": 390})
    page.evaluate("() => document.getElementById('review-dialog').scrollBy(0, 600)")
    assert page.evaluate("() => document.getElementById('review-dialog').scrollTop") > 100
    nav = page.get_by_role("button", name="Next ▶").bounding_box()
    assert nav and nav["y"] >= 0 and nav["y"] + nav["height"] <= 390, nav
    # ... and the board has the screen's width: its seats stand side by side, not one to a row.
    seats = [page.locator("#review-seats > li").nth(i).bounding_box() for i in range(2)]
    assert seats[0] and seats[1] and seats[0]["y"] == seats[1]["y"], seats
    page.set_viewport_size({"width": 1280, "height": 720})
    page.keyboard.press("Escape")
    expect(page.locator("#review-dialog")).to_be_hidden()
    # On a phone the review opens with its board in view, in the screen's upper half (the
    # summary, up to five costliest decisions long, comes after it).
    page.set_viewport_size({"width": 390, "height": 844})
    menu(page)
    open_review(page, "Review rounds played")
    board = page.locator("#review-board").bounding_box()
    assert board and board["y"] <= 844 / 2, board
    page.keyboard.press("Escape")
    expect(page.locator("#review-dialog")).to_be_hidden()
    page.set_viewport_size({"width": 1280, "height": 720})
    # The game goes on where it was.
    player.choose_first()
    player.play_until(lambda state: state == "round")
    assert not watch.errors, watch.errors


def test_watch_mode_plays_a_whole_game_of_bots_with_every_hand_face_up_and_pauses(page: Page, watch: Watch) -> None:
    player = Player(page)
    player.open(seed=12)
    fill_form(page, players=6, level="random", pace="fast")  # ten rounds: the shortest whole game
    page.get_by_role("button", name="Watch the bots").click()
    bar = page.get_by_role("group", name="Watching the bots")
    expect(bar).to_be_visible()
    # What a screen reader hears, kept as it is said (the polite log is rewritten each time).
    page.evaluate("""() => { window.heard = [];
        new MutationObserver(() => window.heard.push(document.getElementById('log').textContent))
            .observe(document.getElementById('log'), { childList: true, characterData: true, subtree: true }); }""")
    # Every hand face up: both other seats' and the bottom seat's (no person: no "Your turn").
    page.wait_for_function("() => document.documentElement.dataset.phase === 'playing'")
    expect(page.locator("#seats .open-hand")).to_have_count(5)
    expect(page.locator("#hand .hand-card")).not_to_have_count(0)
    expect(page.locator("#me-info .seat-level")).to_have_text("random bot")
    expect(page.locator("#decision")).to_be_empty()
    # Pause: nothing moves; the right arrow makes one decision at a time.
    page.get_by_role("button", name="❚❚ Pause").click()
    expect(page.get_by_role("button", name="▶ Play")).to_be_visible()
    before = moves(page)
    page.wait_for_timeout(1500)
    assert moves(page) == before
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('wizard.game'))?.moves === {before + 1}")
    page.get_by_role("button", name="Step ▸").click()
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('wizard.game'))?.moves === {before + 2}")
    page.wait_for_timeout(800)
    assert moves(page) == before + 2
    # Space plays on, at the instant pace, to the final standings.
    menu(page)
    page.locator("#table-pace").select_option("instant")
    close_menu(page)
    page.evaluate("document.activeElement.blur()")  # Space on a focused button presses that button
    page.keyboard.press("Space")
    expect(page.get_by_role("button", name="❚❚ Pause")).to_be_visible()
    wait_while_moving(page, FINAL_SHOWN, MOVES_JS)
    expect(page.locator("#draw-dialog")).to_be_hidden()
    heard = page.evaluate("window.heard")
    assert any("plays" in words for words in heard)
    assert not [words for words in heard if "Your turn" in words]  # nobody at this device has a turn
    # The review of any seat: the picker chooses.
    open_review(page, "Review the game")
    expect(page.locator("#review-dialog")).to_have_attribute("data-seat", "0")
    page.get_by_label("Decisions of").select_option("2")
    wait_while_moving(page, "document.getElementById('review-dialog').dataset.seat === '2'", REVIEW_PROGRESS,
                      stall_ms=REVIEW_STALL_MS)
    wait_for_review(page)
    expect(page.locator("#review-seats .review-seat.reviewed")).to_have_attribute("data-seat", "2")
    assert not player.dialogs
    assert not watch.errors, watch.errors


def test_a_watched_game_resumes_after_a_reload(page: Page, watch: Watch) -> None:
    player = Player(page)
    player.open(seed=4)
    fill_form(page, players=4, level="random", pace="normal")
    page.get_by_role("button", name="Watch the bots").click()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('wizard.game'))?.moves > 3")
    page.get_by_role("button", name="❚❚ Pause").click()
    saved = moves(page)
    page.reload()
    player.resume()
    expect(page.get_by_role("group", name="Watching the bots")).to_be_visible()
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('wizard.game'))?.moves > {saved}")
    expect(page.locator("#seats .open-hand")).to_have_count(3)
    assert not watch.errors, watch.errors


def test_the_review_of_a_six_player_game_keeps_the_page_responsive(page: Page, watch: Watch) -> None:
    """Issue 9: a 6-player game's review, computed off the page.  Its time (aim: 30 s) is
    measured by bench/coach_pyodide.mjs; the seconds here and the page's long tasks (aim: none
    over 200 ms) are printed, not asserted: the machine's load decides them."""
    player = Player(page)
    player.open(seed=6)
    fill_form(page, players=6, level="random", pace="instant")
    page.get_by_role("button", name="Watch the bots").click()
    wait_while_moving(page, FINAL_SHOWN, MOVES_JS)
    page.wait_for_function("() => document.documentElement.dataset.coach === 'ready'", timeout=60_000)
    page.wait_for_timeout(2000)  # a rating of the last moves may still be on its way
    page.evaluate(OBSERVE_LONG_TASKS)
    seconds = open_review(page, "Review the game")
    long_tasks = page.evaluate("window.__longTasks")
    print(f"\n6-player review: {seconds:.1f} s ({page.locator('#review-matches').inner_text()}); "
          f"long tasks (ms): {long_tasks}")
    assert sum(counted(page)) == 10 + sum(range(1, 11))  # a seat's bids and cards in 10 rounds
    assert_computed_off_the_page(page)
    assert not watch.errors, watch.errors


def test_on_a_touch_screen_the_review_speaks_of_swipes_not_keys(browser, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, has_touch=True, is_mobile=True,
                                  viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto("./")
    page.wait_for_selector("html[data-app=ready]", state="attached")
    assert page.evaluate("document.getElementById('review-keys').hidden")
    assert not page.evaluate("document.getElementById('review-touch').hidden")
    assert "Swipe" in page.evaluate("document.getElementById('review-touch').textContent")
    context.close()
