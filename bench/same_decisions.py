"""A fingerprint of the lower bots' decisions, to show a change left them as they were.

    python bench/same_decisions.py            # in this checkout
    (cd OTHER_CHECKOUT && python /path/to/bench/same_decisions.py)   # at another commit

Plays seeded games of Random, Easy and Medium (20 each at 3, 4 and 6 players) and Hard
(2 each) with every seat at that level, and prints per level a hash of every action,
the total of all final scores and the CPU time.  Equal hashes at two commits mean the
level decides exactly as before; the times compare its speed.
"""
from __future__ import annotations

import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))  # the engine of the checkout it is run from

from wizard_engine.bots import bot_seed, make_bot
from wizard_engine.config import GameConfig
from wizard_engine.state import State
from wizard_engine.view import seat_view

GAMES = (("random", 20), ("easy", 20), ("medium", 20), ("hard", 2))


def fingerprint(level: str, games: int) -> tuple[str, int, float]:
    """The hash of every action, the sum of the final totals, the CPU seconds."""
    digest, total, start = hashlib.sha256(), 0, time.process_time()
    for players in (3, 4, 6):
        for seed in range(games):
            state = State(GameConfig.of(players, seed=seed))
            bots = [make_bot(level, bot_seed(seed, s)) for s in range(players)]
            while not state.is_over:
                seat = state.to_act()[0]
                action = bots[seat].decide(seat_view(state, seat))
                digest.update(str(action).encode())
                state.apply(seat, action)
            total += sum(state.totals)
    return digest.hexdigest()[:16], total, time.process_time() - start


def main() -> None:
    for level, games in GAMES:
        digest, total, seconds = fingerprint(level, games)
        print(f"{level:7} {digest} total {total} cpu {seconds:.1f}s")


if __name__ == "__main__":
    main()
