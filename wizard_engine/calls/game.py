"""The game's requests: a new game, a move, a bot's move, a take-back, the view, and what the
new-game form offers (:func:`describe`).  One :class:`Session` (a game, its bots and the
display theme) lives in the worker.

Every result of a move carries ``"save"``, the game sealed (:func:`wizard_engine.save.seal`):
the page keeps it as it is and gives it back to ``load``; it never sees the seed or the
history.  Every view carries ``"game": {"id", "moves"}``, so two tabs can tell which is
further on.
"""

from __future__ import annotations

import random
from typing import Any

from .. import __version__
from ..bots import Bot, bot_seed, make_bot
from ..boxes import specials_offer
from ..cards import DECK_SIZE, card_name, cards_of, sort_key
from ..config import (
    BIDDING_MODES,
    BOT_LEVELS,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MAX_SEED,
    MIN_PLAYERS,
    GameConfig,
    option_constraints,
    schedule_constraints,
)
from ..errors import WizardError
from ..reasons import CODES, Reason, shown
from ..records import save
from ..state import State
from ..themes import THEMES
from ..view import SeatView, seat_view


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


MORE_LEVELS = ("random",)  # not offered: it plays any legal card (a test's opponent)


def describe() -> dict[str, Any]:
    """What the new-game form and the score keeper offer, as data: the page words every choice by its key.

    ``bidding`` lists the bidding modes, the standard game's first.  ``options`` maps each
    on/off option, in their order of declaration, to its constraints: ``open_bids_only`` (it needs
    open bids, R11), ``excludes`` (options it may not be combined with) and ``players``
    (the player counts it allows).  ``schedules`` maps each schedule of the rounds (R5, T1, T2),
    the standard one first, to its rule, player counts, the options it refuses and, per player
    count, its rounds (:func:`~wizard_engine.config.schedule_constraints`).  ``reasons`` lists
    every reason code the engine may send.
    ``levels`` are the bot levels offered; ``more_levels`` those a page may add on request
    (its ``?levels=`` parameter, for tests): every other word names no level.  ``deck`` is
    every card of the deck in notation, each copy once (R1): suit by suit, lowest first, then
    the Wizards and the Jesters (the score keeper's card picker).  ``specials`` are the special
    cards a game may hold (:func:`~wizard_engine.boxes.specials_offer`: the boxes, the cards, the
    options they exclude).
    """
    return {
        "version": __version__,
        "players": {"min": MIN_PLAYERS, "max": MAX_PLAYERS},
        "max_name_length": MAX_NAME_LENGTH,
        "levels": [level for level in BOT_LEVELS if level not in MORE_LEVELS],
        "more_levels": list(MORE_LEVELS),
        "themes": list(THEMES),
        "bidding": list(BIDDING_MODES),
        "options": option_constraints(),
        "schedules": schedule_constraints(),
        "deck": [card_name(card) for card in range(DECK_SIZE)],
        "specials": specials_offer(),
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


def ping_request(params: dict[str, Any]) -> dict[str, Any]:
    """The engine's version: the worker is up."""
    return {"version": __version__}


def describe_request(params: dict[str, Any]) -> dict[str, Any]:
    """:func:`describe`."""
    return describe()


def new_game_request(params: dict[str, Any]) -> dict[str, Any]:
    """``{config, theme?}`` -> a new game (seeded at random unless the config has a seed)."""
    global _session
    config = params.get("config", {})
    if not isinstance(config, dict):
        raise WizardError(Reason("config_not_object"))
    config = {"seed": random.SystemRandom().randrange(MAX_SEED), **config}
    _session = Session(State(GameConfig.from_dict(config)), params.get("theme", "classic"))
    return _session.result()


def load_request(params: dict[str, Any]) -> dict[str, Any]:
    """``{save, theme?}`` -> the game of a save."""
    global _session
    text = params.get("save")
    if not isinstance(text, str):
        raise WizardError(Reason("no_save_given"))
    state, tag = save.load_game(text)
    _session = Session(state, params.get("theme", "classic"), tag)
    return _session.result()


def view_request(params: dict[str, Any]) -> dict[str, Any]:
    """The view of the game in play."""
    return {"view": _current().view()}


def act_request(params: dict[str, Any]) -> dict[str, Any]:
    """``{action}`` -> the person's action (``"bid 2"``, ``"play 7H"``, ``"trump H"``) made."""
    action = params.get("action")
    if not isinstance(action, str):
        raise WizardError(Reason("not_an_action", {"text": shown(action)}))
    return _current().act(action)


def bot_step_request(params: dict[str, Any]) -> dict[str, Any]:
    """One bot's decision made (:meth:`Session.bot_step`)."""
    return _current().bot_step()


def undo_request(params: dict[str, Any]) -> dict[str, Any]:
    """The person's last decision taken back (:meth:`Session.undo`)."""
    return _current().undo()


def take_device_request(params: dict[str, Any]) -> dict[str, Any]:
    """The device handed on (:meth:`Session.take_device`)."""
    return _current().take_device()


def set_theme_request(params: dict[str, Any]) -> dict[str, Any]:
    """``{theme}`` -> the view in that display theme."""
    session = _current()
    session.theme = _theme(params.get("theme"))
    return {"view": session.view()}


REQUESTS = (ping_request, describe_request, new_game_request, load_request, view_request, act_request,
            bot_step_request, undo_request, take_device_request, set_theme_request)
