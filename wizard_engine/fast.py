"""The fast path: an unchecked round simulator for bot search, and random games for the bench.

Nothing here is a second copy of the rules.  Which card takes a trick is read from
:meth:`wizard_engine.rules.Standard.beats` and :meth:`~wizard_engine.rules.Unicoloured.beats`
once, into flat tables (``BEATS[trump][best * 60 + card]``); follow-suit uses the engine's
masks from :mod:`wizard_engine.cards`; points come from :func:`wizard_engine.scoring.round_points`.
``tests/test_fast.py`` plays many random rounds here and in :class:`~wizard_engine.state.State`
side by side and checks that legal cards, trick winners and scores agree.

Everything is *unchecked*: callers pass legal cards (as the engine's own ``apply_unchecked``).

* :func:`random_game` -- a complete random game (the bench's fast path);
* :class:`SimRound` -- one round in full information, stepwise (tests, bots);
* :func:`playout` -- finish a round with the heuristic policy every seat plays to its bid
  with (the Hard bot's playouts);
* :func:`sample_hands` -- deal unseen cards to seats, honouring known voids and ownership.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import (
    BIT,
    DECK_SIZE,
    FIRST_JESTER,
    FIRST_WIZARD,
    JESTER,
    RANK_OF,
    SPECIAL_MASK,
    SUIT_MASK,
    SUIT_OF,
    WIZARD,
    Card,
    Mask,
)
from .rules import STANDARD, UNICOLOURED, Seat
from .scoring import round_points

NO_TRUMP = 4
"""Trump index for "no trump" (a Jester turned up, the last round, Unicoloured)."""
UNI = 5
"""Table index for Unicoloured's rules (no trump, colour does not matter)."""
NOT_LED = -1
"""``led`` before any suit card or Wizard; a Wizard first gives ``led == WIZARD`` (4)."""


def _beats_table(beats: object, trump: int | None) -> bytes:
    fn = beats  # the engine's own rule, read once per (trump, best, card)
    return bytes(
        1 if fn(card, best, trump) else 0  # type: ignore[operator]
        for best in range(DECK_SIZE) for card in range(DECK_SIZE)
    )


BEATS: tuple[bytes, ...] = tuple(
    [_beats_table(STANDARD.beats, t) for t in range(4)]
    + [_beats_table(STANDARD.beats, None), _beats_table(UNICOLOURED.beats, None)]
)
"""``BEATS[t][best * 60 + card]`` is 1 when ``card`` takes the trick from ``best`` (R16, R21)."""


def _power(card: Card, trump: int) -> int:
    suit = SUIT_OF[card]
    if suit == WIZARD:
        return 40
    if suit == JESTER:
        return 0
    return RANK_OF[card] + (20 if suit == trump else 0)


POWER: tuple[tuple[int, ...], ...] = tuple(
    tuple(_power(c, t) for c in range(DECK_SIZE)) for t in range(6)
)
"""A card's strength for the heuristic policy: Jester 0 < plain 1..13 < trump 21..33 < Wizard 40."""


def trump_index(trump: int | None, unicoloured: bool) -> int:
    """The table index for a round's trump suit (None: no trump)."""
    if unicoloured:
        return UNI
    return NO_TRUMP if trump is None else trump


def legal_mask(hand: Mask, led: int, t: int) -> Mask:
    """The cards of ``hand`` that may be played on a trick whose led suit is ``led`` (R13, R21)."""
    if t == UNI or led < 0 or led > 3:
        return hand
    follow = hand & SUIT_MASK[led]
    return follow | (hand & SPECIAL_MASK) if follow else hand


# --- random games (the bench) ---------------------------------------------------

_CANON_DECK = tuple(range(52)) + (FIRST_WIZARD,) * 4 + (FIRST_JESTER,) * 4


def random_game(players: int, rng: random.Random) -> list[int]:
    """Final totals of a complete standard game in which every decision is a uniformly
    random legal action (distinct actions, as :meth:`State.legal_actions` lists them)."""
    rand = rng.random
    suit_of = SUIT_OF
    totals = [0] * players
    dealer = int(rand() * players)
    for r in range(1, DECK_SIZE // players + 1):
        dealt = players * r
        deck = rng.sample(_CANON_DECK, dealt + 1 if dealt < DECK_SIZE else dealt)
        hands = [deck[p * r:p * r + r] for p in range(players)]
        t = NO_TRUMP
        if dealt < DECK_SIZE:
            turned_suit = suit_of[deck[dealt]]
            if turned_suit < 4:
                t = turned_suit
            elif turned_suit == WIZARD:
                t = int(rand() * 4)  # the dealer's choice, at random (R8)
        beats = BEATS[t]
        bids = [int(rand() * (r + 1)) for _ in range(players)]
        taken = [0] * players
        leader = (dealer + 1) % players
        for _ in range(r):
            led = NOT_LED
            best = winner = -1
            p = leader
            for _ in range(players):
                hand = hands[p]
                legal = hand
                if 0 <= led < 4:
                    follow = [c for c in hand if suit_of[c] == led]
                    if follow:
                        legal = follow + [c for c in hand if c >= FIRST_WIZARD]
                if legal.count(FIRST_WIZARD) > 1 or legal.count(FIRST_JESTER) > 1:
                    legal = list(dict.fromkeys(legal))  # one action per kind of special card
                card = legal[int(rand() * len(legal))]
                hand.remove(card)
                if best < 0 or beats[best * DECK_SIZE + card]:
                    best, winner = card, p
                if led == NOT_LED and card < FIRST_JESTER:
                    led = suit_of[card]
                p = p + 1 if p + 1 < players else 0
            taken[winner] += 1
            leader = winner
        for p in range(players):
            totals[p] += round_points(bids[p], taken[p])
        dealer = (dealer + 1) % players
    return totals


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
        "t",
        "taken",
        "trick_cards",
        "tricks_left",
        "turn",
        "winner",
    )

    def __init__(self, hands: Sequence[Mask], bids: Sequence[int], t: int, leader: Seat,
                 taken: Sequence[int] | None = None) -> None:
        self.players = len(hands)
        self.hands = list(hands)
        self.bids = list(bids)
        self.taken = list(taken) if taken is not None else [0] * self.players
        self.t = t
        self.led, self.best, self.winner, self.played = NOT_LED, -1, -1, 0
        self.turn = leader
        self.tricks_left = max(h.bit_count() for h in hands)
        self.trick_cards: list[Card] = []

    def copy(self) -> SimRound:
        """An independent copy."""
        other = object.__new__(SimRound)
        for name in SimRound.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands, other.bids, other.taken = self.hands[:], self.bids[:], self.taken[:]
        other.trick_cards = self.trick_cards[:]
        return other

    @property
    def over(self) -> bool:
        """True when every trick has been played."""
        return self.tricks_left == 0

    def legal(self) -> Mask:
        """The cards the seat to play may play."""
        return legal_mask(self.hands[self.turn], self.led, self.t)

    def play(self, card: Card) -> Seat | None:
        """Play ``card`` (exact copy) for the seat to play; the trick's winner when it completes."""
        p = self.turn
        self.hands[p] &= ~BIT[card]
        if self.played == 0 or BEATS[self.t][self.best * DECK_SIZE + card]:
            self.best, self.winner = card, p
        if self.led == NOT_LED and SUIT_OF[card] != JESTER:
            self.led = SUIT_OF[card]
        self.played += 1
        self.trick_cards.append(card)
        if self.played < self.players:
            self.turn = (p + 1) % self.players
            return None
        winner = self.winner
        self.taken[winner] += 1
        self.tricks_left -= 1
        self.led, self.best, self.winner, self.played = NOT_LED, -1, -1, 0
        self.trick_cards = []
        self.turn = winner
        return winner

    def points(self) -> list[int]:
        """R17 points of the round so far (final once :attr:`over`)."""
        return [round_points(b, k) for b, k in zip(self.bids, self.taken)]

    def playout(self) -> list[int]:
        """Finish the round with the heuristic policy; the tricks taken per seat."""
        return playout(self.hands, self.bids, self.taken, self.t, self.turn, self.played,
                       self.led, self.best, self.winner)


# --- the heuristic policy and playouts --------------------------------------------------


def policy_card(legal: Mask, need: int, played: int, players: int, best: int, t: int,
                tricks_left: int) -> Card:
    """The heuristic choice of a seat that wants ``need`` more tricks (<= 0: no more).

    Leading: the strongest card when tricks are wanted, else the weakest.  Following:
    wanting tricks, the cheapest winner when last, else the strongest winner, and the
    weakest card when nothing wins; wanting none, the strongest card that loses, else
    (forced to win) the strongest card when last, the weakest winner otherwise.
    """
    power = POWER[t]
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
    beats = BEATS[t]
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


def playout(hands: list[Mask], bids: Sequence[int], taken: Sequence[int], t: int, turn: Seat,
            played: int = 0, led: int = NOT_LED, best: int = -1, winner: int = -1) -> list[int]:
    """Finish a round from the given position with :func:`policy_card` at every seat.

    ``hands`` is consumed (pass a copy); returns the tricks taken per seat.  Unchecked.
    """
    players = len(hands)
    taken = list(taken)
    beats = BEATS[t]
    uni = t == UNI
    tricks_left = hands[turn].bit_count()  # the seat to play holds one card per trick left
    p = turn
    while tricks_left:
        hand = hands[p]
        if uni or led < 0 or led > 3:
            legal = hand
        else:
            follow = hand & SUIT_MASK[led]
            legal = follow | (hand & SPECIAL_MASK) if follow else hand
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1
        else:
            card = policy_card(legal, bids[p] - taken[p], played, players, best, t, tricks_left)
        hands[p] = hand & ~BIT[card]
        if played == 0 or beats[best * DECK_SIZE + card]:
            best, winner = card, p
        if led == NOT_LED and card < FIRST_JESTER:
            led = SUIT_OF[card]
        played += 1
        if played == players:
            taken[winner] += 1
            tricks_left -= 1
            p = winner
            played, led, best = 0, NOT_LED, -1
        else:
            p = p + 1 if p + 1 < players else 0
    return taken


def play_then_playout(card: Card, hands: list[Mask], bids: Sequence[int], taken: Sequence[int],
                      t: int, turn: Seat, played: int = 0, led: int = NOT_LED, best: int = -1,
                      winner: int = -1) -> list[int]:
    """Play ``card`` for ``turn``, then finish the round as :func:`playout` does."""
    players = len(hands)
    hands[turn] &= ~BIT[card]
    if played == 0 or BEATS[t][best * DECK_SIZE + card]:
        best, winner = card, turn
    if led == NOT_LED and card < FIRST_JESTER:
        led = SUIT_OF[card]
    played += 1
    if played == players:
        taken = list(taken)
        taken[winner] += 1
        if not hands[winner]:
            return taken
        return playout(hands, bids, taken, t, winner)
    return playout(hands, bids, taken, t, (turn + 1) % players, played, led, best, winner)


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
