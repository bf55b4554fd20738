"""Bidding practice: a hand to bid on, and a score of the person's bids against the coach's.

:func:`practice_deal` deals a round of the standard game at a chosen table size and round,
with the original deck or a box of special cards, for a random seat with a random dealer and
turned-up card; a turned-up Wizard's trump is named by the dealer (a Werewolf's by its holder),
and the seats before ours bid, as Medium bots.  :func:`advise` on the
returned view gives every bid's figures; :func:`practice_score` scores a run of hands: each
bid is worth the coach's expected points for it, compared with the pick's.
"""

from __future__ import annotations

import random
from typing import TypedDict

from ..bots import bot_seed, make_bot
from ..cards import cards_of
from ..config import GameConfig
from ..state import Phase, State
from ..view import SeatView, seat_view
from .advice import Advice, option_points


def practice_deal(players: int, round_: int, seed: int, specials: str = "") -> SeatView:
    """A view of a random seat ready to bid in round ``round_`` (deterministic for the seed),
    with the deck of ``specials`` (an ``Options.specials``: "" the original 60 cards, a box)."""
    config = GameConfig.of(players, seed=seed, specials=specials)
    rng = random.Random(seed)
    probe = State(config)
    if not 1 <= round_ <= probe.rounds:
        raise ValueError(f"A game of {players} players has rounds 1 to {probe.rounds}, not {round_}")
    if specials:
        dealer, seat = rng.randrange(players), rng.randrange(players)
        state = State.at_round(config, round_, dealer)  # S2: the whole deck, special cards too
    else:
        hands, turned, _ = probe.rules.deal(rng, players, round_)
        dealer, seat = rng.randrange(players), rng.randrange(players)
        state = State.with_deal(config, [cards_of(h) for h in hands], turned, dealer, round_)
    # The others' choices before this seat's bid (trump on a turned-up Wizard, a Werewolf's call,
    # the bids before ours) are Medium's, even when the choice is this seat's.
    while state.phase is not Phase.BIDDING or seat not in state.to_act():
        actor = state.to_act()[0]
        state.apply(actor, make_bot("medium", bot_seed(seed, actor)).decide(seat_view(state, actor)))
    return seat_view(state, seat)


class PracticeHand(TypedDict):
    """One practice hand: the person's bid against the coach's pick, in expected points."""

    bid: str
    points: float
    make: float
    best: str
    best_points: float
    lost: float  # best_points - points, never below 0


class PracticeScore(TypedDict):
    """A run of practice hands."""

    hands: list[PracticeHand]
    points: float  # the person's expected points, summed
    best_points: float  # the coach's picks', summed
    lost: float
    matches: int  # hands where the person bid the pick


def practice_score(run: list[tuple[Advice, str]]) -> PracticeScore:
    """Score ``(advice, bid)`` pairs, the bid in notation (``"bid 2"``)."""
    hands: list[PracticeHand] = []
    for advice, choice in run:
        mine, best = option_points(advice, choice), option_points(advice, advice["pick"])
        hands.append({"bid": choice, "points": mine["points"], "make": mine["make"],
                      "best": advice["pick"], "best_points": best["points"],
                      "lost": round(max(0.0, best["points"] - mine["points"]), 2)})
    return {"hands": hands, "points": round(sum(h["points"] for h in hands), 2),
            "best_points": round(sum(h["best_points"] for h in hands), 2),
            "lost": round(sum(h["lost"] for h in hands), 2),
            "matches": sum(1 for h in hands if h["bid"] == h["best"])}
