"""Issue 11: the score keeper's view (the seat view's words and shapes) and its document: saved,
loaded, and refused whole with its reason when damaged."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, get_type_hints

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import damage_one_value
from tests.test_keeper import PAD, SAID_ALIKE, document, enter, refused, three
from wizard_engine import GameConfig
from wizard_engine.config import Options, Player
from wizard_engine.errors import KeeperError
from wizard_engine.reasons import Reason
from wizard_engine.records import keeper as keeper_module
from wizard_engine.records.keeper import Keeper, load_document, loads
from wizard_engine.records.keeper_view import KeeperView
from wizard_engine.view import SeatView


def test_the_view_is_plain_json_of_its_type() -> None:
    from tests.test_reasons import conforms

    keeper = Keeper.of(["A", "B", "C"], 1, Options(plus_minus_one=True))
    views = [keeper.view()]
    enter(keeper, ([0, 0, 0], [0, 1, 0]))
    keeper.bid(1)
    keeper.bid(0)
    views.append(keeper.view())
    assert views[-1]["forbidden"] == [{"action": "bid 1", "reason": {"code": "plus_minus_one",
                                                                    "params": {"bid": 1, "tricks": 2}, "rule": "R11"}}]
    assert views[-1]["legal"] == ["bid 0", "bid 2"] and views[-1]["hand_size"] == 2
    assert views[-1]["order"] == [0, 1, 2] and views[-1]["bids"] == [1, 0, None] and views[-1]["bidder"] == 2
    assert views[-1]["players"] == [{"name": name, "bot": None} for name in "ABC"]
    assert views[-1]["score_pad"] == [[
        {"bid": 0, "taken": 0, "points": 20, "total": 20}, {"bid": 0, "taken": 1, "points": -10, "total": -10},
        {"bid": 0, "taken": 0, "points": 20, "total": 20}]]
    assert views[-1]["deals"] == [{"dealer": 1, "hand_size": 1}]
    for view in views:
        conforms(view, KeeperView)
        assert json.loads(json.dumps(view)) == view


def test_the_view_names_what_the_seat_view_names_as_the_seat_view_does() -> None:
    """Issue 40: one vocabulary. Every field the two views share has the seat view's type
    (or None besides, for the round being entered once the game is over)."""
    ours, seats = get_type_hints(KeeperView), get_type_hints(SeatView)
    shared = set(ours) & set(seats)
    assert set(SAID_ALIKE) | {"players", "winners"} <= shared
    for name in shared:
        assert ours[name] in (seats[name], seats[name] | None), name


SAVED_BEFORE_ISSUE_40 = (
    '{"format":"wizard-keeper","version":1,"id":"a1b2c3d4e5f60718","players":["Ann","Bob","Cy"],"options":'
    '{"bidding":"open","canadian":false,"plus_minus_one":true,"foresight":false,"unicoloured":false},'
    '"first_dealer":2,"entries":[["bid",0],["bid",1],["bid",1],["tricks",[0,0,1]],["bid",1]],"me":1}')
"""A pad as the page saved it before the view took the seat view's words (written by that commit's engine)."""


def test_a_pad_saved_before_the_views_new_words_loads_and_is_saved_the_same() -> None:
    keeper = loads(SAVED_BEFORE_ISSUE_40)
    assert keeper.dumps() == SAVED_BEFORE_ISSUE_40  # the stored document did not change
    view = keeper.view()
    assert view["legal"] == ["bid 0", "bid 1", "bid 2"] and view["bidder"] == 2 and view["me"] == 1
    assert view["score_pad"] == [[{"bid": 0, "taken": 0, "points": 20, "total": 20},
                                  {"bid": 1, "taken": 0, "points": -10, "total": -10},
                                  {"bid": 1, "taken": 1, "points": 30, "total": 30}]]
    assert view["deals"] == [{"dealer": 2, "hand_size": 1}] and view["totals"] == [20, -10, 30]


entries = st.lists(st.one_of(st.tuples(st.just("bid"), st.integers(-1, 4)),
                             st.tuples(st.just("tricks"), st.lists(st.integers(0, 3), min_size=3, max_size=3)),
                             st.tuples(st.just("edit"), st.integers(1, 3), st.lists(st.integers(0, 2), min_size=3,
                                                                                     max_size=3),
                                       st.lists(st.integers(0, 2), min_size=3, max_size=3)),
                             st.just(("undo",))), max_size=40)


@given(entries, st.sampled_from([Options(), Options(canadian=True), Options(plus_minus_one=True)]))
@PAD
def test_the_document_restores_exactly_what_was_entered(tries: list[tuple[Any, ...]], options: Options) -> None:
    keeper = Keeper.of(["A", "B", "C"], 1, options)
    for attempt in tries:
        try:
            if attempt[0] == "undo":
                keeper.undo()
            else:
                keeper.apply(list(attempt))
        except KeeperError:
            pass
        again = loads(keeper.dumps())
        assert again.view() == keeper.view() and again.entries == keeper.entries


def test_a_loaded_document_goes_on_as_the_original() -> None:
    original = enter(three(), ([0, 1, 1], [0, 0, 1]))
    again = loads(original.dumps())
    for keeper in (original, again):
        keeper.bid(1)
    assert again.view() == original.view() and again.id == original.id


@pytest.mark.parametrize(("text", "code"), [
    ("{", "keeper_not_json"),
    (None, "keeper_not_json"),
    ("[]", "keeper_not_pad"),
    ('{"format": "wizard-game", "version": 1}', "keeper_not_pad"),
    (document(version=2), "keeper_version"),
    (document(version=True), "keeper_version"),
    (document(version=1.0), "keeper_version"),
    (document(comment="hi"), "keeper_unknown_fields"),
    (document(id="no spaces allowed"), "keeper_damaged"),
    (document(id=7), "keeper_damaged"),
    (document(players=[{"name": "A"}, "B", "C"]), "keeper_damaged"),
    (document(players="ABC"), "keeper_damaged"),
    (document(entries={}), "keeper_damaged"),
    (document(players=["A", "B"]), "keeper_bad_config"),
    (document(options={"canadian": True, "bidding": "secret"}), "keeper_bad_config"),
    (document(options=[]), "keeper_bad_config"),
    (document(first_dealer=3), "keeper_bad_config"),
    (document(first_dealer="0"), "keeper_bad_config"),
    (document(me=3), "keeper_bad_config"),
    (document(me=True), "keeper_bad_config"),
    (document(entries=[["bid", 0], ["tricks", [0, 0, 1]]]), "keeper_bad_entry"),
    (document(entries=[["bid", 0], ["bid", 1], ["bid", 1], ["tricks", [0, 0, 0]]]), "keeper_bad_entry"),
    (document(entries=[["bid", 0], 7]), "keeper_bad_entry"),
    (" " * 1_000_001, "keeper_too_large"),
    ("[" * 5000 + "]" * 5000, "keeper_too_deep"),
])
def test_a_damaged_document_is_refused_whole_with_the_reason(text: Any, code: str) -> None:
    assert refused(lambda: loads(text)).code == code


def test_the_owners_seat_is_kept_through_an_undo_and_a_pad_of_before_it_loads_without_one() -> None:
    mine = enter(Keeper(three().config, 2, me=1), ([0, 1, 1], [0, 0, 1]))
    mine.undo()
    assert loads(mine.dumps()).me == 1 and mine.view()["me"] == 1
    earlier = json.loads(document())
    del earlier["me"]  # the pads the page kept before the field came
    assert loads(json.dumps(earlier)).me is None and three().document()["me"] is None


def test_a_document_missing_a_field_says_which() -> None:
    data = json.loads(document())
    del data["first_dealer"]
    assert refused(lambda: load_document(data)) == Reason("keeper_damaged", {"field": "first_dealer"})


def test_a_damaged_entry_says_which_and_why() -> None:
    reason = refused(lambda: loads(document(entries=[["bid", 0], ["bid", 1], ["bid", 1], ["tricks", [0, 0, 0]]])))
    assert reason == Reason("keeper_bad_entry", {"index": 4},
                            cause=Reason("tricks_do_not_add_up", {"taken": 0, "cards": 1}, "R22"))
    assert str(reason) == ("The saved score pad cannot be restored: entry 4: "
                           "The tricks taken add up to 0, but 1 were dealt to each player (R22)")
    bot = refused(lambda: loads(document(players=[{"name": "A", "bot": "easy"}, "B", "C"])))
    assert bot.code == "keeper_damaged"


@st.composite
def damaged_documents(draw: st.DrawFn) -> str:
    """A valid document of a few rounds with one value somewhere replaced by another JSON value."""
    keeper = enter(three(canadian=True), ([0, 1, 1], [0, 0, 1]), ([0, 0, 1], [1, 0, 1]))
    keeper.edit(1, [0, 0, 1], [0, 0, 1])
    keeper.bid(2)
    return damage_one_value(draw, keeper.document())


@given(damaged_documents())
@PAD
def test_any_damage_is_restored_whole_or_refused_with_a_reason(text: str) -> None:
    try:
        keeper = loads(text)
    except KeeperError as error:
        assert error.reason.code.startswith("keeper_")
        json.dumps(error.reason.to_json(), allow_nan=False)
    else:
        assert loads(keeper.dumps()).view() == keeper.view()


# How to reach each code of keeper.py; tests/test_reasons.py checks the whole catalogue with it.
REACH: dict[str, Callable[[], str]] = {
    "keeper_bot": lambda: refused(lambda: Keeper(GameConfig((Player("A", "easy"), Player("B"), Player("C"))), 0)).code,
    "first_dealer_invalid": lambda: refused(lambda: Keeper.of(["A", "B", "C"], 5)).code,
    "keeper_game_over": lambda: refused(lambda: enter(three(), *[([0, 0, 0], [r, 0, 0]) for r in range(1, 22)])).code,
    "keeper_full": lambda: _full(),
    "keeper_tricks_due": lambda: refused(lambda: enter(three(), ([0, 0, 0, 0], [0, 0, 1]))).code,
    "keeper_bid_due": lambda: refused(lambda: three().tricks([0, 0, 1])).code,
    "keeper_count": lambda: refused(lambda: enter(three(), ([0, 0, 0], [0, 1]))).code,
    "tricks_out_of_range": lambda: refused(lambda: enter(three(), ([0, 0, 0], [2, -1, 0]))).code,
    "tricks_do_not_add_up": lambda: refused(lambda: enter(three(), ([0, 0, 0], [0, 0, 0]))).code,
    "keeper_no_such_round": lambda: refused(lambda: three().edit(1, [0, 0, 0], [0, 0, 1])).code,
    "keeper_nothing_to_undo": lambda: refused(lambda: three().undo()).code,
    "keeper_not_an_entry": lambda: refused(lambda: three().apply(["fold"])).code,
    "keeper_not_json": lambda: refused(lambda: loads("{")).code,
    "keeper_not_pad": lambda: refused(lambda: loads("{}")).code,
    "keeper_version": lambda: refused(lambda: loads(document(version=0))).code,
    "keeper_too_large": lambda: refused(lambda: loads(" " * 1_000_001)).code,
    "keeper_too_deep": lambda: refused(lambda: loads("[" * 5000 + "]" * 5000)).code,
    "keeper_unknown_fields": lambda: refused(lambda: loads(document(extra=1))).code,
    "keeper_damaged": lambda: refused(lambda: loads(document(entries=None))).code,
    "keeper_bad_config": lambda: refused(lambda: loads(document(players=["A"]))).code,
    "keeper_bad_entry": lambda: refused(lambda: loads(document(entries=[["bid", 9]]))).code,
}


def _full() -> str:
    keeper = enter(three(), ([0, 0, 0], [0, 0, 1]))

    def correct_until_full() -> None:
        for _ in range(keeper_module.MAX_ENTRIES):
            keeper.edit(1, [0, 0, 0], [0, 0, 1])

    return refused(correct_until_full).code
