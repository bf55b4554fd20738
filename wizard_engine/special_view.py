"""What a special-card game adds to a seat's view (S14): data the page words, never words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import HOW_JESTER, HOW_NONE, HOW_WIZARD
from .cards import BOMB, FAIRY, SUIT_LETTERS, WITCH, card_name, cards_of
from .rules import Seat
from .special_tricks import WIZARD_LIKE_TURNED, SpecialTrick
from .state import Phase

if TYPE_CHECKING:
    from .specials import SpecialState


def special_trick_view(trick: SpecialTrick) -> dict[str, object]:
    """What a trick adds in a special-card game, as every seat sees it: how each card was played
    (a colour, ``Z`` or ``N``), what the Vampire copied, whether a Bomb voided it (S9) and the
    Witch's swaps (S13, face up)."""
    return {
        "hows": [how_text(how) for how in trick.hows],
        "copies": [None if card is None else card_name(card) for card in trick.copies],
        "bombed": trick.bombed,
        "swaps": [{"seat": seat, "put": card_name(put), "took": card_name(took), "from": at}
                  for seat, put, took, at in trick.swaps],
    }


def how_text(how: int) -> str | None:
    """How a card was played, as the view says it: a suit letter, ``Z``, ``N`` or None."""
    if how == HOW_NONE:
        return None
    return {HOW_WIZARD: "Z", HOW_JESTER: "N"}.get(how) or SUIT_LETTERS[how - 1]


def special_view(state: SpecialState, seat: Seat | None) -> dict[str, object]:
    """What a special-card game adds to a seat's view (S14: the passes only its giver and receiver see)."""
    werewolf = state.werewolf
    return {
        "cards": [card_name(card) for card in state.specials],
        "cloud": list(state.cloud),
        "cloud_pad": [list(row) for row in state.cloud_pad],
        "werewolf": None if werewolf is None else {"seat": werewolf[0], "took": card_name(werewolf[1])},
        "set_aside": [card_name(card) for card in cards_of(state.set_aside)],
        "passed": [s in state.passes for s in range(state.num_players)] if state.phase is Phase.PASSING else None,
        "passes": state.pass_known(seat) if seat is not None else [],
        "passes_to": [state.left_of(s) for s in range(state.num_players)],  # S13: the page moves passes so
    }


def special_trump_why(state: SpecialState) -> str | None:
    """Why the trump is what it is, when a special card decided it (a code the page words):
    ``calling``/``called`` (the Werewolf, S10), ``revealed`` (the Vampire's card, S12),
    ``choosing``/``chosen`` (a Wizard-like special turned up, S8), ``no_trump_card`` (the Fairy,
    Bomb or Witch turned up, S8); None when a base card decided it."""
    if state.set_aside:
        return "choosing" if state.phase is Phase.VAMPIRE and state.vampire[0] == "trump" else "revealed"
    if state.werewolf is not None:
        return "calling" if state.phase is Phase.WEREWOLF else "called"
    turned = state.turned
    if turned in (FAIRY, BOMB, WITCH):
        return "no_trump_card"
    if turned in WIZARD_LIKE_TURNED:
        return "chosen" if state.trump is not None else "choosing"
    return None

