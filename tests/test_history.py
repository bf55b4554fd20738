"""Issue 11: the records of finished games (records/game_record.py), the history, and its export and import
(records/history.py); their statistics: tests/test_stats.py."""

from __future__ import annotations

import copy
import functools
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import act, damage_one_value, random_game
from wizard_engine import GameConfig, State, save, web
from wizard_engine.config import Player
from wizard_engine.errors import HistoryError
from wizard_engine.reasons import Reason
from wizard_engine.records import history
from wizard_engine.records.game_record import GameRecord, check_record, record_from_keeper, record_from_state
from wizard_engine.records.history import HistoryDocument, loads, merge, new_document
from wizard_engine.records.keeper import Keeper
from wizard_engine.records.limits import MAX_HISTORY_CHARS
from wizard_engine.records.stats import statistics

FUZZ = settings(max_examples=60, deadline=None, derandomize=True, database=None)
CARD = re.compile(r'"(?:[2-9TJQKA][CDHS]|Z|N)"')


def refused(action: Callable[[], object]) -> Reason:
    with pytest.raises(HistoryError) as info:
        action()
    return info.value.reason


def pad(names: list[str], rounds: list[tuple[list[int], list[int]]], first_dealer: int = 0,
        pad_id: str = "pad", me: int | None = None) -> Keeper:
    """A finished score pad (``me``: its owner's seat); each round's bids and tricks in seat order."""
    keeper = Keeper(GameConfig.of(names), first_dealer, pad_id, me)
    for bids, taken in rounds:
        for seat in keeper.order(keeper.round):
            keeper.bid(bids[seat])
        keeper.tricks(taken)
    assert keeper.is_over
    return keeper


def against_bots(record: GameRecord, levels: list[str]) -> GameRecord:
    """The record as a game of seat 0 against bots of ``levels``."""
    changed = copy.deepcopy(record)
    changed["kind"], changed["me"] = "bots", 0
    changed["players"] = [changed["players"][0]] + [{"name": p["name"], "bot": level}
                                                     for p, level in zip(changed["players"][1:], levels)]
    return check_record(changed)


SIX = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
FOUR = SIX[:4]


def known_games() -> list[GameRecord]:
    """Three games whose figures can be checked by hand (see test_statistics_of_three_known_games)."""
    # G1, a real table of six: everyone bids 0 and Ann takes every trick; Bob (me) makes all 10 bids.
    g1 = record_from_keeper(pad(SIX, [([0] * 6, [r] + [0] * 5) for r in range(1, 11)], pad_id="g1"),
                            "2026-01-01T10:00:00Z", me=1)
    # G2, Ann (me) against five easy bots: she bids 1 and takes 1, Bob bids 0 and takes the rest.
    g2_pad = pad(SIX, [([1] + [0] * 5, [1, r - 1, 0, 0, 0, 0]) for r in range(1, 11)], pad_id="g2")
    g2 = against_bots(record_from_keeper(g2_pad, "2026-01-02T10:00:00.123Z"), ["easy"] * 5)
    # G3, Ann (me) against three hard bots: she bids 1 and takes nothing, Bob bids 0 and takes everything.
    g3_pad = pad(FOUR, [([1, 0, 0, 0], [0, r, 0, 0]) for r in range(1, 16)], pad_id="g3")
    g3 = against_bots(record_from_keeper(g3_pad, "2026-01-03T10:00:00Z"), ["hard"] * 3)
    return [g3, g1, g2]  # out of order on purpose: statistics go by date


# --- records -------------------------------------------------------------------------------

def finished_bot_game(seed: int = 3) -> tuple[State, save.Tag]:
    config = GameConfig((Player("Me"), Player("B", "easy"), Player("C", "hard")), seed=seed)
    return random_game(config, seed=seed), save.Tag("a1b2c3", 1000)


def test_a_finished_game_becomes_a_record_of_its_pad() -> None:
    state, tag = finished_bot_game()
    record = record_from_state(state, "2026-11-22T23:19:29Z", tag, save="a1b2c3")
    assert record["id"] == "a1b2c3" and record["kind"] == "bots" and record["me"] == 0
    assert record["players"] == [{"name": "Me", "bot": None}, {"name": "B", "bot": "easy"},
                                 {"name": "C", "bot": "hard"}]
    assert record["first_dealer"] == state.first_dealer and record["totals"] == state.totals
    assert [[(b, t) for b, t in zip(r["bids"], r["taken"])] for r in record["rounds"]] == \
        [[(row.bid, row.taken) for row in rows] for rows in state.pad]
    assert record["options"]["bidding"] == "open" and record["save"] == "a1b2c3"
    assert record_from_state(state, "2026-11-22T23:19:29Z")["id"] == save.derived_tag(state).id


def test_pass_and_play_records_name_no_owner_unless_told() -> None:
    config = GameConfig((Player("Ann"), Player("Bob"), Player("Cy", "medium")), seed=5)
    state = random_game(config, seed=5)
    assert record_from_state(state, "2026-11-22T23:19:29Z")["kind"] == "people"
    assert record_from_state(state, "2026-11-22T23:19:29Z")["me"] is None
    assert record_from_state(state, "2026-11-22T23:19:29Z", me=1)["me"] == 1
    assert refused(lambda: record_from_state(state, "2026-11-22T23:19:29Z", me=2)) == \
        Reason("record_damaged", {"field": "me"})
    bots = random_game(GameConfig.from_dict({"players": [{"name": n, "bot": "random"} for n in "ABC"]}), 1)
    assert refused(lambda: record_from_state(bots, "2026-11-22T23:19:29Z")).code == "no_person"


def test_the_hidden_information_never_enters_the_history_from_an_unfinished_game() -> None:
    state = act(State(GameConfig((Player("Me"), Player("B", "easy"), Player("C", "hard")), seed=2)),
                "bid 0", "bid 0", "bid 0")
    assert refused(lambda: record_from_state(state, "2026-11-22T23:19:29Z")) == Reason("history_not_over", rule="R18")
    keeper = Keeper.of(["A", "B", "C"])
    keeper.bid(1)
    assert refused(lambda: record_from_keeper(keeper, "2026-11-22T23:19:29Z")).code == "history_not_over"
    # A finished game's record holds bids and tricks, never a card.
    finished, tag = finished_bot_game()
    text = json.dumps(record_from_state(finished, "2026-11-22T23:19:29Z", tag))
    assert not CARD.search(text) and '"actions"' not in text and "seed" not in text
    # The game in progress travels in the export as the page keeps it: sealed.
    document = new_document()
    document["current"] = {"game": save.seal(state)}
    exported = history.dumps(document)
    assert '"actions"' not in exported and not CARD.search(exported)


def test_a_score_pad_becomes_a_record() -> None:
    keeper = pad(SIX, [([0] * 6, [r] + [0] * 5) for r in range(1, 11)], first_dealer=4)
    record = record_from_keeper(keeper, "2026-11-22T23:19:29Z", me=3)
    assert record["id"] == keeper.id and record["kind"] == "keeper" and record["save"] is None
    assert record["first_dealer"] == 4 and record["totals"] == [-550] + [200] * 5 and record["me"] == 3
    assert record["rounds"][2] == {"bids": [0] * 6, "taken": [3, 0, 0, 0, 0, 0]}
    assert record_from_keeper(keeper.document(), "2026-11-22T23:19:29Z", me=3) == record


def test_records_are_plain_json_of_their_type() -> None:
    from tests.test_reasons import conforms

    for record in known_games():
        conforms(record, GameRecord)
        assert json.loads(json.dumps(record)) == record


@pytest.mark.parametrize(("change", "field"), [
    ({"id": "has space"}, "id"),
    ({"kind": "robots"}, "kind"),
    ({"kind": "keeper"}, "kind"),  # a bot at a real table
    ({"date": "2026-02-30T10:00:00Z"}, "date"),
    ({"date": "yesterday"}, "date"),
    ({"date": 1700000000}, "date"),
    ({"date": "\u0662026-01-02T10:00:00Z"}, "date"),  # an Arabic-Indic digit
    ({"me": 1}, "me"),  # a bot
    ({"me": True}, "me"),
    ({"first_dealer": 6}, "first_dealer"),
    ({"rounds": []}, "rounds"),
    ({"totals": [0] * 6}, "totals"),
    ({"totals": [300, -430, 200, 200, 200, 200]}, None),
    ({"totals": [300, -430, 200, 200, 200, 200.0]}, "totals"),
    ({"save": "no spaces"}, "save"),
    ({"players": "Ann"}, "players"),
    ({"options": {"bidding": "open"}}, "options"),  # every option named, as statistics read them
    ({"extra": 1}, "fields"),
])
def test_a_damaged_record_says_which_field(change: dict[str, Any], field: str | None) -> None:
    record = dict(known_games()[2])
    record.update(change)
    if field is None:  # the undamaged control
        assert check_record(record) == record
    else:
        assert refused(lambda: check_record(record)) == Reason("record_damaged", {"field": field})


def test_a_records_rounds_keep_the_rules() -> None:
    record = copy.deepcopy(known_games()[2])
    record["rounds"][4]["taken"] = [5, 0, 0, 0, 0, 1]  # 6 tricks in a round of 5 cards
    assert refused(lambda: check_record(record)).params == {"field": "rounds"}
    record = copy.deepcopy(known_games()[2])
    record["rounds"][0]["bids"][2] = 2  # a bid of 2 in a round of 1 card
    assert refused(lambda: check_record(record)).params == {"field": "rounds"}
    record = copy.deepcopy(known_games()[2])
    record["players"][1]["bot"] = "genius"
    reason = refused(lambda: check_record(record))
    assert reason.params == {"field": "players"} and reason.cause is not None
    assert reason.cause.code == "bot_level_unknown"


# --- export and import --------------------------------------------------------------------------

def full_history() -> HistoryDocument:
    """Three known games, a bot game with its save for review, a game and a pad in progress."""
    document = new_document()
    for record in known_games():
        document = history.add(document, record)
    state, tag = finished_bot_game()
    document = history.add(document, record_from_state(state, "2026-02-01T00:00:00Z", tag, save="a1b2c3"),
                           save.seal(state, tag))
    in_progress = act(State(GameConfig((Player("Me"), Player("B", "easy"), Player("C", "hard")), seed=8)), "bid 1")
    keeper = Keeper.of(["A", "B", "C"])
    keeper.bid(0)
    document["current"] = {"game": save.seal(in_progress), "keeper": keeper.document()}
    return document


@functools.cache
def full_history_text() -> str:
    return history.dumps(full_history())


def test_export_and_import_round_trip() -> None:
    document = full_history()
    text = history.dumps(document)
    again = loads(text)
    assert again == document and history.dumps(again) == text
    assert [record["date"] for record in again["records"]] == sorted(record["date"] for record in again["records"])
    assert list(again["saves"]) == ["a1b2c3"] and save.loads(again["saves"]["a1b2c3"]).is_over


def the_game_cut_short(moves: int = 3) -> str:
    """The save of full_history's bot game (same id, same players) before its last ``moves`` moves."""
    state, tag = finished_bot_game()
    return save.seal(State.replay(state.config, state.history[:-moves]), tag)


def the_game_with_a_bad_move(seed: int = 3, game_id: str = "a1b2c3") -> str:
    """The save of full_history's bot game (or of seed ``seed``, ``game_id``) whose last move is
    illegal: it unpacks, it does not replay."""
    state, _ = finished_bot_game(seed)
    document = save.save_document(state, save.Tag(game_id, 1000))
    document["actions"][-1][1] = "bid 99"
    return json.dumps(document)


def test_the_pages_own_history_may_skip_replaying_the_saves() -> None:
    text = history.dumps(full_history())
    assert loads(text, replay_saves=False) == loads(text)
    broken = damaged(saves={"a1b2c3": the_game_with_a_bad_move()})
    assert loads(broken, replay_saves=False)["saves"] == {"a1b2c3": the_game_with_a_bad_move()}
    assert refused(lambda: loads(broken)).code == "history_bad_save"
    # Unpacking each save (no replay) still finds a seal that does not open, and another game's save.
    assert refused(lambda: loads(damaged(saves={"a1b2c3": "wizard-save:1:AAAA"}), replay_saves=False)).code == \
        "history_bad_save"
    other = save.seal(finished_bot_game(4)[0], save.Tag("other", 1000))
    assert refused(lambda: loads(damaged(saves={"a1b2c3": other}), replay_saves=False)).code == \
        "history_save_mismatch"
    assert refused(lambda: loads(damaged(saves={"a1b2c3": 7}), replay_saves=False)).code == "history_damaged"
    assert refused(lambda: loads(damaged(saves={"nobody": "x"}), replay_saves=False)).code == "history_damaged"


def test_import_merges_without_duplicates_and_keeps_the_ids() -> None:
    document = full_history()
    imported = loads(history.dumps(document))
    assert merge(document, imported) == document
    mine = history.add(new_document(), known_games()[0])
    mine["records"][0] = {**mine["records"][0], "date": "2025-12-31T00:00:00Z"}  # the kept copy wins
    merged = merge(mine, imported)
    assert len(merged["records"]) == 4 and merged["records"][0] == mine["records"][0]
    assert sorted(r["id"] for r in merged["records"]) == sorted(r["id"] for r in document["records"])
    assert merged["current"] == document["current"] and merged["saves"] == document["saves"]
    assert merge(merged, imported) == merged


def test_games_are_kept_in_the_order_they_were_played() -> None:
    first, second, third = known_games()[1], known_games()[2], known_games()[0]
    late: GameRecord = {**second, "date": "2026-01-01T10:00:00.5Z"}  # half a second after the first game
    document = merge(history.add(new_document(), third), history.add(history.add(new_document(), late), first))
    assert [r["id"] for r in document["records"]] == ["g1", "g2", "g3"]


def test_adding_a_game_twice_keeps_it_once() -> None:
    record = known_games()[0]
    once = history.add(new_document(), record)
    assert history.add(once, record) == once and len(once["records"]) == 1


def test_merge_keeps_the_newest_games_and_saves(monkeypatch: pytest.MonkeyPatch) -> None:
    document = full_history()
    monkeypatch.setattr(history, "MAX_RECORDS", 2)
    monkeypatch.setattr(history, "MAX_SAVES", 0)
    merged = merge(new_document(), document)
    assert [r["date"] for r in merged["records"]] == ["2026-01-03T10:00:00Z", "2026-02-01T00:00:00Z"]
    assert merged["saves"] == {} and merged["records"][-1]["save"] == "a1b2c3"  # the key stays, the review is gone
    assert loads(history.dumps(merged)) == merged


def test_the_largest_history_fits_in_a_file() -> None:
    """MAX_RECORDS of the longest records and MAX_SAVES of the longest saves stay under the limit."""
    longest = copy.deepcopy(known_games()[0])
    longest["players"] = [{"name": "\u00e9" * 32, "bot": None} for _ in range(6)]
    longest["id"] = longest["save"] = "f" * 64
    record = len(json.dumps(longest, ensure_ascii=False, separators=(",", ":")))
    three = copy.deepcopy(known_games()[2])  # 20 rounds at 3 players are no longer than 10 at 6
    assert len(json.dumps(three, separators=(",", ":"))) < record
    state = random_game(GameConfig.of(["\u00e9" * 32] * 3, seed=1), seed=1)
    sealed = len(save.seal(state, save.Tag("f" * 64, 10**9)))
    assert history.MAX_RECORDS * (record + 1) + history.MAX_SAVES * (sealed + 70) < MAX_HISTORY_CHARS


def damaged(**change: Any) -> str:
    data: dict[str, Any] = json.loads(history.dumps(full_history()))
    data.update(change)
    return json.dumps(data)


def with_record(index: int, **change: Any) -> str:
    data = json.loads(history.dumps(full_history()))
    data["records"][index].update(change)
    return json.dumps(data)


@pytest.mark.parametrize(("text", "code"), [
    ("{", "history_not_json"),
    (7, "history_not_json"),
    ("[]", "history_not_wizard"),
    (json.dumps({"format": "wizard-game", "version": 1}), "history_not_wizard"),
    (damaged(version=2), "history_version"),
    (damaged(version=0), "history_version"),
    (damaged(version=True), "history_version"),
    (damaged(version="1"), "history_version"),
    (damaged(comment="hi"), "history_unknown_fields"),
    (damaged(records={}), "history_damaged"),
    (damaged(saves=[]), "history_damaged"),
    (damaged(saves={"nobody": "x"}), "history_damaged"),
    (damaged(saves={"a1b2c3": "wizard-save:1:AAAA"}), "history_bad_save"),
    (damaged(current=[]), "history_damaged"),
    (damaged(current={"game": "{}"}), "history_bad_current"),
    (damaged(current={"keeper": {"format": "wizard-keeper"}}), "history_bad_current"),
    (damaged(current={"chess": "e4"}), "history_damaged"),
    (with_record(2, totals=[0, 0, 0, 0, 0, 0]), "history_bad_record"),
    (with_record(0, id="x y"), "history_bad_record"),
    (" " * (MAX_HISTORY_CHARS + 1), "history_too_large"),
    ("[" * 5000 + "]" * 5000, "history_too_deep"),
])
def test_a_damaged_file_is_refused_whole_with_the_reason(text: Any, code: str) -> None:
    assert refused(lambda: loads(text)).code == code


def test_a_damaged_file_says_which_game_and_why() -> None:
    reason = refused(lambda: loads(with_record(2, totals=[0] * 6)))
    assert reason == Reason("history_bad_record", {"index": 3}, cause=Reason("record_damaged", {"field": "totals"}))
    assert str(reason) == "The history file's game 3 cannot be read: The game's field \"totals\" is damaged"
    data = json.loads(history.dumps(full_history()))
    data["records"].append(data["records"][0])
    assert refused(lambda: loads(json.dumps(data))) == Reason("history_damaged", {"field": "records"})
    reason = refused(lambda: loads(damaged(saves={"a1b2c3": the_game_cut_short()})))
    assert reason == Reason("history_bad_save", {"key": "a1b2c3"}, cause=Reason("history_not_over", rule="R18"))


def test_a_file_of_an_older_version_is_migrated(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hook: a version-1 file read by a (pretend) version 2 goes through MIGRATIONS[1]."""
    def rename(data: dict[str, Any]) -> dict[str, Any]:
        return {**data, "version": 2, "records": [{**r, "kind": "bots"} if r["kind"] == "bots" else r
                                                  for r in data["records"]]}

    text = history.dumps(full_history())
    monkeypatch.setattr(history, "HISTORY_VERSION", 2)
    assert refused(lambda: loads(text)) == Reason("history_version", {"version": 1, "expected": 2})
    monkeypatch.setattr(history, "MIGRATIONS", {1: rename})
    migrated = loads(text)
    assert migrated["version"] == 2 and len(migrated["records"]) == 4
    assert refused(lambda: loads(text.replace('"version":1', '"version":3'))).code == "history_version"


@st.composite
def damaged_files(draw: st.DrawFn) -> str:
    """A valid export with one value somewhere replaced by another JSON value."""
    return damage_one_value(draw, json.loads(full_history_text()))


@given(damaged_files())
@FUZZ
def test_any_damage_is_imported_whole_or_refused_with_a_reason(text: str) -> None:
    try:
        document = loads(text)
    except HistoryError as error:
        assert error.reason.code.startswith("history_")
        json.dumps(error.reason.to_json(), allow_nan=False)
    else:
        assert loads(history.dumps(document)) == document
        statistics(document["records"])


# How to reach each code of game_record.py and history.py; tests/test_reasons.py checks the whole catalogue with it.
REACH: dict[str, Callable[[], str]] = {
    "history_not_over": lambda: refused(lambda: record_from_keeper(Keeper.of(["A", "B", "C"]), "")).code,
    "record_damaged": lambda: refused(lambda: check_record({})).code,
    "history_not_json": lambda: refused(lambda: loads("{")).code,
    "history_not_wizard": lambda: refused(lambda: loads("{}")).code,
    "history_version": lambda: refused(lambda: loads(damaged(version=9))).code,
    "history_too_large": lambda: refused(lambda: loads(" " * (MAX_HISTORY_CHARS + 1))).code,
    "history_too_deep": lambda: refused(lambda: loads("[" * 5000 + "]" * 5000)).code,
    "history_unknown_fields": lambda: refused(lambda: loads(damaged(more=1))).code,
    "history_damaged": lambda: refused(lambda: loads(damaged(records=None))).code,
    "history_bad_record": lambda: refused(lambda: loads(with_record(0, kind="solo"))).code,
    "history_bad_save": lambda: refused(lambda: loads(damaged(saves={"a1b2c3": "{}"}))).code,
    "history_save_mismatch": lambda: refused(lambda: loads(damaged(saves={"a1b2c3": save.seal(
        finished_bot_game(4)[0], save.Tag("a1b2c3", 1000))}))).code,
    "history_bad_current": lambda: refused(lambda: loads(damaged(current={"game": 1}))).code,
    "history_bad_request": lambda: json.loads(web.call('{"method": "history_stats", "params": {"who": 1}}'))
    ["error"]["code"],
}


# --- issue 32: a history that is always whole and always importable ------------------------------

def bot_games(count: int) -> HistoryDocument:
    """``count`` finished bot games a day apart, each with its save for review (ids game0, game1, ...)."""
    document = new_document()
    for n in range(count):
        state, _ = finished_bot_game(n + 1)
        tag = save.Tag(f"game{n}", 1000)
        record = record_from_state(state, f"2026-03-{n + 1:02d}T12:00:00Z", tag, save=tag.id)
        document = history.add(document, record, save.seal(state, tag))
    return document


def test_one_damaged_record_or_save_is_set_aside_alone() -> None:
    """Issue 32 (3): one wrong total no longer hides the other games; each damaged part goes
    aside on its own, as it was, saying why."""
    data = json.loads(history.dumps(bot_games(4)))
    data["records"][1]["totals"][0] += 10  # game1: its record (and so its save) goes aside
    data["saves"]["game2"] = the_game_with_a_bad_move(3, "game2")  # game2: its review goes, its record stays
    data["saves"]["game3"] = data["saves"]["game0"]  # game3 keeps game0's review: another game
    text = json.dumps(data)
    document, parts = history.salvage(text)
    assert [r["id"] for r in document["records"]] == ["game0", "game2", "game3"]
    assert list(document["saves"]) == ["game0"] and loads(history.dumps(document)) == document
    parts = sorted(parts, key=lambda p: (p.part, p.key or ""))
    assert [(p.part, p.key, p.noted) for p in parts] == [
        ("record", "game1", True), ("save", "game1", False), ("save", "game2", True), ("save", "game3", True)]
    assert parts[0].reason == Reason("history_bad_record", {"index": 2},
                                     cause=Reason("record_damaged", {"field": "totals"}))
    assert parts[2].reason.code == "history_bad_save" and parts[2].record["date"] == "2026-03-03T12:00:00Z"
    assert parts[3].reason == Reason("history_save_mismatch", {"key": "game3"})
    aside = history.aside_document(parts)
    assert aside["records"] == [data["records"][1]]
    assert aside["saves"] == {key: data["saves"][key] for key in ("game1", "game2", "game3")}
    # Unpacked without replaying, only the move that does not replay goes unseen.
    quick, found = history.salvage(text, replay_saves=False)
    assert sorted(p.key or "" for p in found) == ["game1", "game1", "game3"]
    assert sorted(quick["saves"]) == ["game0", "game2"]
    # A strict read (an import) still refuses the file, naming its first damaged part.
    assert refused(lambda: loads(text)) == parts[0].reason
    assert statistics(document["records"])["games"] == 3


def test_damage_to_the_whole_history_is_still_refused_whole() -> None:
    for text in ("{", damaged(version=2), damaged(records={}), damaged(saves=[]), damaged(comment=1)):
        assert refused(lambda: history.salvage(text)).code.startswith("history_")  # noqa: B023


def test_a_save_is_kept_under_its_own_games_id() -> None:
    """Issue 32 (4): a record names its own id as its review's key; any other key is damage."""
    record = bot_games(2)["records"][0]
    assert refused(lambda: check_record({**record, "save": "game1"})) == Reason("record_damaged", {"field": "save"})


@pytest.mark.parametrize("replay", [True, False])
def test_an_import_refuses_a_game_paired_with_another_games_review(replay: bool) -> None:
    """Issue 32 (4): the saves' keys swapped, or the records' keys swapped: refused, not imported."""
    data = json.loads(history.dumps(bot_games(2)))
    swapped = {**data, "saves": {"game0": data["saves"]["game1"], "game1": data["saves"]["game0"]}}
    assert refused(lambda: loads(json.dumps(swapped), replay_saves=replay)) == \
        Reason("history_save_mismatch", {"key": "game0"})
    data["records"][0]["save"], data["records"][1]["save"] = "game1", "game0"
    assert refused(lambda: loads(json.dumps(data), replay_saves=replay)).cause == \
        Reason("record_damaged", {"field": "save"})


@given(st.permutations(["game0", "game1", "game2"]), st.sampled_from(["saves", "records"]))
@settings(max_examples=20, deadline=None, derandomize=True, database=None)
def test_any_pairing_of_games_and_reviews_but_their_own_is_refused(order: list[str], where: str) -> None:
    data = json.loads(bot_games_text())
    keys = ["game0", "game1", "game2"]
    if where == "saves":
        data["saves"] = {key: data["saves"][other] for key, other in zip(keys, order)}
    else:
        for record, key in zip(data["records"], order):
            record["save"] = key
    text = json.dumps(data)
    if order == keys:
        assert loads(text) == json.loads(bot_games_text())
    else:
        assert refused(lambda: loads(text)).code in ("history_save_mismatch", "history_bad_record")


@functools.cache
def bot_games_text() -> str:
    return history.dumps(bot_games(3))
