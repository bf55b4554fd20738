"""The coach at the table: the Hint panel, the feedback after each move, the win chances.

The coach answers in its own worker, at its own speed: these tests wait for its answers
(generously) but never for a given speed, and the bots play at the "instant" pace meanwhile.
"""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from sitetools import Watch, decimal
from tabletools import Player, close_menu, menu, open_saved, resume, save_at

COACH_TIMEOUT_MS = 60_000
MINUS = "\u2212"  # the page writes negative figures with a true minus sign
NUMBER = rf"(?:[+{MINUS}]\d+\.\d|0\.0)"  # (zero unsigned)
POINTS = re.compile(rf"^{NUMBER}$")
PERCENT = re.compile(r"^\d{1,3}%$")

# Keep the coach's worker busy for a while (practice hands of a 6-player round 10), so the
# hint's own request waits behind them: the panel must then say it is thinking.
BUSY_COACH = """async () => {
    const { startCoach } = await import(new URL("engine/engine.js", document.baseURI).href);
    const coach = startCoach();
    await coach.ready;
    for (let seed = 1; seed <= 16; seed++) coach.call("practice_advice", { players: 6, round: 10, seed });
}"""


def enabled_options(page: Page) -> list[str]:
    """The person's options as the table offers them: enabled bid or suit buttons, else playable cards."""
    return page.locator("#decision [data-action]:not([disabled]), #hand button:not([disabled])").evaluate_all(
        "(buttons) => buttons.map((b) => b.dataset.action)")


def test_a_hint_lists_every_option_best_first_with_points_and_chances_and_marks_the_pick(
        page: Page, watch: Watch) -> None:
    player = Player(page)
    player.open(seed=3)
    player.new_game(players=4, close_draw=False)
    page.evaluate(BUSY_COACH)
    page.get_by_role("button", name="Start the game").click()
    player.play_until(lambda state: state == "turn")
    hint = page.get_by_role("button", name="Hint")
    hint.click()
    panel = page.get_by_role("region", name="The coach's hint")
    expect(panel).to_be_visible()
    expect(panel).to_have_attribute("data-state", "thinking")  # the coach is busy: the hint waits, and says so
    expect(panel.get_by_role("status")).to_have_text("The coach is thinking…")
    expect(panel.locator("progress")).to_be_visible()
    page.keyboard.press("Escape")  # dismissable while it thinks
    expect(panel).to_be_hidden()
    expect(hint).to_have_attribute("aria-expanded", "false")

    hint.click()
    expect(panel).to_have_attribute("data-state", "ready", timeout=COACH_TIMEOUT_MS)
    rows = panel.locator("tbody tr")
    options = enabled_options(page)
    assert sorted(rows.evaluate_all("(rows) => rows.map((r) => r.dataset.option)")) == sorted(options)
    points = rows.locator(".hint-points").all_inner_texts()
    chances = rows.locator(".hint-make").all_inner_texts()
    assert all(POINTS.match(p) for p in points), points
    assert all(PERCENT.match(c) and int(c[:-1]) <= 100 for c in chances), chances
    values = [decimal(p) for p in points]
    assert values == sorted(values, reverse=True), "best first"
    pick = panel.locator("tr.hint-pick")
    expect(pick).to_have_count(1)
    expect(pick).to_contain_text("coach's pick")
    expect(panel.get_by_role("status")).to_contain_text(pick.locator(".hint-option-name").inner_text())
    # The same figures on the buttons themselves, the pick's marked.
    for option, text, chance in zip(rows.evaluate_all("(rows) => rows.map((r) => r.dataset.option)"), points, chances):
        button = page.locator(f"#table [data-action='{option}']")
        # (drawn by the stylesheet from data-drawn: not the button's text, which names it)
        drawn = button.first.locator(".hint-figure [data-drawn]").evaluate_all("(s) => s.map((x) => x.dataset.drawn)")
        assert "".join(drawn) == f"{text} · {chance}", drawn
    picked = page.locator("#table [data-action].hint-picked").evaluate_all("(b) => b.map((x) => x.dataset.action)")
    assert set(picked) == {pick.get_attribute("data-option")}
    assert not watch.errors


def test_the_hint_works_from_the_keyboard_alone(page: Page, watch: Watch) -> None:
    player = Player(page)
    player.open(seed=4)
    player.new_game(players=3)
    player.play_until(lambda state: state == "turn")
    hint = page.get_by_role("button", name="Hint")
    page.locator("#round-info").click()  # a neutral place to start tabbing from
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement?.id") == "hint-button":
            break
    expect(hint).to_be_focused()
    page.keyboard.press("Enter")
    panel = page.get_by_role("region", name="The coach's hint")
    expect(panel).to_be_focused()
    expect(panel).to_have_attribute("data-state", "ready", timeout=COACH_TIMEOUT_MS)
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(hint).to_be_focused()
    page.keyboard.press("h")  # the key, from the keyboard's place on the table
    expect(panel).to_be_visible()
    page.get_by_role("button", name="Close the hint").click()
    expect(panel).to_be_hidden()
    assert not watch.errors


def coach_caught_up(page: Page) -> None:
    """Wait until the coach has answered a request sent now: it answers in order, so any
    rating of an earlier move has come by then."""
    page.evaluate("""async () => {
        const { startCoach } = await import(new URL("engine/engine.js", document.baseURI).href);
        await startCoach().call("practice_advice", { players: 3, round: 1, seed: 1 });
    }""")


def test_feedback_follows_each_move_and_one_click_switches_it_off(page: Page, watch: Watch) -> None:
    player = Player(page)
    player.open(seed=5)
    player.new_game(players=3)
    player.play_until(lambda state: state == "turn")
    feedback = page.locator("#feedback")
    player.choose_first()
    expect(feedback).to_be_visible(timeout=COACH_TIMEOUT_MS)
    expect(feedback).to_have_text(re.compile(
        r"^(Best\. The coach chose .+ too\."
        r"|Best\. .+ is as good as the coach's pick, .+\."
        r"|Close\. The best was .+; yours, .+, is within \d+\.\d points of it\."
        rf"|Costly: {MINUS}\d+\.\d points\. Better was .+ \({NUMBER} against {NUMBER} for .+\)\.)$"))
    expect(feedback).to_have_attribute("aria-live", "polite")

    menu(page)
    toggle = page.get_by_role("checkbox", name="Feedback")
    toggle.uncheck()
    close_menu(page)
    expect(feedback).to_be_hidden()
    assert page.evaluate("JSON.parse(localStorage.getItem('wizard.settings')).feedback") is False
    for _ in range(4):
        player.play_until(lambda state: state == "turn")
        player.choose_first()
    coach_caught_up(page)
    expect(feedback).to_be_hidden()

    page.reload()
    player.resume()
    menu(page)
    expect(page.get_by_role("checkbox", name="Feedback")).not_to_be_checked()  # remembered
    assert not watch.errors


def test_a_move_without_another_choice_is_not_the_coachs_pick_nor_rated(page: Page, watch: Watch) -> None:
    player = Player(page)
    player.open(seed=5)
    player.new_game(players=3)
    feedback = page.locator("#feedback")
    player.play_until(lambda state: state == "turn")
    player.choose_first()  # round 1's bid: 0 or 1
    expect(feedback).to_be_visible(timeout=COACH_TIMEOUT_MS)
    player.play_until(lambda state: state == "turn")
    expect(player.hand().locator("button:not([disabled])")).to_have_count(1)  # the round's one card
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("#hint-status")).to_have_text(re.compile(r"^No other choice: .+\.$"), timeout=COACH_TIMEOUT_MS)
    expect(page.locator("#hint-body tbody tr")).to_have_count(1)
    expect(page.locator("#hint-body .hint-pick-mark, #hand .hint-picked")).to_have_count(0)
    page.get_by_role("button", name="Close the hint").click()
    player.choose_first()
    coach_caught_up(page)
    expect(feedback).to_be_hidden()  # no "Best." for the only card there was
    assert not watch.errors


def test_the_feedback_on_a_round_goes_when_the_next_deal_begins(page: Page, watch: Watch) -> None:
    player = Player(page)
    player.open(seed=5)
    player.new_game(players=3)
    feedback = page.locator("#feedback")
    player.play_until(lambda state: state == "turn" and player.round_number() == 2)
    player.choose_first()  # round 2's bid
    player.play_until(lambda state: state == "turn")
    player.choose_first()  # a card of round 2 with a choice: the last one of the round is forced
    expect(feedback).to_be_visible(timeout=COACH_TIMEOUT_MS)
    player.play_until(lambda state: state == "turn" and player.round_number() == 3)
    expect(feedback).to_be_hidden()
    coach_caught_up(page)
    expect(feedback).to_be_hidden()
    player.choose_first()
    expect(feedback).to_be_visible(timeout=COACH_TIMEOUT_MS)  # round 3's own moves are rated
    assert not watch.errors


def test_win_chances_appear_after_round_one_beside_each_player_and_in_the_pad(page: Page, watch: Watch) -> None:
    player = Player(page)
    player.open(seed=6)
    player.new_game(players=4)
    player.play_until(lambda state: state == "round")
    player.next_round()
    chances = page.locator("#table .chance")
    # the chances from the start stay beside the seats until round 1's are weighed
    expect(page.locator("#table .chance[data-finished='1']")).to_have_count(4, timeout=COACH_TIMEOUT_MS)
    values = [float(v) for v in chances.evaluate_all("(items) => items.map((i) => i.dataset.chance)")]
    assert abs(sum(values) - 1) < 1e-3, values
    seats = [int(s) for s in chances.evaluate_all("(items) => items.map((i) => i.dataset.seat)")]
    assert sorted(seats) == [0, 1, 2, 3]
    texts = dict(zip(seats, chances.all_inner_texts()))
    shown = [int(re.fullmatch(r"Win chance (\d+)%", texts[seat]).group(1)) for seat in range(4)]  # type: ignore[union-attr]
    assert 97 <= sum(shown) <= 103, shown

    page.get_by_role("button", name="Score pad").click()
    pad = page.get_by_role("table", name="Score pad")
    cells = pad.locator("tbody tr[data-round='1'] td.pad-chance")
    expect(cells).to_have_count(4)
    assert [c.rstrip("%") for c in cells.all_inner_texts()] == [str(s) for s in shown]
    assert not watch.errors


def test_the_h_key_works_while_a_toolbar_checkbox_has_the_focus(page: Page) -> None:
    """Issue 29: keys work unless the focus is in a text field (a checkbox is none)."""
    player = Player(page)
    player.open(seed=5)
    player.new_game(players=3)
    player.play_until(lambda state: state == "turn")
    expect(page.get_by_role("button", name="Hint")).to_be_enabled(timeout=COACH_TIMEOUT_MS)
    menu(page)
    page.get_by_role("checkbox", name="Cards played").focus()
    page.keyboard.press("h")
    expect(page.locator("#hint-panel")).to_be_visible()


def test_the_feedback_line_follows_a_change_of_language(page: Page) -> None:
    """Issue 29: after switching language mid-game the feedback line stayed in the old one until the next move."""
    player = Player(page)
    player.open(seed=5)
    player.new_game(players=3)
    player.play_until(lambda state: state == "turn")
    player.choose_first()
    feedback = page.locator("#feedback")
    expect(feedback).to_have_text(re.compile(r"^(Best\.|Close\.|Costly:)"), timeout=COACH_TIMEOUT_MS)
    page.locator("#language").select_option("de")
    expect(feedback).to_have_text(re.compile(r"^(Bestens\.|Knapp\.|Teuer:)"))


# Logs the method of every request posted to the coach's worker (named "coach"), in order.
LOG_COACH_REQUESTS = """
(() => {
  window.coachRequests = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message?.request) {
      const method = JSON.parse(message.request).method;
      if (["advise", "chances", "rate"].includes(method)) window.coachRequests.push(method);
    }
    return post.call(this, message, ...rest);
  };
})();
"""


def test_after_a_resume_late_in_a_game_the_hint_is_asked_before_the_chances(page: Page, watch: Watch) -> None:
    """Issue 32: resumed in round 12, the chances of 11 finished rounds were weighed first and
    the first hint waited behind them (6.5 s on a quiet machine, 30 s on a busy one)."""
    save = save_at(3, lambda v: v["round"] >= 12 and v["phase"] == "bidding")
    page.add_init_script(LOG_COACH_REQUESTS)
    open_saved(page, save)
    page.goto("./")
    resume(page)
    Player(page).wait_for("turn")
    page.wait_for_function("() => window.coachRequests.includes('chances')", timeout=COACH_TIMEOUT_MS)
    requests = page.evaluate("window.coachRequests")
    assert requests.index("advise") < requests.index("chances"), requests
    page.keyboard.press("h")
    expect(page.locator("#hint-panel")).to_have_attribute("data-state", "ready", timeout=COACH_TIMEOUT_MS)
    expect(page.locator("#table .chance")).to_have_count(3, timeout=COACH_TIMEOUT_MS)  # and the chances follow
    assert not watch.errors, watch.errors
