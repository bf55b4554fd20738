"""A challenge link and the deal of the day through the page (issue 39.6): a link played to the
end shows both results side by side; a damaged link is refused with its reason and changes
nothing; a game in progress is only replaced when the person says so.

The sender's game is played here under CPython as the page plays (tabletools.first_choice for
the person, the bots through the worker's Session); the friend at the page plays the same way,
so the same deals and the same bots give the same points, round by round.
"""
from __future__ import annotations

import json
from urllib.parse import urlsplit

from playwright.sync_api import Page, expect
from sitetools import Watch, number
from tabletools import Player, plain, save_at, sent_game

SETTINGS = json.dumps({"pace": "instant"})


def open_link(page: Page, code: str, save: str | None = None) -> None:
    """Open the page at a challenge link (with ``save`` as the game in progress)."""
    seed = f"localStorage.setItem('wizard.save', {json.dumps(save)});" if save else ""
    page.add_init_script("if (!sessionStorage.getItem('seeded')) {"
                         f" localStorage.setItem('wizard.settings', {json.dumps(SETTINGS)}); {seed}"
                         " sessionStorage.setItem('seeded', '1'); }")
    page.goto(f"./?levels=random#challenge={code}")
    page.wait_for_selector("html[data-table=ready]", state="attached", timeout=120_000)


def test_a_challenge_link_is_played_to_the_end_and_both_results_shown_round_by_round(page: Page,
                                                                                      watch: Watch) -> None:
    code, points = sent_game()
    open_link(page, code)
    offer = page.locator("#challenge-dialog")
    expect(offer).to_be_visible()
    assert plain(offer.locator("h2").inner_text()) == "Ann challenges you"
    assert f"Ann made {sum(points)} points" in plain(offer.inner_text())
    expect(offer).not_to_contain_text("game in progress")
    assert "#challenge" not in page.url  # read once: a reload asks no more
    offer.get_by_role("button", name="Play these deals").click()
    player = Player(page)
    assert player.play_to_end() == 9  # 6 players: 10 rounds (R5)
    final = page.get_by_role("dialog", name="Final standings")
    table = final.locator(".challenge-table")
    assert plain(table.get_attribute("aria-label") or "") == "Ann's points and yours, round by round"
    expect(table.locator("tbody tr")).to_have_count(10)
    for row, sent in zip(table.locator("tbody tr").all(), points, strict=True):
        theirs, mine = (number(cell) for cell in row.locator("td").all_inner_texts())
        assert theirs == sent and mine == sent  # the same deals, bots and choices: the same points
    assert plain(final.locator(".challenge-verdict").inner_text()) == f"A tie with Ann: {sum(points)} points each."
    # The friend's own link: the same deals again, now with the friend's result.
    final.get_by_role("button", name="Challenge a friend").click()
    share = page.get_by_role("dialog", name="Challenge a friend")
    text = share.get_by_role("textbox").input_value()
    assert text.startswith(f"Beat my {sum(points)} points") and "#challenge=" in text
    # And from the history: the same game's link, with the friend's result.
    share.get_by_role("button", name="Close").click()
    final.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Statistics and history").click()
    page.locator(".stats-game").first.get_by_role("button", name="Challenge a friend").click()
    expect(share).to_be_visible()
    assert share.get_by_role("textbox").input_value() == text
    assert all(urlsplit(url).netloc == urlsplit(page.url).netloc for url in watch.requests if "://" in url)
    assert not watch.errors, watch.errors


def test_a_damaged_link_is_refused_with_its_reason_and_the_game_in_progress_kept(page: Page, watch: Watch) -> None:
    code, _ = sent_game()
    saved = save_at(3, lambda view: view["phase"] == "playing")
    open_link(page, code[:-6], save=saved)
    refused = page.get_by_role("dialog", name="This link cannot be played")
    expect(refused).to_contain_text("The link was refused: the link is damaged (cut short or mistyped).")
    expect(refused).to_contain_text("Nothing has changed")
    expect(refused.get_by_role("button", name="Play these deals")).to_be_hidden()
    refused.get_by_role("button", name="Close").click()
    assert page.evaluate("localStorage.getItem('wizard.save')") == saved
    # A sound link, with a game in progress: asked first, and "Not now" keeps the game.
    page.goto(f"./?levels=random#challenge={code}")
    offer = page.locator("#challenge-dialog")
    expect(offer).to_contain_text("Your game in progress ends if you play these deals.")
    offer.get_by_role("button", name="Not now").click()
    expect(offer).to_be_hidden()
    assert page.evaluate("localStorage.getItem('wizard.save')") == saved
    assert not watch.errors, watch.errors


def test_the_deal_of_the_day_is_offered_with_its_date_and_dealt_against_three_hard_bots(page: Page) -> None:
    page.add_init_script(f"localStorage.setItem('wizard.settings', {json.dumps(SETTINGS)});")
    page.clock.set_fixed_time("2026-11-27T10:00:00")
    page.goto("./")
    page.wait_for_selector("html[data-table=ready]", state="attached", timeout=120_000)
    page.get_by_role("button", name="Deal of the day").click()
    offer = page.get_by_role("dialog", name="Deal of the day, November 27, 2026")
    words = "The same deals for everyone today. You against Merlin (hard bot), Morgana (hard bot) and Circe (hard bot)."
    assert words in plain(offer.inner_text())
    offer.get_by_role("button", name="Play these deals").click()
    expect(page.locator("#table")).to_be_visible()
    levels = page.evaluate("JSON.parse(localStorage.getItem('wizard.challenge'))")
    assert levels["day"] == "2026-11-27" and levels["sender"] is None
