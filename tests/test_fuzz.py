"""Issue 13: fuzzing the worker's entry point and saved games with hypothesis.

``web.call`` always answers JSON with ``ok`` true or false, never raises, and never calls
malformed input an internal error; ``save.loads`` refuses a damaged save whole with a
SaveError, or loads a state that re-saves identically (every action of the document,
never a prefix).  Short and reproducible: a fixed number of derandomized examples, no
example database.
"""

from __future__ import annotations

import inspect
import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import random_game, result
from wizard_engine import GameConfig, SaveError, State, calls, save, web
from wizard_engine.actions import Action
from wizard_engine.config import Options, Player
from wizard_engine.records import challenge
from wizard_engine.records.keeper import Keeper

FUZZ = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

scalars = (st.none() | st.booleans() | st.integers(-(2**70), 2**70)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)

METHODS = ["ping", "describe", "new_game", "load", "view", "act", "bot_step", "undo", "set_theme"]
names = st.text(max_size=34) | st.sampled_from(["Me", "Ann", " ", ""])
players = st.one_of(
    names,
    st.fixed_dictionaries({"name": names | json_values}),
    st.fixed_dictionaries({"name": names, "bot": st.sampled_from(["random", "easy", "hard", "genius"]) | json_values}),
    json_values,
)
options = st.dictionaries(st.sampled_from(["bidding", "canadian", "plus_minus_one", "foresight", "unicoloured",
                                           "speed"]),
                          st.sampled_from(["open", "hidden", "secret", True, False]) | json_values, max_size=3)
configs = st.one_of(
    json_values,
    st.fixed_dictionaries({"players": st.lists(players, max_size=7)},
                          optional={"options": options | json_values, "seed": st.integers(-5, 2**40) | json_values,
                                    "extra": json_values}),
)
actions = st.sampled_from(["bid 0", "bid 1", "bid 21", "bid \u00b2", "bid \u0663", "play Z", "play N", "play 7H",
                           "trump H", "trump", ""]) | json_values
params = st.one_of(
    json_values,
    st.fixed_dictionaries({}, optional={"config": configs, "save": st.text(max_size=40) | json_values,
                                        "action": actions,
                                        "theme": st.sampled_from(["classic", "amigo"]) | json_values}),
)
requests = st.one_of(
    st.text(max_size=60),
    st.builds(lambda method, p: json.dumps({"method": method, "params": p}),
              st.sampled_from(METHODS) | json_values, params),
    st.builds(json.dumps, json_values),
)


def start_a_game() -> None:
    config = {"players": ["Me", {"name": "A", "bot": "random"}, {"name": "B", "bot": "easy"}], "seed": 5}
    assert json.loads(web.call(json.dumps({"method": "new_game", "params": {"config": config}})))["ok"]


@pytest.mark.slow
@FUZZ
@given(st.lists(requests, min_size=1, max_size=4))
def test_web_call_answers_every_request_with_json_and_a_reason(batch: list[str]) -> None:
    start_a_game()
    for request in batch:
        answer = json.loads(web.call(request))
        assert set(answer) == {"ok", "result"} if answer["ok"] is True else set(answer) == {"ok", "error"}
        if answer["ok"] is False:
            error = answer["error"]
            assert error["code"] != "internal", (request, error)
            assert isinstance(error["message"], str) and error["message"]


# --- saved games ------------------------------------------------------------------------------

def played(config: GameConfig, moves: int, seed: int) -> State:
    state, rng = State(config), random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


PEOPLE = (Player("Me"), Player("A", "easy"), Player("B", "random"), Player("C", "medium"))
SAVES = [save.dumps(played(GameConfig(PEOPLE[:n], Options(**o), seed=n * 7), moves, seed=n), save.Tag("g1", moves + 2))
         for n, o, moves in ((3, {}, 40), (4, {"bidding": "hidden", "canadian": False}, 90),
                             (3, {"foresight": True}, 12), (4, {"unicoloured": True}, 60))]


def mutate(draw: Any, value: Any, depth: int = 0) -> Any:
    """``value`` with one change somewhere inside: replaced, dropped, added, duplicated, cut."""
    if isinstance(value, (dict, list)) and value and depth < 6 and draw(st.booleans()):
        keys = list(value) if isinstance(value, dict) else list(range(len(value)))
        key = draw(st.sampled_from(keys))
        copy = dict(value) if isinstance(value, dict) else list(value)
        copy[key] = mutate(draw, value[key], depth + 1)
        return copy
    if isinstance(value, list) and value:
        i = draw(st.integers(0, len(value) - 1))
        change = draw(st.sampled_from(["drop", "duplicate", "cut", "swap", "replace"]))
        if change == "drop":
            return value[:i] + value[i + 1:]
        if change == "duplicate":
            return value[:i] + [value[i]] + value[i:]
        if change == "cut":
            return value[:i]
        if change == "swap":
            j = draw(st.integers(0, len(value) - 1))
            copy = list(value)
            copy[i], copy[j] = copy[j], copy[i]
            return copy
    if isinstance(value, dict) and value and draw(st.booleans()):
        if draw(st.booleans()):
            key = draw(st.sampled_from(sorted(value)))
            return {k: v for k, v in value.items() if k != key}
        return {**value, draw(st.text(max_size=8)): draw(json_values)}
    if isinstance(value, str) and draw(st.booleans()):
        return draw(st.sampled_from(["bid 0", "bid 1", "play Z", "play N", "trump S", "play 10H", "BID 2",
                                     " bid  1 ", "hidden", "secret", "easy", "hard", "wizard-game"]))
    if isinstance(value, int) and not isinstance(value, bool) and draw(st.booleans()):
        return value + draw(st.sampled_from([-1, 1, 2, -(2**40), 2**40])) if draw(st.booleans()) else float(value)
    return draw(json_values)


@st.composite
def damaged_saves(draw: Any) -> str:
    text = draw(st.sampled_from(SAVES))
    how = draw(st.sampled_from(["document", "document", "document", "text", "sealed"]))
    if how == "document":
        return json.dumps(mutate(draw, json.loads(text)))
    if how == "sealed":
        text = save.seal(save.loads(text), save.Tag("g1", 200))
    i = draw(st.integers(0, len(text) - 1))
    j = draw(st.integers(i, min(len(text), i + 6)))
    return text[:i] + draw(st.text(max_size=4)) + text[j:]


@FUZZ
@given(damaged_saves())
def test_a_damaged_save_is_refused_whole_or_loads_and_re_saves_identically(text: str) -> None:
    try:
        state, tag = save.load_game(text)
    except SaveError as error:
        assert error.reason.message()
        return
    document = save.parse(text)
    # Never half-loaded: every action of the document, the document's config and tag.
    assert state.history == [(seat, Action.parse(action)) for seat, action in document["actions"]]
    assert state.config == GameConfig.from_dict(document["config"])
    if "game" in document:
        assert tag.to_json() == document["game"]
    again = save.dumps(state, tag)
    assert save.dumps(*save.load_game(again)) == again
    assert save.dumps(*save.load_game(save.seal(state, tag))) == again


# --- every request kind, with real documents damaged ------------------------------------------

def _finished_history() -> tuple[str, str]:
    """A history holding one finished game with its save for review, and a finished pad."""
    state = random_game(GameConfig((Player("Me"), Player("B", "easy"), Player("C", "hard")), seed=3), seed=3)
    finished = save.seal(state, save.Tag("a1b2c3", 1000))
    text = result("history_record", save=finished, date="2026-11-22T23:19:29Z")["history"]
    pad = Keeper.of(["Ann", "Bob", "Cy"])
    for _ in range(3):
        for _ in range(3):
            pad.bid(0)
        pad.tricks([pad.view()["round"]] + [0, 0])
    return text, pad.dumps()


HISTORY, PAD = _finished_history()
CHALLENGE = challenge.make_code(random_game(GameConfig((Player("Me"), Player("B", "easy"), Player("C", "random")),
                                                       seed=4), seed=4))
# The parameters the request kinds read, each with real values (damaged, or another JSON value
# instead, by `kind_params`).  Budgets stay small and saves early in their game, so that what
# is accepted costs little: the test is about what is refused, and how.
REAL_PARAMS: dict[str, list[Any]] = {
    "save": SAVES, "game": SAVES, "keeper": [PAD], "history": [HISTORY], "file": [HISTORY],
    "config": [{"players": ["Me", {"name": "A", "bot": "random"}, {"name": "B", "bot": "easy"}], "seed": 5}],
    "action": ["bid 1", "play Z"], "choice": ["bid 0", "bid 1"], "theme": ["amigo"], "seat": [0, 1, 2],
    "budget": [5], "who": ["Me"], "schedule": ["tournament"], "me": [0, None], "key": ["a1b2c3"],
    "date": ["2026-11-23T10:00:00Z"],
    "replay": [True, False], "keep_saves": [1], "first_dealer": [1], "current": [{"game": SAVES[2]}],
    "players": [3, ["Ann", "Bob", "Cy"]], "round": [2], "seed": [7], "entry": [["bid", 1]],
    "hands": [[{"players": 3, "round": 1, "seed": 7, "bid": 0}]], "hand": [["Z", "7H", "3S", "N"]],
    "turned": ["3C", None], "trump": ["H"], "options": [{"canadian": True}],
    "code": [CHALLENGE], "day": ["2026-11-27"], "near": ["2026-11-28"], "deck": ["2026", "base"],
    "specials": ["2016", "Bomb,Cloud"],  # (not "": the fuzzing takes it for a document)
}
ALL_KINDS = sorted({*calls.METHODS, *calls.LONG_METHODS})


@st.composite
def damaged_value(draw: Any, name: str) -> Any:
    value = draw(st.sampled_from(REAL_PARAMS[name]))
    how = draw(st.sampled_from(["real", "real", "damaged", "damaged", "other"]))
    if how == "other":
        return draw(json_values)
    if how == "real":
        return value
    if isinstance(value, str) and value[:1] in "{[":  # a document: damage it inside, or its text
        if draw(st.booleans()):
            return json.dumps(mutate(draw, json.loads(value)))
        i = draw(st.integers(0, len(value) - 1))
        return value[:i] + draw(st.text(max_size=4)) + value[i + draw(st.integers(0, 6)):]
    return mutate(draw, value)


@st.composite
def kind_params(draw: Any) -> dict[str, Any]:
    """Each parameter a request kind may read: absent, real, damaged or another JSON value."""
    names = [name for name in sorted(REAL_PARAMS) if draw(st.integers(0, 4))]
    params = {name: draw(damaged_value(name)) for name in names}
    if not isinstance(params.get("budget"), int) or params["budget"] > 5:
        params["budget"] = draw(st.sampled_from([1, 5, 0, -1, 2001, "5", None]))  # never the default's cost
    return params


@pytest.mark.slow
@pytest.mark.parametrize("method", ALL_KINDS)
@settings(FUZZ, max_examples=60)
@given(params=kind_params())
def test_every_request_kind_refuses_damaged_documents_with_a_reason(method: str, params: dict[str, Any]) -> None:
    start_a_game()
    request = json.dumps({"method": method, "params": params})
    answer = json.loads(web.call(request, lambda progress: None))
    if answer["ok"] is True:
        assert set(answer) == {"ok", "result"}
        json.dumps(answer["result"], allow_nan=False)
    else:
        assert set(answer) == {"ok", "error"}
        assert answer["error"]["code"] != "internal", (method, params, answer["error"])
        assert isinstance(answer["error"]["message"], str) and answer["error"]["message"]


def test_the_fuzzing_reaches_every_request_kind_with_the_parameters_it_reads() -> None:
    """A new request kind, or a parameter that REAL_PARAMS does not know, fails here first."""
    sources = "".join(inspect.getsource(module) for module in calls.AREAS)
    read = set(re.findall(r'params(?:\.get\(|\[)"([a-z_]+)"', sources))
    assert read <= set(REAL_PARAMS), sorted(read - set(REAL_PARAMS))
    assert len(ALL_KINDS) == len(calls.METHODS) + len(calls.LONG_METHODS) >= 29
