"""The web worker's entry point: JSON text in, JSON text out, never an exception.

``call('{"method": "new_game", "params": {...}}')`` returns
``'{"ok": true, "result": ...}'`` or ``'{"ok": false, "error": <reason>}'``, where the
reason is :meth:`~wizard_engine.reasons.Reason.to_json` plus ``"message"``, its English
(the page words the reason from its code; see :mod:`wizard_engine.reasons`).  One
:class:`Session` (a game, its bots and the display theme) lives in the worker.

Every result of a move carries ``"save"``, the game sealed (:func:`wizard_engine.save.seal`):
the page keeps it as it is and gives it back to ``load``; it never sees the seed or the
history.  Every view carries ``"game": {"id", "moves"}``, so two tabs can tell which is
further on.  Requests are measured before they are parsed (:mod:`wizard_engine.limits`).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

from . import __version__, history_calls, save
from .bots import Bot, bot_seed, make_bot
from .cards import card_name, cards_of, sort_key
from .coach import calls as coach
from .config import (
    BIDDING_MODES,
    BOT_LEVELS,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MIN_PLAYERS,
    GameConfig,
    option_constraints,
)
from .errors import WizardError
from .keeper import Keeper
from .limits import MAX_CHARS, MAX_DEPTH, MAX_HISTORY_REQUEST_CHARS, too_deep, too_long
from .reasons import CODES, Reason, shown
from .state import State
from .themes import THEMES
from .view import SeatView, seat_view

MAX_SEED = 2**31 - 1
# A history request (its method first, as the page writes it) may carry a whole history file.
_HISTORY_REQUEST = re.compile(r'\s*\{\s*"method"\s*:\s*"history_[a-z_]+"')


class SessionView(SeatView):
    """What the page gets: the view of the person holding the device, and what it may do next."""

    human: int | None  # whose view this is: None when bots play alone, or while passing
    people: list[int]  # the seats of the people at this device (pass-and-play: several)
    pass_to: int | None  # the person to hand the device to: the view shows nobody's cards until they take it
    bot_to_act: bool  # a bot must act now: the page asks for bot_step
    can_undo: bool  # the person may take back their last decision (State.why_no_undo)
    game: save.GameView  # the game's id and its number of moves so far
    open_hands: list[list[str]] | None  # every seat's cards when bots play alone (Watch mode)


class Session:
    """One game as the page sees it: people (none, one, or several sharing one device) and
    bots at the other seats.

    With several people, the view is one person's at a time (:attr:`viewer`).  When another
    person must act, the session waits for the device to be handed over (:attr:`pass_to`):
    until that person confirms (:meth:`take_device`) the view shows nobody's cards or hidden
    bids, so no person ever sees another's hand.  A reload starts with a hand-over too.
    """

    def __init__(self, state: State, theme: str = "classic", tag: save.Tag | None = None) -> None:
        self.state = state
        self.theme = _theme(theme)
        self.tag = tag or save.new_tag()
        players = state.config.players
        self.people = [s for s, p in enumerate(players) if p.bot is None]
        self.viewer: int | None = self.people[0] if len(self.people) == 1 else None
        self.pass_to: int | None = None
        self.bots: dict[int, Bot] = {s: make_bot(p.bot, bot_seed(state.config.seed, s))
                                     for s, p in enumerate(players) if p.bot is not None}
        self._hand_over()

    def view(self) -> SessionView:
        """The viewer's view (seat 0's when bots play alone), plus who acts next."""
        seat = self.viewer if self.people else 0
        if self.pass_to is not None:
            seat = None  # the device is changing hands: nobody's cards
        return {**seat_view(self.state, seat, self.theme), "human": seat if self.people else None,
                "people": self.people,
                "pass_to": self.pass_to, "bot_to_act": self.next_bot() is not None,
                "can_undo": self.can_undo(), "game": self.tag.to_json(), "open_hands": self.open_hands()}

    def open_hands(self) -> list[list[str]] | None:
        """Every seat's cards, when no person plays: nobody at the table can be helped by
        seeing them, and the person watching should (Watch mode)."""
        if self.people:
            return None
        return [[card_name(c) for c in sorted(cards_of(h), key=sort_key)] for h in self.state.hands]

    def result(self) -> dict[str, Any]:
        """The answer to every move: the new view and the sealed save."""
        return {"view": self.view(), "save": save.seal(self.state, self.tag)}

    def _moved(self) -> dict[str, Any]:
        """Count one more move (an action or a take-back), and answer with the result."""
        self.tag = save.Tag(self.tag.id, self.tag.moves + 1)
        self._hand_over()
        return self.result()

    def _hand_over(self) -> None:
        """With several people: when one who does not hold the device must act, ask for it."""
        to_act = self.state.to_act()
        waiting = next((s for s in to_act if s in self.people), None)
        if len(self.people) > 1 and waiting is not None and self.viewer not in to_act:
            self.pass_to = waiting

    def take_device(self) -> dict[str, Any]:
        """The person :attr:`pass_to` has the device: the view becomes theirs."""
        if self.pass_to is None:
            raise WizardError(Reason("no_pass"))
        self.viewer, self.pass_to = self.pass_to, None
        return self.result()

    def next_bot(self) -> int | None:
        """The first bot seat that must act now, if any."""
        return next((s for s in self.state.to_act() if s in self.bots), None)

    def can_undo(self) -> bool:
        """True when the viewer may take back their last decision (:meth:`State.why_no_undo`);
        while the device is being handed on, still the one who holds it."""
        return self.viewer is not None and self.state.why_no_undo(self.viewer) is None

    def _person(self) -> int:
        """The person holding the device, who acts now; refused while it is being handed over."""
        if self.viewer is None:
            raise WizardError(Reason("no_person"))
        return self.viewer

    def act(self, action: str) -> dict[str, Any]:
        """The viewer's action."""
        seat = self._person()
        if self.pass_to is not None:
            raise WizardError(Reason("pass_pending", {"seat": self.pass_to}))
        self.state.apply(seat, action)
        return self._moved()

    def bot_step(self) -> dict[str, Any]:
        """Let one bot make its next decision."""
        seat = self.next_bot()
        if seat is None:
            raise WizardError(Reason("no_bot_to_act"))
        action = self.bots[seat].decide(seat_view(self.state, seat))
        self.state.apply(seat, action)
        return self._moved()

    def undo(self) -> dict[str, Any]:
        """Take back the viewer's last decision, if it is fair (:meth:`State.why_no_undo`):
        the person still holds the device, so nobody else has seen anything since."""
        self.state.undo(self._person())
        self.pass_to = None
        return self._moved()


def describe() -> dict[str, Any]:
    """What the new-game form offers, as data: the page words every choice by its key.

    ``options`` maps each on/off option to its constraints: ``open_bids_only`` (it needs
    open bids, R11), ``excludes`` (options it may not be combined with) and ``players``
    (the player counts it allows).  ``reasons`` lists every reason code the engine may send.
    """
    return {
        "version": __version__,
        "players": {"min": MIN_PLAYERS, "max": MAX_PLAYERS},
        "max_name_length": MAX_NAME_LENGTH,
        "levels": [level for level in BOT_LEVELS if level != "random"],
        "themes": list(THEMES),
        "bidding": list(BIDDING_MODES),
        "options": option_constraints(),
        "reasons": sorted(CODES),
    }


_session: Session | None = None


def _theme(value: Any) -> str:
    """A known display theme; anything else falls back on the classic deck."""
    return value if isinstance(value, str) and value in THEMES else "classic"


def _current() -> Session:
    if _session is None:
        raise WizardError(Reason("no_game"))
    return _session


def _new_game(params: dict[str, Any]) -> dict[str, Any]:
    global _session
    config = params.get("config", {})
    if not isinstance(config, dict):
        raise WizardError(Reason("config_not_object"))
    config = {"seed": random.SystemRandom().randrange(MAX_SEED), **config}
    _session = Session(State(GameConfig.from_dict(config)), params.get("theme", "classic"))
    return _session.result()


def _load(params: dict[str, Any]) -> dict[str, Any]:
    global _session
    text = params.get("save")
    if not isinstance(text, str):
        raise WizardError(Reason("no_save_given"))
    state, tag = save.load_game(text)
    _session = Session(state, params.get("theme", "classic"), tag)
    return _session.result()


def _act(params: dict[str, Any]) -> dict[str, Any]:
    action = params.get("action")
    if not isinstance(action, str):
        raise WizardError(Reason("not_an_action", {"text": shown(action)}))
    return _current().act(action)


def _set_theme(params: dict[str, Any]) -> dict[str, Any]:
    session = _current()
    session.theme = _theme(params.get("theme"))
    return {"view": session.view()}


# --- the score keeper: stateless, each request carries the pad's document -----------------
# The page keeps the document (its autosave) and the worker keeps nothing: a pad never
# disturbs the game in progress in the same worker, and survives a restarted worker.

def _keeper_answer(keeper: Keeper) -> dict[str, Any]:
    """A pad's new document (JSON text, kept by the page as it is) and its view."""
    return {"keeper": keeper.dumps(), "view": keeper.view()}


def _keeper_new(params: dict[str, Any]) -> dict[str, Any]:
    """``{players: [names], options, first_dealer, me}`` -> a new, empty pad (``me``: the
    seat of the device's owner, if they play; else null)."""
    names = params.get("players")
    config = GameConfig.from_dict({"players": names if isinstance(names, list) else None,
                                   "options": params.get("options", {})})
    first_dealer: Any = params.get("first_dealer")  # checked by the keeper (R6), as is me
    return _keeper_answer(Keeper(config, first_dealer, me=params.get("me")))


def _keeper_enter(params: dict[str, Any]) -> dict[str, Any]:
    """``{keeper, entry}`` -> the pad with the entry (``["bid", 2]``...) made; refused with its reason."""
    keeper = coach.keeper_of(params)
    keeper.apply(params.get("entry"))
    return _keeper_answer(keeper)


def _keeper_undo(params: dict[str, Any]) -> dict[str, Any]:
    """``{keeper}`` -> the pad without its last entry."""
    keeper = coach.keeper_of(params)
    keeper.undo()
    return _keeper_answer(keeper)


_METHODS: dict[str, Any] = {
    "ping": lambda p: {"version": __version__},
    "describe": lambda p: describe(),
    "new_game": _new_game,
    "load": _load,
    "view": lambda p: {"view": _current().view()},
    "act": _act,
    "bot_step": lambda p: _current().bot_step(),
    "undo": lambda p: _current().undo(),
    "take_device": lambda p: _current().take_device(),
    "set_theme": _set_theme,
    # The coach: each request carries the game's save, so a second worker can answer them.
    "advise": coach.advise_request,
    "rate": coach.rate_request,
    "chances": coach.chances_request,
    "practice_deal": coach.practice_deal_request,
    "practice_advice": coach.practice_advice_request,
    "practice_score": coach.practice_score_request,
    "hand_advice": coach.hand_advice_request,
    "keeper_new": _keeper_new,
    "keeper_load": lambda p: _keeper_answer(coach.keeper_of(p)),
    "keeper_enter": _keeper_enter,
    "keeper_undo": _keeper_undo,
    # The history of finished games (the page keeps it and sends it with each request).
    "history_record": history_calls.record_request,
    "history_stats": history_calls.stats_request,
    "history_review": history_calls.review_request,
    "history_export": history_calls.export_request,
    "history_trim": history_calls.trim_request,
}
# Requests that report their progress: (done, total) as they go.
_LONG_METHODS: dict[str, Any] = {
    "review": coach.review_request,
    "history_import": history_calls.import_request,
}


def call(request: str, progress: Callable[[str], None] | None = None) -> str:
    """Handle one JSON request; always answer with JSON, never raise.

    A long request (a review) calls ``progress`` with ``'{"done": d, "total": t}'`` as it goes,
    when given one (the worker passes a function that posts it to the page)."""
    try:
        return json.dumps({"ok": True, "result": _answer(request, progress)})
    except WizardError as error:
        return _failure(error.reason)
    except Exception as error:  # noqa: BLE001 - the page must get an answer, not a dead worker
        return _failure(Reason("internal", {"type": type(error).__name__}))


def _answer(request: str, progress: Callable[[str], None] | None = None) -> Any:
    """The result of one request; raises WizardError when it is refused."""
    if not isinstance(request, str):
        raise WizardError(Reason("request_not_json"))
    # Measured before parsing: deep nesting would overflow Pyodide's stack (a fatal error).
    # A history request may be larger: it carries a whole history (an import, two).
    limit = MAX_HISTORY_REQUEST_CHARS if _HISTORY_REQUEST.match(request) else MAX_CHARS
    if too_long(request, limit):
        raise WizardError(Reason("request_too_large", {"max": limit}))
    if too_deep(request):
        raise WizardError(Reason("request_too_deep", {"max": MAX_DEPTH}))
    try:
        message = json.loads(request)
    except (ValueError, RecursionError):
        raise WizardError(Reason("request_not_json")) from None
    name = message.get("method") if isinstance(message, dict) else None
    if not isinstance(name, str) or (name not in _METHODS and name not in _LONG_METHODS):
        raise WizardError(Reason("unknown_request", {"method": shown(name)}))
    params = message.get("params", {})
    if not isinstance(params, dict):
        raise WizardError(Reason("params_not_object"))
    if name in _LONG_METHODS:
        return _LONG_METHODS[name](params, _reporter(progress))
    return _METHODS[name](params)


def _reporter(progress: Callable[[str], None] | None) -> Callable[[int, int], None] | None:
    """``progress`` as the coach calls it: (done, total) sent on as JSON text."""
    if progress is None:
        return None
    return lambda done, total: progress(json.dumps({"done": done, "total": total}))


def _failure(reason: Reason) -> str:
    """The answer to a refused request: the reason as data, with its English message."""
    return json.dumps({"ok": False, "error": {**reason.to_json(), "message": reason.message()}})
