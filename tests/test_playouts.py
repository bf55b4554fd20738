"""Random playouts over every player count x option combination, checking invariants (R22)."""

from __future__ import annotations

import itertools
import random

import pytest

from wizard_engine import GameConfig, IllegalActionError, Options, Phase, State
from wizard_engine.actions import ALL_ACTIONS
from wizard_engine.cards import FULL_MASK, canonical, cards_of, mask_of
from wizard_engine.scoring import round_points
from wizard_engine.view import seat_view

GAMES = 1000
DISTINCT_ACTIONS = [a for a in ALL_ACTIONS if a.kind != "play" or canonical(a) == a]  # one per Z, N


def combinations() -> list[tuple[int, Options]]:
    """Every player count with every option combination the engine accepts."""
    combos = []
    for players, bidding, rule, foresight, unicoloured in itertools.product(
            range(3, 7), ("open", "hidden", "secret"), ("", "canadian", "plus_minus_one"),
            (False, True), (False, True)):
        options = Options(bidding, rule == "canadian", rule == "plus_minus_one", foresight, unicoloured)
        try:
            options.check(players)
        except ValueError:
            continue
        combos.append((players, options))
    return combos


COMBOS = combinations()
PER_COMBO = -(-GAMES // len(COMBOS))


def test_every_combination_is_covered() -> None:
    assert len(COMBOS) == 50 and PER_COMBO * len(COMBOS) >= GAMES


@pytest.mark.parametrize(("players", "options"), COMBOS, ids=[f"{p}p-{o}" for p, o in COMBOS])
def test_r22_random_playouts_keep_every_invariant(players: int, options: Options) -> None:
    for game in range(PER_COMBO):
        seed = hash((players, options, game)) & 0xFFFF
        play_checked_game(GameConfig.of(players, seed=seed, **options.__dict__), random.Random(seed))


def play_checked_game(config: GameConfig, rng: random.Random) -> None:
    state = State(config)
    rounds_scored = 0
    while not state.is_over:
        to_act = state.to_act()
        seat = rng.choice(to_act)
        legal = state.legal_actions(seat)
        assert legal, "legal actions are never empty while the game runs"
        check_illegal_refused(state, seat, legal, rng)
        check_no_leak(state, seat, rng)
        state.apply(seat, rng.choice(legal))
        check_cards_in_one_place(state)
        if len(state.pad) > rounds_scored:
            rounds_scored = len(state.pad)
            check_round_scored(state)
    assert len(state.pad) == state.rounds and state.to_act() == ()


def check_cards_in_one_place(state: State) -> None:
    """R22: hands, stock, turned card, current trick and taken tricks partition the deck."""
    places = [*state.hands, state.stock, mask_of(state.trick.cards)]
    places += [mask_of(t.cards) for t in state.tricks]
    if state.turned is not None:
        places.append(1 << state.turned)
    union = 0
    for place in places:
        assert union & place == 0, "a card is in two places"
        union |= place
    assert union == FULL_MASK
    assert sum(state.taken) == len(state.tricks)
    for seat, hand in enumerate(state.hands):
        played = len(state.tricks) + (seat in state.trick.seats)
        assert hand.bit_count() == state.hand_size - played


def check_round_scored(state: State) -> None:
    """R17/R19: the round just scored follows the rule, totals run on."""
    rows = state.pad[-1]
    before = state.pad[-2] if len(state.pad) > 1 else None
    assert sum(row.taken for row in rows) == state.rules.hand_size(len(state.pad))
    for seat, row in enumerate(rows):
        assert row.points == round_points(row.bid, row.taken)
        assert row.total == (before[seat].total if before else 0) + row.points


def check_illegal_refused(state: State, seat: int, legal: list, rng: random.Random) -> None:
    """Every action not in ``legal`` is refused with a reason; a sample is tried on apply too."""
    allowed = set(legal)
    refused = [action for action in DISTINCT_ACTIONS if action not in allowed]
    assert all(state.why_illegal(seat, action) for action in refused)
    assert all(state.why_illegal(seat, action) is None for action in legal)
    history = len(state.history)
    for action in rng.sample(refused, 3):
        with pytest.raises(IllegalActionError, match=r"^Cannot .*R\d+\)$"):
            state.apply(seat, action)
    assert len(state.history) == history


def check_no_leak(state: State, seat: int, rng: random.Random) -> None:
    """R22: a twin that differs only in what ``seat`` cannot see gives ``seat`` the same view."""
    view = seat_view(state, seat)
    assert seat_view(hidden_twin(state, seat, view["bids"], rng), seat) == view


def hidden_twin(state: State, seat: int, visible_bids: list, rng: random.Random) -> State:
    """A copy with the cards ``seat`` cannot see reshuffled and others' unseen bids changed."""
    twin = state.copy()
    foresight = (state.config.options.foresight and state.round == 1
                 and state.phase in (Phase.TRUMP, Phase.BIDDING))
    places = [s for s in range(state.num_players) if (s == seat) == foresight]
    pool = [c for s in places for c in cards_of(state.hands[s])] + cards_of(state.stock)
    rng.shuffle(pool)
    for s in places:
        count = state.hands[s].bit_count()
        twin.hands[s], pool = mask_of(pool[:count]), pool[count:]
    twin.stock = mask_of(pool)
    for s, bid in enumerate(state.bids):
        if bid is not None and visible_bids[s] is None:
            twin.bids[s] = (bid + 1) % (state.hand_size + 1)
    return twin
