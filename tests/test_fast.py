"""The fast simulator must never disagree with the engine (R13-R17, R21)."""

from __future__ import annotations

import random

import pytest

from wizard_engine.actions import bid, choose_trump, play
from wizard_engine.cards import (
    BIT,
    DECK_SIZE,
    FIRST_JESTER,
    FIRST_WIZARD,
    JESTER_MASK,
    WIZARD_MASK,
    canonical,
    cards_of,
    mask_of,
)
from wizard_engine.config import GameConfig
from wizard_engine.fast import (
    RoundLog,
    SimRound,
    playout,
    random_game,
    sample_hands,
)
from wizard_engine.rules import trick_rules
from wizard_engine.state import Phase, State


def made_bids(state: State) -> list[int]:
    """Every seat's bid, once bidding is over."""
    bids = [b for b in state.bids if b is not None]
    assert len(bids) == len(state.bids), "bidding is not over"
    return bids

def _exact_copy(hand: int, card: int) -> int:
    """The copy the engine plays: the lowest held Wizard or Jester."""
    if card >= FIRST_WIZARD:
        copies = hand & (WIZARD_MASK if card < FIRST_JESTER else JESTER_MASK)
        return (copies & -copies).bit_length() - 1
    return card


def _play_round_both(state: State, rng: random.Random) -> None:
    """Play one round at random in the engine and in SimRound, checking they agree."""
    while state.phase is not Phase.PLAYING:
        for seat in state.to_act():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            break
    uni = state.config.options.unicoloured
    sim = SimRound(state.hands, made_bids(state), trick_rules(state.trump, uni), state.turn)
    round_ = state.round
    while state.round == round_ and not state.is_over:
        seat = state.turn
        assert sim.turn == seat
        engine_legal = sorted(int(a) for a in state.legal_actions(seat))
        assert sorted({canonical(c) for c in cards_of(sim.legal())}) == engine_legal
        action = rng.choice(state.legal_actions(seat))
        card = _exact_copy(state.hands[seat], int(action))
        tricks_before = len(state.tricks)
        state.apply(seat, action)
        winner = sim.play(card)
        if state.round == round_ and len(state.tricks) > tricks_before:
            assert winner == state.tricks[-1].winner
    assert sim.over
    row = state.pad[-1]
    assert sim.taken == [r.taken for r in row]
    assert sim.points() == [r.points for r in row]


@pytest.mark.parametrize("players,unicoloured", [(3, False), (4, False), (5, False), (6, False),
                                                 (3, True), (4, True)])
def test_r13_r16_r21_fast_simround_agrees_with_engine(players: int, unicoloured: bool) -> None:
    rng = random.Random(players * 10 + unicoloured)
    for game in range(6):
        state = State(GameConfig.of(players, seed=game, unicoloured=unicoloured))
        while not state.is_over:
            _play_round_both(state, rng)


def test_playout_finishes_rounds_legally_and_matches_engine_winners() -> None:
    """Replaying a playout's cards through the engine gives the same tricks taken."""
    rng = random.Random(5)
    for seed in range(30):
        state = State(GameConfig.of(4, seed=seed))
        for _ in range(seed % 9):  # advance a few rounds at random
            _play_round_both(state, rng)
        while state.phase is not Phase.PLAYING:
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        t = trick_rules(state.trump, False)
        sim = SimRound(state.hands, made_bids(state), t, state.turn)
        # Record the policy's cards by stepping SimRound with the policy one card at a time.
        expected = playout(list(state.hands), made_bids(state), [0] * 4, t, state.turn)
        round_ = state.round
        from wizard_engine.fast import policy_card
        while not sim.over:
            legal = sim.legal()
            card = legal.bit_length() - 1 if legal & (legal - 1) == 0 else policy_card(
                legal, sim.bids[sim.turn] - sim.taken[sim.turn], sim.played, 4, sim.best, t)
            state.apply(sim.turn, f"play {__import__('wizard_engine').card_name(card)}")
            sim.play(card)
        assert state.round == round_ + 1 or state.is_over
        assert [r.taken for r in state.pad[-1]] == expected == sim.taken


def test_random_game_is_reproducible_and_scores_are_whole_tens() -> None:
    for players in range(3, 7):
        a = random_game(players, random.Random(7))
        assert a == random_game(players, random.Random(7))
        assert len(a) == players and all(x % 10 == 0 for x in a)


@pytest.mark.parametrize("players", (3, 4, 5, 6))
def test_r7_r17_random_game_agrees_with_engine_round_by_round(players: int) -> None:
    """Every round of random_game, replayed through State.apply (each action checked),
    deals legally, plays only legal cards (the very copies) and scores the same points."""
    _agrees_round_by_round(players, "standard", DECK_SIZE // players)


@pytest.mark.parametrize(("players", "schedule"), [(3, "tournament"), (5, "tournament"), (4, "maximus"),
                                                   (6, "maximus")])
def test_t1_t2_random_game_of_a_schedule_agrees_with_engine_round_by_round(players: int, schedule: str) -> None:
    _agrees_round_by_round(players, schedule, 10 if schedule == "tournament" else 5)


def _agrees_round_by_round(players: int, schedule: str, rounds: int) -> None:
    for seed in range(4):
        log: list[RoundLog] = []
        totals = random_game(players, random.Random(seed), log, schedule)
        assert len(log) == rounds
        engine_totals = [0] * players
        for round_, entry in enumerate(log, 1):
            state = _replay_round(players, round_, entry, schedule)
            points = [row.points for row in state.pad[0]]
            assert points == entry.points, (seed, round_)
            engine_totals = [t + p for t, p in zip(engine_totals, points)]
        assert engine_totals == totals


def _replay_round(players: int, round_: int, entry: RoundLog, schedule: str = "standard") -> State:
    """A State dealt as ``entry`` with its decisions applied, checked, one by one."""
    config = GameConfig.of(players, seed=round_, schedule=schedule)
    cards = State(config).rules.hand_size(round_)
    assert [h.bit_count() for h in entry.hands] == [cards] * players  # R7, T1, T2
    assert mask_of(cards_of(sum(entry.hands))).bit_count() == players * cards  # no card twice
    assert entry.turned is None or not sum(entry.hands) & BIT[entry.turned]
    state = State.with_deal(config, [cards_of(h) for h in entry.hands], entry.turned, entry.dealer, round_)
    if entry.trump is not None:
        state.apply(entry.dealer, choose_trump(entry.trump))
    while state.phase is Phase.BIDDING:
        seat = state.to_act()[0]
        state.apply(seat, bid(entry.bids[seat]))
    for card in entry.plays:
        seat = state.turn
        assert state.hands[seat] & BIT[card]
        state.apply(seat, play(card))
        assert not state.hands[seat] & BIT[card] or state.round != round_ or state.is_over
    assert len(state.pad) == 1
    return state


def test_sample_hands_honours_counts_and_allowed_cards() -> None:
    rng = random.Random(3)
    pool = list(range(20))
    no_clubs_low = mask_of(range(5, 20))
    for _ in range(200):
        hands = sample_hands(pool, [3, 4, 5], [no_clubs_low, mask_of(pool), mask_of(pool)], rng)
        assert hands is not None
        assert [h.bit_count() for h in hands] == [3, 4, 5]
        assert hands[0] & ~no_clubs_low == 0
        assert hands[0] & hands[1] == 0 and hands[1] & hands[2] == 0 and hands[0] & hands[2] == 0
    assert sample_hands(pool, [6], [mask_of(range(5))], rng) is None
    assert BIT[0] == 1
