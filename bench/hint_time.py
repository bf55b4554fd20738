"""How long a hint takes in the browser, from the click to the panel filled, with and without the prefetch.

    python3 build.py && .venv/bin/python bench/hint_time.py [--rounds 8] [--players 4]

Plays a game at the page (1280x800, Hard bots, instant pace) as a person who asks for a
hint at each of their turns and plays the coach's pick. Turns alternate between two habits:
"at once" (Hint pressed by the page itself the moment the button is enabled: the prefetch has
only just been sent, so this is the time of a hint without it) and "after 1.5 s" (the person looks at the cards
first: the prefetched advice is usually in). The page writes each hint's time on the panel
(data-hint-ms: click to filled; data-advice-ms: the coach's time from the turn's start).
Also the time from the move to its feedback line. Prints medians and maxima in ms.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "e2e"))

from playwright.sync_api import sync_playwright  # noqa: E402
from sitetools import CHROMIUM_ARGS, chromium_path, serve  # noqa: E402
from tabletools import Player  # noqa: E402

# Presses Hint in the same moment the button is enabled (the turn began), once.
PRESS_AT_ONCE = """() => {
    const button = document.getElementById("hint-button");
    window.benchPressed = false;
    if (!button.disabled) return; // the next turn has begun already
    const observer = new MutationObserver(() => {
        if (button.disabled) return;
        observer.disconnect();
        window.benchPressed = true;
        button.click();
    });
    window.benchObserver = observer;
    observer.observe(button, { attributes: true, attributeFilter: ["disabled"] });
}"""


ROUND_OR_FEEDBACK = "#feedback:not([hidden]), #round-dialog[open], #final-dialog[open]"


def summary(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: none"
    return (f"{name}: n={len(values)} median {statistics.median(values):.0f} ms, "
            f"max {max(values):.0f} ms, min {min(values):.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    at_once: list[float] = []
    later: list[float] = []
    advice: list[float] = []
    feedback: list[float] = []
    with serve(ROOT / "dist") as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = browser.new_page(base_url=url, viewport={"width": 1280, "height": 800})
        player = Player(page)
        player.open(seed=21)
        page.wait_for_selector("html[data-coach=ready]", state="attached", timeout=120_000)
        boot = page.evaluate("""() => ["engine-ready", "coach-start", "coach-ready"].map(
            (name) => Math.round(performance.getEntriesByName(name)[0]?.startTime ?? -1))""")
        player.new_game(players=args.players, level="hard", pace="instant")
        turn = 0

        def hint_and_pick() -> None:
            nonlocal turn
            turn += 1
            wait = turn % 2 == 0
            pressed = page.evaluate("() => { window.benchObserver?.disconnect(); return window.benchPressed; }") is True
            if wait:
                time.sleep(1.5)
            if page.is_hidden("#hint-panel"):
                page.click("#hint-button")
            page.wait_for_selector("#hint-panel[data-state=ready]", timeout=120_000)
            hint_ms = float(page.get_attribute("#hint-panel", "data-hint-ms") or 0)
            if wait:
                later.append(hint_ms)
            elif pressed:  # pressed by the page as the turn began
                at_once.append(hint_ms)
            advice.append(float(page.get_attribute("#hint-panel", "data-advice-ms") or 0))
            rows = page.locator("#hint-body tbody tr")
            forced = rows.count() == 1  # no other choice: no pick marked, and no feedback on it
            pick = (rows if forced else page.locator("#hint-body tr.hint-pick")).get_attribute("data-option") or ""
            start = time.perf_counter()
            # A click in script: in a long round's fanned hand the next card covers this one's middle.
            page.locator(f'#table [data-action="{pick}"]').first.evaluate("(button) => button.click()")
            if not forced:
                # A round's last card: the next round may begin with the person's bid, and the
                # feedback on the last deal is not shown then (coach.js), only the round's summary.
                shown = page.wait_for_selector(ROUND_OR_FEEDBACK, timeout=120_000)
                if shown and shown.get_attribute("id") == "feedback":
                    feedback.append((time.perf_counter() - start) * 1000)
            if wait:
                page.evaluate(PRESS_AT_ONCE)  # the next turn's hint is asked at its very start

        player.play_until(lambda state: state == "final" or (state == "turn" and player.round_number() > args.rounds),
                          choose=hint_and_pick)
        browser.close()
    print(f"engine ready {boot[0]} ms after navigation; coach's worker started {boot[1]} ms, ready {boot[2]} ms")
    print(summary("hint pressed at once (no prefetch yet)", at_once))
    print(summary("hint pressed after 1.5 s (prefetched)", later))
    print(summary("coach's advice time from the turn's start", advice))
    print(summary("move to feedback line (incl. Playwright's round trip)", feedback))


if __name__ == "__main__":
    main()
