"""The local history of finished games, its statistics, and its export and import as one JSON file.

A :class:`GameRecord` is one finished game, whoever played it (against bots, pass-and-play,
or on the score keeper for a real deck): its date, players and bot levels, rules, first
dealer, every round's bids and tricks (seat order), the final totals, which seat is the
device's owner (``me``, for the statistics) and the key of the game's save for review.
Records are made only from finished games (:func:`record_from_state`,
:func:`record_from_keeper`), and hold no card: nothing hidden leaves an unfinished game.

:func:`statistics` reads records into plain data for charts.  :func:`dumps` writes the
whole history, the saves for review and the games in progress into one versioned
:class:`HistoryDocument`; :func:`loads` reads it back, checking every part (each record's
bids, tricks and totals against the rules, each save and game in progress by replaying it),
so a damaged file is refused whole with a :class:`HistoryError` saying why, and nothing is
half-imported.  :func:`merge` joins an imported history to the one kept, without
duplicates: a record's ``id`` (the game's id) never changes.  A file of an older format
version goes through :data:`MIGRATIONS`; a newer one is refused.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any, TypedDict

from ..config import BOT_LEVELS, GameConfig, Options, Player
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
from .save import loads as load_save

HISTORY_FORMAT = "wizard-history"
HISTORY_VERSION = 1
FIELDS = ("format", "version", "records", "saves", "current")
"""The fields of a history document, every one required."""
RECORD_FIELDS = ("id", "kind", "date", "players", "me", "options", "first_dealer", "rounds", "totals", "save")
"""The fields of a game record, every one required."""
KINDS = ("bots", "people", "keeper")
"""Who played: one person against bots, several people on one device (with or without
bots), or people at a real table on the score keeper."""
PERSON = "person"
"""The opponent "level" of a person, in :func:`statistics`."""
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


class GameRecord(TypedDict):
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
    if not isinstance(data, dict) or set(data) != set(RECORD_FIELDS):
        raise HistoryError(Reason("record_damaged", {"field": "fields"}))
    _check(isinstance(data["id"], str) and GAME_ID.fullmatch(data["id"]) is not None, "id")
    _check(data["kind"] in KINDS, "kind")
    _check(_is_date(data["date"]), "date")
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
    _check(data["save"] is None or (isinstance(data["save"], str) and GAME_ID.fullmatch(data["save"]) is not None),
           "save")
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


def _is_date(value: Any) -> bool:
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
    ordered = _newest(sorted(records.values(), key=_played), MAX_RECORDS)
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


def _played(record: GameRecord) -> tuple[str, str, str]:
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
    (the file is refused whole).

    Replaying the saves for review is most of the work (about 15 ms a game on CPython):
    ``replay_saves=False`` only checks that each is a string, for the page's own stored
    history, written by the engine (a save damaged there is refused when it is opened for
    review).  A file from outside, an import, is replayed whole; ``progress(done, total)``
    is called after each save replayed.
    """
    data = read_json(text, "history", HistoryError, MAX_HISTORY_CHARS)
    return load_document(data, replay_saves, progress)


def load_document(data: Any, replay_saves: bool = True,
                  progress: Callable[[int, int], None] | None = None) -> HistoryDocument:
    """A parsed history document, migrated to the current version and checked (see
    :func:`loads`); or HistoryError."""
    if not isinstance(data, dict) or data.get("format") != HISTORY_FORMAT:
        raise HistoryError(Reason("history_not_wizard"))
    data = _migrated(data)
    unknown = set(data) - set(FIELDS)
    if unknown:
        raise HistoryError(Reason("history_unknown_fields", {"fields": str(shown(", ".join(sorted(unknown))))}))
    missing = [name for name in FIELDS if name not in data]
    if missing:
        raise HistoryError(Reason("history_damaged", {"field": missing[0]}))
    records, saves, current = data["records"], data["saves"], data["current"]
    if not isinstance(records, list) or len(records) > MAX_RECORDS:
        raise HistoryError(Reason("history_damaged", {"field": "records"}))
    checked = [_record_at(index, record) for index, record in enumerate(records)]
    if len({record["id"] for record in checked}) != len(checked):
        raise HistoryError(Reason("history_damaged", {"field": "records"}))
    return {"format": HISTORY_FORMAT, "version": HISTORY_VERSION, "records": checked,
            "saves": _saves(saves, {record["save"] for record in checked}, replay_saves, progress),
            "current": _current(current)}


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


def _record_at(index: int, record: Any) -> GameRecord:
    try:
        return check_record(record)
    except HistoryError as error:
        raise HistoryError(Reason("history_bad_record", {"index": index + 1}, cause=error.reason)) from None


def _saves(saves: Any, keys: set[str | None], replay: bool,
           progress: Callable[[int, int], None] | None = None) -> dict[str, str]:
    """The saves for review: each the save of a record, each a finished game (when ``replay``)."""
    if not isinstance(saves, dict) or len(saves) > MAX_SAVES:
        raise HistoryError(Reason("history_damaged", {"field": "saves"}))
    for done, (key, text) in enumerate(saves.items(), start=1):
        if key not in keys or not isinstance(text, str):
            raise HistoryError(Reason("history_damaged", {"field": "saves"}))
        if not replay:
            continue
        try:
            finished = load_save(text).is_over
        except WizardError as error:
            raise HistoryError(Reason("history_bad_save", {"key": key}, cause=error.reason)) from None
        if not finished:
            raise HistoryError(Reason("history_bad_save", {"key": key},
                                      cause=Reason("history_not_over", rule="R18")))
        if progress is not None:
            progress(done, len(saves))
    return dict(saves)


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


# --- statistics --------------------------------------------------------------------------------

class OpponentStats(TypedDict):
    """Games played and won against an opponent level (``"person"``: people)."""

    opponent: str
    games: int
    wins: int


class TableStats(TypedDict):
    """Games played and won at a table of ``players`` players."""

    players: int
    games: int
    wins: int


class BidStats(TypedDict):
    """Bids of rounds of ``cards`` cards: made exactly, too high (``over``: fewer tricks than
    bid) and too low (``under``: more tricks than bid)."""

    cards: int
    bids: int
    made: int
    over: int
    under: int


class BestGame(TypedDict):
    """The game with the highest final score (the earliest of equals)."""

    id: str
    date: str
    score: int


class Statistics(TypedDict):
    """A player's figures over the history, as plain data for charts (see :func:`statistics`)."""

    games: int
    wins: int
    average_score: float | None
    by_opponent: list[OpponentStats]
    by_table: list[TableStats]
    bids: int
    made: int
    over: int
    under: int
    by_cards: list[BidStats]
    best_game: BestGame | None
    longest_run: int


def statistics(records: list[GameRecord], who: str | None = None) -> Statistics:
    """The figures of one player over ``records``: by default the device's owner (each
    record's ``me``), else the player named ``who``; games without them are left out.

    A game is won when the player's total is the highest, shared or not (R18).  A game
    counts once under each opponent level at its table (``"person"`` for people).  The
    longest run is of bids made in a row, over the games in the order they were played.
    """
    stats = _Tally()
    for record in sorted(records, key=_played):
        seat = _seat_of(record, who)
        if seat is not None:
            stats.add(record, seat)
    return stats.result()


def _seat_of(record: GameRecord, who: str | None) -> Seat | None:
    if who is None:
        return record["me"]
    return next((seat for seat, player in enumerate(record["players"]) if player["name"] == who), None)


class _Tally:
    """The running counts behind :func:`statistics`."""

    def __init__(self) -> None:
        self.games = self.wins = self.score = 0
        self.opponents: dict[str, list[int]] = {}
        self.tables: dict[int, list[int]] = {}
        self.cards: dict[int, list[int]] = {}  # cards -> [bids, made, over, under]
        self.best: BestGame | None = None
        self.run = self.longest = 0

    def add(self, record: GameRecord, seat: Seat) -> None:
        totals = record["totals"]
        won = int(totals[seat] == max(totals))
        self.games, self.wins, self.score = self.games + 1, self.wins + won, self.score + totals[seat]
        levels = {player["bot"] or PERSON for other, player in enumerate(record["players"]) if other != seat}
        for level in levels:
            _count(self.opponents.setdefault(level, [0, 0]), 1, won)
        _count(self.tables.setdefault(len(totals), [0, 0]), 1, won)
        if self.best is None or totals[seat] > self.best["score"]:
            self.best = {"id": record["id"], "date": record["date"], "score": totals[seat]}
        rules = UNICOLOURED if record["options"]["unicoloured"] else STANDARD
        for number, one in enumerate(record["rounds"], start=1):
            bid, taken = one["bids"][seat], one["taken"][seat]
            _count(self.cards.setdefault(rules.hand_size(number), [0, 0, 0, 0]),
                   1, int(bid == taken), int(bid > taken), int(bid < taken))
            self.run = self.run + 1 if bid == taken else 0
            self.longest = max(self.longest, self.run)

    def result(self) -> Statistics:
        order = {level: i for i, level in enumerate((*BOT_LEVELS, PERSON))}
        by_cards: list[BidStats] = [{"cards": cards, "bids": c[0], "made": c[1], "over": c[2], "under": c[3]}
                                    for cards, c in sorted(self.cards.items())]
        return {
            "games": self.games, "wins": self.wins,
            "average_score": round(self.score / self.games, 1) if self.games else None,
            "by_opponent": [{"opponent": level, "games": c[0], "wins": c[1]}
                            for level, c in sorted(self.opponents.items(), key=lambda item: order[item[0]])],
            "by_table": [{"players": players, "games": c[0], "wins": c[1]}
                         for players, c in sorted(self.tables.items())],
            "bids": sum(c["bids"] for c in by_cards), "made": sum(c["made"] for c in by_cards),
            "over": sum(c["over"] for c in by_cards), "under": sum(c["under"] for c in by_cards),
            "by_cards": by_cards,
            "best_game": self.best, "longest_run": self.longest,
        }


def _count(counts: list[int], *steps: int) -> None:
    for index, step in enumerate(steps):
        counts[index] += step
