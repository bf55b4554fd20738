"""Bots: each decides from a seat's view only (the same dict the web page gets).

``make_bot(level, seed, **settings)`` returns an object with ``decide(view) -> Action``
giving a legal :class:`~wizard_engine.actions.Action` (``str(action)`` is its notation,
``"play 7H"``, ``"bid 2"``, ``"trump H"``).  The same view and the same seed give the same
decision; :func:`bot_seed` gives every seat of a game its own seed.

Levels:

* ``random`` -- a uniformly random legal action (the baseline);
* ``easy`` (:mod:`.heuristic`) -- a beginner: counts obvious winners, wins with the cheapest
  card that takes the trick so far, otherwise plays its weakest card;
* ``medium`` (:mod:`.heuristic`) -- a club player: card-chance estimates checked on a dozen
  deals to bid, card counting and known voids to play sure winners, cheap wins and ducks;
* ``hard`` (:mod:`.hard`) -- search over deals consistent with the view; settings
  ``think_ms`` (budget per decision, turned into a fixed amount of work so decisions stay
  deterministic), ``deals`` (a fixed number of deals instead), ``spite``, ``infer_bids``;
* ``expert`` (:mod:`.expert`) -- Hard's search with successive halving over the options and
  an exact endgame; settings as Hard's (a larger default ``think_ms``), ``halving``, ``endgame``.

Bots read the view through :func:`wizard_engine.bots.knowledge.read_view` and simulate with
:mod:`wizard_engine.fast`; they never touch a :class:`~wizard_engine.state.State`.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping
from typing import Any, Protocol

from ..actions import Action

View = Mapping[str, Any]  # a wizard_engine.view.SeatView; bots read it, never change it
SEED_STRIDE = 8  # more than the most seats at a table (R4), so every seat's seed differs


class Bot(Protocol):
    """What every bot level provides."""

    level: str

    def decide(self, view: View) -> Action:
        """A legal action for the seat whose view this is; it must be that seat's turn."""
        ...


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game (or arena deal) seeded ``game_seed``."""
    return game_seed * SEED_STRIDE + seat


def decision_rng(seed: int, view: View) -> random.Random:
    """An RNG fixed by the bot's seed and the decision at hand, so decisions repeat exactly."""
    key = (f"{seed}|{view['seat']}|{view['round']}|{view['phase']}|{len(view['tricks'])}|"
           f"{len(view['trick']['plays'])}|{view['legal']}")
    return random.Random(zlib.crc32(key.encode()))


def require_turn(view: View) -> None:
    """Check that the view's seat has a legal action: a bot asked out of turn is a caller's bug."""
    if not view["legal"]:
        raise ValueError("The bot was asked to act, but this seat has no legal action now")


class RandomBot:
    """The baseline: a uniformly random legal action."""

    level = "random"

    def __init__(self, seed: int = 0, **settings: Any) -> None:
        self.seed = seed

    def decide(self, view: View) -> Action:
        """Any legal action, uniformly."""
        require_turn(view)
        legal = [Action.parse(a) for a in view["legal"]]
        return decision_rng(self.seed, view).choice(legal)


def make_bot(level: str, seed: int = 0, **settings: Any) -> Bot:
    """A bot of ``level`` (``random``, ``easy``, ``medium``, ``hard``, ``expert``) seeded with ``seed``."""
    factories: dict[str, Any] = {"random": RandomBot}
    factories.update(_strong_levels())
    if level not in factories:
        raise ValueError(f"Unknown bot level {level!r}: choose {', '.join(factories)}")
    return factories[level](seed, **settings)


def _strong_levels() -> dict[str, Any]:
    """The levels above random (imported late: they build on this module)."""
    from .expert import ExpertBot
    from .hard import HardBot
    from .heuristic import EasyBot, MediumBot

    return {"easy": EasyBot, "medium": MediumBot, "hard": HardBot, "expert": ExpertBot}
