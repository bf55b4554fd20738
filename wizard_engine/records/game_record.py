"""A finished game's record, as the history keeps it: made, checked, and put in time order.

A :class:`GameRecord` is one finished game, whoever played it (against bots, pass-and-play,
or on the score keeper for a real deck): its date, players and bot levels, rules, first
dealer, every round's bids and tricks (seat order), the final totals, which seat is the
device's owner (``me``, for the statistics) and the key of the game's save for review.
Records are made only from finished games (:func:`record_from_state`,
:func:`record_from_keeper`), and hold no card: nothing hidden leaves an unfinished game.
:func:`check_record` checks one read from outside against the rules.  The history
(:mod:`.history`) keeps them; the statistics (:mod:`.stats`) read them.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, TypedDict

from ..boxes import most_bombed, most_cloud_changes, special_cards
from ..config import NEWER_OPTIONS, GameConfig, Options
from ..errors import HistoryError, WizardError
from ..reasons import Reason
from ..rules import Seat, ruleset
from ..scoring import round_points
from ..state import State
from ..view import OptionsView, PlayerView, options_view, players_view
from .keeper import Keeper, KeeperDocument
from .keeper import load_document as load_keeper
from .save import GAME_ID, Tag, derived_tag

RECORD_FIELDS = ("id", "kind", "date", "players", "me", "options", "first_dealer", "rounds", "totals", "save")
"""The fields of a game record, every one required."""
RELAXED = "relaxed"
"""The one optional field of a game record: ``true`` for a relaxed game against bots
(take-backs allowed, :attr:`~wizard_engine.config.GameConfig.relaxed`), missing otherwise.
The statistics leave such games out (a take-back changes the result); the list shows them."""
KINDS = ("bots", "people", "keeper")
"""Who played: one person against bots, several people on one device (with or without
bots), or people at a real table on the score keeper."""
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,6})?Z")


class RoundRecord(TypedDict):
    """One round of a finished game: each seat's bid and tricks taken."""

    bids: list[int]
    taken: list[int]


class _Relaxed(TypedDict, total=False):
    relaxed: bool  # only ``True``, for a relaxed game (:data:`RELAXED`)


class GameRecord(_Relaxed):
    """One finished game (see the module's docstring).  ``date`` is UTC in ISO 8601
    (``"2026-11-22T23:19:29Z"``, milliseconds allowed, as JavaScript writes it)."""

    id: str
    kind: str
    date: str
    players: list[PlayerView]
    me: Seat | None
    options: OptionsView
    first_dealer: Seat
    rounds: list[RoundRecord]
    totals: list[int]
    save: str | None


def record_from_state(state: State, date: str, tag: Tag | None = None, me: Seat | None = None,
                      save: str | None = None) -> GameRecord:
    """The record of a finished game: ``tag`` gives its id (else derived from its config),
    ``me`` the owner's seat (default: the one person, if only one plays), ``save`` the key of
    its save for review.  HistoryError if the game is not over or seats no person."""
    if not state.is_over:
        raise HistoryError(Reason("history_not_over", rule="R18"))
    people = [seat for seat, player in enumerate(state.config.players) if player.bot is None]
    if not people:
        raise HistoryError(Reason("no_person"))
    record: GameRecord = {
        "id": (tag or derived_tag(state)).id, "kind": "bots" if len(people) == 1 else "people", "date": date,
        "players": players_view(state.config.players), "me": people[0] if me is None and len(people) == 1 else me,
        "options": options_view(state.config.options), "first_dealer": state.first_dealer, "rounds": rounds_of(state),
        "totals": list(state.totals), "save": save,
    }
    if state.config.relaxed:
        record["relaxed"] = True
    return check_record(record)


def record_from_keeper(keeper: Keeper | KeeperDocument, date: str, me: Seat | None = None) -> GameRecord:
    """The record of a finished score pad, or of its document (``me``: the owner's seat, if
    they played; by default the pad's own); a damaged document raises the keeper's own error."""
    if not isinstance(keeper, Keeper):
        keeper = load_keeper(keeper)
    if not keeper.is_over:
        raise HistoryError(Reason("history_not_over", rule="R18"))
    record: GameRecord = {
        "id": keeper.id, "kind": "keeper", "date": date, "players": players_view(keeper.config.players),
        "me": keeper.me if me is None else me, "options": options_view(keeper.config.options),
        "first_dealer": keeper.first_dealer,
        "rounds": [{"bids": bids, "taken": taken} for bids, taken in keeper.scored()],  # S13: bids as scored
        "totals": keeper.totals, "save": None,
    }
    return check_record(record)


def rounds_of(state: State) -> list[RoundRecord]:
    """Each round on ``state``'s pad as a record keeps it: bids and tricks taken, seat order."""
    return [{"bids": [row.bid for row in rows], "taken": [row.taken for row in rows]} for rows in state.pad]


def check_record(raw: Any) -> GameRecord:
    """``data`` as a record if it is one in every detail (an older record's options completed
    with :data:`~wizard_engine.config.NEWER_OPTIONS`); HistoryError (``record_damaged``, naming
    the field, or the configuration's own reason) if not."""
    if not isinstance(raw, dict) or set(raw) - {RELAXED} != set(RECORD_FIELDS):
        raise HistoryError(Reason("record_damaged", {"field": "fields"}))
    data: dict[str, Any] = raw
    _check(data.get(RELAXED, True) is True and (RELAXED not in data or data["kind"] == "bots"), RELAXED)
    _check(isinstance(data["id"], str) and GAME_ID.fullmatch(data["id"]) is not None, "id")
    _check(data["kind"] in KINDS, "kind")
    _check(is_date(data["date"]), "date")
    _check(isinstance(data["players"], list) and all(isinstance(p, dict) and set(p) == {"name", "bot"}
                                                      for p in data["players"]), "players")
    _check(isinstance(data["options"], dict), "options")
    data = {**data, "options": {**NEWER_OPTIONS, **data["options"]}}  # an older record: the defaults
    _check(set(data["options"]) == set(Options.__dataclass_fields__), "options")
    try:  # (an older record has none: the original box, "")
        special_cards(data["options"]["specials"])
    except WizardError as error:
        raise HistoryError(Reason("record_damaged", {"field": "options"}, cause=error.reason)) from None
    try:
        config = GameConfig.from_dict({"players": data["players"], "options": data["options"]})
    except WizardError as error:
        raise HistoryError(Reason("record_damaged", {"field": "players"}, cause=error.reason)) from None
    people = [seat for seat, player in enumerate(config.players) if player.bot is None]
    _check(_kind_fits(data["kind"], len(people), len(config.players)), "kind")
    me = data["me"]
    _check(me is None or (type(me) is int and me in people), "me")
    _check(type(data["first_dealer"]) is int and 0 <= data["first_dealer"] < len(config.players), "first_dealer")
    _check(_rounds_fit(data["rounds"], config), "rounds")
    totals = data["totals"]
    _check(isinstance(totals, list) and all(type(total) is int for total in totals)  # not False for 0
           and totals == _totals(data["rounds"], len(config.players)), "totals")
    _check(data["save"] is None or data["save"] == data["id"], "save")  # a game's review is kept under its id
    return data  # type: ignore[return-value]  # checked field by field above


def _kind_fits(kind: str, people: int, players: int) -> bool:
    """One person against bots; several people on one device; only people on the keeper."""
    if kind == "bots":
        return people == 1
    if kind == "people":
        return people > 1
    return people == players


def _check(fits: bool, field: str) -> None:
    if not fits:
        raise HistoryError(Reason("record_damaged", {"field": field}))


def is_date(value: Any) -> bool:
    """Whether ``value`` is a date as a record keeps it (UTC, ISO 8601, a real day)."""
    if not isinstance(value, str) or not _DATE.fullmatch(value):
        return False
    try:
        datetime.fromisoformat(value[:19])
    except ValueError:  # e.g. a 30th of February
        return False
    return True


def _rounds_fit(rounds: Any, config: GameConfig) -> bool:
    """Every round of a finished game: bids 0..cards (R10), tricks adding up to the cards (R22);
    with special cards, bids as a Cloud changed them (S13) and tricks a Bomb left to nobody (S9)."""
    players = len(config.players)
    rules = ruleset(config.options.schedule, config.options.unicoloured, players)
    specials = special_cards(config.options.specials)
    if not isinstance(rounds, list) or len(rounds) != rules.rounds(players):
        return False
    for number, one in enumerate(rounds, start=1):
        cards = rules.hand_size(number)
        if not isinstance(one, dict) or set(one) != {"bids", "taken"}:
            return False
        most = {"bids": most_bid(cards, specials), "taken": cards}
        if not all(isinstance(one[key], list) and len(one[key]) == players
                   and all(type(n) is int and 0 <= n <= most[key] for n in one[key]) for key in most):
            return False
        if not cards - most_bombed(specials, cards) <= sum(one["taken"]) <= cards:
            return False
    return True


def most_bid(cards: int, specials: tuple[int, ...]) -> int:
    """R10: a bid is at most the cards dealt; S13: a Cloud's changes may raise it further
    (:func:`~wizard_engine.boxes.most_cloud_changes`)."""
    return cards + most_cloud_changes(specials, cards)


def _totals(rounds: list[RoundRecord], players: int) -> list[int]:
    """R17: each seat's final total over ``rounds``."""
    return [sum(round_points(one["bids"][seat], one["taken"][seat]) for one in rounds) for seat in range(players)]


def when_played(record: GameRecord) -> tuple[str, str, str]:
    """A record's place in time: its date to the second, its fraction of a second (padded, so
    ``10:00:00Z`` comes before ``10:00:00.5Z``), then its id for the games of one moment."""
    date = record["date"]
    return date[:19], date[20:-1].ljust(6, "0"), record["id"]
