"""The soak's check of the search's path in a special-card game (``search``).

Hard and Expert do not play a special-card game on the real state: they rebuild one from their
seat's view (:func:`~wizard_engine.bots.special_search.template_state`), fill in a deal of the
unseen cards and play it out on copies with ``apply_unchecked``.  Given the true deal -- every
hand, the stock in order, the cards passed but not yet received, the bids the view hides -- the
rebuilt state must be the real one as far as the round goes: the same legal actions for whoever
is to act, and the same tricks and bids at the round's end, whatever is played.  A copy must also be a copy:
playing on it leaves the state it came from as it was.
"""

from __future__ import annotations

import random

from ..bots.special_deals import Deal, Seen
from ..bots.special_search import Playout, deal_state, template_state
from ..cards import Card, card_name, cards_of, mask_of
from ..specials import SpecialState
from ..state import Phase
from ..view import seat_view


class SearchBroken(Exception):
    """The rebuilt state parted from the real one; the message says where."""


def check_search_state(state: SpecialState, seat: int, rng: random.Random) -> None:
    """Rebuild ``state`` from ``seat``'s view with the true deal and play the rest of the round
    on both, the same random actions; raise :class:`SearchBroken` where they differ."""
    view = seat_view(state, seat)
    seen = Seen(view)
    rebuilt = deal_state(template_state(view, seen), true_deal(state, seat, seen))
    rebuilt.bids = state.bids[:]  # the truth of bids the view hides (R11's hidden and secret bids) too
    real = state.copy()
    before = _public(state)
    round_ = real.round
    while real.round == round_ and not real.is_over:
        actor = rng.choice(real.to_act())
        legal = [str(action) for action in real.legal_actions(actor)]
        mirrored = [str(action) for action in rebuilt.legal_actions(actor)]
        if sorted(legal) != sorted(mirrored):
            raise SearchBroken(f"seat {actor} may {legal} but the rebuilt state allows {mirrored}")
        action = rng.choice(real.legal_actions(actor))
        real.apply(actor, action)
        rebuilt.apply_unchecked(actor, action)
    _same_round_end(real, rebuilt, round_)
    if _public(state) != before:
        raise SearchBroken("playing on a copy changed the state it was copied from")


def true_deal(state: SpecialState, seat: int, seen: Seen) -> Deal:
    """The real deal in the search's cards: the rebuilt state gives the cards in sight its own
    copies (of four Wizards, any), so the hidden cards are matched to the rest by name.  The
    cards the view says a seat holds must be in that hand (or be the card it is passing now)."""
    spare: dict[str, list[Card]] = {}
    for card in [*seen.unseen(), *(card for cards in seen.known.values() for card in cards)]:
        spare.setdefault(card_name(card), []).append(card)

    def ours(cards: list[Card]) -> list[Card]:
        return [spare[card_name(card)].pop() for card in cards]

    on_the_way = state.passes if state.phase is Phase.PASSING else {}  # (kept after the passes, unused)
    for other, cards in seen.known.items():
        held = [card_name(card) for card in cards_of(state.hands[other])]
        held += [card_name(on_the_way[other])] if other in on_the_way else []  # passed it, maybe
        for name in map(card_name, cards):
            if name not in held:
                raise SearchBroken(f"seat {seat}'s view says seat {other} holds {name}; it holds {held}")
            held.remove(name)
    hands = [seen.hand if other == seat else mask_of(ours(cards_of(hand))) for other, hand in enumerate(state.hands)]
    passed = {other: ours([card])[0] for other, card in on_the_way.items()}
    return Deal(hands, ours(state.stock_order), passed)


def _same_round_end(real: SpecialState, rebuilt: Playout, round_: int) -> None:
    """The round's tricks taken (bombed ones nobody's) and bids (as the Cloud left them)."""
    rows = real.pad[round_ - 1]
    taken, bids = [row.taken for row in rows], [row.bid for row in rows]
    if taken != rebuilt.taken or bids != rebuilt.bids:
        raise SearchBroken(f"the round ended with tricks {taken} and bids {bids}, "
                           f"the rebuilt state's {rebuilt.taken} and {rebuilt.bids}")


def _public(state: SpecialState) -> str:
    """Everything every seat sees, and every hand."""
    return repr([seat_view(state, seat) for seat in range(state.num_players)])
