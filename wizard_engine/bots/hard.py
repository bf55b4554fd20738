"""The Hard bot: determinized search over deals consistent with what its seat has seen
(:class:`~wizard_engine.bots.search.DealSearch`), with a budget per decision.

``think_ms`` is turned into a fixed amount of work, never measured on a clock (see
:mod:`wizard_engine.bots.search`), so the same view and seed always give the same decision;
``think_ms=0`` falls back on Medium's judgement.
"""

from __future__ import annotations

from typing import Any

from ..actions import Action, choose_trump
from .base import require_turn
from .heuristic import best_trump
from .knowledge import View, read_view
from .medium import MediumBot
from .search import SPITE, DealSearch
from .special_search import search as special_search
from .specials import special_decision

DEFAULT_THINK_MS = 150
SPECIAL_DEALS_PER_MS = 0.1  # a special-card game's deals per ms of budget (15 at Hard's 150)...
MAX_SPECIAL_DEALS = 40  # ...and at most this many (Expert's 1200 ms)


class HardBot(DealSearch):
    """Searches: bids by expected score and plays by playing out consistent deals."""

    level = "hard"

    def __init__(self, seed: int = 0, think_ms: float = DEFAULT_THINK_MS,
                 deals: int | None = None, spite: float = SPITE, infer_bids: bool = True,
                 **settings: Any) -> None:
        super().__init__(seed, think_ms, deals, spite, infer_bids)
        self._fallback = MediumBot(seed)

    def decide(self, view: View) -> Action:
        """A legal action for this seat."""
        require_turn(view)
        if view["options"]["specials"]:
            return self._special(view)
        if len(view["legal"]) == 1:
            return Action.parse(view["legal"][0])
        if self.think_ms <= 0 and self.deals is None:
            return self._fallback.decide(view)
        know = read_view(view)
        if know.phase == "trump":
            return choose_trump(best_trump(know))
        return self.search(view, know)[0]

    def _special(self, view: View) -> Action:
        """A special-card game: search its own states (:mod:`.special_search`); the rules without a budget."""
        no_budget = self.think_ms <= 0 and self.deals is None
        if no_budget or len(view["legal"]) == 1:
            return special_decision(view, self.seed, self.level)
        deals = self.deals or max(1, min(MAX_SPECIAL_DEALS, round(self.think_ms * SPECIAL_DEALS_PER_MS)))
        return special_search(view, self.seed, deals)
