"""Cards as small ints, and their notation.

A card is an ``int`` from 0 to 59 (R1):

* 0..51 are suit cards, ``suit * 13 + rank - 1`` with suit 0..3 and rank 1..13
  (rank 13 the strongest, R2/R3);
* 52..55 are the four Wizards, 56..59 the four Jesters;
* 60..68 are the anniversary boxes' special cards (S1), one copy each, after the 60 so that
  a base-game card, save and decision stays as it was: Dragon, Fairy, Bomb, Werewolf,
  Juggler, Cloud, Shapeshifter, Witch, Vampire.  Their rules live in
  :mod:`wizard_engine.specials`.

Ints keep hands as bitmasks (``1 << card``), which is what makes bot search fast in
CPython and Pyodide alike.  Notation is the classic one: ``7H``, ``TH`` (or ``10H``),
``AS``, ``Z`` for a Wizard and ``N`` for a Jester; a special card by its English name
(``Dragon``, any case).  Display themes live in
:mod:`wizard_engine.themes`, outside the model.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NoReturn, TypeAlias

from .errors import NotationError
from .reasons import Reason

Card: TypeAlias = int
Suit: TypeAlias = int
Mask: TypeAlias = int

DECK_SIZE = 60
RANKS = 13
SUIT_LETTERS = "CDHS"
RANK_LETTERS = "23456789TJQKA"
FIRST_WIZARD = 52
FIRST_JESTER = 56
WIZARD_CARDS = tuple(range(FIRST_WIZARD, FIRST_WIZARD + 4))
JESTER_CARDS = tuple(range(FIRST_JESTER, FIRST_JESTER + 4))

SUITS = 4
"""Suits are 0..3 (R1); the pseudo-suits below come after them."""

# Pseudo-suits, so that one table answers "what kind of card is this".
WIZARD: Suit = SUITS
JESTER: Suit = 5

SPECIAL: Suit = 10
"""The pseudo-suit of the anniversary special cards (S1); apart from every led-suit and trick-rules code."""
FIRST_SPECIAL = DECK_SIZE
SPECIAL_NAMES = ("Dragon", "Fairy", "Bomb", "Werewolf", "Juggler", "Cloud", "Shapeshifter", "Witch", "Vampire")
"""S1: the special cards in card order (60..68), by their notation."""
DRAGON, FAIRY, BOMB, WEREWOLF, JUGGLER, CLOUD, SHAPESHIFTER, WITCH, VAMPIRE = range(
    FIRST_SPECIAL, FIRST_SPECIAL + len(SPECIAL_NAMES))
ALL_CARDS = FIRST_SPECIAL + len(SPECIAL_NAMES)
"""Every card that any game may hold: the 60, then the special cards."""

SUIT_OF: tuple[Suit, ...] = tuple(
    c // RANKS if c < FIRST_WIZARD else (WIZARD if c < FIRST_JESTER else (JESTER if c < DECK_SIZE else SPECIAL))
    for c in range(ALL_CARDS)
)
RANK_OF: tuple[int, ...] = tuple(
    c % RANKS + 1 if c < FIRST_WIZARD else (14 if c < FIRST_JESTER else 0)
    for c in range(ALL_CARDS)
)
"""Value by R3: Jester 0 < 1 (two) < ... < 13 (ace) < Wizard 14 (a special card's value depends
on how it is played: :mod:`wizard_engine.specials`)."""

BIT: tuple[Mask, ...] = tuple(1 << c for c in range(ALL_CARDS))
SUIT_MASK: tuple[Mask, ...] = tuple(
    sum(BIT[s * RANKS + r] for r in range(RANKS)) for s in range(SUITS)
)
WIZARD_MASK: Mask = sum(BIT[c] for c in WIZARD_CARDS)
JESTER_MASK: Mask = sum(BIT[c] for c in JESTER_CARDS)
SPECIAL_MASK: Mask = WIZARD_MASK | JESTER_MASK
FULL_MASK: Mask = (1 << DECK_SIZE) - 1
SPECIAL_CARDS_MASK: Mask = ((1 << ALL_CARDS) - 1) & ~FULL_MASK


def suit_card(suit: Suit, rank: int) -> Card:
    """The card of ``suit`` (0..3) and ``rank`` (1..13)."""
    return suit * RANKS + rank - 1


def card_name(card: Card) -> str:
    """Classic notation: ``7H``, ``TH``, ``Z``, ``N``; a special card's name (``Dragon``)."""
    suit = SUIT_OF[card]
    if suit == SPECIAL:
        return SPECIAL_NAMES[card - FIRST_SPECIAL]
    if suit == WIZARD:
        return "Z"
    if suit == JESTER:
        return "N"
    return RANK_LETTERS[RANK_OF[card] - 1] + SUIT_LETTERS[suit]


def parse_card(text: str) -> Card:
    """Parse one card; a Wizard or Jester parses to the first of its four copies."""
    words = text.split()
    if len(words) != 1:
        _not_a_card(text)
    return parse_cards(words)[0]


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse ``"7H Z Z N"`` into distinct cards (each Z or N takes the next free copy)."""
    words = text.split() if isinstance(text, str) else list(text)
    free = {WIZARD: list(WIZARD_CARDS), JESTER: list(JESTER_CARDS)}
    cards: list[Card] = []
    for word in words:
        kind = _special_kind(word)
        if kind is None:
            cards.append(_parse_named_card(word))
        elif free[kind]:
            cards.append(free[kind].pop(0))
        else:
            raise NotationError(Reason("too_many_specials", {"card": "Z" if kind == WIZARD else "N",
                                                             "text": " ".join(words)}, "R1"))
    if len(set(cards)) != len(cards):
        raise NotationError(Reason("card_twice", {"text": " ".join(words)}, "R1"))
    return cards


def _special_kind(word: str) -> Suit | None:
    upper = word.strip().upper()
    if upper == "Z":
        return WIZARD
    if upper == "N":
        return JESTER
    return None


SPECIAL_BY_NAME = {name.upper(): FIRST_SPECIAL + i for i, name in enumerate(SPECIAL_NAMES)}


def _parse_named_card(word: str) -> Card:
    """A suit card, or a special card by its name."""
    special = SPECIAL_BY_NAME.get(word.strip().upper()) if word.isascii() else None
    return _parse_suit_card(word) if special is None else special


def _parse_suit_card(word: str) -> Card:
    upper = word.strip().upper().replace("10", "T")
    if not word.isascii() or len(upper) != 2 or upper[0] not in RANK_LETTERS or upper[1] not in SUIT_LETTERS:
        _not_a_card(word)
    return suit_card(SUIT_LETTERS.index(upper[1]), RANK_LETTERS.index(upper[0]) + 1)


def _not_a_card(text: str) -> NoReturn:
    raise NotationError(Reason("not_a_card", {"text": text}))


def parse_suit(text: str) -> Suit:
    """Parse a suit letter (C, D, H, S)."""
    upper = text.strip().upper()
    if not text.isascii() or len(upper) != 1 or upper not in SUIT_LETTERS:
        raise NotationError(Reason("not_a_suit", {"text": text}))
    return SUIT_LETTERS.index(upper)


def mask_of(cards: Iterable[Card]) -> Mask:
    """The bitmask holding ``cards``."""
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


def cards_of(mask: Mask) -> list[Card]:
    """The cards in ``mask``, in ascending order."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def canonical(card: Card) -> Card:
    """The first copy of a Wizard or Jester; any suit card is its own canonical card."""
    suit = SUIT_OF[card]
    if suit == WIZARD:
        return FIRST_WIZARD
    if suit == JESTER:
        return FIRST_JESTER
    return card


def sort_key(card: Card) -> tuple[int, int]:
    """Sort a hand by suit, then rank, with Wizards first and Jesters last (special cards after them)."""
    suit = SUIT_OF[card]
    if suit == SPECIAL:
        return (suit, card)
    order = -1 if suit == WIZARD else suit
    return (order, RANK_OF[card])
