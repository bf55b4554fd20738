"""A trick with special cards (S4..S7, S9, S11, S12): what each played card counts as and who
wins.

A played card has an *identity* (:class:`Played`): what it counts as in the trick, from the card,
how it was played and, for the Vampire, the card it copies. :func:`led_of` and
:func:`trick_winner` are S6 and S7 over those identities; the bots' and the coach's reckoning
reads the same functions, so the rule has one home.
"""

from __future__ import annotations

from typing import NamedTuple

from .actions import HOW_JESTER, HOW_NONE, HOW_WIZARD
from .cards import (
    BIT,
    BOMB,
    CLOUD,
    DRAGON,
    FAIRY,
    JESTER,
    JUGGLER,
    RANK_OF,
    SHAPESHIFTER,
    SUIT_OF,
    SUITS,
    VAMPIRE,
    WEREWOLF,
    WITCH,
    WIZARD,
    Card,
    Mask,
    Suit,
    canonical,
)
from .rules import NO_LED_SUIT, NOTHING_LED, Led, Seat, Trick

# What a played card counts as (S5..S7, S11, S12).
SUIT_CARD, WIZARD_LIKE, JESTER_LIKE, DRAGON_LIKE, FAIRY_LIKE, BOMB_LIKE, WITCH_LIKE = range(7)
_JESTERS = (JESTER_LIKE, FAIRY_LIKE, BOMB_LIKE, WITCH_LIKE)
"""S6: these leave the led suit open, like a Jester."""
_JESTER_ORDER = {JESTER_LIKE: 3, FAIRY_LIKE: 2, WITCH_LIKE: 1, BOMB_LIKE: 0}
"""S7: a trick of only Jester-like cards goes to the highest: Jester > Fairy > Witch."""
VALUE_STEP = 4
"""Suit values are ranks times this, so the Juggler (7 1/2) and the Cloud (9 3/4) fit between (S5)."""
JUGGLER_VALUE = 26  # between the 7 (rank 6: 24) and the 8 (rank 7: 28)
CLOUD_VALUE = 35  # between the 9 (rank 8: 32) and the 10 (rank 9: 36)
WIZARD_LIKE_TURNED = (DRAGON, WEREWOLF, JUGGLER, CLOUD, SHAPESHIFTER, VAMPIRE)
"""S8: turned up, these let the dealer choose trump as a Wizard does; the Fairy, Bomb and Witch mean no trump."""
SUIT_NAMED = (JUGGLER, CLOUD)
"""S5: played with a colour named."""


class Played(NamedTuple):
    """What a card in a trick counts as: a kind, a suit and value (suit cards), and its effect."""

    kind: int
    suit: Suit = -1
    value: int = 0
    effect: Card = -1  # the special card whose S13 effect it brings (Juggler, Cloud, Witch, Bomb)


def identity(card: Card, how: int, copied: Card | None = None) -> Played:
    """S5/S11/S12: what ``card``, played ``how``, counts as (``copied``: the Vampire's card)."""
    if card == VAMPIRE:
        return identity(copied, how) if copied is not None else Played(JESTER_LIKE)
    suit = SUIT_OF[card]
    if suit < SUITS:
        return Played(SUIT_CARD, suit, RANK_OF[card] * VALUE_STEP)
    if suit == WIZARD:
        return Played(WIZARD_LIKE)
    if suit == JESTER:
        return Played(JESTER_LIKE)
    if card in SUIT_NAMED:
        return Played(SUIT_CARD, how - 1, JUGGLER_VALUE if card == JUGGLER else CLOUD_VALUE, card)
    if card == SHAPESHIFTER:
        return Played(WIZARD_LIKE if how == HOW_WIZARD else JESTER_LIKE)
    # The Werewolf never reaches a trick (S10 swaps it away); before the Vampire reveals what it
    # copies instead (S12), the Werewolf's identity is an unknown card, weighed as a Jester.
    return {DRAGON: Played(DRAGON_LIKE), FAIRY: Played(FAIRY_LIKE), BOMB: Played(BOMB_LIKE, effect=BOMB),
            WITCH: Played(WITCH_LIKE, effect=WITCH), WEREWOLF: Played(JESTER_LIKE)}[card]


def hows_for(card: Card, copied: Card | None) -> tuple[int, ...]:
    """The ways ``card`` may be played (S5, S11, S12): colours, Wizard or Jester, or just played."""
    target = copied if card == VAMPIRE else card
    if target in SUIT_NAMED:
        return (1, 2, 3, 4)
    if target == SHAPESHIFTER:
        return (HOW_WIZARD, HOW_JESTER)
    return (HOW_NONE,)


def led_of(plays: list[Played]) -> Led:
    """S6 (R13-R15): the first card that is not Jester-like sets the led suit; a Wizard-like or
    Dragon frees the trick."""
    for one in plays:
        if one.kind in _JESTERS:
            continue
        return one.suit if one.kind == SUIT_CARD else NO_LED_SUIT
    return NOTHING_LED


def trick_winner(plays: list[Played], trump: Suit | None) -> int:
    """S7 (and S9: ignoring a Bomb): the index of the play that wins the trick."""
    count = range(len(plays))
    kinds = [one.kind for one in plays]
    if DRAGON_LIKE in kinds:
        return kinds.index(FAIRY_LIKE) if FAIRY_LIKE in kinds else kinds.index(DRAGON_LIKE)
    if WIZARD_LIKE in kinds:
        return kinds.index(WIZARD_LIKE)
    led = led_of(plays)
    for suit in (trump, led):
        if suit is None or not 0 <= suit < SUITS:
            continue
        of_suit = [i for i in count if kinds[i] == SUIT_CARD and plays[i].suit == suit]
        if of_suit:
            return max(of_suit, key=lambda i: (plays[i].value, -i))  # the first of equals
    return max(count, key=lambda i: (_JESTER_ORDER.get(kinds[i], -1), -i))


def bombed(plays: list[Played]) -> bool:
    """S9: a Bomb (or a Vampire copying it) in the trick."""
    return any(one.kind == BOMB_LIKE for one in plays)


class SpecialTrick(Trick):
    """A trick of a special-card game: as :class:`~wizard_engine.rules.Trick`, and how each card
    was played (``hows``), what the Vampire copied, whether it was bombed and the Witch's swaps."""

    __slots__ = ("bombed", "copies", "hows", "played", "swaps")

    def __init__(self, leader: Seat) -> None:
        super().__init__(leader)
        self.hows: list[int] = []
        self.copies: list[Card | None] = []
        self.played: list[Played] = []
        self.bombed = False
        self.swaps: list[tuple[Seat, Card, Card, Seat]] = []  # the Witch's: (seat, put in, taken, from whose play)

    def put(self, seat: Seat, card: Card, how: int, copied: Card | None, trump: Suit | None) -> None:
        """Put a card on the trick (S4..S7, S9)."""
        self.seats.append(seat)
        self.cards.append(card)
        self.hows.append(how)
        self.copies.append(copied if card == VAMPIRE else None)
        self.played.append(identity(card, how, copied))
        self.settle(trump)

    def settle(self, trump: Suit | None) -> None:
        """The led suit and winner for the cards so far and the trump now (S12: it may change)."""
        self.led = led_of(self.played)
        self.winner = self.seats[trick_winner(self.played, trump)]
        self.bombed = bombed(self.played)

    def effects(self) -> list[tuple[Card, Seat]]:
        """The S13 effects its cards bring, each with the seat that played it."""
        return [(one.effect, seat) for one, seat in zip(self.played, self.seats) if one.effect >= 0]

    def copy(self) -> SpecialTrick:
        """An independent copy."""
        other = SpecialTrick(self.leader)
        for name in ("seats", "cards", "hows", "copies", "played", "swaps"):
            setattr(other, name, getattr(self, name)[:])
        other.led, other.winner, other.bombed = self.led, self.winner, self.bombed
        return other


def copies_mask(card: Card) -> Mask:
    """Every copy of a card in a hand: four Wizards, four Jesters, or the card itself."""
    suit = SUIT_OF[card]
    if suit in (WIZARD, JESTER):
        first = canonical(card)
        return sum(BIT[first + i] for i in range(4))
    return BIT[card]


def lowest_copy(hand: Mask, card: Card) -> Card:
    """The copy of ``card`` that leaves ``hand`` (any Wizard or Jester will do)."""
    copies = hand & copies_mask(card)
    return (copies & -copies).bit_length() - 1

