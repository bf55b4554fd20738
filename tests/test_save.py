"""Saved games: exact round trips at random points, and damaged documents refused whole."""

from __future__ import annotations

import json
import random

import pytest

from wizard_engine import GameConfig, SaveError, State, save
from wizard_engine.tools.soak import COMBOS
from wizard_engine.view import seat_view


def partial_game(config: GameConfig, rng: random.Random) -> State:
    """A game stopped after a random number of random actions."""
    state = State(config)
    for _ in range(rng.randrange(400)):
        if state.is_over:
            break
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("index", range(0, len(COMBOS), 3))
def test_save_and_load_restore_the_exact_state(index: int) -> None:
    players, options = COMBOS[index]
    rng = random.Random(index)
    for game in range(4):
        state = partial_game(GameConfig.of(players, seed=index * 10 + game, **vars(options)), rng)
        text = save.dumps(state)
        restored = save.loads(text)
        assert save.dumps(restored) == text
        assert restored.history == state.history and restored.totals == state.totals
        for seat in range(players):
            assert seat_view(restored, seat) == seat_view(state, seat)
        if not state.is_over:  # the restored game goes on exactly as the original would
            seat = state.to_act()[0]
            action = state.legal_actions(seat)[-1]
            state.apply(seat, action)
            restored.apply(seat, action)
            assert save.dumps(restored) == save.dumps(state)


def a_save() -> dict:
    state = partial_game(GameConfig.of(4, seed=3), random.Random(3))
    return json.loads(save.dumps(state))


@pytest.mark.parametrize(("damage", "message"), [
    (lambda d: d.update(version=2), "format version 2"),
    (lambda d: d.update(format="chess"), "not a saved Wizard game"),
    (lambda d: d.pop("actions"), "actions are damaged"),
    (lambda d: d["actions"].append([0, "play 7H", 3]), "actions are damaged"),
    (lambda d: d["actions"].append(["0", "bid 1"]), "actions are damaged"),
    (lambda d: d["actions"].insert(0, [0, "fly away"]), "Not an action"),
    (lambda d: d["actions"].insert(2, d["actions"][1]), r"Action 3 \(seat"),
    (lambda d: d["config"].update(players=["Solo"]), r"3 to 6 players, not 1 \(R4\)"),
    (lambda d: d["config"]["options"].update(bidding="whispered"), "Unknown bidding"),
    (lambda d: d["config"]["options"].update(speed=3), "Unknown option"),
    (lambda d: d["config"].update(seed="x"), "seed must be"),
])
def test_damaged_documents_are_refused_with_a_reason(damage, message: str) -> None:
    document = a_save()
    damage(document)
    with pytest.raises(SaveError, match=message):
        save.loads(json.dumps(document))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '{"format": "wizard-game"}', "\x00"])
def test_malformed_text_is_refused(text: str) -> None:
    with pytest.raises(SaveError):
        save.loads(text)


def test_truncated_documents_are_refused_never_half_loaded() -> None:
    text = json.dumps(a_save())
    for cut in range(1, len(text), 97):
        with pytest.raises(SaveError):
            save.loads(text[:cut])
