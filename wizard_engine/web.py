"""The web worker's entry point: JSON text in, JSON text out, never an exception.

``call('{"method": "new_game", "params": {...}}')`` returns
``'{"ok": true, "result": ...}'`` or ``'{"ok": false, "error": "..."}'``.  One
:class:`Session` (a game, its bots and the display theme) lives in the worker.
"""

from __future__ import annotations

import json
import random
from typing import Any

from . import __version__, save
from .bots import Bot, bot_seed, make_bot
from .config import BIDDING_MODES, BOT_LEVELS, MAX_NAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS, GameConfig
from .errors import WizardError
from .state import State
from .themes import THEMES
from .view import seat_view

MAX_SEED = 2**31 - 1


class Session:
    """One game as the page sees it: a human seat (or none), bots at the others."""

    def __init__(self, state: State, theme: str = "classic") -> None:
        self.state = state
        self.theme = _theme(theme)
        players = state.config.players
        humans = [s for s, p in enumerate(players) if p.bot is None]
        if len(humans) > 1:
            raise WizardError("This table seats one person; give every other player a bot level")
        self.human = humans[0] if humans else None
        self.bots: dict[int, Bot] = {s: make_bot(p.bot, bot_seed(state.config.seed, s))
                                     for s, p in enumerate(players) if p.bot is not None}

    def view(self) -> dict[str, Any]:
        """The human seat's view (seat 0's when bots play alone), plus who acts next."""
        seat = self.human if self.human is not None else 0
        view = seat_view(self.state, seat, self.theme)
        view["human"] = self.human
        view["bot_to_act"] = self.next_bot() is not None
        view["can_undo"] = self.can_undo()
        return view

    def result(self) -> dict[str, Any]:
        """The answer to every move: the new view and the save document."""
        return {"view": self.view(), "save": save.dumps(self.state)}

    def next_bot(self) -> int | None:
        """The first bot seat that must act now, if any."""
        return next((s for s in self.state.to_act() if s in self.bots), None)

    def can_undo(self) -> bool:
        """True when the human has a decision in this round to take back."""
        state = self.state
        return (self.human is not None and not state.is_over
                and any(seat == self.human for seat, _ in state.history[state.round_start:]))

    def act(self, action: str) -> dict[str, Any]:
        """The human's action."""
        if self.human is None:
            raise WizardError("No person plays at this table")
        self.state.apply(self.human, action)
        return self.result()

    def bot_step(self) -> dict[str, Any]:
        """Let one bot make its next decision."""
        seat = self.next_bot()
        if seat is None:
            raise WizardError("No bot is to act now")
        action = self.bots[seat].decide(seat_view(self.state, seat))
        self.state.apply(seat, action)
        return self.result()

    def undo(self) -> dict[str, Any]:
        """Take back the human's last decision of this round."""
        if self.human is None:
            raise WizardError("No person plays at this table")
        self.state.undo(self.human)
        return self.result()


def describe() -> dict[str, Any]:
    """What the new-game form offers."""
    return {
        "version": __version__,
        "players": {"min": MIN_PLAYERS, "max": MAX_PLAYERS},
        "max_name_length": MAX_NAME_LENGTH,
        "levels": [level for level in BOT_LEVELS if level != "random"],
        "themes": list(THEMES),
        "bidding": list(BIDDING_MODES),
        "options": {
            "canadian": "Canadian rule: the dealer, alone in the lead, may not make the bids add up",
            "plus_minus_one": "Plus/minus one: the bids may never add up to the number of tricks",
            "foresight": "Foresight: in round 1 you see the others' card, not your own",
            "unicoloured": "Unicoloured (3 or 4 players): one colour each, no trump",
        },
    }


_session: Session | None = None


def _theme(value: Any) -> str:
    """A known display theme; anything else falls back on the classic deck."""
    return value if isinstance(value, str) and value in THEMES else "classic"


def _current() -> Session:
    if _session is None:
        raise WizardError("No game is in progress")
    return _session


def _new_game(params: dict[str, Any]) -> dict[str, Any]:
    global _session
    config = dict(params.get("config") or {})
    config.setdefault("seed", random.SystemRandom().randrange(MAX_SEED))
    _session = Session(State(GameConfig.from_dict(config)), params.get("theme", "classic"))
    return _session.result()


def _load(params: dict[str, Any]) -> dict[str, Any]:
    global _session
    text = params.get("save")
    if not isinstance(text, str):
        raise WizardError("No saved game was given")
    _session = Session(save.loads(text), params.get("theme", "classic"))
    return _session.result()


def _set_theme(params: dict[str, Any]) -> dict[str, Any]:
    session = _current()
    session.theme = _theme(params.get("theme"))
    return {"view": session.view()}


_METHODS: dict[str, Any] = {
    "ping": lambda p: {"version": __version__},
    "describe": lambda p: describe(),
    "new_game": _new_game,
    "load": _load,
    "view": lambda p: {"view": _current().view()},
    "act": lambda p: _current().act(str(p.get("action", ""))),
    "bot_step": lambda p: _current().bot_step(),
    "undo": lambda p: _current().undo(),
    "set_theme": _set_theme,
}


def call(request: str) -> str:
    """Handle one JSON request; always answer with JSON, never raise."""
    try:
        message = json.loads(request)
        method = _METHODS.get(str(message.get("method"))) if isinstance(message, dict) else None
        if method is None:
            raise WizardError(f"Unknown request: {request[:80]}")
        params = message.get("params") or {}
        if not isinstance(params, dict):
            raise WizardError("The request's params must be an object")
        return json.dumps({"ok": True, "result": method(params)})
    except (WizardError, ValueError) as error:
        return json.dumps({"ok": False, "error": str(error)})
    except Exception as error:  # noqa: BLE001 - the page must get an answer, not a dead worker
        return json.dumps({"ok": False, "error": f"Internal error: {type(error).__name__}: {error}"})
