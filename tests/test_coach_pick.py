"""The coach agrees with itself (issue 39): over thousands of decisions of each kind (bids,
cards, trump suits) on random deals, seeds and table sizes, the pick is never worse than
the best option by more than the tie margin, the "as good" marks are exactly the options
within that margin, and the feedback (``rate``) calls the pick, and every option as good,
best, and every other not.

The coach's cheapest budget: its pick comes from the figures by the same code at any budget,
and on the few deals of a small budget the search's own choice often falls outside the best
(the figures of dropped, extra or unsearched options are noisy), which is what is tested."""

from __future__ import annotations

import pytest

from wizard_engine.coach import advise, rate
from wizard_engine.coach.advice import EQUAL_WITHIN, Advice
from wizard_engine.view import SeatView

from .helpers import random_positions, trump_positions

DECISIONS = 2000  # of each kind
BUDGET = 1  # the least work: a few deals per stage of Expert's search


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
    phase = "bidding" if kind == "bid" else "playing"
    return [view for _, view in random_positions(DECISIONS, seed, (phase,), rate=0.1)]


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["bid", "card", "trump"])
def test_the_pick_and_the_feedback_agree_with_the_figures(kind: str) -> None:
    wrong = {}
    for i, view in enumerate(views_of(kind, 39)):
        if problems := disagreements(advise(view, seed=i, budget=BUDGET)):
            wrong[i] = problems
    assert not wrong, f"{len(wrong)} of {DECISIONS} decisions disagree, the first: {list(wrong.items())[:3]}"
