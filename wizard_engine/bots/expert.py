"""The Expert bot: Hard's determinized search, made sharper (see ``bots/README.md`` for the
arena figures behind every choice).

It deals the unseen cards as :class:`~wizard_engine.bots.hard.HardBot` does (consistent with
the view, each deal weighted by how well it explains the visible bids), and adds:

* **successive halving** over the options (cards, or candidate bids): every option is tried
  on a first batch of deals, the worse half is dropped, and the survivors get the next batch,
  so the close contenders are compared on many more deals than Hard ever uses;
* **an exact endgame**: once few cards are left, each deal is solved to the end of the round
  instead of played out by the heuristic policy, every seat maximising its own round score
  (max^n), with a transposition table at trick starts, the heuristic card tried first and a
  cut as soon as a seat reaches its best possible score; in the shortest rounds the bids
  are chosen on exact play too;
* **spite**: a card is valued at the seat's points less :data:`DEFAULT_SPITE` times the
  other seats' mean points (the coach asks it without: ``coach.advice.coach_bot``).

**Budget and determinism.**  As for Hard, ``think_ms`` is turned into a fixed amount of work
(card plays in playouts, nodes in the endgame), never measured on a clock: the same view
and seed always give the same decision.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from ..cards import BIT, DECK_SIZE, JESTER_MASK, SPECIAL_MASK, WIZARD_MASK, Card, Mask, cards_of
from ..fast import play_then_playout, playout, policy_card
from ..rules import BEATS, LED_AFTER, NOTHING_LED, TrickRules, legal_mask
from ..scoring import EXACT_BONUS, POINTS_PER_TRICK, round_points
from .hard import HardBot
from .heuristic import expected_tricks, sure_tricks
from .knowledge import Knowledge
from .search import DEAL_COST, PLAYS_PER_MS, Tally

DEFAULT_THINK_MS = 1200  # +25 per game over Hard at 4 players where 600 gave +20 (bots/README.md)
MIN_STAGE_DEALS = 8  # deals per stage of the halving, at least...
STAGE_DEALS_PER_MS = 0.5  # ...and at most this many per ms of budget (600 at 1200 ms)
ENDGAME_CARDS = 12  # solve exactly once this many cards (all hands together) are left...
ENDGAME_LEAVES = 5000  # ...and the product of the hand sizes' factorials is below this
EXTRA_DEALS = 100  # the coach's extra bids are tried on this many deals
RECENTRE_SHARE = 1 / 3  # of the budget, for a search again around a bid at the candidates' edge
RECENTRE_GAP = 2.0  # ...or around a bid beyond them whose figures beat the pick's by this many points
DEFAULT_SPITE = 0.6  # a card's value: own points less this times the others' mean (bots/README.md)
NODE_COST = 6  # one endgame node costs about this many playout card plays
ENDGAME_DEALS_PER_MS = 2 / 3  # the endgame's deals, at most (800 at 1200 ms)

Evaluate = Callable[[list[Mask], list[int], Any], tuple[float, bool]]


class ExpertTally(Tally):
    """A :class:`Tally` whose options may have been tried on different deals (successive
    halving drops options early): each keeps its own summed weight, and with ``per_deal``
    (the coach's) every deal's result per option, so that two options can be compared on the
    deals both were tried on."""

    def __init__(self, options: list[Any], per_deal: bool = False) -> None:
        super().__init__(options)
        self.option_weight: dict[Any, float] = dict.fromkeys(options, 0.0)
        self.results: dict[Any, dict[int, tuple[float, float, bool]]] | None = (
            {o: {} for o in options} if per_deal else None)
        self.deal = -1  # the number of the deal being counted

    def next_deal(self, weight: float) -> None:
        """A new deal, of this weight, whose results follow."""
        self.weight += weight
        self.deal += 1

    def add(self, option: Any, weight: float, value: float, made: bool) -> None:
        """Count the current deal's result for ``option``."""
        self.points[option] += weight * value
        self.option_weight[option] += weight
        if made:
            self.made[option] += weight
        if self.results is not None:
            self.results[option][self.deal] = (weight, value, made)

    def paired(self, option: Any, pick: Any) -> tuple[float, float]:
        """``option``'s expected points and chance, comparable with ``pick``'s: the pick's own
        figures plus the option's mean difference from it on the deals both were tried on.
        An option dropped after a few deals would otherwise be judged on other deals than the
        pick (deals differ in how good they are), and could show a better figure than the
        pick although it did worse on every deal the two shared; so a candidate the halving
        dropped never shows more points than the pick.  The points stay at most the best the
        option scored on a deal, the chance within what it was seen to do (a bid never made
        shows 0)."""
        if self.results is None:
            raise ValueError("paired figures need a tally kept per deal")
        mine, theirs = self.results[option], self.results[pick]
        common = [d for d in mine if d in theirs]
        weight = sum(mine[d][0] for d in common)
        if option == pick or not weight:
            return self.mean_points(option), self.chance_made(option)
        points = sum(mine[d][0] * (mine[d][1] - theirs[d][1]) for d in common) / weight
        made = sum(mine[d][0] * (mine[d][2] - theirs[d][2]) for d in common) / weight
        best = max(value for _, value, _ in mine.values())
        seen = [float(hit) for _, _, hit in mine.values()]
        return min(best, self.mean_points(pick) + points), _within(self.chance_made(pick) + made, seen)

    def mean_points(self, option: Any) -> float:
        """The option's expected points over the deals it was tried on."""
        w = self.option_weight[option]
        return self.points[option] / w if w else 0.0

    def chance_made(self, option: Any) -> float:
        """The option's chance of making the seat's bid over the deals it was tried on."""
        w = self.option_weight[option]
        return self.made[option] / w if w else 0.0


def _window(allowed: list[int], centre: float, spread: int) -> list[int]:
    """The ``2 * spread + 1`` bids of ``allowed`` nearest ``centre``."""
    if len(allowed) <= 2 * spread + 1:
        return list(allowed)
    return sorted(allowed, key=lambda b: abs(b - centre))[:2 * spread + 1]


def _at_edge(chosen: int, candidates: list[int], allowed: list[int]) -> bool:
    """Whether ``chosen`` is the highest or lowest candidate with an allowed bid beyond it."""
    beyond = [b for b in allowed if b not in candidates]
    return (chosen == max(candidates) and any(b > chosen for b in beyond)) or (
        chosen == min(candidates) and any(b < chosen for b in beyond))


def _better_beyond(tally: ExpertTally, chosen: int, extra: list[int]) -> int | None:
    """The bid of ``extra`` whose figures beat ``chosen``'s the most, if by :data:`RECENTRE_GAP`."""
    if not extra or tally.results is None:
        return None
    points = {b: tally.paired(b, chosen)[0] for b in extra}
    best = max(extra, key=lambda b: (points[b], -b))
    return best if points[best] >= tally.mean_points(chosen) + RECENTRE_GAP else None


def _within(figure: float, seen: list[float]) -> float:
    """``figure``, kept between the least and the most of ``seen``."""
    return min(max(seen), max(min(seen), figure))


class ExpertBot(HardBot):
    """Hard's search with successive halving over options and an exact endgame."""

    level = "expert"

    def __init__(self, seed: int = 0, think_ms: float = DEFAULT_THINK_MS, halving: bool = True,
                 endgame: bool = True, endgame_bids: bool = True, spite: float = DEFAULT_SPITE,
                 endgame_cards: int = ENDGAME_CARDS, endgame_leaves: int = ENDGAME_LEAVES,
                 per_deal: bool = False, recentre: int = 0, **settings: Any) -> None:
        super().__init__(seed, think_ms=think_ms, spite=spite, **settings)
        self.halving = halving
        self.endgame = endgame
        self.endgame_bids = endgame_bids  # bids of the shortest rounds by exact play too
        self.endgame_cards, self.endgame_leaves = endgame_cards, endgame_leaves
        self.per_deal = per_deal  # tallies kept per deal, for the coach's paired figures
        # Searches again, so often, around a bid at the candidates' edge or beyond them (figures
        # for every bid are kept then: the coach's, which it shows beside its pick).
        self.recentre = recentre

    # --- the halving ------------------------------------------------------------------

    def _most_deals(self, per_ms: float) -> int:
        """The cap on deals, growing with the budget: the caps keep a decision with few
        options from spending the whole budget on deals that no longer change the pick,
        and growing with it they let a larger budget buy more deals (a fixed cap did not)."""
        return max(MIN_STAGE_DEALS, int(self.think_ms * per_ms))

    def _halve(self, know: Knowledge, rng: random.Random, options: list[Any], cost: int,
               evaluate: Evaluate, key: Callable[[Any], Any], extra: list[Any] | None = None,
               share: float = 1.0) -> tuple[Any, ExpertTally]:
        """The best of ``options`` by successive halving, with ``share`` of the budget; ``cost``
        is the work of one option on one deal.  ``extra`` options (the coach's) are tried on the first
        :data:`EXTRA_DEALS` deals of the last stage only and never chosen: they change
        neither the pick nor the deals, so the coach's pick is the bot's own decision, and
        the far-off bids of a long round (whose figures need no precision) cost little."""
        extras = extra or []
        tally = ExpertTally(options + extras, self.per_deal)
        work = self.think_ms * PLAYS_PER_MS * share
        survivors = list(options)
        stages = max(1, math.ceil(math.log2(len(options)))) if self.halving else 1
        most = int(self._most_deals(STAGE_DEALS_PER_MS) * share) * (1 if self.halving else 2)
        for stage in range(stages):
            deals = int(work / stages / (cost * len(survivors) + DEAL_COST))
            deals = max(MIN_STAGE_DEALS, min(most, deals))
            for k in range(deals):
                hands = self._deal(know, rng)
                bids = self._bids_for(know, hands)
                weight = self._weight(know, hands)
                tally.next_deal(weight)
                with_extras = stage == stages - 1 and k < EXTRA_DEALS
                for option in survivors + extras if with_extras else survivors:
                    value, made = evaluate(hands, bids, option)
                    tally.add(option, weight, value, made)
            tally.deals += deals
            if stage < stages - 1:
                ranked = sorted(survivors, key=lambda o: (tally.points[o], key(o)), reverse=True)
                survivors = ranked[:math.ceil(len(ranked) / 2)]
        return max(survivors, key=lambda o: (tally.points[o], key(o))), tally

    # --- bidding --------------------------------------------------------------------

    def bid_search(self, know: Knowledge, rng: random.Random, spread: int = 2,
                   every: list[int] | None = None) -> tuple[int, Tally]:
        """The bid with the best mean score, by successive halving over the candidates nearest
        the card-chance estimate (``every``: more bids the coach wants figures for)."""
        legal = know.legal_bids() if every is None else every
        if self.recentre and every is None:
            every = legal  # the same search as the coach's, whose figures show every bid
        sure = 0 if know.hand_hidden else sure_tricks(know)
        allowed = [b for b in legal if b >= sure] or legal
        estimate = expected_tricks(know) if not know.hand_hidden else 0.0
        candidates = _window(allowed, estimate, spread)
        if len(candidates) == 1 and every is None:
            return candidates[0], Tally([])
        seat = know.seat
        leader = (know.dealer + 1) % know.players
        zeros = [0] * know.players
        if self.endgame_bids and self._small_endgame(know):
            extra = [b for b in (every or []) if b not in candidates]
            return self._endgame_bids(know, rng, candidates + extra, candidates, leader, sure)

        def evaluate(hands: list[Mask], bids: list[int], b: int) -> tuple[float, bool]:
            bids[seat] = b
            taken = playout(hands[:], bids, zeros, know.rules, leader)
            return float(round_points(b, taken[seat])), taken[seat] == b

        share = 1.0
        for _ in range(1 + self.recentre):
            extra = [b for b in (every or []) if b not in candidates]
            chosen, tally = self._halve(know, rng, candidates, know.players * know.hand_size, evaluate,
                                        key=lambda b: (-abs(b - sure), -b), extra=extra, share=share)
            beyond = _better_beyond(tally, chosen, extra) if self.recentre else None
            if beyond is None and not _at_edge(chosen, candidates, allowed):
                break
            # The best bid at the window's edge: the estimate missed it; or a bid beyond the
            # window (below the sure tricks, say) shows better on the deals it was tried on,
            # which may be luck, the best of many bids on few deals.  Search around it on fresh
            # deals, the bid chosen so far among the candidates, at a third of the budget (the
            # worst decision's time counts too).
            if beyond is None:
                candidates = _window(allowed, chosen, spread)
            else:
                candidates = sorted({*_window(legal, beyond, spread), chosen}, key=lambda b: (abs(b - beyond), b))
            share = RECENTRE_SHARE
        return chosen, tally

    def _endgame_bids(self, know: Knowledge, rng: random.Random, options: list[int], candidates: list[int],
                      leader: int, sure: int) -> tuple[int, Tally]:
        """Every option on each deal, the round played exactly, until the candidates have
        spent the budget's nodes."""
        seat = know.seat
        tally = ExpertTally(options, self.per_deal)
        budget = self.think_ms * PLAYS_PER_MS / NODE_COST
        nodes, most = 0, self._most_deals(ENDGAME_DEALS_PER_MS)
        zeros = [0] * know.players
        while nodes < budget and tally.deals < most:
            hands = self._deal(know, rng)
            bids = self._bids_for(know, hands)
            weight = self._weight(know, hands)
            tally.next_deal(weight)
            for b in options:
                bids[seat] = b
                solver = Solver(list(bids), know.rules, know.players)
                taken = solver.round(hands, zeros, leader)
                tally.add(b, weight, float(round_points(b, taken[seat])), taken[seat] == b)
                if b in candidates:  # the coach's extra bids do not change the deals
                    nodes += solver.nodes
            nodes += DEAL_COST // NODE_COST
            tally.deals += 1
        return max(candidates, key=lambda b: (tally.points[b], -abs(b - sure), -b)), tally

    def _small_endgame(self, know: Knowledge) -> bool:
        """Few enough cards left for an exact solve on every deal."""
        if sum(know.counts) > self.endgame_cards:
            return False
        return math.prod(math.factorial(n) for n in know.counts if n) <= self.endgame_leaves

    # --- playing --------------------------------------------------------------------

    def card_search(self, know: Knowledge, rng: random.Random) -> tuple[Card, Tally]:
        """The legal card with the best mean result: solved exactly in the endgame, else by
        successive halving over heuristic playouts."""
        legal = know.legal_cards()
        if self.endgame and self._small_endgame(know):
            return self._endgame_search(know, rng, legal)
        seat, played = know.seat, len(know.trick)

        def evaluate(hands: list[Mask], bids: list[int], card: Card) -> tuple[float, bool]:
            taken = play_then_playout(card, hands[:], bids, know.taken, know.rules, seat,
                                      played, know.led, know.best, know.winner)
            return self._value(bids, taken, seat), taken[seat] == bids[seat]

        return self._halve(know, rng, legal, sum(know.counts), evaluate, key=lambda c: -c)

    def _endgame_search(self, know: Knowledge, rng: random.Random, legal: list[Card]) -> tuple[Card, Tally]:
        """Every legal card on each deal, the rest of the round solved exactly, until the
        budget's nodes are spent."""
        seat = know.seat
        tally = ExpertTally(legal, self.per_deal)
        budget = self.think_ms * PLAYS_PER_MS / NODE_COST
        nodes, most = 0, self._most_deals(ENDGAME_DEALS_PER_MS)
        while nodes < budget and tally.deals < most:
            hands = self._deal(know, rng)
            bids = self._bids_for(know, hands)
            weight = self._weight(know, hands)
            tally.next_deal(weight)
            solver = Solver(bids, know.rules, know.players)
            for card in legal:
                taken = solver.after(card, hands, know.taken, seat, len(know.trick), know.led,
                                     know.best, know.winner)
                tally.add(card, weight, self._value(bids, taken, seat), taken[seat] == bids[seat])
            nodes += solver.nodes + DEAL_COST // NODE_COST
            tally.deals += 1
        return max(legal, key=lambda c: (tally.points[c], -c)), tally


class Solver:
    """Max^n on one deal in full information: every seat picks the card that maximises its
    own round score (ties: the heuristic's choice first, so a seat plays as the playouts
    do unless another card scores better for it)."""

    def __init__(self, bids: list[int], rules: TrickRules, players: int) -> None:
        self.bids = bids
        self.rules = rules
        self.players = players
        self.beats = BEATS[rules]
        self.cache: dict[tuple[tuple[Mask, ...], int, tuple[int, ...]], tuple[int, ...]] = {}
        self.nodes = 0

    def after(self, card: Card, hands: list[Mask], taken: list[int], turn: int, played: int,
              led: int, best: int, winner: int) -> tuple[int, ...]:
        """The final tricks per seat once ``turn`` plays ``card`` and everyone then plays on
        exactly (``hands`` is not changed)."""
        return self._play(card, list(hands), tuple(taken), turn, played, led, best, winner)

    def round(self, hands: list[Mask], taken: list[int], leader: int) -> tuple[int, ...]:
        """The final tricks per seat when ``leader`` leads the next trick and everyone plays
        exactly (``hands`` is not changed)."""
        return self._trick(list(hands), tuple(taken), leader)

    def _play(self, card: Card, hands: list[Mask], taken: tuple[int, ...], p: int, played: int,
              led: int, best: int, winner: int) -> tuple[int, ...]:
        hands[p] &= ~BIT[card]
        if played == 0 or self.beats[best * DECK_SIZE + card]:
            best, winner = card, p
        led = LED_AFTER[led][card]
        played += 1
        try:
            if played == self.players:
                won = list(taken)
                won[winner] += 1
                return self._trick(hands, tuple(won), winner)
            return self._turn(hands, taken, (p + 1) % self.players, played, led, best, winner)
        finally:
            hands[p] |= BIT[card]

    def _trick(self, hands: list[Mask], taken: tuple[int, ...], leader: int) -> tuple[int, ...]:
        if not hands[leader]:
            return taken
        key = (tuple(hands), leader, taken)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = self._turn(hands, taken, leader, 0, NOTHING_LED, -1, -1)
        return found

    def _turn(self, hands: list[Mask], taken: tuple[int, ...], p: int, played: int, led: int,
              best: int, winner: int) -> tuple[int, ...]:
        self.nodes += 1
        legal = legal_mask(hands[p], led, self.rules)
        bid = self.bids[p]
        first = policy_card(legal, bid - taken[p], played, self.players, best, self.rules)
        if legal & (legal - 1) == 0:
            return self._play(first, hands, taken, p, played, led, best, winner)
        top = EXACT_BONUS + POINTS_PER_TRICK * bid if taken[p] <= bid else -1_000
        result = self._play(first, hands, taken, p, played, led, best, winner)
        value = round_points(bid, result[p])
        if value >= top:
            return result
        for card in _distinct(legal & ~BIT[first]):
            if (BIT[card] & SPECIAL_MASK) and _same_kind(card, first):
                continue
            outcome = self._play(card, hands, taken, p, played, led, best, winner)
            v = round_points(bid, outcome[p])
            if v > value:
                result, value = outcome, v
                if value >= top:
                    break
        return result


def _same_kind(a: Card, b: Card) -> bool:
    """Two Wizards or two Jesters: the same play."""
    return bool((BIT[a] & WIZARD_MASK and BIT[b] & WIZARD_MASK) or (BIT[a] & JESTER_MASK and BIT[b] & JESTER_MASK))


def _distinct(cards: Mask) -> list[Card]:
    """The cards of a mask, one per kind of special card (the lowest copy)."""
    specials = cards & SPECIAL_MASK
    if specials:
        wizards, jesters = cards & WIZARD_MASK, cards & JESTER_MASK
        cards ^= specials ^ (wizards & -wizards) ^ (jesters & -jesters)
    return cards_of(cards)
