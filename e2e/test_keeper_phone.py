"""The score keeper on a phone (issue 29 point 5), 390 x 844 with a touch screen.

A round goes in by taps alone: a tap per bid, a tap per player's tricks, one to enter them;
no text field takes the focus, so the phone's keyboard never opens. The pad fits the width
from 3 to 6 players with long names: nothing scrolls sideways, neither the page nor a box in
it. The bid the rules forbid the dealer is shown struck through, disabled, with its reason,
before anyone tries it.
"""
from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from sitetools import Watch, wait_ready

# Long names (the setup takes up to 32 characters): the pad has to fit them.
LONG = ["Maximiliane Josephine Adler", "Bartholomew Fitzgerald-Hume", "Konstantinos Papadopoulos",
        "Anne-Sophie Vandenbroucke", "Guillermo del Castillo Ruiz", "Wilhelmina van Oosterhuis"]

# The focused element, if it would raise a phone's keyboard (a text field not marked inputmode=none).
KEYBOARD = """() => {
  const node = document.activeElement;
  const text = "textarea, [contenteditable]:not([contenteditable=false]), "
    + "input:not([type=button], [type=checkbox], [type=radio], [type=submit], [type=reset], [type=hidden])";
  return node?.matches(text) && node.inputMode !== "none" ? node.outerHTML : null;
}"""

# How far the page scrolls sideways, and which boxes in the keeper scroll sideways inside it.
SIDEWAYS = """() => ({
  page: document.documentElement.scrollWidth - innerWidth,
  boxes: [...document.querySelectorAll("#keeper *")]
    .filter((node) => ["auto", "scroll"].includes(getComputedStyle(node).overflowX))
    .filter((node) => node.scrollWidth > node.clientWidth + 1)
    .map((node) => `${node.tagName}.${node.className}: ${node.scrollWidth} > ${node.clientWidth}`),
})"""


@pytest.fixture
def phone(browser: Browser, base_url: str) -> Iterator[Page]:
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, locale="en-US", reduced_motion="reduce")
    yield context.new_page()
    context.close()


def settled(page: Page) -> None:
    """The page has the engine's answer to the last entry (and has drawn it)."""
    page.wait_for_selector("html:not([data-keeper-busy])", state="attached")


def no_keyboard(page: Page) -> None:
    focused = page.evaluate(KEYBOARD)
    assert focused is None, f"a text field has the focus, the phone's keyboard opens: {focused}"


def fits(page: Page, where: str) -> None:
    sideways = page.evaluate(SIDEWAYS)
    assert sideways == {"page": 0, "boxes": []}, f"{where}: scrolls sideways: {sideways}"


def start(page: Page, names: list[str]) -> None:
    """The setup (names are typed: that is what a keyboard is for); the pad's dealer is the first player."""
    page.goto("./")
    wait_ready(page)
    page.click("#keeper-open")
    page.select_option("#keeper-count", str(len(names)))
    for seat, name in enumerate(names):
        page.fill(f"#keeper-name-{seat}", name)
    page.check("#keeper-option-plus_minus_one")
    page.click("#keeper-start")
    settled(page)
    expect(page.locator("html")).to_have_attribute("data-keeper", "bid")


def tap_bid(page: Page, n: int) -> None:
    page.tap(f'#keeper-bid-row .bid[data-bid="{n}"]')
    settled(page)
    no_keyboard(page)


def tap_round(page: Page, players: int, taker: int, cards: int) -> None:
    """Everyone bids 0 (the dealer may: the bids add up to 0); `taker` takes every trick."""
    for _ in range(players):
        tap_bid(page, 0)
    expect(page.locator("html")).to_have_attribute("data-keeper", "tricks")
    fits(page, "the tricks")
    page.tap(f'#keeper-tricks-{taker} .bid[data-bid="{cards}"]')
    no_keyboard(page)
    expect(page.locator("#keeper-tricks-sum")).to_have_text(f"Entered so far: {cards} of {cards}")
    page.tap("#keeper-tricks-form button[type=submit]")
    settled(page)
    no_keyboard(page)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_round_by_taps_on_a_phone_fits_its_width(phone: Page, players: int) -> None:
    watch = Watch(phone)
    start(phone, LONG[:players])
    no_keyboard(phone)
    fits(phone, "the first bid")
    tap_round(phone, players, taker=1, cards=1)
    tap_round(phone, players, taker=2, cards=2)
    expect(phone.locator("#keeper-pad tbody tr[data-round]")).to_have_count(2)
    fits(phone, "the pad of two rounds")
    assert phone.locator("#keeper-pad tfoot td").all_inner_texts()[:3] == ["40", "10", "0"]
    # A finished round corrected by taps too.
    phone.tap('button[aria-label="Edit round 1"]')
    no_keyboard(phone)
    fits(phone, "the correction")
    phone.tap('#keeper-edit-taken-1 .bid[data-bid="0"]')
    phone.tap('#keeper-edit-taken-0 .bid[data-bid="1"]')
    phone.tap("#keeper-edit-form button[type=submit]")
    settled(phone)
    expect(phone.locator("html")).to_have_attribute("data-keeper", "bid")
    assert phone.locator("#keeper-pad tfoot td").all_inner_texts()[:3] == ["10", "40", "0"]
    assert not watch.errors, watch.errors


def test_the_dealers_forbidden_bid_is_struck_through_before_it_is_tried(phone: Page) -> None:
    """Plus/minus one, round 1: everyone before the dealer bids 0, so the dealer may not bid 1."""
    watch = Watch(phone)
    start(phone, LONG[:4])
    for _ in range(3):
        tap_bid(phone, 0)
    forbidden = phone.locator('#keeper-bid-row .bid[data-bid="1"]')
    expect(forbidden).to_be_disabled()
    expect(forbidden).to_have_class("bid forbidden")
    reason = f"\u2068{LONG[0]}\u2069 may not bid 1: the bids would add up to 1 trick (plus/minus one)."
    note = phone.locator(f"#{forbidden.get_attribute('aria-describedby')}")
    expect(note).to_be_visible()
    expect(note).to_have_text(reason)
    expect(phone.locator("#keeper-error")).to_be_hidden()
    expect(phone.locator('#keeper-bid-row .bid[data-bid="0"]')).to_be_enabled()
    assert not watch.errors, watch.errors


def test_six_long_names_fit_a_laptop_too(browser: Browser, base_url: str) -> None:
    """At 1280 x 800 the pad's columns share the width as well: none is cut off at the right."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800}, locale="en-US")
    page = context.new_page()
    start(page, LONG)
    for _ in LONG:
        page.click('#keeper-bid-row .bid[data-bid="0"]')
        settled(page)
    page.click('#keeper-tricks-1 .bid[data-bid="1"]')
    page.click("#keeper-tricks-form button[type=submit]")
    settled(page)
    expect(page.locator("#keeper-pad tbody tr[data-round]")).to_have_count(1)
    fits(page, "the pad at 1280 px")
    context.close()


def test_s13_a_clouds_change_by_taps_on_a_phone_fits_its_width(phone: Page) -> None:
    """Issue 42, item 5: six long names and the 2026 box: the Cloud's buttons beside each count,
    the change's mark on the pad and the correction's Cloud row fit a phone's width."""
    watch = Watch(phone)
    phone.goto("./")
    wait_ready(phone)
    phone.click("#keeper-open")
    phone.select_option("#keeper-count", "6")
    for seat, name in enumerate(LONG[:6]):
        phone.fill(f"#keeper-name-{seat}", name)
    phone.check("input[name=keeper-specials][value='2026']")
    phone.click("#keeper-start")
    settled(phone)
    for _ in range(6):
        tap_bid(phone, 0)
    phone.tap('[data-keeper="cloud 1 +1"]')
    settled(phone)
    no_keyboard(phone)
    fits(phone, "the tricks with a Cloud's change")
    phone.tap('#keeper-tricks-1 .bid[data-bid="1"]')
    phone.tap("#keeper-tricks-form button[type=submit]")
    settled(phone)
    expect(phone.locator('#keeper-pad tr[data-round="1"] .keeper-cloud-mark')).to_have_text("☁+1")
    fits(phone, "the pad with a Cloud's change")
    assert phone.locator("#keeper-pad tfoot td").all_inner_texts()[:2] == ["20", "30"]
    phone.tap('button[aria-label="Edit round 1"]')
    expect(phone.locator("#keeper-edit-cloud-1")).to_be_visible()
    fits(phone, "the correction with the Cloud's changes")
    assert not watch.errors, watch.errors
