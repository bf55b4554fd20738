"""What every bot shares: the :class:`Bot` protocol, the seeds of its decisions, and the
baseline :class:`RandomBot`."""

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
