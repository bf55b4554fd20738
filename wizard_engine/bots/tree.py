"""Expert's card search by information-set tree search (bots/README.md has the arena figures).

Expert's flat search judges each legal card by playouts in which every later choice, its
own included, is the heuristic policy's.  This search looks further: each iteration deals
the unseen cards as Expert does, walks one tree of choices shared by all deals, in which
every seat picks among the cards it holds on that deal by UCB on its own points, adds one
node, and plays the rest of the round out with the policy.

* **Seats play for themselves.**  A node's statistics are those of the seat that chose
  it: its own round points (Expert's less spite), so an opponent in the tree plays its
  best reply to what the tree has learnt, not a fixed heuristic.
* **The policy first.**  Where a seat has not yet tried every card, it tries the policy's
  card first, and the policy's card keeps a bonus that fades with visits, so the thin
  parts of the tree play as the playouts do rather than at random.
* **Availability.**  A card is scored against the iterations on which it was legal (its
  seat held it on that deal), not against the node's visits.
* **Deals weighted by the bids.**  A deal's weight (how well it explains the visible
  bids) weighs its result in the means; visits are counted whole, for the exploration.

Wizards (and Jesters) of one hand are one choice.  The work is counted in card plays,
like the flat search's, so a decision is fixed by the view and the seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from ..cards import BIT, DECK_SIZE, JESTER_MASK, WIZARD_MASK, Card, Mask
from ..fast import playout, policy_card
from ..rules import BEATS, LED_AFTER, NOTHING_LED, legal_mask
from ..scoring import round_points
from .knowledge import Knowledge

WALK_COST = 3  # a card played in the tree costs about this many playout card plays
ITERATIONS_PER_MS = 1.5  # at most this many iterations per ms of budget (1800 at 1200 ms)
EXPLORATION = 0.3  # UCB's constant, points measured in hundreds (bots/README.md)
POLICY_BONUS = 0.2  # the policy card's head start, in hundreds of points, fading as 1/visits
SCALE = 100.0  # points to reward

_WIZARD = (WIZARD_MASK & -WIZARD_MASK).bit_length() - 1  # the key of every Wizard
_JESTER = (JESTER_MASK & -JESTER_MASK).bit_length() - 1  # ...and of every Jester


class Node:
    """A seat's choice point: per card key, its weighted results and counts."""

    __slots__ = ("avail", "children", "total", "visits", "weight")

    def __init__(self) -> None:
        self.children: dict[Card, Node] = {}
        self.visits: dict[Card, int] = {}
        self.avail: dict[Card, int] = {}
        self.total: dict[Card, float] = {}  # weighted rewards of the seat that chose it
        self.weight: dict[Card, float] = {}  # the deals' weights


def key_of(card: Card) -> Card:
    """The tree's key of a card: one per Wizard and one per Jester, as they play alike."""
    b = BIT[card]
    if b & WIZARD_MASK:
        return _WIZARD
    if b & JESTER_MASK:
        return _JESTER
    return card


def card_of(key: Card, legal: Mask) -> Card:
    """A legal card of the key's kind."""
    if key == _WIZARD:
        m = legal & WIZARD_MASK
    elif key == _JESTER:
        m = legal & JESTER_MASK
    else:
        return key
    return (m & -m).bit_length() - 1


def keys_of(legal: Mask) -> list[Card]:
    """The distinct choices of a legal mask, as keys."""
    keys = []
    m = legal
    while m:
        low = m & -m
        m ^= low
        k = key_of(low.bit_length() - 1)
        if k not in keys:
            keys.append(k)
    return keys


Deal = Callable[[], tuple[list[Mask], list[int], float]]  # hands, bids, weight
Reward = Callable[[list[int], list[int]], list[float]]  # bids, taken -> each seat's reward


class TreeSearch:
    """One decision's tree; :meth:`run` spends the budget, :attr:`root` holds the figures."""

    def __init__(self, know: Knowledge, rng: random.Random, deal: Deal, reward: Reward,
                 work: float, most: int, exploration: float = EXPLORATION, bonus: float = POLICY_BONUS) -> None:
        self.know = know
        self.rng = rng
        self.deal = deal
        self.reward = reward
        self.work = work
        self.most = most
        self.exploration = exploration
        self.bonus = bonus
        self.root = Node()
        self.made: dict[Card, float] = {}  # per root key: weighted deals on which the bid was made
        self.iterations = 0

    def run(self, deal_cost: int) -> None:
        """Iterate until the work or the cap on iterations is spent."""
        spent = 0.0
        while spent < self.work and self.iterations < self.most:
            spent += deal_cost + self._iterate()
            self.iterations += 1

    def _iterate(self) -> int:
        """One deal, one walk down the tree, one new node, one playout, the results backed
        up; returns the work (card plays)."""
        know = self.know
        hands, bids, weight = self.deal()
        players, rules = know.players, know.rules
        beats = BEATS[rules]
        taken = list(know.taken)
        p, played, led, best, winner = know.seat, len(know.trick), know.led, know.best, know.winner
        node = self.root
        path: list[tuple[Node, Card, int]] = []
        walked = 0
        expanded = False
        while hands[p]:
            legal = legal_mask(hands[p], led, rules)
            need = bids[p] - taken[p]
            key = self._select(node, legal, need, played, best, p)
            card = card_of(key, legal)
            path.append((node, key, p))
            hands[p] &= ~BIT[card]
            if played == 0 or beats[best * DECK_SIZE + card]:
                best, winner = card, p
            led = LED_AFTER[led][card]
            played += 1
            walked += 1
            if played == players:
                taken[winner] += 1
                p, played, led, best = winner, 0, NOTHING_LED, -1
            else:
                p = (p + 1) % players
            child = node.children.get(key)
            if child is None:
                node.children[key] = Node()
                expanded = True
                break
            node = child
        rest = sum(h.bit_count() for h in hands)
        if expanded and hands[p]:
            taken = playout(hands, bids, taken, rules, p, played, led, best, winner)
        rewards = self.reward(bids, taken)
        for n, key, seat in path:
            n.visits[key] += 1
            n.total[key] += weight * rewards[seat]
            n.weight[key] += weight
        first = path[0][1]
        if taken[know.seat] == bids[know.seat]:
            self.made[first] = self.made.get(first, 0.0) + weight
        return walked * WALK_COST + rest

    def _select(self, node: Node, legal: Mask, need: int, played: int, best: int, p: int) -> Card:
        """UCB over the keys legal on this deal; untried keys first, the policy's first of all."""
        keys = keys_of(legal)
        if len(keys) == 1:
            key = keys[0]
            self._count(node, keys)
            return key
        policy = key_of(policy_card(legal, need, played, self.know.players, best, self.know.rules))
        self._count(node, keys)
        visits = node.visits
        if visits[policy] == 0:
            return policy
        for key in keys:
            if visits[key] == 0:
                return key
        chosen, top = policy, -math.inf
        for key in keys:
            n = visits[key]
            w = node.weight[key]
            mean = node.total[key] / w if w > 0 else 0.0
            score = mean + self.exploration * math.sqrt(math.log(node.avail[key]) / n)
            if key == policy:
                score += self.bonus / n
            if score > top:
                chosen, top = key, score
        return chosen

    @staticmethod
    def _count(node: Node, keys: list[Card]) -> None:
        """Each key legal on this deal was available once more."""
        for key in keys:
            if key in node.avail:
                node.avail[key] += 1
            else:
                node.avail[key] = 1
                node.visits[key] = 0
                node.total[key] = 0.0
                node.weight[key] = 0.0


def rewards_of(spite: float, seat: int) -> Reward:
    """Each seat's reward: its round points in hundreds; ``seat``'s less ``spite`` times the
    other seats' mean (as the flat search values a card)."""

    def reward(bids: list[int], taken: list[int]) -> list[float]:
        points = [round_points(b, k) for b, k in zip(bids, taken)]
        out = [x / SCALE for x in points]
        if spite:
            others = (sum(points) - points[seat]) / (len(points) - 1)
            out[seat] -= spite * others / SCALE
        return out

    return reward


def root_figures(search: TreeSearch, legal: list[Card]) -> dict[Card, tuple[int, float, float, float]]:
    """Per legal card: visits, summed weighted reward (in points), summed weight, and the
    weighted deals on which the bid was made."""
    root = search.root
    out: dict[Card, tuple[int, float, float, float]] = {}
    for card in legal:
        key = key_of(card)
        out[card] = (root.visits.get(key, 0), root.total.get(key, 0.0) * SCALE,
                     root.weight.get(key, 0.0), search.made.get(key, 0.0))
    return out

