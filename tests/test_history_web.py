"""Issue 11: the page's history requests (``history_*``, wizard_engine/calls/history.py)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from tests.helpers import random_game
from tests.test_history import bot_games, finished_bot_game, full_history, known_games, pad, the_game_with_a_bad_move
from wizard_engine import GameConfig, State, save, web
from wizard_engine.config import Player
from wizard_engine.records import history
from wizard_engine.records.history import HistoryDocument
from wizard_engine.records.limits import MAX_CHARS, MAX_HISTORY_CHARS
from wizard_engine.records.stats import statistics

DATE = "2026-11-23T02:30:00.123Z"


def answer(method: str, **params: Any) -> dict[str, Any]:
    response = json.loads(web.call(json.dumps({"method": method, "params": params})))
    assert response["ok"], response
    return response["result"]


def refusal(method: str, **params: Any) -> dict[str, Any]:
    response = json.loads(web.call(json.dumps({"method": method, "params": params})))
    assert not response["ok"], response
    return response["error"]


def sealed_finished_game(seed: int = 3) -> str:
    state, tag = finished_bot_game(seed)
    return save.seal(state, tag)


def test_a_finished_game_is_recorded_once_with_its_save_for_review() -> None:
    sealed = sealed_finished_game()
    first = answer("history_record", history=None, save=sealed, date=DATE)
    assert first["added"] and first["id"] == "a1b2c3"
    assert first["games"] == 1 and first["most"] == history.MAX_RECORDS  # (the page warns when they near)
    kept = history.loads(first["history"])  # every part checks, the save replays
    assert [r["id"] for r in kept["records"]] == ["a1b2c3"] and kept["saves"] == {"a1b2c3": sealed}
    assert kept["current"] == {} and kept["records"][0]["me"] == 0 and kept["records"][0]["date"] == DATE
    again = answer("history_record", history=first["history"], save=sealed, date="2026-11-24T00:00:00Z")
    assert not again["added"] and again["history"] == first["history"]
    review = answer("history_review", history=first["history"], key="a1b2c3")
    assert review["save"] == sealed and review["record"] == kept["records"][0]


def test_a_score_pad_is_recorded_from_its_document_text() -> None:
    keeper = pad(["Ann", "Bob", "Cy"], [([0, 0, 0], [r, 0, 0]) for r in range(1, 21)], pad_id="pad7")
    result = answer("history_record", history=None, keeper=keeper.dumps(), date=DATE, me=1)
    record = history.loads(result["history"])["records"][0]
    assert record["kind"] == "keeper" and record["me"] == 1 and record["save"] is None


def test_a_score_pad_is_recorded_for_the_owner_it_names_unless_told() -> None:
    rounds = [([0, 0, 0], [r, 0, 0]) for r in range(1, 21)]
    mine = pad(["Ann", "Bob", "Cy"], rounds, pad_id="pad8", me=2)
    for told, owner in ((None, 2), (0, 0)):
        result = answer("history_record", history=None, keeper=mine.dumps(), date=DATE, me=told)
        assert history.loads(result["history"])["records"][0]["me"] == owner
    nobody = answer("history_record", history=None, keeper=pad(["Ann", "Bob", "Cy"], rounds).dumps(), date=DATE)
    assert history.loads(nobody["history"])["records"][0]["me"] is None


def test_pass_and_play_is_recorded_for_the_first_seat_unless_told() -> None:
    config = GameConfig((Player("Ann"), Player("Bob"), Player("Cy", "medium")), seed=5)
    sealed = save.seal(random_game(config, seed=5), save.Tag("hotseat", 10_000))
    first = answer("history_record", save=sealed, date=DATE)
    assert history.loads(first["history"])["records"][0]["me"] == 0
    told = answer("history_record", save=sealed, date=DATE, me=1)
    assert history.loads(told["history"])["records"][0]["me"] == 1


def test_a_game_not_over_or_a_bad_date_is_not_recorded() -> None:
    unfinished = save.seal(State(GameConfig((Player("Me"), Player("B", "easy"), Player("C", "easy")), seed=1)))
    assert refusal("history_record", save=unfinished, date=DATE)["code"] == "history_not_over"
    assert refusal("history_record", save=sealed_finished_game(), date="yesterday")["params"] == {"field": "date"}
    assert refusal("history_record", date=DATE)["code"] == "no_save_given"
    assert refusal("history_record", save=sealed_finished_game(), date=DATE, keep_saves=-1)["code"] == \
        "history_bad_request"


def test_the_pages_budget_keeps_every_record_and_the_newest_saves() -> None:
    text = None
    for seed in (1, 2, 3):
        state, _ = finished_bot_game(seed)
        sealed = save.seal(state, save.Tag(f"game{seed}", 1000))
        text = answer("history_record", history=text, save=sealed, date=f"2026-11-2{seed}T00:00:00Z",
                      keep_saves=2)["history"]
    kept = history.loads(text)
    assert [r["id"] for r in kept["records"]] == ["game1", "game2", "game3"]
    assert sorted(kept["saves"]) == ["game2", "game3"]
    trimmed = history.loads(answer("history_trim", history=text, keep_saves=0)["history"])
    assert trimmed["saves"] == {} and trimmed["records"] == kept["records"]
    assert refusal("history_review", history=json.dumps(trimmed), key="game3")["code"] == "no_save_given"


def test_statistics_list_the_games_newest_first() -> None:
    document = full_history()
    text = history.dumps({**document, "current": {}})
    result = answer("history_stats", history=text)
    assert result["statistics"] == statistics(document["records"])
    assert [game["id"] for game in result["games"]] == [r["id"] for r in reversed(document["records"])]
    assert result["games"][0]["review"] == "a1b2c3" and result["games"][1]["review"] is None
    assert "Ann" in result["names"] and "Me" in result["names"]
    assert answer("history_stats", history=text, who="Ann")["statistics"] == \
        statistics(document["records"], "Ann")
    assert answer("history_stats", history=None)["statistics"]["games"] == 0
    assert refusal("history_stats", history=text, who=3)["code"] == "history_bad_request"


def test_export_then_import_into_an_empty_history_brings_everything_back() -> None:
    document = full_history()
    current = document["current"]
    kept = history.dumps({**document, "current": {}})
    keeper_text = json.dumps(current["keeper"])
    exported = answer("history_export", history=kept, game=current["game"], keeper=keeper_text)
    assert exported["left_out"] == [] and history.loads(exported["file"]) == document
    imported = answer("history_import", history=None, file=exported["file"])
    assert imported["history"] == kept and imported["added"] == 4 and imported["games"] == 4
    assert imported["current"]["game"]["save"] == current["game"]
    assert imported["current"]["game"]["game"] == save.load_game(current["game"])[1].to_json()
    assert json.loads(imported["current"]["keeper"]) == current["keeper"]
    again = answer("history_import", history=imported["history"], file=exported["file"])
    assert again["history"] == kept and again["added"] == 0  # merged without duplicates


def test_an_export_leaves_out_a_game_in_progress_that_cannot_be_restored() -> None:
    exported = answer("history_export", history=None, game="wizard-save:1:AAAA", keeper="{}")
    assert exported["left_out"] == ["game", "keeper"]
    assert history.loads(exported["file"]) == history.new_document()


def test_a_damaged_import_is_refused_whole_with_the_reason() -> None:
    data = json.loads(history.dumps(full_history()))
    data["records"][1]["totals"][0] += 10
    error = refusal("history_import", history=None, file=json.dumps(data))
    assert error["code"] == "history_bad_record" and error["params"] == {"index": 2}
    assert error["cause"]["code"] == "record_damaged"
    newer = {**json.loads(history.dumps(full_history())), "version": history.HISTORY_VERSION + 1}
    assert refusal("history_import", history=None, file=json.dumps(newer))["code"] == "history_version"
    assert refusal("history_stats", history=json.dumps(newer))["code"] == "history_version"


def big_history(games: int) -> HistoryDocument:
    """``games`` copies of a known six-player game, a minute apart, with long names."""
    base = copy.deepcopy(known_games()[1])
    base["players"] = [{"name": f"{seat}" + "\u00e9" * 31, "bot": None} for seat in range(6)]
    records = []
    for n in range(games):
        record = copy.deepcopy(base)
        record["id"] = f"big{n:05d}"
        record["date"] = f"2026-01-{1 + n // 1440:02d}T{n // 60 % 24:02d}:{n % 60:02d}:00Z"
        records.append(record)
    return {**history.new_document(), "records": records}


@pytest.mark.slow
def test_a_history_of_several_megabytes_imports_and_other_requests_stay_small() -> None:
    text = history.dumps(big_history(4000))
    assert MAX_CHARS * 4 < len(text) < MAX_HISTORY_CHARS
    result = answer("history_import", history=None, file=text)  # its time: python -m wizard_engine bench --history
    assert result["added"] == 4000 and result["history"] == text
    stats = answer("history_stats", history=result["history"])
    assert stats["statistics"]["games"] == len(stats["games"]) == 4000
    assert refusal("load", save="x" * len(text))["code"] == "request_too_large"
    over = json.dumps({"method": "history_import", "params": {"file": " " * (MAX_HISTORY_CHARS + 1)}})
    assert json.loads(web.call(over))["error"]["code"] == "history_too_large"


def test_a_budget_in_characters_drops_the_oldest_saves_first() -> None:
    text = None
    for seed in (1, 2, 3):
        state, _ = finished_bot_game(seed)
        sealed = save.seal(state, save.Tag(f"game{seed}", 1000))
        text = answer("history_record", history=text, save=sealed, date=f"2026-11-2{seed}T00:00:00Z")["history"]
    assert text is not None
    full = history.loads(text)
    assert answer("history_trim", history=text, budget=len(text))["history"] == text
    one_less = history.loads(answer("history_trim", history=text, budget=len(text) - 1)["history"])
    assert sorted(one_less["saves"]) == ["game2", "game3"] and one_less["records"] == full["records"]
    none = answer("history_trim", history=text, budget=0)["history"]
    assert history.loads(none)["saves"] == {} and history.loads(none)["records"] == full["records"]
    assert refusal("history_trim", history=text, budget="big")["code"] == "history_bad_request"


def test_an_import_reports_its_progress_save_by_save() -> None:
    reports: list[dict[str, int]] = []
    text = history.dumps(full_history())
    request = json.dumps({"method": "history_import", "params": {"history": None, "file": text}})
    response = json.loads(web.call(request, lambda report: reports.append(json.loads(report))))
    assert response["ok"] and reports == [{"done": 1, "total": 1}]


def test_an_export_never_holds_a_save_an_import_would_refuse() -> None:
    """Issue 32 (2): a review save damaged in storage was exported as it was ("nothing left
    out"), and the import refused the whole file.  Now it is left out and named."""
    document = full_history()
    document["saves"]["a1b2c3"] = the_game_with_a_bad_move()
    kept = history.dumps({**document, "current": {}})
    exported = answer("history_export", history=kept)
    assert [(p["part"], p["id"], p["date"], p["players"], p["reason"]["code"]) for p in exported["set_aside"]] == \
        [("save", "a1b2c3", "2026-02-01T00:00:00Z", ["Me", "B", "C"], "history_bad_save")]
    file = history.loads(exported["file"])  # it imports
    assert file["saves"] == {} and len(file["records"]) == 4 and exported["games"] == 4
    assert answer("history_import", history=None, file=exported["file"])["added"] == 4
    assert history.loads(exported["history"]) == {**file, "current": {}}  # the history to keep, without it
    assert json.loads(exported["aside"])["saves"] == {"a1b2c3": the_game_with_a_bad_move()}  # kept as it was
    whole = answer("history_export", history=history.dumps({**full_history(), "current": {}}))
    assert whole["set_aside"] == [] and whole["aside"] is None


def test_one_damaged_record_of_forty_is_set_aside_and_the_others_stay() -> None:
    """Issue 32 (3): one wrong total in 1 of 40 games set the whole history aside; now that
    game alone goes, named by its date and players, and the statistics count the other 39."""
    data = json.loads(history.dumps(big_history(40)))
    data["records"][16]["totals"][2] += 10
    text = json.dumps(data)
    checked = answer("history_check", history=text)
    assert checked["set_aside"] == [{
        "part": "record", "id": "big00016", "date": "2026-01-01T00:16:00Z",
        "players": [f"{seat}" + "\u00e9" * 31 for seat in range(6)],
        "reason": {"code": "record_damaged", "params": {"field": "totals"}, "rule": None}}]
    assert json.loads(checked["aside"])["records"] == [data["records"][16]]
    stats = answer("history_stats", history=checked["history"])
    assert stats["statistics"]["games"] == len(stats["games"]) == 39
    assert "big00016" not in [game["id"] for game in stats["games"]]
    whole = history.dumps(big_history(3))
    assert answer("history_check", history=whole) == {"history": whole, "set_aside": [], "aside": None}
    assert answer("history_check", history=None)["set_aside"] == []
    assert refusal("history_check", history=whole, replay=1)["code"] == "history_bad_request"


def test_a_check_with_replay_finds_a_review_that_does_not_replay() -> None:
    document = bot_games(2)
    document["saves"]["game1"] = the_game_with_a_bad_move(2, "game1")
    text = history.dumps(document)
    assert answer("history_check", history=text)["set_aside"] == []  # unpacked only: it looks whole
    checked = answer("history_check", history=text, replay=True)
    assert [(p["part"], p["id"]) for p in checked["set_aside"]] == [("save", "game1")]
    assert history.loads(checked["history"])["saves"].keys() == {"game0"}
