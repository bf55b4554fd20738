"""Back to where you were (issues 29 and 39): a finished game is never reopened by itself, a game in
progress waits for Resume, and a screen opened while the engine loads is not interrupted."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect
from sitetools import Watch
from tabletools import Player, finished_save, menu, open_settings, replay_state, save_at

from wizard_engine.view import seat_view


def seed_save(page: Page, save: str) -> None:
    """The page finds `save` in its storage on its first load (not on a reload), as this page keeps it."""
    game = {"id": "seeded", "moves": 1, "tab": "another", "over": replay_state(save).is_over}
    page.add_init_script(f"""if (!sessionStorage.getItem('seeded')) {{
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('wizard.save', {json.dumps(save)});
        localStorage.setItem('wizard.game', {json.dumps(json.dumps(game))});
        localStorage.setItem('wizard.settings', JSON.stringify({{ pace: 'instant' }}));
    }}""")


def test_a_finished_game_is_shown_on_the_start_page_not_reopened(page: Page, watch: Watch) -> None:
    save = finished_save(players=3, seed=5)
    view = seat_view(replay_state(save), 0)
    seed_save(page, save)
    player = Player(page)
    player.open()
    card = page.get_by_role("region", name="Last game")
    expect(card).to_be_visible()
    expect(page.locator("dialog[open]")).to_have_count(0)  # no final standings opened by themselves
    expect(page.locator("#table")).to_be_hidden()
    expect(page.get_by_role("button", name="Resume")).to_be_hidden()
    totals = view["totals"]
    place = 1 + sum(total > totals[0] for total in totals)
    winners = re.compile(r"(win|wins|share the win) with [-\u2212]?\d+ points\.")
    expect(card.locator("#last-result")).to_have_text(winners)
    points = str(totals[0]).replace("-", "\u2212")  # (a true minus sign)
    expect(card.locator("#last-place")).to_have_text(f"Your place: {place} of 3, with {points} points.")
    page.reload()  # and again on every visit
    player.wait_table_ready()
    expect(card).to_be_visible()
    expect(page.locator("dialog[open]")).to_have_count(0)
    card.get_by_role("button", name="Review the game").click()
    review = page.get_by_role("dialog", name="Game review")
    expect(review).to_be_visible()
    page.keyboard.press("Escape")
    expect(review).to_be_hidden()
    card.get_by_role("button", name="Play again").click()
    expect(page.locator("#round-info")).to_contain_text("Round 1 of 20")
    player.state()
    menu(page)
    page.get_by_role("button", name="New game").click()
    expect(card).to_be_hidden()  # a game in progress: Resume instead
    expect(page.get_by_role("button", name="Resume")).to_be_visible()
    assert not watch.errors, watch.errors


def test_a_game_in_progress_waits_for_resume_while_the_settings_change(page: Page, watch: Watch) -> None:
    """Issue 39: with a game in progress the start page jumped to the table once the engine was
    ready (about 0.9 s after load), even while the player was changing an opponent. It stays,
    the form as the player left it, until Resume is pressed; then the game goes on."""
    save = save_at(3, lambda v: v["round"] >= 2 and v["phase"] == "playing")
    view = seat_view(replay_state(save), 0)
    seed_save(page, save)
    page.goto("./?levels=random")
    page.wait_for_selector("html[data-app=ready]", state="attached", timeout=60_000)
    open_settings(page)
    level = page.locator("select[name=opponent-level-0]")
    level.select_option("hard")
    name = page.locator("input[name=opponent-name-1]")
    name.fill("Zelda")
    # Well past the old jump: the engine is ready and the saved game was looked at, and the coach is ready too.
    Player(page).wait_table_ready()
    page.wait_for_selector("html[data-coach=ready]", state="attached", timeout=60_000)
    expect(page.locator("html")).to_have_attribute("data-screen", "setup")
    expect(page.locator("#table")).to_be_hidden()
    expect(page.locator("#settings-panel")).to_have_attribute("open", "")
    expect(level).to_have_value("hard")
    expect(name).to_have_value("Zelda")
    expect(name).to_be_focused()
    expect(page.get_by_role("region", name="Last game")).to_be_hidden()
    assert page.evaluate("localStorage.getItem('wizard.save')") == save  # nothing of it played
    page.get_by_role("button", name="Resume").click()
    player = Player(page)
    player.wait_for("turn")
    expect(page.locator("html")).to_have_attribute("data-screen", "table")
    expect(page.locator("#round-info")).to_contain_text(f"Round {view['round']} of 20")
    expect(page.locator("#hand button")).to_have_count(len(view["hand"] or ()))
    player.choose_first()  # and the game goes on
    player.state()
    assert player.save() != save
    assert not watch.errors, watch.errors


@pytest.mark.parametrize(("entry", "screen", "finished"), [
    ("Statistics and history", "stats", True), ("Practise bidding", "practice", False),
    ("Score keeper", "keeper", True)])
def test_a_screen_opened_while_the_engine_loads_is_not_interrupted(
        page: Page, watch: Watch, entry: str, screen: str, finished: bool) -> None:
    save = finished_save(players=3, seed=5) if finished else save_at(3, lambda v: v["round"] >= 2)
    seed_save(page, save)
    page.goto("./?levels=random")
    page.wait_for_selector("html[data-app=ready]", state="attached", timeout=60_000)
    page.get_by_role("button", name=entry, exact=True).click()
    Player(page).wait_table_ready()  # the engine is ready, and the saved game was looked at
    expect(page.locator("html")).to_have_attribute("data-screen", screen)
    expect(page.locator("#table")).to_be_hidden()
    expect(page.locator("dialog[open]")).to_have_count(0)
    if screen == "stats":  # the history is read, not left at "Reading your history…"
        page.wait_for_selector("html[data-stats=ready]", state="attached", timeout=60_000)
    page.get_by_role("button", name=re.compile("^Back")).first.click()
    expect(page.locator("#setup")).to_be_visible()
    if finished:
        expect(page.get_by_role("region", name="Last game")).to_be_visible()
    else:
        expect(page.get_by_role("button", name="Resume")).to_be_visible()
    assert not watch.errors, watch.errors
