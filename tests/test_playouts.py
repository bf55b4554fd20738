"""Random playouts over every player count x option combination keep every invariant (R22).

The checks live in :mod:`wizard_engine.tools.soak` (``python -m wizard_engine soak`` runs them
over as many games as you like); here they run over a sample: every combination, every
heavy check at every position of a few games, and at a sampled share of the positions of
more games. The tests after those plant a bug in the engine and see the soak catch it.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable

import pytest

from wizard_engine import Action, State
from wizard_engine.bots import special_deals
from wizard_engine.cards import cards_of
from wizard_engine.scoring import round_points
from wizard_engine.specials import SpecialState
from wizard_engine.tools import soak
from wizard_engine.view import seat_view

SEED = 1  # the run's seed; a failure prints the command that replays its game alone
PART = 25  # games per test case, so that workers share them and a failure names its games
# A game per combination (every schedule's), heavy checks at every position, in whole parts.
FULL = range(-(-len(soak.COMBOS) // PART) * PART)
SAMPLED = range(FULL.stop, FULL.stop + 300)  # about 3 more per combination, heavy checks at a share of positions
SAMPLED_RATE = 0.2


def parts(games: range, rate: float) -> list[tuple[int, float]]:
    return [(first, rate) for first in range(games.start, games.stop, PART)]


def explain(report: soak.Report, first: int, rate: float) -> str:
    """The soak's summary: each failure with the command that replays it."""
    return "\n" + soak.summary(report, SEED, first, rate, 1, 0.0)


def test_every_combination_is_covered_by_the_sample() -> None:
    assert len(set(soak.COMBOS)) == len(soak.COMBOS) == sum(len(c) for c in soak.COMBOS_OF.values())
    assert {soak.COMBOS[game % len(soak.COMBOS)] for game in FULL} == set(soak.COMBOS)
    assert {soak.game_config(SEED, game).options for game in FULL} == {o for _, o in soak.COMBOS}


@pytest.mark.parametrize(("first", "rate"), parts(FULL, 1.0) + parts(SAMPLED, SAMPLED_RATE),
                         ids=lambda value: f"{value}" if isinstance(value, float) else f"games{value}")
@pytest.mark.slow
def test_r22_random_playouts_keep_every_invariant(first: int, rate: float) -> None:
    report = soak.soak(PART, seed=SEED, first=first, rate=rate)
    assert report.failures == [], explain(report, first, rate)
    assert report.games == PART and report.checks["end"] == PART
    assert report.checks["legal"] == report.checks["cards"] == report.positions > 0
    assert report.checks["score"] == sum(State(soak.game_config(SEED, g)).rounds
                                         for g in range(first, first + PART))
    if rate == 1.0:
        assert report.checks["refusal"] == report.checks["twin"] == report.positions
    else:
        assert 0.1 * report.positions < report.checks["twin"] < 0.3 * report.positions


def test_game_seeds_are_stable_across_processes() -> None:
    """A seed printed by one run replays in another: no hash() of strings, no global state."""
    assert [soak.game_seed(1, game) for game in range(3)] == [2873053895, 1228766569, 4212590334]
    assert soak.game_config(7, 53).seed == soak.game_seed(7, 53)


@pytest.mark.slow
def test_jobs_share_the_games_and_find_what_one_process_finds() -> None:
    alone, shared = soak.soak(8, seed=SEED, rate=0.2), soak.soak(8, seed=SEED, rate=0.2, jobs=2)
    assert shared.to_json() == alone.to_json() and alone.games == 8


@pytest.mark.slow
def test_the_same_game_is_played_at_every_rate() -> None:
    light, heavy = soak.soak(3, seed=SEED, rate=0.0), soak.soak(3, seed=SEED, rate=1.0)
    assert light.positions == heavy.positions and light.checks["twin"] == 0


# --- the soak catches a broken engine ---------------------------------------------------

def planted(games: int = 10) -> soak.Report:
    """Run the soak on an engine with a bug planted by the caller; it must report failures."""
    report = soak.soak(games, seed=SEED, rate=1.0)
    assert report.games == games and report.failures, "the soak missed the planted bug"
    return report


def wrap_apply(monkeypatch: pytest.MonkeyPatch, after: Callable[[State, int], None]) -> None:
    original = State.apply

    def apply(self: State, seat: int, action: Action | str) -> Action:
        done = original(self, seat, action)
        after(self, seat)
        return done
    monkeypatch.setattr(State, "apply", apply)


def test_the_soak_catches_a_view_that_leaks(monkeypatch: pytest.MonkeyPatch) -> None:
    def leaky_view(state: State, seat: int) -> dict:
        return {**seat_view(state, seat), "stock_size": len(cards_of(state.stock)),
                "next_hand": cards_of(state.hands[(seat + 1) % len(state.hands)])}
    monkeypatch.setattr(soak, "seat_view", leaky_view)
    report = planted()
    assert {f.check for f in report.failures} == {"twin"}
    assert "next_hand" in report.failures[0].message


def test_the_soak_catches_an_illegal_card_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    original = State.why_illegal

    def lax(self: State, seat: int, action: Action | str) -> object:
        return None if Action.coerce(action).kind == "play" and seat in self.to_act() else original(
            self, seat, action)
    monkeypatch.setattr(State, "why_illegal", lax)
    report = planted()
    assert {f.check for f in report.failures} == {"refusal"}
    assert "but it is not legal" in report.failures[0].message


def test_the_soak_catches_a_card_in_two_places(monkeypatch: pytest.MonkeyPatch) -> None:
    def duplicate(state: State, seat: int) -> None:
        if state.stock:
            state.hands[seat] |= state.stock & -state.stock  # the stock's lowest card, now twice
    wrap_apply(monkeypatch, duplicate)
    report = planted()
    assert {f.check for f in report.failures} == {"cards"}
    assert "in two places" in report.failures[0].message


def test_the_soak_catches_a_wrong_score(monkeypatch: pytest.MonkeyPatch) -> None:
    def miscount(state: State, seat: int) -> None:
        if state.pad:  # seat 0's points of the last round scored, 5 too many
            first, *rest = state.pad[-1]
            points = round_points(first.bid, first.taken) + 5
            state.pad[-1] = (dataclasses.replace(first, points=points), *rest)
    wrap_apply(monkeypatch, miscount)
    report = planted()
    assert {f.check for f in report.failures} == {"score"}


@pytest.mark.slow
def test_an_engine_crash_is_a_failure_and_the_run_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    original = State.legal_actions

    def crash(self: State, seat: int) -> list:
        if self.config.seed % 2 and self.round == 2:
            raise KeyError("planted")
        return original(self, seat)
    monkeypatch.setattr(State, "legal_actions", crash)
    report = planted()
    assert {f.check for f in report.failures} == {"legal"}
    assert all(f.message == "KeyError: 'planted'" for f in report.failures)
    assert len(report.failures) == sum(soak.game_seed(SEED, game) % 2 for game in range(10))


def test_a_failure_replays_alone_from_its_printed_command(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    original = State.legal_actions

    def bidless(self: State, seat: int) -> list:  # a bug in one combination only
        legal = original(self, seat)
        if self.config.options.canadian and len(self.hands) == 5:
            return [a for a in legal if a.kind != "bid" or a.bid != 0]
        return legal
    monkeypatch.setattr(State, "legal_actions", bidless)
    first = next(game for game, (players, options) in enumerate(soak.COMBOS) if players == 5 and options.canadian)
    assert soak.main(["--games", "5", "--first", str(first), "--seed", str(SEED), "--rate", "0.2"]) == 1
    out = capsys.readouterr().out
    failures = [line.split("replay: ")[1] for line in out.splitlines() if "replay: " in line]
    assert failures and "failures: 0" not in out
    command = failures[0].split()
    assert command[:3] == ["python", "-m", "wizard_engine"]
    assert soak.main([*command[4:], "--json"]) == 1
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["games"] == 1 and len(replayed["failures"]) == 1
    assert f"--first {replayed['failures'][0]['game']} " in failures[0]


def test_a_clean_run_exits_zero_and_prints_its_rate(capsys: pytest.CaptureFixture[str]) -> None:
    assert soak.main(["--games", "4", "--rate", "0.25", "--seed", "9"]) == 0
    out, err = capsys.readouterr()
    assert "failures: 0" in out and "share 0.25 of positions" in out and "4/4 games" in err


# --- the search's path in special-card games (soak_search.py) -------------------------------

def test_special_card_games_check_the_searchs_rebuilt_state() -> None:
    report = soak.soak(6, seed=SEED, rate=0.2, specials="any")
    assert report.failures == [], explain(report, 0, 0.2)
    assert report.checks["search"] == report.checks["twin"] > 0


def test_the_soak_catches_a_search_that_forgets_where_a_card_went(monkeypatch: pytest.MonkeyPatch) -> None:
    # As the search was before: blind to cards played or put in since it learnt of them.
    monkeypatch.setattr(special_deals, "_played_since", lambda view, seat, name, since: False)
    report = soak.soak(6, seed=SEED, rate=0.3, specials="2026")
    assert report.failures and {f.check for f in report.failures} == {"search"}
    assert "holds" in report.failures[0].message


def test_the_soak_catches_a_copy_sharing_the_trick_just_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    original = SpecialState.copy

    def sharing(self: SpecialState) -> SpecialState:  # as SpecialState.copy was before
        other = original(self)
        other.last_trick, other.tricks = self.last_trick, self.tricks[:]
        if self.trick is self.last_trick:
            other.trick = self.trick
        return other
    monkeypatch.setattr(SpecialState, "copy", sharing)
    report = soak.soak(6, seed=SEED, rate=0.3, specials="2026")
    assert report.failures and {f.check for f in report.failures} == {"search"}
