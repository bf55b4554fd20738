"""The record of a game's finished rounds with every hand face up, for the review screen.

Once a round is over its cards have all been played, so nothing in the record is hidden any
more: the page may show every hand as it was dealt.  A round still being played is never in
the record (:func:`finished_rounds`).
"""

from __future__ import annotations

from typing import Any, TypedDict

from ..cards import card_name, cards_of, sort_key
from ..config import GameConfig
from ..rules import Trick
from ..state import Phase, State
from ..view import ScoreRowView, TrickView, TrumpView, trick_view, trump_view
from .chances import public_info


class RoundRecord(TypedDict):
    """One finished round: the deal, the bids, every trick and the score pad's lines."""

    round: int
    dealer: int
    hands: list[list[str]]  # each seat's cards as dealt, sorted
    trump: TrumpView
    bids: list[int]
    tricks: list[TrickView]
    score: list[ScoreRowView]
    first_action: int  # the index in the save's actions of the round's first decision
    end: int  # ...and one past its last
    after: dict[str, Any]  # the public facts win chances start from once it is over (public_info)


def finished_rounds(document: Any) -> list[RoundRecord]:
    """The finished rounds of a save document already checked (:func:`~wizard_engine.save.load_document`)."""
    state = State(GameConfig.from_dict(document["config"]))
    rounds: list[RoundRecord] = []
    current = _dealt(state, 0)
    taken: list[Trick] = []  # the round's tricks, viewed at its end: a Witch changes one after it is taken (S13)
    for index, (seat, action) in enumerate(document["actions"]):
        round_ = state.round
        state.apply(seat, action)
        if state.phase is Phase.PLAYING and not current["bids"]:
            current["bids"], current["trump"] = list(state.bids), trump_view(state)  # type: ignore[arg-type]
        ended = state.round != round_ or state.is_over
        # A trick is taken by a play, or by a Vampire's step after it (S12): any action may add one.
        if state.last_trick is not None and (not taken or state.last_trick is not taken[-1]) \
                and (len(taken) < len(state.tricks) or ended):
            taken.append(state.last_trick)
        if ended:
            current["tricks"] = [trick_view(trick) for trick in taken]
            taken = []
            current["end"], current["after"] = index + 1, public_info(state)
            current["score"] = [{"bid": r.bid, "taken": r.taken, "points": r.points, "total": r.total}
                                for r in state.pad[-1]]
            rounds.append(current)
            if state.is_over:
                break
            current = _dealt(state, index + 1)
    return rounds


def _dealt(state: State, first_action: int) -> RoundRecord:
    """A round's record as it is dealt (filled in as it is played)."""
    hands = [[card_name(c) for c in sorted(cards_of(h), key=sort_key)] for h in state.hands]
    return {"round": state.round, "dealer": state.dealer, "hands": hands, "trump": trump_view(state),
            "bids": [], "tricks": [], "score": [], "first_action": first_action, "end": first_action, "after": {}}
