"""The local history of finished games, and its export and import as one JSON file.

A :class:`GameRecord` is one finished game, whoever played it (against bots, pass-and-play,
or on the score keeper for a real deck): its date, players and bot levels, rules, first
dealer, every round's bids and tricks (seat order), the final totals, which seat is the
device's owner (``me``, for the statistics) and the key of the game's save for review.
Records are made only from finished games (:func:`record_from_state`,
:func:`record_from_keeper`), and hold no card: nothing hidden leaves an unfinished game.

Their statistics are :mod:`.stats`'s.  :func:`dumps` writes the whole history, the saves
for review and the games in progress into one versioned :class:`HistoryDocument`;
:func:`loads` reads it back, checking every part (each record's bids, tricks and totals
against the rules, each save and game in progress by replaying it, each save against its
own record: a game's review is kept under its id), so a damaged file is refused whole with
a :class:`HistoryError` saying why, and nothing is half-imported.  The page's own history
is read part by part instead (:func:`salvage`): a damaged record or save is set aside alone
(:class:`Damaged`, kept as it was), and the rest stays.  :func:`merge` joins an imported
history to the one kept, without duplicates: a record's ``id`` (the game's id) never
changes.  A file of an older format version goes through :data:`MIGRATIONS`; a newer one
is refused.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypedDict

from ..config import GameConfig, Options, Player
from ..errors import HistoryError, WizardError
from ..reasons import Reason, shown
from ..rules import STANDARD, UNICOLOURED, Seat
from ..scoring import round_points
from ..state import State
from ..view import OptionsView, PlayerView
from .keeper import Keeper, KeeperDocument, options_view
from .keeper import load_document as load_keeper
from .limits import MAX_HISTORY_CHARS, read_json
from .save import GAME_ID, Tag, derived_tag
from .save import load_tagged_document as load_save_document
from .save import loads as load_save
from .save import parse as parse_save

HISTORY_FORMAT = "wizard-history"
HISTORY_VERSION = 1
FIELDS = ("format", "version", "records", "saves", "current")
"""The fields of a history document, every one required."""
RECORD_FIELDS = ("id", "kind", "date", "players", "me", "options", "first_dealer", "rounds", "totals", "save")
"""The fields of a game record, every one required."""
RELAXED = "relaxed"
"""The one optional field of a game record: ``true`` for a relaxed game against bots
(take-backs allowed, :attr:`~wizard_engine.config.GameConfig.relaxed`), missing otherwise.
The statistics leave such games out (a take-back changes the result); the list shows them."""
KINDS = ("bots", "people", "keeper")
"""Who played: one person against bots, several people on one device (with or without
bots), or people at a real table on the score keeper."""
MAX_RECORDS = 10_000
"""The most games a history holds: :func:`merge` keeps the newest."""
MAX_SAVES = 100
"""The most saves for review a history holds: :func:`merge` keeps those of the newest games
(an older record keeps its key, but its review is gone).  With :data:`MAX_RECORDS`, this
keeps any history within :data:`~wizard_engine.records.limits.MAX_HISTORY_CHARS`."""
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,6})?Z")

MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""``MIGRATIONS[v]`` turns a document of format version ``v`` into one of version ``v + 1``
(none yet: version 1 is the first).  A file whose version has no way to the current one is
refused."""


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


class CurrentGames(TypedDict, total=False):
    """The games in progress: a game's save (sealed or plain), a score pad's document."""

    game: str
    keeper: KeeperDocument


class HistoryDocument(TypedDict):
    """The whole history as one versioned JSON document: records (oldest first), the saves
    for review by their key, and the games in progress."""

    format: str
    version: int
    records: list[GameRecord]
    saves: dict[str, str]
    current: CurrentGames


# --- records ------------------------------------------------------------------------------

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
    rounds: list[RoundRecord] = [{"bids": [row.bid for row in rows], "taken": [row.taken for row in rows]}
                                 for rows in state.pad]
    record: GameRecord = {
        "id": (tag or derived_tag(state)).id, "kind": "bots" if len(people) == 1 else "people", "date": date,
        "players": _players(state.config.players), "me": people[0] if me is None and len(people) == 1 else me,
        "options": options_view(state.config.options), "first_dealer": state.first_dealer, "rounds": rounds,
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
        "id": keeper.id, "kind": "keeper", "date": date, "players": _players(keeper.config.players),
        "me": keeper.me if me is None else me, "options": options_view(keeper.config.options),
        "first_dealer": keeper.first_dealer,
        "rounds": [{"bids": list(bids), "taken": list(taken)} for bids, taken in keeper.played],
        "totals": keeper.totals, "save": None,
    }
    return check_record(record)


def _players(players: Iterable[Player]) -> list[PlayerView]:
    return [{"name": player.name, "bot": player.bot} for player in players]


def check_record(data: Any) -> GameRecord:
    """``data`` as a record if it is one in every detail; HistoryError (``record_damaged``,
    naming the field, or the configuration's own reason) if not."""
    if not isinstance(data, dict) or set(data) - {RELAXED} != set(RECORD_FIELDS):
        raise HistoryError(Reason("record_damaged", {"field": "fields"}))
    _check(data.get(RELAXED, True) is True and (RELAXED not in data or data["kind"] == "bots"), RELAXED)
    _check(isinstance(data["id"], str) and GAME_ID.fullmatch(data["id"]) is not None, "id")
    _check(data["kind"] in KINDS, "kind")
    _check(is_date(data["date"]), "date")
    _check(isinstance(data["players"], list) and all(isinstance(p, dict) and set(p) == {"name", "bot"}
                                                      for p in data["players"]), "players")
    _check(isinstance(data["options"], dict) and set(data["options"]) == set(Options.__dataclass_fields__),
           "options")
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
    """Every round of a finished game: bids 0..cards (R10), tricks adding up to the cards (R22)."""
    rules = UNICOLOURED if config.options.unicoloured else STANDARD
    players = len(config.players)
    if not isinstance(rounds, list) or len(rounds) != rules.rounds(players):
        return False
    for number, one in enumerate(rounds, start=1):
        cards = rules.hand_size(number)
        if not isinstance(one, dict) or set(one) != {"bids", "taken"}:
            return False
        counts = [one["bids"], one["taken"]]
        if not all(isinstance(c, list) and len(c) == players and all(type(n) is int and 0 <= n <= cards for n in c)
                   for c in counts):
            return False
        if sum(one["taken"]) != cards:
            return False
    return True


def _totals(rounds: list[RoundRecord], players: int) -> list[int]:
    """R17: each seat's final total over ``rounds``."""
    return [sum(round_points(one["bids"][seat], one["taken"][seat]) for one in rounds) for seat in range(players)]


# --- the history as one document ------------------------------------------------------------

def new_document() -> HistoryDocument:
    """An empty history."""
    return {"format": HISTORY_FORMAT, "version": HISTORY_VERSION, "records": [], "saves": {}, "current": {}}


def add(document: HistoryDocument, record: GameRecord, save: str | None = None) -> HistoryDocument:
    """``document`` with ``record`` (and its save for review under ``record["save"]``), unless
    a record of that game is there already."""
    single: HistoryDocument = {**new_document(), "records": [check_record(record)]}
    if save is not None and record["save"] is not None:
        single["saves"] = {record["save"]: save}
    return merge(document, single)


def merge(mine: HistoryDocument, imported: HistoryDocument) -> HistoryDocument:
    """The two histories as one, oldest first, each game once (by id; a game already kept
    stays as it is); the games in progress and saves of ``mine`` win over the imported ones.
    Past :data:`MAX_RECORDS` games the oldest go, past :data:`MAX_SAVES` saves the oldest."""
    records = {record["id"]: record for record in imported["records"]}
    records.update({record["id"]: record for record in mine["records"]})
    ordered = _newest(sorted(records.values(), key=when_played), MAX_RECORDS)
    pool = {**imported["saves"], **mine["saves"]}
    linked = [record["save"] for record in ordered if record["save"] in pool]
    kept = set(_newest(linked, MAX_SAVES))
    saves = {key: text for key, text in pool.items() if key in kept}
    current: CurrentGames = {**imported["current"], **mine["current"]}
    return {"format": HISTORY_FORMAT, "version": HISTORY_VERSION, "records": ordered,
            "saves": saves, "current": current}


def with_saves(document: HistoryDocument, most: int) -> HistoryDocument:
    """``document`` keeping only the saves for review of its newest ``most`` games that have
    one (the page's budget for its storage); every record stays, with its key."""
    linked = [record["save"] for record in document["records"] if record["save"] in document["saves"]]
    kept = set(_newest(linked, most))
    return {**document, "saves": {key: text for key, text in document["saves"].items() if key in kept}}


def when_played(record: GameRecord) -> tuple[str, str, str]:
    """A record's place in time: its date to the second, its fraction of a second (padded, so
    ``10:00:00Z`` comes before ``10:00:00.5Z``), then its id for the games of one moment."""
    date = record["date"]
    return date[:19], date[20:-1].ljust(6, "0"), record["id"]


def _newest(items: list[Any], most: int) -> list[Any]:
    """The last ``most`` of ``items`` (none for 0, where ``items[-0:]`` would keep them all)."""
    return items[max(0, len(items) - most):]


def dumps(document: HistoryDocument) -> str:
    """The history as compact JSON text (the file a player exports)."""
    return json.dumps(document, separators=(",", ":"), ensure_ascii=False)


def loads(text: Any, replay_saves: bool = True,
          progress: Callable[[int, int], None] | None = None) -> HistoryDocument:
    """The history of :func:`dumps` text, every part checked; or HistoryError saying why
    (the file is refused whole: an import is all or nothing).

    Replaying the saves for review is most of the work (about 15 ms a game on CPython):
    ``replay_saves=False`` only unpacks each and checks that it is its record's game (its
    id and players), for the page's own stored history; a save whose moves are damaged is
    then found when it is replayed (:func:`salvage` with ``replay_saves``, or its review).
    A file from outside, an import, is replayed whole; ``progress(done, total)`` is called
    after each save checked.
    """
    data = read_json(text, "history", HistoryError, MAX_HISTORY_CHARS)
    return load_document(data, replay_saves, progress)


def load_document(data: Any, replay_saves: bool = True,
                  progress: Callable[[int, int], None] | None = None) -> HistoryDocument:
    """A parsed history document, migrated to the current version and checked (see
    :func:`loads`); or HistoryError naming its first damaged part."""
    document, damaged = _read(data, replay_saves, progress)
    if damaged:
        raise HistoryError(damaged[0].reason)
    return document


@dataclass(frozen=True)
class Damaged:
    """A part of a history that cannot be kept, set aside by :func:`salvage`: a ``"record"``,
    a ``"save"`` for review or the ``"current"`` games; ``value`` is the part as it was,
    ``record`` the (raw) record of its game, if any (for its date and players), and
    ``reason`` why, as :func:`load_document` refuses it.  ``noted`` is False for the save of
    a record set aside: it goes with its record, which says why."""

    part: str
    key: str | None
    value: Any
    record: Any
    reason: Reason
    noted: bool = True


def salvage(text: Any, replay_saves: bool = True,
            progress: Callable[[int, int], None] | None = None) -> tuple[HistoryDocument, list[Damaged]]:
    """The page's own history read part by part: the parts that check, as a document, and
    the damaged ones set aside one by one (:class:`Damaged`), so that one wrong record or
    save never hides the others.  Only damage to the whole (not JSON, not a history, a
    newer version, records not a list, saves not an object) is a HistoryError."""
    data = read_json(text, "history", HistoryError, MAX_HISTORY_CHARS)
    return _read(data, replay_saves, progress)


def aside_document(damaged: list[Damaged]) -> HistoryDocument:
    """The parts set aside, as they were, in a history document of their own (the page keeps
    it under a key of its own: nothing is lost).  It is not checked: it is what failed."""
    document = new_document()
    for part in damaged:
        if part.part == "record":
            document["records"].append(part.value)
        elif part.part == "save" and part.key is not None:
            document["saves"][part.key] = part.value
        elif part.part == "current":
            document["current"] = part.value
    return document


def _read(data: Any, replay: bool,
          progress: Callable[[int, int], None] | None) -> tuple[HistoryDocument, list[Damaged]]:
    """The history's parts that check, and the damaged ones (see :func:`salvage`)."""
    if not isinstance(data, dict) or data.get("format") != HISTORY_FORMAT:
        raise HistoryError(Reason("history_not_wizard"))
    data = _migrated(data)
    unknown = set(data) - set(FIELDS)
    if unknown:
        raise HistoryError(Reason("history_unknown_fields", {"fields": str(shown(", ".join(sorted(unknown))))}))
    missing = [name for name in FIELDS if name not in data]
    if missing:
        raise HistoryError(Reason("history_damaged", {"field": missing[0]}))
    records, saves = data["records"], data["saves"]
    if not isinstance(records, list) or len(records) > MAX_RECORDS:
        raise HistoryError(Reason("history_damaged", {"field": "records"}))
    if not isinstance(saves, dict) or len(saves) > MAX_SAVES:
        raise HistoryError(Reason("history_damaged", {"field": "saves"}))
    damaged: list[Damaged] = []
    checked = _records(records, damaged)
    kept = _saves(saves, checked, damaged, replay, progress)
    current = _current_part(data["current"], damaged)
    return ({"format": HISTORY_FORMAT, "version": HISTORY_VERSION, "records": checked, "saves": kept,
             "current": current}, damaged)


def _migrated(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` brought to :data:`HISTORY_VERSION` through :data:`MIGRATIONS`; HistoryError if it cannot be."""
    version = data.get("version")
    refused = Reason("history_version", {"version": shown(version), "expected": HISTORY_VERSION})
    if type(version) is not int or version > HISTORY_VERSION:  # not True, not 1.0, not from the future
        raise HistoryError(refused)
    while version < HISTORY_VERSION:
        if version not in MIGRATIONS:
            raise HistoryError(refused)
        data = MIGRATIONS[version](data)
        version += 1
    return data


def _records(records: list[Any], damaged: list[Damaged]) -> list[GameRecord]:
    """The records that check, each game once; the others go to ``damaged``."""
    checked: dict[str, GameRecord] = {}
    for index, raw in enumerate(records):
        key = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else None
        try:
            record = check_record(raw)
        except HistoryError as error:
            reason = Reason("history_bad_record", {"index": index + 1}, cause=error.reason)
            damaged.append(Damaged("record", key, raw, raw, reason))
            continue
        if record["id"] in checked:  # a second record of one game
            damaged.append(Damaged("record", key, raw, raw, Reason("history_damaged", {"field": "records"})))
            continue
        checked[record["id"]] = record
    return list(checked.values())


def _saves(saves: dict[Any, Any], records: list[GameRecord], damaged: list[Damaged], replay: bool,
           progress: Callable[[int, int], None] | None = None) -> dict[str, str]:
    """The saves for review that are each their own record's game (replayed to its end,
    when ``replay``); the others go to ``damaged``."""
    owners = {record["save"]: record for record in records if record["save"] is not None}
    aside = {part.value.get("save"): part.value for part in damaged
             if part.part == "record" and isinstance(part.value, dict) and isinstance(part.value.get("save"), str)}
    kept: dict[str, str] = {}
    for done, (key, text) in enumerate(saves.items(), start=1):
        record = owners.get(key)
        if record is None:  # no record of its own: with its record set aside, or of no game at all
            noted = key not in aside
            damaged.append(Damaged("save", key, text, aside.get(key), Reason("history_damaged", {"field": "saves"}),
                                   noted))
            continue
        reason = _save_reason(key, text, record, replay)
        if reason is None:
            kept[key] = text
        else:
            damaged.append(Damaged("save", key, text, record, reason))
        if progress is not None and replay:
            progress(done, len(saves))
    return kept


def _save_reason(key: str, text: Any, record: GameRecord, replay: bool) -> Reason | None:
    """Why the save ``text`` cannot be ``record``'s review (None: it can)."""
    if not isinstance(text, str):
        return Reason("history_damaged", {"field": "saves"})
    try:
        document = parse_save(text)
    except WizardError as error:
        return Reason("history_bad_save", {"key": key}, cause=error.reason)
    if not _looks_paired(document, record):
        return Reason("history_save_mismatch", {"key": key})
    if not replay:
        return None
    digest = hashlib.sha256(text.encode()).hexdigest()
    game = _REPLAYED.get(digest)
    if game is None:
        try:
            state, tag = load_save_document(document)
        except WizardError as error:
            return Reason("history_bad_save", {"key": key}, cause=error.reason)
        if not state.is_over:
            return Reason("history_bad_save", {"key": key}, cause=Reason("history_not_over", rule="R18"))
        game = remember_save(text, state, tag)
    if game != _game_of_record(record):
        return Reason("history_save_mismatch", {"key": key})
    return None


def _looks_paired(document: Any, record: GameRecord) -> bool:
    """Whether a save's document (unpacked, not replayed) names ``record``'s game and players."""
    if not isinstance(document, dict):
        return True  # (not a save: replaying it says so)
    game, config = document.get("game"), document.get("config")
    if isinstance(game, dict) and game.get("id") != record["id"]:
        return False
    return not isinstance(config, dict) or "players" not in config or config["players"] == record["players"]


_REPLAYED: dict[str, str] = {}
"""The saves replayed to their end by this process (by their text's digest): the game each
is (:func:`_game_of`).  A page's worker reads its own saves again and again; each is
replayed once."""
_MOST_REMEMBERED = 4 * MAX_SAVES


def remember_save(text: str, state: State, tag: Tag) -> str:
    """Note that the save ``text`` was replayed to the finished ``state`` (tag ``tag``): it is
    not replayed again when a history is read.  The game it is, as :func:`_game_of` says."""
    if len(_REPLAYED) >= _MOST_REMEMBERED:
        _REPLAYED.clear()
    game = _game_of(tag.id, _players(state.config.players), options_view(state.config.options),
                    state.first_dealer, [{"bids": [row.bid for row in rows], "taken": [row.taken for row in rows]}
                                         for rows in state.pad], state.config.relaxed)
    _REPLAYED[hashlib.sha256(text.encode()).hexdigest()] = game
    return game


def _game_of(game_id: str, players: Any, options: Any, first_dealer: int, rounds: Any, relaxed: bool) -> str:
    """What pairs a save with its record: the game's id, players, rules (relaxed or not), first dealer and rounds."""
    return json.dumps([game_id, players, options, first_dealer, rounds, relaxed], sort_keys=True)


def _game_of_record(record: GameRecord) -> str:
    return _game_of(record["id"], record["players"], record["options"], record["first_dealer"], record["rounds"],
                    record.get("relaxed", False))


def _current_part(current: Any, damaged: list[Damaged]) -> CurrentGames:
    try:
        return _current(current)
    except HistoryError as error:
        damaged.append(Damaged("current", None, current, None, error.reason))
        return {}


def _current(current: Any) -> CurrentGames:
    """The games in progress: a game's save and a score pad, each restored to be sure."""
    if not isinstance(current, dict) or set(current) - {"game", "keeper"}:
        raise HistoryError(Reason("history_damaged", {"field": "current"}))
    checked: CurrentGames = {}
    try:
        if "game" in current:
            load_save(current["game"])
            checked["game"] = current["game"]
        if "keeper" in current:
            checked["keeper"] = load_keeper(current["keeper"]).document()
    except WizardError as error:
        raise HistoryError(Reason("history_bad_current", cause=error.reason)) from None
    return checked
