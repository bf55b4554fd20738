"""The anniversary boxes (S1): which special cards a game's deck holds, read from its options.

``Options.specials`` is ``""`` (the original box), a box (``"2016"``, ``"2021"``, ``"2026"``)
or a comma-separated list of the special cards' names.  The one home of S1 (the boxes, Dragon
and Fairy only together) and S3 (the options special cards do not combine with), and of what a
deck allows a round's score pad (S9: tricks to nobody, S13: changed bids), which the score
keeper and the history check without playing the cards.
"""

from __future__ import annotations

from .cards import BOMB, CLOUD, DRAGON, FAIRY, FIRST_SPECIAL, SPECIAL_BY_NAME, SPECIAL_NAMES, WITCH, Card
from .errors import ConfigError
from .reasons import Reason, shown

BOXES: dict[str, tuple[Card, ...]] = {
    "2016": tuple(range(FIRST_SPECIAL, FIRST_SPECIAL + 6)),  # Dragon .. Cloud: 66 cards
    "2021": tuple(range(FIRST_SPECIAL, FIRST_SPECIAL + 7)),  # and the Shapeshifter: 67
    "2026": tuple(range(FIRST_SPECIAL, FIRST_SPECIAL + 9)),  # and the Witch and the Vampire: 69
}
"""S1: the special cards of each anniversary box."""
EXCLUDED_OPTIONS = ("foresight", "unicoloured")
"""S3: the options a game with special cards refuses."""
REFUSED_SCHEDULES = ("maximus",)
"""T2: the schedules a game with special cards refuses (Wizard Maximus)."""


def special_cards(text: str) -> tuple[Card, ...]:
    """The special cards ``Options.specials`` names, in card order; refuse what S1 does not allow."""
    if not isinstance(text, str):
        raise ConfigError(Reason("specials_unknown", {"specials": shown(text), "choices": _choices()}, "S1"))
    if text in BOXES or not text:
        return BOXES.get(text, ())
    cards = set()
    for word in text.split(","):
        card = SPECIAL_BY_NAME.get(word.strip().upper()) if word.isascii() else None
        if card is None:
            raise ConfigError(Reason("specials_unknown", {"specials": shown(text), "choices": _choices()}, "S1"))
        cards.add(card)
    if (DRAGON in cards) != (FAIRY in cards):
        raise ConfigError(Reason("specials_dragon_fairy", {}, "S1"))
    return tuple(sorted(cards))


def check_specials(text: str, chosen: set[str], schedule: str) -> None:
    """S1/S3/T2: refuse an unknown set of special cards, or one with an option it excludes."""
    if not special_cards(text):
        return
    for key in EXCLUDED_OPTIONS:
        if key in chosen:
            raise ConfigError(Reason("specials_exclude", {"option": key}, "S3"))
    if schedule in REFUSED_SCHEDULES:
        raise ConfigError(Reason("specials_exclude", {"option": schedule}, "T2"))


def specials_offer() -> dict[str, object]:
    """What a page may offer of the special cards (``describe()``): ``boxes``, a list of each box
    (its ``Options.specials``) with its cards by name (S1), the original deck's first (``""``, no
    cards); ``cards``, every special card's name; and ``excludes``, the options they are not played
    with (S3)."""
    boxes = [{"box": box, "cards": [SPECIAL_NAMES[card - FIRST_SPECIAL] for card in cards]}
             for box, cards in {"": (), **BOXES}.items()]
    return {"boxes": boxes, "cards": list(SPECIAL_NAMES), "excludes": list(EXCLUDED_OPTIONS)}


def specials_text(cards: tuple[Card, ...]) -> str:
    """The shortest ``Options.specials`` for ``cards``: a box's name, or the names."""
    for box, held in BOXES.items():
        if held == tuple(sorted(cards)):
            return box
    return ",".join(SPECIAL_NAMES[c - FIRST_SPECIAL] for c in sorted(cards))


def most_bombed(cards: tuple[Card, ...], hand_size: int) -> int:
    """S9: the most tricks of a round dealing ``hand_size`` cards each that a Bomb of ``cards``
    leaves to nobody (see :func:`_most_plays`)."""
    return _most_plays(BOMB, cards, hand_size)


def most_cloud_changes(cards: tuple[Card, ...], hand_size: int) -> int:
    """S13: the most changes of bid a Cloud of ``cards`` brings in such a round."""
    return _most_plays(CLOUD, cards, hand_size)


def _most_plays(card: Card, cards: tuple[Card, ...], hand_size: int) -> int:
    """How often ``card``'s effect can come in one round: once (the card, or the Vampire copying
    it: never both, for the Vampire copies the turned-up card, S12), and once more when the Witch
    may take it back from its trick to be played again (S13: one Witch's step a round, the Witch
    or the Vampire copying it); never more often than there are tricks.  **Ours**: the bound a
    pad is checked against, which a real round may not reach."""
    if card not in cards:
        return 0
    return min(hand_size, 2 if WITCH in cards else 1)


def _choices() -> str:
    return ", ".join([*BOXES, *SPECIAL_NAMES])
