"""The table fits one screen (issue 29): at your turn, on a desktop, a laptop, a phone upright and
turned sideways, your hand, the trick, the trump, the bids (or the tally) and the actions (Hint,
Take back) are all in view without scrolling the page, in round 1, a middle round and the biggest
rounds (15 cards at four players, 20 at three), with the hint open or closed and the cards played
shown or not, once the win chances are in; the open hint covers none of them, and on a desktop shows
its whole table, neither cut nor scrolled within itself (issue 39); no two cards of the trick
overlap, and no card's corner index lies under the tags ("Led", "winning") or a player's name in
the trick. Six players too, whose felt is the tallest; five with long names, once the coach's
feedback is in; and on phones the Amigo theme's cards.

A page for each moment: its save is loaded (localStorage, then Resume) at one size, then the window
is set to each size in turn, and at each the table is measured with the cards played shown and not,
the hint open and closed. The drawer of the cards played lies over the
table on purpose: what it covers is not counted as hidden.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect
from tabletools import Player, find_game, open_saved, save_at

SIZES: dict[str, ViewportSize] = {
    "1280x800": {"width": 1280, "height": 800},
    "1366x657": {"width": 1366, "height": 657},
    "1440x900": {"width": 1440, "height": 900},
    "390x844": {"width": 390, "height": 844},
    "844x390": {"width": 844, "height": 390},
}


def _saves() -> dict[str, str]:
    def playing(players: int, round_: int, full: bool = False):
        def found(v: Mapping[str, Any]) -> bool:
            return bool(v["phase"] == "playing" and v["round"] == round_ and len(v["trick"]["plays"]) >= 1
                        and (not full or len(v["hand"]) == v["hand_size"]))
        return save_at(players, found)
    return {
        "round 1": playing(4, 1),
        "round 8, bidding": save_at(4, lambda v: v["phase"] == "bidding" and v["round"] == 8),
        "round 15": playing(4, 15, full=True),
        "round 15, bidding": save_at(4, lambda v: v["phase"] == "bidding" and v["round"] == 15),
        "round 20 of 3": playing(3, 20, full=True),
        "6 players, round 8": save_at(6, lambda v: v["phase"] == "playing" and v["round"] == 8
                                      and len(v["trick"]["plays"]) >= 3),
    }


SAVES = _saves()

# The boxes that must be in view, and what must not lie over them: the corner index of every card
# of your hand and of the trick must be the topmost thing at its middle (not a tag, a name, the
# hint, a neighbour's card); and the page fits with SPARE px to spare (the end of <main>, where the
# table keeps the docked hand's room), since fonts differ a little from one machine to another.
# Returned as a list of problems, empty when all is well.
SPARE_PX = 4
MEASURE = """(SPARE) => {
  const problems = [];
  const W = innerWidth, H = innerHeight;
  const doc = document.documentElement;
  if (doc.scrollHeight > H + 1) problems.push(`the page scrolls: ${doc.scrollHeight} px tall`);
  else {
    const needs = Math.ceil(document.querySelector('main').getBoundingClientRect().bottom + scrollY);
    if (needs > H - SPARE) problems.push(`the page fits with ${H - needs} px to spare, fewer than ${SPARE}`);
  }
  if (doc.scrollWidth > W + 1) problems.push(`the page scrolls sideways: ${doc.scrollWidth} px wide`);
  const inView = (what, node) => {
    if (!node) { problems.push(`${what}: missing`); return; }
    const b = node.getBoundingClientRect();
    if (b.width === 0 || b.height === 0) { problems.push(`${what}: not shown`); return; }
    if (b.left < -1 || b.top < -1 || b.right > W + 1 || b.bottom > H + 1)
      problems.push(`${what}: out of view (${Math.round(b.left)},${Math.round(b.top)})-`
        + `(${Math.round(b.right)},${Math.round(b.bottom)})`);
  };
  // The tags and names of the trick let clicks through (pointer-events: none), so that
  // elementFromPoint never finds them: their boxes are compared with the corner's instead.
  const labels = [...document.querySelectorAll('#trick .play-tag, #trick .play-name')];
  const overlaps = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
    && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const readable = (what, card, index) => {
    const b = index.getBoundingClientRect();
    const x = b.left + b.width / 2, y = b.top + b.height / 2;
    const top = document.elementFromPoint(x, y);
    if (top?.closest('#played')) return; // the drawer of the cards played, opened over the table on purpose
    const over = top ? (top.id || top.className) : 'nothing';
    if (!top || !card.contains(top)) problems.push(`${what}: its corner is under ${over}`);
    for (const node of labels) {
      if (node.getClientRects().length && overlaps(b, node.getBoundingClientRect()))
        problems.push(`${what}: its corner is under the label "${node.textContent}"`);
    }
  };
  inView('the Hint button', document.getElementById('hint-button'));
  inView('the Take back button', document.getElementById('take-back'));
  inView('the trump', document.querySelector('#trump .card'));
  inView('the prompt', document.getElementById('prompt'));
  const bids = [...document.querySelectorAll('#decision .bid')];
  if (doc.dataset.phase === 'bidding') {
    if (!bids.length) problems.push('no bid buttons');
    bids.forEach((b) => { inView(`bid ${b.dataset.action}`, b); readable(`bid ${b.dataset.action}`, b, b); });
  } else {
    inView('the tally', document.getElementById('tally'));
    // No two cards of the trick overlap (issue 39: yours lay over the foot of the one across).
    const cards = [...document.querySelectorAll('#trick .play')]
      .map((play) => [play.dataset.card, play.getBoundingClientRect()]);
    cards.forEach(([a, boxA], i) => cards.slice(i + 1).forEach(([b, boxB]) => {
      if (overlaps(boxA, boxB)) problems.push(`the trick's ${a} and ${b} overlap`);
    }));
    document.querySelectorAll('#trick .play').forEach((play) => {
      const card = play.querySelector('.card');
      inView(`the trick's ${play.dataset.card}`, card);
      // Both corners of a card in the trick, where it shows them.
      card.querySelectorAll('.card-index').forEach((index) => {
        if (index.getClientRects().length) readable(`the trick's ${play.dataset.card}`, card, index);
      });
    });
  }
  document.querySelectorAll('#hand .hand-card').forEach((button) => {
    const card = button.querySelector('.card');
    inView(`your ${button.dataset.card}`, card);
    readable(`your ${button.dataset.card}`, button, card.querySelector('.card-index-top'));
  });
  const hint = document.getElementById('hint-panel');
  if (!hint.hidden) {
    inView('the hint', hint);
    // Its content at its natural height: nothing cut, nothing scrolled within it (where its table
    // is shown: on a phone the hint is one line, the table for screen readers only).
    const body = document.getElementById('hint-body');
    if (hint.scrollHeight > hint.clientHeight + 1)
      problems.push(`the hint is cut: ${hint.scrollHeight} px in ${hint.clientHeight}`);
    if (hint.scrollWidth > hint.clientWidth + 1)
      problems.push(`the hint is cut at its side: ${hint.scrollWidth} px in ${hint.clientWidth}`);
    if (body.getBoundingClientRect().height > 1 && body.scrollHeight > body.clientHeight + 1)
      problems.push(`the hint's table scrolls: ${body.scrollHeight} px in ${body.clientHeight}`);
    // It lies over none of the table's things: seats, cards, bids, your line and prompt.
    const box = hint.getBoundingClientRect();
    const things = '#seats .seat, #trick .play .card, #hand .hand-card .card, #decision .bid, #me-info, #prompt';
    document.querySelectorAll(things).forEach((node) => {
      if (node.getClientRects().length && overlaps(box, node.getBoundingClientRect()))
        problems.push(`the hint lies over ${node.closest('[data-card]')?.dataset.card ?? (node.id || node.className)}`);
    });
  }
  const played = document.getElementById('played');
  if (!played.hidden) {
    inView('the cards played', played);
    // Nothing lies over the drawer's ✕ and its suits' names (the toolbar's buttons once did, and
    // the hint could): those the drawer shows, its ✕ always (below the hint it scrolls the rest).
    const shown = played.getBoundingClientRect();
    played.querySelectorAll('.played-name, #played-close').forEach((node) => {
      const b = node.getBoundingClientRect();
      const middle = b.top + b.height / 2;
      if (node.id !== 'played-close' && (middle < shown.top || middle > shown.bottom)) return;
      const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      const over = top ? (top.id || top.className) : 'nothing';
      if (!top || !played.contains(top)) problems.push(`the drawer's "${node.textContent}" is under ${over}`);
    });
  }
  return problems;
}"""


CHANCES_SHOWN_JS = ("() => document.querySelectorAll('#table .chance').length"
                    " === document.querySelectorAll('#seats .seat').length + 1")  # one per player
COACH_TIMEOUT_MS = 60_000

# Every measure in both the page's languages: German's longer words scrolled the page where English fit.
LOCALES = ["en-US", "de-DE"]


def context_at(browser: Browser, base_url: str, size: str, locale: str) -> BrowserContext:
    return browser.new_context(viewport=SIZES[size], base_url=base_url, locale=locale, reduced_motion="reduce")


def load(page: Page, save: str, theme: str = "classic") -> None:
    open_saved(page, save, {"pace": "instant", "played": False, "theme": theme})
    Player(page).wait_for("turn")
    # The win chances come a few seconds after the table (the coach weighs them): each takes a
    # line of its seat's room, so the table is measured with them.
    page.wait_for_function(CHANCES_SHOWN_JS, timeout=COACH_TIMEOUT_MS)


def problems(page: Page) -> list[str]:
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    return page.evaluate(MEASURE, SPARE_PX)


def set_hint(page: Page, open_: bool) -> None:
    if (page.locator("#hint-button").get_attribute("aria-expanded") == "true") != open_:
        page.locator("#hint-button").click()
    if open_:
        expect(page.locator("#hint-panel")).to_have_attribute("data-state", "ready", timeout=COACH_TIMEOUT_MS)
    else:
        expect(page.locator("#hint-panel")).to_be_hidden()


def set_played(page: Page, shown: bool) -> None:
    """The toolbar menu's box of the cards played, ticked or not (as its click does)."""
    page.evaluate("(shown) => { const box = document.getElementById('played-toggle');"
                  " if (box.checked !== shown) { box.checked = shown; box.dispatchEvent(new Event('change')); } }",
                  shown)
    if shown:
        expect(page.locator("#played")).to_be_visible()
    else:
        expect(page.locator("#played")).to_be_hidden()


def problems_here(page: Page) -> dict[str, list[str]]:
    """The problems of the table on the page, at its size, with the cards played shown or not and
    the hint open or closed (in an order that flips one of the two at each step)."""
    found: dict[str, list[str]] = {}
    for played, hint in ((False, False), (False, True), (True, True), (True, False)):
        set_played(page, played)
        set_hint(page, hint)
        found[f"played {'on' if played else 'off'}, hint {'open' if hint else 'closed'}"] = problems(page)
    return {state: found_ for state, found_ in found.items() if found_}


def problems_by_size(page: Page, sizes: list[str]) -> dict[str, dict[str, list[str]]]:
    """The page's problems at each size in turn: the window resized as a player turns a phone or
    drags a window, the table redrawn for it (the page was loaded at the first)."""
    found: dict[str, dict[str, list[str]]] = {}
    for size in sizes:
        page.set_viewport_size(SIZES[size])
        found[size] = problems_here(page)
    return found


def sizes_from(first: int, sizes: list[str]) -> list[str]:
    """``sizes`` starting at the ``first``-th: each moment loads at another size, so that every size is
    both loaded into and resized to."""
    first %= len(sizes)
    return sizes[first:] + sizes[:first]


# One page for each moment, loaded once and measured at every size (a page for each size and moment,
# booted 37 times, cost five minutes of the suite; a page reloaded from moment to moment had its
# renderer's memory grow with every boot until it crashed).
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("moment", list(SAVES))
def test_the_table_fits_the_screen_at_your_turn(browser: Browser, base_url: str, moment: str, locale: str) -> None:
    sizes = sizes_from(list(SAVES).index(moment), list(SIZES))
    context = context_at(browser, base_url, sizes[0], locale)
    page = context.new_page()
    load(page, SAVES[moment])
    found = problems_by_size(page, sizes)
    context.close()
    bad = {size: found_ for size, found_ in found.items() if found_}
    assert not bad, json.dumps(bad, indent=1)


# The Amigo theme's cards (1 to 13 in four colours) were seen to make a phone's page scroll where
# the classic cards fit (a longer note over the hand: "follow Giants (yellow)"): measured on phones,
# at the biggest rounds.
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("moment", ["round 15", "round 15, bidding", "round 20 of 3"])
def test_the_table_fits_a_phone_with_the_amigo_cards_too(browser: Browser, base_url: str, moment: str,
                                                         locale: str) -> None:
    sizes = sizes_from(list(SAVES).index(moment), ["390x844", "844x390"])
    context = context_at(browser, base_url, sizes[0], locale)
    page = context.new_page()
    load(page, SAVES[moment], theme="amigo")
    bad = {size: found for size, found in problems_by_size(page, sizes).items() if found}
    context.close()
    assert not bad, json.dumps(bad, indent=1)


@pytest.mark.parametrize("locale", LOCALES)
def test_a_long_name_sideways_leaves_the_prompt_its_room(browser: Browser, base_url: str, locale: str) -> None:
    """Sideways your line and your prompt share a line: a 32-letter name of yours is cut, the
    prompt keeps its room (a line that would not wrap had left the prompt none: 677 px tall)."""
    save = save_at(4, lambda v: v["phase"] == "bidding" and v["round"] == 15, names=["W" * 32, "M" * 32])
    context = context_at(browser, base_url, "844x390", locale)
    page = context.new_page()
    load(page, save)
    bad = problems_here(page)
    prompt = page.locator("#prompt").bounding_box()
    context.close()
    assert not bad, json.dumps(bad, indent=1)
    assert prompt and prompt["width"] >= 150, prompt


# The coach's feedback on your last move takes a line of its own over your hand (it was the one
# moment the tests above never saw: a phone sideways, six players at 1366x657 scrolled by it).
FEEDBACK_SHOWN_JS = "() => !document.getElementById('feedback').hidden"


# (Five players: two seats across, each once three lines tall sideways; here with long names. A
# choice of two cards at least: the coach says nothing of a card that was the only one allowed.)
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("players", [4, 5, 6])
def test_the_table_fits_with_the_coachs_feedback_on_your_last_card(browser: Browser, base_url: str,
                                                                   players: int, locale: str) -> None:
    names = ["You", "Merlin", "W" * 32, "Morgana of the Misty Mountains"] if players == 5 else None
    save = save_at(players, lambda v: v["phase"] == "playing" and v["round"] == 8 and len(v["hand"]) >= 4
                   and len(v["trick"]["plays"]) >= 1 and len(v["legal"]) >= 2, names=names)
    bad = problems_after_a_card(browser, base_url, save, sizes_from(players, list(SIZES)), locale)
    assert not bad, json.dumps(bad, indent=1)


# The last round's hand (two rows on a phone upright), the feedback and the hint: six players
# upright scrolled by up to 43 px, five by 35, four sideways by 11; in German's longer words six
# players scrolled by up to 47 px upright and 27 sideways.
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_table_fits_with_the_coachs_feedback_in_the_last_round(browser: Browser, base_url: str,
                                                                   players: int, locale: str) -> None:
    last = 60 // players  # (R5)

    def found(v: Mapping[str, Any]) -> bool:
        return bool(v["phase"] == "playing" and v["round"] == last and len(v["hand"]) >= last - 1
                    and len(v["trick"]["plays"]) >= 1 and len(v["legal"]) >= 2)
    seed, _ = find_game(players, found, seeds=range(1, 40))
    save = save_at(players, found, seed=seed)
    bad = problems_after_a_card(browser, base_url, save, sizes_from(players + 2, list(SIZES)), locale)
    assert not bad, json.dumps(bad, indent=1)


def problems_after_a_card(browser: Browser, base_url: str, save: str, sizes: list[str],
                          locale: str) -> dict[str, dict[str, list[str]]]:
    """The problems at each size once the coach's feedback on your card (the first allowed) shows."""
    context = context_at(browser, base_url, sizes[0], locale)
    page = context.new_page()
    load(page, save)
    Player(page).choose_first()
    # (the pointer off the hand: a card under it rises over its neighbour's corner, as meant)
    page.mouse.move(0, 0)
    Player(page).wait_for("turn")
    page.wait_for_function(FEEDBACK_SHOWN_JS, timeout=COACH_TIMEOUT_MS)
    page.wait_for_function(CHANCES_SHOWN_JS, timeout=COACH_TIMEOUT_MS)
    found = problems_by_size(page, sizes)
    feedback_shown = page.evaluate(FEEDBACK_SHOWN_JS)
    context.close()
    assert feedback_shown, "the feedback line went before the table was measured"
    return {size: found_ for size, found_ in found.items() if found_}
