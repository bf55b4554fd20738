"""The Medium bot: a club player who bids by a quick look at a dozen deals and plays by
counting cards (:func:`~wizard_engine.bots.heuristic.medium_card`)."""

from __future__ import annotations

from ..actions import Action, bid, choose_trump, play
from ..cards import JESTER, SUIT_OF, cards_of
from ..rules import beats
from .base import decision_rng, require_turn
from .heuristic import best_trump, choose_bid, expected_tricks, medium_card
from .knowledge import Knowledge, View, read_view
from .search import DealSearch
from .specials import special_decision

MEDIUM_BID_DEALS = 12  # Medium bids by a quick look at a dozen deals


class MediumBot:
    """A solid club player: estimates each card's chances to bid, counts cards and voids,
    wins cheaply when it needs tricks, ducks and sheds dangerous cards when it does not."""

    level = "medium"

    def __init__(self, seed: int = 0, bid_deals: int = MEDIUM_BID_DEALS, **settings: object) -> None:
        self.seed = seed
        self.bid_deals = bid_deals  # deals tried per bid (0: the card-chance estimate alone)

    def decide(self, view: View) -> Action:
        """A legal action for this seat."""
        require_turn(view)
        if view["options"]["specials"]:
            return special_decision(view, self.seed, self.level)
        know = read_view(view)
        if know.phase == "trump":
            return choose_trump(best_trump(know))
        if know.phase == "bidding":
            if know.hand_hidden:
                return bid(choose_bid(know, _foresight_estimate(know)))
            if self.bid_deals:
                # A quick look at a few deals, as a player imagines them.
                search = DealSearch(self.seed, think_ms=0, deals=self.bid_deals, infer_bids=False)
                return bid(search.bid_search(know, decision_rng(self.seed, view), spread=1)[0])
            return bid(choose_bid(know, expected_tricks(know)))
        return play(medium_card(know))


def _foresight_estimate(know: Knowledge) -> float:
    """R20: the chance that an unseen card of ours beats the cards we see."""
    pool = know.pool
    if not pool:
        return 0.0
    wins = 0
    shown = [o for m in know.known_hands.values() for o in cards_of(m)]
    for c in pool:
        # Our card wins if it beats every shown card, whoever leads (approximation: we lead).
        if SUIT_OF[c] != JESTER and not any(beats(o, c, know.rules) for o in shown):
            wins += 1
    return wins / len(pool)
