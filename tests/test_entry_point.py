"""Issue 13: the worker's entry point and saved games, hardened.

Findings 4 (the page holds the whole deal), 5 (deep nesting kills the worker) and 6 (loose
types, Python's words), and the contract's game tag (``"game": {"id", "moves"}``).
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest

from tests.helpers import call, result
from wizard_engine import GameConfig, SaveError, State, save, web
from wizard_engine.actions import Action
from wizard_engine.errors import NotationError
from wizard_engine.records import save as records_save
from wizard_engine.records.limits import MAX_DEPTH, nesting

ME = {"name": "Me"}
BOTS = [{"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}]
SEED = 1234567891  # distinctive, to look for it where it must not be




def error(request: str) -> dict[str, Any]:
    answer = json.loads(web.call(request))
    assert answer["ok"] is False, answer
    return answer["error"]


def code(method: str, **params: object) -> str:
    answer = call(method, **params)
    assert answer["ok"] is False, answer
    return str(answer["error"]["code"])


def played(moves: int, seed: int = SEED) -> dict[str, Any]:
    """A game with the person at seat 0, after ``moves`` decisions (bots' and the person's)."""
    answer = result("new_game", config={"players": [ME, *BOTS], "seed": seed})
    for _ in range(moves):
        view = answer["view"]
        answer = result("bot_step") if view["bot_to_act"] else result("act", action=view["legal"][-1])
    return answer


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


# --- finding 4 and the contract: an opaque save, a game tag in every view -------------------

def test_results_carry_a_sealed_save_that_shows_neither_seed_nor_history() -> None:
    answer = played(12)
    sealed = answer["save"]
    assert sealed.startswith(save.SEALED_PREFIX)
    body = base64.b64decode(sealed[len(save.SEALED_PREFIX):])
    with pytest.raises(zlib.error):  # not even plain zlib: masked
        zlib.decompress(body)
    for secret in (str(SEED), "wizard-game", "actions", "bid "):
        assert secret not in sealed and secret.encode() not in body
    assert str(SEED) not in json.dumps(answer["view"])  # nor the view the page gets
    assert "history" not in answer["view"] and "seed" not in answer["view"]
    # The engine reads it back exactly.
    document = save.parse(sealed)
    assert document["config"]["seed"] == SEED and len(document["actions"]) == 12


def test_load_takes_the_sealed_save_and_todays_plain_json_documents() -> None:
    answer = played(9)
    view = answer["view"]
    assert result("load", save=answer["save"])["view"] == view
    plain = json.dumps(save.parse(answer["save"]))
    assert result("load", save=plain)["view"] == view


def test_every_view_carries_the_games_id_and_moves_and_the_id_survives_a_reload() -> None:
    first = result("new_game", config={"players": [ME, *BOTS]})["view"]["game"]
    other = result("new_game", config={"players": [ME, *BOTS]})["view"]["game"]
    assert first["moves"] == other["moves"] == 0 and first["id"] != other["id"]
    answer = played(7)
    game = answer["view"]["game"]
    assert game["moves"] == 7 and result("view")["view"]["game"] == game
    assert result("set_theme", theme="amigo")["view"]["game"] == game
    assert result("load", save=answer["save"])["view"]["game"] == game


def test_an_old_save_without_an_id_gets_one_derived_from_its_content() -> None:
    answer = played(6)
    document = save.parse(answer["save"])
    del document["game"]
    old = json.dumps(document)
    game = result("load", save=old)["view"]["game"]
    assert game["moves"] == 6 and result("load", save=old)["view"]["game"] == game
    assert game["id"] != answer["view"]["game"]["id"]
    document["config"]["players"][1]["name"] = "Another"  # another game, the same deals
    other = result("load", save=json.dumps(document))
    assert other["view"]["game"]["id"] != game["id"]
    # ... and the derived id is kept in every later save.
    assert save.parse(other["save"])["game"] == other["view"]["game"]


@pytest.mark.parametrize("game", [{"id": "", "moves": 3}, {"id": "a b", "moves": 3}, {"id": 5, "moves": 3},
                                  {"id": "g", "moves": True}, {"id": "g", "moves": 3.0}, {"id": "g", "moves": 2},
                                  {"id": "g"}, {"id": "g", "moves": 3, "x": 1}, [], "g"])
def test_a_damaged_game_tag_is_refused(game: object) -> None:
    state = State.replay(GameConfig.of(3, seed=1), [])
    seat = state.to_act()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    state.apply(state.to_act()[0], state.legal_actions(state.to_act()[0])[0])
    state.apply(state.to_act()[0], state.legal_actions(state.to_act()[0])[0])
    document = save.save_document(state)
    document["game"] = game
    with pytest.raises(SaveError, match="id or move count"):
        save.loads(json.dumps(document))


# --- finding 5: size and depth limits before parsing ----------------------------------------

def test_a_deeply_nested_request_is_refused_and_the_next_request_answered() -> None:
    for depth in (MAX_DEPTH + 1, 3000, 100_000):
        request = '{"method": "ping", "params": {"x": ' + nested(depth) + "}}"
        assert error(request)["code"] == "request_too_deep"
        assert result("ping")["version"]  # the worker still answers
    assert error(nested(5000))["code"] == "request_too_deep"
    assert result("ping")["version"]


def test_nesting_up_to_the_limit_is_parsed() -> None:
    request = '{"method": "ping", "params": {"x": ' + nested(MAX_DEPTH - 2) + "}}"
    assert nesting(request) == MAX_DEPTH
    assert result("ping") == json.loads(web.call(request))["result"]
    assert nesting('["[[[[", "\\"[[[", {"]": "}}}"}]') == 2  # brackets in strings do not count


def test_a_deeply_nested_or_oversize_save_is_refused_and_the_game_goes_on() -> None:
    view = played(5)["view"]
    assert code("load", save=nested(5000)) == "save_too_deep"
    deep = save.SEALED_PREFIX + base64.b64encode(records_save._masked(zlib.compress(nested(5000).encode()))).decode()
    assert code("load", save=deep) == "save_too_deep"
    bomb = save.SEALED_PREFIX + base64.b64encode(records_save._masked(zlib.compress(b" " * 3_000_000))).decode()
    assert len(bomb) < 10_000 and code("load", save=bomb) == "save_too_large"
    assert result("view")["view"] == view


def test_an_oversize_request_is_refused_before_parsing() -> None:
    assert error(" " * 1_000_001)["code"] == "request_too_large"
    assert error(json.dumps({"method": "load", "params": {"save": "x" * 1_000_000}}))["code"] == "request_too_large"
    assert result("ping")["version"]


# --- finding 6: strict types, clear reasons, no Python words ---------------------------------

PYTHON_WORDS = ("Internal", "TypeError", "ValueError", "invalid literal", "NoneType",
                "True", "False", "None", "'dict'", "dict(", "Traceback")


@pytest.mark.parametrize(("config", "expected"), [
    (5, "config_not_object"), ([], "config_not_object"), ("A,B,C", "config_not_object"),
    (None, "config_not_object"), (True, "config_not_object"),
    ({"players": "ABC"}, "config_no_players"), ({"players": [5, "B", "C"]}, "player_not_object"),
    ({"players": [{"name": 5}, "B", "C"]}, "player_no_name"),
    ({"players": ["A", "B", {"name": "C", "bot": 3}]}, "bot_level_unknown"),
    ({"players": ["A", "B", "C"], "seed": 1.5}, "seed_invalid"),
    ({"players": ["A", "B", "C"], "seed": True}, "seed_invalid"),
    ({"players": ["A", "B", "C"], "options": {"canadian": 1}}, "option_type"),
    ({"players": ["A", "B", "C"], "options": {"bidding": None}}, "option_type"),
])
def test_a_bad_config_gets_a_clear_reason_not_an_internal_error(config: object, expected: str) -> None:
    answer = call("new_game", config=config)
    assert not answer["ok"] and answer["error"]["code"] == expected
    assert not any(word in answer["error"]["message"] for word in PYTHON_WORDS), answer


@pytest.mark.parametrize("action", ["bid \u00b2", "bid \u0663", "bid \uff13", "bid 3\u0663", 5, None, ["bid 0"],
                                    {"x": 1}, True, "play \u2167H", "trump \uff28"])
def test_only_ascii_notation_and_strings_are_actions(action: object) -> None:
    view = played(0, seed=1)["view"]  # seat 0, the person, bids first
    assert view["your_turn"] and view["phase"] == "bidding"
    answer = call("act", action=action)
    assert not answer["ok"] and answer["error"]["code"] in ("not_an_action", "not_a_card", "not_a_suit")
    assert not any(word in answer["error"]["message"] for word in PYTHON_WORDS), answer
    assert result("view")["view"] == view
    if isinstance(action, str):
        with pytest.raises(NotationError):
            Action.parse(action)


def test_bad_values_are_shown_as_json_never_as_python() -> None:
    assert error('{"method": {"a": [true, null]}}')["params"] == {"method": '{"a": [true, null]}'}
    assert code("act", action={"x": True}) in ("not_an_action", "no_game")
    answer = call("new_game", config={"players": ["A", "B", "C"], "options": {"foresight": None}})
    assert answer["error"]["params"]["value"] == "null"
    long = call("new_game", config={"players": ["A", "B", "C"], "options": {"bidding": "x" * 5000}})
    assert len(long["error"]["message"]) < 300


@pytest.mark.parametrize("params", ['[]', '0', '""', '"x"', 'true', '[1]'])
def test_params_must_be_an_object(params: str) -> None:
    assert error('{"method": "ping", "params": ' + params + "}")["code"] == "params_not_object"


def a_document() -> dict[str, Any]:
    return save.parse(played(8)["save"])


@pytest.mark.parametrize(("damage", "expected"), [
    (lambda d: d.update(version=True), "save_version"),
    (lambda d: d.update(version=1.0), "save_version"),
    (lambda d: d.update(version="1"), "save_version"),
    (lambda d: d.update(comment="hi"), "save_unknown_fields"),
    (lambda d: d.update(seed=3), "save_unknown_fields"),
    (lambda d: d["actions"].append([True, "bid 0"]), "save_bad_actions"),
    (lambda d: d["actions"].append([0.0, "bid 0"]), "save_bad_actions"),
])
def test_a_save_with_loose_types_or_unknown_fields_is_refused(damage: Any, expected: str) -> None:
    document = a_document()
    damage(document)
    with pytest.raises(SaveError) as info:
        save.loads(json.dumps(document))
    assert info.value.reason.code == expected
    assert code("load", save=json.dumps(document)) == expected


def test_a_save_of_several_people_resumes_behind_the_hand_over() -> None:
    """Pass-and-play: after a reload, nobody's cards show until the next person takes the device."""
    document = a_document()
    document["config"]["players"] = ["A", "B", "C"]
    view = result("load", save=json.dumps(document))["view"]
    assert view["human"] is None and view["pass_to"] == view["to_act"][0] and view["hand"] is None
    assert view["people"] == [0, 1, 2]


def test_a_save_of_bots_alone_loads_with_every_hand_open() -> None:
    """Watch mode: nobody plays, so the view shows every seat's cards."""
    document = a_document()
    document["config"]["players"] = [{"name": n, "bot": "easy"} for n in "ABC"]
    loaded = call("load", save=json.dumps(document))
    assert loaded["ok"], loaded
    view = loaded["result"]["view"]
    assert view["human"] is None
    assert [len(hand) for hand in view["open_hands"]] == view["hand_counts"]


@pytest.mark.parametrize("text", [None, 5, b"{}", ["x"], {"format": "wizard-game"}, "\ud800", "wizard-save:1:",
                                  "wizard-save:1:!!!!", "wizard-save:1:AAAA", "wizard-save:1:\u00e9"])
def test_every_failure_of_loads_is_a_save_error(text: Any) -> None:
    with pytest.raises(SaveError):
        save.loads(text)


def test_a_damaged_seal_is_refused_whole() -> None:
    sealed = played(10)["save"]
    for cut in range(len(save.SEALED_PREFIX) + 1, len(sealed), 7):
        for damaged in (sealed[:cut], sealed[:cut] + ("A" if sealed[cut] != "A" else "B") + sealed[cut + 1:]):
            try:
                state = save.loads(damaged)
            except SaveError:
                continue
            assert save.dumps(state) == save.dumps(save.loads(sealed))
