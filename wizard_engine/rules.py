"""The two shapes of the game: the standard deal (R5-R16) and Unicoloured (R21).

A ruleset answers the few questions in which they differ: how many rounds, how many
cards a round, how to deal, which cards a hand may play, and which card wins.
"""

from __future__ import annotations

import random

from .cards import (
    DECK_SIZE,
    FIRST_JESTER,
    FIRST_WIZARD,
    JESTER,
    RANK_OF,
    RANKS,
    SPECIAL_MASK,
    SUIT_MASK,
    SUIT_OF,
    WIZARD,
    Card,
    Mask,
    Suit,
    mask_of,
)

Seat = int
NO_LED_SUIT = -1  # a Wizard came before any suit card: everyone may play anything (R14, R15)


class Trick:
    """One trick: who led, the cards in order, the led suit and the current winner."""

    __slots__ = ("leader", "seats", "cards", "led", "best", "winner")

    def __init__(self, leader: Seat) -> None:
        self.leader = leader
        self.seats: list[Seat] = []
        self.cards: list[Card] = []
        self.led: Suit | None = None  # None until fixed by a suit card or a Wizard (R13, R14)
        self.best: Card = -1
        self.winner: Seat = -1

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

    def rounds(self, players: int) -> int:
        """R5: 60 / players rounds."""
        return DECK_SIZE // players

    def hand_size(self, round_: int) -> int:
        """R5: round r deals r cards."""
        return round_

    def deal(self, rng: random.Random, players: int, round_: int) -> tuple[list[Mask], Card | None, Mask]:
        """R7/R8/R9: shuffle all 60, deal r each, turn up the next card if any.

        Returns the hands, the turned-up card (or None) and the stock.
        """
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        hands = [mask_of(deck[p * round_:(p + 1) * round_]) for p in range(players)]
        dealt = players * round_
        turned = deck[dealt] if dealt < DECK_SIZE else None
        stock = mask_of(deck[dealt + 1:])
        return hands, turned, stock

    def legal_mask(self, hand: Mask, led: Suit | None) -> Mask:
        """R13: follow the led suit if you can; Wizards and Jesters always."""
        if led is not None and led >= 0:
            follow = hand & SUIT_MASK[led]
            if follow:
                return follow | (hand & SPECIAL_MASK)
        return hand

    def add(self, trick: Trick, seat: Seat, card: Card, trump: Suit | None) -> None:
        """Put ``card`` on ``trick`` and update its led suit and winner (R13-R16)."""
        suit = SUIT_OF[card]
        if trick.led is None:
            if suit == WIZARD:
                trick.led = NO_LED_SUIT
            elif suit != JESTER:
                trick.led = suit
        if not trick.cards or self.beats(card, trick.best, trump):
            trick.best, trick.winner = card, seat
        trick.seats.append(seat)
        trick.cards.append(card)

    @staticmethod
    def beats(card: Card, best: Card, trump: Suit | None) -> bool:
        """R16: does ``card`` take the trick from ``best``, the winner so far?"""
        best_suit, suit = SUIT_OF[best], SUIT_OF[card]
        if best_suit == WIZARD or suit == JESTER:
            return False  # the first Wizard stays; a Jester never wins a contested trick
        if suit == WIZARD or best_suit == JESTER:
            return True
        if suit == best_suit:
            return RANK_OF[card] > RANK_OF[best]
        return suit == trump


class Unicoloured(Standard):
    """R21: each player draws from their own colour; colour does not matter."""

    name = "unicoloured"
    ROUNDS = 12
    EXTRA_CARDS = 3

    def rounds(self, players: int) -> int:
        """R21: 12 rounds whatever the number of players."""
        return self.ROUNDS

    def hand_size(self, round_: int) -> int:
        """R21: r + 3 cards."""
        return round_ + self.EXTRA_CARDS

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

    def legal_mask(self, hand: Mask, led: Suit | None) -> Mask:
        """R21: any card may be played."""
        return hand

    @staticmethod
    def beats(card: Card, best: Card, trump: Suit | None) -> bool:
        """R21: first Wizard; else the highest number, the first of equals; else the first Jester."""
        best_suit, suit = SUIT_OF[best], SUIT_OF[card]
        if best_suit == WIZARD or suit == JESTER:
            return False
        if suit == WIZARD or best_suit == JESTER:
            return True
        return RANK_OF[card] > RANK_OF[best]


def own_cards(seat: Seat) -> list[Card]:
    """R21: a Unicoloured seat's 15 cards: its colour, one Wizard and one Jester."""
    return [seat * RANKS + r for r in range(RANKS)] + [FIRST_WIZARD + seat, FIRST_JESTER + seat]


STANDARD = Standard()
UNICOLOURED = Unicoloured()
