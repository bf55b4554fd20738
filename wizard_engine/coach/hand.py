"""Advice for a real hand: the coach's bid for cards dealt at a real table, kept on a score pad.

At a table kept by :mod:`wizard_engine.records.keeper`, the person to bid next enters their own cards
and the turned-up card (and, when a Wizard was turned up, the trump the dealer chose).  The
pad already says everything else the coach needs: the players, the options, the round, the
dealer, the bids so far and the totals.  :func:`hand_state` builds a game state consistent with
all of it (the other players' cards are any of the cards nobody has seen: the coach only reads
the bidder's view, which never shows them) and :func:`hand_advice` asks the coach on that view,
as bidding practice does.

Refused with a reason: a pad not waiting for a bid; a hand of the wrong size, with a card twice
(or a fifth Wizard or Jester), or holding the turned-up card; a turned-up card missing (every
round but the last has one) or given in the last round; a trump chosen without a turned-up
Wizard, or missing after one.  Two options have no advice: under Foresight the round-1 bidder
cannot see their own card (R20), and under Unicoloured the hands are drawn from each player's
own colour (R21), which the pad does not record.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import replace
from typing import Any

from ..cards import DECK_SIZE, FIRST_JESTER, FIRST_WIZARD, SUIT_LETTERS, Card, card_name, parse_card
from ..errors import NotationError, WizardError
from ..reasons import Reason, shown
from ..records.keeper import Keeper
from ..rules import turns_up
from ..state import Phase, State
from ..view import seat_view
from .advice import DEFAULT_BUDGET, Advice, advise

COPIES = 4  # of the Wizard and of the Jester (R1)


def hand_state(keeper: Keeper, hand: Any, turned: Any, trump: Any) -> State:
    """A state of the pad's round at the next bidder's turn, with ``hand`` in their seat."""
    bidder = _bidder(keeper)
    round_, cards = keeper.round, keeper.cards(keeper.round)
    held = _hand(hand, cards, round_)
    up = _turned(turned, held, not turns_up(keeper.players, cards))
    chosen = _trump(trump, up)
    rng = random.Random(zlib.crc32(f"{keeper.id}|{round_}|{sorted(held)}|{up}".encode()))
    unseen = [c for c in range(DECK_SIZE) if c not in held and c != up]
    rng.shuffle(unseen)
    hands = [held if seat == bidder else [unseen.pop() for _ in range(cards)] for seat in range(keeper.players)]
    # The bids were made in the open at the table (or shown before the pad took them).
    config = replace(keeper.config, options=replace(keeper.config.options, bidding="open", foresight=False))
    dealer = keeper.dealer(round_)
    state = State.with_deal(config, hands, up, dealer, round_)
    state.totals = list(keeper.totals)
    if state.phase is Phase.TRUMP:
        state.apply(dealer, f"trump {chosen}")
    for seat in keeper.order(round_):
        if seat == bidder:
            break
        state.apply(seat, f"bid {keeper.bids[seat]}")
    return state


def hand_advice(keeper: Keeper, hand: Any, turned: Any, trump: Any, budget: float = DEFAULT_BUDGET) -> Advice:
    """The coach's advice on the next bidder's bid, holding ``hand`` (see :func:`hand_state`)."""
    state = hand_state(keeper, hand, turned, trump)
    seat = state.to_act()[0]
    seed = zlib.crc32(f"{keeper.id}|{len(keeper.entries)}|{state.hands[seat]}|{state.turned}".encode())
    return advise(seat_view(state, seat), seed=seed, budget=budget)


def _bidder(keeper: Keeper) -> int:
    options = keeper.config.options
    if options.unicoloured:
        raise WizardError(Reason("hand_unicoloured", rule="R21"))
    if options.specials:  # the picker, the turned-up card and the bots' guesses know only the 60 base cards
        raise WizardError(Reason("hand_specials", rule="S1"))
    if keeper.bidder is None:
        raise WizardError(Reason("hand_not_bidding"))
    if options.foresight and keeper.round == 1:
        raise WizardError(Reason("hand_foresight", rule="R20"))
    return keeper.bidder


def _card(text: Any) -> Card:
    """One card in notation; a Wizard or Jester as the first of its copies."""
    if not isinstance(text, str):
        raise WizardError(Reason("not_a_card", {"text": str(shown(text))}, "R1"))
    try:
        return parse_card(text)
    except NotationError as error:
        raise WizardError(error.reason) from None


def _hand(hand: Any, cards: int, round_: int) -> list[Card]:
    """The hand as distinct cards: each Wizard or Jester takes the next of its four copies."""
    if not isinstance(hand, list):
        raise WizardError(Reason("hand_not_list"))
    if len(hand) != cards:
        raise WizardError(Reason("hand_size", {"count": len(hand), "cards": cards, "round": round_}, "R5"))
    held: list[Card] = []
    for text in hand:
        card = _card(text)
        while card in held and _special(card) and _next_copy(card) is not None:
            card = _next_copy(card)  # type: ignore[assignment]
        if card in held:
            raise WizardError(Reason("hand_card_twice", {"card": card_name(card)}, "R1"))
        held.append(card)
    return held


def _special(card: Card) -> bool:
    return card >= FIRST_WIZARD


def _next_copy(card: Card) -> Card | None:
    """The next copy of a Wizard or Jester, or None after the fourth."""
    first = FIRST_WIZARD if card < FIRST_JESTER else FIRST_JESTER
    return card + 1 if card + 1 < first + COPIES else None


def _turned(turned: Any, held: list[Card], last_round: bool) -> Card | None:
    """R9: the turned-up card, none in the last round; never one of the hand's cards."""
    if last_round:
        if turned is not None:
            raise WizardError(Reason("hand_turned_last_round", rule="R9"))
        return None
    if turned is None:
        raise WizardError(Reason("hand_turned_missing", rule="R9"))
    card = _card(turned)
    while card in held and _special(card) and _next_copy(card) is not None:
        card = _next_copy(card)  # type: ignore[assignment]
    if card in held:
        raise WizardError(Reason("hand_turned_in_hand", {"card": card_name(card)}, "R22"))
    return card


def _trump(trump: Any, up: Card | None) -> str | None:
    """The suit the dealer chose for a turned-up Wizard (R8); nothing otherwise."""
    wizard = up is not None and FIRST_WIZARD <= up < FIRST_JESTER
    if not wizard:
        if trump is not None:
            raise WizardError(Reason("hand_trump_not_chosen", rule="R8"))
        return None
    if trump is None:
        raise WizardError(Reason("hand_trump_missing", rule="R8"))
    if not (isinstance(trump, str) and trump in SUIT_LETTERS):
        raise WizardError(Reason("not_a_suit", {"text": str(shown(trump))}))
    return trump
