"""Does the coach's bid hint show a bid above its own pick?

    python bench/hint_consistency.py --players 4 --games 6

Plays games of Hard at every seat; at each bid of seat 0 in a round of ``--cards`` cards or
more, asks the coach (``advise``) and counts the hints whose table shows another bid with at
least ``--gap`` more expected points than the pick (Expert compares the bids nearest its
estimate; the coach tries every other bid on fewer deals).  Prints each such hint (hand size,
the pick and the better bid, with their points and chances) and the count.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd()))  # the engine of the checkout it is run from

from wizard_engine.coach.advice import Advice, advise
from wizard_engine.config import Options
from wizard_engine.tools.arena import labelled_bot, new_game
from wizard_engine.view import seat_view


def above_pick(advice: Advice, gap: float) -> dict[str, Any] | None:
    """The option with the most points when it beats the pick's by ``gap`` or more, else None."""
    pick = next(o for o in advice["options"] if o["option"] == advice["pick"])
    best = max(advice["options"], key=lambda o: o["points"])
    return dict(best) if best["points"] >= pick["points"] + gap else None


def hints(players: int, games: int, cards: int) -> list[tuple[int, Advice]]:
    """(hand size, advice) at every bid of seat 0 in rounds of ``cards`` or more."""
    found = []
    for game in range(games):
        state = new_game(["hard"] * players, Options(), 1000 + game)
        bots = [labelled_bot("hard", 77 * game + seat) for seat in range(players)]
        while not state.is_over:
            seat = state.to_act()[0]
            view = seat_view(state, seat)
            if seat == 0 and view["phase"] == "bidding" and view["hand_size"] >= cards:
                found.append((view["hand_size"], advise(view, seed=game)))
            state.apply(seat, bots[seat].decide(view))
    return found


def report(found: list[tuple[int, Advice]], gap: float) -> str:
    lines, gaps = [], []
    for hand_size, advice in found:
        if (best := above_pick(advice, gap)) is None:
            continue
        pick = next(o for o in advice["options"] if o["option"] == advice["pick"])
        gaps.append(best["points"] - pick["points"])
        lines.append(f"{hand_size} cards: pick {pick['option']} {pick['points']:+.1f} ({pick['make']:.0%}),"
                     f" {best['option']} {best['points']:+.1f} ({best['make']:.0%})")
    mean = sum(gaps) / len(gaps) if gaps else 0.0
    lines.append(f"{len(gaps)} of {len(found)} bid hints show a bid {gap:g}+ points above the pick"
                 f" (by {mean:.1f} on average)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--cards", type=int, default=5, help="the least hand size counted")
    parser.add_argument("--gap", type=float, default=2.0, help="points above the pick that count")
    args = parser.parse_args(argv)
    print(report(hints(args.players, args.games, args.cards), args.gap))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
