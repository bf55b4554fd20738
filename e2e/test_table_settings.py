"""Issue 29, points 5 and 7, and issue 39.5: a round's result on the table that goes on by itself,
the full summary a tap away, and take-backs allowed.

The result stays 0.7 s at the Instant pace and 5 s at the Relaxed one (lib/pace.js PACES): these
tests wait on conditions, or on the page's own clock past those times.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from playwright.sync_api import Page, expect
from sitetools import Watch
from tabletools import Player, close_menu, find_game, menu

STRIP_SHOWN = "() => !document.getElementById('round-strip').hidden"
NEXT_ROUND_BIDDING = """() => document.getElementById('round-strip').hidden
  && document.documentElement.dataset.phase === 'bidding'
  && document.querySelector('#round-info strong')?.textContent.trim().startsWith('Round 2')"""


def open_page(page: Page, seed: int = 5) -> Player:
    player = Player(page)
    player.open(seed=seed)
    return player


def test_the_rounds_result_shows_on_the_table_and_the_next_round_is_bid(page: Page, watch: Watch) -> None:
    """Issue 39.5: each player's bid, tricks and points on the table, the scores moved on, and
    the game goes on without a tap; the full summary opens on a tap."""
    player = open_page(page, seed=6)
    player.new_game(players=3, pace="relaxed")  # (5 s to read the result, on a busy machine too)
    assert player.play_until(lambda s: s == "round") == "round"
    strip = page.locator("#round-strip")
    expect(strip).to_contain_text("Round 1 of 20 is over")
    seats = strip.locator(".strip-seat")
    expect(seats).to_have_count(3)
    # The figures are the score pad's: the round's row, seat by seat.
    pad = page.evaluate("""() => [...document.querySelectorAll('#round-strip .strip-seat')].map((li) =>
        [li.querySelector('.strip-name').textContent, li.querySelector('.strip-figures').textContent,
         li.querySelector('.strip-points').textContent, li.querySelector('.strip-total').textContent])""")
    assert [row[0] for row in pad] == ["You", "Merlin", "Morgana"], pad
    for _, figures, points, total in pad:
        bid, taken = (int(n) for n in figures.replace("bid ", "").replace("took ", "").split(", "))
        assert bid in (0, 1) and taken in (0, 1), figures
        assert points == (f"+{20 + 10 * bid}" if bid == taken else "\u221210"), (figures, points)  # (a minus sign)
        assert total == f"total {points.lstrip('+')}", total  # round 1: the total is the points
    moved = page.locator("#seats .score-moved, #me .score-moved")
    expect(moved).to_have_count(3)  # each seat's score moved by the round's points
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")  # one screen still
    # Nobody taps: the next round is dealt and bid.
    page.mouse.move(2, 2)  # (not over the strip: a pointer over it holds the count)
    page.wait_for_function(NEXT_ROUND_BIDDING, timeout=30_000)
    assert page.evaluate("document.getElementById('round-dialog').open") is False

    # Round 2's result: its full summary a tap away, and the table waits while it is open.
    player.play_until(lambda s: s == "round")
    dialog = player.open_summary()
    expect(dialog).to_contain_text("Round 2 of 20 is over")
    expect(dialog.locator("#round-summary tbody tr")).to_have_count(3)
    start = page.evaluate("performance.now()")
    page.wait_for_function(f"() => performance.now() > {start} + 6000")  # past the result's 5 s
    expect(page.locator("#round-info")).to_contain_text("Round 2 of 20")
    page.locator("#round-next").click()  # "Back to the table": the count goes on
    page.mouse.move(2, 2)
    page.wait_for_function("""() => document.getElementById('round-strip').hidden
        && document.querySelector('#round-info strong')?.textContent.trim().startsWith('Round 3')""",
        timeout=30_000)
    assert not watch.errors, watch.errors


def test_with_the_setting_off_the_result_stays_until_next_round(page: Page, watch: Watch) -> None:
    player = open_page(page)
    player.new_game(players=3)
    menu(page)
    toggle = page.get_by_label("Rounds go on by themselves")
    expect(toggle).to_be_checked()  # on unless turned off
    toggle.uncheck()
    close_menu(page)
    assert json.loads(page.evaluate("localStorage.getItem('wizard.settings')"))["autoContinue"] is False
    player.play_until(lambda s: s == "round")
    # Four times the result's own time later (Instant: 0.7 s), by the page's own clock, it is still there.
    start = page.evaluate("performance.now()")
    page.wait_for_function(f"() => performance.now() > {start} + 3000")
    assert page.evaluate(STRIP_SHOWN)
    expect(page.locator("#round-info")).to_contain_text("Round 1 of 20")
    page.get_by_role("button", name="On to round 2").click()
    page.wait_for_function(NEXT_ROUND_BIDDING)
    assert not watch.errors, watch.errors


def test_the_next_rounds_turn_waits_until_the_result_has_gone(page: Page, watch: Watch) -> None:
    """Issue 39.5: while round 1's result is on the table, round 2's first bid (the person's) is
    neither announced nor offered to the hint; once the result has gone, it is."""
    seed, _ = find_game(3, lambda v: v["round"] == 2 and v["phase"] == "bidding" and not any(v["has_bid"]))
    player = open_page(page, seed=seed)
    player.new_game(players=3)
    player.hold_results()
    assert player.play_until(lambda s: s == "round") == "round"
    log = page.locator("#log")
    expect(log).to_contain_text("Round 1 is over")
    assert "Your turn" not in log.inner_text()
    expect(page.locator("#hint-button")).to_be_disabled()
    page.get_by_role("button", name="On to round 2").click()
    player.wait_for("turn")
    expect(log).to_have_text("Your turn to bid.")
    expect(page.locator("#hint-button")).to_be_enabled()
    assert not watch.errors, watch.errors


# The person's clicks, and the rounds' results shown: counted by the page as they happen (a result
# that goes on by itself may come and go between two looks of a test on a busy machine).
COUNT_CLICKS = """() => {
  window.personClicks = 0;
  document.addEventListener('click', (event) => { if (event.isTrusted) window.personClicks += 1; }, true);
  window.resultsShown = 0;
  const strip = document.getElementById('round-strip');
  new MutationObserver(() => { if (!strip.hidden) window.resultsShown += 1; })
    .observe(strip, { attributes: true, attributeFilter: ['hidden'] });
}"""


def test_a_whole_four_player_game_takes_one_click_per_bid_and_card(page: Page, watch: Watch) -> None:
    """Issue 29's target: at Instant pace a whole 4-player game takes no more clicks than cards plus
    bids (plus a trump chosen now and then): no result to close, no step to confirm."""
    player = open_page(page, seed=8)
    player.new_game(players=4)
    page.evaluate(COUNT_CLICKS)
    decisions = 0
    for _ in range(1000):
        state = player.state()
        if state == "final":
            break
        if state == "round":  # it goes on by itself: wait, do not click
            page.wait_for_function("() => document.getElementById('round-strip').hidden")
            continue
        assert state == "turn", state
        player.choose_first()
        decisions += 1
    bids_and_cards = 15 + sum(range(1, 16))
    assert page.evaluate("window.resultsShown") == 14
    assert bids_and_cards <= decisions <= bids_and_cards + 15  # (the dealer's trump, when a Wizard turns up)
    assert page.evaluate("window.personClicks") == decisions
    assert not watch.errors, watch.errors


def my_lead(view: Mapping[str, Any]) -> bool:
    return view["phase"] == "playing" and not view["trick"]["plays"] and len(view["hand"]) > 1


def lead_and_wait_for_a_bot(page: Page, player: Player, relaxed: bool) -> tuple[int, str]:
    """Deal six players (take-backs as ``relaxed`` says), play to the person's lead, lead at the
    slowest pace and wait until one bot has answered (the trick is not complete)."""
    seed, round_ = find_game(6, my_lead)
    page.goto(f"./?levels=random&seed={seed}")
    player.wait_table_ready()
    player.open_settings()
    page.locator("#relaxed-setting").set_checked(relaxed)
    player.new_game(players=6)
    player.play_until(lambda s: s == "turn" and player.round_number() == round_ and player.view_phase() == "playing"
                      and page.locator("#trick li.play").count() == 0)
    menu(page)
    page.locator("#table-pace").select_option("relaxed")  # the bots take 1.4 s a card: time to take back
    close_menu(page)
    led = player.hand().locator("button:not([disabled])").first
    card = led.get_attribute("data-card") or ""
    led.click()
    expect(page.locator("#trick li.play")).to_have_count(2, timeout=10_000)  # a bot has answered
    return round_, card


def test_with_take_backs_allowed_a_card_comes_back_after_a_bot_played(page: Page, watch: Watch) -> None:
    player = Player(page)
    _, card = lead_and_wait_for_a_bot(page, player, relaxed=True)
    take_back = page.get_by_role("button", name="Take back")
    expect(take_back).to_be_enabled()
    take_back.click()
    # The trick is empty again (the bot's card went back too), and it is the person's lead.
    expect(page.locator("#trick li.play")).to_have_count(0)
    player.wait_for("turn")
    expect(player.hand().locator(f'[data-card="{card}"]')).to_have_count(1)  # the led card is back in hand
    player.hand().locator("button:not([disabled])").last.click()
    expect(page.locator("#trick li.play")).to_have_count(2, timeout=10_000)  # the bots play again
    assert not watch.errors, watch.errors


def test_a_rated_game_offers_no_take_back_once_a_bot_played(page: Page) -> None:
    player = Player(page)
    lead_and_wait_for_a_bot(page, player, relaxed=False)
    expect(page.get_by_role("button", name="Take back")).to_be_disabled()
