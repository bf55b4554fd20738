"""``python -m wizard_engine soak``: random games over every player count and option set, checked.

Game ``i`` of a run plays player count and options ``COMBOS[i % len(COMBOS)]`` (every
combination the engine accepts, every schedule's; ``--schedule`` keeps one schedule's) with
uniformly random legal actions, and checks at every position:

- ``legal``: a seat to act always has a legal action;
- ``cards`` (R22): after every action, hands, stock, turned card, current trick and taken
  tricks hold every card exactly once; tricks taken and hand sizes agree;
- ``score`` (R17, R19): each round scored follows the rule and the totals run on;
- ``end`` (R18): the game ends after its last round, with nobody to act;

and, on a sampled share of positions (``--rate``, 1.0 = all), the two heavy checks:

- ``refusal``: every action outside ``legal_actions`` is refused with a reason and every
  legal one is accepted; three refused ones are also tried on ``apply``, which must raise
  ``IllegalActionError`` citing a rule and leave the history unchanged;
- ``twin`` (R22): a twin state that differs only in what the seat cannot see (the others'
  cards and the stock reshuffled, the others' unseen bids changed) gives the seat the
  same view;
- ``search`` (special cards only): the state Hard and Expert rebuild from the seat's view,
  given the true deal, plays the rest of the round as the real one (:mod:`.soak_search`).

Each game's seed derives from ``(--seed, i)`` and its sampling from the game's seed, so
``soak --seed S --first i --games 1 --rate R`` replays game ``i`` alone; the summary
prints that command for every failure.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import itertools
import json
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, TextIO

from ..actions import (
    ALL_ACTIONS,
    HOWS,
    Action,
    call_trump,
    cloud_change,
    name_copy,
    pass_card,
    play_special,
    witch_swap,
)
from ..boxes import BOXES, specials_text
from ..cards import ALL_CARDS, DRAGON, FAIRY, FIRST_SPECIAL, SUITS, canonical, cards_of, mask_of
from ..config import GameConfig, Options
from ..errors import ConfigError, IllegalActionError
from ..reasons import CODES
from ..rules import SCHEDULES
from ..scoring import round_points
from ..specials import SpecialState, cards_in_play
from ..state import Phase, State
from ..view import seat_view
from .soak_search import SearchBroken, check_search_state

DEFAULT_RATE = 0.1  # share of positions given the heavy checks: 100,000 games in ~20 min on 2 cores
CHECKS = ("legal", "cards", "score", "end", "refusal", "twin", "search")
# One action per distinct decision: the four Wizards (and Jesters) are one action each.
DISTINCT_ACTIONS = [a for a in ALL_ACTIONS if a.kind != "play" or canonical(a) == a]
APPLY_TRIES = 3  # refused actions also tried on apply() per checked position
SPECIAL_ACTIONS = ([play_special(card, how) for card in range(FIRST_SPECIAL, ALL_CARDS) for how in range(HOWS)]
                   + [call_trump(suit) for suit in (*range(SUITS), None)] + [name_copy(how) for how in range(HOWS)]
                   + [pass_card(canonical(card)) for card in range(ALL_CARDS) if canonical(card) == card]
                   + [cloud_change(+1), cloud_change(-1)])
"""The special cards' actions (S4..S13) but the Witch's, which are drawn per position."""
WITCH_TRIES = 20  # Witch swaps tried per checked position of a special-card game
REFUSAL_MESSAGE = re.compile(r"^Cannot .*[RST]\d+\)$")


def combinations(schedules: tuple[str, ...] = SCHEDULES) -> list[tuple[int, Options]]:
    """Every player count with every option combination the engine accepts, in ``schedules``."""
    combos = []
    for schedule, players, bidding, rule, foresight, unicoloured in itertools.product(
            schedules, range(3, 7), ("open", "hidden", "secret"), ("", "canadian", "plus_minus_one", "canadian_final"),
            (False, True), (False, True)):
        options = Options(bidding, rule == "canadian", rule == "plus_minus_one", foresight, unicoloured,
                          rule == "canadian_final", schedule)
        try:
            options.check(players)
        except ConfigError:
            continue
        combos.append((players, options))
    return combos


COMBOS = combinations()
COMBOS_OF = {schedule: combinations((schedule,)) for schedule in SCHEDULES}
"""One schedule's combinations (``--schedule``)."""
SPECIAL_COMBOS = [(players, options) for players, options in COMBOS
                  if not (options.foresight or options.unicoloured or options.schedule == "maximus")]
"""The combinations the special cards allow (S3, T2)."""
SPECIAL_COMBOS_OF = {schedule: [c for c in SPECIAL_COMBOS if c[1].schedule == schedule] for schedule in SCHEDULES}


class Broken(Exception):
    """An invariant that does not hold; the message says which and how."""


def require(condition: bool, message: str) -> None:
    """Raise :class:`Broken` unless ``condition`` (unlike ``assert``, survives ``python -O``)."""
    if not condition:
        raise Broken(message)


@dataclass
class Failure:
    """One game that broke an invariant (a game stops at its first failure)."""

    game: int
    seed: int
    players: int
    options: str
    position: int  # actions applied before the failure
    check: str
    message: str
    replay: str  # the command that replays this game alone


@dataclass
class Report:
    """What a run played and checked."""

    games: int = 0
    positions: int = 0
    checks: Counter[str] = field(default_factory=Counter)
    failures: list[Failure] = field(default_factory=list)

    def add(self, other: Report) -> None:
        """Merge another part of the run into this one."""
        self.games += other.games
        self.positions += other.positions
        self.checks.update(other.checks)
        self.failures.extend(other.failures)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (failures in game order)."""
        return {"games": self.games, "positions": self.positions,
                "checks": {name: self.checks[name] for name in CHECKS},
                "failures": [vars(f) for f in sorted(self.failures, key=lambda f: f.game)]}


def game_seed(seed: int, game: int) -> int:
    """The seed of game ``game`` of a run with ``seed``: stable across processes and machines."""
    digest = hashlib.sha256(f"wizard soak {seed} {game}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def game_config(seed: int, game: int, schedule: str | None = None, specials: str | None = None) -> GameConfig:
    """The config of game ``game`` of a run with ``seed`` (over one ``schedule``'s combinations, if
    given; with ``specials`` -- a box, card names or ``any`` for a random set -- over those S3 allows)."""
    combos = COMBOS_OF[schedule] if schedule else COMBOS
    if specials:
        combos = SPECIAL_COMBOS_OF[schedule] if schedule else SPECIAL_COMBOS
    players, options = combos[game % len(combos)]
    if specials:
        chosen = random_specials(game_seed(seed, game)) if specials == "any" else specials
        options = dataclasses.replace(options, specials=chosen)
    return GameConfig(GameConfig.of(players).players, options, game_seed(seed, game))


def random_specials(seed: int) -> str:
    """A random set of special cards that S1 allows (a box now and then, as players choose them)."""
    rng = random.Random(seed)
    if rng.random() < 0.25:
        return rng.choice(list(BOXES))
    while True:
        cards = [card for card in range(FIRST_SPECIAL, ALL_CARDS) if rng.random() < 0.5]
        if (DRAGON in cards) == (FAIRY in cards) and cards:
            return specials_text(tuple(cards))


def replay_command(seed: int, game: int, rate: float, schedule: str | None = None,
                   specials: str | None = None) -> str:
    """The command that replays one game of a run alone."""
    command = f"python -m wizard_engine soak --seed {seed} --first {game} --games 1 --rate {rate}"
    command = f"{command} --schedule {schedule}" if schedule else command
    return f"{command} --specials {specials}" if specials else command


class GameFailed(Exception):
    """A game stopped by a broken invariant or a crash: which check, after how many actions."""

    def __init__(self, check: str, position: int, error: Exception) -> None:
        super().__init__(str(error) if isinstance(error, Broken) else f"{type(error).__name__}: {error}")
        self.check, self.position = check, position


def play_game(config: GameConfig, rate: float, report: Report) -> None:
    """Play one random game, checking every invariant; raise :class:`GameFailed` at the first break.

    The actions come from one generator and the sampling and twins from another, so the
    game played is the same at every rate.
    """
    moves, checks = random.Random(config.seed), random.Random(config.seed + (1 << 32))
    state = State(config)
    rounds_scored = 0
    stage = "legal"  # what ran when something broke: a check's name, or "apply" (a crash)
    try:
        while not state.is_over:
            stage = "legal"
            seat = moves.choice(state.to_act())
            legal = state.legal_actions(seat)
            report.positions += 1
            require(bool(legal), f"seat {seat} is to act but has no legal action")
            report.checks["legal"] += 1
            if checks.random() < rate:
                stage = "refusal"
                check_illegal_refused(state, seat, legal, checks)
                report.checks["refusal"] += 1
                stage = "twin"
                check_no_leak(state, seat, checks)
                report.checks["twin"] += 1
                if isinstance(state, SpecialState):
                    stage = "search"
                    check_search_path(state, seat, checks)
                    report.checks["search"] += 1
            stage = "apply"
            state.apply(seat, moves.choice(legal))
            stage = "cards"
            check_cards_in_one_place(state)
            report.checks["cards"] += 1
            if len(state.pad) > rounds_scored:
                stage = "score"
                rounds_scored = len(state.pad)
                check_round_scored(state)
                report.checks["score"] += 1
        stage = "end"
        require(len(state.pad) == state.rounds,
                f"the game ended after {len(state.pad)} of {state.rounds} rounds")
        require(state.to_act() == (), f"the game is over but {state.to_act()} are to act")
        report.checks["end"] += 1
    except Exception as error:  # an engine crash is a failure too, not the end of the run
        raise GameFailed(stage, len(state.history), error) from error


def check_search_path(state: SpecialState, seat: int, rng: random.Random) -> None:
    """Hard's and Expert's rebuilt state plays on as the real one (:mod:`.soak_search`)."""
    try:
        check_search_state(state, seat, rng)
    except SearchBroken as error:
        raise Broken(str(error)) from None


def check_cards_in_one_place(state: State) -> None:
    """R22 (S14): hands, stock, turned card (and those set aside), current trick, taken tricks
    (and passes on their way) partition the deck; tricks taken and bombed add up (S9)."""
    special = state if isinstance(state, SpecialState) else None
    if special:
        places = cards_in_play(special)
    else:
        places = [*state.hands, state.stock, mask_of(state.trick.cards)]
        places += [mask_of(t.cards) for t in state.tricks]
        if state.turned is not None:
            places.append(1 << state.turned)
    union = 0
    for place in places:
        require(union & place == 0, f"cards {cards_of(union & place)} are in two places")
        union |= place
    require(union == state.deck_mask, f"cards {cards_of(state.deck_mask & ~union)} are nowhere")
    bombed = sum(trick.bombed for trick in special.tricks) if special else 0
    require(sum(state.taken) + bombed == len(state.tricks),
            f"tricks taken {state.taken} and {bombed} bombed do not add up to the {len(state.tricks)} tricks played")
    for seat, hand in enumerate(state.hands):
        in_trick = seat in state.trick.seats and state.trick is not state.last_trick
        passing = bool(special and seat in special.passes and special.phase is Phase.PASSING)
        played = len(state.tricks) + in_trick + passing
        require(hand.bit_count() == state.hand_size - played,
                f"seat {seat} holds {hand.bit_count()} cards, not {state.hand_size - played}")


def check_round_scored(state: State) -> None:
    """R17/R19: the round just scored follows the rule, totals run on."""
    rows = state.pad[-1]
    before = state.pad[-2] if len(state.pad) > 1 else None
    tricks = state.rules.hand_size(len(state.pad))
    if isinstance(state, SpecialState):  # S9: bombed tricks belong to nobody
        tricks -= state.bombed_pad[len(state.pad) - 1]
    require(sum(row.taken for row in rows) == tricks,
            f"round {len(state.pad)}: {sum(row.taken for row in rows)} tricks taken, not {tricks}")
    for seat, row in enumerate(rows):
        require(row.points == round_points(row.bid, row.taken),
                f"round {len(state.pad)}, seat {seat}: bid {row.bid}, took {row.taken}, "
                f"scored {row.points}, not {round_points(row.bid, row.taken)} (R17)")
        total = (before[seat].total if before else 0) + row.points
        require(row.total == total, f"round {len(state.pad)}, seat {seat}: total {row.total}, not {total}")


def check_illegal_refused(state: State, seat: int, legal: list[Action], rng: random.Random) -> None:
    """Every action not in ``legal`` is refused with a reason; a sample is tried on apply too."""
    allowed = set(legal)
    candidates = DISTINCT_ACTIONS
    if isinstance(state, SpecialState):
        cards = list(range(ALL_CARDS))
        candidates = [*DISTINCT_ACTIONS, *SPECIAL_ACTIONS,
                      *(witch_swap(rng.choice(cards), rng.choice(cards)) for _ in range(WITCH_TRIES))]
    refused = [action for action in candidates if action not in allowed]
    for action in refused:
        reason = state.why_illegal(seat, action)
        require(reason is not None and str(reason) != "", f"seat {seat} may {action} but it is not legal")
    for action in legal:
        reason = state.why_illegal(seat, action)
        require(reason is None, f"seat {seat} may not {action} ({reason}) but it is legal")
    history = len(state.history)
    for action in rng.sample(refused, APPLY_TRIES):
        try:
            state.apply(seat, action)
        except IllegalActionError as error:
            require(bool(REFUSAL_MESSAGE.match(str(error))),
                    f"refusing {action}, apply says {str(error)!r}: not 'Cannot ... (Rn)'")
            require(error.reason.code in CODES and error.reason.rule is not None,
                    f"refusing {action}, apply gives the reason {error.reason.to_json()}: no known code and rule")
        else:
            raise Broken(f"apply accepted the illegal {action} of seat {seat}")
        require(len(state.history) == history, f"refusing {action} changed the history")


def check_no_leak(state: State, seat: int, rng: random.Random) -> None:
    """R22: a twin that differs only in what ``seat`` cannot see gives ``seat`` the same view."""
    view = seat_view(state, seat)
    twin = hidden_twin(state, seat, view["bids"], rng)
    twin_view = seat_view(twin, seat)
    if twin_view != view:
        differ = sorted(key for key in view.keys() | twin_view.keys() if view.get(key) != twin_view.get(key))
        raise Broken(f"seat {seat}'s view changes with what it cannot see: {', '.join(differ)}")


def hidden_twin(state: State, seat: int, visible_bids: list[int | None], rng: random.Random) -> State:
    """A copy with the cards ``seat`` cannot see reshuffled and others' unseen bids changed."""
    twin = state.copy()
    foresight = (state.config.options.foresight and state.round == 1
                 and state.phase in (Phase.TRUMP, Phase.BIDDING))
    # R20: under Foresight's first round a seat sees the others' cards and not its own.
    places = [s for s in range(len(state.hands)) if (s == seat) == foresight]
    pool = [c for s in places for c in cards_of(state.hands[s])] + cards_of(state.stock)
    rng.shuffle(pool)
    for s in places:
        count = state.hands[s].bit_count()
        twin.hands[s], pool = mask_of(pool[:count]), pool[count:]
    twin.stock = mask_of(pool)
    if isinstance(twin, SpecialState):
        twin.stock_order = pool  # S12: the next card of the stock is as unknown as the rest
    for s, bid in enumerate(state.bids):
        if bid is not None and visible_bids[s] is None:
            twin.bids[s] = (bid + 1) % (state.hand_size + 1)
    return twin


def run_games(seed: int, first: int, count: int, rate: float, schedule: str | None = None,
              specials: str | None = None) -> Report:
    """Play games ``first .. first + count - 1`` of a run; every failure is recorded."""
    report = Report()
    for game in range(first, first + count):
        config = game_config(seed, game, schedule, specials)
        try:
            play_game(config, rate, report)
        except GameFailed as failed:
            report.failures.append(Failure(
                game, config.seed, len(config.players), _options_text(config.options), failed.position,
                failed.check, str(failed), replay_command(seed, game, rate, schedule, specials)))
        report.games += 1
    return report


def _options_text(options: Options) -> str:
    on = [name for name, value in vars(options).items() if value is True]
    cards = [f"special cards {options.specials}"] if options.specials else []
    return ", ".join([f"{options.schedule} schedule", f"{options.bidding} bids", *on, *cards])


def _chunks(first: int, games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(first, first + games, size):
        yield start, min(size, first + games - start)


def soak(games: int, seed: int = 0, first: int = 0, rate: float = DEFAULT_RATE, jobs: int = 1,
         progress: Callable[[int, int, int], None] | None = None, schedule: str | None = None,
         specials: str | None = None) -> Report:
    """Play and check games ``first .. first + games - 1``, in ``jobs`` processes (of one
    ``schedule``, if given, else of every one).

    ``progress(done, games, failures)`` is called as parts of the run finish.
    """
    report = Report()
    size = max(1, min(50, games // (jobs * 8) or 1))
    parts = list(_chunks(first, games, size))
    if jobs <= 1 or len(parts) == 1:
        results: Iterator[Report] = (run_games(seed, start, count, rate, schedule, specials) for start, count in parts)
        _collect(results, report, games, progress)
        return report
    from concurrent.futures import ProcessPoolExecutor, as_completed  # not under Pyodide

    with ProcessPoolExecutor(jobs) as pool:
        futures = [pool.submit(run_games, seed, start, count, rate, schedule, specials) for start, count in parts]
        _collect((f.result() for f in as_completed(futures)), report, games, progress)
    return report


def _collect(results: Iterator[Report], report: Report, games: int,
             progress: Callable[[int, int, int], None] | None) -> None:
    for part in results:
        report.add(part)
        if progress:
            progress(report.games, games, len(report.failures))


class ProgressBar:
    """A one-line progress bar on a stream: redrawn in place on a terminal, else a line per 10%."""

    def __init__(self, stream: TextIO) -> None:
        self.stream, self.start = stream, time.perf_counter()
        self.tty = stream.isatty()
        self.shown = -1.0

    def __call__(self, done: int, games: int, failures: int) -> None:
        elapsed = time.perf_counter() - self.start
        share = done / games if games else 1.0
        if self.tty:
            if elapsed - self.shown < 0.2 and done < games:
                return
        elif int(share * 10) == int(self.shown * 10) and done < games:
            return
        self.shown = elapsed if self.tty else share
        rate = done / elapsed if elapsed else 0.0
        eta = (games - done) / rate if rate else 0.0
        bar = "#" * int(share * 30)
        line = (f"soak [{bar:<30}] {done}/{games} games, {rate:.0f}/s, "
                f"{failures} failure{'s' * (failures != 1)}, ETA {_duration(eta)}")
        self.stream.write(("\r" + line + ("\n" if done >= games else "")) if self.tty else line + "\n")
        self.stream.flush()


def _duration(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}m{secs:02d}s" if minutes else f"{secs}s"


def summary(report: Report, seed: int, first: int, rate: float, jobs: int, seconds: float,
            schedule: str | None = None, specials: str | None = None) -> str:
    """The human summary of a run."""
    if specials:
        combos = len(SPECIAL_COMBOS_OF[schedule] if schedule else SPECIAL_COMBOS)
    else:
        combos = len(COMBOS_OF[schedule] if schedule else COMBOS)
    lines = [f"soak: {report.games} games (seed {seed}, games {first}..{first + report.games - 1}, "
             f"{combos} {schedule or 'any'} schedule x player count x option combinations"
             f"{f', special cards {specials}' if specials else ''}), "
             f"{report.positions} positions, "
             f"{seconds:.1f} s with {jobs} job{'s' * (jobs != 1)} "
             f"({report.games / seconds if seconds else 0:.1f} games/s)",
             f"heavy checks (refusal, twin) on a share {rate} of positions",
             "checks: " + ", ".join(f"{name} {report.checks[name]}" for name in CHECKS)]
    failures = sorted(report.failures, key=lambda f: f.game)
    lines.append(f"failures: {len(failures)}")
    for failure in failures[:20]:
        lines.append(f"  game {failure.game} ({failure.players} players, {failure.options}; seed "
                     f"{failure.seed}), after {failure.position} actions, {failure.check}: {failure.message}")
        lines.append(f"    replay: {failure.replay}")
    if len(failures) > 20:
        lines.append(f"  ... and {len(failures) - 20} more (--json lists them all)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the soak; exit 1 if any game broke an invariant."""
    parser = argparse.ArgumentParser(prog="python -m wizard_engine soak", description=__doc__.splitlines()[0],
                                     epilog="Every failure is printed with the command that replays it alone.")
    parser.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    parser.add_argument("--first", type=int, default=0, help="index of the first game (default 0)")
    parser.add_argument("--rate", type=float, default=DEFAULT_RATE,
                        help=f"share of positions given the heavy checks, 0..1 (default {DEFAULT_RATE})")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--schedule", choices=SCHEDULES, default=None,
                        help="play only this schedule's games (default: every schedule's)")
    parser.add_argument("--specials", default=None,
                        help="special cards (S1): a box (2016, 2021, 2026), names (Bomb,Cloud) or 'any' "
                             "(a random set per game); default: none")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    if args.specials not in (None, "any"):
        try:
            Options(specials=args.specials).check(4)
        except ConfigError as error:
            parser.error(str(error))
    if args.games < 1 or args.first < 0 or args.seed < 0 or args.jobs < 1 or not 0 <= args.rate <= 1:
        parser.error("--games and --jobs must be at least 1, --seed and --first at least 0, --rate in 0..1")
    start = time.perf_counter()
    report = soak(args.games, args.seed, args.first, args.rate, args.jobs, ProgressBar(sys.stderr), args.schedule,
                  args.specials)
    seconds = time.perf_counter() - start
    if args.json:
        print(json.dumps({"seed": args.seed, "first": args.first, "rate": args.rate, "jobs": args.jobs,
                          "schedule": args.schedule, "specials": args.specials,
                          "seconds": round(seconds, 1), **report.to_json()}, indent=2))
    else:
        print(summary(report, args.seed, args.first, args.rate, args.jobs, seconds, args.schedule, args.specials))
    return 1 if report.failures else 0
