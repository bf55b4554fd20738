"""The page in German (issue 10): a browser whose language is German gets the German
catalogue, a whole game shows no English word of en.json, and the language can be
switched in the page, re-words what is drawn, and is remembered across a reload.

English words to look for: the text of every en.json message that differs from its
de.json message, cut at its {parameters}, keeping the pieces of 4 letters or more that
appear nowhere in de.json (so "Trumpf" never matches "Trump", nor a shared word a false
alarm). They are searched for as whole words in the page's visible text and in the
aria-labels and tooltips of what is shown.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from sitetools import ROOT, Watch, cut_options
from tabletools import Player, menu

I18N = ROOT / "web" / "i18n"
ENGLISH = json.loads((I18N / "en.json").read_text())
GERMAN = json.loads((I18N / "de.json").read_text())


def forms(message: object) -> list[str]:
    return list(message.values()) if isinstance(message, dict) else [str(message)]


def english_only_phrases() -> list[str]:
    """The pieces of English text the German page must never show."""
    german_text = " ".join(text for message in GERMAN.values() for text in forms(message))
    phrases: set[str] = set()
    for key, message in ENGLISH.items():
        if message == GERMAN[key]:
            continue
        for text in forms(message):
            for piece in re.split(r"\{\w+\}", text):
                piece = piece.strip(" .,:;·()…'\"\u2013-")
                if len(re.sub(r"[^A-Za-z]", "", piece)) >= 4 and not re.search(rf"\b{re.escape(piece)}\b", german_text):
                    phrases.add(piece)
    return sorted(phrases, key=len, reverse=True)


PHRASES = english_only_phrases()
ENGLISH_RE = re.compile("|".join(rf"\b{re.escape(p)}\b" for p in PHRASES))

# The visible text of the page, with the aria-labels and tooltips of what is shown.
SHOWN_JS = """() => {
  const parts = [document.title, document.body.innerText];
  for (const node of document.querySelectorAll('[aria-label], [title]')) {
    if (node.checkVisibility && !node.checkVisibility()) continue;
    parts.push(node.getAttribute('aria-label') ?? '', node.getAttribute('title') ?? '');
  }
  return parts.join('\\n');
}"""


def english_on_screen(page: Page) -> list[str]:
    return sorted(set(ENGLISH_RE.findall(page.evaluate(SHOWN_JS))))


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """A browser whose language is German."""
    return {**browser_context_args, "locale": "de-DE"}


def test_the_phrases_would_catch_english() -> None:
    assert len(PHRASES) > 100
    for english in ["New game", "Round 3 of 20", "You must follow hearts", "Wizard and Jester", "Score pad"]:
        assert ENGLISH_RE.search(english), english
    for german in ["Neues Spiel", "Runde 3 von 20", "du musst Herz bedienen", "Trumpf", "Spielblock", "Wizard"]:
        assert not ENGLISH_RE.search(german), german


def deal(page: Page, players: int) -> None:
    """Fill in the form (by ids: its labels are German) and deal; the pace is Instant."""
    page.locator("#settings-panel summary").click()
    form = page.locator("#new-game")
    form.locator("#players").select_option(str(players))
    for i in range(players - 1):
        form.locator(f"select[name=opponent-level-{i}]").select_option("random")
    form.locator("#pace").select_option("instant")
    form.locator("#deal").click()


def choose_first(page: Page) -> None:
    """Player.choose_first, by ids (its hand's name is English)."""
    decision = page.locator("#decision [data-action]:not([disabled])")
    (decision if decision.count() else page.locator("#hand button:not([disabled])")).first.click()


def test_a_whole_game_in_german_shows_no_english_word(page: Page, watch: Watch) -> None:
    player = Player(page)
    player.open(seed=3)
    assert page.evaluate("navigator.language") == "de-DE"
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#your-name")).to_have_value("Du")
    assert english_on_screen(page) == []
    deal(page, players=6)
    expect(page.locator("#draw-brief")).to_contain_text("Wer gibt zuerst?")  # the first-dealer draw, briefly
    menu(page)  # the table's menu: its words too
    assert english_on_screen(page) == []
    player.hold_results()  # the rounds' results wait for their button (time to read them on a busy machine)
    seen: dict[str, int] = {"turn": 0, "round": 0, "draw": 0}
    reasons: set[str] = set()
    for _ in range(2000):
        state = player.state()
        found = english_on_screen(page)
        assert not found, f"English on the German page ({state}): {found}"
        if state == "final":
            break
        seen[state] += 1
        if state == "turn":
            reasons.add(page.locator("#hand-note").inner_text())
            choose_first(page)
        elif state == "round":  # the round's result on the table; once, its full summary
            expect(page.locator("#round-strip")).to_contain_text(re.compile(r"Runde \d+ von 10 ist vorbei"))
            if seen["round"] == 1:
                page.get_by_role("button", name="Ganze Übersicht").click()
                expect(page.get_by_role("dialog", name=re.compile(r"Runde 1 von 10 ist vorbei"))).to_be_visible()
                found = english_on_screen(page)
                assert not found, f"English in the round's summary: {found}"
                page.get_by_role("button", name="Zurück zum Tisch").click()
            page.get_by_role("button", name=re.compile(r"Weiter zu Runde \d+")).click()
        else:
            page.get_by_role("button", name="Spiel beginnen").click()
    final = page.get_by_role("dialog", name="Endstand")
    expect(final).to_be_visible()
    winners = re.compile(r"(gewinnst|gewinnt|teilen sich den Sieg) mit [-\u2212]?\d+ Punkten")
    expect(final.locator("#final-winners")).to_contain_text(winners)
    assert seen["round"] == 9 and seen["draw"] == 0  # (the draw is a brief line, no dialog)
    # The engine's reasons, worded in German: greyed cards say why.
    assert any("bedienen" in text for text in reasons), reasons
    final.get_by_role("button", name="Spielblock").click()
    expect(page.get_by_role("table", name="Spielblock")).to_be_visible()
    assert english_on_screen(page) == []
    assert not watch.errors, watch.errors
    assert not player.dialogs


@pytest.mark.parametrize("locale", ["de-DE", "en-US"])
def test_every_choice_fits_its_select_on_a_phone(browser: Browser, base_url: str, locale: str) -> None:
    """German words are long: at 390 px no select cuts off a choice, on the new-game form (6
    players, a person at the device), in practice, the score keeper, the table's menu and the
    pad (the test pages' random level, never offered to players, is left out). English too."""
    context = browser.new_context(locale=locale, base_url=base_url, reduced_motion="reduce",
                                  viewport={"width": 390, "height": 844})
    page = context.new_page()
    watch = Watch(page)
    player = Player(page)
    player.open(seed=3)
    page.locator("#settings-panel summary").click()
    page.locator("#players").select_option("6")
    page.locator("select[name=opponent-level-1]").select_option("person")
    assert cut_options(page, skip=("random",)) == []
    page.click("#practice-open")
    expect(page.locator("#practice-round")).to_be_visible()
    assert cut_options(page) == []
    page.click("#practice-back")
    page.click("#keeper-open")
    expect(page.locator("#keeper-count")).to_be_visible()
    assert cut_options(page) == []
    page.click("#keeper-start")
    page.click("#keeper-advice-title")
    expect(page.locator("#keeper-turned")).to_be_visible()
    assert cut_options(page) == []
    player.open(seed=3)
    deal(page, players=3)
    player.state()
    page.click("#more-button")
    expect(page.locator("#table-theme")).to_be_visible()
    assert cut_options(page) == []
    page.keyboard.press("Escape")
    page.click("#open-pad")
    expect(page.locator("#pad-view")).to_be_visible()
    assert cut_options(page) == []
    assert not watch.errors, watch.errors
    context.close()


def test_the_language_switch_rewords_the_page_and_is_remembered(page: Page, watch: Watch) -> None:
    player = Player(page)
    player.open(seed=3)
    html = page.locator("html")
    language = page.locator("#language")
    wizard_letter = page.locator("#themes .suit-Z .card-rank").first
    expect(language).to_have_value("de")
    expect(wizard_letter).to_have_text("Z")

    language.select_option("en")
    expect(html).to_have_attribute("lang", "en")
    expect(page.locator("#setup-title")).to_have_text("New game")
    expect(page.get_by_role("button", name="Play", exact=True)).to_be_visible()
    expect(page.locator("#your-name")).to_have_value("You")  # the default name follows the language
    expect(wizard_letter).to_have_text("W")
    assert page.title() == "Wizard"
    page.reload()
    player.wait_table_ready()
    expect(html).to_have_attribute("lang", "en")
    expect(language).to_have_value("en")
    expect(page.locator("#setup-title")).to_have_text("New game")

    # A game begun in English, switched to German at the table: everything drawn is re-worded.
    player.new_game(players=3, pace="instant")
    player.play_until(lambda s: s == "turn" and player.view_phase() == "playing")
    expect(page.locator("#round-info")).to_contain_text("Round 1 of 20")
    language.select_option("de")
    expect(html).to_have_attribute("lang", "de")
    expect(page.locator("#round-info")).to_contain_text("Runde 1 von 20")
    expect(page.get_by_role("button", name="Spielblock")).to_be_visible()
    assert english_on_screen(page) == []
    expect(page.locator("#table-pace option:checked")).to_have_text("Sofort (ohne Pausen)")
    menu(page)  # New game is behind the More menu
    page.get_by_role("button", name="Neues Spiel").click()
    assert english_on_screen(page) == []  # the form too
    page.reload()
    player.wait_table_ready()
    expect(html).to_have_attribute("lang", "de")
    expect(page.locator("#setup-title")).to_have_text("Neues Spiel")
    assert english_on_screen(page) == []  # the start page
    player.resume()
    assert english_on_screen(page) == []  # and the table
    assert not watch.errors, watch.errors


@pytest.fixture
def french_page(browser: Browser, base_url: str) -> Iterator[Page]:
    context = browser.new_context(locale="fr-FR", base_url=base_url)
    yield context.new_page()
    context.close()


def test_a_language_we_do_not_have_gets_english(french_page: Page) -> None:
    Player(french_page).open()
    expect(french_page.locator("html")).to_have_attribute("lang", "en")
    expect(french_page.locator("#setup-title")).to_have_text("New game")


def test_a_page_that_cannot_load_says_so_in_german(page: Page) -> None:
    """boot.js words a blocked script from the browser's language's catalogue too."""
    page.route("**/app.js", lambda route: route.abort())
    page.goto("./")
    alert = page.locator("[data-engine-alert]")
    expect(alert).to_be_visible(timeout=30_000)
    expect(alert).to_contain_text("app.js fehlt oder wurde blockiert")
    expect(page.locator("html")).to_have_attribute("lang", "de")
