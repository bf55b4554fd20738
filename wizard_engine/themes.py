"""Display themes (R2): the same deck drawn as classic suits or as Amigo colours.

Lookup tables outside the model: the engine's rules never consult them.
"""

from __future__ import annotations

from .cards import JESTER, RANK_OF, SUIT_OF, WIZARD, Card

THEMES = ("classic", "amigo")
SUIT_SINGULAR = {
    "classic": ("clubs", "diamonds", "hearts", "spades"),
    "amigo": ("Humans", "Dwarves", "Elves", "Giants"),
}
CLASSIC_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")


def card_label(card: Card, theme: str = "classic") -> str:
    """A card's spoken name: ``"7 of hearts"``, ``"queen of spades"``, ``"12 of Elves"``, ``"Wizard"``."""
    suit = SUIT_OF[card]
    if suit == WIZARD:
        return "Wizard"
    if suit == JESTER:
        return "Jester"
    rank = RANK_OF[card]
    value = str(rank) if theme == "amigo" else CLASSIC_RANKS[rank - 1]
    return f"{value} of {SUIT_SINGULAR[theme][suit]}"
