"""A paired test of one kind of Expert decision: it tells far more than the arena about a
change that alters few decisions, because only the decisions that differ count.

    python bench/duel.py --players 6 --games 40 --phase playing --b spite=1.0
    python bench/duel.py --players 6 --games 40 --phase bidding --shift
    python bench/duel.py --players 6 --games 20 --phase playing --hard
    python bench/duel.py --players 4 --games 100 --phase any --hard --specials 2026 --jobs 2

Plays games of Expert (A: seat 0, default settings) against Hard.  At each of A's decisions
in ``--phase``, asks B (Expert with the ``--b`` settings, or Hard with ``--hard``) what it
would do, or with ``--shift`` takes A's bid one lower and one higher.  Where the choice
differs, the rest of the round is played from each choice by the same bots (A at seat 0,
so only the decision differs) and the seat's round points are compared, its margin over
the other seats' mean, and whether it made its bid.  Prints, as games finish, B - A per
differing decision (mean ± standard error).  ``--phase`` is ``bidding``, ``playing``, ``special``
(the special cards' own decisions: a Werewolf's or Vampire's call, a pass, a Cloud's change, the
Witch's swap, S10-S13) or ``any``; ``--specials`` deals a box or a list of cards (S1).
"""
from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd()))  # the engine of the checkout it is run from

from wizard_engine.actions import Action, bid
from wizard_engine.bots import bot_seed
from wizard_engine.bots.expert import ExpertBot
from wizard_engine.bots.hard import HardBot
from wizard_engine.config import GameConfig
from wizard_engine.state import Phase, State
from wizard_engine.tools.arena import mean_stderr
from wizard_engine.tools.flags import add_specials_flag
from wizard_engine.view import SeatView, seat_view

HARD = {"level": "hard"}  # --hard: B is Hard itself
Outcome = tuple[float, float, int]  # the seat's round points, its margin over the others' mean, bid made
BASE_PHASES = {Phase.TRUMP.value, Phase.BIDDING.value, Phase.PLAYING.value}
Job = tuple[int, int, str, dict[str, Any] | None, str]  # players, game, phase, B's settings, specials
Found = tuple[int, int, str, Outcome]  # a differing decision: its shift or 0, the hand size, its phase, B - A


def counts(phase: str, asked: str) -> bool:
    """Whether a decision in ``phase`` is one ``--phase asked`` compares."""
    if asked == "any":
        return True
    if asked == "special":
        return phase not in BASE_PHASES
    return phase == asked


def setting(text: str) -> tuple[str, Any]:
    """``name=value`` with the value read as a bool, an int or a float."""
    name, _, value = text.partition("=")
    if value in ("true", "false"):
        return name, value == "true"
    return name, float(value) if "." in value else int(value)


def finish_round(state: State, bots: list[Any], first: Action) -> Outcome:
    """Apply seat 0's ``first`` action on a copy of ``state``, play the round out, and return
    seat 0's outcome."""
    state = state.copy()
    played_round = state.round
    state.apply(0, first)
    while not state.is_over and state.round == played_round:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].decide(seat_view(state, seat)))
    rows = state.pad[played_round - 1]
    points = [row.points for row in rows]
    return points[0], points[0] - sum(points[1:]) / (len(points) - 1), int(rows[0].bid == rows[0].taken)


def alternatives(view: SeatView, chosen: Action, other: ExpertBot | HardBot | None) -> list[Action]:
    """B's choice where it differs from A's, or A's bid one lower and one higher."""
    if other is None:
        if view["phase"] != "bidding":
            return []
        shifted = [bid(b) for b in (chosen.bid - 1, chosen.bid + 1) if b >= 0]
        return [a for a in shifted if str(a) in view["legal"]]
    alt = other.decide(view)
    return [alt] if alt != chosen else []


def duel(job: Job) -> list[Found]:
    """One game: for each differing decision, (its shift or 0, the round's hand size, its
    phase, B's outcome less A's)."""
    players, game, phase, settings, specials = job
    state = State(GameConfig.of(players, seed=10_000 + game, specials=specials))
    bots: list[Any] = [ExpertBot(bot_seed(game, 0))] + [HardBot(bot_seed(game, s)) for s in range(1, players)]
    other: ExpertBot | HardBot | None = None
    if settings == HARD:
        other = HardBot(bot_seed(game, 0))
    elif settings is not None:
        other = ExpertBot(bot_seed(game, 0), **settings)
    found = []
    while not state.is_over:
        seat = state.to_act()[0]
        view = seat_view(state, seat)
        chosen = bots[seat].decide(view)
        if seat == 0 and counts(view["phase"], phase) and len(view["legal"]) > 1:
            alts = alternatives(view, chosen, other)
            if alts:
                base = finish_round(state, bots, chosen)
                for alt in alts:
                    points, margin, made = finish_round(state, bots, alt)
                    shift = alt.bid - chosen.bid if other is None else 0
                    outcome = (points - base[0], margin - base[1], made - base[2])
                    found.append((shift, state.hand_size, view["phase"], outcome))
        state.apply(seat, chosen)
    return found


def mean_error(values: list[float]) -> str:
    mean, stderr = mean_stderr(values)
    return f"{mean:+.2f} ± {stderr:.2f}"


def report(done: int, found: list[Found]) -> None:
    for shift in sorted({s for s, *_ in found}):
        rows = [(h, o) for s, h, _, o in found if s == shift]
        outcomes = [o for _, o in rows]
        label = f"bid {shift:+d}" if shift else "B"
        print(f"{done} games: {label} - A over {len(rows)} decisions: "
              f"points {mean_error([p for p, _, _ in outcomes])}, "
              f"margin {mean_error([m for _, m, _ in outcomes])}; better {sum(p > 0 for p, _, _ in outcomes)}, "
              f"worse {sum(p < 0 for p, _, _ in outcomes)}; bid made only by B {sum(d > 0 for *_, d in outcomes)}, "
              f"only by A {sum(d < 0 for *_, d in outcomes)}", flush=True)
        print(f"  by hand size, decisions (B - A points, summed): {by_hand_size(rows)}", flush=True)
    if len({phase for *_, phase, _ in found}) > 1:
        print(f"  by phase, B - A points: {by_phase(found)}", flush=True)


def by_phase(found: list[Found]) -> str:
    """``phase: mean ± error (decisions)`` for each phase with a differing decision."""
    phases = sorted({phase for *_, phase, _ in found})
    points = {phase: [o[0] for *_, p, o in found if p == phase] for phase in phases}
    return ", ".join(f"{phase}: {mean_error(points[phase])} ({len(points[phase])})" for phase in phases)


def by_hand_size(rows: list[tuple[int, Outcome]]) -> str:
    """``size: decisions (points summed)`` for each hand size with a differing decision."""
    sizes = sorted({h for h, _ in rows})
    return ", ".join(f"{h}: {sum(1 for k, _ in rows if k == h)} ({sum(o[0] for k, o in rows if k == h):+.0f})"
                     for h in sizes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--phase", choices=("bidding", "playing", "special", "any"), default="playing")
    parser.add_argument("--b", nargs="*", default=[], metavar="NAME=VALUE", help="B's ExpertBot settings")
    parser.add_argument("--shift", action="store_true", help="try A's bid one lower and one higher instead of B")
    parser.add_argument("--hard", action="store_true", help="B is Hard (at its own budget) instead of an Expert")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (another sample)")
    parser.add_argument("--jobs", type=int, default=1)
    add_specials_flag(parser)
    args = parser.parse_args()
    settings = None if args.shift else HARD if args.hard else dict(setting(s) for s in args.b)
    games = range(args.first, args.first + args.games)
    jobs: list[Job] = [(args.players, g, args.phase, settings, args.specials) for g in games]
    found: list[Found] = []
    with multiprocessing.Pool(args.jobs) as pool:
        for done, rows in enumerate(pool.imap_unordered(duel, jobs), 1):
            found += rows
            if found:
                report(done, found)


if __name__ == "__main__":
    main()
