"""Issue 11: the score keeper for a real deck: the game's rules on a paper pad's entries."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizard_engine import GameConfig, State
from wizard_engine.actions import bid
from wizard_engine.config import Options, Player
from wizard_engine.errors import KeeperError, WizardError
from wizard_engine.reasons import Reason
from wizard_engine.records import keeper as keeper_module
from wizard_engine.records.keeper import Keeper, load_document
from wizard_engine.rules import STANDARD
from wizard_engine.tools.flags import parse_options
from wizard_engine.view import seat_view

PAD = settings(max_examples=40, deadline=None, derandomize=True, database=None)
SAID_ALIKE = ("options", "first_dealer", "rounds", "round", "dealer", "hand_size", "bids", "legal", "forbidden",
              "score_pad", "totals")
"""What a pad's view says as a seat's view of the same game says it, at every bid."""


def refused(action: Callable[[], object]) -> Reason:
    with pytest.raises(KeeperError) as info:
        action()
    return info.value.reason


def enter(keeper: Keeper, *rounds: tuple[list[int], list[int]]) -> Keeper:
    """Enter whole rounds: the bids in bidding order, then the tricks in seat order."""
    for bids, taken in rounds:
        for b in bids:
            keeper.bid(b)
        keeper.tricks(taken)
    return keeper


def three(**options: Any) -> Keeper:
    """Paul, Thomas, Marie; Marie deals first, so Paul bids first (R10)."""
    return Keeper.of(["Paul", "Thomas", "Marie"], 2, Options(**options))


def document(**damage: Any) -> str:
    data: dict[str, Any] = dict(enter(three(), ([0, 1, 1], [0, 0, 1])).document())
    data.update(damage)
    return json.dumps(data)


# --- the pad ------------------------------------------------------------------------------

def test_r19_the_worked_example_of_the_rule_sheets() -> None:
    keeper = three()
    totals = []
    for bids, taken in (([0, 1, 1], [0, 0, 1]), ([0, 0, 2], [1, 0, 1]), ([1, 0, 2], [1, 2, 0])):
        enter(keeper, (bids, taken))
        totals.append(keeper.totals)
    # Bids in bidding order: round 2 is dealt by Paul (Thomas, Marie, Paul bid), round 3 by Thomas.
    assert totals == [[20, -10, 30], [10, 10, 20], [0, 50, 10]]
    assert [[(row.bid, row.taken) for row in rows] for rows in keeper.pad()] == [
        [(0, 0), (1, 0), (1, 1)], [(2, 1), (0, 0), (0, 1)], [(0, 1), (2, 2), (1, 0)]]


@pytest.mark.parametrize(("players", "rounds"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_r5_r6_rounds_deal_and_dealer(players: int, rounds: int) -> None:
    keeper = Keeper.of([f"P{i}" for i in range(players)], first_dealer=1)
    assert keeper.rounds == rounds
    assert [keeper.dealer(r) for r in range(1, 4)] == [1, 2, 3 % players]
    assert [keeper.cards(r) for r in (1, 2, rounds)] == [1, 2, rounds]
    assert keeper.order(1) == [(2 + i) % players for i in range(players)]
    assert keeper.bidder == 2 and keeper.step == "bid" and keeper.round == 1


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r8_r9_the_view_says_whether_a_card_is_turned_up_as_the_game_deals(players: int) -> None:
    """The page's hand advice asks for the turned-up card only when a deal turns one up."""
    keeper = Keeper.of([f"P{i}" for i in range(players)], first_dealer=0)
    for round_ in range(1, keeper.rounds + 1):
        turned = STANDARD.deal(random.Random(round_), players, round_)[1]
        assert keeper.view()["turns_up"] == (turned is not None), round_
        enter(keeper, ([0] * players, [round_] + [0] * (players - 1)))
    assert keeper.view()["turns_up"] is False  # over


def test_r21_unicoloured_turns_no_card_up() -> None:
    keeper = Keeper.of(["A", "B", "C"], 0, Options(unicoloured=True))
    assert keeper.view()["turns_up"] is False


def test_r21_unicoloured_has_12_rounds_of_r_plus_3_cards() -> None:
    keeper = Keeper.of(["A", "B", "C"], 0, Options(unicoloured=True))
    assert keeper.rounds == 12 and keeper.cards(1) == 4 and keeper.cards(12) == 15
    for b in (1, 1, 1):
        keeper.bid(b)
    assert keeper.why_not_tricks([1, 1, 1]) == Reason("tricks_do_not_add_up", {"taken": 3, "cards": 4}, "R22")
    keeper.tricks([2, 1, 1])
    assert keeper.totals == [-10, 30, 30]
    with pytest.raises(WizardError) as info:  # R21: 3 or 4 players, as in the game
        Keeper.of(["A", "B", "C", "D", "E"], 0, Options(unicoloured=True))
    assert info.value.reason.code == "option_player_count"


def test_foresight_and_secret_bids_are_kept_and_change_nothing_on_the_pad() -> None:
    for options in (Options(foresight=True), Options(bidding="secret"), Options(bidding="hidden")):
        keeper = Keeper.of(["A", "B", "C"], 0, options)
        enter(keeper, ([1, 0, 0], [1, 0, 0]))
        assert keeper.totals == [-10, -10, 20] and keeper.view()["options"]["bidding"] == options.bidding


def test_the_options_come_as_the_games_flags_too() -> None:
    keeper = Keeper.of(["A", "B", "C", "D"], 0, parse_options(["plus_minus_one"]))
    assert keeper.config.options.plus_minus_one and keeper.document()["options"]["plus_minus_one"]
    with pytest.raises(WizardError) as info:
        Keeper.of(["A", "B", "C", "D"], 0, parse_options(["secret_bids", "canadian"]))
    assert info.value.reason.code == "option_needs_open_bids"


def test_a_whole_game_ends_with_the_winners_and_refuses_more_entries() -> None:
    keeper = Keeper.of(["A", "B", "C", "D", "E", "F"], 5)
    for r in range(1, 11):
        enter(keeper, ([0] * 6, [r] + [0] * 5))  # seat 0 takes every trick, everyone bid 0
    assert keeper.is_over and keeper.step == "over" and keeper.bidder is None
    assert keeper.totals == [-550, 200, 200, 200, 200, 200]
    view = keeper.view()
    assert view["winners"] == [1, 2, 3, 4, 5] and view["round"] is None and view["order"] == []
    assert refused(lambda: keeper.bid(0)) == Reason("keeper_game_over", rule="R18")
    assert refused(lambda: keeper.tricks([0] * 6)).code == "keeper_game_over"


def test_players_are_people_and_the_first_dealer_a_seat() -> None:
    bots = GameConfig((Player("A"), Player("B", "easy"), Player("C")))
    assert refused(lambda: Keeper(bots, 0)) == Reason("keeper_bot", {"name": "B"})
    assert refused(lambda: Keeper.of(["A", "B", "C"], 3)) == Reason("first_dealer_invalid",
                                                                    {"value": 3, "max": 2}, "R6")
    assert refused(lambda: Keeper.of(["A", "B", "C"], True)).code == "first_dealer_invalid"
    assert refused(lambda: Keeper(GameConfig.of(["A", "B", "C"]), 0, "not an id")) == \
        Reason("keeper_damaged", {"field": "id"})
    with pytest.raises(WizardError) as info:
        Keeper.of(["A", "B"])
    assert info.value.reason.code == "player_count"


# --- bids: the game's own rules and codes -----------------------------------------------------

def test_r10_a_bid_out_of_range_is_refused_as_in_the_game() -> None:
    keeper = three()
    enter(keeper, ([0, 0, 0], [1, 0, 0]))  # round 2: two cards
    for value in (3, -1, True, 1.0, "1", None):
        assert refused(lambda: keeper.bid(value)).code == "bid_out_of_range"  # noqa: B023
    assert keeper.why_not_bid(3) == Reason("bid_out_of_range", {"bid": 3, "max": 2}, "R10")
    assert keeper.why_not_bid(True) == Reason("bid_out_of_range", {"bid": "true", "max": 2}, "R10")
    assert keeper.entries == [["bid", 0], ["bid", 0], ["bid", 0], ["tricks", [1, 0, 0]]]


def round_2_dealt_by_the_sole_leader(**options: Any) -> Keeper:
    """A deals round 1 (B, C, A bid 1, 1, 0; B takes the trick): B leads alone and deals round 2."""
    keeper = enter(Keeper.of(["A", "B", "C"], 0, Options(**options)), ([1, 1, 0], [0, 1, 0]))
    assert keeper.totals == [20, 30, -10] and keeper.dealer(2) == 1 and keeper.order(2) == [2, 0, 1]
    return keeper


def test_r11_canadian_rule_refuses_the_sole_leader_dealers_bid_with_the_games_reason() -> None:
    keeper = round_2_dealt_by_the_sole_leader(canadian=True)
    keeper.bid(1)
    keeper.bid(0)  # C bids 1, A bids 0: B may not bid 1 (the bids would add up to 2)
    expected = Reason("canadian_rule", {"bid": 1, "tricks": 2}, "R11")
    assert keeper.bidder == 1 and keeper.forbidden_bid() == (1, expected)
    assert refused(lambda: keeper.bid(1)) == expected
    assert str(expected) == ("Cannot bid 1: the dealer, alone in the lead, may not make the bids add up "
                             "to 2 tricks (Canadian rule, R11)")
    keeper.bid(2)
    assert keeper.step == "tricks"


def test_r11_canadian_rule_always_allows_zero_and_a_shared_lead() -> None:
    keeper = round_2_dealt_by_the_sole_leader(canadian=True)
    keeper.bid(2)
    keeper.bid(0)
    assert keeper.forbidden_bid() is None  # the bid that adds up is 0: always allowed
    keeper.bid(0)
    shared = enter(Keeper.of(["A", "B", "C"], 0, Options(canadian=True)), ([0, 1, 0], [0, 0, 1]))
    assert shared.totals == [20, 20, 30]  # round 2's dealer, B, is not the leader
    shared.bid(1)
    shared.bid(0)
    assert shared.forbidden_bid() is None


def test_r11_plus_minus_one_refuses_the_bid_that_adds_up_even_zero() -> None:
    keeper = round_2_dealt_by_the_sole_leader(plus_minus_one=True)
    keeper.bid(2)
    keeper.bid(0)
    expected = Reason("plus_minus_one", {"bid": 0, "tricks": 2}, "R11")
    assert keeper.forbidden_bid() == (0, expected)
    assert refused(lambda: keeper.bid(0)) == expected
    over = round_2_dealt_by_the_sole_leader(plus_minus_one=True)
    over.bid(2)
    over.bid(1)  # the others already bid 3 of 2 tricks: nothing is forbidden
    assert over.forbidden_bid() is None


@given(st.sampled_from([3, 4, 5, 6]), st.sampled_from(["canadian", "plus_minus_one", ""]),
       st.integers(0, 10**6))
@PAD
def test_r11_the_keeper_refuses_exactly_what_the_game_refuses(players: int, option: str, seed: int) -> None:
    """A random game played through State, mirrored on a pad: every bid the game allows or
    refuses, the pad allows or refuses with the same reason (and offers the same bids), and
    the totals agree."""
    options: dict[str, Any] = {option: True} if option else {}
    state = State(GameConfig.of(players, seed=seed, **options))
    keeper = Keeper.of([p.name for p in state.config.players], state.first_dealer, Options(**options))
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act()[0]
        if state.phase.value == "bidding":
            assert keeper.bidder == seat and keeper.round == state.round
            for n in range(state.hand_size + 1):
                assert keeper.why_not_bid(n) == state.why_illegal(seat, bid(n))
            assert keeper.forbidden_bid() == state.forbidden_bid(seat)
            assert keeper.legal_bids() == sorted(a.bid for a in state.legal_actions(seat))
            pad, table = keeper.view(), seat_view(state, seat)
            for name in SAID_ALIKE:  # in the same words, the same shapes (issue 40)
                assert pad[name] == table[name], name  # type: ignore[literal-required]
        elif state.phase.value == "playing":
            assert keeper.legal_bids() == []  # the pad waits for the round's tricks
        action = rng.choice(state.legal_actions(seat))
        rounds = len(state.pad)
        state.apply(seat, action)
        if action.kind == "bid":
            keeper.bid(action.bid)
        if len(state.pad) > rounds:
            keeper.tricks([row.taken for row in state.pad[-1]])
            assert keeper.totals == state.totals
    assert keeper.is_over and keeper.pad() == state.pad


# --- tricks ---------------------------------------------------------------------------------

def test_r22_the_tricks_must_add_up_to_the_cards_dealt() -> None:
    keeper = three()
    enter(keeper, ([0, 0, 0], [0, 0, 1]))
    for b in (1, 1, 1):
        keeper.bid(b)
    assert refused(lambda: keeper.tricks([1, 0, 0])) == Reason("tricks_do_not_add_up", {"taken": 1, "cards": 2}, "R22")
    assert refused(lambda: keeper.tricks([3, 0, 0])) == Reason("tricks_out_of_range", {"value": 3, "max": 2}, "R22")
    assert refused(lambda: keeper.tricks([-1, 2, 1])).code == "tricks_out_of_range"
    assert refused(lambda: keeper.tricks([True, 1, 0])).code == "tricks_out_of_range"
    assert refused(lambda: keeper.tricks([1, 1])) == Reason("keeper_count", {"players": 3, "count": 2})
    assert refused(lambda: keeper.tricks("1 1 0")) == Reason("keeper_count", {"players": 3, "count": "1 1 0"})
    assert keeper.step == "tricks" and len(keeper.pad()) == 1
    keeper.tricks((1, 1, 0))  # a tuple will do from Python; the entry is JSON all the same
    assert keeper.totals == [50, 50, -20] and keeper.entries[-1] == ["tricks", [1, 1, 0]]


def test_entries_come_in_order_bids_then_tricks() -> None:
    keeper = three()
    keeper.bid(0)
    assert refused(lambda: keeper.tricks([0, 0, 1])) == Reason("keeper_bid_due", {"name": "Thomas", "seat": 1}, "R10")
    keeper.bid(0)
    keeper.bid(0)
    assert refused(lambda: keeper.bid(0)) == Reason("keeper_tricks_due", rule="R10")
    assert refused(lambda: keeper.apply(["pass"])).code == "keeper_not_an_entry"
    assert refused(lambda: keeper.apply("bid 0")).code == "keeper_not_an_entry"


# --- corrections ------------------------------------------------------------------------------

def test_an_edit_of_an_earlier_round_recomputes_every_total_after_it() -> None:
    keeper = enter(three(), ([0, 1, 1], [0, 0, 1]), ([0, 0, 2], [1, 0, 1]), ([1, 0, 2], [1, 2, 0]))
    keeper.bid(0)
    keeper.edit(1, [0, 0, 1], [0, 0, 1])  # Thomas had bid 0, not 1: +30 for him from then on
    assert keeper.totals == [0, 80, 10]
    assert [[row.total for row in rows] for rows in keeper.pad()] == [[20, 20, 30], [10, 40, 20], [0, 80, 10]]
    assert keeper.bids == [0, None, None] and keeper.bidder == 1  # the round in progress stays


def test_an_edit_is_checked_like_an_entry() -> None:
    keeper = Keeper.of(["A", "B", "C"], 0, Options(plus_minus_one=True))
    enter(keeper, ([0, 0, 0], [0, 1, 0]), ([0, 0, 1], [0, 1, 1]))
    # Round 2 is dealt by B (seat 1): C, A bid 0 and 1, so B may not bid 1.
    assert keeper.why_not_edit(2, [1, 1, 0], [0, 1, 1]) == Reason("plus_minus_one", {"bid": 1, "tricks": 2}, "R11")
    assert refused(lambda: keeper.edit(2, [1, 0, 0], [1, 1, 1])).code == "tricks_do_not_add_up"
    out_of_range = Reason("bid_out_of_range", {"bid": 3, "max": 2}, "R10")
    assert refused(lambda: keeper.edit(2, [3, 0, 0], [1, 1, 0])) == out_of_range
    assert refused(lambda: keeper.edit(2, [0, 0], [1, 1, 0])).code == "keeper_count"
    assert refused(lambda: keeper.edit(3, [0, 0, 0], [1, 1, 1])) == Reason("keeper_no_such_round", {"round": 3})
    assert refused(lambda: keeper.edit(0, [0, 0, 0], [0, 0, 1])).code == "keeper_no_such_round"
    assert refused(lambda: keeper.edit("1", [0, 0, 0], [0, 0, 1])).code == "keeper_no_such_round"
    assert len(keeper.entries) == 8 and keeper.totals == [40, 20, 10]


def test_an_edit_stands_even_if_a_later_round_would_now_be_refused() -> None:
    """Later rounds were bid at the table on the pad as it stood: a correction never blocks them."""
    keeper = Keeper.of(["A", "B", "C"], 2, Options(canadian=True))
    enter(keeper, ([0, 0, 0], [0, 0, 1]))  # round 1, dealt by C: A 20, B 20, C -10
    enter(keeper, ([0, 1, 1], [1, 0, 1]))  # round 2, dealt by A (not alone in the lead): bids add up to 2
    assert keeper.totals == [50, 40, 20]
    keeper.edit(1, [0, 1, 0], [0, 0, 1])  # B had bid 1: A led alone before round 2
    assert keeper.totals == [50, 10, 20]
    assert keeper.why_not_edit(2, [1, 0, 1], [1, 0, 1]) == Reason("canadian_rule", {"bid": 1, "tricks": 2}, "R11")
    again = load_document(keeper.document())
    assert again.totals == keeper.totals and again.entries == keeper.entries


def test_undo_takes_back_the_last_entry_an_edit_included() -> None:
    keeper = enter(three(), ([0, 1, 1], [0, 0, 1]))
    assert refused(lambda: Keeper.of(["A", "B", "C"]).undo()) == Reason("keeper_nothing_to_undo")
    keeper.edit(1, [1, 1, 1], [0, 0, 1])
    assert keeper.undo() == ["edit", 1, [1, 1, 1], [0, 0, 1]]
    assert keeper.totals == [20, -10, 30]
    assert keeper.undo() == ["tricks", [0, 0, 1]]
    assert keeper.step == "tricks" and keeper.totals == [0, 0, 0] and keeper.bids == [0, 1, 1]
    assert keeper.undo() == ["bid", 1]
    assert keeper.bidder == 2 and keeper.bids == [0, 1, None]
    pad_id = keeper.id
    keeper.undo()
    keeper.undo()
    assert keeper.entries == [] and not keeper.view()["can_undo"] and keeper.id == pad_id


def test_the_pad_holds_a_bounded_number_of_entries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(keeper_module, "MAX_ENTRIES", 5)
    keeper = enter(three(), ([0, 0, 0], [0, 0, 1]))
    keeper.edit(1, [0, 0, 0], [1, 0, 0])
    assert refused(lambda: keeper.bid(0)) == Reason("keeper_full", {"max": 5})
    assert refused(lambda: keeper.edit(1, [0, 0, 0], [0, 1, 0])).code == "keeper_full"
    keeper.undo()
    keeper.bid(0)
