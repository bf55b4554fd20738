"""The decision API: determinism, undo, errors, views, and the worker's JSON entry point."""

from __future__ import annotations

import json
import random

import pytest

from tests.helpers import act, call, deal, random_game
from wizard_engine import (
    Action,
    ConfigError,
    GameConfig,
    IllegalActionError,
    NotationError,
    Phase,
    State,
    save,
    web,
)
from wizard_engine.view import seat_view


def test_config_seed_and_actions_reproduce_a_game_exactly() -> None:
    config = GameConfig.of(5, seed=11, bidding="hidden")
    first = random_game(config, seed=4)
    again = State.replay(config, first.history)
    assert again.totals == first.totals and again.pad == first.pad
    assert random_game(config, seed=4).history == first.history


def test_different_seeds_deal_differently() -> None:
    hands = {tuple(State(GameConfig.of(4, seed=s)).hands) for s in range(20)}
    assert len(hands) == 20


def test_actions_parse_and_print() -> None:
    for text in ["play 7H", "play Z", "play N", "bid 0", "bid 20", "trump S"]:
        assert str(Action.parse(text)) == text
    assert Action.parse("play 10H") == Action.parse("play TH")
    for bad in ["play", "bid -1", "bid 21", "trump X", "dance 3"]:
        with pytest.raises(NotationError):
            Action.parse(bad)


def test_undo_takes_back_the_seats_last_decision() -> None:
    # Issue 13 made take-backs fair: only the latest decision of the game (no longer
    # "the seat's last decision of the round and everything after it").
    state = act(deal(["7H 2C", "3C 4H", "AH 5S"], turned="TD", dealer=2), "bid 1", "bid 0", "bid 1",
                "play 7H", "play 4H")
    assert str(state.undo(1)) == "play 4H"
    assert state.to_act() == (1,) and len(state.history) == 4 and len(state.trick.cards) == 1
    assert str(state.undo(0)) == "play 7H"  # seat 0's card is the latest decision again
    assert state.to_act() == (0,) and len(state.history) == 3 and state.trick.cards == []


def test_undo_is_refused_after_the_game_and_without_a_decision_this_round() -> None:
    state = State(GameConfig.of(3, seed=1))
    with pytest.raises(IllegalActionError, match="no decision in this round"):
        state.undo(0)
    over = random_game(GameConfig.of(3, seed=1), seed=1)
    with pytest.raises(IllegalActionError, match=r"game is over \(R18\)"):
        over.undo(0)


def test_undo_replays_to_the_same_state_as_never_having_acted() -> None:
    config = GameConfig.of(4, seed=7)
    state = random_game(config, seed=7)
    allowed = 0
    for length in range(40, 60):
        prefix = State.replay(config, state.history[:length])
        seat = prefix.to_act()[0]
        before = json.dumps(seat_view(prefix, seat))
        prefix.apply(seat, prefix.legal_actions(seat)[0])
        if prefix.why_no_undo(seat) is None:
            prefix.undo(seat)
            assert json.dumps(seat_view(prefix, seat)) == before
            allowed += 1
    assert allowed >= 10


def test_view_of_a_turn_lists_legal_actions_and_forbidden_reasons() -> None:
    state = act(deal(["7H 2C", "3C 4H", "AH 5S"], turned="TD", dealer=2), "bid 1", "bid 0", "bid 1",
                "play 7H")
    view = seat_view(state, 1)
    assert view["your_turn"] and view["legal"] == ["play 4H"]
    must_follow = {"code": "must_follow", "params": {"card": "3C", "suit": "H"}, "rule": "R13"}
    assert view["forbidden"] == [{"action": "play 3C", "reason": must_follow}]
    assert view["hand"] is not None
    assert [c["playable"] for c in view["hand"]] == [False, True]
    assert [c["why_not"] for c in view["hand"]] == [must_follow, None]
    assert seat_view(state, 0)["legal"] == [] and not seat_view(state, 0)["your_turn"]
    # The reason is data: the page words the suit in the display theme, the engine does not.
    assert seat_view(state, 1, "amigo")["forbidden"] == view["forbidden"]


def test_view_is_plain_json() -> None:
    state = random_game(GameConfig.of(4, seed=2, bidding="secret"), seed=2)
    view = seat_view(state, 0)
    assert json.loads(json.dumps(view)) == view and view["over"] and view["winners"]


def test_wrong_phase_and_other_seats_are_refused_with_the_rule() -> None:
    state = deal(["7H 2C", "3C 4H", "AH 5S"], turned="TD", dealer=2)
    with pytest.raises(IllegalActionError, match=r"Cannot play 7H: it is time to bid \(R10\)"):
        state.apply(0, "play 7H")
    with pytest.raises(IllegalActionError, match=r"no seat 7 \(R4\)"):
        state.apply(7, "bid 0")
    act(state, "bid 0", "bid 0", "bid 0")
    with pytest.raises(IllegalActionError, match=r"Cannot play 3C: it is Player 1's turn to play \(R12\)"):
        state.apply(1, "play 3C")


def test_config_round_trips_and_refuses_nonsense() -> None:
    config = GameConfig.of(["Ann", "Bob", "Cy"], seed=5, bidding="secret")
    assert GameConfig.from_dict(json.loads(json.dumps(config.to_dict()))) == config
    with pytest.raises(ConfigError, match="needs a name"):
        GameConfig.of(["Ann", " ", "Cy"])
    with pytest.raises(ConfigError, match="Unknown bot level"):
        GameConfig.from_dict({"players": [{"name": "A", "bot": "genius"}, "B", "C"]})



@pytest.mark.parametrize("name", [" ", "\u200b\u200b", "\u200d", "\u2066\u2069", "\u00a0\t", "\ufeff"])
def test_a_name_that_shows_nothing_is_refused(name: str) -> None:
    """Issue 32: a name of zero-width spaces was accepted and showed blank."""
    with pytest.raises(ConfigError) as info:
        GameConfig.of(["A", name, "C"])
    assert info.value.reason.code == "player_no_name"


@pytest.mark.parametrize("name", ["Zoë", "李", "\u200bBo", "🙂"])
def test_a_name_that_shows_something_is_taken(name: str) -> None:
    assert GameConfig.of(["A", name, "C"]).players[1].name == name


@pytest.mark.slow
def test_web_entry_point_plays_a_whole_game_and_never_raises() -> None:
    players = [{"name": "Me"}, {"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}]
    answer = call("new_game", config={"players": players, "seed": 3})
    assert answer["ok"] and save.parse(answer["result"]["save"])["config"]["seed"] == 3
    rng = random.Random(3)
    while not (view := call("view")["result"]["view"])["over"]:
        if view["bot_to_act"]:
            answer = call("bot_step")
        else:
            answer = call("act", action=rng.choice(view["legal"]))
        assert answer["ok"], answer
    assert call("act", action="bid 0") == {"ok": False, "error": {
        "code": "game_over", "params": {"action": "bid 0"}, "rule": "R18",
        "message": "Cannot bid 0: the game is over (R18)"}}
    assert json.loads(web.call("not json"))["error"]["code"] == "request_not_json"
    assert call("teleport")["error"]["message"].startswith("Unknown request")
    assert "3 to 6 players" in call("new_game", config={"players": ["A"]})["error"]["message"]


def test_web_load_refuses_a_damaged_save_and_keeps_the_current_game() -> None:
    call("new_game", config={"players": [{"name": "Me"}, {"name": "A", "bot": "random"},
                                         {"name": "B", "bot": "random"}], "seed": 1})
    before = call("view")["result"]["view"]
    answer = call("load", save='{"format": "wizard-game", "version": 9}')
    assert not answer["ok"] and "version 9" in answer["error"]["message"]
    assert call("view")["result"]["view"] == before


def test_web_undo_takes_back_the_humans_last_decision() -> None:
    call("new_game", config={"players": [{"name": "Me"}, {"name": "A", "bot": "random"},
                                         {"name": "B", "bot": "random"}], "seed": 2})
    while not (view := call("view")["result"]["view"])["your_turn"]:
        call("bot_step")
    assert not view["can_undo"]
    after = call("act", action=view["legal"][0])["result"]["view"]
    assert after["can_undo"]
    undone = call("undo")["result"]["view"]
    assert undone["legal"] == view["legal"] and undone["phase"] == view["phase"]
    assert undone["hand"] == view["hand"]


def test_phase_values_are_the_views_phase_names() -> None:
    assert [p.value for p in Phase] == ["trump", "bidding", "playing", "over",  # and with special cards (S10..S13):
                                        "werewolf", "vampire", "passing", "cloud", "witch"]
