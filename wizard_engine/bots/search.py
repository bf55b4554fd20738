"""The deal search behind Hard and Expert, and Medium's bids: deal the unseen cards many times,
honouring everything the view shows (cards played, suits a seat has shown out of, the
turned-up card, Foresight's shown hands, Unicoloured ownership), and play each deal out with
the fast heuristic policy of :mod:`wizard_engine.fast`:

* a bid is chosen by its mean score over the deals (every candidate bid replayed on the
  same deals), never below the tricks the hand takes for sure;
* a card is chosen by its mean result over the deals (every legal card on the same deals).

**Budget and determinism.**  ``think_ms`` is turned into a fixed amount of work (card plays
in playouts, calibrated on CPython: :data:`PLAYS_PER_MS`), never measured on a clock, so the
same view and seed always give the same decision; a slower machine just takes longer.
The number of deals is the work divided by the cost of one deal, clamped to
[:data:`MIN_DEALS`, :data:`MAX_DEALS`]; a tiny budget degrades to few deals.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ..actions import Action, bid, play
from ..cards import Card, Mask
from ..fast import play_then_playout, playout, sample_hands
from ..scoring import round_points
from .base import decision_rng
from .heuristic import card_chances, expected_tricks, sure_tricks
from .knowledge import Knowledge, View, read_view

PLAYS_PER_MS = 300  # card plays of a playout per millisecond of CPython (measured: 300-450 here)
DEAL_COST = 80  # dealing, bid estimates and weights, in card plays
MIN_DEALS = 6
MAX_DEALS = 200  # enough for the few-card endgames, whose deals cost more than their playouts
SPITE = 0.0  # weight of the opponents' mean points against our own when choosing a card
BID_SIGMA = 1.0  # how far (in tricks) a bid may stray from our estimate of the hand behind it
BID_SIGMA_PER_CARD = 0.05  # ...and how much further per card in the round


class DealSearch:
    """Bids by expected score and plays by playing out deals consistent with a seat's view."""

    def __init__(self, seed: int, think_ms: float, deals: int | None = None, spite: float = SPITE,
                 infer_bids: bool = True) -> None:
        self.seed = seed
        self.think_ms = think_ms
        self.deals = deals  # a fixed number of deals per decision, overriding think_ms
        self.spite = spite
        self.infer_bids = infer_bids  # weight deals by how well they explain the visible bids

    def search(self, view: View, know: Knowledge | None = None,
               every_bid: bool = False) -> tuple[Action, Tally]:
        """The search behind a bid or a card: the decision and its :class:`Tally` (the coach
        reads the figures).  ``every_bid`` evaluates every legal bid on the same deals as
        the candidates, without changing the decision."""
        know = know or read_view(view)
        rng = decision_rng(self.seed, view)
        if know.phase == "bidding":
            chosen, tally = self.bid_search(know, rng, every=know.legal_bids() if every_bid else None)
            return bid(chosen), tally
        card, tally = self.card_search(know, rng)
        return play(card), tally

    # --- budget ---------------------------------------------------------------------

    def _deal_count(self, plays_per_deal: int) -> int:
        if self.deals is not None:
            return max(1, self.deals)
        work = self.think_ms * PLAYS_PER_MS
        return max(MIN_DEALS, min(MAX_DEALS, int(work / (plays_per_deal + DEAL_COST))))

    # --- deals ----------------------------------------------------------------------

    def _deal(self, know: Knowledge, rng: random.Random) -> list[Mask]:
        """One deal of the unseen cards consistent with the view (voids relaxed if impossible)."""
        counts = [0 if (s == know.seat and not know.hand_hidden) or s in know.known_hands
                  else know.counts[s] for s in range(know.players)]
        hands = sample_hands(know.pool, counts, know.allowed, rng)
        if hands is None:
            loose = [m | know.pool_mask if m else 0 for m in know.allowed]
            hands = sample_hands(know.pool, counts, loose, rng) or [0] * know.players
        if not know.hand_hidden:
            hands[know.seat] = know.hand
        for s, m in know.known_hands.items():
            hands[s] = m
        return hands

    def _bids_for(self, know: Knowledge, hands: list[Mask]) -> list[int]:
        """Known bids, and an estimate for every bid not visible (yet)."""
        bids = []
        for s in range(know.players):
            b = know.bids[s]
            if b is None:
                unseen = know.pool_mask | know.hand
                unseen &= ~hands[s]
                b = round(sum(p for _, p in card_chances(hands[s], unseen, know.rules, know.players,
                                                         know.hand_size)))
            bids.append(b)
        return bids

    def _weight(self, know: Knowledge, hands: list[Mask]) -> float:
        """How plausible a deal is given the visible bids: each opponent's bid against our
        estimate of the whole hand it was made with (held now plus played this round)."""
        if not self.infer_bids:
            return 1.0
        pool = know.pool_mask | know.hand
        log_w = 0.0
        sigma2 = 2 * (BID_SIGMA + BID_SIGMA_PER_CARD * know.hand_size) ** 2
        for s in range(know.players):
            b = know.bids[s]
            if b is None or s == know.seat or s in know.known_hands:
                continue
            whole = hands[s] | know.played_by[s]
            estimate = sum(p for _, p in card_chances(whole, (pool | know.played_by[s]) & ~whole, know.rules,
                                                        know.players, know.hand_size))
            log_w -= (b - estimate) ** 2 / sigma2
        return math.exp(log_w)

    # --- bidding --------------------------------------------------------------------

    def bid_search(self, know: Knowledge, rng: random.Random, spread: int = 2,
                   every: list[int] | None = None) -> tuple[int, Tally]:
        """The bid with the best mean score over the deals, among the ``2 * spread + 1``
        candidates nearest the card-chance estimate, and the search's tally.

        ``every`` (the coach) lists bids to evaluate as well, on the same deals: they never
        change the pick nor the number of deals, which the candidates alone decide (so the
        coach's advice on a bid costs more than Hard's decision: up to four times in the
        longest rounds).
        """
        legal = know.legal_bids() if every is None else every
        sure = 0 if know.hand_hidden else sure_tricks(know)
        candidates = [b for b in legal if b >= sure] or legal
        if len(candidates) > 2 * spread + 1:  # many cards: look around the estimate only
            estimate = expected_tricks(know) if not know.hand_hidden else 0.0
            candidates = sorted(candidates, key=lambda b: abs(b - estimate))[:2 * spread + 1]
        if len(candidates) == 1 and every is None:
            return candidates[0], Tally([])
        options = candidates + [b for b in (every or []) if b not in candidates]
        plays = know.players * know.hand_size
        # A lone candidate (only the coach searches then) spends the budget on all options.
        deals = self._deal_count(plays * len(candidates if len(candidates) > 1 else options))
        tally = Tally(options)
        totals, made = tally.points, tally.made
        seat = know.seat
        leader = (know.dealer + 1) % know.players
        for _ in range(deals):
            hands = self._deal(know, rng)
            bids = self._bids_for(know, hands)
            weight = self._weight(know, hands)
            tally.weight += weight
            for b in options:
                bids[seat] = b
                taken = playout(hands[:], bids, [0] * know.players, know.rules, leader)
                totals[b] += weight * round_points(b, taken[seat])
                if taken[seat] == b:
                    made[b] += weight
        tally.deals = deals
        return max(candidates, key=lambda b: (totals[b], -abs(b - sure), -b)), tally

    # --- playing --------------------------------------------------------------------

    def card_search(self, know: Knowledge, rng: random.Random) -> tuple[Card, Tally]:
        """The legal card with the best mean result over the deals, and the search's tally
        (a lone legal card is still played out, for the coach's figures)."""
        legal = know.legal_cards()
        remaining = sum(know.counts)
        deals = self._deal_count(remaining * len(legal))
        seat = know.seat
        tally = Tally(legal)
        totals, made = tally.points, tally.made
        played = len(know.trick)
        for _ in range(deals):
            hands = self._deal(know, rng)
            bids = self._bids_for(know, hands)
            weight = self._weight(know, hands)
            tally.weight += weight
            for card in legal:
                taken = play_then_playout(card, hands[:], bids, know.taken, know.rules, seat,
                                          played, know.led, know.best, know.winner)
                totals[card] += weight * self._value(bids, taken, seat)
                if taken[seat] == bids[seat]:
                    made[card] += weight
        tally.deals = deals
        return max(legal, key=lambda c: (totals[c], -c)), tally

    def _value(self, bids: list[int], taken: Sequence[int], seat: int) -> float:
        """A card's result on one deal: the seat's points less :attr:`spite` times the other
        seats' mean points (a point taken from the table counts, not only one's own)."""
        own = float(round_points(bids[seat], taken[seat]))
        if not self.spite:
            return own
        others = sum(round_points(bids[s], taken[s]) for s in range(len(bids)) if s != seat)
        return own - self.spite * others / (len(bids) - 1)


class Tally:
    """What one search found, per option: weighted sums over its deals (each deal weighs how
    well it explains the visible bids), so a mean is a sum divided by :attr:`weight`."""

    def __init__(self, options: list[Any]) -> None:
        self.points: dict[Any, float] = dict.fromkeys(options, 0.0)  # the seat's points (less spite)
        self.made: dict[Any, float] = dict.fromkeys(options, 0.0)  # deals where the seat made its bid
        self.weight = 0.0  # the deals' weights, summed
        self.deals = 0

    def mean_points(self, option: Any) -> float:
        """The option's expected points over the deals."""
        return self.points[option] / self.weight if self.weight else 0.0

    def chance_made(self, option: Any) -> float:
        """The option's chance of making the seat's bid over the deals."""
        return self.made[option] / self.weight if self.weight else 0.0
