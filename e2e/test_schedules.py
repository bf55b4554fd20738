"""The official schedules played through the page (issue 41): a whole Amigo tournament game (T1,
its tie-break T4) and a whole Wizard Maximus game (T2), and a schedule the engine refuses."""
from __future__ import annotations

from playwright.sync_api import Page, expect
from tabletools import Player, config_for, first_choice

from wizard_engine import GameConfig, State
from wizard_engine.calls.game import Session

TIED_SEED = 27
"""A 3-player tournament game, played as :class:`Player` plays it, that ends with You and Ann
tied on the highest total, You ahead on more bids made (T4)."""


def final_standings(seed: int, players: int, **options: str) -> list[dict]:
    """The engine's final standings of the game the page plays with ``seed`` (first choices, random bots)."""
    session = Session(State(GameConfig.from_dict(config_for(players, seed, "random", **options))))
    while not session.state.is_over:
        view = session.view()
        session.act(first_choice(view)) if view["your_turn"] else session.bot_step()
    return session.state.standings()  # type: ignore[return-value]


def test_t1_t4_a_whole_tournament_game_through_the_page(page: Page) -> None:
    standings = final_standings(TIED_SEED, 3, schedule="tournament")
    assert standings[0]["seat"] == 0 and standings[0]["tie_break"] == "bids_made", "the seed no longer ties"
    player = Player(page)
    player.open(seed=TIED_SEED)
    player.open_settings()
    expect(page.locator("#schedule")).to_contain_text("10 rounds that climb faster")
    player.new_game(players=3, schedule="tournament")
    player.wait_for("turn")
    expect(page.locator("#round-info")).to_contain_text("Round 1 of 10")
    expect(page.locator("#hand button")).to_have_count(2)  # T1: three players start with 2 cards
    player.hold_results()  # (each result waits for its button: none goes on unseen on a busy machine)
    assert player.play_to_end() == 9  # a summary after each round but the last (the final standings)
    standings_list = page.locator("#final-standings > li")
    expect(standings_list).to_have_count(3)
    expect(standings_list.first).to_contain_text("You")
    expect(standings_list.first.locator(".standing-tie")).to_have_text("tie on points: decided by more bids made")
    expect(page.locator("#final-chart")).to_contain_text("2, 4, 6, 8, 10, 12, 14, 16, 18, 20")
    page.get_by_role("dialog", name="Final standings").get_by_role("button", name="Score pad").click()
    player.expect_pad_adds_up(3, 10)


def test_t2_a_whole_maximus_game_through_the_page(page: Page) -> None:
    player = Player(page)
    player.open(seed=5)
    player.new_game(players=6, schedule="maximus")
    player.wait_for("turn")
    expect(page.locator("#round-info")).to_contain_text("Round 1 of 5")
    expect(page.locator("#hand button")).to_have_count(10)  # T2: the whole deck, 60 / 6
    suits = []
    for _ in range(5):
        player.wait_for("turn")
        suits.append(page.locator("#trump .trump-text").inner_text())
        player.play_until(lambda s: s in ("round", "final"))
        if player.state() == "round":
            player.next_round()
    assert [("fixed in Wizard Maximus" in s) for s in suits] == [True] * 4 + [False]
    assert suits[0].lower().startswith("clubs") and suits[3].lower().startswith("spades")
    assert suits[4] == "No trump: Wizard Maximus's last round"
    assert player.state() == "final"
    expect(page.locator("#final-standings > li")).to_have_count(6)
    expect(page.locator("#final-chart")).to_contain_text("Cards dealt in each round: 10, 10, 10, 10, 10")


def test_t1_the_tournament_for_six_players_is_refused_with_the_engines_reason(page: Page) -> None:
    player = Player(page)
    player.open()
    player.open_settings()
    page.locator("#players").select_option("6")
    page.locator("input[name=schedule][value=tournament]").check()
    expect(page.locator("#schedule-note")).to_have_text("Amigo tournament: 3 to 5 players.")
    player.new_game(players=6, schedule="tournament", close_draw=False)
    expect(page.locator("#form-error")).to_contain_text("Amigo tournament is for 3 to 5 players, not 6")
    expect(page.locator("#table")).to_be_hidden()
