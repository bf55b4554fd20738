"""Issue 42, item 5: the score keeper keeps a real-deck game with special cards (S1..S14)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.helpers import random_game
from wizard_engine import GameConfig
from wizard_engine.boxes import BOXES
from wizard_engine.config import Options
from wizard_engine.errors import KeeperError, WizardError
from wizard_engine.reasons import Reason
from wizard_engine.records.game_record import record_from_keeper
from wizard_engine.records.keeper import Keeper, loads
from wizard_engine.specials import SpecialState
from wizard_engine.view import seat_view
from wizard_engine.web import call


def refused(action: Callable[[], object]) -> Reason:
    with pytest.raises(WizardError) as info:
        action()
    return info.value.reason


def three(specials: str = "2016", **options: Any) -> Keeper:
    """Paul, Thomas, Marie; Marie deals first, so Paul bids first (R10)."""
    return Keeper.of(["Paul", "Thomas", "Marie"], 2, Options(specials=specials, **options))


def to_round(keeper: Keeper, round_: int) -> Keeper:
    """Enter every round before ``round_``: all bid 0, Paul takes every trick."""
    while keeper.round < round_:
        for _ in range(keeper.players):
            keeper.bid(0)
        keeper.tricks([keeper.cards(keeper.round)] + [0] * (keeper.players - 1))
    return keeper


def bid_all(keeper: Keeper, *bids: int) -> Keeper:
    """The round's bids, given in seat order (Paul, Thomas, Marie), entered in bidding order."""
    for _ in bids:
        keeper.bid(bids[keeper.bidder])  # type: ignore[index]  # a bid is due
    return keeper


def said(keeper: Keeper, key: str) -> Any:
    """What the pad's view says of the special cards under ``key``."""
    return keeper.view()["specials"][key]


def ask(method: str, **params: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(call(json.dumps({"method": method, "params": params})))
    return answer


# --- S1: the game -----------------------------------------------------------------------------

@pytest.mark.parametrize("specials", ["2016", "2021", "2026", "Bomb,Cloud", "dragon, fairy"])
def test_s1_the_keeper_keeps_a_box_or_a_set_of_cards(specials: str) -> None:
    keeper = three(specials)
    assert said(keeper, "cards")
    assert keeper.rounds == 20  # S2: rounds stay 60 / players


@pytest.mark.parametrize(("options", "code"), [
    ({"specials": "Fairy"}, "specials_dragon_fairy"),
    ({"specials": "Unicorn"}, "specials_unknown"),
    ({"specials": "2016", "foresight": True}, "specials_exclude"),
    ({"specials": "2016", "schedule": "maximus"}, "specials_exclude"),
])
def test_s1_s3_a_new_pad_refuses_what_the_game_refuses(options: dict[str, Any], code: str) -> None:
    answer = ask("keeper_new", players=["Ann", "Bob", "Cy"], options=options, first_dealer=0)
    assert not answer["ok"] and answer["error"]["code"] == code


def test_s1_describe_offers_the_boxes_and_none_first() -> None:
    offered = ask("describe")["result"]["specials"]
    assert [one["box"] for one in offered["boxes"]] == ["", *BOXES]
    assert offered["boxes"][0]["cards"] == []
    assert offered["boxes"][1]["cards"] == ["Dragon", "Fairy", "Bomb", "Werewolf", "Juggler", "Cloud"]
    assert "Vampire" in offered["cards"] and offered["excludes"] == ["foresight", "unicoloured"]


def test_a_base_game_pad_has_no_special_cards_and_no_cloud_or_bomb() -> None:
    keeper = bid_all(three(""), 0, 0, 1)
    assert said(keeper, "cards") == [] and said(keeper, "bombed") == 0
    assert said(keeper, "cloud_legal") == [[], [], []]
    assert refused(lambda: bid_all(three(""), 0, 0, 1).cloud_change(0, +1)).code == "keeper_no_cloud"


# --- S2: trump in the last round ------------------------------------------------------------------

@pytest.mark.parametrize("schedule", ["standard", "tournament"])
def test_s2_with_special_cards_a_card_is_turned_up_in_the_last_round(schedule: str) -> None:
    special = to_round(three("Bomb,Cloud", schedule=schedule), 10 if schedule == "tournament" else 20)
    base = to_round(three("", schedule=schedule), special.round)
    assert special.round == special.rounds
    assert special.view()["turns_up"] is True
    assert base.view()["turns_up"] is False  # R9, as before


# --- S13: the Cloud -------------------------------------------------------------------------------

def test_s13_a_cloud_changes_the_winners_bid_and_the_round_is_scored_with_it() -> None:
    keeper = bid_all(to_round(three("Cloud"), 3), 1, 1, 0)  # Paul 1, Thomas 1, Marie 0
    keeper.cloud_change(1, +1)  # Thomas took the Cloud's trick: bid 2
    assert said(keeper, "cloud") == [0, 1, 0] and said(keeper, "changed_bids") == [1, 2, 0]
    keeper.tricks([1, 2, 0])
    rows = keeper.view()["score_pad"][-1]
    assert [row["bid"] for row in rows] == [1, 2, 0]  # the bids as scored
    assert [row["points"] for row in rows] == [30, 40, 20]
    assert said(keeper, "cloud_pad")[-1] == [0, 1, 0]
    assert said(keeper, "entered_pad")[-1] == [1, 1, 0]


def test_s13_a_bid_of_zero_may_only_go_up() -> None:
    keeper = bid_all(to_round(three(), 2), 0, 1, 0)
    assert said(keeper, "cloud_legal") == [["+1"], ["+1", "-1"], ["+1"]]
    assert refused(lambda: keeper.cloud_change(0, -1)) == Reason(
        "keeper_cloud_below_zero", {"name": "Paul", "seat": 0}, "S13")
    keeper.cloud_change(1, -1)  # Thomas 1 -> 0
    assert said(keeper, "changed_bids") == [0, 0, 0]


def test_s13_a_cloud_change_comes_once_every_bid_is_in_and_only_with_the_cloud() -> None:
    keeper = three()
    keeper.bid(0)  # Paul's
    assert refused(lambda: keeper.cloud_change(0, +1)) == Reason(
        "keeper_cloud_before_bids", {"name": "Thomas", "seat": 1}, "S13")
    assert said(keeper, "cloud_legal") == [[], [], []]
    no_cloud = bid_all(three("Bomb"), 0, 0, 0)
    assert refused(lambda: no_cloud.cloud_change(0, +1)).code == "keeper_no_cloud"


@pytest.mark.parametrize("entry", [["cloud", 3, 1], ["cloud", 0, 2], ["cloud", 0, True], ["cloud", "0", 1],
                                   ["cloud", 0], ["cloud", 0, 1.0]])
def test_s13_a_damaged_cloud_entry_is_refused(entry: list[Any]) -> None:
    keeper = bid_all(three(), 0, 0, 0)
    assert refused(lambda: keeper.apply(entry)).code == "keeper_not_an_entry"


def test_s13_a_cloud_changes_a_bid_once_a_round_and_twice_with_the_witch() -> None:
    once = bid_all(to_round(three("2016"), 2), 0, 0, 0)
    once.cloud_change(0, +1)
    assert refused(lambda: once.cloud_change(1, +1)) == Reason("keeper_cloud_too_many", {"max": 1, "round": 2}, "S13")
    assert said(once, "cloud_legal") == [[], [], []]
    twice = bid_all(to_round(three("2026"), 2), 0, 0, 0)  # the Witch may take the Cloud back to play it again
    twice.cloud_change(0, +1)
    twice.cloud_change(0, +1)
    assert refused(lambda: twice.cloud_change(1, +1)).code == "keeper_cloud_too_many"
    one_trick = bid_all(three("2026"), 0, 0, 0)  # round 1: one trick, one Cloud
    one_trick.cloud_change(2, +1)
    assert refused(lambda: one_trick.cloud_change(2, -1)).code == "keeper_cloud_too_many"


def test_s13_undo_takes_back_a_cloud_change() -> None:
    keeper = bid_all(three(), 0, 0, 1)
    keeper.cloud_change(2, -1)
    assert keeper.undo() == ["cloud", 2, -1]
    assert said(keeper, "cloud") == [0, 0, 0] and said(keeper, "changed_bids") == [0, 0, 1]


def test_s13_an_edit_keeps_the_cloud_changes_or_corrects_them() -> None:
    keeper = bid_all(to_round(three(), 2), 1, 0, 0)
    keeper.cloud_change(0, +1)
    keeper.tricks([2, 0, 0])
    assert said(keeper, "cloud_most") == [1, 1]  # what an edit may give each round
    assert said(three("Bomb"), "cloud_most") == []
    keeper.edit(2, [0, 0, 0], [2, 0, 0])  # the changes stand: Paul's bid 0 + 1
    assert keeper.view()["score_pad"][1][0]["bid"] == 1
    keeper.edit(2, [0, 0, 0], [2, 0, 0], [0, 0, 0])
    assert keeper.view()["score_pad"][1][0]["bid"] == 0 and said(keeper, "cloud_pad")[1] == [0, 0, 0]
    assert refused(lambda: keeper.edit(2, [0, 0, 0], [2, 0, 0], [-1, 0, 0])).code == "keeper_cloud_below_zero"
    assert refused(lambda: keeper.edit(2, [1, 1, 0], [2, 0, 0], [1, 1, 0])).code == "keeper_cloud_too_many"
    assert refused(lambda: keeper.edit(2, [0, 0, 0], [2, 0, 0], [0, 0])).code == "keeper_count"
    base = to_round(three(""), 2)
    assert refused(lambda: base.edit(1, [0, 0, 0], [1, 0, 0], [1, 0, 0])).code == "keeper_no_cloud"


# --- S9: the Bomb ---------------------------------------------------------------------------------

def test_s9_a_bombed_trick_lets_the_tricks_add_up_to_one_less() -> None:
    keeper = bid_all(to_round(three("Bomb,Cloud"), 3), 0, 0, 0)
    assert said(keeper, "bombed") == 1
    assert refused(lambda: keeper.tricks([1, 0, 0])) == Reason(
        "tricks_bombed_too_many", {"taken": 1, "cards": 3, "bombed": 1}, "S9")
    assert refused(lambda: keeper.tricks([2, 2, 0])).code == "tricks_do_not_add_up"
    keeper.tricks([1, 1, 0])
    assert [row["taken"] for row in keeper.view()["score_pad"][-1]] == [1, 1, 0]


def test_s9_with_the_witch_the_bomb_may_leave_two_tricks_to_nobody() -> None:
    keeper = bid_all(to_round(three("Bomb,Witch"), 3), 0, 0, 0)
    assert said(keeper, "bombed") == 2
    assert refused(lambda: keeper.tricks([0, 0, 0])).code == "tricks_bombed_too_many"
    keeper.tricks([1, 0, 0])


def test_s9_without_the_bomb_the_tricks_add_up_as_before() -> None:
    keeper = bid_all(to_round(three("Cloud"), 3), 0, 0, 0)
    assert said(keeper, "bombed") == 0
    assert refused(lambda: keeper.tricks([1, 1, 0])).code == "tricks_do_not_add_up"
    edited = to_round(three("Bomb"), 4)
    edited.edit(3, [0, 0, 0], [2, 0, 0])  # an edit is checked alike
    assert refused(lambda: edited.edit(3, [0, 0, 0], [1, 0, 0])).code == "tricks_bombed_too_many"


# --- the whole game, as the engine plays it -----------------------------------------------------

def keep(state: SpecialState) -> Keeper:
    """The pad of a finished game, entered as a table would: bids, Cloud changes, tricks."""
    keeper = Keeper(state.config, state.first_dealer)
    for rows, changes in zip(state.pad, state.cloud_pad):
        for seat in keeper.order(keeper.round):
            keeper.bid(rows[seat].bid - changes[seat])
        for seat, change in enumerate(changes):
            for _ in range(abs(change)):
                keeper.cloud_change(seat, 1 if change > 0 else -1)
        keeper.tricks([row.taken for row in rows])
    return keeper


@pytest.mark.parametrize(("specials", "players", "seed"), [
    ("2016", 3, 1), ("2026", 3, 2), ("2026", 4, 3), ("Bomb,Cloud,Witch", 5, 4), ("2021", 6, 5)])
def test_s9_s13_s14_a_whole_game_keeps_the_pad_the_engine_keeps(specials: str, players: int, seed: int) -> None:
    state = random_game(GameConfig.of(players, specials=specials, seed=seed), seed)
    assert isinstance(state, SpecialState)
    keeper = keep(state)
    view, seats = keeper.view(), seat_view(state, 0)
    assert keeper.is_over and view["score_pad"] == seats["score_pad"]
    assert said(keeper, "cloud_pad") == seats["specials"]["cloud_pad"]
    assert keeper.totals == state.totals
    assert loads(keeper.dumps()).view() == view
    record = record_from_keeper(keeper, "2026-11-29T07:00:00Z")  # the history takes it
    assert record["totals"] == state.totals


def test_s13_hand_advice_is_not_given_for_a_special_card_game() -> None:
    pad = three().dumps()
    answer = ask("hand_advice", keeper=pad, hand=["AS"], turned="7H", trump=None)
    assert not answer["ok"] and answer["error"]["code"] == "hand_specials"


def test_a_special_card_pads_errors_are_keeper_errors() -> None:
    keeper = bid_all(three(), 0, 0, 0)
    with pytest.raises(KeeperError):
        keeper.cloud_change(0, -1)


# How each reason code of the special cards on the pad is reached (tests/test_reasons.py).
REACH: dict[str, Callable[[], str]] = {
    "keeper_no_cloud": lambda: refused(lambda: bid_all(three("Bomb"), 0, 0, 0).cloud_change(0, 1)).code,
    "keeper_cloud_before_bids": lambda: refused(lambda: three().cloud_change(0, 1)).code,
    "keeper_cloud_too_many": lambda: _too_many(),
    "keeper_cloud_below_zero": lambda: refused(lambda: bid_all(three(), 0, 0, 0).cloud_change(0, -1)).code,
    "tricks_bombed_too_many": lambda: refused(lambda: bid_all(to_round(three(), 3), 0, 0, 0).tricks([1, 0, 0])).code,
    "hand_specials": lambda: ask("hand_advice", keeper=three().dumps(), hand=["AS"], turned="7H")["error"]["code"],
}


def _too_many() -> str:
    keeper = bid_all(three(), 0, 0, 0)
    keeper.cloud_change(0, 1)
    return refused(lambda: keeper.cloud_change(1, 1)).code
