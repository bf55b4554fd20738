"""How long the coach's advice takes in special-card games, under CPython (not a test): CPU time
(the process's own, so that other work on a shared machine does not count).

    .venv/bin/python bench/coach_special_time.py [--games 3] [--budget 600]

Plays 4-player ``specials="2026"`` games of Mediums and times :func:`advise` at every
decision; prints the median and max in ms, over all and per phase, and the deals used.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))  # the engine (and tests' helpers) of the checkout it is run from

import argparse
import statistics
import time
from collections import defaultdict

from tests.test_special_search import medium_positions
from wizard_engine.coach.advice import DEFAULT_BUDGET, advise


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET)
    args = parser.parse_args()
    times: dict[str, list[float]] = defaultdict(list)
    deals: list[int] = []
    for game in range(args.games):
        for index, (_, view) in enumerate(medium_positions(3 + 8 * game)):
            start = time.process_time()
            advice = advise(view, seed=index, budget=args.budget)
            times[view["phase"]].append((time.process_time() - start) * 1000)
            deals.append(advice["deals"])
    every = [ms for phase in times.values() for ms in phase]
    print(f"all {len(every)} decisions: median {statistics.median(every):.0f} ms, max {max(every):.0f} ms, "
          f"deals median {statistics.median(deals):.0f} min {min(deals)}")
    for phase, phase_times in sorted(times.items()):
        print(f"  {phase:9} {len(phase_times):4}: median {statistics.median(phase_times):.0f} ms, "
              f"max {max(phase_times):.0f} ms")


if __name__ == "__main__":
    main()
