"""Wizard, Ken Fisher's trick-taking card game: rules, variants, bots and saved games.

Start with :class:`GameConfig` and :class:`State`; a seat sees the game only through
:func:`seat_view`.
"""

from . import specials  # noqa: F401 - State(config) makes a special-card game with it
from .actions import Action
from .cards import Card, card_name, parse_card, parse_cards
from .config import GameConfig, Options, Player
from .errors import ConfigError, IllegalActionError, NotationError, SaveError, WizardError
from .reasons import Reason
from .scoring import ScoreRow, round_points
from .state import Phase, State

__version__ = "0.1.0"

__all__ = [
    "Action", "Card", "ConfigError", "GameConfig", "IllegalActionError", "NotationError",
    "Options", "Phase", "Player", "Reason", "SaveError", "ScoreRow", "State", "WizardError",
    "card_name", "parse_card", "parse_cards", "round_points", "__version__",
]
