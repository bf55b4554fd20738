"""Reasons as data: every code is reachable, worded in English, and reaches the page as JSON."""

from __future__ import annotations

import functools
import json
import pickle
import random
import re
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import wizard_engine
from tests.helpers import act, call, deal, random_game
from tests.test_challenge import REACH as CHALLENGE_REACH
from tests.test_history import REACH as HISTORY_REACH
from tests.test_keeper_document import REACH as KEEPER_REACH
from tests.test_keeper_requests import REACH as KEEPER_REQUESTS_REACH
from tests.test_keeper_specials import REACH as KEEPER_SPECIALS_REACH
from tests.test_specials_games import REACH as SPECIALS_REACH
from wizard_engine import (
    GameConfig,
    IllegalActionError,
    NotationError,
    SaveError,
    State,
    WizardError,
    calls,
    save,
    web,
)
from wizard_engine.actions import Action, bid
from wizard_engine.calls import game as game_calls
from wizard_engine.cards import parse_card, parse_cards, parse_suit
from wizard_engine.config import (
    BIDDING_MODES,
    BOT_LEVELS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Options,
)
from wizard_engine.reasons import CODES, Reason, ReasonJSON
from wizard_engine.view import SeatView, seat_view

BOTS = [{"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}]



def refusal(request: str) -> dict:
    answer = json.loads(web.call(request))
    assert answer["ok"] is False
    return answer["error"]


def raised(action: Callable[[], object]) -> Reason:
    with pytest.raises(WizardError) as info:
        action()
    return info.value.reason


SAVED = GameConfig.of(3, seed=1)  # seat 0 bids first


def a_save(**damage: object) -> str:
    document = json.loads(save.dumps(act(State(SAVED), "bid 0", "bid 0")))
    document.update(damage)
    return json.dumps(document)


def config(**changes: object) -> dict:
    return {"players": ["A", "B", "C"], **changes}


def turn_of_seat_1() -> State:
    """Seat 0 has led 7H; seat 1 holds 3C and 4H (R13: it must play 4H)."""
    return act(deal(["7H 2C", "3C 4H", "AH 5S"], turned="TD", dealer=2), "bid 1", "bid 0", "bid 1", "play 7H")


def dealer_to_bid(**options: Any) -> State:
    """Seat 2, dealing and alone in the lead, bids last after 1 and 0 in a round of 2."""
    return act(deal(["7H 2C", "3C 4C", "2S 5S"], turned="TH", dealer=2, totals=[10, 0, 40], **options),
               "bid 1", "bid 0")


def web_session(*players: object) -> None:
    assert call("new_game", config={"players": list(players), "seed": 1})["ok"]


def without_game(request: str) -> str:
    game_calls._session = None
    return str(refusal(request)["code"])


def bid_twice_hidden() -> State:
    """Under hidden bids (R11) seat 0 bids, then tries again."""
    state = deal(["7H", "3C", "2S"], bidding="hidden")
    state.apply(0, "bid 0")
    state.apply(0, "bid 1")
    return state


def hand_over_pending() -> str:
    """Three people at one device: the first bids; the next must take the device before anyone acts."""
    web_session("A", "B", "C")
    assert call("take_device")["ok"] and call("act", action="bid 0")["ok"]
    return str(refusal('{"method": "act", "params": {"action": "bid 0"}}')["code"])


def web_code(request: str, *players: object) -> str:
    if players:
        web_session(*players)
    return str(refusal(request)["code"])


# How to reach each code of the catalogue; a code without a way is a code nobody can raise.
REACH: dict[str, Callable[[], str]] = {
    "not_a_card": lambda: raised(lambda: parse_card("1H")).code,
    "not_a_suit": lambda: raised(lambda: parse_suit("X")).code,
    "not_an_action": lambda: raised(lambda: Action.parse("dance 3")).code,
    "too_many_specials": lambda: raised(lambda: parse_cards("Z Z Z Z Z")).code,
    "card_twice": lambda: raised(lambda: parse_cards("7H 7H")).code,
    "player_count": lambda: raised(lambda: GameConfig.of(2)).code,
    "relaxed_needs_bots": lambda: raised(lambda: GameConfig(GameConfig.of(3).players, relaxed=True)).code,
    "player_not_object": lambda: raised(lambda: GameConfig.from_dict(config(players=[3, "B", "C"]))).code,
    "player_no_name": lambda: raised(lambda: GameConfig.of(["A", " ", "C"])).code,
    "player_name_too_long": lambda: raised(lambda: GameConfig.of(["A" * 40, "B", "C"])).code,
    "bot_level_unknown": lambda: raised(lambda: GameConfig.from_dict(
        config(players=[{"name": "A", "bot": "genius"}, "B", "C"]))).code,
    "seed_invalid": lambda: raised(lambda: GameConfig.from_dict(config(seed=-1))).code,
    "config_not_object": lambda: raised(lambda: GameConfig.from_dict([])).code,
    "config_unknown_fields": lambda: raised(lambda: GameConfig.from_dict(config(speed=3))).code,
    "config_no_players": lambda: raised(lambda: GameConfig.from_dict({})).code,
    "options_not_object": lambda: raised(lambda: GameConfig.from_dict(config(options=[]))).code,
    "options_unknown": lambda: raised(lambda: GameConfig.from_dict(config(options={"speed": 3}))).code,
    "option_type": lambda: raised(lambda: GameConfig.from_dict(config(options={"canadian": 1}))).code,
    "bidding_unknown": lambda: raised(lambda: GameConfig.of(4, bidding="whispered")).code,
    "option_needs_open_bids": lambda: raised(lambda: GameConfig.of(4, bidding="secret", canadian=True)).code,
    "options_exclusive": lambda: raised(lambda: GameConfig.of(4, canadian=True, plus_minus_one=True)).code,
    "option_player_count": lambda: raised(lambda: GameConfig.of(5, unicoloured=True)).code,
    "schedule_unknown": lambda: raised(lambda: GameConfig.of(4, schedule="marathon")).code,
    "schedule_player_count": lambda: raised(lambda: GameConfig.of(6, schedule="tournament")).code,
    "schedule_excludes": lambda: raised(lambda: GameConfig.of(4, schedule="maximus", foresight=True)).code,
    "game_over": lambda: raised(lambda: random_game(GameConfig.of(3, seed=1), seed=1).apply(0, "bid 0")).code,
    "no_such_seat": lambda: raised(lambda: turn_of_seat_1().apply(7, "play 4H")).code,
    "already_bid": lambda: raised(lambda: bid_twice_hidden()).code,
    "not_your_turn": lambda: raised(lambda: turn_of_seat_1().apply(2, "play AH")).code,
    "wrong_phase": lambda: raised(lambda: turn_of_seat_1().apply(1, "bid 0")).code,
    "bid_out_of_range": lambda: raised(lambda: dealer_to_bid().apply(2, "bid 3")).code,
    "canadian_rule": lambda: raised(lambda: dealer_to_bid(canadian=True).apply(2, "bid 1")).code,
    "plus_minus_one": lambda: raised(lambda: dealer_to_bid(plus_minus_one=True).apply(2, "bid 1")).code,
    "not_in_hand": lambda: raised(lambda: turn_of_seat_1().apply(1, "play AH")).code,
    "must_follow": lambda: raised(lambda: turn_of_seat_1().apply(1, "play 3C")).code,
    "undo_game_over": lambda: raised(lambda: random_game(GameConfig.of(3, seed=1), seed=1).undo(0)).code,
    "nothing_to_undo": lambda: raised(lambda: State(GameConfig.of(3)).undo(0)).code,
    "undo_others_acted": lambda: raised(lambda: act(State(SAVED), "bid 0", "bid 0").undo(0)).code,
    "undo_bids_revealed": lambda: raised(lambda: act(deal(["7H", "3C", "2S"], bidding="hidden"),
                                                     "bid 0", "bid 0", "bid 0").undo(2)).code,
    "undo_card_revealed": lambda: raised(lambda: act(State(GameConfig.of(3, seed=1, foresight=True)),
                                                     "bid 0", "bid 0", "bid 0").undo(2)).code,
    "undo_trick_complete": lambda: raised(lambda: act(turn_of_seat_1(), "play 4H", "play AH").undo(2)).code,
    "replay_refused": lambda: raised(lambda: State.replay(SAVED, [(1, "bid 0")])).code,
    "save_not_json": lambda: raised(lambda: save.loads("{")).code,
    "save_not_wizard": lambda: raised(lambda: save.loads("[]")).code,
    "save_version": lambda: raised(lambda: save.loads(a_save(version=2))).code,
    "save_bad_actions": lambda: raised(lambda: save.loads(a_save(actions=[["0", "bid 0"]]))).code,
    "save_bad_config": lambda: raised(lambda: save.loads(a_save(config={"players": ["Solo"]}))).code,
    "save_bad_action": lambda: raised(lambda: save.loads(a_save(actions=[[1, "bid 0"]]))).code,
    "save_too_large": lambda: raised(lambda: save.loads(" " * 1_000_001)).code,
    "save_too_deep": lambda: raised(lambda: save.loads("[" * 5000 + "]" * 5000)).code,
    "save_unknown_fields": lambda: raised(lambda: save.loads(a_save(comment="hi"))).code,
    "save_bad_game": lambda: raised(lambda: save.loads(a_save(game={"id": "g", "moves": -1}))).code,
    "request_not_json": lambda: web_code("not json"),
    "request_too_large": lambda: web_code(json.dumps({"method": "ping", "params": {"x": "a" * 1_000_000}})),
    "request_too_deep": lambda: web_code('{"method": "ping", "params": {"x": ' + "[" * 5000 + "]" * 5000 + "}}"),
    "unknown_request": lambda: web_code('{"method": "teleport"}'),
    "params_not_object": lambda: web_code('{"method": "view", "params": [1]}'),
    "no_game": lambda: without_game('{"method": "view"}'),
    "no_save_given": lambda: web_code('{"method": "load", "params": {}}'),
    "no_person": lambda: web_code('{"method": "undo"}', *BOTS, {"name": "C", "bot": "random"}),
    "pass_pending": lambda: hand_over_pending(),
    "no_pass": lambda: web_code('{"method": "take_device"}', {"name": "Me"}, *BOTS),
    "no_bot_to_act": lambda: web_code('{"method": "bot_step"}', {"name": "Me"}, *BOTS),
    "internal": lambda: internal_error()["code"],
    "coach_no_seat": lambda: web_code(json.dumps({"method": "advise", "params": {"save": a_save(), "seat": 3}})),
    "coach_no_decision": lambda: web_code(json.dumps({"method": "advise", "params": {"save": a_save(), "seat": 0}})),
    "coach_unknown_choice": lambda: web_code(json.dumps(
        {"method": "rate", "params": {"save": a_save(), "seat": 2, "choice": "bid 9"}})),
    "coach_budget": lambda: web_code(json.dumps(
        {"method": "advise", "params": {"save": a_save(), "seat": 2, "budget": 0}})),
    "practice_round": lambda: web_code(json.dumps(
        {"method": "practice_deal", "params": {"players": 6, "round": 11, "seed": 1}})),
    "practice_bad_hands": lambda: web_code(json.dumps({"method": "practice_score", "params": {"hands": {}}})),
    **KEEPER_REACH,
    **KEEPER_REQUESTS_REACH,
    **KEEPER_SPECIALS_REACH,
    **HISTORY_REACH,
    **CHALLENGE_REACH,
    **SPECIALS_REACH,
}


def internal_error() -> dict:
    game_calls._session = None
    original = calls.METHODS["ping"]
    calls.METHODS["ping"] = lambda params: 1 / 0
    try:
        return refusal('{"method": "ping"}')
    finally:
        calls.METHODS["ping"] = original


def test_every_code_has_a_way_to_reach_it() -> None:
    assert set(REACH) == set(CODES)


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_code_is_reached_and_worded_in_english(code: str) -> None:
    assert REACH[code]() == code


def test_every_code_written_in_the_engine_is_in_the_catalogue() -> None:
    engine = Path(wizard_engine.__file__).parent
    written = {code for path in engine.rglob("*.py")
               for code in re.findall(r'Reason\(\s*"(\w+)"', path.read_text(encoding="utf-8"))}
    assert "must_follow" in written and written <= set(CODES), written - set(CODES)


def test_a_reason_refuses_an_unknown_code_or_a_missing_param() -> None:
    with pytest.raises(KeyError, match="Unknown reason code"):
        Reason("must_folow", {"card": "3C", "suit": "H"})
    with pytest.raises(KeyError, match="lacks the param"):
        Reason("must_follow", {"card": "3C"})


def test_r13_must_follow_is_data_and_an_english_message() -> None:
    state = turn_of_seat_1()
    reason = state.why_illegal(1, "play 3C")
    assert reason == Reason("must_follow", {"card": "3C", "suit": "H"}, "R13")
    assert reason.to_json() == {"code": "must_follow", "params": {"card": "3C", "suit": "H"}, "rule": "R13"}
    assert str(reason) == "Cannot play 3C: you must follow hearts (R13)"
    assert state.why_illegal(1, "play 4H") is None


def test_r22_a_card_not_in_hand_is_data() -> None:
    assert turn_of_seat_1().why_illegal(1, "play AH") == Reason("not_in_hand", {"card": "AH"}, "R22")
    assert turn_of_seat_1().why_illegal(1, "play Z") == Reason("not_in_hand", {"card": "Z"}, "R22")


def test_r11_forbidden_bids_come_with_their_reason() -> None:
    canadian = dealer_to_bid(canadian=True)
    expected = Reason("canadian_rule", {"bid": 1, "tricks": 2}, "R11")
    assert canadian.forbidden_bid(2) == (1, expected)
    assert canadian.why_illegal(2, bid(1)) == expected
    assert seat_view(canadian, 2)["forbidden"] == [{"action": "bid 1", "reason": expected.to_json()}]
    plus_minus = dealer_to_bid(plus_minus_one=True)
    assert plus_minus.forbidden_bid(2) == (1, Reason("plus_minus_one", {"bid": 1, "tricks": 2}, "R11"))
    assert str(plus_minus.why_illegal(2, "bid 1")) == \
        "Cannot bid 1: the bids would add up to 2 tricks (plus/minus one, R11)"


def test_a_turn_out_of_order_names_the_seat_and_the_phase() -> None:
    reason = turn_of_seat_1().why_illegal(2, "play AH")
    assert reason is not None and reason.to_json() == {
        "code": "not_your_turn", "rule": "R12",
        "params": {"action": "play AH", "seat": 1, "name": "Player 2", "phase": "playing"}}
    assert str(reason) == "Cannot play AH: it is Player 2's turn to play (R12)"


def test_a_damaged_save_says_which_action_and_why_as_a_nested_cause() -> None:
    reason = raised(lambda: save.loads(a_save(actions=[[0, "bid 0"], [2, "bid 1"]])))
    assert reason.to_json() == {
        "code": "save_bad_action", "params": {"index": 2, "seat": 2}, "rule": None,
        "cause": {"code": "not_your_turn", "rule": "R10",
                  "params": {"action": "bid 1", "seat": 1, "name": "Player 2", "phase": "bidding"}}}
    assert str(reason) == ("The saved game cannot be restored: Action 2 (seat 2): "
                           "Cannot bid 1: it is Player 2's turn to bid (R10)")
    unreadable = raised(lambda: save.loads(a_save(actions=[[0, "fly away"]])))
    assert unreadable.cause == Reason("not_an_action", {"text": "fly away"})
    config = raised(lambda: save.loads(a_save(config={"players": ["Solo"]})))
    assert config.cause == Reason("player_count", {"min": 3, "max": 6, "players": 1}, "R4")


def test_replay_keeps_the_kind_of_error_and_says_where() -> None:
    with pytest.raises(IllegalActionError) as info:
        State.replay(SAVED, [(0, "bid 0"), (0, "bid 0")])
    assert info.value.reason.params == {"index": 2, "seat": 0}
    assert info.value.reason.cause == Reason("already_bid", {"action": "bid 0"}, "R10")
    with pytest.raises(NotationError):
        State.replay(SAVED, [(0, "bid x")])


def test_errors_pickle_with_their_reason() -> None:
    error = raised(lambda: save.loads(a_save(version=2)))
    again = pickle.loads(pickle.dumps(SaveError(error)))
    assert again.reason == error and str(again) == str(SaveError(error))


def test_web_failure_is_the_reason_plus_its_english_message() -> None:
    web_session({"name": "Me"}, *BOTS)
    assert call("act", action="play 1H")["error"] == {
        "code": "not_a_card", "params": {"text": "1H"}, "rule": None,
        "message": "Not a card: '1H' (write e.g. 7H, TH or 10H, AS, Z for a Wizard, N for a Jester)"}
    while not call("view")["result"]["view"]["your_turn"]:
        call("bot_step")
    view = call("view")["result"]["view"]
    wrong = "play Z" if view["phase"] != "playing" else "bid 0"
    error = call("act", action=wrong)["error"]
    assert error["code"] == "wrong_phase" and error["params"]["action"] == wrong
    assert error["message"] == str(Reason(error["code"], error["params"], error["rule"]))


def test_web_internal_errors_name_only_the_exception_class() -> None:
    assert internal_error() == {"code": "internal", "params": {"type": "ZeroDivisionError"}, "rule": None,
                                "message": "Internal error (ZeroDivisionError)"}


def test_describe_is_the_single_source_of_the_pages_choices() -> None:
    described = web.describe()
    assert described["players"] == {"min": MIN_PLAYERS, "max": MAX_PLAYERS}
    assert described["levels"] == [level for level in BOT_LEVELS if level != "random"]
    assert described["themes"] == ["classic", "amigo"]
    assert described["bidding"] == list(BIDDING_MODES)
    assert described["reasons"] == sorted(CODES)
    options = described["options"]
    assert list(options) == [key for key in vars(Options()) if key not in ("bidding", "schedule", "specials")]
    assert options["canadian"] == {"open_bids_only": True, "excludes": ["plus_minus_one", "canadian_final"],
                                   "players": {"min": 3, "max": 6}}
    assert options["plus_minus_one"]["open_bids_only"]
    assert options["plus_minus_one"]["excludes"] == ["canadian", "canadian_final"]
    assert options["unicoloured"] == {"open_bids_only": False, "excludes": ["foresight"],
                                      "players": {"min": 3, "max": 4}}
    assert options["foresight"]["excludes"] == ["unicoloured"]
    assert json.loads(json.dumps(described)) == described
    assert not any(" " in str(value) for value in _leaves(options)), "no English in describe()"


def test_describe_agrees_with_what_the_config_refuses() -> None:
    options = web.describe()["options"]
    for key, limits in options.items():
        for other in limits["excludes"]:
            both = {key: True, other: True}
            assert raised(lambda: GameConfig.of(4, **both)).code == "options_exclusive"  # noqa: B023
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            allowed = limits["players"]["min"] <= players <= limits["players"]["max"]
            try:
                GameConfig.of(players, **{key: True})
            except WizardError as error:
                assert not allowed and error.reason.code == "option_player_count"
            else:
                assert allowed
        for mode in BIDDING_MODES:
            try:
                GameConfig.of(4, bidding=mode, **{key: True})
            except WizardError as error:
                assert limits["open_bids_only"] and mode != "open"
                assert error.reason.code == "option_needs_open_bids"
            else:
                assert mode == "open" or not limits["open_bids_only"]


def _leaves(value: object) -> list[object]:
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in _leaves(item)]
    if isinstance(value, list):
        return [leaf for item in value for leaf in _leaves(item)]
    return [value]


def test_every_reason_in_a_view_is_plain_data() -> None:
    view = seat_view(turn_of_seat_1(), 1, "amigo")
    assert view["hand"] is not None
    reasons = [c["why_not"] for c in view["hand"] if c["why_not"]] + [f["reason"] for f in view["forbidden"]]
    assert reasons and all(set(r) == {"code", "params", "rule"} for r in reasons)
    assert all(isinstance(v, (str, int)) and " " not in str(v) for r in reasons for v in r["params"].values())


def conforms(value: object, hint: object, where: str = "view") -> None:
    """Assert that ``value`` is what the type ``hint`` says, down to every nested key."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if typing.is_typeddict(hint):
        hints = _hints(hint)
        assert isinstance(value, dict) and hint.__required_keys__ <= value.keys() <= hints.keys(), where  # type: ignore[attr-defined]
        for key, item in value.items():
            conforms(item, hints[key], f"{where}.{key}")
    elif origin in (types.UnionType, typing.Union):
        assert any(_fits(value, arg) for arg in args), f"{where}: {value!r} is not {hint}"
        conforms(value, next(arg for arg in args if _fits(value, arg)), where)
    elif origin is list:
        assert isinstance(value, list), where
        for index, item in enumerate(value):
            conforms(item, args[0], f"{where}[{index}]")
    elif origin is dict:
        assert isinstance(value, dict) and all(isinstance(k, str) for k in value), where
        for key, item in value.items():
            conforms(item, args[1], f"{where}.{key}")
    else:
        assert _fits(value, hint), f"{where}: {value!r} is not {hint}"


@functools.cache
def _hints(typed_dict: type) -> dict[str, object]:
    return typing.get_type_hints(typed_dict)


def _fits(value: object, hint: object) -> bool:
    if hint is type(None):
        return value is None
    if typing.is_typeddict(hint) or typing.get_origin(hint) is dict:
        return isinstance(value, dict)
    if typing.get_origin(hint) is list:
        return isinstance(value, list)
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        return any(_fits(value, arg) for arg in typing.get_args(hint))
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)  # type: ignore[arg-type]


@pytest.mark.parametrize("options", [{}, {"foresight": True}, {"bidding": "secret"}, {"canadian": True}])
def test_every_view_of_a_game_is_what_its_type_says(options: dict) -> None:
    state = State(GameConfig.of(3, seed=4, **options))
    rng = random.Random(4)
    while True:
        if state.round < 3 or state.round == state.rounds or state.is_over:  # every phase, kept short
            for seat in range(3):
                conforms(seat_view(state, seat), SeatView)
        if state.is_over:
            break
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_the_pages_view_is_a_session_view() -> None:
    web_session({"name": "Me"}, *BOTS)
    for _ in range(30):
        view = call("view")["result"]["view"]
        conforms(view, game_calls.SessionView)
        call("bot_step") if view["bot_to_act"] else call("act", action=view["legal"][-1])
    damaged = call("load", save=a_save(actions=[[1, "bid 0"]]))["error"]
    conforms({key: value for key, value in damaged.items() if key != "message"}, ReasonJSON)
    assert "cause" in damaged
    with pytest.raises(AssertionError):
        conforms({"code": "x", "params": {"card": None}, "rule": None}, ReasonJSON)
    with pytest.raises(AssertionError):
        conforms({**view, "secret": 1}, game_calls.SessionView)
