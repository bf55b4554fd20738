"""The local history of finished games, and its export and import as one JSON file.

The history keeps a :class:`~.game_record.GameRecord` of every finished game (made and
checked in :mod:`.game_record`; the statistics read them in :mod:`.stats`), the saves for
review, and the games in progress.  :func:`dumps` writes it all into one versioned
:class:`HistoryDocument`; :func:`loads` reads it back, checking every part (each record's
bids, tricks and totals against the rules, each save and game in progress by replaying it,
each save against its own record: a game's review is kept under its id), so a damaged file
is refused whole with a :class:`HistoryError` saying why, and nothing is half-imported.
The page's own history is read part by part instead (:func:`salvage`): a damaged record or
save is set aside alone (:class:`Damaged`, kept as it was), and the rest stays.
:func:`merge` joins an imported history to the one kept, without duplicates: a record's
``id`` (the game's id) never changes.  A file of an older format version goes through
:data:`MIGRATIONS`; a newer one is refused.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypedDict

from ..errors import HistoryError, WizardError
from ..reasons import Reason, shown
from ..state import State
from ..view import options_view, players_view
from .game_record import GameRecord, check_record, rounds_of, when_played
from .keeper import KeeperDocument
from .keeper import load_document as load_keeper
from .limits import MAX_HISTORY_CHARS, read_json
from .save import Tag
from .save import load_tagged_document as load_save_document
from .save import loads as load_save
from .save import parse as parse_save

HISTORY_FORMAT = "wizard-history"
HISTORY_VERSION = 1
FIELDS = ("format", "version", "records", "saves", "current")
"""The fields of a history document, every one required."""
MAX_RECORDS = 10_000
"""The most games a history holds: :func:`merge` keeps the newest."""
MAX_SAVES = 100
"""The most saves for review a history holds: :func:`merge` keeps those of the newest games
(an older record keeps its key, but its review is gone).  With :data:`MAX_RECORDS`, this
keeps any history within :data:`~wizard_engine.records.limits.MAX_HISTORY_CHARS`."""
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""``MIGRATIONS[v]`` turns a document of format version ``v`` into one of version ``v + 1``
(none yet: version 1 is the first).  A file whose version has no way to the current one is
refused."""


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
    game = _game_of(tag.id, players_view(state.config.players), options_view(state.config.options),
                    state.first_dealer, rounds_of(state), state.config.relaxed)
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
