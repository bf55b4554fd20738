"""Pass-and-play: several people share one device; none ever sees another's cards (issue 11)."""

from __future__ import annotations

import json

import pytest

from tests.helpers import call, result
from wizard_engine import save
from wizard_engine.calls import game as game_calls
from wizard_engine.view import seat_view

PEOPLE_AND_A_BOT = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Bot", "bot": "easy"}]


def dealt_to(seat: int) -> list[str]:
    """The seat's cards now, from the worker's own session (what the page never sees)."""
    assert game_calls._session is not None
    return sorted(card["card"] for card in seat_view(game_calls._session.state, seat)["hand"] or [])


@pytest.mark.slow
@pytest.mark.parametrize("bidding", ["open", "hidden", "secret"])
def test_a_whole_game_never_shows_a_person_anothers_cards(bidding: str) -> None:
    config = {"players": PEOPLE_AND_A_BOT, "seed": 3, "options": {"bidding": bidding}}
    answer = result("new_game", config=config)
    passes = 0
    while not answer["view"]["over"]:
        view = answer["view"]
        if view["pass_to"] is not None:
            assert view["human"] is None and view["hand"] is None and not view["legal"]
            hidden = bidding != "open" and view["phase"] == "bidding"
            assert not hidden or all(b is None for b in view["bids"])
            answer, passes = result("take_device"), passes + 1
            assert answer["view"]["human"] == view["pass_to"]
            continue
        if view["bot_to_act"]:
            answer = result("bot_step")
            continue
        me = view["human"]
        assert me in (0, 1) and sorted(c["card"] for c in view["hand"]) == dealt_to(me)
        assert view["shown_hands"] is None and view["open_hands"] is None  # the hand is the only private part
        answer = result("act", action=view["legal"][0])
    assert passes >= 20  # at least one hand-over per round


def test_a_person_takes_back_only_while_still_holding_the_device() -> None:
    answer = result("new_game", config={"players": PEOPLE_AND_A_BOT, "seed": 5})
    while answer["view"]["pass_to"] is None and answer["view"]["bot_to_act"]:
        answer = result("bot_step")
    first = result("take_device")["view"]["human"]
    after = result("act", action="bid 0")["view"]
    assert after["can_undo"]
    if after["pass_to"] is not None:  # the other person is next: Ann may still take back, unseen
        back = result("undo")["view"]
        assert back["human"] == first and back["pass_to"] is None and back["your_turn"]
        result("act", action="bid 0")
        result("take_device")
        refused = call("undo")
        assert not refused["ok"] and refused["error"]["code"] in ("nothing_to_undo", "undo_others_acted")


def test_one_person_never_waits_for_a_hand_over() -> None:
    answer = result("new_game", config={"players": [{"name": "Me"}, *PEOPLE_AND_A_BOT[2:] * 2], "seed": 2})
    for _ in range(60):
        view = answer["view"]
        assert view["pass_to"] is None and view["human"] == 0
        answer = result("bot_step") if view["bot_to_act"] else result("act", action=view["legal"][0])


def test_a_reloaded_game_of_people_asks_for_the_device_again() -> None:
    answer = result("new_game", config={"players": PEOPLE_AND_A_BOT, "seed": 4})
    text = answer["save"]
    assert json.loads(json.dumps(save.parse(text)))["config"]["players"][0]["bot"] is None
    again = result("load", save=text)["view"]
    assert again["human"] is None and again["hand"] is None
