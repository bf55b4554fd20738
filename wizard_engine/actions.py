"""Actions: every decision of the game is one small int with a readable notation.

* ``play <card>``: 0..59, the card (Wizards and Jesters by their first copy, see
  :func:`wizard_engine.cards.canonical`; which copy leaves the hand does not matter);
* ``trump <suit>``: 60..63, the dealer's choice on a turned-up Wizard (R8);
* ``bid <n>``: 64 + n.

``Action`` subclasses ``int`` so that search code can treat actions as ints, while
``str(action)`` gives ``"play 7H"``, ``"trump H"`` or ``"bid 2"`` and
:meth:`Action.parse` reads that back.
"""

from __future__ import annotations

from typing import NoReturn

from .cards import (
    DECK_SIZE,
    SUIT_LETTERS,
    Card,
    Suit,
    canonical,
    card_name,
    parse_card,
    parse_suit,
)
from .errors import NotationError
from .reasons import Reason, shown

TRUMP_BASE = DECK_SIZE
BID_BASE = TRUMP_BASE + 4
MAX_BID = 20  # three players reach 20 cards in the last round (R5).


class Action(int):
    """One decision: play a card, choose trump, or bid."""

    __slots__ = ()

    @property
    def kind(self) -> str:
        """``"play"``, ``"trump"`` or ``"bid"``."""
        if self < TRUMP_BASE:
            return "play"
        return "trump" if self < BID_BASE else "bid"

    @property
    def card(self) -> Card:
        """The card of a ``play`` action."""
        return int(self)

    @property
    def suit(self) -> Suit:
        """The suit of a ``trump`` action."""
        return self - TRUMP_BASE

    @property
    def bid(self) -> int:
        """The number of a ``bid`` action."""
        return self - BID_BASE

    def __str__(self) -> str:
        kind = self.kind
        if kind == "play":
            return f"play {card_name(self)}"
        if kind == "trump":
            return f"trump {SUIT_LETTERS[self.suit]}"
        return f"bid {self.bid}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Action:
        """Read ``"play 7H"``, ``"trump H"`` or ``"bid 2"``."""
        if not isinstance(text, str):
            _not_an_action(text)
        words = text.split()
        if len(words) != 2:
            _not_an_action(text)
        verb, arg = words[0].lower(), words[1]
        if verb == "play":
            return play(parse_card(arg))
        if verb == "trump":
            return choose_trump(parse_suit(arg))
        # ASCII digits only: str.isdigit() also takes "²" (which int() refuses) and "٣" (3).
        if verb == "bid" and arg.isascii() and arg.isdigit() and int(arg) <= MAX_BID:
            return bid(int(arg))
        _not_an_action(text)

    @staticmethod
    def coerce(value: Action | str) -> Action:
        """An ``Action`` from an action or its notation."""
        if isinstance(value, Action):
            return value
        if isinstance(value, str):
            return Action.parse(value)
        _not_an_action(value)


def _not_an_action(text: object) -> NoReturn:
    raise NotationError(Reason("not_an_action", {"text": str(shown(text))}))


ALL_ACTIONS: tuple[Action, ...] = tuple(Action(i) for i in range(BID_BASE + MAX_BID + 1))


def play(card: Card) -> Action:
    """The action that plays ``card`` (any copy of a Wizard or Jester)."""
    return ALL_ACTIONS[canonical(card)]


def choose_trump(suit: Suit) -> Action:
    """The dealer's choice of ``suit`` as trump."""
    return ALL_ACTIONS[TRUMP_BASE + suit]


def bid(n: int) -> Action:
    """The bid of ``n`` tricks."""
    if not 0 <= n <= MAX_BID:
        _not_an_action(f"bid {n}")
    return ALL_ACTIONS[BID_BASE + n]
