"""A challenge link and the deal of the day through the page (issue 39.6): a friend's link to a
deal of the day played to the end shows both results side by side and the day's result line,
which Copy puts on the clipboard (without a clipboard: selected); a damaged link is refused with
its reason and changes nothing; a game in progress is only replaced when the person says so; the
deal of the day is offered with its date.

The sender's game is played here under CPython as the page plays (tabletools.first_choice for
the person, the bots through the worker's Session); the friend at the page plays the same way,
so the same deals and the same bots give the same points, round by round.
"""
from __future__ import annotations

import json
from urllib.parse import urlsplit

from playwright.sync_api import Page, expect
from sitetools import Watch, number
from tabletools import Player, finished_save, open_finished, plain, save_at, sent_game, sent_state

from wizard_engine.records.challenge import make_code

SETTINGS = json.dumps({"pace": "instant"})
DAY, DAY_TEXT = "2026-11-27", "November 27, 2026"  # (that day's deals: three Hard bots, fifteen rounds)


def open_link(page: Page, code: str, save: str | None = None) -> None:
    """Open the page at a challenge link (with ``save`` as the game in progress)."""
    seed = f"localStorage.setItem('wizard.save', {json.dumps(save)});" if save else ""
    page.add_init_script("if (!sessionStorage.getItem('seeded')) {"
                         f" localStorage.setItem('wizard.settings', {json.dumps(SETTINGS)}); {seed}"
                         " sessionStorage.setItem('seeded', '1'); }")
    page.goto(f"./?levels=random#challenge={code}")
    page.wait_for_selector("html[data-table=ready]", state="attached", timeout=120_000)


def minus(points: int) -> str:
    """A number as the page writes it (a true minus sign)."""
    return str(points).replace("-", "\u2212")


def test_a_link_to_a_deal_of_the_day_is_played_to_the_end_both_results_shown_and_the_result_copied(
        page: Page, watch: Watch) -> None:
    """Ann's link to her deal of the day, played to the end: her points and yours side by side
    round by round, the day's result in a line, and that line shared: Copy puts it on the clipboard.
    (The one whole game of test_challenge: a challenge link's and a deal of the day's.)"""
    sent = sent_state(day=DAY)
    code = make_code(sent, DAY)
    points = [rows[0].points for rows in sent.pad]
    total = sum(points)
    totals = [sum(rows[seat].points for rows in sent.pad) for seat in range(4)]
    place = 1 + sum(other > total for other in totals)
    open_link(page, code)
    offer = page.locator("#challenge-dialog")
    expect(offer).to_be_visible()
    assert plain(offer.locator("h2").inner_text()) == "Ann challenges you"
    assert (f"The deal of the day of {DAY_TEXT}: Ann made {minus(total)} points. Can you beat that?"
            in plain(offer.inner_text()))
    expect(offer).not_to_contain_text("game in progress")
    assert "#challenge" not in page.url  # read once: a reload asks no more
    offer.get_by_role("button", name="Play these deals").click()
    player = Player(page)
    player.state()  # (the table is up)
    player.hold_results()  # (each result waits for its button: none goes on unseen on a busy machine)
    assert player.play_to_end() == 14  # 4 players: 15 rounds (R5)
    final = page.get_by_role("dialog", name="Final standings")
    table = final.locator(".challenge-table")
    assert plain(table.get_attribute("aria-label") or "") == "Ann's points and yours, round by round"
    expect(table.locator("tbody tr")).to_have_count(15)
    for row, sent_points in zip(table.locator("tbody tr").all(), points, strict=True):
        theirs, mine = (number(cell) for cell in row.locator("td").all_inner_texts())
        assert theirs == sent_points and mine == sent_points  # the same deals, bots and choices: the same points
    assert plain(final.locator(".challenge-verdict").inner_text()) == f"A tie with Ann: {minus(total)} points each."
    result = f"{DAY_TEXT}: {minus(total)} points, place {place} of 4."
    expect(final.locator(".daily-result")).to_have_text(f"Deal of the day, {result}")
    # The day's result shared as one line, with the link to the same deals (and now this result).
    final.get_by_role("button", name="Share the result").click()
    share = page.get_by_role("dialog", name="Challenge a friend")
    text = share.get_by_role("textbox").input_value()
    assert text.startswith(f"Wizard, deal of the day {result} Play the same deals: ") and "#challenge=" in text, text
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    share.get_by_role("button", name="Copy").click()
    expect(share.get_by_role("status")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == text
    # And from the history: the same game's link, with the person's result.
    share.get_by_role("button", name="Close").click()
    final.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Statistics and history").click()
    page.locator(".stats-game").first.get_by_role("button", name="Challenge a friend").click()
    expect(share).to_be_visible()
    again = share.get_by_role("textbox").input_value()  # found again as the deal of the day it was
    assert again.startswith(f"Wizard, deal of the day {result} Play the same deals: ") and "#challenge=" in again, again
    assert all(urlsplit(url).netloc == urlsplit(page.url).netloc for url in watch.requests if "://" in url)
    assert not watch.errors, watch.errors


def test_without_a_clipboard_copy_selects_the_text_and_says_so(page: Page) -> None:
    """Where the browser has no clipboard (or refuses it), Copy selects the whole text for the
    person to copy, and says so."""
    page.add_init_script("Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });")
    open_finished(page, finished_save(3, seed=3))
    page.get_by_role("dialog", name="Final standings").get_by_role("button", name="Challenge a friend").click()
    share = page.get_by_role("dialog", name="Challenge a friend")
    share.get_by_role("button", name="Copy").click()
    expect(share.get_by_role("status")).to_have_text("Selected: copy it with your device's copy command.")
    selected = page.evaluate("(({ selectionStart, selectionEnd, value }) =>"
                             " [selectionStart, selectionEnd, value.length])(document.getElementById('share-text'))")
    assert selected[0] == 0 and selected[1] == selected[2] > 0, selected


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
    page.clock.set_fixed_time(f"{DAY}T10:00:00")
    page.goto("./")
    page.wait_for_selector("html[data-table=ready]", state="attached", timeout=120_000)
    page.get_by_role("button", name="Deal of the day").click()
    offer = page.get_by_role("dialog", name=f"Deal of the day, {DAY_TEXT}")
    words = "The same deals for everyone today. You against Merlin (hard bot), Morgana (hard bot) and Circe (hard bot)."
    assert words in plain(offer.inner_text())
    offer.get_by_role("button", name="Play these deals").click()
    expect(page.locator("#table")).to_be_visible()
    levels = page.evaluate("JSON.parse(localStorage.getItem('wizard.challenge'))")
    assert levels["day"] == DAY and levels["sender"] is None
