"""Accessibility: axe-core over every screen, at a desktop's and a phone's size, light and dark.

axe-core is pinned beside ESLint (tests/eslint/package.json and its lock file) and installed
with it by `npm ci` (`python3 build.py lint`, which `build.py test` runs first). One page walks
the screens, and at each is checked at both sizes and in both schemes (the window resized, the
system's scheme switched: the page follows both as they change): the start page, statistics, the
score keeper (its setup and a pad under way), bidding practice, and the table while bidding,
while playing with the coach's hint open, and choosing trump. None may violate axe's default
rules (WCAG 2.x A and AA, and its best practices) nor `label-content-name-mismatch` (a control's
name holds the words it shows: what a person using speech input says to press it).
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Literal

import pytest
from playwright.sync_api import Page, ViewportSize, expect
from sitetools import ROOT, Watch, wait_ready
from tabletools import Player, open_saved, save_at

AXE = ROOT / "tests" / "eslint" / "node_modules" / "axe-core" / "axe.min.js"
COACH_TIMEOUT_MS = 60_000
RULES = {"label-content-name-mismatch": {"enabled": True}}  # (experimental in axe, so off by default)
SIZES: dict[str, ViewportSize] = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
SCHEMES: tuple[Literal["light", "dark"], ...] = ("light", "dark")

# The violations of axe's run over the document, a line each: its rule, impact, help and the nodes.
RUN_AXE = """async (rules) => {
  const { violations } = await axe.run(document, { rules, resultTypes: ["violations"] });
  return violations.map((v) =>
    `${v.id} (${v.impact}): ${v.help}: ` + v.nodes.map((n) => n.target.join(" ")).join(", "));
}"""


def axe_source() -> str:
    if not AXE.exists():
        pytest.fail(f"axe-core is not installed ({AXE} is missing): "
                    "run `python3 build.py lint`, which installs it with ESLint (npm ci in tests/eslint/)")
    return AXE.read_text(encoding="utf-8")


class Audit:
    """axe over one page, screen after screen, each at every size and in every scheme; what each
    violates, by screen, size and scheme. The page is left at the desktop's size, light."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.source = axe_source()
        self.found: dict[str, list[str]] = {}

    def check(self, screen: str) -> None:
        # Through the DevTools protocol, which the page's CSP (no inline script) does not govern;
        # again after a reload (open_saved's), which loses it.
        if not self.page.evaluate("() => typeof axe !== 'undefined'"):
            self.page.evaluate(self.source)
        for size, viewport in SIZES.items():
            self.page.set_viewport_size(viewport)
            for scheme in SCHEMES:
                self.page.emulate_media(color_scheme=scheme)  # (the page follows the system's scheme by default)
                expect(self.page.locator("html")).to_have_attribute("data-scheme", scheme)
                if violations := self.page.evaluate(RUN_AXE, RULES):
                    self.found[f"{screen} ({size}, {scheme})"] = violations
        self.page.set_viewport_size(SIZES["desktop"])
        self.page.emulate_media(color_scheme="light")

    def report(self) -> str:
        return "\n".join(f"{screen}:\n  " + "\n  ".join(lines) for screen, lines in self.found.items())


def visit_side_screens(page: Page, audit: Audit) -> None:
    """Statistics, the score keeper (its setup, then a pad of three with special cards, bidding
    and then entering the tricks after a Cloud's change), and a practice hand."""
    page.click("#stats-open")
    page.wait_for_selector("html[data-stats=ready]", state="attached", timeout=60_000)
    audit.check("statistics")
    page.click("#stats-back")

    page.click("#keeper-open")
    expect(page.locator("html")).to_have_attribute("data-keeper", "setup")
    audit.check("score keeper, setup")
    page.select_option("#keeper-count", "3")
    for seat, name in enumerate(["Ann", "Bob", "Cy"]):
        page.fill(f"#keeper-name-{seat}", name)
    page.check("input[name=keeper-specials][value='2016']")  # special cards: the Cloud's buttons, its mark
    page.click("#keeper-start")
    page.wait_for_selector("html:not([data-keeper-busy])[data-keeper=bid]", state="attached")
    audit.check("score keeper, a pad")
    for _ in range(3):
        page.click('#keeper-bid-row .bid[data-bid="0"]')
        page.wait_for_selector("html:not([data-keeper-busy])", state="attached")
    page.click('[data-keeper="cloud 0 +1"]')
    page.wait_for_selector("html:not([data-keeper-busy]) .keeper-cloud-mark", state="attached")
    audit.check("score keeper, the tricks with a Cloud's change")
    page.click("#keeper-back")

    page.get_by_role("button", name="Practise bidding").click()
    start = page.locator("#practice").get_by_role("button", name="Start", exact=True)
    expect(start).to_be_enabled(timeout=60_000)
    start.click()
    page.wait_for_selector("html[data-practice=bidding]", state="attached", timeout=60_000)
    audit.check("bidding practice")
    page.click("#practice-back")


def test_no_screen_violates_axe_rules(page: Page, watch: Watch) -> None:
    page.set_viewport_size(SIZES["desktop"])
    audit = Audit(page)
    player = Player(page)
    player.open(seed=8)
    wait_ready(page)
    audit.check("start page")
    visit_side_screens(page, audit)

    player.new_game(players=4)
    # Round 3 of seed 8: two Wizards and the queen of spades in hand.
    player.play_until(lambda state: state == "turn" and player.round_number() == 3)
    assert player.view_phase() == "bidding"
    audit.check("table, bidding")
    player.play_until(lambda state: state == "turn" and player.view_phase() == "playing")
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("#hint-panel")).to_have_attribute("data-state", "ready", timeout=COACH_TIMEOUT_MS)
    audit.check("table, playing, the hint open")
    # A Wizard turned up at the person's deal (seed 7, round 5): the suits to choose trump from.
    open_saved(page, save_at(4, lambda view: view["phase"] == "trump", seed=7))
    player.wait_for("turn")
    audit.check("table, choosing trump")

    assert not audit.found, f"axe-core found violations:\n{audit.report()}"
    assert not watch.errors, watch.errors


def test_the_check_reports_a_nameless_image(page: Page) -> None:
    """The check itself: axe, injected as above, reports an image without a name on the start page."""
    page.goto("./")
    page.evaluate("() => document.querySelector('main').append(Object.assign(document.createElement('img'),"
                  " { src: 'icons/icon.svg' }))")
    audit = Audit(page)
    audit.check("start page with a nameless image")
    assert "image-alt" in audit.report(), audit.report()


def test_a_missing_axe_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys.modules[__name__], "AXE", tmp_path / "axe.min.js")
    with pytest.raises(pytest.fail.Exception, match=r"python3 build.py lint"):
        axe_source()
