"""What a bot can know, read from a seat's view and nothing else.

:func:`read_view` turns the JSON view into ints and masks: the bot's hand, the cards seen
(played this round, the turned-up card, hands shown under Foresight), the unseen pool,
each seat's hand size, the suits a seat has shown out of (R13) and, in Unicoloured, the
cards each seat can still hold (R21: a seat's cards are its own colour, Wizard and Jester).
Wizards and Jesters are shown as ``Z``/``N`` whatever the copy, so copies are numbered
here: in the standard game copies do not matter; in Unicoloured the copy is its owner's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cards import (
    BIT,
    DECK_SIZE,
    FIRST_JESTER,
    FIRST_WIZARD,
    JESTER,
    SUIT_LETTERS,
    SUIT_MASK,
    SUIT_OF,
    WIZARD,
    Card,
    Mask,
    card_name,
    cards_of,
    mask_of,
    parse_card,
)
from ..fast import BEATS, NOT_LED, trump_index
from ..rules import own_cards

View = dict[str, Any]
FULL: Mask = (1 << DECK_SIZE) - 1


@dataclass
class Knowledge:
    """A seat's knowledge of the round, as ints and masks."""

    seat: int
    players: int
    round: int
    hand_size: int
    phase: str
    unicoloured: bool
    t: int  # trump table index (fast.trump_index)
    hand: Mask  # own hand (0 when hidden under Foresight)
    hand_hidden: bool
    known_hands: dict[int, Mask]  # hands shown under Foresight
    counts: list[int]  # cards in each hand now
    allowed: list[Mask]  # cards each other seat may hold
    pool: list[Card]  # unseen cards (other hands and the stock)
    bids: list[int | None]  # bids as visible
    taken: list[int]
    dealer: int
    trick: list[tuple[int, Card]]  # the current trick so far
    led: int = NOT_LED
    best: int = -1
    winner: int = -1
    legal: list[str] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    voids: list[int] = field(default_factory=list)  # bitmask of suits shown out of, per seat
    played_by: list[Mask] = field(default_factory=list)  # cards each seat has played this round

    @property
    def tricks_left(self) -> int:
        """Tricks still to be won this round, the current one included."""
        return self.hand.bit_count() if not self.hand_hidden else self.hand_size

    def legal_cards(self) -> list[Card]:
        """Exact cards of own hand that the view lists as legal plays."""
        names = {a.split()[1] for a in self.legal if a.startswith("play ")}
        out, seen_special = [], set()
        for c in cards_of(self.hand):
            name = card_name(c)
            if name in names:
                if c >= FIRST_WIZARD:
                    kind = SUIT_OF[c]
                    if kind in seen_special:
                        continue
                    seen_special.add(kind)
                out.append(c)
        return out


class _Copies:
    """Hands out distinct copies of Wizards and Jesters for ``Z``/``N``."""

    def __init__(self, unicoloured: bool) -> None:
        self.unicoloured = unicoloured
        self.free = {WIZARD: list(range(FIRST_WIZARD, FIRST_WIZARD + 4)),
                     JESTER: list(range(FIRST_JESTER, FIRST_JESTER + 4))}

    def card(self, name: str, owner: int | None) -> Card:
        card = parse_card(name)
        kind = SUIT_OF[card]
        if kind not in (WIZARD, JESTER):
            return card
        if self.unicoloured and owner is not None:
            card = (FIRST_WIZARD if kind == WIZARD else FIRST_JESTER) + owner
            if card in self.free[kind]:
                self.free[kind].remove(card)
            return card
        return self.free[kind].pop(0)


def read_view(view: View) -> Knowledge:
    """The seat's knowledge of the current round, from its view."""
    seat, players = view["seat"], len(view["players"])
    uni = bool(view["options"].get("unicoloured"))
    trump = view["trump"]["suit"]
    t = trump_index(SUIT_LETTERS.index(trump) if trump else None, uni)
    copies = _Copies(uni)
    seen = 0
    # Own hand first (its copies), then shown hands, played cards, the turned-up card.
    hand = 0
    if view.get("hand") is not None:
        for entry in view["hand"]:
            hand |= BIT[copies.card(entry["card"], seat)]
    known: dict[int, Mask] = {}
    if view.get("shown_hands"):
        for s, names in enumerate(view["shown_hands"]):
            if names is not None and s != seat:
                known[s] = mask_of(copies.card(n, s) for n in names)
                seen |= known[s]
    voids = [0] * players
    played_by = [0] * players
    trick_plays: list[tuple[int, Card]] = []
    for trick in list(view["tricks"]) + [view["trick"]]:
        led = NOT_LED
        trick_plays = []
        for play in trick["plays"]:
            s, card = play["seat"], copies.card(play["card"], play["seat"])
            trick_plays.append((s, card))
            suit = SUIT_OF[card]
            if 0 <= led < 4 and suit < 4 and suit != led:
                voids[s] |= 1 << led  # R13: did not follow, so holds none of the led suit
            if led == NOT_LED and suit != JESTER:
                led = suit
            played_by[s] |= BIT[card]
            seen |= BIT[card]
    if view["trump"]["card"] and not uni:
        seen |= BIT[copies.card(view["trump"]["card"], None)]
    pool_mask = FULL & ~seen & ~hand
    counts = list(view["hand_counts"])
    allowed = []
    for s in range(players):
        if s == seat or s in known:
            allowed.append(0)
            continue
        mask = pool_mask
        for suit in range(4):
            if voids[s] >> suit & 1 and not uni:
                mask &= ~SUIT_MASK[suit]
        if uni:
            mask &= mask_of(own_cards(s))
        allowed.append(mask)
    if uni:  # other colours' cards that no seat holds are out of the round entirely
        pool_mask &= mask_of(c for s in range(players) if s != seat for c in own_cards(s))
    hand_hidden = bool(view.get("hand_hidden"))
    if hand_hidden:
        allowed[seat] = pool_mask
    know = Knowledge(
        seat=seat, players=players, round=view["round"], hand_size=view["hand_size"],
        phase=view["phase"], unicoloured=uni, t=t, hand=hand, hand_hidden=hand_hidden,
        known_hands=known, counts=counts, allowed=allowed, pool=cards_of(pool_mask),
        bids=list(view["bids"]), taken=list(view["taken"]), dealer=view["dealer"],
        trick=[], legal=list(view["legal"]), totals=list(view["totals"]), voids=voids,
        played_by=played_by)
    _replay_trick(know, trick_plays)
    return know


def _replay_trick(know: Knowledge, plays: list[tuple[int, Card]]) -> None:
    """Fill in the current trick's led suit and winner (the engine's rules, via fast.BEATS)."""
    beats = BEATS[know.t]
    for seat, card in plays:
        if not know.trick or beats[know.best * DECK_SIZE + card]:
            know.best, know.winner = card, seat
        if know.led == NOT_LED and SUIT_OF[card] != JESTER:
            know.led = SUIT_OF[card]
        know.trick.append((seat, card))
