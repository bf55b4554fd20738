"""Around the table: the colour scheme, one click to play, long names on a phone, the round's
summary before the next round, the final standings' chart (web/appearance.js, start.js,
game.js, final.js)."""
from __future__ import annotations

import re

from playwright.sync_api import Page, Route, expect
from sitetools import Watch
from tabletools import Player, finished_save, open_finished

LONG = ["W" * 32, "Bartholomew-Maximilian-Fitzgeral", "Wolfgang_Amadeus_Mozart_Salzburg", "X" * 32,
        "Hildegard-von-Bingen-Rupertsber"]


def summary(page: Page) -> str:
    """The start page's summary of the game, without the bidi isolation around names."""
    return re.sub("[\u2068\u2069]", "", page.locator("#quick-summary").inner_text())


def lightness(page: Page) -> float:
    """The page background's mean channel, 0 (black) to 255 (white)."""
    colour = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    channels = [int(c) for c in re.findall(r"\d+", colour)[:3]]
    return sum(channels) / 3


def test_the_dark_theme_follows_the_system_and_the_switch_overrides_it(page: Page, watch: Watch) -> None:
    page.emulate_media(color_scheme="dark")
    Player(page).open()
    assert lightness(page) < 60, "prefers-color-scheme: dark gives a dark page"
    scheme = page.locator("#scheme")
    expect(scheme).to_have_value("system")
    scheme.select_option("light")
    expect(page.locator("html")).to_have_attribute("data-scheme", "light")
    assert lightness(page) > 200
    page.reload()  # remembered, and set before the page's modules run
    expect(scheme).to_have_value("light")
    assert lightness(page) > 200
    scheme.select_option("system")
    assert lightness(page) < 60
    page.emulate_media(color_scheme="light")
    # The page follows the system when its change event arrives (scheme.js).
    expect(page.locator("html")).to_have_attribute("data-scheme", "light")
    assert lightness(page) > 200
    scheme.select_option("dark")
    assert lightness(page) < 60
    # Printed on paper with the light colours (a dark page's light text would print on white).
    page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
    assert lightness(page) > 200
    page.evaluate("() => window.dispatchEvent(new Event('afterprint'))")
    assert lightness(page) < 60
    expect(scheme).to_have_value("dark")
    assert not watch.errors, watch.errors


def test_the_boxes_of_the_other_modes_follow_the_dark_scheme(page: Page, watch: Watch) -> None:
    """The start page's boxes, the score keeper's and the statistics' panels: dark on a dark page."""
    page.emulate_media(color_scheme="dark")
    Player(page).open()
    boxes = ["#keeper-entry", "#stats-entry"]
    page.locator("#keeper-open").click()
    boxes.append(".keeper-setup")
    for selector in boxes:
        colour = page.evaluate("(s) => getComputedStyle(document.querySelector(s)).backgroundColor", selector)
        assert sum(int(c) for c in re.findall(r"\d+", colour)[:3]) / 3 < 60, (selector, colour)
    assert not watch.errors, watch.errors


def test_play_pressed_before_the_engine_is_ready_starts_the_game_when_it_is(page: Page, watch: Watch) -> None:
    held: list[Route] = []
    page.context.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # the engine cannot boot meanwhile
    page.goto("./")
    page.wait_for_selector("html[data-app=ready]", state="attached")
    # The form is complete at once, from described.json, though the engine is not ready.
    assert page.get_attribute("html", "data-engine") == "loading"
    assert "You against Merlin (medium bot), Morgana (medium bot) and Circe (medium bot)" in summary(page)
    assert page.locator("#new-game select[name=opponent-level-0] option").count() >= 3
    play = page.get_by_role("button", name="Play", exact=True)
    expect(play).to_be_enabled()
    play.click()
    expect(page.locator("#play-wait")).to_have_text("Starting when the engine is ready…")
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the runtime was never asked for"
    assert page.locator("#table").is_hidden()
    for route in held:
        route.continue_()
    page.context.unroute("**/pyodide.asm.wasm")
    expect(page.locator("#table")).to_be_visible(timeout=60_000)
    expect(page.locator("#round-info")).to_contain_text("Round 1 of 15")
    expect(page.locator("#draw-brief")).to_contain_text("Who deals first")  # briefly: no dialog to close
    expect(page.locator("#draw-dialog")).to_be_hidden()
    expect(page.locator("#play-wait")).to_be_empty()
    # Play again keeps the settings: the same table of four.
    page.reload()
    Player(page).wait_table_ready()
    assert "Circe (medium bot)" in summary(page)
    assert not watch.errors, watch.errors


def test_long_names_never_make_a_phone_page_scroll_sideways(page: Page, watch: Watch) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    player = Player(page)
    player.open(seed=7)
    player.new_game(players=6, name="Y" * 32, names=LONG)

    def width() -> int:
        return int(page.evaluate("document.documentElement.scrollWidth"))

    expect(page.locator("#round-info")).to_contain_text("Round 1 of 10")
    assert width() <= 390, "the table"
    page.locator("#more-button").click()  # the toolbar's menu on a phone
    expect(page.locator("#to-setup")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#to-setup")).to_be_hidden()
    expect(page.locator("#more-button")).to_be_focused()
    player.hold_results()
    assert player.play_until(lambda s: s == "round") == "round"
    strip = page.locator("#round-strip").bounding_box()
    assert strip and strip["x"] >= 0 and strip["x"] + strip["width"] <= 390, strip
    assert width() <= 390, "the round's result on the table"
    player.open_summary()
    dialog = page.get_by_role("dialog", name=re.compile("Round 1 of 10 is over"))
    box = dialog.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    assert width() <= 390, "the round's summary"
    name = dialog.locator(".player-name").first
    assert name.get_attribute("title") in ("Y" * 32, *LONG)  # the whole name in its tooltip
    player.next_round()
    page.get_by_role("button", name="Score pad").click()
    assert width() <= 390, "the score pad"
    assert not watch.errors, watch.errors


def test_the_rounds_result_shows_before_the_next_round_is_drawn(page: Page) -> None:
    player = Player(page)
    player.open(seed=11)
    player.new_game(players=3)
    player.hold_results()  # (it waits: time to look)
    assert player.play_until(lambda s: s == "round") == "round"
    expect(page.locator("#round-strip")).to_be_visible()
    expect(page.locator("#round-info")).to_contain_text("Round 1 of 20")  # not yet round 2
    expect(page.locator("#hand button")).to_have_count(0)  # no new hand dealt behind the result
    expect(page.locator("#trick .play")).to_have_count(3)  # the last trick, complete
    player.next_round()
    expect(page.locator("#round-info")).to_contain_text("Round 2 of 20")


def test_the_final_standings_celebrate_the_winner_with_bids_made_and_a_score_chart(page: Page, watch: Watch) -> None:
    save = finished_save(players=3, seed=5)
    open_finished(page, save)
    final = page.get_by_role("dialog", name="Final standings")
    expect(final.locator("#final-winners")).to_contain_text(re.compile(r"(win|wins|share the win) with"))
    expect(final.locator(".standings li.winner")).not_to_have_count(0)
    made = final.locator(".standing-made").all_inner_texts()
    assert len(made) == 3 and all(re.fullmatch(r"Bids made: \d+ of 20", m) for m in made), made
    chart = final.locator("#final-chart svg.score-chart")
    expect(chart).to_be_visible()
    expect(chart.locator("polyline")).to_have_count(3)
    points = chart.locator("polyline").first.get_attribute("points") or ""
    assert len(points.split()) == 21  # 0, then after each of the 20 rounds
    lines = final.locator("#final-chart li").all_text_contents()  # the text equivalent
    assert len(lines) == 3 and any("Merlin" in line for line in lines), lines
    assert not watch.errors, watch.errors


def test_the_final_charts_axis_labels_never_overlap(page: Page) -> None:
    """Issue 29: "0" and "-10" (a minus sign) were drawn over each other when the lowest total is just under zero."""
    Player(page).open()
    boxes = page.evaluate("""async () => {
        const { fillFinal } = await import(new URL("table/final.js", document.baseURI).href);
        const totals = [[10, 120, 300], [-10, -10, -10]];  // per seat, after each round
        const view = { players: [{ name: "You" }, { name: "Merlin" }], human: 0, winners: [0], totals: [300, -10],
            standings: [{ seat: 0, total: 300 }, { seat: 1, total: -10 }],
            score_pad: [0, 1, 2].map((r) => totals.map((t) => ({ bid: 0, taken: 0, points: 0, total: t[r] }))) };
        fillFinal(view);
        document.getElementById("final-dialog").showModal();
        return [...document.querySelectorAll("#final-chart .chart-label")]
            .filter((label) => !/^\\d+$/.test(label.textContent) || label.getAttribute("text-anchor") === "end")
            .map((label) => ({ text: label.textContent, ...label.getBoundingClientRect().toJSON() }));
    }""")
    assert "0" in [box["text"] for box in boxes], boxes
    for i, one in enumerate(boxes):
        for other in boxes[i + 1:]:
            apart = one["bottom"] <= other["top"] or other["bottom"] <= one["top"]
            assert apart, (one, other)


def test_the_address_adds_only_levels_the_engine_has(page: Page, watch: Watch) -> None:
    """Issue 32: ?levels= with an unknown word showed it as a raw label ("level.genius")."""
    page.goto("./?levels=random,genius")
    level = page.locator("select[name=opponent-level-0]")
    expect(level.locator("option", has_text="Random (plays any legal card)")).to_have_count(1)
    texts = level.locator("option").all_inner_texts()
    assert not [text for text in texts if "genius" in text or text.startswith("level.")], texts
    assert not watch.errors, watch.errors
