"""The coach agrees with itself (issue 39): over thousands of decisions of each kind (bids,
cards, trump suits) on random deals, seeds and table sizes, the pick is never worse than
the best option by more than the tie margin, the "as good" marks are exactly the options
within that margin, and the feedback (``rate``) calls the pick, and every option as good,
best, and every other not.

The coach's cheapest budget: its pick comes from the figures by the same code at any budget,
and on the few deals of a small budget the search's own choice often falls outside the best
(the figures of dropped, extra or unsearched options are noisy), which is what is tested."""

from __future__ import annotations

import random
from typing import Any

import pytest

from wizard_engine import GameConfig, Phase, State
from wizard_engine.cards import DECK_SIZE, parse_card
from wizard_engine.coach import advise, rate
from wizard_engine.coach.advice import EQUAL_WITHIN, Advice
from wizard_engine.view import SeatView, seat_view

DECISIONS = 2000  # of each kind
BUDGET = 1  # the least work: a few deals per stage of Expert's search
OPTIONS: tuple[dict[str, Any], ...] = (
    {}, {"bidding": "hidden"}, {"foresight": True}, {"unicoloured": True}, {"canadian": True})


def game_positions(count: int, seed: int, phase: Phase) -> list[SeatView]:
    """Views in ``phase`` of randomly played games (several options, 3 to 6 players) with a choice."""
    rng = random.Random(seed)
    views: list[SeatView] = []
    while len(views) < count:
        options = rng.choice(OPTIONS)
        players = rng.randint(3, 4 if options.get("unicoloured") else 6)
        state = State(GameConfig.of(players, seed=rng.randrange(10**6), **options))
        while not state.is_over and len(views) < count:
            seat = state.to_act()[0]
            if state.phase is phase and rng.random() < 0.1:
                view = seat_view(state, seat)
                if len(view["legal"]) > 1:
                    views.append(view)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return views


def trump_positions(count: int, seed: int) -> list[SeatView]:
    """Dealers facing a turned-up Wizard (R8): random hands of 1 to 10 cards, 3 to 6 players."""
    rng = random.Random(seed)
    wizard = parse_card("Z")
    views = []
    for _ in range(count):
        players = rng.randint(3, 6)
        size = rng.randint(1, min(10, (DECK_SIZE - 1) // players))
        deck = [c for c in range(DECK_SIZE) if c != wizard]
        rng.shuffle(deck)
        hands = [deck[p * size:(p + 1) * size] for p in range(players)]
        options = rng.choice([o for o in OPTIONS if not o.get("unicoloured")])
        state = State.with_deal(GameConfig.of(players, **options), hands, wizard, rng.randrange(players))
        assert state.phase is Phase.TRUMP
        views.append(seat_view(state, state.dealer))
    return views


def disagreements(advice: Advice) -> list[str]:
    """Where the advice contradicts its own figures (none, if it agrees with itself)."""
    options = advice["options"]
    top = max(o["points"] for o in options)
    pick = next(o for o in options if o["option"] == advice["pick"])
    found = []
    if top - pick["points"] > EQUAL_WITHIN + 1e-9:
        found.append(f"pick {pick['option']} {pick['points']} below the best {top}")
    for option in options:
        within = top - option["points"] <= EQUAL_WITHIN + 1e-9
        if option["equal"] != within:
            found.append(f"{option['option']} {option['points']} marked equal={option['equal']}, best {top}")
        verdict = rate(advice, option["option"])["verdict"]
        if (verdict != "forced") if advice["forced"] else (verdict == "best") != within:
            found.append(f"{option['option']} {option['points']} rated {verdict}, best {top}")
    return found


def views_of(kind: str, seed: int) -> list[SeatView]:
    if kind == "trump":
        return trump_positions(DECISIONS, seed)
    return game_positions(DECISIONS, seed, Phase.BIDDING if kind == "bid" else Phase.PLAYING)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["bid", "card", "trump"])
def test_the_pick_and_the_feedback_agree_with_the_figures(kind: str) -> None:
    wrong = {}
    for i, view in enumerate(views_of(kind, 39)):
        if problems := disagreements(advise(view, seed=i, budget=BUDGET)):
            wrong[i] = problems
    assert not wrong, f"{len(wrong)} of {DECISIONS} decisions disagree, the first: {list(wrong.items())[:3]}"
