"""``python -m wizard_engine bench``: random games per second, checked API and fast path.

Every seat picks a uniformly random legal action.  The checked figures go through the
public API (``legal_actions`` then ``apply``, which checks the action again); the fast
figures through :func:`wizard_engine.fast.random_game`, the simulator the Hard bot uses.
Figures are medians over repeats, so a noisy neighbour on a shared machine matters less.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from . import fast
from .config import GameConfig
from .state import State


def checked_game(players: int, seed: int) -> int:
    """Play one random game through the public API; return its number of decisions."""
    state, rng = State(GameConfig.of(players, seed=seed)), random.Random(seed)
    while not state.is_over:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return len(state.history)


def measure(players: int, games: int, repeats: int) -> dict[str, Any]:
    """Median figures for one player count."""
    per_game_ms, decisions = [], []
    for seed in range(games):
        start = time.perf_counter()
        decisions.append(checked_game(players, seed))
        per_game_ms.append((time.perf_counter() - start) * 1000)
    fast_rates = []
    for repeat in range(repeats):
        rng = random.Random(repeat)
        start = time.perf_counter()
        for _ in range(games):
            fast.random_game(players, rng)
        fast_rates.append(games / (time.perf_counter() - start))
    median_ms = statistics.median(per_game_ms)
    return {
        "players": players,
        "games": games,
        "checked_ms_per_game_median": round(median_ms, 3),
        "checked_games_per_s": round(1000 / median_ms, 1),
        "checked_decisions_per_s": round(statistics.median(decisions) / median_ms * 1000),
        "fast_games_per_s_median": round(statistics.median(fast_rates), 1),
    }


def main(argv: list[str] | None = None) -> int:
    """Print the figures for 3, 4, 5 and 6 players."""
    parser = argparse.ArgumentParser(prog="python -m wizard_engine bench", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count (default 200)")
    parser.add_argument("--repeats", type=int, default=5, help="repeats of the fast path (default 5)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    results = [measure(players, args.games, args.repeats) for players in (3, 4, 5, 6)]
    if args.json:
        print(json.dumps({"benchmark": "random games", "results": results}, indent=2))
        return 0
    print(f"{'players':>7} {'checked ms/game':>16} {'games/s':>9} {'decisions/s':>12} {'fast games/s':>13}")
    for r in results:
        print(f"{r['players']:>7} {r['checked_ms_per_game_median']:>16.3f} {r['checked_games_per_s']:>9.1f} "
              f"{r['checked_decisions_per_s']:>12} {r['fast_games_per_s_median']:>13.1f}")
    print("(medians; checked = public API with every action checked, fast = wizard_engine.fast)")
    return 0
