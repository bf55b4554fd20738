"""The score keeper for a real deck (issue 11): a whole game of 3 players kept on the page.

A forbidden bid (plus/minus one) is struck through with the game's reason before it is tried,
and tricks that do not add up are refused with theirs; an earlier round is corrected and the
totals follow; a reload in the middle resumes the pad; the coach's advice for a real hand is
asked once; the finished game fires the event the history records (contracts §3). Bids and
tricks go in with the mouse (the number buttons) and, round after round, with the keyboard
(digits typed, Enter). The keeper on a phone: test_keeper_phone.py.
"""
from __future__ import annotations

import json
import re

from playwright.sync_api import Browser, Page, expect
from sitetools import Watch, number, wait_history, wait_ready

from wizard_engine import GameConfig
from wizard_engine.records.keeper import Keeper

NAMES = ["Ann", "Bob", "Cy"]
FIRST_DEALER = 2  # Cy deals round 1: Ann bids first
ROUNDS = 20

LISTEN = """
(() => {
  window.finishedGames = [];
  document.addEventListener("wizard:game-finished", (event) => window.finishedGames.push(event.detail));
})();
"""


def iso(name: str) -> str:
    """A name as the page writes it in a sentence: isolated for the bidirectional algorithm."""
    return f"\u2068{name}\u2069"


def points(bid: int, taken: int) -> int:
    return 20 + 10 * bid if bid == taken else -10 * abs(bid - taken)


def open_keeper(page: Page) -> None:
    page.goto("./")
    wait_ready(page)
    page.click("#keeper-open")
    expect(page.locator("#keeper")).to_be_visible()


def settled(page: Page) -> None:
    """The page has the engine's answer to the last entry (and has drawn it)."""
    # (waited for on every animation frame: expect()'s polling backs off to whole seconds)
    page.wait_for_selector("html:not([data-keeper-busy])", state="attached")


def bid(page: Page, n: int) -> None:
    page.click(f'#keeper-bid-row .bid[data-bid="{n}"]')
    settled(page)


def enter_tricks(page: Page, taken: list[int]) -> None:
    for seat, count in enumerate(taken):
        page.click(f'#keeper-tricks-{seat} .bid[data-bid="{count}"]')
    page.click("#keeper-tricks-form button[type=submit]")
    settled(page)


def play_round(page: Page, round_: int) -> None:
    """Everyone bids 0; Ann takes every trick: all typed, as on a desktop's keyboard."""
    expect(page.locator(".keeper-round")).to_have_text(f"Round {round_} of {ROUNDS}")
    for _ in NAMES:
        page.keyboard.press("0")  # the bid's row has the focus; a digit bids
        settled(page)
    expect(page.locator("html")).to_have_attribute("data-keeper", "tricks")
    # The focus is on Ann's tricks: her count typed (a bid of 1 to 20 is whole once typed), then Enter.
    expect(page.locator("#keeper-tricks-0 .bid[data-bid='0']")).to_be_focused()
    page.keyboard.type(str(round_))
    expect(page.locator(f"#keeper-tricks-0 .bid[data-bid='{round_}']")).to_have_attribute("aria-checked", "true")
    page.keyboard.press("Enter")
    settled(page)
    expect(page.locator(f'#keeper-pad tr[data-round="{round_}"]')).to_be_attached()


def totals(page: Page) -> list[int]:
    return [number(text) for text in page.locator("#keeper-pad tfoot td").all_inner_texts()]


def test_a_whole_score_keeper_game(page: Page, watch: Watch) -> None:
    page.add_init_script(LISTEN)
    page.goto("./")
    wait_ready(page)
    # A damaged saved pad is refused whole and kept aside, like a damaged game save.
    page.evaluate("() => localStorage.setItem('wizard.keeper', '{\"format\": \"wizard-keeper\"')")
    page.click("#keeper-open")
    expect(page.locator("#keeper-alert")).to_contain_text("The saved score pad could not be restored")
    expect(page.locator("#keeper-alert")).to_contain_text("wizard.unreadable-keeper.")
    assert page.evaluate("() => localStorage.getItem('wizard.keeper')") is None
    expect(page.locator("html")).to_have_attribute("data-keeper", "setup")
    page.select_option("#keeper-count", "3")
    for seat, name in enumerate(NAMES):
        page.fill(f"#keeper-name-{seat}", name)
    page.check("#keeper-option-plus_minus_one")
    page.select_option("#keeper-first-dealer", str(FIRST_DEALER))
    expect(page.locator("#keeper-me option")).to_have_text(["None: I only keep the score", *NAMES])
    page.select_option("#keeper-me", label="Bob")  # the device's owner: the game counts in Bob's statistics
    page.click("#keeper-start")
    expect(page.locator(".keeper-deal")).to_have_text(f"{iso('Cy')} deals 1 card to each player.")

    # Round 1: the dealer may not make the bids add up to 1 (plus/minus one), as in the game:
    # the bid is struck through with its reason before it is tried; typed, it is said again.
    bid(page, 0)
    bid(page, 0)
    forbidden = page.locator('#keeper-bid-row .bid[data-bid="1"]')
    expect(forbidden).to_be_disabled()
    reason = page.locator("#keeper-bid-row .reason")
    expect(reason).to_have_text(f"{iso('Cy')} may not bid 1: the bids would add up to 1 trick (plus/minus one).")
    assert forbidden.get_attribute("aria-describedby") == reason.get_attribute("id")
    page.keyboard.press("1")
    expect(reason).to_have_class(re.compile(r"\brefused\b"))
    expect(page.locator("#keeper-error")).to_be_hidden()
    expect(page.locator("html")).to_have_attribute("data-keeper", "bid")
    # Undo takes back Bob's bid; entered again.
    page.click("#keeper-undo")
    settled(page)
    expect(page.locator(".keeper-order li.now")).to_contain_text("Bob")
    bid(page, 0)
    bid(page, 0)
    # The tricks must add up to the cards dealt.
    enter_tricks(page, [1, 1, 0])
    expect(page.locator("#keeper-error")).to_have_text("The tricks taken add up to 2, but 1 were dealt to each player.")
    expect(page.locator("#keeper-tricks-sum")).to_have_text("Entered so far: 2 of 1")
    enter_tricks(page, [1, 0, 0])
    expect(page.locator("#keeper-error")).to_be_hidden()
    assert totals(page) == [-10, 20, 20]

    # Round 2: advice for a real hand (Ann holds a Wizard and the ace of spades, 7 of hearts turned up).
    expect(page.locator(".keeper-deal")).to_have_text(f"{iso('Ann')} deals 2 cards to each player.")
    page.click("#keeper-advice-title")
    page.click('.keeper-pick[aria-label="ace of spades"]')
    page.focus('.keeper-pick[aria-label="ace of spades"]')
    page.keyboard.press("ArrowDown")  # spades -> the Wizards' row
    page.keyboard.press("Enter")
    expect(page.locator("#keeper-advice-count")).to_have_text("2 of 2 cards picked")
    page.select_option("#keeper-turned", "7H")
    page.click("#keeper-ask")
    rows = page.locator(".keeper-advice-table tbody tr")
    expect(rows).to_have_count(3, timeout=60_000)
    expect(page.locator(".keeper-advice-pick")).to_contain_text("The coach bids")
    for _ in NAMES:
        bid(page, 0)
    enter_tricks(page, [2, 0, 0])

    for round_ in range(3, 6):
        play_round(page, round_)

    # A reload in the middle: the pad resumes where it was.
    page.reload()
    open_keeper(page)
    expect(page.locator(".keeper-round")).to_have_text("Round 6 of 20")
    assert totals(page) == [sum(points(0, r) for r in range(1, 6)), 100, 100]

    for round_ in range(6, 11):
        play_round(page, round_)

    # Correct round 1: Ann had bid 1 and taken it, Cy bid 1: both totals follow, Bob's stays.
    before = totals(page)
    page.click('button[aria-label="Edit round 1"]')
    page.click('#keeper-edit-bid-0 .bid[data-bid="1"]')
    page.keyboard.press("Enter")  # Enter on a count enters the form
    settled(page)
    # Cy dealt round 1 and bid last: under plus/minus one the bids may not add up to 1.
    expect(page.locator("#keeper-error")).to_have_text("The bids would add up to 1 trick (plus/minus one).")
    page.click('#keeper-edit-bid-2 .bid[data-bid="1"]')
    page.click('#keeper-edit-taken-1 .bid[data-bid="1"]')
    page.click("#keeper-edit-form button[type=submit]")
    settled(page)
    expect(page.locator("#keeper-error")).to_have_text("The tricks taken add up to 2, but 1 were dealt to each player.")
    page.focus('#keeper-edit-taken-1 [aria-checked="true"]')
    page.keyboard.press("ArrowLeft")  # arrow keys choose, as among radio buttons: 1 -> 0
    expect(page.locator('#keeper-edit-taken-1 .bid[data-bid="0"]')).to_have_attribute("aria-checked", "true")
    page.keyboard.press("Enter")
    settled(page)
    expect(page.locator("html")).to_have_attribute("data-keeper", "bid")
    expect(page.locator('#keeper-pad tr[data-round="1"] .keeper-total').first).to_have_text("30")
    assert totals(page) == [before[0] + 40, before[1], before[2] - 30]

    for round_ in range(11, ROUNDS):
        play_round(page, round_)
    # The last round deals the whole deck: no card is turned up, so the advice asks for none
    # (the engine's view says so: turns_up).
    page.evaluate("() => { document.querySelector('#keeper-advice details').open = true; }")
    expect(page.locator("#keeper-last-round")).to_be_visible()
    expect(page.locator("#keeper-turned-field")).to_be_hidden()
    play_round(page, ROUNDS)
    expect(page.locator(".keeper-round")).to_have_text("The game is over")
    expected = [40 + sum(points(0, r) for r in range(1, ROUNDS + 1)), 20 * ROUNDS, 20 * ROUNDS - 30]
    assert totals(page) == expected
    expect(page.locator(".keeper-winners")).to_have_text(f"{iso('Bob')} wins.")

    finished = page.evaluate("() => window.finishedGames")
    assert [game["kind"] for game in finished] == ["keeper"]
    document = json.loads(finished[0]["keeper"])
    assert document["players"] == NAMES and document["format"] == "wizard-keeper" and document["me"] == 1
    wait_history(page, "history?.records[0]?.me === 1")

    # The finished pad as an image: no share sheet here, so a download link to a PNG.
    page.click("#keeper-share")
    link = page.locator("#keeper-download")
    expect(link).to_be_visible()
    assert link.get_attribute("download") == "wizard-score-pad.png"
    assert not watch.errors, watch.errors


def start_pad(page: Page) -> None:
    for seat, name in enumerate(NAMES):
        page.fill(f"#keeper-name-{seat}", name)
    page.select_option("#keeper-first-dealer", str(FIRST_DEALER))
    page.click("#keeper-start")
    settled(page)


def test_two_tabs_never_lose_each_others_entries(page: Page, watch: Watch) -> None:
    """Issue 32: both tabs at round 2; the first enters round 2 whole, the second a bid. The
    second hears the change and shows the first's pad before its bid, so nothing is lost."""
    open_keeper(page)
    page.select_option("#keeper-count", "3")
    start_pad(page)
    play_round(page, 1)
    other = page.context.new_page()
    open_keeper(other)
    expect(other.locator(".keeper-round")).to_have_text(f"Round 2 of {ROUNDS}")
    play_round(page, 2)
    expect(other.locator("#keeper-alert")).to_contain_text("changed in another tab")
    expect(other.locator(".keeper-round")).to_have_text(f"Round 3 of {ROUNDS}")
    bid(other, 0)
    for tab in (page, other):
        open_keeper(tab)
        expect(tab.locator('#keeper-pad tr[data-round="2"]')).to_be_attached()
        expect(tab.locator(".keeper-order li").first).to_contain_text("0")
    assert not watch.errors, watch.errors


def test_an_entry_made_over_a_newer_pad_is_refused_and_the_newer_pad_kept(page: Page, watch: Watch) -> None:
    """The race the tabs' events cannot close: another tab wrote the pad just before this tab's
    entry. The entry is not written over it; the tab says so and shows the stored pad."""
    open_keeper(page)
    page.select_option("#keeper-count", "3")
    start_pad(page)
    play_round(page, 1)
    newer = page.evaluate("() => localStorage.getItem('wizard.keeper')")
    play_round(page, 2)
    page.evaluate("(text) => localStorage.setItem('wizard.keeper', text)", newer)  # no event in this tab
    bid(page, 0)
    expect(page.locator("#keeper-alert")).to_contain_text("your last entry was not kept")
    expect(page.locator(".keeper-round")).to_have_text(f"Round 2 of {ROUNDS}")
    assert page.evaluate("() => localStorage.getItem('wizard.keeper')") == newer
    expect(page.locator(".keeper-order li.now")).to_contain_text("Bob")  # Ann deals round 2
    assert not watch.errors, watch.errors


def test_the_setup_on_a_phone_in_german(browser: Browser, base_url: str) -> None:
    """Every rule's words show whole at 390 px: the bidding modes are radio buttons (in a select
    the German "open" mode was cut off), no legend wraps across its box's border; the mode chosen
    and schedule chosen are the pad's."""
    context = browser.new_context(locale="de-DE", base_url=base_url, viewport={"width": 390, "height": 844})
    page = context.new_page()
    watch = Watch(page)
    open_keeper(page)
    setup = page.locator(".keeper-setup")
    for legend in setup.locator("legend").all():
        box = legend.bounding_box()
        line = legend.evaluate("(node) => parseFloat(getComputedStyle(node).fontSize) * 1.6")
        assert box is not None and box["height"] <= line, f"{legend.inner_text()!r} wraps"
    for group in ("bidding", "schedule"):
        choices = setup.locator(f"input[name=keeper-{group}]")
        expect(choices).to_have_count(3)
        for choice in choices.all():
            label = setup.locator(f"label:has(input[value={choice.get_attribute('value')}])")
            assert label.evaluate("(node) => node.scrollWidth <= node.clientWidth"), label.inner_text()
    expect(setup.locator("input[value=open]")).to_be_checked()
    expect(setup.locator("input[value=standard]")).to_be_checked()
    setup.get_by_label("Geheim", exact=False).check()
    setup.get_by_label("Amigo-Turnier", exact=False).check()
    page.click("#keeper-start")
    expect(page.locator("html")).to_have_attribute("data-keeper", "bid")
    kept = json.loads(page.evaluate("() => localStorage.getItem('wizard.keeper')"))
    assert (kept["options"]["bidding"], kept["options"]["schedule"]) == ("secret", "tournament"), kept
    expect(page.locator(".keeper-round")).to_have_text("Runde 1 von 10")
    assert not watch.errors, watch.errors
    context.close()


# Every text drawn into a canvas (the pad as a picture), in order.
DRAWN = """(() => {
  window.drawnTexts = [];
  const fill = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
    window.drawnTexts.push(String(text));
    return fill.call(this, text, ...rest);
  };
})()"""


def near_the_end(specials: str) -> str:
    """A special-card pad of Ann, Bob, Cy (Cy deals first) with 19 rounds entered: all bid 0,
    Ann takes every trick; in the first she took the Cloud's and raised her bid to 1."""
    keeper = Keeper(GameConfig.of(NAMES, specials=specials), FIRST_DEALER)
    while keeper.round < ROUNDS:
        for _ in NAMES:
            keeper.bid(0)
        if keeper.round == 1:
            keeper.cloud_change(0, +1)
        keeper.tricks([keeper.cards(keeper.round), 0, 0])
    return keeper.dumps()


def test_a_special_card_game_with_a_cloud_and_a_bomb(page: Page, watch: Watch) -> None:
    """Issue 42, item 5: the 2016 box chosen on the setup (the boxes as describe() offers them);
    a bombed trick goes to nobody (S9), a Cloud's +1 is tapped beside Bob's bid and scored (S13),
    the pad shows it beside the bid (S14), an edit corrects it; the last round turns a card up (S2) and the finished
    game goes into the history."""
    page.add_init_script(LISTEN)
    page.add_init_script(DRAWN)
    open_keeper(page)
    page.select_option("#keeper-count", "3")
    boxes = page.locator("input[name=keeper-specials]")
    expect(boxes).to_have_count(4)  # none, and the three boxes
    expect(boxes.first).to_be_checked()
    expect(page.locator("label:has(input[name=keeper-specials][value='2021'])")).to_contain_text("Shapeshifter")
    page.check("input[name=keeper-specials][value='2016']")
    start_pad(page)
    expect(page.locator(".keeper-specials-line")).to_contain_text("Cloud")
    kept = json.loads(page.evaluate("() => localStorage.getItem('wizard.keeper')"))
    assert kept["options"]["specials"] == "2016"

    # Round 1: its one trick was bombed: nobody took it.
    for _ in NAMES:
        bid(page, 0)
    expect(page.locator("[data-keeper^=cloud]")).to_have_count(6)  # the Cloud's +1 and -1 beside each bid
    expect(page.locator("#keeper-tricks-sum")).to_have_text(
        "Entered so far: 0 of 1 (a trick with the Bomb goes to nobody: up to 1 fewer)")
    enter_tricks(page, [0, 0, 0])
    expect(page.locator("#keeper-error")).to_be_hidden()
    assert totals(page) == [20, 20, 20]

    # Round 2 (Ann deals, Bob bids first): Bob 1, Cy 0, Ann 0. Bob's 2 tricks chosen, then he
    # takes the Cloud's trick and raises his bid: the count chosen stays.
    for n in (1, 0, 0):
        bid(page, n)
    page.click('#keeper-tricks-1 .bid[data-bid="2"]')
    expect(page.locator('[data-keeper="cloud 2 -1"]')).to_be_disabled()  # Cy's bid of 0 may only go up
    page.click('[data-keeper="cloud 1 +1"]')
    settled(page)
    expect(page.locator("#keeper-tricks-1-label")).to_have_text(
        f"{iso('Bob')} (bid 1, Cloud +1: now 2)")
    expect(page.locator('#keeper-tricks-1 .bid[data-bid="2"]')).to_have_attribute("aria-checked", "true")
    expect(page.locator("[data-keeper^=cloud]:not(:disabled)")).to_have_count(0)  # one Cloud, one change
    expect(page.locator("#keeper-pad tr.keeper-current .keeper-cloud-mark")).to_have_text("☁+1")
    # Bob's 2 tricks and nobody else's: it adds up, with Bob's bid as the Cloud changed it.
    page.click("#keeper-tricks-form button[type=submit]")
    settled(page)
    assert totals(page) == [40, 60, 40]
    cell = page.locator('#keeper-pad tr[data-round="2"] td').nth(1)
    expect(cell.locator(".keeper-bid-value")).to_have_text("2")
    expect(cell.locator(".keeper-cloud-mark")).to_have_text("☁+1")
    expect(cell.locator(".keeper-cloud-mark")).to_have_attribute("title", "changed by the Cloud: +1")
    # The Cloud's change corrected: Bob's bid stays 1 (he took 2), his total follows.
    page.click('button[aria-label="Edit round 2"]')
    expect(page.locator('#keeper-edit-bid-1 .bid[data-bid="1"]')).to_have_attribute("aria-checked", "true")
    expect(page.locator('#keeper-edit-cloud-1 .bid[data-bid="1"]')).to_have_text("+1")
    expect(page.locator('#keeper-edit-cloud-1 .bid[data-bid="1"]')).to_have_attribute("aria-checked", "true")
    page.click('#keeper-edit-cloud-1 .bid[data-bid="0"]')
    page.click("#keeper-edit-form button[type=submit]")
    settled(page)
    expect(page.locator("#keeper-error")).to_be_hidden()
    assert totals(page) == [40, 10, 40]
    expect(page.locator('#keeper-pad tr[data-round="2"] .keeper-cloud-mark')).to_have_count(0)

    # Round 3: the Bomb voids one trick at most; one of three is refused with its reason.
    for _ in NAMES:
        bid(page, 0)
    enter_tricks(page, [1, 0, 0])
    expect(page.locator("#keeper-error")).to_have_text(
        "The tricks taken add up to 1 of 3: the Bomb leaves at most 1 to nobody.")
    page.reload()
    open_keeper(page)  # the pad resumes
    expect(page.locator(".keeper-round")).to_have_text(f"Round 3 of {ROUNDS}")

    # The last round: a card is turned up for trump, the deck holds more than is dealt (S2).
    page.evaluate("(text) => localStorage.setItem('wizard.keeper', text)", near_the_end("2016"))
    page.reload()
    open_keeper(page)
    expect(page.locator(".keeper-round")).to_have_text(f"Round {ROUNDS} of {ROUNDS}")
    page.evaluate("() => { document.querySelector('#keeper-advice details').open = true; }")
    expect(page.locator("#keeper-turned-field")).to_be_visible()
    expect(page.locator("#keeper-last-round")).to_be_hidden()
    for _ in NAMES:
        bid(page, 0)
    enter_tricks(page, [19, 0, 0])  # one of the 20 tricks bombed
    expect(page.locator(".keeper-round")).to_have_text("The game is over")
    assert [game["kind"] for game in page.evaluate("() => window.finishedGames")] == ["keeper"]
    wait_history(page, "history?.records[0]?.options?.specials === '2016'")
    # The pad as a picture shows the Cloud's change beside the bid, in words (no title to explain a symbol).
    expect(page.locator('#keeper-pad tr[data-round="1"] .keeper-cloud-mark').first).to_have_text("☁+1")
    page.click("#keeper-share")
    expect(page.locator("#keeper-download")).to_be_visible()
    assert "1 (+1 Cloud) / 1" in page.evaluate("() => window.drawnTexts")
    assert not watch.errors, watch.errors
