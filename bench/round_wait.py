"""How long the person waits between their own cards, in the browser, at a pace.

    python3 build.py && .venv/bin/python bench/round_wait.py [--games 1] [--pace normal] [--rounds 11-15]

Plays 4-player games at the page (1280x800; bots Expert, Hard, Expert, or `--levels`) as a
person who plays the first legal choice at once: the rounds before the counted ones at the
Instant pace, the counted ones at the chosen pace (set in the table's menu, as a person
would). Each wait runs from the person's click on a card to the moment the page offers their
next card of the same round (their turn, the hand's buttons enabled), timed by the page's own
clock. The engine's bot_step calls are timed apart (from the page's request to the worker's
answer): the bots' own thinking, which runs during the pace's pause. Prints the median and the
spread of the waits in the chosen rounds, the bots' thinking in them.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "e2e"))

from playwright.sync_api import Page, sync_playwright  # noqa: E402
from sitetools import CHROMIUM_ARGS, chromium_path, serve  # noqa: E402
from tabletools import Player, close_menu, menu  # noqa: E402

# The page's clock at each card the person clicks, and each bot_step's request and answer
# (the worker's messages, matched by their id).
TIMING_JS = """(() => {
  window.benchBotSteps = [];
  const asked = new Map();
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message?.request?.includes?.('"bot_step"')) asked.set(message.id, performance.now());
    return post.call(this, message, ...rest);
  };
  const listen = Worker.prototype.addEventListener;
  Worker.prototype.addEventListener = function (type, listener, ...rest) {
    if (type !== 'message') return listen.call(this, type, listener, ...rest);
    return listen.call(this, type, (event) => {
      const start = asked.get(event.data?.id);
      if (start !== undefined && event.data.response) {
        asked.delete(event.data.id);
        window.benchBotSteps.push([start, performance.now()]);
      }
      listener(event);
    }, ...rest);
  };
  document.addEventListener('click', (event) => {
    if (event.target.closest('#hand button')) window.benchClickAt = performance.now();
  }, true);
})()"""

# The person's next card is offered: the page's clock then (else false).
CARD_OFFERED_JS = """() => {
  const html = document.documentElement;
  return html.dataset.yourTurn === 'true' && html.dataset.busy !== 'true' && html.dataset.phase === 'playing'
    && document.querySelector('#hand button:not([disabled])') !== null && performance.now();
}"""


def play_game(page: Page, seed: int, pace: str, rounds: range, levels: list[str]) -> tuple[list[float], list[float]]:
    """One game: the waits (ms) between the person's cards in ``rounds``, and the bots' thinking in each."""
    player = Player(page)
    player.open(seed=seed)
    player.new_game(players=4, level=levels, pace="instant")
    paced = False
    waits: list[float] = []
    thinking: list[float] = []
    clicked: tuple[float, int] | None = None  # (the page's clock, the round) of the person's last card
    while True:
        state = player.state(timeout=120_000)
        if state == "final":
            return waits, thinking
        if state == "draw":
            page.get_by_role("button", name="Start the game").click()
            continue
        if state == "round":
            player.next_round()
            continue
        round_ = player.round_number()
        if round_ > rounds[-1]:
            return waits, thinking
        if round_ >= rounds[0] and not paced:
            menu(page)
            page.locator("#table-pace").select_option(pace)
            close_menu(page)
            paced = True
        if player.view_phase() == "playing":
            offered = page.wait_for_function(CARD_OFFERED_JS).json_value()
            if clicked is not None and clicked[1] == round_ and round_ in rounds:
                steps = page.evaluate("window.benchBotSteps")
                waits.append(offered - clicked[0])
                thinking.append(sum(end - start for start, end in steps if start >= clicked[0] and end <= offered))
            player.choose_first()
            clicked = (page.evaluate("window.benchClickAt"), round_)
        else:
            player.choose_first()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--pace", default="normal")
    parser.add_argument("--rounds", default="11-15", help="first-last round counted")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--levels", default="expert,hard,expert", help="the three bots' levels")
    args = parser.parse_args()
    first, last = (int(n) for n in args.rounds.split("-"))
    waits: list[float] = []
    thinking: list[float] = []
    with serve(ROOT / "dist") as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for game in range(args.games):
            page = browser.new_page(base_url=url, viewport={"width": 1280, "height": 800})
            page.add_init_script(TIMING_JS)
            game_waits, game_thinking = play_game(page, args.seed + game, args.pace, range(first, last + 1),
                                                  args.levels.split(","))
            waits += game_waits
            thinking += game_thinking
            print(f"game {game + 1}: {len(game_waits)} waits, median {statistics.median(game_waits) / 1000:.2f} s",
                  flush=True)
            page.close()
        browser.close()
    print(f"wait between the person's cards ({args.pace}, rounds {first}-{last}, {len(waits)} waits): "
          f"median {statistics.median(waits) / 1000:.2f} s, quartiles "
          f"{statistics.quantiles(waits)[0] / 1000:.2f}-{statistics.quantiles(waits)[2] / 1000:.2f} s, "
          f"max {max(waits) / 1000:.2f} s; the bots' thinking in it: median "
          f"{statistics.median(thinking) / 1000:.2f} s, max {max(thinking) / 1000:.2f} s; the wait beyond it: "
          f"median {statistics.median(w - k for w, k in zip(waits, thinking, strict=True)) / 1000:.2f} s")


if __name__ == "__main__":
    main()
