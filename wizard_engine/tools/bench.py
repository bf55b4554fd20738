"""``python -m wizard_engine bench``: random games per second, checked API and fast path.

``--coach`` times the coach instead: advice at the default budget on bids and cards over a
spread of rounds and table sizes, win chances, and the review of a whole 6-player game.
``--history N`` times the page's history requests on a history of N six-player games (the
import of the whole file, then its statistics).
``--bot LEVEL`` times one bot level's decisions (e.g. ``--bot expert``): every decision of
seat 0 in whole games at 4 and 6 players against Hard, by phase, in CPU time of this
process (so a busy machine inflates the figures less than a wall clock would).

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

from .. import fast
from ..config import GameConfig
from ..rules import STANDARD
from ..state import State


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


def coach_positions(per_table: int = 3) -> list[dict[str, Any]]:
    """Bid and card decisions at an early, a middle and a late round of each table size,
    reached by random play (seeded)."""
    from ..view import seat_view

    views = []
    for players in (3, 4, 5, 6):
        rounds = STANDARD.rounds(players)  # the standard game's positions, for comparable times
        targets = sorted({max(1, rounds * k // per_table) for k in range(1, per_table + 1)} | {2})
        for target in targets:
            state, rng = State(GameConfig.of(players, seed=target)), random.Random(target)
            while state.round < target:
                seat = state.to_act()[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            wanted = {"bidding": 1, "playing": 1}
            while wanted["playing"] and not state.is_over and state.round == target:
                seat = state.to_act()[0]
                view = seat_view(state, seat)
                phase = view["phase"]
                # Cards: the first decision of the second trick with a choice (a middle of the round).
                if wanted.get(phase) and len(view["legal"]) > 1 and (phase == "bidding" or view["tricks"]):
                    views.append(dict(view))
                    wanted[phase] -= 1
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    return views


def coach_measure(repeats: int) -> dict[str, Any]:
    """Median times of the coach (seconds)."""
    from ..bots import bot_seed, make_bot
    from ..coach import DEFAULT_BUDGET, REVIEW_BUDGET, advise, review_game, win_chances
    from ..records.save import save_document
    from ..view import seat_view

    times: dict[str, list[float]] = {"bidding": [], "playing": []}
    for i, view in enumerate(coach_positions()):
        start = time.perf_counter()
        advise(view, seed=i)
        times[view["phase"]].append(time.perf_counter() - start)
    chances = []
    for players in (3, 4, 5, 6):
        for round_ in (1, STANDARD.rounds(players) // 2):
            info = {"totals": [0] * players, "round": round_, "dealer": 0}
            for seed in range(repeats):
                start = time.perf_counter()
                win_chances(info, seed=seed)
                chances.append(time.perf_counter() - start)
    state = State(GameConfig.of(6, seed=1))
    bots = [make_bot("medium", bot_seed(1, s)) for s in range(6)]
    while not state.is_over:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].decide(seat_view(state, seat)))
    start = time.perf_counter()
    review = review_game(save_document(state), 0)
    review_s = time.perf_counter() - start
    every = times["bidding"] + times["playing"]
    return {
        "advice_budget": DEFAULT_BUDGET,
        "advice_positions": len(every),
        "advice_s_median": round(statistics.median(every), 3),
        "advice_s_max": round(max(every), 3),
        "advice_bid_s_median": round(statistics.median(times["bidding"]), 3),
        "advice_card_s_median": round(statistics.median(times["playing"]), 3),
        "win_chances_s_median": round(statistics.median(chances), 3),
        "win_chances_s_max": round(max(chances), 3),
        "review_6_players_s": round(review_s, 2),
        "review_decisions": len(review["entries"]),  # every decision reviewed, the forced ones too
        "review_budget": REVIEW_BUDGET,
    }


def bot_measure(label: str, games: int, opponent: str = "hard", specials: str = "") -> dict[str, Any]:
    """Decision times (seconds) of the bot ``label`` (``level`` or ``level@ms``, as in the
    arena) at seat 0 against ``opponent``, in whole seeded games (with ``specials``: the special
    cards, S1; their steps after a trick count as plays)."""
    from ..bots import bot_seed
    from ..view import seat_view
    from .arena import labelled_bot

    times: dict[str, list[float]] = {"bidding": [], "playing": [], "trump": []}
    for players in (4, 6):
        for seed in range(games):
            state = State(GameConfig.of(players, seed=seed, specials=specials))
            bots = [labelled_bot(label if s == 0 else opponent, bot_seed(seed, s)) for s in range(players)]
            while not state.is_over:
                seat = state.to_act()[0]
                view = seat_view(state, seat)
                start = time.process_time()
                action = bots[seat].decide(view)
                if seat == 0:
                    phase = view["phase"] if view["phase"] in ("bidding", "trump") else "playing"
                    times[phase].append(time.process_time() - start)
                state.apply(seat, action)
    every = sorted(times["bidding"] + times["playing"] + times["trump"])
    return {
        "level": label,
        "specials": specials,
        "decisions": len(every),
        "s_median": round(statistics.median(every), 3),
        "s_p95": round(every[int(0.95 * (len(every) - 1))], 3),
        "s_max": round(every[-1], 3),
        "bid_s_median": round(statistics.median(times["bidding"]), 3),
        "card_s_median": round(statistics.median(times["playing"]), 3),
    }


def history_measure(games: int, repeats: int) -> dict[str, Any]:
    """Seconds (medians over ``repeats``) of ``history_import`` and ``history_stats`` through
    :func:`wizard_engine.web.call`, on ``games`` copies of one six-player game of random play
    against bots, a minute apart, with 32-character names."""
    from .. import web
    from ..config import Player
    from ..records import history
    from ..records.game_record import record_from_state

    names = [Player(f"{seat}" + "\u00e9" * 31, None if seat == 0 else "easy") for seat in range(6)]
    state = State(GameConfig(tuple(names), seed=1))
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    base = record_from_state(state, "2026-01-01T00:00:00Z")
    document = history.new_document()
    for n in range(games):
        date = f"2026-01-{1 + n // 1440:02d}T{n // 60 % 24:02d}:{n % 60:02d}:00Z"
        document["records"].append({**base, "id": f"bench{n:05d}", "date": date})
    text = history.dumps(document)

    def timed(method: str, params: dict[str, Any]) -> float:
        start = time.perf_counter()
        answer = json.loads(web.call(json.dumps({"method": method, "params": params})))
        if not answer["ok"]:
            raise RuntimeError(answer["error"])
        return time.perf_counter() - start

    imports = [timed("history_import", {"history": None, "file": text}) for _ in range(repeats)]
    stats = [timed("history_stats", {"history": text}) for _ in range(repeats)]
    return {"games": games, "file_chars": len(text), "import_s_median": round(statistics.median(imports), 3),
            "stats_s_median": round(statistics.median(stats), 3)}


def main(argv: list[str] | None = None) -> int:
    """Print the figures for 3, 4, 5 and 6 players (or the coach's, with ``--coach``)."""
    parser = argparse.ArgumentParser(prog="python -m wizard_engine bench", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count (default 200)")
    parser.add_argument("--repeats", type=int, default=5, help="repeats of the fast path (default 5)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--coach", action="store_true", help="time the coach: advice, win chances, a review")
    parser.add_argument("--bot", help="time this bot's decisions against Hard: a level, or level@ms for a budget")
    parser.add_argument("--bot-games", type=int, default=2, help="games per table size for --bot (default 2)")
    parser.add_argument("--history", type=int, metavar="N", help="time the history requests on N games")
    args = parser.parse_args(argv)
    if args.history:
        return _report("history", history_measure(args.history, args.repeats), 16, args.json,
                       "(seconds, medians; the whole file imported, then its statistics)")
    if args.bot:
        return _report("bot", bot_measure(args.bot, args.bot_games), 16, args.json,
                       "(CPU seconds; every decision of seat 0 in whole games at 4 and 6 players against hard)")
    if args.coach:
        return _report("coach", coach_measure(args.repeats), 24, args.json,
                       "(seconds; advice over bids and cards at rounds spread over 3-6 players)")
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


def _report(benchmark: str, figures: dict[str, Any], width: int, as_json: bool, footnote: str) -> int:
    """Print one benchmark's figures, as a JSON document or as aligned lines and a footnote."""
    if as_json:
        print(json.dumps({"benchmark": benchmark, "results": figures}, indent=2))
    else:
        for key, value in figures.items():
            print(f"{key:>{width}} {value}")
        print(footnote)
    return 0
