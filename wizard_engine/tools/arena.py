"""Bots against bots on duplicate deals: ``python -m wizard_engine arena``.

Each deal (a game seed) is played once per seat rotation, so every bot plays every seat's
cards and the luck of the deal cancels.  Per bot level it reports the mean final score per
game with its standard error, the share of games won (a shared win counts as a share),
bid accuracy (exact bids / rounds) overall and by hand size, and decision time (median,
95th percentile, worst).  ``--json`` prints the same as one JSON document, with the first
seat's margin in every game (``bench/paired_runs.py`` pairs two runs on the same deals).

Example: ``python -m wizard_engine arena --players 4 --bots hard,medium,medium,medium
--games 200 --seed 1 --jobs 2``.  A seat may carry its own budget in milliseconds
(``--bots expert,hard@300,hard,hard``): ``hard@300`` is reported apart from ``hard``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..bots import bot_seed, make_bot
from ..config import BOT_LEVELS, GameConfig, Options, Player
from ..errors import WizardError
from ..state import State
from ..view import seat_view
from .flags import OPTION_FLAGS, add_schedule_flag, add_specials_flag, parse_options, with_schedule, with_specials


@dataclass
class GameResult:
    """One game's outcome, per seat: the level, final total, share of the win, bids and times."""

    levels: list[str]
    totals: list[int]
    win_share: list[float]
    rounds: list[list[tuple[int, int, int, int]]]  # per seat: (hand size, bid, taken, points)
    times: dict[str, list[float]] = field(default_factory=dict)


BUDGETED = ("hard", "expert")  # the levels that take a budget (think_ms)


def parse_bot(label: str) -> tuple[str, float | None]:
    """A seat's bot, ``level`` or ``level@ms``: the level and its own budget (None: the default)."""
    level, at, ms = label.partition("@")
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown bot level {level!r}: choose {', '.join(BOT_LEVELS)}")
    if not at:
        return level, None
    if level not in BUDGETED:
        raise ValueError(f"only {' and '.join(BUDGETED)} take a budget, not {level!r}")
    try:
        budget = float(ms)
    except ValueError:
        raise ValueError(f"the budget in {label!r} is not a number of milliseconds") from None
    if not budget >= 0:  # also refuses nan
        raise ValueError(f"the budget in {label!r} is negative")
    return level, budget


def labelled_bot(label: str, seed: int, think_ms: float | None = None) -> Any:
    """The bot of a seat's label (``level`` or ``level@ms``); ``think_ms`` is the budget of a
    budgeted level without its own (None: the level's default)."""
    level, own = parse_bot(label)
    budget = own if own is not None else think_ms
    settings = {"think_ms": budget} if budget is not None and level in BUDGETED else {}
    return make_bot(level, seed, **settings)


def play_game(levels: list[str], options: Options, seed: int, bots_seed: int,
              think_ms: float | None) -> GameResult:
    """Play one game between bots of ``levels`` (one label per seat, ``level`` or ``level@ms``)
    on the deals of ``seed``; the bot at seat ``i`` is seeded ``bot_seed(bots_seed, i)``.
    ``think_ms`` is the budget of every budgeted seat without its own."""
    state = new_game(levels, options, seed)
    bots = [labelled_bot(label, bot_seed(bots_seed, i), think_ms) for i, label in enumerate(levels)]
    return play_out(state, bots, levels)


def new_game(levels: list[str], options: Options, seed: int) -> State:
    """A game between bots of ``levels`` on the deals of ``seed``."""
    seats = [parse_bot(label) for label in levels]
    config = GameConfig(tuple(Player(f"{lvl} {i + 1}", lvl) for i, (lvl, _) in enumerate(seats)),
                        options, seed)
    return State(config)


def play_out(state: State, bots: list[Any], levels: list[str]) -> GameResult:
    """Play ``state`` to its end, seat ``i`` deciding by ``bots[i]`` (reported as ``levels[i]``)."""
    times: dict[str, list[float]] = defaultdict(list)
    while not state.is_over:
        seat = state.to_act()[0]
        view = seat_view(state, seat)
        start = time.perf_counter()
        action = bots[seat].decide(view)
        times[levels[seat]].append(time.perf_counter() - start)
        state.apply(seat, action)
    winners = state.winners()
    share = [1 / len(winners) if s in winners else 0.0 for s in range(len(levels))]
    rounds = [[(state.rules.hand_size(r + 1), row[s].bid, row[s].taken, row[s].points)
               for r, row in enumerate(state.pad)]
              for s in range(len(levels))]
    return GameResult(list(levels), list(state.totals), share, rounds, dict(times))


def schedule(bots: list[str], games: int, seed: int) -> list[tuple[list[str], int, int]]:
    """Duplicate deals: each deal's seed played with the bots rotated through every seat."""
    players = len(bots)
    deals = max(1, math.ceil(games / players))
    jobs = []
    for d in range(deals):
        deal_seed = seed * 1_000_003 + d
        for k in range(players):
            levels = [bots[(s + k) % players] for s in range(players)]
            jobs.append((levels, deal_seed, deal_seed * players + k))
    return jobs


def summarize(results: list[GameResult]) -> dict[str, Any]:
    """Per level: mean score ± standard error, win share, bid accuracy, decision times."""
    per: dict[str, dict[str, Any]] = {}
    scores: dict[str, list[int]] = defaultdict(list)
    wins: dict[str, list[float]] = defaultdict(list)
    exact: dict[str, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    times: dict[str, list[float]] = defaultdict(list)
    for game in results:
        for seat, level in enumerate(game.levels):
            scores[level].append(game.totals[seat])
            wins[level].append(game.win_share[seat])
            for hand_size, bid, taken, _ in game.rounds[seat]:
                exact[level][hand_size].append(int(bid == taken))
        for level, ts in game.times.items():
            times[level].extend(ts)
    for level, xs in scores.items():
        n = len(xs)
        mean, stderr = mean_stderr(xs)
        all_exact = [e for v in exact[level].values() for e in v]
        ts = sorted(times[level])
        per[level] = {
            "seats_played": n,
            "mean_score": round(mean, 1),
            "stderr": round(stderr, 1),
            "win_share": round(sum(wins[level]) / n, 3),
            "bid_accuracy": round(sum(all_exact) / len(all_exact), 3) if all_exact else None,
            "bid_accuracy_by_hand_size": {str(h): round(sum(v) / len(v), 3)
                                          for h, v in sorted(exact[level].items())},
            "decision_ms": {
                "median": round(_quantile(ts, 0.5) * 1000, 2),
                "p95": round(_quantile(ts, 0.95) * 1000, 2),
                "max": round(ts[-1] * 1000, 2) if ts else 0.0,
                "count": len(ts),
            },
        }
    return per


def margins(results: list[GameResult], first: str) -> dict[str, dict[str, float]]:
    """``first``'s margin over each other level, paired by game: the mean of
    :func:`margins_per_game` and its standard error over games.  Pairing removes the deal's
    luck that both seats share, so its error is the one to quote for "A beats B" (the
    per-level errors above overstate it)."""
    return summarize_margins(margins_per_game(results, first))


def summarize_margins(per_game: dict[str, list[float]]) -> dict[str, dict[str, float]]:
    """Per level, the mean of the per-game margins, its standard error and the games."""
    out = {}
    for level, ds in per_game.items():
        mean, stderr = mean_stderr(ds)
        out[level] = {"mean": round(mean, 1), "stderr": round(stderr, 1), "games": len(ds)}
    return out


def margins_per_game(results: list[GameResult], first: str) -> dict[str, list[float]]:
    """Per other level, game by game (in the order played, so two runs with the same seed,
    games and table pair game by game): the mean score of ``first``'s seats less the other
    level's."""
    diffs: dict[str, list[float]] = defaultdict(list)
    for game in results:
        by_level: dict[str, list[int]] = defaultdict(list)
        for level, total in zip(game.levels, game.totals):
            by_level[level].append(total)
        if first not in by_level:
            continue
        own = sum(by_level[first]) / len(by_level[first])
        for level, totals in by_level.items():
            if level != first:
                diffs[level].append(own - sum(totals) / len(totals))
    return dict(diffs)


def margins_by_hand_size(results: list[GameResult], first: str) -> dict[str, dict[str, dict[str, float]]]:
    """Where ``first``'s margin comes from: per other level and hand size, ``first``'s round
    points less the other's mean on the same round of the same game (mean and standard
    error over those rounds).  A game's margin is the sum of its rounds' margins."""
    diffs: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    for game in results:
        seats: dict[str, list[int]] = defaultdict(list)
        for seat, level in enumerate(game.levels):
            seats[level].append(seat)
        if first not in seats:
            continue
        for r, (hand_size, *_) in enumerate(game.rounds[seats[first][0]]):
            mean = {level: sum(game.rounds[s][r][3] for s in ss) / len(ss) for level, ss in seats.items()}
            for level in seats:
                if level != first:
                    diffs[level][hand_size].append(mean[first] - mean[level])
    out: dict[str, dict[str, dict[str, float]]] = {}
    for level, by_size in diffs.items():
        out[level] = {}
        for hand_size, ds in sorted(by_size.items()):
            m, se = mean_stderr(ds)
            out[level][str(hand_size)] = {"mean": round(m, 2), "stderr": round(se, 2)}
    return out


def mean_stderr(xs: list[float] | list[int]) -> tuple[float, float]:
    """The mean of ``xs`` and its standard error (0 for a single value)."""
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def _quantile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def _run(job: tuple[list[str], int, int, Options, float | None]) -> GameResult:
    levels, seed, bots_seed, options, think_ms = job
    return play_game(levels, options, seed, bots_seed, think_ms)


def format_report(per: dict[str, Any], margin: dict[str, dict[str, float]],
                  by_size: dict[str, dict[str, dict[str, float]]], games: int, elapsed: float,
                  args: argparse.Namespace) -> str:
    """The human-readable table."""
    lines = [(f"{games} games, {args.players} players, bots {args.bots}, seed {args.seed}, "
              f"schedule {args.schedule}, options {args.option or 'standard'}, "
              f"special cards {args.specials or 'none'}, {elapsed:.0f}s")]
    lines.append(f"{'bot':8} {'mean score':>16} {'won':>7} {'exact bids':>10} "
                 f"{'ms median':>10} {'ms p95':>8} {'ms max':>8}")
    for level, s in sorted(per.items(), key=lambda kv: -kv[1]["mean_score"]):
        d = s["decision_ms"]
        lines.append(f"{level:8} {s['mean_score']:>9.1f} ± {s['stderr']:<5.1f} {s['win_share'] * 100:>6.1f}% "
                     f"{(s['bid_accuracy'] or 0) * 100:>9.1f}% {d['median']:>10.1f} {d['p95']:>8.1f} {d['max']:>8.1f}")
    first = _first(args, per)
    for other, m in margin.items():
        lines.append(f"{first} - {other}: {m['mean']:+.1f} ± {m['stderr']:.1f} points per game "
                     f"(paired by game, {m['games']} games)")
    for other, sizes in by_size.items():
        lines.append(f"{first} - {other} per round, by hand size:")
        lines.append("  " + " ".join(f"{h}:{m['mean']:+.1f}±{m['stderr']:.1f}" for h, m in sizes.items()))
    lines.append("exact bids by hand size:")
    for level, s in per.items():
        cells = " ".join(f"{h}:{v * 100:.0f}" for h, v in s["bid_accuracy_by_hand_size"].items())
        lines.append(f"  {level:8} {cells}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the arena from the command line."""
    parser = argparse.ArgumentParser(prog="python -m wizard_engine arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="", help="one level per seat, e.g. hard,medium,medium,medium")
    parser.add_argument("--games", type=int, default=20, help="games in all (rounded up to whole rotations)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[],
                        help=f"a game option: {', '.join(OPTION_FLAGS)} (repeat or comma-separate)")
    add_schedule_flag(parser)
    add_specials_flag(parser)
    parser.add_argument("--think-ms", type=float, default=None,
                        help="the budget per decision of every hard or expert seat without its own level@ms")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--quiet", action="store_true", help="no progress")
    args = parser.parse_args(argv)
    if not args.bots:
        args.bots = ",".join(["medium"] * args.players)
    bots = args.bots.split(",")
    if len(bots) != args.players:
        parser.error(f"--bots names {len(bots)} bots for {args.players} players")
    for label in bots:
        try:
            parse_bot(label)
        except ValueError as error:
            parser.error(str(error))
    try:
        options = with_specials(with_schedule(parse_options(args.option), args.schedule), args.specials)
        GameConfig.of(args.players, **options.__dict__)
    except WizardError as error:
        parser.error(str(error))
    jobs = [(levels, seed, bots_seed, options, args.think_ms)
            for levels, seed, bots_seed in schedule(bots, args.games, args.seed)]
    start = time.perf_counter()
    results = run_all(_run, jobs, args)
    print(render(results, args, options, time.perf_counter() - start))
    return 0


def run_all(run: Callable[[Any], GameResult], jobs: list[Any], args: argparse.Namespace) -> list[GameResult]:
    """``run`` on every job, in ``args.jobs`` worker processes, showing the progress."""
    start = time.perf_counter()
    results: list[GameResult] = []
    if args.jobs > 1:
        import multiprocessing
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            for result in pool.imap(run, jobs):
                results.append(result)
                _progress(args, results, len(jobs), start)
    else:
        for job in jobs:
            results.append(run(job))
            _progress(args, results, len(jobs), start)
    return results


def render(results: list[GameResult], args: argparse.Namespace, options: Options, elapsed: float) -> str:
    """The report of a run: the table, or with ``args.json`` one JSON document."""
    per = summarize(results)
    first = _first(args, per)
    per_game = margins_per_game(results, first)
    margin = summarize_margins(per_game)
    by_size = margins_by_hand_size(results, first)
    if not args.json:
        return format_report(per, margin, by_size, len(results), elapsed, args)
    return json.dumps({"games": len(results), "players": args.players, "bots": args.bots.split(","),
                       "seed": args.seed, "options": options.__dict__,
                       "think_ms": args.think_ms, "seconds": round(elapsed, 1),
                       "per_bot": per, "margins": margin, "margins_by_hand_size": by_size,
                       "margins_per_game": {level: [round(d, 1) for d in ds]
                                            for level, ds in per_game.items()}},
                      indent=2)


def _first(args: argparse.Namespace, per: dict[str, Any]) -> str:
    """The level the margins are measured from: the first seat's."""
    return args.bots.split(",")[0] if args.bots else next(iter(per))


def _progress(args: argparse.Namespace, results: list[GameResult], total: int, start: float) -> None:
    if args.quiet:
        return
    per = summarize(results)
    means = " ".join(f"{lvl} {s['mean_score']:.0f}" for lvl, s in per.items())
    print(f"\rgame {len(results)}/{total} ({time.perf_counter() - start:.0f}s) {means}   ",
          end="" if len(results) < total else "\n", file=sys.stderr, flush=True)
