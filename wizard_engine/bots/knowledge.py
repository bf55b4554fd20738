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

from ..actions import Action
from ..cards import (
    BIT,
    FIRST_JESTER,
    FIRST_WIZARD,
    FULL_MASK,
    JESTER,
    SPECIAL_MASK,
    SUIT_LETTERS,
    SUIT_MASK,
    SUIT_OF,
    SUITS,
    WIZARD,
    Card,
    Mask,
    canonical,
    cards_of,
    mask_of,
    parse_card,
)
from ..rules import (
    FOLLOW_SUIT,
    LED_AFTER,
    NOTHING_LED,
    Led,
    Trick,
    TrickRules,
    own_cards,
    trick_rules,
)
from .base import View


@dataclass
class Knowledge:
    """A seat's knowledge of the round, as ints and masks."""

    seat: int
    players: int
    hand_size: int
    phase: str
    rules: TrickRules  # the round's trump suit, NO_TRUMP or COLOURLESS
    hand: Mask  # own hand (0 when hidden under Foresight)
    hand_hidden: bool
    known_hands: dict[int, Mask]  # hands shown under Foresight
    counts: list[int]  # cards in each hand now
    allowed: list[Mask]  # cards each other seat may hold
    pool: list[Card]  # unseen cards (other hands and the stock)
    pool_mask: Mask  # the same as a mask
    bids: list[int | None]  # bids as visible
    taken: list[int]
    dealer: int
    trick: list[tuple[int, Card]]  # the current trick so far
    led: Led = NOTHING_LED
    best: int = -1
    winner: int = -1
    legal: list[Action] = field(default_factory=list)  # the view's legal actions, read once
    voids: list[int] = field(default_factory=list)  # bitmask of suits shown out of, per seat
    played_by: list[Mask] = field(default_factory=list)  # cards each seat has played this round

    def legal_cards(self) -> list[Card]:
        """Exact cards of own hand that the view lists as legal plays (one copy per kind of
        special card: the lowest held)."""
        plays = {a.card for a in self.legal if a.kind == "play"}
        out = []
        for c in cards_of(self.hand):
            if canonical(c) in plays:
                plays.discard(canonical(c))
                out.append(c)
        return out

    def legal_bids(self) -> list[int]:
        """The bids the view lists as legal."""
        return [a.bid for a in self.legal if a.kind == "bid"]


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
    rules = trick_rules(SUIT_LETTERS.index(trump) if trump else None, uni)
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
        led = NOTHING_LED
        trick_plays = []
        for play in trick["plays"]:
            s, card = play["seat"], copies.card(play["card"], play["seat"])
            trick_plays.append((s, card))
            if FOLLOW_SUIT[led] and not BIT[card] & (FOLLOW_SUIT[led] | SPECIAL_MASK):
                voids[s] |= 1 << led  # R13: did not follow, so holds none of the led suit
            led = LED_AFTER[led][card]
            played_by[s] |= BIT[card]
            seen |= BIT[card]
    if view["trump"]["card"] and not uni:
        seen |= BIT[copies.card(view["trump"]["card"], None)]
    pool_mask = FULL_MASK & ~seen & ~hand
    counts = list(view["hand_counts"])
    allowed = []
    for s in range(players):
        if s == seat or s in known:
            allowed.append(0)
            continue
        mask = pool_mask
        for suit in range(SUITS):
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
        seat=seat, players=players, hand_size=view["hand_size"],
        phase=view["phase"], rules=rules, hand=hand, hand_hidden=hand_hidden,
        known_hands=known, counts=counts, allowed=allowed, pool=cards_of(pool_mask), pool_mask=pool_mask,
        bids=list(view["bids"]), taken=list(view["taken"]), dealer=view["dealer"],
        trick=[], legal=[Action.parse(a) for a in view["legal"]], voids=voids,
        played_by=played_by)
    _replay_trick(know, trick_plays)
    return know


def _replay_trick(know: Knowledge, plays: list[tuple[int, Card]]) -> None:
    """Fill in the current trick's led suit and winner, by the engine's own :class:`Trick`."""
    if not plays:
        return
    trick = Trick(plays[0][0])
    for seat, card in plays:
        trick.add(seat, card, know.rules)
    know.trick = list(zip(trick.seats, trick.cards))
    know.led, know.best, know.winner = trick.led, trick.best, trick.winner
