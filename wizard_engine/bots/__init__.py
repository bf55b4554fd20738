"""Bots: each decides from a seat's view only (the same dict the web page gets).

``make_bot(level, seed, **settings)`` returns an object with ``decide(view) -> Action``
giving a legal :class:`~wizard_engine.actions.Action` (``str(action)`` is its notation,
``"play 7H"``, ``"bid 2"``, ``"trump H"``).  The same view and the same seed give the same
decision; :func:`bot_seed` gives every seat of a game its own seed.

Levels:

* ``random`` -- a uniformly random legal action (the baseline);
* ``easy`` (:mod:`.heuristic`) -- a beginner: counts obvious winners, wins with the cheapest
  card that takes the trick so far, otherwise plays its weakest card;
* ``medium`` (:mod:`.medium`) -- a club player: card-chance estimates checked on a dozen
  deals to bid, card counting and known voids to play sure winners, cheap wins and ducks;
* ``hard`` (:mod:`.hard`, searching with :mod:`.search`) -- search over deals consistent with the view; settings
  ``think_ms`` (budget per decision, turned into a fixed amount of work so decisions stay
  deterministic), ``deals`` (a fixed number of deals instead), ``spite``, ``infer_bids``;
* ``expert`` (:mod:`.expert`) -- Hard's search with successive halving over the options and
  an exact endgame; settings as Hard's (a larger default ``think_ms``), ``halving``, ``endgame``.

Bots read the view through :func:`wizard_engine.bots.knowledge.read_view` and simulate with
:mod:`wizard_engine.fast`; they never touch a :class:`~wizard_engine.state.State`.
"""

from __future__ import annotations

from typing import Any

from .base import SEED_STRIDE, Bot, RandomBot, View, bot_seed, decision_rng, require_turn
from .expert import ExpertBot
from .hard import HardBot
from .heuristic import EasyBot
from .medium import MediumBot

LEVELS: dict[str, Any] = {"random": RandomBot, "easy": EasyBot, "medium": MediumBot, "hard": HardBot,
                          "expert": ExpertBot}

def make_bot(level: str, seed: int = 0, **settings: Any) -> Bot:
    """A bot of ``level`` (``random``, ``easy``, ``medium``, ``hard``, ``expert``) seeded with ``seed``."""
    if level not in LEVELS:
        raise ValueError(f"Unknown bot level {level!r}: choose {', '.join(LEVELS)}")
    return LEVELS[level](seed, **settings)


__all__ = ["LEVELS", "SEED_STRIDE", "Bot", "EasyBot", "ExpertBot", "HardBot", "MediumBot", "RandomBot", "View",
           "bot_seed", "decision_rng", "make_bot", "require_turn"]
