"""Issue 13, finding 3: a take-back never reveals and re-decides.

The person may take back only their own last decision, only while it is the latest of the
game (no other seat has acted since) and only if it showed nothing new: not the bid that
ends hidden bidding, not the bid that ends round 1's bidding under Foresight, not a card
that completes a trick.  The view's ``can_undo`` says so, and ``undo`` is refused with a
reason otherwise.  Played through the worker's entry point, as the page plays.
"""

from __future__ import annotations

from typing import Any

from tests.helpers import call, result

ME = {"name": "Me"}
BOTS = [{"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}]
# Seed 0 makes the person (seat 0) the first dealer, who bids last in open bidding;
# seed 1 makes seat 2 the dealer, so the person bids first.
PERSON_DEALS, PERSON_BIDS_FIRST = 0, 1




def new_game(seed: int, **options: object) -> dict[str, Any]:
    return result("new_game", config={"players": [ME, *BOTS], "seed": seed, "options": options})["view"]


def bots_until_my_turn() -> dict[str, Any]:
    view = result("view")["view"]
    while not view["your_turn"]:
        view = result("bot_step")["view"]
    return view


def refused_undo(code: str) -> None:
    view = result("view")["view"]
    assert not view["can_undo"]
    answer = call("undo")
    assert not answer["ok"] and answer["error"]["code"] == code, answer
    assert result("view")["view"] == view  # nothing changed, not even the move count


def test_foresight_bid_that_shows_your_own_card_cannot_be_taken_back() -> None:
    view = new_game(PERSON_DEALS, foresight=True)
    view = bots_until_my_turn()
    assert view["phase"] == "bidding" and view["hand"] is None  # R20: your own card is hidden
    view = result("act", action=view["legal"][0])["view"]
    assert view["phase"] == "playing" and view["hand"]  # bidding is over: your card is shown
    refused_undo("undo_card_revealed")


def test_hidden_bids_shown_by_your_bid_cannot_be_taken_back() -> None:
    new_game(PERSON_DEALS, bidding="hidden")
    view = result("bot_step")["view"]
    view = result("bot_step")["view"]
    assert view["phase"] == "bidding" and view["your_turn"]
    view = result("act", action="bid 0")["view"]
    assert view["phase"] == "playing"  # every bid is now on the table
    refused_undo("undo_bids_revealed")


def test_a_hidden_bid_cannot_be_taken_back_once_a_bot_has_bid_after_it() -> None:
    new_game(PERSON_DEALS, bidding="hidden")
    view = result("act", action="bid 1")["view"]
    assert view["can_undo"]  # nothing shown, nobody acted since
    result("bot_step")
    refused_undo("undo_others_acted")


def test_a_led_card_cannot_be_taken_back_once_a_bot_has_answered() -> None:
    new_game(PERSON_BIDS_FIRST)
    view = bots_until_my_turn()
    while view["phase"] != "playing" or view["trick"]["plays"]:
        view = result("act", action=view["legal"][0])["view"] if view["your_turn"] else result("bot_step")["view"]
    view = result("act", action=view["legal"][0])["view"]  # the person leads
    assert view["can_undo"] and view["bot_to_act"]
    view = result("bot_step")["view"]  # and a bot answers
    refused_undo("undo_others_acted")


def test_a_card_that_completes_the_trick_cannot_be_taken_back() -> None:
    new_game(PERSON_BIDS_FIRST)
    view = bots_until_my_turn()
    while not (view["your_turn"] and view["phase"] == "playing" and len(view["trick"]["plays"]) == 2):
        view = result("act", action=view["legal"][0])["view"] if view["your_turn"] else result("bot_step")["view"]
    result("act", action=view["legal"][0])
    refused_undo("undo_trick_complete")


def test_your_bid_with_nothing_shown_and_nobody_acting_since_may_be_taken_back() -> None:
    before = new_game(PERSON_BIDS_FIRST)
    assert before["your_turn"] and not before["can_undo"]
    after = result("act", action="bid 1")["view"]
    assert after["can_undo"] and after["bot_to_act"]
    undone = result("undo")["view"]
    assert not undone["can_undo"]
    # The same position as before the bid; only the move count went on (a take-back is progress).
    assert undone["game"] == {"id": before["game"]["id"], "moves": 2}
    assert {**undone, "game": None} == {**before, "game": None}
    assert result("act", action="bid 0")["view"]["game"]["moves"] == 3
