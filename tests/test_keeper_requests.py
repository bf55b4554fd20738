"""Issue 11: the score keeper's worker requests (keeper_*) and the coach's advice for a real hand."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from wizard_engine.cards import DECK_SIZE, parse_cards
from wizard_engine.coach.hand import hand_state
from wizard_engine.config import Options
from wizard_engine.records.keeper import Keeper, loads
from wizard_engine.state import Phase
from wizard_engine.web import call


def ask(method: str, **params: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(call(json.dumps({"method": method, "params": params})))
    return answer


def result(method: str, **params: Any) -> dict[str, Any]:
    answer = ask(method, **params)
    assert answer["ok"], answer
    return answer["result"]


def refusal(method: str, **params: Any) -> str:
    answer = ask(method, **params)
    assert not answer["ok"], answer
    return answer["error"]["code"]


def new_pad(**options: Any) -> str:
    """Ann, Bob, Cy with Cy dealing first: Ann bids first."""
    return result("keeper_new", players=["Ann", "Bob", "Cy"], options=options, first_dealer=2)["keeper"]


def entered(pad: str, *entries: list[Any]) -> str:
    for entry in entries:
        pad = result("keeper_enter", keeper=pad, entry=entry)["keeper"]
    return pad


# --- keeper_* ---------------------------------------------------------------------------------

def test_a_new_pad_answers_its_document_and_view() -> None:
    answer = result("keeper_new", players=["Ann", "Bob", "Cy"], options={"canadian": True}, first_dealer=2)
    view = answer["view"]
    assert (view["round"], view["dealer"], view["hand_size"], view["bidder"], view["step"]) == (1, 2, 1, 0, "bid")
    assert view["options"]["canadian"] is True and view["rounds"] == 20
    assert loads(answer["keeper"]).view() == view


def test_describe_names_every_card_of_the_deck_for_the_picker() -> None:
    """Issue 40: the keeper's card picker offers the deck the engine describes, not one of its own;
    its setup checks the first bidding mode described, the standard game's."""
    described = result("describe")
    assert parse_cards(described["deck"]) == list(range(DECK_SIZE))  # each card once, the copies of Z and N in turn
    assert described["bidding"][0] == Options().bidding


def test_entries_undo_and_load_follow_the_document() -> None:
    pad = entered(new_pad(), ["bid", 0], ["bid", 1], ["bid", 1], ["tricks", [0, 0, 1]])
    view = result("keeper_load", keeper=pad)["view"]
    assert view["totals"] == [20, -10, 30] and view["round"] == 2 and view["dealer"] == 0
    undone = result("keeper_undo", keeper=pad)
    assert undone["view"]["step"] == "tricks" and undone["view"]["totals"] == [0, 0, 0]
    edited = result("keeper_enter", keeper=pad, entry=["edit", 1, [0, 1, 0], [0, 1, 0]])["view"]
    assert edited["totals"] == [20, 30, 20]


@pytest.mark.parametrize(("entry", "code"), [
    (["bid", 2], "bid_out_of_range"),
    (["tricks", [0, 0, 1]], "keeper_bid_due"),
    (["edit", 1, [0, 0, 0], [0, 0, 1]], "keeper_no_such_round"),
    ("bid 1", "keeper_not_an_entry"),
])
def test_refused_entries_come_back_as_reason_codes(entry: Any, code: str) -> None:
    assert refusal("keeper_enter", keeper=new_pad(), entry=entry) == code


def test_the_forbidden_last_bid_and_tricks_that_do_not_add_up_are_refused() -> None:
    pad = entered(new_pad(plus_minus_one=True), ["bid", 0], ["bid", 0])
    answer = ask("keeper_enter", keeper=pad, entry=["bid", 1])
    assert answer["error"]["code"] == "plus_minus_one" and answer["error"]["rule"] == "R11"
    pad = entered(pad, ["bid", 0])
    assert refusal("keeper_enter", keeper=pad, entry=["tricks", [1, 1, 0]]) == "tricks_do_not_add_up"


@pytest.mark.parametrize(("params", "code"), [
    ({"players": ["Ann", "Bob"], "first_dealer": 0}, "player_count"),
    ({"players": ["Ann", "Bob", "Cy"], "first_dealer": 3}, "first_dealer_invalid"),
    ({"players": ["Ann", "Bob", "Cy"], "first_dealer": 0, "me": 3}, "keeper_damaged"),
    ({"players": ["Ann", "Bob", "Cy"], "first_dealer": 0, "me": "Ann"}, "keeper_damaged"),
    ({"players": "Ann", "first_dealer": 0}, "config_no_players"),
    ({"players": ["Ann", "Bob", "Cy"], "options": {"fast": True}, "first_dealer": 0}, "options_unknown"),
])
def test_a_bad_new_pad_is_refused(params: dict[str, Any], code: str) -> None:
    assert refusal("keeper_new", **params) == code


def test_a_damaged_or_missing_document_is_refused() -> None:
    assert refusal("keeper_load", keeper=None) == "keeper_no_document"
    assert refusal("keeper_load", keeper="{") == "keeper_not_json"
    assert refusal("keeper_undo", keeper=new_pad()) == "keeper_nothing_to_undo"
    damaged = json.loads(entered(new_pad(), ["bid", 0]))
    damaged["entries"][0] = ["bid", 7]
    assert refusal("keeper_enter", keeper=json.dumps(damaged), entry=["bid", 0]) == "keeper_bad_entry"


def test_keeper_requests_leave_the_game_session_alone() -> None:
    result("new_game", config={"players": [{"name": "Me"}, {"name": "B", "bot": "easy"}, {"name": "C", "bot": "easy"}],
                               "seed": 3})
    before = result("view")["view"]
    entered(new_pad(), ["bid", 0])
    assert result("view")["view"] == before


# --- hand advice --------------------------------------------------------------------------------

def test_hand_advice_weighs_every_bid_of_the_next_bidder() -> None:
    pad = entered(new_pad(), ["bid", 1])  # round 1: Ann has bid 1, Bob bids next
    advice = result("hand_advice", keeper=pad, hand=["Z"], turned="7H")["advice"]
    assert advice["seat"] == 1 and advice["phase"] == "bidding"
    assert sorted(o["option"] for o in advice["options"]) == ["bid 0", "bid 1"]
    assert advice["pick"] == "bid 1"  # a Wizard in round 1 loses only to a Wizard led before it
    best = advice["options"][0]
    assert best["option"] == "bid 1" and 0.9 < best["make"] < 1 and 25 < best["points"] < 30


def test_hand_advice_builds_the_pads_round() -> None:
    keeper = Keeper.of(["Ann", "Bob", "Cy", "Di"], 1, Options(canadian=True))
    for bids, taken in (([1, 0, 0, 0], [1, 0, 0, 0]), ([0, 1, 0, 0], [0, 2, 0, 0])):
        for b in bids:
            keeper.bid(b)
        keeper.tricks(taken)
    keeper.bid(1)  # round 3, dealt by Di (seat 3): Ann bids 1, Bob is next
    state = hand_state(keeper, ["Z", "Z", "3C"], "Z", "H")
    assert (state.round, state.dealer, state.hand_size, state.phase) == (3, 3, 3, Phase.BIDDING)
    assert state.to_act() == (1,) and state.bids == [1, None, None, None]
    assert state.totals == keeper.totals and state.trump == 2  # hearts, chosen by the dealer
    seen = [c for hand in state.hands for c in range(60) if hand >> c & 1]
    assert len(seen) == len(set(seen)) == 12 and state.turned not in seen


def test_the_last_round_has_no_turned_up_card() -> None:
    keeper = Keeper.of(["A", "B", "C", "D", "E", "F"], 0)
    for r in range(1, 10):
        for _ in range(6):
            keeper.bid(0)
        keeper.tricks([r] + [0] * 5)
    hand = ["Z", "Z", "Z", "Z", "N", "N", "N", "N", "AS", "KS"]
    assert hand_state(keeper, hand, None, None).turned is None
    pad = keeper.dumps()
    assert refusal("hand_advice", keeper=pad, hand=hand, turned="2C") == "hand_turned_last_round"


@pytest.mark.parametrize(("hand", "turned", "trump", "code"), [
    (["AS", "KS"], "7H", None, "hand_size"),
    ([], "7H", None, "hand_size"),
    ("AS", "7H", None, "hand_not_list"),
    (["XX"], "7H", None, "not_a_card"),
    ([7], "7H", None, "not_a_card"),
    (["AS"], None, None, "hand_turned_missing"),
    (["AS"], "AS", None, "hand_turned_in_hand"),
    (["AS"], "Z", None, "hand_trump_missing"),
    (["AS"], "Z", "X", "not_a_suit"),
    (["AS"], "7H", "H", "hand_trump_not_chosen"),
])
def test_bad_hands_are_refused_with_reasons(hand: Any, turned: Any, trump: Any, code: str) -> None:
    assert refusal("hand_advice", keeper=new_pad(), hand=hand, turned=turned, trump=trump) == code


def test_duplicates_and_a_fifth_wizard_are_refused() -> None:
    pad = entered(new_pad(), ["bid", 0], ["bid", 0], ["bid", 1], ["tricks", [0, 0, 1]],
                  ["bid", 0], ["bid", 0], ["bid", 0], ["tricks", [1, 1, 0]],
                  ["bid", 0], ["bid", 0], ["bid", 0], ["tricks", [1, 1, 1]],
                  ["bid", 0], ["bid", 0], ["bid", 0], ["tricks", [2, 1, 1]])  # round 5: five cards
    assert refusal("hand_advice", keeper=pad, hand=["AS", "AS", "2C", "3C", "4C"], turned="7H") == "hand_card_twice"
    assert refusal("hand_advice", keeper=pad, hand=["Z", "Z", "Z", "Z", "Z"], turned="7H") == "hand_card_twice"
    assert refusal("hand_advice", keeper=pad, hand=["Z", "Z", "Z", "Z", "2C"], turned="Z", trump="C") \
        == "hand_turned_in_hand"
    assert result("hand_advice", keeper=pad, hand=["Z", "Z", "Z", "N", "2C"], turned="Z", trump="C")["advice"]


def test_no_advice_outside_the_bidding_nor_where_the_pad_cannot_tell() -> None:
    pad = entered(new_pad(), ["bid", 0], ["bid", 0], ["bid", 0])
    assert refusal("hand_advice", keeper=pad, hand=["AS"], turned="7H") == "hand_not_bidding"
    assert refusal("hand_advice", keeper=new_pad(foresight=True), hand=["AS"], turned="7H") == "hand_foresight"
    assert refusal("hand_advice", keeper=new_pad(unicoloured=True), hand=["AS"] * 4, turned=None) \
        == "hand_unicoloured"
    assert refusal("hand_advice", keeper="nope", hand=["AS"], turned="7H") == "keeper_not_json"


def _round_five() -> str:
    """A pad at the bidding of round 5 (five cards each)."""
    pad = new_pad()
    for taken in ([0, 0, 1], [1, 1, 0], [1, 1, 1], [2, 1, 1]):
        pad = entered(pad, ["bid", 0], ["bid", 0], ["bid", 0], ["tricks", taken])
    return pad


def _last_round() -> str:
    keeper = Keeper.of(["A", "B", "C", "D", "E", "F"], 0)
    for r in range(1, 10):
        for _ in range(6):
            keeper.bid(0)
        keeper.tricks([r] + [0] * 5)
    return keeper.dumps()


def _hand(pad: str, hand: Any, turned: Any = "7H", trump: Any = None) -> str:
    return refusal("hand_advice", keeper=pad, hand=hand, turned=turned, trump=trump)


REACH: dict[str, Callable[[], str]] = {
    "hand_not_bidding": lambda: _hand(entered(new_pad(), ["bid", 0], ["bid", 0], ["bid", 0]), ["AS"]),
    "hand_unicoloured": lambda: _hand(new_pad(unicoloured=True), ["AS"] * 4, None),
    "hand_foresight": lambda: _hand(new_pad(foresight=True), ["AS"]),
    "hand_not_list": lambda: _hand(new_pad(), "AS"),
    "hand_size": lambda: _hand(new_pad(), ["AS", "KS"]),
    "hand_card_twice": lambda: _hand(_round_five(), ["AS", "AS", "2C", "3C", "4C"]),
    "hand_turned_missing": lambda: _hand(new_pad(), ["AS"], None),
    "hand_turned_last_round": lambda: _hand(_last_round(), ["Z"] * 4 + ["N"] * 4 + ["AS", "KS"], "2C"),
    "hand_turned_in_hand": lambda: _hand(new_pad(), ["AS"], "AS"),
    "hand_trump_missing": lambda: _hand(new_pad(), ["AS"], "Z"),
    "hand_trump_not_chosen": lambda: _hand(new_pad(), ["AS"], "7H", "H"),
    "keeper_no_document": lambda: refusal("keeper_load"),
}
"""How each reason code of the score keeper's requests and of hand advice is reached (tests/test_reasons.py)."""
