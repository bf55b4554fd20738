"""Actions: every decision of the game is one small int with a readable notation.

* ``play <card>``: 0..59, the card (Wizards and Jesters by their first copy, see
  :func:`wizard_engine.cards.canonical`; which copy leaves the hand does not matter);
* ``trump <suit>``: 60..63, the dealer's choice on a turned-up Wizard (R8);
* ``bid <n>``: 64 + n;

and, only in a game with the anniversary boxes' special cards (S1..S14), from 1000 on:

* ``play <special> [<how>]``: a special card, with the colour a Juggler or Cloud names (S5) or
  the card a Shapeshifter is declared (``Z`` or ``N``, S11), and for a Vampire what its copy
  needs (S12): ``play Juggler H``, ``play Shapeshifter Z``, ``play Dragon``;
* ``call <suit>`` or ``call none``: the Werewolf's trump call (S10);
* ``name <how>``: what a card the Vampire turned up and copied needs (S12);
* ``pass <card>``: the card passed on after a Juggler (S13);
* ``cloud +1`` or ``cloud -1``: the change of bid after a Cloud (S13);
* ``witch <card> <card>``: the card the Witch's player puts into the trick and the one they take (S13).

``Action`` subclasses ``int`` so that search code can treat actions as ints, while
``str(action)`` gives ``"play 7H"``, ``"trump H"`` or ``"bid 2"`` and
:meth:`Action.parse` reads that back.
"""

from __future__ import annotations

from typing import NoReturn

from .cards import (
    ALL_CARDS,
    DECK_SIZE,
    FIRST_SPECIAL,
    SPECIAL,
    SUIT_LETTERS,
    SUIT_OF,
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
SPECIAL_PLAY_BASE = 1000  # + (card - 60) * HOWS + how
CALL_BASE = 1100  # + suit, or + NO_CALL
NAME_BASE = 1110  # + how
PASS_BASE = 1200  # + card
CLOUD_BASE = 1300  # + 0 for +1, + 1 for -1
WITCH_BASE = 2000  # + put * ALL_CARDS + take
WITCH_END = WITCH_BASE + ALL_CARDS * ALL_CARDS
NO_CALL = 4  # "call none": no trump (S10)
HOW_NONE, HOW_WIZARD, HOW_JESTER = 0, 5, 6
"""How a special card is played: nothing to say, a colour (1 + suit), a Wizard or a Jester (S11)."""
HOWS = 7
HOW_LETTERS = {HOW_WIZARD: "Z", HOW_JESTER: "N"}


class Action(int):
    """One decision: play a card, choose trump, or bid."""

    __slots__ = ()

    @property
    def kind(self) -> str:
        """``"play"``, ``"trump"`` or ``"bid"``; with special cards also ``"call"``, ``"name"``,
        ``"pass"``, ``"cloud"`` or ``"witch"``."""
        if self < TRUMP_BASE:
            return "play"
        if self < SPECIAL_PLAY_BASE:
            return "trump" if self < BID_BASE else "bid"
        return _special_kind(self)

    @property
    def card(self) -> Card:
        """The card of a ``play`` action (or of a ``pass``; for a ``witch``, the card put in)."""
        if self < SPECIAL_PLAY_BASE:
            return int(self)
        if self < CALL_BASE:
            return FIRST_SPECIAL + (self - SPECIAL_PLAY_BASE) // HOWS
        if PASS_BASE <= self < CLOUD_BASE:
            return self - PASS_BASE
        return (self - WITCH_BASE) // ALL_CARDS

    @property
    def how(self) -> int:
        """How a special card is played (``play``) or a copy is named (``name``): :data:`HOW_NONE`,
        1 + a suit, :data:`HOW_WIZARD` or :data:`HOW_JESTER`."""
        if self < CALL_BASE:
            return (self - SPECIAL_PLAY_BASE) % HOWS if self >= SPECIAL_PLAY_BASE else HOW_NONE
        return self - NAME_BASE

    @property
    def call(self) -> Suit | None:
        """The trump a ``call`` names, or None for no trump."""
        return None if self - CALL_BASE == NO_CALL else self - CALL_BASE

    @property
    def taken_card(self) -> Card:
        """The card a ``witch`` action takes from the trick."""
        return (self - WITCH_BASE) % ALL_CARDS

    @property
    def change(self) -> int:
        """The change of bid of a ``cloud`` action: +1 or -1."""
        return 1 if self == CLOUD_BASE else -1

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
            return f"play {card_name(self.card)}{_how_text(self.how)}"
        if kind == "trump":
            return f"trump {SUIT_LETTERS[self.suit]}"
        if kind == "bid":
            return f"bid {self.bid}"
        return _special_text(self, kind)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Action:
        """Read ``"play 7H"``, ``"trump H"`` or ``"bid 2"``."""
        if not isinstance(text, str):
            _not_an_action(text)
        words = text.split()
        if len(words) == 3 or (words[:1] and words[0].lower() in SPECIAL_VERBS):
            return _parse_special(text, words)
        if len(words) != 2:
            _not_an_action(text)
        verb, arg = words[0].lower(), words[1]
        if verb == "play":
            card = parse_card(arg)
            return play_special(card) if card >= FIRST_SPECIAL else play(card)
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


SPECIAL_VERBS = ("call", "name", "pass", "cloud", "witch")


def _special_kind(action: int) -> str:
    for base, kind in ((CALL_BASE, "play"), (NAME_BASE, "call"), (PASS_BASE, "name"), (CLOUD_BASE, "pass"),
                       (WITCH_BASE, "cloud"), (WITCH_END, "witch")):
        if action < base:
            return kind
    _not_an_action(int(action))


def _how_text(how: int) -> str:
    if how == HOW_NONE:
        return ""
    return " " + HOW_LETTERS.get(how, SUIT_LETTERS[how - 1] if 1 <= how <= 4 else "?")


def _special_text(action: Action, kind: str) -> str:
    if kind == "call":
        suit = action.call
        return f"call {'none' if suit is None else SUIT_LETTERS[suit]}"
    if kind == "name":
        return f"name{_how_text(action.how)}"
    if kind == "pass":
        return f"pass {card_name(action.card)}"
    if kind == "cloud":
        return f"cloud {action.change:+d}"
    return f"witch {card_name(action.card)} {card_name(action.taken_card)}"


def _parse_how(word: str, text: str) -> int:
    upper = word.upper()
    for how, letter in HOW_LETTERS.items():
        if upper == letter:
            return how
    if upper in ("C", "D", "H", "S"):
        return 1 + SUIT_LETTERS.index(upper)
    _not_an_action(text)


def _parse_special(text: str, words: list[str]) -> Action:
    """Read the actions of the special cards (S5..S13)."""
    verb = words[0].lower()
    if verb == "play" and len(words) == 3:
        card = parse_card(words[1])
        if card < FIRST_SPECIAL:
            _not_an_action(text)
        return play_special(card, _parse_how(words[2], text))
    if verb == "witch" and len(words) == 3:
        return witch_swap(parse_card(words[1]), parse_card(words[2]))
    if len(words) != 2:
        _not_an_action(text)
    arg = words[1]
    if verb == "call":
        return call_trump(None if arg.lower() == "none" else parse_suit(arg))
    if verb == "name":
        return name_copy(_parse_how(arg, text))
    if verb == "pass":
        return pass_card(parse_card(arg))
    if verb == "cloud" and arg in ("+1", "-1"):
        return cloud_change(int(arg))
    _not_an_action(text)


def play_special(card: Card, how: int = HOW_NONE) -> Action:
    """The action that plays special card ``card`` (S4), the way ``how`` says (S5, S11, S12)."""
    if SUIT_OF[card] != SPECIAL or not 0 <= how < HOWS:
        _not_an_action(f"play {card}")
    return Action(SPECIAL_PLAY_BASE + (card - FIRST_SPECIAL) * HOWS + how)


def call_trump(suit: Suit | None) -> Action:
    """The Werewolf's call (S10): a suit, or None for no trump."""
    return Action(CALL_BASE + (NO_CALL if suit is None else suit))


def name_copy(how: int) -> Action:
    """S12: what the card the Vampire turned up and copies is named (a colour, Z or N)."""
    return Action(NAME_BASE + how)


def pass_card(card: Card) -> Action:
    """S13: the card passed to the left after a Juggler."""
    return Action(PASS_BASE + card)


def cloud_change(change: int) -> Action:
    """S13: the Cloud's change of its winner's bid, +1 or -1."""
    return Action(CLOUD_BASE + (0 if change > 0 else 1))


def witch_swap(put: Card, take: Card) -> Action:
    """S13: the Witch's player puts ``put`` into the trick and takes ``take``."""
    return Action(WITCH_BASE + put * ALL_CARDS + take)
