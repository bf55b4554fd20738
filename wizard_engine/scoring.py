"""Scoring (R17) and the score pad's rows (R19) as typed values."""

from __future__ import annotations

from dataclasses import dataclass

EXACT_BONUS = 20  # R17: making your bid exactly
POINTS_PER_TRICK = 10  # R17: per trick taken, when exact
PENALTY_PER_TRICK = 10  # R17: per trick of difference, when not exact


def round_points(bid: int, taken: int) -> int:
    """R17: 20 + 10 per trick when exact, else -10 per trick of difference."""
    if bid == taken:
        return EXACT_BONUS + POINTS_PER_TRICK * taken
    return -PENALTY_PER_TRICK * abs(bid - taken)


@dataclass(frozen=True)
class ScoreRow:
    """One player's line of one round on the score pad."""

    bid: int
    taken: int
    points: int
    total: int

    def to_dict(self) -> dict[str, int]:
        """A JSON-ready dict."""
        return {"bid": self.bid, "taken": self.taken, "points": self.points, "total": self.total}


def score_round(bids: list[int], taken: list[int], totals: list[int]) -> tuple[ScoreRow, ...]:
    """R17/R19: one round's rows on the pad, given the totals before it."""
    rows = []
    for bid, took, total in zip(bids, taken, totals):
        points = round_points(bid, took)
        rows.append(ScoreRow(bid, took, points, total + points))
    return tuple(rows)
