"""The score keeper's pad as the page shows it: plain JSON in the seat view's words and shapes."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from ..actions import bid as bid_action
from ..cards import SUIT_LETTERS, card_name
from ..rules import Seat
from ..scoring import Standing
from ..view import (
    ForbiddenView,
    OptionsView,
    PlayerView,
    ScoreRowView,
    forbidden_bid_view,
    options_view,
    players_view,
    score_row_view,
)

if TYPE_CHECKING:
    from .keeper import Keeper


class DealView(TypedDict):
    """A finished round's deal: its dealer and the cards each player was dealt (R5, R6)."""

    dealer: Seat
    hand_size: int


class KeeperView(TypedDict):
    """Everything the page shows of a pad, as plain JSON, in the seat view's words and shapes
    (:class:`~wizard_engine.view.SeatView`): ``players``, ``options``, ``first_dealer``,
    ``rounds``, ``bids``, ``legal``, ``forbidden``, ``score_pad``, ``totals`` and
    ``winners`` are what they are there.

    ``round``, ``dealer``, ``hand_size`` and ``order`` are the round being entered (None,
    and an empty order, once the game is over); ``bids`` are its bids so far in seat order
    (None: not yet bid); ``bidder`` is the seat to bid next (None when the tricks are due);
    ``legal`` the bids it may enter now (``"bid 2"``, R10/R11; empty at other steps) and
    ``forbidden`` the one an option forbids it, with the reason; ``deals`` each finished
    round's dealer and hand size, beside its line of ``score_pad``; ``winners`` the seats
    with the highest total once the game is over (R18).

    ``specials`` is what the special cards add, in the words of the seat view's ``specials``
    (:func:`~wizard_engine.specials.special_view`): ``cards``, the deck's special cards by name
    (empty in a base game, where the rest is zeros and empty lists); ``cloud``, this round's
    Cloud changes per seat; ``cloud_pad``, each finished round's (S14: ``score_pad`` holds the
    bids as scored, S13).  The pad's own: ``changed_bids``, this round's bids with the changes
    (None: not yet bid); ``cloud_legal``, the changes each seat may enter now (``"+1"``,
    ``"-1"``; empty lists unless the Cloud is in the deck, every bid is in and a change is left);
    ``bombed``, the most tricks this round may leave to nobody (S9: the tricks may add up to that
    many fewer than the cards dealt); ``entered_pad``, each finished round's bids as entered,
    and ``cloud_most`` the most Cloud changes it may hold (what an edit may give; 0: none).
    """

    id: str
    players: list[PlayerView]
    options: OptionsView
    first_dealer: Seat
    me: Seat | None  # the device owner's seat, if they play
    rounds: int
    round: int | None
    dealer: Seat | None
    hand_size: int | None
    turns_up: bool  # a card is turned up for trump this round (not in the last, nor in Unicoloured or Maximus)
    fixed_trump: str | None  # the trump Maximus fixes this round (T2): a suit letter, "" for none; else None
    order: list[Seat]
    step: str
    bids: list[int | None]
    bidder: Seat | None
    legal: list[str]
    forbidden: list[ForbiddenView]
    score_pad: list[list[ScoreRowView]]
    deals: list[DealView]
    totals: list[int]
    winners: list[Seat]
    standings: list[Standing]  # once the game is over: every seat's place and its tie-break (T4)
    can_undo: bool
    specials: dict[str, object]  # the seat view's type, with the pad's own fields beside


def keeper_view(keeper: Keeper) -> KeeperView:
    """The pad as the page shows it (see :class:`KeeperView`)."""
    over = keeper.is_over
    pad = keeper.pad()
    return {
        "id": keeper.id,
        "players": players_view(keeper.config.players),
        "options": options_view(keeper.config.options),
        "first_dealer": keeper.first_dealer,
        "me": keeper.me,
        "rounds": keeper.rounds,
        "round": None if over else keeper.round,
        "dealer": None if over else keeper.dealer(keeper.round),
        "hand_size": None if over else keeper.cards(keeper.round),
        "turns_up": not over and keeper.turns_up(keeper.round),
        "fixed_trump": None if over else _fixed_trump(keeper, keeper.round),
        "order": [] if over else keeper.order(keeper.round),
        "step": keeper.step,
        "bids": list(keeper.bids),
        "bidder": keeper.bidder,
        "legal": [str(bid_action(n)) for n in keeper.legal_bids()],
        "forbidden": forbidden_bid_view(keeper.forbidden_bid()),
        "score_pad": [[score_row_view(row) for row in rows] for rows in pad],
        "deals": [{"dealer": keeper.dealer(r), "hand_size": keeper.cards(r)} for r in range(1, len(pad) + 1)],
        "totals": keeper.totals,
        "winners": keeper.winners() if over else [],
        "standings": keeper.standings() if over else [],
        "can_undo": bool(keeper.entries),
        "specials": _specials_view(keeper, over),
    }


def _specials_view(keeper: Keeper, over: bool) -> dict[str, object]:
    """What special cards add to the view (see :class:`KeeperView`)."""
    changed = [None if bid is None else bid + change for bid, change in zip(keeper.bids, keeper.cloud)]
    return {
        "cards": [card_name(card) for card in keeper.specials],
        "cloud": list(keeper.cloud),
        "changed_bids": changed,
        "cloud_legal": [[f"{change:+d}" for change in keeper.legal_changes(seat)] for seat in range(keeper.players)],
        "bombed": 0 if over else keeper.most_bombed(keeper.round),
        "cloud_pad": [list(changes) for changes in keeper.changes],
        "entered_pad": [list(bids) for bids, _ in keeper.played],
        "cloud_most": [keeper.most_changes(round_) for round_ in range(1, len(keeper.played) + 1)],
    }


def _fixed_trump(keeper: Keeper, round_: int) -> str | None:
    """T2: the trump Maximus fixes for ``round_`` as a suit letter (``""``: none); None in other schedules."""
    if not keeper.rules.fixes_trump:
        return None
    trump = keeper.rules.fixed_trump(round_)
    return "" if trump is None else SUIT_LETTERS[trump]
