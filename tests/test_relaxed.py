"""Issue 29, point 7: relaxed games, take-backs allowed.

In a game of one person against bots with ``relaxed`` set, the person may take back their
last decision after bots have acted, until the trick is complete: the bots' later decisions
in that trick are taken back too, and the bots decide again.  Nothing shown is hidden again
(a completed trick, the bids under hidden bidding, your own card under Foresight).  Rated
games keep the fair rule (tests/test_fair_undo.py).  A relaxed game stays relaxed through a
save, is marked in its history record, and is left out of the statistics.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import call, random_game, result
from wizard_engine import GameConfig, save
from wizard_engine.coach.review import review_game
from wizard_engine.config import Player
from wizard_engine.errors import ConfigError, HistoryError
from wizard_engine.records.game_record import check_record, record_from_state
from wizard_engine.records.stats import statistics

ME = {"name": "Me"}
BOTS = [{"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}]
PERSON_DEALS, PERSON_BIDS_FIRST = 0, 1  # as in tests/test_fair_undo.py


def new_game(seed: int, relaxed: bool = True, **options: object) -> dict[str, Any]:
    config = {"players": [ME, *BOTS], "seed": seed, "options": options, "relaxed": relaxed}
    return result("new_game", config=config)["view"]


def play_until(done: Any) -> dict[str, Any]:
    """Bots and the person (first legal action) play until ``done(view)``."""
    view = result("view")["view"]
    while not done(view):
        view = result("act", action=view["legal"][0])["view"] if view["your_turn"] else result("bot_step")["view"]
    return view


def my_lead() -> dict[str, Any]:
    """The person to lead a trick that does not end the round."""
    return play_until(lambda v: v["your_turn"] and v["phase"] == "playing" and not v["trick"]["plays"]
                      and len(v["hand"]) > 1)


def test_a_led_card_may_be_taken_back_after_the_bots_answered_and_the_bots_play_again() -> None:
    new_game(PERSON_BIDS_FIRST)
    before = my_lead()
    led = result("act", action=before["legal"][0])["view"]
    answered = result("bot_step")["view"]
    assert len(answered["trick"]["plays"]) == 2 and not answered["your_turn"]
    assert answered["can_undo"]  # the trick is not complete yet
    undone = result("undo")["view"]
    # Back to before the lead: the bot's answer is taken back too; the move count goes on.
    assert {**undone, "game": None} == {**before, "game": None}
    assert undone["game"]["moves"] == answered["game"]["moves"] + 1
    other = before["legal"][-1]
    view = result("act", action=f"{other}")["view"]
    assert (view["bot_to_act"] and led["trick"]["plays"][0]["card"] != view["trick"]["plays"][0]["card"]) or \
        len(before["legal"]) == 1
    assert len(result("bot_step")["view"]["trick"]["plays"]) == 2  # the bot decides again


def test_a_completed_trick_is_never_taken_back() -> None:
    new_game(PERSON_BIDS_FIRST)
    result("act", action=my_lead()["legal"][0])
    result("bot_step")
    view = result("bot_step")["view"]
    assert not view["trick"]["plays"] and not view["can_undo"]  # the last bot completed the trick
    answer = call("undo")
    assert not answer["ok"] and answer["error"]["code"] == "undo_trick_complete"


def test_a_bid_may_be_taken_back_after_the_bots_bid_while_nothing_is_shown() -> None:
    before = new_game(PERSON_BIDS_FIRST)
    result("act", action="bid 1")
    view = result("bot_step")["view"]
    assert view["phase"] == "bidding" and view["can_undo"]
    undone = result("undo")["view"]
    assert {**undone, "game": None} == {**before, "game": None}


def test_hidden_bids_once_shown_are_never_taken_back() -> None:
    new_game(PERSON_BIDS_FIRST, bidding="hidden")
    result("act", action="bid 1")
    result("bot_step")
    view = result("bot_step")["view"]
    assert view["phase"] != "bidding" and not view["can_undo"]
    assert call("undo")["error"]["code"] == "undo_bids_revealed"


def test_a_rated_game_keeps_the_fair_rule() -> None:
    new_game(PERSON_BIDS_FIRST, relaxed=False)
    result("act", action=my_lead()["legal"][0])
    result("bot_step")
    assert call("undo")["error"]["code"] == "undo_others_acted"


def test_relaxed_is_for_one_person_against_bots_and_a_boolean() -> None:
    with pytest.raises(ConfigError) as error:
        GameConfig((Player("Ann"), Player("Bob"), Player("C", "easy")), relaxed=True)
    assert error.value.reason.code == "relaxed_needs_bots"
    answer = call("new_game", config={"players": [ME, *BOTS], "relaxed": "yes"})
    assert answer["error"]["code"] == "option_type"


def test_a_relaxed_game_stays_relaxed_through_its_save_and_a_rated_save_is_unchanged() -> None:
    new_game(PERSON_BIDS_FIRST)
    result("act", action="bid 1")
    sealed = result("bot_step")["save"]
    loaded = result("load", save=sealed)["view"]
    assert loaded["can_undo"] and save.loads(sealed).config.relaxed
    rated = GameConfig.from_dict({"players": [ME, *BOTS], "seed": 4})
    assert "relaxed" not in rated.to_dict()  # a rated game's save is as it always was


def finished(relaxed: bool, seed: int = 3) -> Any:
    config = GameConfig((Player("Me"), Player("B", "easy"), Player("C", "hard")), seed=seed, relaxed=relaxed)
    return random_game(config, seed=seed)


def test_a_relaxed_game_is_marked_in_its_record_and_left_out_of_the_statistics() -> None:
    relaxed = record_from_state(finished(True), "2026-11-22T23:19:29Z", save.Tag("r1", 900))
    rated = record_from_state(finished(False, 4), "2026-11-23T23:19:29Z", save.Tag("r2", 900))
    assert relaxed["relaxed"] is True and "relaxed" not in rated
    alone = statistics([rated])
    # (counted among the games of its schedule and deck, which the page's choices read)
    schedules = {**alone["schedules"], "standard": alone["schedules"]["standard"] + 1}
    decks = [{**one, "games": one["games"] + (one["deck"] == "base")} for one in alone["decks"]]
    assert statistics([relaxed, rated]) == {**alone, "relaxed": 1, "schedules": schedules, "decks": decks}
    for damaged in ({**relaxed, "relaxed": False}, {**relaxed, "kind": "people", "me": 0},
                    {**rated, "relaxed": 1}):
        with pytest.raises(HistoryError):
            check_record(damaged)


def test_the_review_says_the_game_was_relaxed() -> None:
    state = finished(True)
    document = save.save_document(state)
    review = review_game(document, 0, budget=0.0, advice_at=lambda view, index: _any_advice(view))
    assert review["relaxed"] is True


def _any_advice(view: Any) -> Any:
    from wizard_engine.coach.advice import advise

    return advise(view, seed=0, budget=0.001)
