"""The benchmark command runs and reports every figure (its speed is not judged here)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from wizard_engine import GameConfig, State
from wizard_engine.__main__ import main
from wizard_engine.bots import make_bot
from wizard_engine.bots.knowledge import read_view
from wizard_engine.tools.flags import parse_options
from wizard_engine.view import seat_view

from .helpers import spy_make_bot


def test_bench_prints_json_figures_for_every_player_count(capsys) -> None:
    assert main(["bench", "--games", "2", "--repeats", "1", "--json"]) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    assert [r["players"] for r in results] == [3, 4, 5, 6]
    for r in results:
        assert r["checked_ms_per_game_median"] > 0 and r["checked_decisions_per_s"] > 0
        assert r["fast_games_per_s_median"] > 0


def test_unknown_command_prints_usage(capsys) -> None:
    assert main(["fly"]) == 2
    assert "usage" in capsys.readouterr().out


@pytest.mark.slow
def test_bench_times_a_bot_level(capsys) -> None:
    from wizard_engine.tools.bench import bot_measure

    figures = bot_measure("easy", 1, opponent="easy")
    assert figures["decisions"] >= (15 + 120) + (10 + 55)  # bids and cards of seat 0 at 4 and 6 players
    assert 0 <= figures["s_median"] <= figures["s_p95"] <= figures["s_max"]
    assert main(["bench", "--bot", "random", "--bot-games", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["results"]["level"] == "random"


def test_bench_times_the_history_requests(capsys) -> None:
    assert main(["bench", "--history", "30", "--repeats", "1", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)["results"]
    assert figures["games"] == 30 and figures["file_chars"] > 30 * 500
    assert figures["import_s_median"] > 0 and figures["stats_s_median"] > 0


def test_bench_times_a_bot_at_its_own_budget(monkeypatch) -> None:
    import wizard_engine.tools.arena as arena
    from wizard_engine.tools.bench import bot_measure

    made = spy_make_bot(monkeypatch, arena)  # bench makes its bots as the arena does
    figures = bot_measure("hard@0", 1, opponent="easy")
    assert figures["level"] == "hard@0"
    assert made[0] == ("hard", {"think_ms": 0.0}) and made[1] == ("easy", {})
    with pytest.raises(ValueError):
        bot_measure("hard@fast", 1)


def _bench_script(name: str):
    """A script of bench/ (not a package module), imported by file."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_duel_plays_a_round_out_from_each_choice_on_a_copy() -> None:
    from wizard_engine.actions import bid
    from wizard_engine.bots import make_bot
    from wizard_engine.bots.hard import HardBot
    from wizard_engine.config import GameConfig
    from wizard_engine.state import State
    from wizard_engine.view import seat_view

    duel = _bench_script("duel")
    assert duel.setting("spite=1.0") == ("spite", 1.0)
    assert duel.setting("think_ms=2400") == ("think_ms", 2400)
    assert duel.setting("endgame=false") == ("endgame", False)
    state = State(GameConfig.of(4, seed=3))
    bots = [make_bot("medium", s) for s in range(4)]
    while state.round < 3 or state.to_act()[0] != 0:  # round 3, seat 0 to bid among 0..3
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].decide(seat_view(state, seat)))
    view = seat_view(state, 0)
    assert duel.alternatives(view, bid(0), None) == [bid(1)]
    assert duel.alternatives(view, bid(2), None) == [bid(1), bid(3)]
    hard = HardBot(1).decide(view)  # --hard: B is Hard
    assert duel.alternatives(view, hard, HardBot(1)) == []
    other = next(bid(b) for b in range(4) if bid(b) != hard)
    assert duel.alternatives(view, other, HardBot(1)) == [hard]
    outcomes = {b: duel.finish_round(state, bots, bid(b)) for b in range(4)}
    assert seat_view(state, 0) == view and len(state.pad) == 2  # each round was played on a copy
    for b, (points, margin, made) in outcomes.items():
        assert points in (20 + 10 * b, *(-10 * k for k in range(1, 4)))
        assert made == (points > 0)
        assert points - 50 <= margin <= points + 30  # another seat scores -30 to 50 in round 3
    assert len(set(outcomes.values())) > 1  # the bid changes the round


def test_the_duel_compares_the_phases_asked_for_and_shifts_only_bids() -> None:
    duel = _bench_script("duel")
    assert duel.counts("playing", "playing") and not duel.counts("bidding", "playing")
    assert duel.counts("cloud", "special") and duel.counts("werewolf", "special")
    assert not duel.counts("trump", "special") and not duel.counts("playing", "special")
    assert all(duel.counts(phase, "any") for phase in ("trump", "bidding", "playing", "passing", "witch"))
    from wizard_engine.actions import Action
    view = {"phase": "passing", "legal": ["pass 3H", "pass 5S"]}
    assert duel.alternatives(view, Action.parse("pass 3H"), None) == []  # --shift shifts only a bid


def test_the_duel_counts_differing_decisions_by_hand_size() -> None:
    duel = _bench_script("duel")
    rows = [(3, (10.0, 5.0, 1)), (5, (5.0, 0.0, 0)), (3, (-20.0, -25.0, -1))]
    assert duel.by_hand_size(rows) == "3: 2 (-10), 5: 1 (+5)"
    found = [(0, 3, "bidding", (10.0, 5.0, 1)), (0, 5, "cloud", (5.0, 0.0, 0)), (0, 3, "bidding", (-20.0, -25.0, -1))]
    assert duel.by_phase(found) == "bidding: -5.00 ± 15.00 (2), cloud: +5.00 ± 0.00 (1)"


def test_paired_runs_pair_the_first_seats_game_by_game() -> None:
    paired_runs = _bench_script("paired_runs")
    same = {"players": 6, "seed": 24, "games": 3, "options": {}}
    a = {**same, "bots": ["hard"], "margins_per_game": {"medium": [10.0, 20.0, 30.0], "easy": [1.0, 1.0, 1.0]}}
    b = {**same, "bots": ["expert"], "margins_per_game": {"medium": [12.0, 26.0, 28.0]}}
    mean, stderr, games = paired_runs.paired(a, b)["medium"]  # differences 2, 6, -2
    assert (mean, games) == (2.0, 3) and stderr == pytest.approx(4 / 3 ** 0.5)
    assert set(paired_runs.paired(a, b)) == {"medium"}  # only levels both runs played against
    with pytest.raises(SystemExit, match="seed"):
        paired_runs.paired(a, {**b, "seed": 25})
    with pytest.raises(ValueError):  # a run cut short does not pair
        paired_runs.paired(a, {**b, "margins_per_game": {"medium": [1.0, 2.0]}})


def test_bid_calibration_sets_chances_against_outcomes(capsys) -> None:
    calibration = _bench_script("bid_calibration")
    bid = calibration.Bid
    bids = [bid("expert", 3, 0, 0.95, 19.0, True, 20, 0.95, 19.0),
            bid("expert", 3, 1, 0.35, 5.0, False, -10, 0.55, 1.0),  # its surest candidate: 0.55
            bid("hard", 5, 0, 0.9, 18.0, False, -10, 0.9, 18.0)]
    assert calibration.line("all", bids[:2]) == (
        "  all: 2 bids, chance 0.650, made 0.500; points expected +12.0, scored +5.0")
    calibration.report(bids)
    out = capsys.readouterr().out
    assert "expert:\n  all: 2 bids" in out
    assert "  the surest candidate instead: chance 0.750; points expected +10.0\n" in out
    assert "hard:\n  all: 1 bids, chance 0.900, made 0.000" in out
    assert "  chance 0.3-0.4: 1 bids, chance 0.350, made 0.000" in out
    assert "by hand size, chance / made: 3: 0.65 / 0.50" in out


def _mid_round(players: int, seed: int, actions: int) -> State:
    state = State(GameConfig.of(players, seed=seed))
    for _ in range(actions):
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


@pytest.mark.parametrize("actions", [0, 40, 47, 75])  # the first bid; round 3's cards; round 4's
def test_hands_bound_pins_cards_where_they_really_are(actions: int) -> None:
    bound = _bench_script("hands_bound")
    state = _mid_round(6, 5, actions)
    seat = state.to_act()[0]
    know = read_view(seat_view(state, seat))
    real = bound.real_hands(know, state.hands)
    held = 0
    for s, hand in enumerate(real):  # a deal: no card twice, each hand its size, only unseen cards
        assert not hand & held and hand.bit_count() == state.hands[s].bit_count()
        held |= hand
    assert real[seat] == know.hand and not held & ~(know.pool_mask | know.hand)
    for pin in ("wizards+jesters+trumps", "side", "high"):
        seer = bound.Seer(3, state, pin=pin)
        mask = bound.pinned(pin, know.rules)
        for k in range(5):
            hands = seer._deal(know, random.Random(k))
            assert [h & mask for h in hands] == [h & mask for h in real]
            assert [h.bit_count() for h in hands] == [h.bit_count() for h in real]
    assert bound.Seer(3, state, truth=1.0)._deal(know, random.Random(0)) == real


@pytest.mark.slow
def test_hands_bound_decides_as_expert_when_told_nothing() -> None:
    bound = _bench_script("hands_bound")
    state = _mid_round(4, 2, 30)
    view = seat_view(state, state.to_act()[0])
    assert bound.Seer(8, state, think_ms=100).decide(view) == make_bot("expert", 8, think_ms=100).decide(view)
    result = bound.play((["expert@5", "hard@5", "hard@5"], 7, 7, parse_options([]), 0.5, "wizards"))
    assert len(result.rounds[0]) == 20 and set(result.times) == {"expert@5", "hard@5"}  # a whole game


@pytest.mark.slow
def test_hint_consistency_counts_hints_with_a_bid_above_the_pick() -> None:
    consistency = _bench_script("hint_consistency")

    def advice(pick: str, points: dict[str, float]) -> Any:
        return {"pick": pick, "options": [{"option": o, "points": p, "make": 0.5} for o, p in points.items()]}

    found = [(9, advice("bid 2", {"bid 2": 7.8, "bid 0": 14.3, "bid 3": 1.0})),
             (12, advice("bid 4", {"bid 4": 17.0, "bid 5": 18.0})),  # within the gap
             (15, advice("bid 5", {"bid 5": 23.4, "bid 6": 41.5}))]
    assert consistency.above_pick(found[0][1], 2.0)["option"] == "bid 0"
    assert consistency.above_pick(found[1][1], 2.0) is None
    assert consistency.report(found, 2.0).splitlines() == [
        "9 cards: pick bid 2 +7.8 (50%), bid 0 +14.3 (50%)",
        "15 cards: pick bid 5 +23.4 (50%), bid 6 +41.5 (50%)",
        "2 of 3 bid hints show a bid 2+ points above the pick (by 12.3 on average)"]
    assert [size for size, _ in consistency.hints(6, 1, cards=9)] == [9, 10]
