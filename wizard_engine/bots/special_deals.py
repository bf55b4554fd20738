"""The deals a special-card search plays on: what a seat's view shows of the cards, and unseen
cards dealt consistently with it (:mod:`.special_search`'s first step).

The unseen cards are the game's deck less this seat's hand and every card it has seen (this
round's tricks, the current one, the turned-up card, the cards set aside).  Cards known to sit
in a hand stay there: the card the Werewolf's holder took, the card this seat passed (in its
left neighbour's hand) and the card a Witch took, unless that seat has parted with such a card
since or a later pass may have moved it.  The rest are dealt at random to fill each seat's
visible hand count; what is left is the stock, in a random order (a Vampire on the Werewolf
turns up its next card, S12).  ``tools/soak_search.py`` checks this against the real deals.
"""

from __future__ import annotations

import random

from ..cards import DECK_SIZE, Card, Mask, card_name, mask_of, parse_card
from ..rules import Seat
from .base import View


class Deal:
    """One sampled deal: every seat's hand, the stock in order, and the cards already passed."""

    def __init__(self, hands: list[Mask], stock: list[Card], passed: dict[Seat, Card]) -> None:
        self.hands, self.stock, self.passed = hands, stock, passed


class Seen:
    """What the view shows of the cards: the pool of unseen ones and where some are known to be."""

    def __init__(self, view: View) -> None:
        self.pool = _deck_pool(view)
        self.hand = mask_of(self.take(one["card"]) for one in view["hand"])
        self.faces: dict[str, list[Card]] = {}  # the cards in sight, by name, in _visible_names' order
        for name in _visible_names(view):
            self.faces.setdefault(name, []).append(self.take(name))
        self.known: dict[Seat, list[Card]] = {}
        for seat, name in _known_holdings(view):
            if self.pool.get(name):
                self.known.setdefault(seat, []).append(self.take(name))

    def take(self, name: str) -> Card:
        """Take a card called ``name`` out of the unseen pool (any copy of a Wizard or Jester)."""
        copies = self.pool.get(name)
        if not copies:
            raise ValueError(f"the view shows more {name} than the deck holds")
        return copies.pop()

    def unseen(self) -> list[Card]:
        """The cards nowhere in sight, in a fixed order."""
        return sorted(card for copies in self.pool.values() for card in copies)


def _deck_pool(view: View) -> dict[str, list[Card]]:
    pool: dict[str, list[Card]] = {}
    specials = [parse_card(name) for name in view["specials"]["cards"]]
    for card in [*range(DECK_SIZE), *specials]:
        pool.setdefault(card_name(card), []).append(card)
    return pool


def _visible_names(view: View) -> list[str]:
    """Every card face up in this round: tricks (the current one once), turned up, set aside."""
    tricks = list(view["tricks"])
    if view["trick"]["plays"] and not trick_is_last(view):
        tricks.append(view["trick"])
    names = [play["card"] for trick in tricks for play in trick["plays"]]
    if view["trump"]["card"]:
        names.append(view["trump"]["card"])
    return names + list(view["specials"]["set_aside"])


def trick_is_last(view: View) -> bool:
    """During an S13 step the trick in play is the one just taken (already among the tricks)."""
    return view["phase"] in ("passing", "cloud", "witch")


def _known_holdings(view: View) -> list[tuple[Seat, str]]:
    """Cards this seat knows another seat holds (S10, S13, S14), while nothing may have moved them."""
    specials = view["specials"]
    passes = specials["passes"]
    last_pass = max((one["trick"] for one in passes), default=-1)
    known: list[tuple[Seat, str]] = []
    werewolf = specials["werewolf"]
    if werewolf and last_pass < 0:  # any pass may have moved it
        known.append(_unless_played(view, werewolf["seat"], werewolf["took"], 0))
    left = specials["passes_to"][view["seat"]]  # S13: where this seat's passes went
    for one in passes:
        if one["trick"] == last_pass:  # a pass at trick k is put away by passes after k only
            known.append(_unless_played(view, left, one["gave"], one["trick"]))
    for index, trick in enumerate(view["tricks"]):
        for swap in trick.get("swaps") or []:
            # this trick's passes come before its Witch (S13): only a later pass moves the card
            if last_pass <= index + 1:
                known.append(_unless_played(view, swap["seat"], swap["took"], index + 1))
    return [one for one in known if one[0] not in (-1, view["seat"])]


def _unless_played(view: View, seat: Seat, name: str, since: int) -> tuple[Seat, str]:
    """(seat, name), or (-1, name) when ``seat`` has played such a card from trick ``since`` on."""
    return (-1 if _played_since(view, seat, name, since) else seat), name


def _played_since(view: View, seat: Seat, name: str, since: int) -> bool:
    """Has ``seat`` parted with a ``name`` since it was known to hold it (from trick ``since``
    on, or after the trick before it: a pass comes before that trick's Witch, S13): played it,
    or put it in with the Witch?"""
    tricks = [*view["tricks"], view["trick"]]
    swaps = [swap for trick in tricks[max(0, since - 1):] for swap in trick.get("swaps") or []]
    return (any(player == seat and card == name for trick in tricks[since:] for player, card in as_played(trick))
            or any(swap["seat"] == seat and swap["put"] == name for swap in swaps))


def as_played(trick: dict) -> list[tuple[Seat, str]]:
    """The trick's (seat, card) as played: the view shows it after the Witch's swaps (S13), so a
    card a Witch put in stands where the card it took was played."""
    plays = [(play["seat"], play["card"]) for play in trick["plays"]]
    for swap in reversed(trick.get("swaps") or []):  # (by the seat it took from: two Jesters look alike)
        index = next(i for i, (seat, card) in enumerate(plays) if seat == swap["from"] and card == swap["put"])
        plays[index] = (plays[index][0], swap["took"])
    return plays


def sample_deal(view: View, seen: Seen, rng: random.Random) -> Deal:
    """A deal of the unseen cards consistent with the view: known cards where they are, the rest
    at random to each seat's hand count (a seat that has passed now holds one card more, the
    card on its way), the remainder the stock in a random order."""
    seat = view["seat"]
    players = len(view["players"])
    passed_now = view["specials"]["passed"] or [False] * players
    unseen = seen.unseen()
    rng.shuffle(unseen)
    hands = [0] * players
    hands[seat] = seen.hand
    passed: dict[Seat, Card] = {}
    for other in range(players):
        if other == seat:
            continue
        known = seen.known.get(other, [])
        fill = view["hand_counts"][other] + passed_now[other] - len(known)
        cards = known + unseen[:fill]
        del unseen[:fill]
        if passed_now[other]:  # which card it passed is unseen: any of them, a known one too
            passed[other] = cards.pop(rng.randrange(len(cards)))
        hands[other] = mask_of(cards)
    return Deal(hands, unseen, passed)
