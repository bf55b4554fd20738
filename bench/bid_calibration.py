"""Are the search's chances honest?  The chance a bid is made, as the bidder's search put it,
against how often it was made at the table.

    python bench/bid_calibration.py --players 6 --games 30 --first 500

Plays games of Expert (seat 0) against Hard.  At every bid with a choice, the bidder's search
gives its chance of making the chosen bid (and its expected points); once the round is over,
the bid was made or not.  Prints, for Expert and for Hard, the mean chance against the share
made: over all bids, by band of chance, for bids of 0 and of more, and by hand size; and the
chance and points the search gave its surest candidate (the exact bids that bidding for
them alone could buy, and at what price).
"""
from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path.cwd()))  # the engine of the checkout it is run from

from wizard_engine.bots import bot_seed
from wizard_engine.bots.expert import ExpertBot
from wizard_engine.bots.hard import HardBot
from wizard_engine.bots.knowledge import read_view
from wizard_engine.config import GameConfig
from wizard_engine.state import State
from wizard_engine.view import seat_view


class Bid(NamedTuple):
    level: str
    hand_size: int
    bid: int
    chance: float  # the search's chance of making it
    expected: float  # the search's expected points (Expert: before spite, which bids leave out)
    made: bool = False  # known once the round is over
    points: int = 0
    surest: float = 0.0  # the highest chance of any candidate the search compared...
    surest_expected: float = 0.0  # ...and that candidate's expected points


def game(job: tuple[int, int]) -> list[Bid]:
    """One game's bids with a choice, each with its search's figures and its outcome."""
    players, number = job
    state = State(GameConfig.of(players, seed=10_000 + number))
    bots: list[HardBot] = [ExpertBot(bot_seed(number, 0))]
    bots += [HardBot(bot_seed(number, s)) for s in range(1, players)]
    found: list[tuple[int, int, Bid]] = []  # (round, seat, the bid before its outcome)
    while not state.is_over:
        seat = state.to_act()[0]
        view = seat_view(state, seat)
        if view["phase"] == "bidding" and len(view["legal"]) > 1:
            know = read_view(view)
            action, tally = bots[seat].search(view, know)
            if action.bid in tally.points:  # a lone candidate is not searched
                surest = max(tally.points, key=tally.chance_made)
                found.append((state.round, seat, Bid(bots[seat].level, know.hand_size, action.bid,
                                                     tally.chance_made(action.bid), tally.mean_points(action.bid),
                                                     surest=tally.chance_made(surest),
                                                     surest_expected=tally.mean_points(surest))))
        else:
            action = bots[seat].decide(view)
        state.apply(seat, action)
    bids = []
    for round_, seat, bid in found:
        row = state.pad[round_ - 1][seat]
        bids.append(bid._replace(made=row.bid == row.taken, points=row.points))
    return bids


def line(label: str, bids: list[Bid]) -> str:
    n = len(bids)
    return (f"  {label}: {n} bids, chance {sum(b.chance for b in bids) / n:.3f}, "
            f"made {sum(b.made for b in bids) / n:.3f}; points expected "
            f"{sum(b.expected for b in bids) / n:+.1f}, scored {sum(b.points for b in bids) / n:+.1f}")


def surest_line(bids: list[Bid]) -> str:
    """What the search expected had it always bid its surest candidate: the share of bids
    that choosing for the exact bid alone could make, and the points that would cost."""
    n = len(bids)
    return (f"  the surest candidate instead: chance {sum(b.surest for b in bids) / n:.3f}; "
            f"points expected {sum(b.surest_expected for b in bids) / n:+.1f}")


def grouped(bids: list[Bid], key: Callable[[Bid], Any]) -> dict[Any, list[Bid]]:
    groups: dict[Any, list[Bid]] = defaultdict(list)
    for b in bids:
        groups[key(b)].append(b)
    return dict(sorted(groups.items()))


def report(bids: list[Bid]) -> None:
    for level in ("expert", "hard"):
        mine = [b for b in bids if b.level == level]
        if not mine:
            continue
        print(f"{level}:")
        print(line("all", mine))
        print(surest_line(mine))
        for band, rows in grouped(mine, lambda b: min(int(b.chance * 10), 9)).items():
            print(line(f"chance {band / 10:.1f}-{(band + 1) / 10:.1f}", rows))
        for zero, rows in grouped(mine, lambda b: b.bid == 0).items():
            print(line("bid 0" if zero else "bid 1 or more", rows))
        print("  by hand size, chance / made: " + ", ".join(
            f"{h}: {sum(b.chance for b in rows) / len(rows):.2f} / {sum(b.made for b in rows) / len(rows):.2f}"
            for h, rows in grouped(mine, lambda b: b.hand_size).items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--first", type=int, default=0, help="the first game's number (another sample)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    jobs = [(args.players, g) for g in range(args.first, args.first + args.games)]
    bids: list[Bid] = []
    with multiprocessing.Pool(args.jobs) as pool:
        for done, rows in enumerate(pool.imap_unordered(game, jobs), 1):
            bids += rows
            print(f"{done}/{args.games} games", file=sys.stderr, flush=True)
    report(bids)


if __name__ == "__main__":
    main()
