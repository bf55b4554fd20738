"""The fast path: an unchecked round simulator for bot search, and random games for the bench.

Nothing here is a second copy of the rules: the led suit, the cards that may follow and the
trick's winner come from the primitives of :mod:`wizard_engine.rules` (``LED_AFTER``,
``legal_mask``, ``BEATS``), points from :func:`wizard_engine.scoring.round_points`.
``tests/test_fast.py`` plays random rounds and games here and in
:class:`~wizard_engine.state.State` side by side and checks that legal cards, trick winners
and scores agree.

Everything is *unchecked*: callers pass legal cards (as the engine's own ``apply_unchecked``).

* :func:`random_game` -- a complete random game of any schedule (the bench's fast path);
* :class:`SimRound` -- one round in full information, stepwise (the tests' twin of the engine);
* :func:`playout` -- finish a round with the heuristic policy every seat plays to its bid
  with (the Hard bot's playouts);
* :func:`sample_hands` -- deal unseen cards to seats, honouring known voids and ownership.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from .cards import (
    BIT,
    DECK_SIZE,
    JESTER,
    JESTER_MASK,
    RANK_OF,
    SPECIAL_MASK,
    SUIT_OF,
    WIZARD,
    WIZARD_MASK,
    Card,
    Mask,
    Suit,
    mask_of,
)
from .rules import (
    BEATS,
    LED_AFTER,
    NO_TRUMP,
    NOTHING_LED,
    Led,
    Seat,
    TrickRules,
    legal_mask,
    ruleset,
    turned_trump,
)
from .scoring import round_points

WIZARD_POWER = 40
TRUMP_BONUS = 20


def _power(card: Card, rules: TrickRules) -> int:
    suit = SUIT_OF[card]
    if suit == WIZARD:
        return WIZARD_POWER
    if suit == JESTER:
        return 0
    return RANK_OF[card] + (TRUMP_BONUS if suit == rules else 0)


POWER: tuple[tuple[int, ...], ...] = tuple(
    tuple(_power(c, r) for c in range(DECK_SIZE)) if beats_row else ()
    for r, beats_row in enumerate(BEATS)
)
"""``POWER[rules][card]``: a card's strength for the heuristic policy:
Jester 0 < plain 1..13 < trump 21..33 < Wizard 40."""


# --- random games (the bench) ---------------------------------------------------


class RoundLog(NamedTuple):
    """One round of :func:`random_game`, enough to replay it through the checked engine."""

    dealer: Seat
    hands: list[Mask]
    turned: Card | None
    trump: Suit | None  # the dealer's choice on a turned-up Wizard, else None
    bids: list[int]
    plays: list[Card]  # in order of play, each the exact copy that left the hand
    points: list[int]


_DECK = range(DECK_SIZE)


def random_game(players: int, rng: random.Random, log: list[RoundLog] | None = None,
                schedule: str = "standard") -> list[int]:
    """Final totals of a complete game of ``schedule`` (R5, T1, T2) in which every decision is
    a uniformly random legal action (distinct actions, as :meth:`State.legal_actions` lists them).

    With ``log``, every round is appended to it as a :class:`RoundLog` (the tests replay
    them through :class:`~wizard_engine.state.State`).  Unchecked, like the rest of this module.
    """
    rand = rng.random
    game = ruleset(schedule, False, players)
    totals = [0] * players
    dealer = int(rand() * players)
    for round_ in range(1, game.rounds(players) + 1):
        r = game.hand_size(round_)
        up = game.turns_up(players, round_)
        deck = rng.sample(_DECK, players * r + up)  # and the card turned up, if any
        hands = [mask_of(deck[p * r:p * r + r]) for p in range(players)]
        turned = deck[players * r] if up else None
        trump, chosen = (game.fixed_trump(round_) if game.fixes_trump else turned_trump(turned)), None
        if trump == WIZARD:
            trump = chosen = int(rand() * 4)  # the dealer's choice, at random (R8)
        rules = NO_TRUMP if trump is None else trump
        bids = [int(rand() * (r + 1)) for _ in range(players)]
        dealt_hands = hands[:]
        plays: list[Card] | None = [] if log is not None else None
        taken = _random_tricks(hands, rules, (dealer + 1) % players, r, rand, plays)
        points = [round_points(b, k) for b, k in zip(bids, taken)]
        for p in range(players):
            totals[p] += points[p]
        if log is not None:
            log.append(RoundLog(dealer, dealt_hands, turned, chosen, bids, plays or [], points))
        dealer = (dealer + 1) % players
    return totals


def _random_tricks(hands: list[Mask], rules: TrickRules, leader: Seat, tricks: int,
                   rand: Callable[[], float], plays: list[Card] | None) -> list[int]:
    """Play ``tricks`` tricks at random (consuming ``hands``); the tricks taken per seat.

    Each play is uniformly random among the distinct legal actions: a Wizard or a Jester
    counts once, and, as in the engine, the lowest copy held leaves the hand.
    """
    players = len(hands)
    taken = [0] * players
    beats = BEATS[rules]
    led_after = LED_AFTER
    legal_of = legal_mask
    for _ in range(tricks):
        led = NOTHING_LED
        best = winner = -1
        p = leader
        for _ in range(players):
            hand = hands[p]
            choices = legal_of(hand, led, rules)
            specials = choices & SPECIAL_MASK
            if specials:  # one choice per kind of special card: its lowest copy
                wizards, jesters = choices & WIZARD_MASK, choices & JESTER_MASK
                choices ^= specials ^ (wizards & -wizards) ^ (jesters & -jesters)
            k = int(rand() * choices.bit_count())
            while k:  # drop the k lowest choices: the k-th comes to the bottom
                choices &= choices - 1
                k -= 1
            card = (choices & -choices).bit_length() - 1
            hands[p] = hand & ~BIT[card]
            if plays is not None:
                plays.append(card)
            if best < 0 or beats[best * DECK_SIZE + card]:
                best, winner = card, p
            led = led_after[led][card]
            p = p + 1 if p + 1 < players else 0
        taken[winner] += 1
        leader = winner
    return taken


# --- one round in full information ---------------------------------------------------


class SimRound:
    """One round with every hand known: the unchecked, stepwise twin of the engine's play phase."""

    __slots__ = (
        "best",
        "bids",
        "hands",
        "led",
        "played",
        "players",
        "rules",
        "taken",
        "tricks_left",
        "turn",
        "winner",
    )

    def __init__(self, hands: Sequence[Mask], bids: Sequence[int], rules: TrickRules, leader: Seat,
                 taken: Sequence[int] | None = None) -> None:
        self.players = len(hands)
        self.hands = list(hands)
        self.bids = list(bids)
        self.taken = list(taken) if taken is not None else [0] * self.players
        self.rules = rules
        self.led: Led = NOTHING_LED
        self.best, self.winner, self.played = -1, -1, 0
        self.turn = leader
        self.tricks_left = max(h.bit_count() for h in hands)

    @property
    def over(self) -> bool:
        """True when every trick has been played."""
        return self.tricks_left == 0

    def legal(self) -> Mask:
        """The cards the seat to play may play."""
        return legal_mask(self.hands[self.turn], self.led, self.rules)

    def play(self, card: Card) -> Seat | None:
        """Play ``card`` (exact copy) for the seat to play; the trick's winner when it completes."""
        p = self.turn
        self.hands[p] &= ~BIT[card]
        if self.played == 0 or BEATS[self.rules][self.best * DECK_SIZE + card]:
            self.best, self.winner = card, p
        self.led = LED_AFTER[self.led][card]
        self.played += 1
        if self.played < self.players:
            self.turn = (p + 1) % self.players
            return None
        winner = self.winner
        self.taken[winner] += 1
        self.tricks_left -= 1
        self.led, self.best, self.winner, self.played = NOTHING_LED, -1, -1, 0
        self.turn = winner
        return winner

    def points(self) -> list[int]:
        """R17 points of the round so far (final once :attr:`over`)."""
        return [round_points(b, k) for b, k in zip(self.bids, self.taken)]


# --- the heuristic policy and playouts --------------------------------------------------


def policy_card(legal: Mask, need: int, played: int, players: int, best: int, rules: TrickRules) -> Card:
    """The heuristic choice of a seat that wants ``need`` more tricks (<= 0: no more).

    Leading: the strongest card when tricks are wanted, else the weakest.  Following:
    wanting tricks, the cheapest winner when last, else the strongest winner, and the
    weakest card when nothing wins; wanting none, the strongest card that loses, else
    (forced to win) the strongest card when last, the weakest winner otherwise.
    """
    power = POWER[rules]
    if played == 0:
        pick, value = -1, -1 if need > 0 else 99
        m = legal
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            v = power[c]
            if (v > value) if need > 0 else (v < value):
                pick, value = c, v
        return pick
    beats = BEATS[rules]
    row = best * DECK_SIZE
    lo_win = hi_win = lo_lose = hi_lose = -1
    lo_win_v = lo_lose_v = 99
    hi_win_v = hi_lose_v = -1
    m = legal
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        v = power[c]
        if beats[row + c]:
            if v < lo_win_v:
                lo_win, lo_win_v = c, v
            if v > hi_win_v:
                hi_win, hi_win_v = c, v
        else:
            if v < lo_lose_v:
                lo_lose, lo_lose_v = c, v
            if v > hi_lose_v:
                hi_lose, hi_lose_v = c, v
    last = played == players - 1
    if need > 0:
        if lo_win >= 0:
            return lo_win if last else hi_win
        return lo_lose
    if hi_lose >= 0:
        return hi_lose
    return hi_win if last else lo_win


def playout(hands: list[Mask], bids: Sequence[int], taken: Sequence[int], rules: TrickRules, turn: Seat,
            played: int = 0, led: Led = NOTHING_LED, best: int = -1, winner: int = -1) -> list[int]:
    """Finish a round from the given position with :func:`policy_card` at every seat.

    ``hands`` is consumed (pass a copy); returns the tricks taken per seat.  Unchecked.
    """
    players = len(hands)
    taken = list(taken)
    beats = BEATS[rules]
    led_after = LED_AFTER
    legal_of = legal_mask
    tricks_left = hands[turn].bit_count()  # the seat to play holds one card per trick left
    p = turn
    while tricks_left:
        hand = hands[p]
        legal = legal_of(hand, led, rules)
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1
        else:
            card = policy_card(legal, bids[p] - taken[p], played, players, best, rules)
        hands[p] = hand & ~BIT[card]
        if played == 0 or beats[best * DECK_SIZE + card]:
            best, winner = card, p
        led = led_after[led][card]
        played += 1
        if played == players:
            taken[winner] += 1
            tricks_left -= 1
            p = winner
            played, led, best = 0, NOTHING_LED, -1
        else:
            p = p + 1 if p + 1 < players else 0
    return taken


def play_then_playout(card: Card, hands: list[Mask], bids: Sequence[int], taken: Sequence[int],
                      rules: TrickRules, turn: Seat, played: int = 0, led: Led = NOTHING_LED, best: int = -1,
                      winner: int = -1) -> list[int]:
    """Play ``card`` for ``turn``, then finish the round as :func:`playout` does."""
    players = len(hands)
    hands[turn] &= ~BIT[card]
    if played == 0 or BEATS[rules][best * DECK_SIZE + card]:
        best, winner = card, turn
    led = LED_AFTER[led][card]
    played += 1
    if played == players:
        taken = list(taken)
        taken[winner] += 1
        if not hands[winner]:
            return taken
        return playout(hands, bids, taken, rules, winner)
    return playout(hands, bids, taken, rules, (turn + 1) % players, played, led, best, winner)


# --- dealing the unseen cards -------------------------------------------------------------


def sample_hands(pool: Sequence[Card], counts: Sequence[int], allowed: Sequence[Mask],
                 rng: random.Random, tries: int = 20) -> list[Mask] | None:
    """Deal ``counts[s]`` cards of ``pool`` to each seat ``s``, only cards in ``allowed[s]``.

    The rest of the pool is left out (the stock).  Seats with the fewest allowed cards
    are dealt first; a dead end retries with a fresh shuffle.  None if no deal was found.
    """
    order = sorted(range(len(counts)), key=lambda s: (allowed[s].bit_count(), s))
    cards = list(pool)
    for _ in range(tries):
        rng.shuffle(cards)
        hands = [0] * len(counts)
        used = 0
        ok = True
        for s in order:
            need = counts[s]
            if not need:
                continue
            ok_mask = allowed[s] & ~used
            got = 0
            for c in cards:
                b = BIT[c]
                if ok_mask & b:
                    got |= b
                    need -= 1
                    if not need:
                        break
            if need:
                ok = False
                break
            hands[s] = got
            used |= got
        if ok:
            return hands
    return None
