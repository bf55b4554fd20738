"""Scoring (R17) and the score pad's rows (R19) as typed values."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

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


def pad_of(rounds: Sequence[tuple[Sequence[int], Sequence[int]]]) -> list[tuple[ScoreRow, ...]]:
    """R19: the score pad of rounds given as (bids, tricks taken), seat order."""
    pad: list[tuple[ScoreRow, ...]] = []
    for bids, taken in rounds:
        pad.append(score_round(list(bids), list(taken), [row.total for row in pad[-1]] if pad else [0] * len(bids)))
    return pad


TIE_BREAKS = ("bids_made", "best_round")
"""T4: what breaks a tie on total in a tournament game, in order: more bids made exactly, then
the best single round.  A tie that survives both is shared (``"shared"``)."""


class Standing(TypedDict):
    """A seat's place at the end (1 = won; tied seats share a place) and, in a tournament game
    when its total ties with another's, what decided between them: a code of :data:`TIE_BREAKS`
    or ``"shared"`` (None otherwise)."""

    seat: int
    place: int
    total: int
    tie_break: str | None


def standings(totals: Sequence[int], pad: Sequence[Sequence[ScoreRow]], break_ties: bool) -> list[Standing]:
    """R18/T4: every seat's place from its total, best first.  Ties on total are shared unless
    ``break_ties`` (a tournament game, T4: the ``pad`` tells the bids made and the best round)."""
    seats = range(len(totals))
    keys = {seat: (totals[seat],) + ((sum(rows[seat].bid == rows[seat].taken for rows in pad),
                                      max(rows[seat].points for rows in pad)) if break_ties and pad else ())
            for seat in seats}
    result: list[Standing] = []
    for seat in sorted(seats, key=lambda seat: tuple(-k for k in keys[seat])):
        place = 1 + sum(keys[other] > keys[seat] for other in seats)
        tied = [keys[other] for other in seats if other != seat and keys[other][0] == keys[seat][0]]
        tie_break = _tie_break(keys[seat], tied) if break_ties else None
        result.append({"seat": seat, "place": place, "total": totals[seat], "tie_break": tie_break})
    return result


def _tie_break(key: tuple[int, ...], tied: list[tuple[int, ...]]) -> str | None:
    """What placed a seat among those of equal total: the deepest tie-break any of them needed."""
    if not tied:
        return None
    depth = max(next((i for i in range(1, len(key)) if other[i] != key[i]), len(key)) for other in tied)
    return TIE_BREAKS[depth - 1] if depth < len(key) else "shared"
