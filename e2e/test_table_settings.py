"""Issue 29, points 5 and 7: the round summary that closes by itself, and take-backs allowed.

The summary's time comes from the page's own test parameter (``?summary_ms=``), so these
tests wait on conditions, never on the eight seconds a person gets.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from playwright.sync_api import Page, expect
from sitetools import Watch
from tabletools import Player, close_menu, find_game, menu

SUMMARY_OPEN = "() => document.getElementById('round-dialog').open"
NEXT_ROUND_BIDDING = """() => !document.getElementById('round-dialog').open
  && document.documentElement.dataset.phase === 'bidding'
  && document.querySelector('#round-info strong')?.textContent.trim().startsWith('Round 2')"""


def open_page(page: Page, summary_ms: int, seed: int = 5) -> Player:
    player = Player(page)
    page.goto(f"./?levels=random&seed={seed}&summary_ms={summary_ms}")
    player.wait_table_ready()
    return player


def test_the_round_summary_closes_by_itself_and_the_next_round_is_bid(page: Page, watch: Watch) -> None:
    player = open_page(page, summary_ms=1500)
    player.new_game(players=3)
    player.play_until(lambda s: s == "round")
    expect(page.locator("#round-auto")).to_be_visible()
    expect(page.locator("#round-auto")).to_contain_text("Next round in")
    page.mouse.move(2, 2)  # beside the dialog: only a pointer over its box holds the count
    page.wait_for_function(NEXT_ROUND_BIDDING, timeout=15_000)  # nobody clicked
    assert not watch.errors, watch.errors


def test_with_the_setting_off_the_summary_stays_until_closed(page: Page, watch: Watch) -> None:
    player = open_page(page, summary_ms=300)
    player.new_game(players=3)
    menu(page)
    toggle = page.get_by_label("Round summary closes by itself")
    expect(toggle).to_be_checked()  # on unless turned off
    toggle.uncheck()
    close_menu(page)
    assert json.loads(page.evaluate("localStorage.getItem('wizard.settings')"))["autoContinue"] is False
    player.play_until(lambda s: s == "round")
    expect(page.locator("#round-auto")).to_be_hidden()
    # Four times the summary's time later, by the page's own clock, it is still open.
    start = page.evaluate("performance.now()")
    page.wait_for_function(f"() => performance.now() > {start} + 1200")
    assert page.evaluate(SUMMARY_OPEN)
    player.next_round()
    page.wait_for_function(NEXT_ROUND_BIDDING)
    assert not watch.errors, watch.errors



# The person's clicks, and the round summaries shown: counted by the page as they happen (a summary
# that closes by itself after 200 ms may come and go between two looks of a test on a busy machine).
COUNT_CLICKS = """() => {
  window.personClicks = 0;
  document.addEventListener('click', (event) => { if (event.isTrusted) window.personClicks += 1; }, true);
  window.summariesShown = 0;
  const summary = document.getElementById('round-dialog');
  new MutationObserver(() => { if (summary.open) window.summariesShown += 1; })
    .observe(summary, { attributes: true, attributeFilter: ['open'] });
}"""


def test_a_whole_four_player_game_takes_one_click_per_bid_and_card(page: Page, watch: Watch) -> None:
    """Issue 29's target: at Instant pace a whole 4-player game takes no more clicks than cards plus
    bids (plus a trump chosen now and then): no summary to close, no step to confirm."""
    player = open_page(page, summary_ms=200, seed=8)
    player.new_game(players=4)
    page.evaluate(COUNT_CLICKS)
    decisions = 0
    for _ in range(1000):
        state = player.state()
        if state == "final":
            break
        if state == "round":  # it closes by itself: wait, do not click
            page.wait_for_function("() => !document.getElementById('round-dialog').open")
            continue
        assert state == "turn", state
        player.choose_first()
        decisions += 1
    bids_and_cards = 15 + sum(range(1, 16))
    assert page.evaluate("window.summariesShown") == 14
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
