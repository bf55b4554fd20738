"""How long the review takes to come on screen after a whole game, in the browser.

    python3 build.py && .venv/bin/python bench/review_wait.py [--games 3] [--players 3] [--cpu 1]

Plays whole games at the page (1280x800, Easy bots, instant pace) as a person who plays the
first legal choice, with the coach's feedback on (the page asks for the coach's advice at
each of the person's decisions either way). At the final standings it presses "Review the
game" and times the wait until the review is on screen. `--cpu 4` slows the page's CPU
fourfold (Chromium's CPU throttling), as a phone would be. Played at once, move after move,
the coach's worker is still working through the advice of the last moves when the game
ends; `--think 2` waits that long before each of the person's decisions, as a person
deciding would, and `--settle 30` that long at the final standings first, as a person reading
them would. Prints each wait and the median.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "e2e"))

from playwright.sync_api import sync_playwright  # noqa: E402
from sitetools import CHROMIUM_ARGS, chromium_path, serve, wait_while_moving  # noqa: E402
from tabletools import Player  # noqa: E402

SHOWN = "!document.getElementById('review-body').hidden"
PROGRESS = "document.getElementById('review-progress-text')?.textContent"


def think_then_choose(player: Player, seconds: float) -> None:
    time.sleep(seconds)  # (a benchmark's pause: a person deciding)
    player.choose_first()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--cpu", type=float, default=1.0, help="CPU slowdown (Chromium), e.g. 4")
    parser.add_argument("--think", type=float, default=0.0, help="seconds before each of the person's decisions")
    parser.add_argument("--settle", type=float, default=0.0, help="seconds at the final standings before Review")
    args = parser.parse_args()
    waits: list[float] = []
    with serve(ROOT / "dist") as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for game in range(args.games):
            page = browser.new_page(base_url=url, viewport={"width": 1280, "height": 800})
            if args.cpu > 1:
                page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": args.cpu})
            player = Player(page)
            player.open(seed=100 + game)
            player.new_game(players=args.players, level="easy", pace="instant")
            player.play_to_end(partial(think_then_choose, player, args.think))
            time.sleep(args.settle)  # (a benchmark's pause, as a person reading the standings)
            start = time.perf_counter()
            page.get_by_role("button", name="Review the game").click()
            wait_while_moving(page, SHOWN, PROGRESS, stall_ms=300_000)
            waits.append(time.perf_counter() - start)
            print(f"game {game + 1}: the review on screen {waits[-1]:.2f} s after the final standings' button",
                  flush=True)
            page.close()
        browser.close()
    print(f"review wait after the last trick ({args.players} players, CPU x{args.cpu:g}, think {args.think:g} s, "
          f"settle {args.settle:g} s): median {statistics.median(waits):.2f} s, max {max(waits):.2f} s "
          f"over {len(waits)} games")


if __name__ == "__main__":
    main()
