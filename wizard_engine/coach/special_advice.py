"""The coach's figures in a game with special cards (S1..S14).

The base game's advice comes from Expert's search on :mod:`wizard_engine.fast`, which knows
no special card; a special-card game is searched by Hard's and Expert's own search for it,
:mod:`wizard_engine.bots.special_search`: every legal option of the decision (each bid, each
card and each way to play a Juggler, Cloud or Shapeshifter, each call, name, pass, Cloud
change and Witch swap) is applied on the same sampled deals and the round played out by the
search's quick policy; an option's ``points`` is this seat's mean round points over the deals
(without spite: the coach weighs the person's own points), ``make`` the share of deals in
which the seat made its bid as the round ended (the bid the option makes, for a bid; the
Cloud's change counted, as scoring counts it).

A decision's cost is its options times the tricks left to play out, so the deals follow the
budget divided by that (:func:`special_deals`): a round's first bid or a Witch with many swaps
gets fewer deals than a card late in the round, within :data:`MIN_DEALS`..:data:`MAX_DEALS`.
Every option is kept (a Witch's swaps too: at most the hand times the trick's cards).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..actions import Action
from ..bots.base import View
from ..bots.special_deals import Seen
from ..bots.special_search import how_of, tally
from ..cards import SUIT_LETTERS, VAMPIRE, parse_card
from ..special_tricks import DRAGON_LIKE, SUIT_CARD, WIZARD_LIKE, Played, bombed, identity, trick_winner

WORK_PER_MS = 2.0  # option-tricks played out per ms of budget (1200 at the default 600)
MIN_DEALS = 6  # ...but never fewer deals than this (the figures' noise grows fast below)
MAX_DEALS = 60  # ...nor more (a late card: 1.5 times Expert's most in a special-card game, bots/hard.py)
PLAY_PHASES = ("playing", "passing", "cloud", "witch", "vampire")
"""The decisions made while the tricks are played (the rest, trump, call and bid, come before)."""


def special_deals(view: View, options: int, budget: float) -> int:
    """The deals for a decision of ``options`` options with the view's tricks left to play."""
    left = view["hand_size"] - len(view["tricks"])
    work = options * max(1, left)
    return max(MIN_DEALS, min(MAX_DEALS, round(budget * WORK_PER_MS / work)))


def special_figures(view: View, seed: int, budget: float) -> tuple[list[tuple[str, float, float]], int]:
    """Each legal option's (text, mean round points, share of deals making the bid) and the deals."""
    actions = [Action.parse(text) for text in view["legal"]]
    deals = special_deals(view, len(actions), budget)
    sums = tally(view, Seen(view), actions, seed, deals, spite=0.0)
    figures = [(text, sums.points[action] / deals, sums.made[action] / deals)
               for text, action in zip(view["legal"], actions)]
    return figures, deals


def special_natural(view: View) -> Callable[[str], Any] | None:
    """The order in which a player parts with cards of equal worth (as the base game's
    :func:`~.advice.natural_key`): with the bid made, a card that does not take the trick as it
    stands (a bombed trick is nobody's, S9); then a plain suit card, a trump, a Jester-like
    card (Jester, Fairy, Bomb, Witch), a Wizard-like card (a Wizard, a Shapeshifter as one, the
    Dragon); within each, the lowest.
    None outside card play: there the best figures decide."""
    if view["phase"] != "playing":
        return None
    trump = _suit_index(view["trump"]["suit"])
    turned = parse_card(view["trump"]["card"]) if view["trump"]["card"] else None
    trick = view["trick"]
    plays = trick["plays"]
    hows = trick.get("hows") or [None] * len(plays)
    copies = trick.get("copies") or [None] * len(plays)
    played = [identity(parse_card(play["card"]), how_of(how), None if copy is None else parse_card(copy))
              for play, how, copy in zip(plays, hows, copies)]
    bid_ = view["bids"][view["seat"]]
    made = bid_ is not None and view["taken"][view["seat"]] >= bid_

    def key(text: str) -> tuple[bool, int, int]:
        action = Action.parse(text)
        mine = identity(action.card, action.how, turned if action.card == VAMPIRE else None)
        after = [*played, mine]
        takes = bool(played) and not bombed(after) and trick_winner(after, trump) == len(played)  # S9: nobody's
        return (made and takes, _kind_order(mine, trump), mine.value)

    return key


def _kind_order(one: Played, trump: int | None) -> int:
    if one.kind == SUIT_CARD:
        return 1 if one.suit == trump else 0
    return 3 if one.kind in (WIZARD_LIKE, DRAGON_LIKE) else 2


def _suit_index(letter: str | None) -> int | None:
    return SUIT_LETTERS.index(letter) if letter else None
