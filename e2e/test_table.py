"""The table: whole games played through the page as a person would (issue 5).

Bots are of level "random" (offered through ?levels=random) where their strength does
not matter, and the pace is "Instant", to keep the suite quick.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from playwright.sync_api import Page, ViewportSize, expect
from sitetools import Watch, number
from tabletools import (
    Player,
    close_menu,
    find_game,
    menu,
    open_saved,
    replay_state,
    save_at,
)

from wizard_engine.cards import SUIT_OF, cards_of
from wizard_engine.themes import card_label
from wizard_engine.view import seat_view


def test_a_whole_3_player_game_by_clicking_to_the_final_standings(page: Page, watch: Watch) -> None:
    player = Player(page)
    player.open(seed=11)
    player.new_game(players=3)
    player.hold_results()  # (each result waits for its button: none goes on unseen on a busy machine)
    summaries = player.play_to_end()
    assert summaries == 19  # rounds 1-19; the 20th ends in the final standings (R5)
    final = page.get_by_role("dialog", name="Final standings")
    expect(final).to_be_visible()
    expect(final.locator(".standings li")).to_have_count(3)
    winners = re.compile(r"(win|wins|share the win) with [-\u2212]?\d+ points")  # (a true minus sign)
    expect(final.locator("#final-winners")).to_contain_text(winners)
    final.get_by_role("button", name="Score pad").click()
    player.expect_pad_adds_up(players=3, rounds=20)
    # The standings list the pad's totals, best first.
    totals = [number(t) for t in page.locator("#pad tfoot td").all_inner_texts()]
    listed = [number(t.split()[0]) for t in final.locator(".standing-total").all_inner_texts()]
    assert listed == sorted(totals, reverse=True)
    assert not watch.errors, watch.errors
    assert not player.dialogs


def test_a_whole_6_player_game_on_a_phone_sized_screen(page: Page, watch: Watch) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    player = Player(page)
    player.open(seed=5)
    player.new_game(players=6)
    player.play_until(lambda s: s == "turn" and player.view_phase() == "playing")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the table is {width}px wide on a 390px screen"
    for target in [page.locator("#hand button").first, page.get_by_role("button", name="Score pad")]:
        box = target.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    player.hold_results()  # (each result waits for its button: none goes on unseen on a busy machine)
    summaries = player.play_to_end()
    assert summaries == 9  # 10 rounds (R5); the last ends in the final standings
    page.get_by_role("dialog", name="Final standings").get_by_role("button", name="Score pad").click()
    player.expect_pad_adds_up(players=6, rounds=10)
    page.get_by_role("button", name="Close").click()
    page.get_by_role("dialog", name="Final standings").get_by_role("button", name="Play again").click()
    expect(page.locator("#draw-brief")).to_be_visible()  # the first-dealer draw, briefly (no dialog to close)
    expect(page.locator("#round-info")).to_contain_text("Round 1 of 10")
    assert not watch.errors, watch.errors


def test_the_first_dealer_draw_is_shown_and_the_dealer_marked(page: Page) -> None:
    player = Player(page)
    player.open(seed=3)
    player.new_game(players=4, close_draw=False)
    player.wait_for("draw")
    draw = page.get_by_role("dialog", name="Who deals first")
    assert draw.locator(".draw-card").count() >= 4
    dealer = draw.locator("#draw-result").inner_text()
    name = dealer.removesuffix(" deals first.")
    page.reload()  # before anyone bid: the draw is shown again
    player.resume()
    player.wait_for("draw")
    expect(draw.locator("#draw-result")).to_have_text(dealer)
    draw.get_by_role("button", name="Start the game").click()
    marked = page.locator(".seat.dealer .seat-name, #me-info:has(.dealer-badge) .seat-name")
    expect(marked).to_have_count(1)
    if dealer != "You deal first.":
        expect(marked).to_have_text(name)


def test_bidding_shows_every_bid_and_the_tricks_still_needed(page: Page) -> None:
    player = Player(page)
    player.open(seed=21)
    player.new_game(players=4)
    player.play_until(lambda s: s == "turn" and player.view_phase() == "playing" and player.round_number() >= 3)
    tally = page.locator("#tally")
    expect(tally).to_contain_text("Bids:")
    for seat in page.locator(".seat").all():
        expect(seat.locator(".stat-bid dd")).to_have_text(re.compile(r"^\d+$"))
        expect(seat.locator(".need")).to_have_text(re.compile(r"^(needs \d+ more|on target|\d+ over)$"))


def test_the_hand_is_buttons_named_for_cards_and_unplayable_ones_say_why(page: Page) -> None:
    seed, _ = find_game(4, lambda v: v["phase"] == "playing" and any(not c["playable"] for c in v["hand"]))
    player = Player(page)
    player.open(seed=seed)
    player.new_game(players=4)
    player.play_until(lambda s: s == "turn" and page.locator("#hand button.unplayable").count() > 0)
    hand = player.hand()
    names = hand.get_by_role("button").all()
    assert names
    # A card's name holds the index its corner shows ("W, Wizard", "Q, queen of spades").
    label = re.compile(r"^((2|3|4|5|6|7|8|9|10|J, jack|Q, queen|K, king|A, ace) of (clubs|diamonds|hearts|spades)"
                       r"|W, Wizard|J, Jester)$")
    for button in names:
        assert label.match(button.get_attribute("aria-label") or ""), button.get_attribute("aria-label")
    unplayable = hand.locator("button.unplayable").first
    expect(unplayable).to_be_disabled()
    expect(page.locator("#hand-note")).to_contain_text(re.compile(r"you must follow (clubs|diamonds|hearts|spades)"))
    playable = hand.locator("button:not([disabled])")
    assert playable.count() >= 1
    name = playable.first.get_attribute("aria-label")
    expect(hand.get_by_role("button", name=name, exact=True).first).to_be_enabled()


def test_choosing_trump_as_the_dealer_of_a_turned_up_wizard(page: Page, watch: Watch) -> None:
    seed, round_ = find_game(4, lambda v: v["phase"] == "trump")
    player = Player(page)
    player.open(seed=seed)
    player.new_game(players=4)
    player.play_until(lambda s: s == "turn" and player.view_phase() == "trump")
    assert player.round_number() == round_
    choice = page.get_by_role("group", name="Choose trump")
    expect(choice.get_by_role("button")).to_have_count(4)
    expect(page.locator("#trump")).to_contain_text("a Wizard was turned up")
    choice.get_by_role("button", name="hearts").click()
    expect(page.locator("#trump")).to_contain_text("hearts")
    expect(page.locator("#trump")).to_contain_text("chosen by you")
    assert not watch.errors, watch.errors


def test_a_reload_in_the_middle_of_a_trick_resumes_the_same_state(page: Page) -> None:
    player = Player(page)
    player.open(seed=8)
    player.new_game(players=4)
    player.play_until(lambda s: s == "turn" and player.round_number() >= 3
                      and page.locator("#trick li.play").count() >= 1 and not page.locator("#trick.finished").count())

    def snapshot() -> dict:
        return {
            "round": page.locator("#round-info").inner_text(),
            "hand": page.locator("#hand button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))"),
            "trick": page.locator("#trick").inner_text(),
            "seats": page.locator("#seats").inner_text(),
            "me": page.locator("#me-info").inner_text(),
            "trump": page.locator("#trump").inner_text(),
            "enabled": page.locator("#hand button:not([disabled])").count(),
        }

    # The win chances (round 3: after two finished rounds) come from the coach's worker, which
    # answers after the game's: wait for them on both sides of the reload, never a count taken
    # while they may still be on their way. Those of the last round but one stay beside the seats
    # until the latest come; the pad shows them only once it has a line for every finished round.
    chances = (player.round_number() - 1) * 4
    expect(page.locator("#table .chance")).to_have_count(4, timeout=60_000)
    expect(page.locator("#pad td.pad-chance[data-chance]")).to_have_count(chances, timeout=60_000)
    before, save = snapshot(), player.save()
    page.reload()
    player.resume()
    player.wait_for("turn")
    expect(page.locator("#table .chance")).to_have_count(4, timeout=60_000)
    expect(page.locator("#pad td.pad-chance[data-chance]")).to_have_count(chances, timeout=60_000)
    assert snapshot() == before
    assert player.save() == save
    player.choose_first()  # and the game goes on
    player.state()


def leading(player: Player) -> Callable[[str], bool]:
    """A stop for play_until: the person is to lead a trick (their card completes no trick)."""
    def stop(state: str) -> bool:
        return (state == "turn" and player.view_phase() == "playing" and player.round_number() >= 2
                and not replay_state(player.save()).trick.cards)
    return stop


def test_take_back_returns_the_card_and_the_turn(page: Page) -> None:
    player = Player(page)
    player.open(seed=13)
    player.new_game(players=3)
    player.play_until(leading(player))
    # Issue 13: a card may be taken back only until a bot answers it, so the bots wait.
    menu(page)
    page.locator("#table-pace").select_option("relaxed")
    close_menu(page)
    take_back = page.get_by_role("button", name="Take back")
    hand_before = page.locator("#hand button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    trick_before = page.locator("#trick").inner_text()
    card = page.locator("#hand button:not([disabled])").first
    played = card.get_attribute("aria-label")
    card.click()
    expect(page.locator("#hand button")).to_have_count(len(hand_before) - 1)
    expect(take_back).to_be_enabled()
    take_back.click()
    player.wait_for("turn")
    after = page.locator("#hand button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    assert after == hand_before and played in after
    assert page.locator("#trick").inner_text() == trick_before



def test_take_back_is_refused_once_something_was_revealed(page: Page) -> None:
    """Issue 13, finding 3: no take-back once the hidden bids are shown, or a bot has answered your card."""
    player = Player(page)
    player.open(seed=13)
    player.new_game(players=3, bidding="hidden", pace="fast")
    take_back = page.get_by_role("button", name="Take back")
    player.wait_for("turn")
    player.choose_first()  # your hidden bid
    player.play_until(lambda state: state == "turn" and player.view_phase() == "playing")
    expect(take_back).to_be_disabled()  # every bid is shown now: yours stands

    player.play_until(leading(player))
    page.locator("#hand button:not([disabled])").first.click()
    page.wait_for_function("() => document.querySelectorAll('#trick > li.play').length >= 2")  # a bot answered
    expect(take_back).to_be_disabled()

def test_keyboard_only_play_of_a_round(page: Page) -> None:
    player = Player(page)
    player.open(seed=17)
    player.new_game(players=3, close_draw=False)
    player.wait_for("draw")
    page.keyboard.press("Enter")  # the dialog's button has the focus
    menu(page)
    page.get_by_label("Rounds go on by themselves").uncheck()  # (the round's result waits for the key)
    close_menu(page)
    keys = 0
    while True:
        state = player.state()
        if state == "round":
            break
        assert state == "turn"
        # Reach an enabled decision button with Tab, then press it with Enter.
        for _ in range(60):
            focused = page.evaluate("""() => { const e = document.activeElement;
                return !!(e && e.matches('#decision button:not([disabled]), #hand button:not([disabled])')); }""")
            if focused:
                break
            page.keyboard.press("Tab")
            keys += 1
        else:
            raise AssertionError("no decision reachable by Tab")
        if page.evaluate("document.activeElement.closest('#hand') !== null") and \
                page.locator("#hand button:not([disabled])").count() > 1:
            page.keyboard.press("ArrowRight")  # arrows move between the cards
            assert page.evaluate("document.activeElement.matches('#hand button:not([disabled])')")
        page.keyboard.press("Enter")
    # The round's result on the table, its "Next round" button at the keyboard's focus.
    expect(page.locator("#round-strip")).to_contain_text("Round 1 of 20 is over")
    expect(page.get_by_role("button", name="On to round 2")).to_be_focused()
    page.keyboard.press("Enter")
    player.wait_for("turn")
    page.keyboard.press("Escape")  # nothing to close: harmless
    expect(page.locator("#round-info")).to_contain_text("Round 2 of 20")


def test_no_other_players_card_is_ever_in_the_page(page: Page) -> None:
    player = Player(page)
    player.open(seed=23)
    player.new_game(players=4)
    checks = 0

    def check() -> None:
        nonlocal checks
        state = replay_state(player.save())
        hidden = set()
        for seat in range(1, 4):
            for card in cards_of(state.hands[seat]):
                if SUIT_OF[card] < 4:  # Wizards and Jesters are not told apart
                    hidden.add(card)
        shown = page.evaluate("""() => {
            const copy = document.body.cloneNode(true);
            copy.querySelectorAll('dialog, #log, #trick, #draw-brief').forEach(n => n.remove());
            const attrs = [...copy.querySelectorAll('*')].flatMap(e => [...e.attributes].map(a => a.value));
            return copy.textContent + '\\n' + attrs.join('\\n');
        }""")
        for card in hidden:
            assert card_label(card) not in shown, f"{card_label(card)} of another hand is in the page"
        assert page.locator(".seat .card").count() == 0
        checks += 1

    def choose() -> None:
        check()
        player.choose_first()

    player.play_until(lambda s: player.round_number() >= 5, choose=choose)
    assert checks >= 10


def test_a_name_with_markup_is_shown_as_text(page: Page, watch: Watch) -> None:
    evil = "<img src=x onerror=alert(1)>"
    player = Player(page)
    player.open(seed=2)
    player.new_game(players=3, name=evil, names=[evil, "Bob"])
    player.state()
    expect(page.locator("#me-info .seat-name")).to_have_text(evil)
    expect(page.locator(".seat .seat-name").first).to_have_text(evil)
    assert page.locator("img").count() == 0
    player.hold_results()
    player.play_until(lambda s: s == "round")
    expect(page.locator("#round-strip .strip-name").first).to_have_text(evil)  # the result on the table
    player.open_summary()
    expect(page.locator("#round-summary tbody th").first).to_have_text(evil)
    assert page.locator("img").count() == 0
    page.locator("#round-next").click()
    player.next_round()
    player.wait_for("turn")
    page.get_by_role("button", name="Score pad").click()
    expect(page.get_by_role("table", name="Score pad").locator("th.pad-player").first).to_have_text(evil)
    assert page.locator("img").count() == 0
    assert not player.dialogs, player.dialogs
    assert not watch.errors, watch.errors


def test_bots_of_every_level_play_and_are_announced_politely(page: Page, watch: Watch) -> None:
    player = Player(page)
    player.open(seed=29)
    levels = page.locator("select[name=opponent-level-0] option").evaluate_all("os => os.map(o => o.value)")
    assert {"easy", "medium", "hard"} <= set(levels)
    player.new_game(players=4, level=["easy", "medium", "hard"], pace="fast")
    expect(page.locator(".seat .seat-level")).to_have_text(["easy bot", "medium bot", "hard bot"])
    log = page.locator("#log")
    assert log.get_attribute("aria-live") == "polite"
    player.play_until(lambda s: s == "turn" and player.view_phase() == "playing" and player.round_number() >= 2)
    # names in sentences are bidi-isolated (U+2068 ... U+2069), invisible and not spoken
    expect(log).to_have_text(re.compile(r"\u2068(Merlin|Morgana|Circe)\u2069 (bids \d+|plays .+)\."))
    # A finished trick stays on the table before the bots go on ("Fast": 700 ms, lib/pace.js).
    page.evaluate("""() => {
        window.tableSpans = []; let start = null, botNext = false;
        const trick = document.getElementById('trick');
        new MutationObserver(() => {
            const finished = trick.classList.contains('finished');
            if (finished && start === null) {
                start = performance.now();
                botNext = document.documentElement.dataset.yourTurn !== 'true'
                    && document.getElementById('round-strip').hidden;  // not the round's last trick
            } else if (!finished && start !== null) {
                window.tableSpans.push({ ms: performance.now() - start, botNext }); start = null;
            }
        }).observe(trick, { attributes: true, attributeFilter: ['class'] });
    }""")
    player.play_until(lambda s: s == "turn" and player.round_number() >= 5)
    spans = [span["ms"] for span in page.evaluate("window.tableSpans") if span["botNext"]]
    assert spans, "no trick was finished with a bot to lead next"
    assert min(spans) >= 650, spans
    assert not watch.errors, watch.errors


def test_reduced_motion_turns_off_the_card_movements(page: Page) -> None:
    page.emulate_media(reduced_motion="reduce")
    player = Player(page)
    player.open(seed=1)
    player.new_game(players=3)
    player.play_until(lambda s: s == "turn" and player.view_phase() == "playing")
    card = page.locator("#hand button.playable").first
    assert card.evaluate("b => getComputedStyle(b).transitionDuration") == "0s"
    assert card.evaluate("b => getComputedStyle(b).transform") == "none"


# --- the bid: a button per number, one click; digits typed bid too (issue 29) ---------------

def bidding_at(page: Page, viewport: ViewportSize, found: Callable[[Mapping[str, Any]], bool],
               **options: Any) -> tuple[Player, Mapping[str, Any]]:
    """The page at the person's bid of a 3-player game where ``found(view)`` holds, and that view."""
    save = save_at(3, found, **options)
    page.set_viewport_size(viewport)
    open_saved(page, save)
    player = Player(page)
    player.wait_for("turn")
    return player, seat_view(replay_state(save), 0)


def type_bid(page: Page, bid: int, hand_size: int) -> None:
    """Type a bid's digits, and Enter when they could start a longer bid (it waits for more, else)."""
    for digit in str(bid):
        page.keyboard.press(digit)
    if bid != 0 and bid * 10 <= hand_size:
        page.keyboard.press("Enter")


def test_a_big_round_bids_by_typing_two_digits(page: Page, watch: Watch) -> None:
    player, view = bidding_at(page, {"width": 1280, "height": 800},
                              lambda v: v["phase"] == "bidding" and v["hand_size"] >= 15 and "bid 12" in v["legal"])
    group = player.bid_group()
    expect(group.get_by_role("button")).to_have_count(view["hand_size"] + 1)  # 0 .. the hand size
    expect(page.get_by_role("spinbutton")).to_have_count(0)
    page.keyboard.press("1")  # 10..19 may follow: it waits
    page.keyboard.press("2")
    expect(page.locator("#me-info .stat-bid dd")).to_have_text("12")
    assert not watch.errors, watch.errors


def test_every_bid_is_one_click_and_the_buttons_wrap_on_a_phone(page: Page, watch: Watch) -> None:
    player, view = bidding_at(page, {"width": 390, "height": 844},
                              lambda v: v["phase"] == "bidding" and v["hand_size"] >= 15 and "bid 5" in v["legal"])
    buttons = player.bid_group().get_by_role("button")
    expect(buttons).to_have_count(view["hand_size"] + 1)
    for box in buttons.evaluate_all("bs => bs.map(b => b.getBoundingClientRect().toJSON())"):
        assert box["left"] >= 0 and box["right"] <= 390 and box["width"] >= 24 and box["height"] >= 24, box
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    player.bid_group().get_by_role("button", name="5", exact=True).click()
    expect(page.locator("#me-info .stat-bid dd")).to_have_text("5")
    assert not watch.errors, watch.errors


def test_a_forbidden_bid_is_struck_through_and_refused_with_its_reason(page: Page, watch: Watch) -> None:
    player, view = bidding_at(page, {"width": 1280, "height": 800},
                              lambda v: v["phase"] == "bidding" and v["hand_size"] >= 12 and bool(v["forbidden"]),
                              plus_minus_one=True)
    forbidden = int(view["forbidden"][0]["action"].split()[1])
    button = player.bid_group().get_by_role("button", name=str(forbidden), exact=True)
    expect(button).to_be_disabled()
    assert "line-through" in button.evaluate("b => getComputedStyle(b).textDecorationLine")
    reason = page.locator("#decision .reason")
    expect(reason).to_have_text(re.compile(rf"^You may not bid {forbidden}: .*plus/minus one"))
    expect(button).to_have_attribute("aria-describedby", reason.get_attribute("id") or "")
    type_bid(page, forbidden, view["hand_size"])
    expect(reason).to_have_class(re.compile(r"\brefused\b"))  # said again, and shown
    expect(page.locator("#me-info .stat-bid dd")).to_have_text("\u2013")  # no bid made
    chosen = next(int(a.split()[1]) for a in reversed(view["legal"]))  # the highest allowed: two digits
    type_bid(page, chosen, view["hand_size"])
    expect(page.locator("#me-info .stat-bid dd")).to_have_text(str(chosen))
    assert not watch.errors, watch.errors
