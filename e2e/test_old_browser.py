"""A browser too old for the game says so (issue 31): boot.js finds what is missing and names
the oldest browsers that have it all, instead of a blank page or an endless "Loading".

Chromium here is new, so each test takes one feature away before the page's scripts run
(not BigInt64Array: Playwright's own scripts use it).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

# What each test takes away, and the words (English) the page names it by.
TAKEN_AWAY = {
    "webassembly": ("WebAssembly.validate = () => false;", "WebAssembly with exceptions"),
    "workers": ("delete window.Worker;", "module workers"),
    "at": ("delete Array.prototype.at;", "Array.at"),
    "dialog": ("delete HTMLDialogElement.prototype.showModal;", "dialogs"),
}


def _open_without(page: Page, feature: str) -> None:
    page.add_init_script(TAKEN_AWAY[feature][0])
    page.goto("./")


@pytest.mark.parametrize("feature", list(TAKEN_AWAY))
def test_a_browser_without_what_the_game_needs_is_told_which_browsers_will_do(page: Page, feature: str) -> None:
    _open_without(page, feature)
    alert = page.locator("[data-engine-alert]")
    expect(alert).to_be_visible(timeout=30_000)
    expect(alert).to_contain_text("This browser is too old for the game")
    expect(alert).to_contain_text(TAKEN_AWAY[feature][1])
    expect(alert).to_contain_text("Firefox 114")
    expect(page.locator("html")).to_have_attribute("data-page", "unsupported")
    # Nothing that cannot work is offered, and no engine is started behind the message.
    expect(page.locator("main")).to_be_hidden()
    assert page.evaluate("document.documentElement.dataset.app") is None
    assert page.evaluate("performance.getEntriesByType('resource').some((r) => r.name.includes('pyodide'))") is False


def test_the_message_comes_in_the_browsers_language(browser: Browser, base_url: str) -> None:
    context = browser.new_context(locale="de-DE", base_url=base_url)
    page = context.new_page()
    _open_without(page, "at")
    alert = page.locator("[data-engine-alert]")
    expect(alert).to_contain_text("Dieser Browser ist zu alt für das Spiel", timeout=30_000)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    context.close()


def test_a_browser_with_everything_plays(page: Page) -> None:
    page.goto("./")
    expect(page.locator("html")).to_have_attribute("data-app", "ready", timeout=60_000)
    assert page.evaluate("document.documentElement.dataset.page") is None
    expect(page.locator("[data-engine-alert]")).to_be_hidden()
