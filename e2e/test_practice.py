"""Bidding practice (issue 9): a mode of its own from the start page, scored by the coach.

The page keeps each hand's seed to itself; the test reads the requests the page sends to
the coach's worker (recorded by wrapping ``Worker.prototype.postMessage`` before the page
loads) to know which hands were dealt, and asks the coach itself for their score.
"""
from __future__ import annotations

import json
import re

from playwright.sync_api import Locator, Page, expect
from sitetools import Watch, decimal, wait_ready
from tabletools import open_settings

RECORD_REQUESTS = """
(() => {
  const send = Worker.prototype.postMessage;
  window.practiceRequests = [];
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && typeof message.request === "string") window.practiceRequests.push(message.request);
    return send.call(this, message, ...rest);
  };
})();
"""

SCORE = """async (hands) => {
    const { startCoach } = await import(new URL("engine/engine.js", document.baseURI).href);
    return (await startCoach().call("practice_score", { hands })).score;
}"""

PERCENT = re.compile(r"^(\d+)%$")
TOLERANCE = 0.051  # the page shows one decimal


def sent(page: Page, method: str) -> list[dict]:
    """The params of every request `method` the page sent to a worker, in order."""
    requests = [json.loads(r) for r in page.evaluate("() => window.practiceRequests")]
    return [r["params"] for r in requests if r["method"] == method]


def check_verdict(page: Page, bid: int) -> int:
    """The verdict on the hand just bid: a row for every bid with points and a chance; returns
    the coach's pick."""
    buttons = page.locator(".practice-bids .bid")
    verdict = page.locator("#practice-verdict")
    table = verdict.get_by_role("table", name="Every bid, as the coach sees it")
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(buttons.count())
    for i in range(rows.count()):
        row = rows.nth(i)
        assert row.locator("th").inner_text().split()[0] == str(i)
        decimal(row.locator(".practice-number").inner_text())
        assert PERCENT.match(row.locator(".practice-chance").inner_text().strip())
    mine = table.locator("tr.mine")
    expect(mine).to_have_count(1)
    assert mine.locator("th").inner_text().split()[0] == str(bid)
    pick = table.locator("tr.pick")
    expect(pick).to_have_count(1)
    expect(verdict.locator(".practice-verdict-text")).to_contain_text(f"You bid {bid}:")
    # The live region says the verdict to a screen reader.
    expect(page.locator("#practice-live")).to_contain_text(f"You bid {bid}:")
    return int(pick.locator("th").inner_text().split()[0])


def summary_rows(summary: Locator) -> list[list[str]]:
    rows = summary.get_by_role("table").locator("tbody tr")
    return [[c.strip() for c in rows.nth(i).locator("th, td").all_inner_texts()] for i in range(rows.count())]


def test_a_run_of_three_hands_is_scored_as_the_coach_scores_it(page: Page, watch: Watch) -> None:
    page.add_init_script(RECORD_REQUESTS)
    page.goto("./")
    wait_ready(page)
    page.get_by_role("button", name="Practise bidding").click()
    practice = page.get_by_role("region", name="Bidding practice")
    expect(practice).to_be_visible()
    expect(page.locator("#setup")).to_be_hidden()
    start = practice.get_by_role("button", name="Start", exact=True)
    expect(start).to_be_enabled(timeout=60_000)
    practice.get_by_label("Players at the table").select_option("4")
    practice.get_by_label("Round", exact=True).select_option("any")
    practice.get_by_label("Length of the run").select_option("3")
    start.click()

    bids, picks = [1, 0, 2], []
    for hand, bid in enumerate(bids):
        page.wait_for_selector("html[data-practice=bidding]", state="attached", timeout=30_000)
        expect(practice.locator(".practice-hand-title")).to_have_text(f"Hand {hand + 1} of 3")
        group = practice.get_by_role("group", name="Your bid: how many tricks will you take?")
        size = group.get_by_role("button").count() - 1
        expect(practice.get_by_role("region", name="Your hand").get_by_role("img")).to_have_count(size)
        wanted = min(bid, size)
        if hand == 1:  # by keyboard: the digit bids (0 starts no longer bid)
            page.keyboard.press(str(wanted))
        else:
            group.get_by_role("button", name=str(wanted), exact=True).click()
        page.wait_for_selector("html[data-practice=verdict]", state="attached", timeout=60_000)
        picks.append(check_verdict(page, wanted))
        bids[hand] = wanted
        practice.get_by_role("button", name="See the score" if hand == 2 else "Next hand").click()

    page.wait_for_selector("html[data-practice=summary]", state="attached")
    dealt = sent(page, "practice_deal")[-3:]  # before them, a deal of round 1 read the rounds
    assert [d["players"] for d in dealt] == [4, 4, 4]
    hands = [{**d, "bid": f"bid {b}"} for d, b in zip(dealt, bids, strict=True)]
    assert sent(page, "practice_score")[-1] == {"hands": hands}
    score = page.evaluate(SCORE, hands)

    summary = practice.locator("#practice-summary")
    expect(summary.get_by_role("heading")).to_have_text("Run over: 3 hands")
    rows = summary_rows(summary)
    assert len(rows) == 3
    for row, hand, given, bid, pick in zip(rows, score["hands"], dealt, bids, picks, strict=True):
        assert row[1:4] == [str(given["round"]), str(bid), hand["best"].split()[1]]
        assert hand["best"] == f"bid {pick}"
        assert abs(decimal(row[4]) - hand["points"]) <= TOLERANCE
        assert abs(decimal(row[5]) - hand["lost"]) <= TOLERANCE
        assert hand["lost"] == round(max(0.0, hand["best_points"] - hand["points"]), 2)
    text = summary.locator(".practice-summary-text").inner_text()
    figures = [decimal(f) for f in re.findall(r"[+\u2212-]?\d+\.\d", text)]
    assert len(figures) == 3
    for shown, wanted in zip(figures, (score["points"], score["best_points"], score["lost"]), strict=True):
        assert abs(shown - wanted) <= TOLERANCE
    assert f"on {score['matches']} of 3" in text
    assert score["matches"] == sum(b == p for b, p in zip(bids, picks, strict=True))

    summary.get_by_role("button", name="Back to the start").click()
    expect(page.locator("#setup")).to_be_visible()
    expect(practice).to_be_hidden()
    expect(page.get_by_role("button", name="Practise bidding")).to_be_focused()
    assert not watch.errors


def test_practice_uses_the_amigo_theme_of_the_form_and_fits_a_phone(page: Page, watch: Watch) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("./")
    wait_ready(page)
    page.wait_for_selector("#deal:not([disabled])", state="attached")
    open_settings(page)  # the form is folded under "Change settings"
    page.locator("input[name=theme][value=amigo]").check()
    page.get_by_role("button", name="Practise bidding").click()
    practice = page.get_by_role("region", name="Bidding practice")
    expect(practice.get_by_role("button", name="Start", exact=True)).to_be_enabled(timeout=60_000)
    practice.get_by_label("Players at the table").select_option("3")
    practice.get_by_label("Round", exact=True).select_option("20")
    practice.get_by_role("button", name="Start", exact=True).click()
    page.wait_for_selector("html[data-practice=bidding]", state="attached", timeout=30_000)
    cards = practice.get_by_role("region", name="Your hand").locator(".card")
    expect(cards).to_have_count(20)
    assert cards.evaluate_all("cards => cards.every(c => c.classList.contains('theme-amigo'))")
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    page.keyboard.press("1")  # 10..20 may follow: it waits for the next digit
    page.keyboard.press("2")
    page.wait_for_selector("html[data-practice=verdict]", state="attached", timeout=60_000)
    expect(practice.locator("#practice-verdict tbody tr")).to_have_count(21)
    expect(practice.locator("#practice-verdict tr.mine th")).to_contain_text("12")
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    expect(practice.get_by_role("button", name="Next hand")).to_be_focused()
    assert not watch.errors


DEAL = """async (params) => {
    const { startCoach } = await import(new URL("engine/engine.js", document.baseURI).href);
    return (await startCoach().call("practice_deal", params)).view;
}"""


def test_practice_with_the_30_year_box_deals_its_cards_and_fits_a_phone(page: Page, watch: Watch) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.add_init_script(RECORD_REQUESTS)
    page.goto("./")
    wait_ready(page)
    page.get_by_role("button", name="Practise bidding").click()
    practice = page.get_by_role("region", name="Bidding practice")
    expect(practice.get_by_role("button", name="Start", exact=True)).to_be_enabled(timeout=60_000)
    practice.get_by_label("Players at the table").select_option("4")
    practice.get_by_label("Deck").select_option(label="2026 box, 30 years")
    practice.get_by_label("Round", exact=True).select_option("15")
    practice.get_by_label("Length of the run").select_option("3")
    practice.get_by_role("button", name="Start", exact=True).click()
    for hand in range(3):
        page.wait_for_selector("html[data-practice=bidding]", state="attached", timeout=30_000)
        params = sent(page, "practice_deal")[-1]
        assert params["specials"] == "2026" and params["round"] == 15
        view = page.evaluate(DEAL, params)
        shown = practice.get_by_role("region", name="Your hand").get_by_role("img").evaluate_all(
            "cards => cards.map((c) => c.getAttribute('aria-label'))")
        named = page.evaluate("""async (cards) => {
            const { cardName } = await import(new URL("lib/words.js", document.baseURI).href);
            return cards.map((c) => cardName(c, "classic"));
        }""", [one["card"] for one in view["hand"]])
        assert shown == named  # the hand the engine dealt, special cards too
        assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        practice.get_by_role("group", name="Your bid: how many tricks will you take?").get_by_role(
            "button", name="1", exact=True).click()
        page.wait_for_selector("html[data-practice=verdict]", state="attached", timeout=60_000)
        expect(practice.locator("#practice-verdict tbody tr")).to_have_count(16)
        practice.get_by_role("button", name="See the score" if hand == 2 else "Next hand").click()
    page.wait_for_selector("html[data-practice=summary]", state="attached")
    assert all(h["specials"] == "2026" for h in sent(page, "practice_score")[-1]["hands"])
    assert not watch.errors
