"""The rules of the trick, as small primitives on ints and masks, and the two shapes of
the game: the standard deal (R5-R16) and Unicoloured (R21).

The primitives are the one home of the trick's rules.  The checked engine
(:class:`Trick`, :class:`~wizard_engine.state.State`), the fast simulator
(:mod:`wizard_engine.fast`) and the bots' knowledge all call them:

* :func:`led_after` -- the led suit once a card is played (R13-R15), table :data:`LED_AFTER`;
* :func:`legal_mask` -- the cards of a hand that may follow (R13, R21);
* :func:`beats` -- does a card take the trick from the winner so far (R16, R21), table
  :data:`BEATS`;
* :func:`turned_card` and :func:`turned_trump` -- the card turned up after a deal and the
  trump it sets (R8, R9);
* :func:`wizard_engine.scoring.round_points` -- a round's score (R17).

**One encoding.**  A led suit (:data:`Led`) is a suit 0..3, :data:`NOTHING_LED` or
:data:`NO_LED_SUIT`; a trick's rules (:data:`TrickRules`) are a trump suit 0..3,
:data:`NO_TRUMP` or :data:`COLOURLESS`.  These codes are all distinct from each other and
from the pseudo-suits :data:`~wizard_engine.cards.WIZARD` (4) and
:data:`~wizard_engine.cards.JESTER` (5), so no value means two things.

A ruleset answers the few questions in which the games differ: how many rounds, how
many cards a round, how to deal, the trump a round fixes, and which rules its tricks follow.
The schedules (:data:`SCHEDULES`: the standard one, R5; the Amigo tournament's, T1; Wizard
Maximus, T2) are rulesets too; :func:`ruleset` picks a game's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeAlias

from .cards import (
    DECK_SIZE,
    FIRST_JESTER,
    FIRST_WIZARD,
    JESTER,
    RANK_OF,
    RANKS,
    SPECIAL_MASK,
    SUIT_LETTERS,
    SUIT_MASK,
    SUIT_OF,
    SUITS,
    WIZARD,
    Card,
    Mask,
    Suit,
    mask_of,
)

Seat: TypeAlias = int
Led: TypeAlias = int
"""The led suit of a trick: a suit 0..3, :data:`NOTHING_LED` or :data:`NO_LED_SUIT`."""
TrickRules: TypeAlias = int
"""Which rules a round's tricks follow: a trump suit 0..3, :data:`NO_TRUMP` or :data:`COLOURLESS`."""

NOTHING_LED: Led = 6
"""No suit card and no Wizard played yet (R13; R14: Jesters led keep it open)."""
NO_LED_SUIT: Led = 7
"""A Wizard came before any suit card: the trick has no led suit, anything may follow (R15)."""
NO_TRUMP: TrickRules = 8
"""Standard rules without trump (a Jester turned up, R8; the last round, R9)."""
COLOURLESS: TrickRules = 9
"""Unicoloured (R21): no trump, and colour does not matter (anything may follow)."""

# The tables below have one row per code, so a code indexes its row directly; rows 4 and 5
# (WIZARD and JESTER, never a led suit nor a trick's rules) are left empty.
_LED_CODES = range(NO_LED_SUIT + 1)
_RULE_CODES = range(COLOURLESS + 1)


def _led_after(led: Led, card: Card) -> Led:
    if led != NOTHING_LED:
        return led  # the first suit card or Wizard fixed it (R13, R15)
    suit = SUIT_OF[card]
    if suit == WIZARD:
        return NO_LED_SUIT  # R15
    return NOTHING_LED if suit == JESTER else suit  # R14: a Jester keeps it open


LED_AFTER: tuple[tuple[Led, ...], ...] = tuple(
    tuple(_led_after(led, c) for c in range(DECK_SIZE)) if led < SUITS or led >= NOTHING_LED else ()
    for led in _LED_CODES
)
"""``LED_AFTER[led][card]``: the led suit once ``card`` is played on a trick led ``led``."""


def led_after(led: Led, card: Card) -> Led:
    """R13-R15: the led suit once ``card`` is played on a trick whose led suit is ``led``."""
    return LED_AFTER[led][card]


FOLLOW_SUIT: tuple[Mask, ...] = tuple(SUIT_MASK[led] if led < SUITS else 0 for led in _LED_CODES)
"""``FOLLOW_SUIT[led]``: the suit a hand must follow if it holds any (0: none to follow)."""


def legal_mask(hand: Mask, led: Led, rules: TrickRules) -> Mask:
    """R13: follow the led suit if you can, Wizards and Jesters always; R21: anything."""
    follow = hand & FOLLOW_SUIT[led]
    if not follow or rules == COLOURLESS:
        return hand
    return follow | (hand & SPECIAL_MASK)


def _standard_beats(card: Card, best: Card, trump: Suit | None) -> bool:
    """R16: does ``card`` take the trick from ``best``, the winner so far?"""
    best_suit, suit = SUIT_OF[best], SUIT_OF[card]
    if best_suit == WIZARD or suit == JESTER:
        return False  # the first Wizard stays; a Jester never wins a contested trick
    if suit == WIZARD or best_suit == JESTER:
        return True
    if suit == best_suit:
        return RANK_OF[card] > RANK_OF[best]
    return suit == trump


def _colourless_beats(card: Card, best: Card) -> bool:
    """R21: first Wizard; else the highest number, the first of equals; else the first Jester."""
    best_suit, suit = SUIT_OF[best], SUIT_OF[card]
    if best_suit == WIZARD or suit == JESTER:
        return False
    if suit == WIZARD or best_suit == JESTER:
        return True
    return RANK_OF[card] > RANK_OF[best]


def trump_suit(rules: TrickRules) -> Suit | None:
    """The trump suit of a round's tricks, or None."""
    return rules if rules < SUITS else None


def _beats_table(rules: TrickRules) -> bytes:
    if rules == COLOURLESS:
        return bytes(_colourless_beats(card, best) for best in range(DECK_SIZE) for card in range(DECK_SIZE))
    trump = trump_suit(rules)
    return bytes(_standard_beats(card, best, trump) for best in range(DECK_SIZE) for card in range(DECK_SIZE))


BEATS: tuple[bytes, ...] = tuple(
    _beats_table(r) if r < SUITS or r >= NO_TRUMP else b"" for r in _RULE_CODES
)
"""``BEATS[rules][best * 60 + card]`` is 1 when ``card`` takes the trick from ``best`` (R16, R21)."""


def beats(card: Card, best: Card, rules: TrickRules) -> bool:
    """R16/R21: does ``card`` take the trick from ``best``, the winner so far?"""
    return BEATS[rules][best * DECK_SIZE + card] == 1


def turns_up(players: int, cards: int) -> bool:
    """R8/R9: does a deal of ``cards`` to each of ``players`` turn a card up?  Every deal but one
    that takes the whole deck (the standard game's last round)."""
    return players * cards < DECK_SIZE


def turned_card(deck: Sequence[Card], players: int, cards: int) -> Card | None:
    """R8/R9: the card turned up from the shuffled ``deck`` once ``cards`` went to each of
    ``players`` (the next card), or None when the deal took the whole deck."""
    return deck[players * cards] if turns_up(players, cards) else None


def turned_trump(turned: Card | None) -> Suit | None:
    """R8: the trump that the turned-up card sets: its suit; :data:`~wizard_engine.cards.WIZARD`
    when it is a Wizard (the dealer chooses); None (no trump) for a Jester or no card."""
    if turned is None or SUIT_OF[turned] == JESTER:
        return None
    return SUIT_OF[turned]


def trick_rules(trump: Suit | None, unicoloured: bool) -> TrickRules:
    """The rules of a round's tricks, from its trump suit (None: no trump)."""
    if unicoloured:
        return COLOURLESS
    return NO_TRUMP if trump is None else trump


class Trick:
    """One trick: who led, the cards in order, the led suit and the current winner."""

    __slots__ = ("best", "cards", "leader", "led", "seats", "winner")

    def __init__(self, leader: Seat) -> None:
        self.leader = leader
        self.seats: list[Seat] = []
        self.cards: list[Card] = []
        self.led: Led = NOTHING_LED
        self.best: Card = -1
        self.winner: Seat = -1

    @property
    def led_suit(self) -> Suit | None:
        """The suit to follow, or None (nothing led yet, or a Wizard led: R13-R15)."""
        return self.led if self.led < SUITS else None

    def add(self, seat: Seat, card: Card, rules: TrickRules) -> None:
        """Put ``card`` on the trick and update its led suit and winner (R13-R16, R21)."""
        if not self.cards or BEATS[rules][self.best * DECK_SIZE + card]:  # beats(), as a table
            self.best, self.winner = card, seat
        self.led = LED_AFTER[self.led][card]  # led_after(), as a table
        self.seats.append(seat)
        self.cards.append(card)

    def copy(self) -> Trick:
        """An independent copy."""
        other = Trick(self.leader)
        other.seats = self.seats[:]
        other.cards = self.cards[:]
        other.led, other.best, other.winner = self.led, self.best, self.winner
        return other


class Standard:
    """The standard game: one shared deck, trump from the turned-up card."""

    name = "standard"
    FOLLOW_RULES: TrickRules = NO_TRUMP  # trump plays no part in following (R13)

    def rounds(self, players: int) -> int:
        """R5: 60 / players rounds."""
        return DECK_SIZE // players

    def hand_size(self, round_: int) -> int:
        """R5: round r deals r cards."""
        return round_

    def round_of(self, cards: int) -> int:
        """The round that deals ``cards`` cards each (for a test's deal; at least round 1)."""
        return max(1, cards - self.hand_size(0))

    def turns_up(self, players: int, round_: int) -> bool:
        """R8/R9: a card is turned up for trump unless the round deals the whole deck."""
        return turns_up(players, self.hand_size(round_))

    fixes_trump = False
    """Whether the schedule fixes each round's trump (T2) rather than the turned-up card (R8)."""

    def fixed_trump(self, round_: int) -> Suit | None:
        """The trump the schedule fixes for a round (a suit, None for no trump); only when :attr:`fixes_trump`."""
        raise NotImplementedError

    def deal(self, rng: random.Random, players: int, round_: int) -> tuple[list[Mask], Card | None, Mask]:
        """R7/R8/R9: shuffle all 60, deal the round's cards to each, turn up the next card if any.

        Returns the hands, the turned-up card (or None) and the stock.
        """
        cards = self.hand_size(round_)
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        hands = [mask_of(deck[p * cards:(p + 1) * cards]) for p in range(players)]
        turned = turned_card(deck, players, cards)
        stock = mask_of(deck[players * cards + 1:])
        return hands, turned, stock

    def trick_rules(self, trump: Suit | None) -> TrickRules:
        """The rules of this round's tricks, given its trump suit (None: no trump)."""
        return trick_rules(trump, False)

    def legal_mask(self, hand: Mask, led: Led) -> Mask:
        """R13/R21: the cards of ``hand`` that may be played on a trick led ``led``."""
        return legal_mask(hand, led, self.FOLLOW_RULES)


class Unicoloured(Standard):
    """R21: each player draws from their own colour; colour does not matter."""

    name = "unicoloured"
    FOLLOW_RULES = COLOURLESS  # R21: anything may follow
    ROUNDS = 12
    EXTRA_CARDS = 3

    def rounds(self, players: int) -> int:
        """R21: 12 rounds whatever the number of players."""
        return self.ROUNDS

    def hand_size(self, round_: int) -> int:
        """R21: r + 3 cards."""
        return round_ + self.EXTRA_CARDS

    def turns_up(self, players: int, round_: int) -> bool:
        """R21: no card is turned up, there is no trump."""
        return False

    def deal(self, rng: random.Random, players: int, round_: int) -> tuple[list[Mask], Card | None, Mask]:
        """Every player draws r + 3 of their own 15 cards; the rest is the stock."""
        hands = []
        for seat in range(players):
            own = own_cards(seat)
            hands.append(mask_of(rng.sample(own, self.hand_size(round_))))
        all_cards = (1 << DECK_SIZE) - 1
        stock = all_cards
        for hand in hands:
            stock &= ~hand
        return hands, None, stock

    def trick_rules(self, trump: Suit | None) -> TrickRules:
        """R21: no trump, and colour does not matter."""
        return trick_rules(trump, True)


class Scheduled(Standard):
    """A schedule's own rounds: its cards per round (T1, T2) and, in Maximus, each round's trump."""

    def __init__(self, name: str, cards: Sequence[int], trumps: Sequence[Suit | None] = ()) -> None:
        self.name = name
        self.cards = tuple(cards)
        self.trumps = tuple(trumps)
        self.fixes_trump = bool(trumps)

    def rounds(self, players: int) -> int:
        """T1: 10 rounds; T2: 5."""
        return len(self.cards)

    def hand_size(self, round_: int) -> int:
        """The schedule's cards in round ``round_`` (counted from 1)."""
        return self.cards[round_ - 1]

    def round_of(self, cards: int) -> int:
        """The first round that deals ``cards`` cards each (else round 1)."""
        return self.cards.index(cards) + 1 if cards in self.cards else 1

    def turns_up(self, players: int, round_: int) -> bool:
        """R8/R9 as in the standard game; T2: nothing is turned up, the deck is dealt."""
        return not self.fixes_trump and super().turns_up(players, round_)

    def fixed_trump(self, round_: int) -> Suit | None:
        """T2: blue, red, green, yellow, then no trump."""
        return self.trumps[round_ - 1]


SCHEDULES = ("standard", "tournament", "maximus")
"""The schedules of a game's rounds (``Options.schedule``): R5, T1, T2."""
TOURNAMENT_CARDS = {
    3: (2, 4, 6, 8, 10, 12, 14, 16, 18, 20),
    4: (1, 3, 5, 7, 9, 11, 12, 13, 14, 15),
    5: (2, 4, 5, 6, 7, 8, 9, 10, 11, 12),
}
"""T1: the cards per player of the Amigo tournament's 10 rounds; the last deals the whole deck."""
MAXIMUS_TRUMPS: tuple[Suit | None, ...] = (0, 1, 2, 3, None)
"""T2: the trump of Maximus's five rounds: blue, red, green, yellow (Amigo's colours of the
suits 0..3, R2), then none."""


def ruleset(schedule: str, unicoloured: bool, players: int) -> Standard:
    """The ruleset of a game: its schedule's (R5, T1, T2), or Unicoloured's (R21).  The
    combination was checked by :meth:`~wizard_engine.config.Options.check`."""
    if unicoloured:
        return UNICOLOURED
    if schedule == "tournament":
        return _TOURNAMENT[players]
    if schedule == "maximus":
        return _MAXIMUS[players]
    return STANDARD


def schedule_rounds(schedule: str, players: int) -> list[dict[str, int | str | None]]:
    """A schedule's rounds for ``players`` as data (the page's): the cards each and the trump the
    round fixes (a suit letter, ``""`` for no trump) or None (the turned-up card decides, R8/R9)."""
    rules = ruleset(schedule, False, players)
    rounds: list[dict[str, int | str | None]] = []
    for round_ in range(1, rules.rounds(players) + 1):
        trump: str | None = None
        if rules.fixes_trump:
            fixed = rules.fixed_trump(round_)
            trump = "" if fixed is None else SUIT_LETTERS[fixed]
        elif not rules.turns_up(players, round_):
            trump = ""  # R9: the whole deck dealt, no trump
        rounds.append({"cards": rules.hand_size(round_), "trump": trump})
    return rounds


def own_cards(seat: Seat) -> list[Card]:
    """R21: a Unicoloured seat's 15 cards: its colour, one Wizard and one Jester."""
    return [seat * RANKS + r for r in range(RANKS)] + [FIRST_WIZARD + seat, FIRST_JESTER + seat]


STANDARD = Standard()
UNICOLOURED = Unicoloured()
_TOURNAMENT = {players: Scheduled("tournament", cards) for players, cards in TOURNAMENT_CARDS.items()}
_MAXIMUS = {players: Scheduled("maximus", [DECK_SIZE // players] * len(MAXIMUS_TRUMPS), MAXIMUS_TRUMPS)
            for players in range(3, 7)}
