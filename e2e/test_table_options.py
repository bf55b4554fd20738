"""Every rule option played through the page, the card themes, and saved games (issue 5)."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from sitetools import Watch
from tabletools import Player, close_menu, find_game, menu, replay_state, resume

from wizard_engine.cards import cards_of
from wizard_engine.themes import card_label


def test_hidden_bids_stay_hidden_until_everyone_has_bid(page: Page, watch: Watch) -> None:
    player = Player(page)
    player.open(seed=4)
    player.new_game(players=4, bidding="hidden")
    player.wait_for("turn")
    expect(player.bid_group()).to_be_visible()
    # The bots have bid meanwhile (all at once), but their bids are not shown yet.
    expect(page.locator(".seat .stat-bid dd")).to_have_text(["?", "?", "?"])
    expect(page.locator("#tally")).to_contain_text("bids are shown when everyone has bid")
    expect(page.locator("#prompt")).to_contain_text("hidden until everyone has bid")
    player.bid_group().get_by_role("button", name="0", exact=True).click()
    for bid in page.locator(".seat .stat-bid dd").all():
        expect(bid).to_have_text(re.compile(r"^\d+$"))
    player.play_until(lambda s: player.round_number() >= 2 and s == "turn")
    assert not watch.errors, watch.errors


def test_secret_bids_are_revealed_only_after_the_round(page: Page) -> None:
    player = Player(page)
    player.open(seed=6)
    player.new_game(players=3, bidding="secret")
    player.play_until(lambda s: s == "turn" and player.view_phase() == "playing" and player.round_number() >= 2)
    expect(page.locator(".seat .stat-bid dd")).to_have_text(["?", "?"])
    expect(page.locator("#me-info .stat-bid dd")).to_have_text(re.compile(r"^\d+$"))
    player.hold_results()
    state = player.play_until(lambda s: s == "round")
    assert state == "round"
    player.open_summary()
    summary = page.locator("#round-summary")
    for cell in summary.locator("td.summary-bid").all():
        expect(cell).to_have_text(re.compile(r"^\d+$"))


def play_to_a_forbidden_bid(page: Page, option: str) -> tuple[Player, int]:
    """Start a 4-player game with ``option`` on a seed where the person meets a forbidden bid; play to it."""
    seed, round_ = find_game(4, lambda v: v["phase"] == "bidding" and bool(v["forbidden"]), range(1, 400), "random",
                             **{option: True})
    player = Player(page)
    player.open(seed=seed)
    player.new_game(players=4, options=(option,))
    player.play_until(lambda s: s == "turn" and page.locator(".bids .forbidden").count() > 0)
    assert player.round_number() == round_
    return player, round_


def test_canadian_rule_disables_the_forbidden_bid_and_says_why(page: Page, watch: Watch) -> None:
    player, _ = play_to_a_forbidden_bid(page, "canadian")
    forbidden = page.locator(".bids .forbidden")
    expect(forbidden).to_have_count(1)
    expect(forbidden).to_be_disabled()
    number = forbidden.inner_text()
    expect(player.bid_group().get_by_role("button", name=number, exact=True)).to_be_disabled()
    expect(page.locator(".bid-wrap .reason")).to_contain_text("Canadian rule")
    expect(page.get_by_role("button", name="Score pad")).to_be_visible()
    assert not watch.errors, watch.errors


def test_plus_minus_one_disables_the_bid_that_makes_the_bids_add_up(page: Page) -> None:
    player, round_ = play_to_a_forbidden_bid(page, "plus_minus_one")
    forbidden = page.locator(".bids .forbidden")
    expect(forbidden).to_be_disabled()
    others = sum(int(t) for t in page.locator(".seat .stat-bid dd").all_inner_texts())
    assert others + int(forbidden.inner_text()) == round_  # the bid that would add up to the tricks
    expect(page.locator(".bid-wrap .reason")).to_contain_text("plus/minus one")
    player.choose_first()
    player.state()


def test_foresight_shows_the_others_card_and_hides_your_own_in_round_1(page: Page) -> None:
    player = Player(page)
    player.open(seed=9)
    player.new_game(players=4, options=("foresight",))
    player.play_until(lambda s: s == "turn" and player.view_phase() == "bidding")
    state = replay_state(player.save())
    shown = page.locator(".seat .shown-hand [role=img]")
    expect(shown).to_have_count(3)
    labels = shown.evaluate_all("xs => xs.map(x => x.getAttribute('aria-label'))")
    assert labels == [card_label(cards_of(state.hands[s])[0]) for s in (1, 2, 3)]
    expect(player.hand().get_by_role("img", name="Your card, face down")).to_be_visible()
    expect(player.hand().get_by_role("button")).to_have_count(0)
    own = card_label(cards_of(state.hands[0])[0])
    if own not in ("Wizard", "Jester") and own not in labels:
        text = page.evaluate("""() => { const c = document.body.cloneNode(true);
            c.querySelectorAll('dialog').forEach(n => n.remove());
            const values = [...c.querySelectorAll('*')].flatMap(e => [...e.attributes].map(a => a.value));
            return c.textContent + values.join(' '); }""")
        assert own not in text, "your own card is in the page during Foresight's bidding"
    player.bid_group().get_by_role("button", name="0", exact=True).click()
    player.play_until(lambda s: (s == "turn" and player.view_phase() == "playing") or s == "round")
    expect(page.locator(".seat .shown-hand")).to_have_count(0)


def test_unicoloured_deals_r_plus_3_cards_without_trump_for_12_rounds(page: Page) -> None:
    player = Player(page)
    player.open(seed=12)
    player.new_game(players=3, options=("unicoloured",))
    player.wait_for("turn")
    expect(page.locator("#round-info")).to_contain_text("Round 1 of 12")
    expect(page.locator("#hand button")).to_have_count(4)
    expect(page.locator("#trump")).to_contain_text("No trump in Unicoloured")
    expect(player.bid_group().get_by_role("button")).to_have_count(5)  # 0..4
    player.play_until(lambda s: s == "round")
    player.next_round()
    player.wait_for("turn")
    expect(page.locator("#hand button")).to_have_count(5)


def test_a_refused_combination_of_options_shows_the_engines_message(page: Page) -> None:
    player = Player(page)
    player.open()
    player.new_game(players=4, bidding="hidden", options=("canadian",), close_draw=False)
    error = page.locator("#form-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("needs open bids")
    expect(page.locator("#table")).to_be_hidden()
    # Unicoloured is for 3 or 4 players (the page words the reason option_player_count: "3 to 4").
    player.new_game(players=5, options=("unicoloured",), close_draw=False)
    expect(error).to_contain_text("Unicoloured is for 3 to 4 players")


def test_the_amigo_theme_names_cards_by_colour_and_number(page: Page) -> None:
    player = Player(page)
    player.open(seed=15)
    player.new_game(players=4, theme="amigo")
    player.play_until(lambda s: s == "turn" and player.round_number() >= 3)
    names = page.locator("#hand button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    pattern = re.compile(r"^((1[0-3]|[1-9]) of (Humans|Dwarves|Elves|Giants)|W, Wizard|J, Jester)$")
    assert names and all(pattern.match(n) for n in names), names
    assert page.locator("#hand .card.theme-amigo").count() == len(names)
    # Switching the theme at the table redraws the same cards the classic way.
    menu(page)
    page.locator("#table-theme").select_option("classic")
    close_menu(page)
    expect(page.locator("#hand .card.theme-classic")).to_have_count(len(names))


def test_an_unreadable_save_is_reported_and_kept_aside(page: Page, watch: Watch) -> None:
    player = Player(page)
    player.open()
    page.evaluate("localStorage.setItem('wizard.save', '{\"format\": \"wizard-game\", \"version\": 1, broken')")
    page.reload()
    resume(page, shown=False)  # the saved game cannot be: the start page stays, and says why
    alert = page.locator("#save-alert")
    expect(alert).to_be_visible()
    expect(alert).to_contain_text("could not be read")
    kept = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('wizard.unreadable-save.'))
        .map(k => localStorage.getItem(k))""")
    assert kept == ['{"format": "wizard-game", "version": 1, broken']
    assert page.evaluate("localStorage.getItem('wizard.save')") is None
    player.new_game(players=3)
    player.wait_for("turn")
    assert replay_state(player.save()).config.players[0].name == "You"  # the new game, saved (sealed since issue 13)


def test_leaving_for_the_form_offers_resume_and_resume_goes_on_after_a_reload(page: Page) -> None:
    player = Player(page)
    player.open(seed=19)
    player.new_game(players=3)
    player.play_until(lambda s: s == "turn" and player.round_number() >= 2)
    hand = page.locator("#hand button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    menu(page)
    page.get_by_role("button", name="New game").click()
    resume = page.get_by_role("button", name="Resume")
    expect(resume).to_be_visible()
    page.reload()
    player.resume()
    player.wait_for("turn")
    menu(page)
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Resume").click()
    player.wait_for("turn")
    assert page.locator("#hand button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))") == hand
