"""The page's history requests (``history_*``), answered by the
coach's worker so that they never hold up the game's bots.

The page keeps the history in its storage as :func:`~wizard_engine.records.history.dumps` text
without the games in progress (those it keeps under their own keys), and sends it with each
request; every answer that changes the history gives back the new text to store.  The
history kept is read without replaying its saves (the engine wrote it); an imported file is
checked whole.  ``keep_saves`` and ``budget`` are the page's budget for its storage: the
saves for review of its newest ``keep_saves`` games at most, and fewer (the oldest go first)
while the text is longer than ``budget`` characters; the records always stay.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..errors import HistoryError, WizardError
from ..reasons import Reason
from ..records import game_record, history, save, stats
from ..records import keeper as keepers
from ..records.history import HistoryDocument
from ..rules import SCHEDULES

Progress = Callable[[int, int], None]


def _kept(params: dict[str, Any]) -> HistoryDocument:
    """The history the page keeps (``params["history"]``; none yet: null)."""
    text = params.get("history")
    if text is None:
        return history.new_document()
    return history.loads(text, replay_saves=False)


def _keep_saves(params: dict[str, Any]) -> int:
    """The page's budget of saves for review (default: the history's own most)."""
    most = params.get("keep_saves", history.MAX_SAVES)
    if type(most) is not int or most < 0:
        raise WizardError(Reason("history_bad_request", {"name": "keep_saves"}))
    return min(most, history.MAX_SAVES)


def _budget(params: dict[str, Any]) -> int | None:
    budget = params.get("budget")
    if budget is not None and (type(budget) is not int or budget < 0):
        raise WizardError(Reason("history_bad_request", {"name": "budget"}))
    return budget


def _stored(document: HistoryDocument, params: dict[str, Any]) -> str:
    """The history as the page stores it: no game in progress, saves within its budget."""
    kept = history.with_saves({**document, "current": {}}, _keep_saves(params))
    text, budget = history.dumps(kept), _budget(params)
    if budget is None or len(text) <= budget:
        return text
    # Each save dropped shortens the text by its entry: "key":"text", and a comma.
    excess, linked = len(text) - budget, [r["save"] for r in kept["records"] if r["save"] in kept["saves"]]
    dropped = 0
    while excess > 0 and dropped < len(linked):
        key = linked[dropped]
        excess -= len(json.dumps(key, ensure_ascii=False)) + len(json.dumps(kept["saves"][key], ensure_ascii=False)) + 2
        dropped += 1
    return history.dumps(history.with_saves(kept, len(linked) - dropped))


def _me(params: dict[str, Any]) -> int | None:
    me = params.get("me")
    if me is not None and type(me) is not int:
        raise HistoryError(Reason("record_damaged", {"field": "me"}))
    return me


def history_record_request(params: dict[str, Any]) -> dict[str, Any]:
    """Add a finished game to the history: ``save`` (a game's save, kept for its review) or
    ``keeper`` (a score pad's document text), played at ``date`` (ISO 8601, UTC); ``me``:
    the device owner's seat (for a game, by default its first seat if a person plays it:
    the one who filled in the form).  Answers the new history
    text, whether the game was new to it, the game's id, and how many games the history
    holds of the ``most`` it keeps (past that, each new game replaces the oldest record)."""
    document = _kept(params)
    date, me = params.get("date", ""), _me(params)  # (record_damaged if not a date)
    if isinstance(params.get("save"), str):
        state, tag = save.load_game(params["save"])
        if me is None and state.config.players[0].bot is None:
            me = 0  # the page's first seat is the person who set the game up on this device
        record = game_record.record_from_state(state, date, tag, me=me, save=tag.id)
        history.remember_save(params["save"], state, tag)  # replayed just now: not again when read
        added = history.add(document, record, params["save"])
    elif isinstance(params.get("keeper"), str):
        record = game_record.record_from_keeper(keepers.loads(params["keeper"]), date, me=me)
        added = history.add(document, record)
    else:
        raise WizardError(Reason("no_save_given"))
    return {"history": _stored(added, params), "id": record["id"],
            "added": len(added["records"]) > len(document["records"]),
            "games": len(added["records"]), "most": history.MAX_RECORDS}


def history_stats_request(params: dict[str, Any]) -> dict[str, Any]:
    """The statistics of the device's owner (or of the player named ``who``) over the games of one
    schedule (``schedule``, default the standard) and one deck (``deck``, one of
    :data:`~wizard_engine.records.stats.DECKS`; by default the one they played last), the
    names of everyone in the history, and its games newest first, each as the page lists it."""
    document = _kept(params)
    who = params.get("who")
    if who is not None and not isinstance(who, str):
        raise WizardError(Reason("history_bad_request", {"name": "who"}))
    schedule = params.get("schedule", "standard")
    if schedule not in SCHEDULES:
        raise WizardError(Reason("history_bad_request", {"name": "schedule"}))
    deck = params.get("deck")
    if deck is not None and deck not in stats.DECKS:
        raise WizardError(Reason("history_bad_request", {"name": "deck"}))
    records = document["records"]
    names = sorted({player["name"] for record in records for player in record["players"]})
    games = [{"id": record["id"], "kind": record["kind"], "date": record["date"], "players": record["players"],
              "me": record["me"], "totals": record["totals"], "rounds": len(record["rounds"]),
              "review": record["save"] if record["save"] in document["saves"] else None,
              "relaxed": record.get("relaxed", False),
              "schedule": record["options"]["schedule"], "deck": stats.deck_of(record)}
             for record in reversed(records)]
    return {"statistics": stats.statistics(records, who, schedule, deck), "names": names, "games": games}


def history_review_request(params: dict[str, Any]) -> dict[str, Any]:
    """The save kept for a game's review (``key``), and the game's record."""
    document = _kept(params)
    key = params.get("key", "")
    record = next((r for r in document["records"] if r["save"] == key and key in document["saves"]), None)
    if record is None:
        raise WizardError(Reason("no_save_given"))
    return {"save": document["saves"][key], "record": record}


def history_import_request(params: dict[str, Any], progress: Progress | None = None) -> dict[str, Any]:
    """Merge the history ``file`` (every part checked: a damaged file is refused whole) into
    the history kept.  Answers the new history text, how many games were new, how many it
    holds of the ``most`` it keeps, and the file's games in progress (the page restores each
    unless it has one of its own).  Replaying the file's saves for review is most of the
    work: ``progress(done, total)`` after each."""
    document = _kept(params)
    imported = history.loads(params.get("file"), progress=progress)
    merged = history.merge(document, imported)
    known = {record["id"] for record in document["records"]}
    current: dict[str, Any] = {}
    if "game" in imported["current"]:
        text = imported["current"]["game"]
        current["game"] = {"save": text, "game": save.load_game(text)[1].to_json()}
    if "keeper" in imported["current"]:
        current["keeper"] = keepers.load_document(imported["current"]["keeper"]).dumps()
    return {"history": _stored(merged, params), "current": current,
            "added": sum(record["id"] not in known for record in merged["records"]),
            "games": len(merged["records"]), "most": history.MAX_RECORDS}


def _notice(part: history.Damaged) -> dict[str, Any]:
    """A part set aside as the page names it: which part, which game (its id, date and
    players' names, each None when unreadable) and why."""
    record = part.record if isinstance(part.record, dict) else {}
    date = record.get("date") if game_record.is_date(record.get("date")) else None
    players = record.get("players")
    names = ([p["name"] for p in players] if isinstance(players, list)
             and all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in players) and players else None)
    reason = part.reason.cause if part.part == "record" and part.reason.cause is not None else part.reason
    return {"part": part.part, "id": part.key, "date": date, "players": names, "reason": reason.to_json()}


def _salvaged(text: Any, replay: bool) -> tuple[HistoryDocument, list[history.Damaged]]:
    """The history kept read part by part (none yet: null)."""
    if text is None:
        return history.new_document(), []
    return history.salvage(text, replay_saves=replay)


def _set_aside(damaged: list[history.Damaged]) -> dict[str, Any]:
    """The answer's account of the parts set aside: ``set_aside`` names each (the save of a
    record set aside goes with it, unnamed), ``aside`` holds them all as they were (a history
    document's text, for the page to keep under a key of its own; null when none)."""
    return {"set_aside": [_notice(part) for part in damaged if part.noted],
            "aside": history.dumps(history.aside_document(damaged)) if damaged else None}


def history_check_request(params: dict[str, Any]) -> dict[str, Any]:
    """Read the history kept part by part (``replay``: replaying its saves for review too):
    a damaged record or save is set aside alone, and the rest stays.  Answers the history
    to keep (the same text when nothing was set aside) and the parts set aside."""
    replay = params.get("replay", False)
    if type(replay) is not bool:
        raise WizardError(Reason("history_bad_request", {"name": "replay"}))
    text = params.get("history")
    document, damaged = _salvaged(text, replay)
    kept = history.dumps({**document, "current": {}}) if damaged else text
    return {"history": kept, **_set_aside(damaged)}


def history_export_request(params: dict[str, Any]) -> dict[str, Any]:
    """The file to export: the history kept with the games in progress, ``game`` (a game's
    save) and ``keeper`` (a score pad's document text).  Every save for review is replayed:
    a part that an import would refuse is left out, so that the file can always be imported;
    a game in progress is named in ``left_out``, a damaged record or save in ``set_aside``
    (with ``aside``, the parts as they were, and ``history``, the history to keep without
    them; as :func:`history_check_request`)."""
    document, damaged = _salvaged(params.get("history"), replay=True)
    current: history.CurrentGames = {}
    left_out = []
    if isinstance(params.get("game"), str):
        try:
            save.load_game(params["game"])
            current["game"] = params["game"]
        except WizardError:
            left_out.append("game")
    if isinstance(params.get("keeper"), str):
        try:
            current["keeper"] = keepers.loads(params["keeper"]).document()
        except WizardError:
            left_out.append("keeper")
    kept = history.dumps({**document, "current": {}}) if damaged else params.get("history")
    return {"file": history.dumps({**document, "current": current}), "left_out": left_out,
            "games": len(document["records"]), "history": kept, **_set_aside(damaged)}


def history_trim_request(params: dict[str, Any]) -> dict[str, Any]:
    """The history kept with fewer saves for review (``keep_saves``): the page's storage is full."""
    return {"history": _stored(_kept(params), params)}


REQUESTS = (history_check_request, history_record_request, history_stats_request, history_review_request,
            history_export_request, history_trim_request)
LONG_REQUESTS = (history_import_request,)  # it reports its progress: (done, total) as it goes
