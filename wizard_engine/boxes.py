"""The anniversary boxes (S1): which special cards a game's deck holds, read from its options.

``Options.specials`` is ``""`` (the original box), a box (``"2016"``, ``"2021"``, ``"2026"``)
or a comma-separated list of the special cards' names.  The one home of S1 (the boxes, Dragon
and Fairy only together) and S3 (the options special cards do not combine with).
"""

from __future__ import annotations

from .cards import DRAGON, FAIRY, FIRST_SPECIAL, SPECIAL_BY_NAME, SPECIAL_NAMES, Card
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


def specials_text(cards: tuple[Card, ...]) -> str:
    """The shortest ``Options.specials`` for ``cards``: a box's name, or the names."""
    for box, held in BOXES.items():
        if held == tuple(sorted(cards)):
            return box
    return ",".join(SPECIAL_NAMES[c - FIRST_SPECIAL] for c in sorted(cards))


def specials_constraints() -> dict[str, object]:
    """What a form offers (describe()): each box's cards, every special card (card order), and
    what a game with special cards refuses (S3 options, T2's schedule)."""
    return {"boxes": {box: [SPECIAL_NAMES[c - FIRST_SPECIAL] for c in held] for box, held in BOXES.items()},
            "cards": list(SPECIAL_NAMES), "together": [SPECIAL_NAMES[DRAGON - FIRST_SPECIAL],
                                                       SPECIAL_NAMES[FAIRY - FIRST_SPECIAL]],
            "excludes": list(EXCLUDED_OPTIONS), "schedules_refused": list(REFUSED_SCHEDULES)}


def _choices() -> str:
    return ", ".join([*BOXES, *SPECIAL_NAMES])
