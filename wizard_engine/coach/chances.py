"""Win chances: each player's chance to win the game from the totals and the rounds left.

Public information only: the totals before the current round, the current round number,
its dealer, the player count and the options.  The rest of the game is simulated on the
fast path: every seat bids its card-chance estimate (:func:`card_chances`, the hand's
expected tricks) and plays with the heuristic policy of :func:`wizard_engine.fast.playout`;
a dealer who turns up a Wizard names its longest suit.

The policy never looks at the totals, so the rounds are independent: each remaining round
is simulated a number of times (:data:`ROUND_SAMPLES` with the whole game left, more as
fewer rounds are left, the work staying about the same), and a game is the totals plus one
sample of every round, drawn at random; ``games`` such combinations make the estimate, ties
sharing a win.  Every seat plays the same policy, so a seat's place at the table is taken
as worth nothing: each drawn sample is also turned by a random number of seats (its points
stay together, as the seats shared the tricks).  Without that, the few samples of each
round would give one seat a lead in expected points that it does not have.  The price: the
dealer bids last, which is worth a few points in a long round; against plain whole-game
simulations (1500 games) the chances were within 0.05 in the positions tried.  A finished game
gives exactly 1.0 to the winner (split among tied winners).

A game with special cards (S1..S14) is simulated as the base game: the rounds left are dealt
from the 60 base cards, without the special cards' tricks, bombs and bid changes.  Its rounds
and hand sizes are the base game's (S2), and each seat's chance still comes from the totals
and the rounds left, so it only misses how the special cards spread a round's points (a
Bomb's lost trick, the Cloud's changed bid): the chances are an approximation there.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from operator import add
from typing import Any

from ..bots.heuristic import card_chances
from ..cards import BIT, FULL_MASK, JESTER, SUIT_MASK, SUIT_OF, SUITS, WIZARD, Mask
from ..fast import playout
from ..rules import Standard, ruleset
from ..scoring import round_points
from ..state import State

DEFAULT_GAMES = 2000  # combinations of simulated rounds
ROUND_SAMPLES = 24  # simulated deals of each round, with the whole game left
MAX_SAMPLES = 1000


def public_info(source: State | Mapping[str, Any]) -> dict[str, Any]:
    """The public facts win chances use, from a :class:`State` or a seat's view (or a dict
    with ``totals``, ``round``, ``dealer``, ``options`` and optionally ``over``)."""
    if isinstance(source, State):
        # The pad is scored when a round ends: the totals leave out the round being played.
        return {"totals": list(source.totals), "round": source.round, "dealer": source.dealer,
                "unicoloured": source.config.options.unicoloured, "schedule": source.config.options.schedule,
                "over": source.is_over, "winners": source.winners() if source.is_over else []}
    totals = list(source["totals"])
    return {"totals": totals, "round": source["round"], "dealer": source["dealer"],
            "unicoloured": bool(source.get("options", {}).get("unicoloured")),
            "schedule": source.get("options", {}).get("schedule", "standard"),
            "over": bool(source.get("over")), "winners": list(source.get("winners") or [])}


def win_chances(source: State | Mapping[str, Any], games: int = DEFAULT_GAMES, seed: int = 0) -> list[float]:
    """Each player's chance to win, summing to 1.0 (see the module for the method)."""
    info = public_info(source)
    totals: list[int] = info["totals"]
    players = len(totals)
    if info["over"] and info["winners"]:  # the game's own winners: a tournament broke its ties (T4)
        return [1 / len(info["winners"]) if seat in info["winners"] else 0.0 for seat in range(players)]
    if info["over"]:
        return _shares([totals])
    rules = ruleset(info["schedule"], info["unicoloured"], players)
    rng = random.Random(seed)
    rounds = range(info["round"], rules.rounds(players) + 1)
    # A round's work is about its cards: spend on the rounds left what the whole game would get.
    whole = sum(rules.hand_size(r) for r in range(1, rules.rounds(players) + 1))
    count = min(MAX_SAMPLES, ROUND_SAMPLES * whole // sum(rules.hand_size(r) for r in rounds))
    samples = []
    for r in rounds:
        dealer = (info["dealer"] + r - info["round"]) % players
        samples.append([simulate_round(rules, players, r, dealer, rng) for _ in range(count)])
    # Each seat's final totals, one column per game, built a round at a time.
    columns = [[t] * games for t in totals]
    for pool in samples:
        turned = [points[-turn:] + points[:-turn] for points in pool for turn in range(players)]
        drawn = rng.choices(turned, k=games)
        for s in range(players):
            columns[s] = list(map(add, columns[s], [points[s] for points in drawn]))
    return _shares(list(zip(*columns)))


def _shares(finals: Sequence[Sequence[int]]) -> list[float]:
    """The share of games each seat wins, ties split."""
    wins = [0.0] * len(finals[0])
    for final in finals:
        top = max(final)
        tied = final.count(top)
        if tied == 1:
            wins[final.index(top)] += 1
        else:
            for s, total in enumerate(final):
                if total == top:
                    wins[s] += 1 / tied
    return [w / len(finals) for w in wins]


def simulate_round(game: Standard, players: int, round_: int, dealer: int,
                   rng: random.Random) -> list[int]:
    """One round's points per seat: card-chance bids, heuristic play."""
    hands, turned, _ = game.deal(rng, players, round_)
    trump = SUIT_OF[turned] if turned is not None else None
    if game.fixes_trump:  # T2
        trump = game.fixed_trump(round_)
    elif trump == WIZARD:  # R8: the dealer names its longest suit
        trump = max(range(SUITS), key=lambda s: ((hands[dealer] & SUIT_MASK[s]).bit_count(), -s))
    elif trump == JESTER:
        trump = None
    rules = game.trick_rules(trump)
    size = game.hand_size(round_)
    seen = BIT[turned] if turned is not None else 0
    bids = [_bid(hand, seen, rules, players, size) for hand in hands]
    taken = playout(hands[:], bids, [0] * players, rules, (dealer + 1) % players)
    return [round_points(b, t) for b, t in zip(bids, taken)]


def _bid(hand: Mask, seen: Mask, rules: int, players: int, size: int) -> int:
    unseen = FULL_MASK & ~hand & ~seen
    return round(sum(p for _, p in card_chances(hand, unseen, rules, players, size)))
