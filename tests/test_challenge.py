"""A challenge link and the deal of the day (wizard_engine/records/challenge.py, issue 39.6):
the same deals whatever is played, a code that reads back as it was written, and every damaged
or forged code refused with its reason."""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable
from typing import Any

import pytest

from tests.helpers import random_game, result
from wizard_engine import save, web
from wizard_engine.bots import bot_seed, make_bot
from wizard_engine.calls.game import Session
from wizard_engine.config import GameConfig, Player
from wizard_engine.errors import WizardError
from wizard_engine.records import challenge
from wizard_engine.records.challenge import daily_seed, daily_setup, make_code, read_code
from wizard_engine.state import State
from wizard_engine.view import seat_view

SETUP = GameConfig((Player("Ann"), Player("Merlin", "easy"), Player("Circe", "medium"), Player("Gandalf", "random")),
                   seed=1234)


Deal = tuple[int | None, ...]  # the hands (as masks) and the turned-up card


def played(config: GameConfig, choose: Callable[[Any], str]) -> tuple[State, list[Deal]]:
    """A whole game, the person choosing by ``choose(view)`` and the bots as in the page; with
    every round's deal (the hands as dealt, the turned-up card)."""
    session = Session(State(config))
    deals: list[Deal] = []
    while not session.state.is_over:
        state = session.state
        if not state.history[state.round_start:]:
            deal = (*state.hands, state.turned)
            if not deals or deals[-1] != deal:
                deals.append(deal)
        view = session.view()
        if view["your_turn"]:
            session.act(choose(view))
        else:
            session.bot_step()
    return session.state, deals


def first(view: dict[str, Any]) -> str:
    if view["phase"] == "playing":
        return "play " + next(c["card"] for c in view["hand"] if c["playable"])
    return view["legal"][0]


def last(view: dict[str, Any]) -> str:
    if view["phase"] == "playing":
        return "play " + [c["card"] for c in view["hand"] if c["playable"]][-1]
    return view["legal"][-1]


def refused(code: Any) -> str:
    with pytest.raises(WizardError) as info:
        read_code(code)
    return info.value.reason.code


def forged(body: Any) -> str:
    """A code that passes the check but holds ``body``: what a forger writes."""
    text = json.dumps(body).encode()
    return base64.urlsafe_b64encode(zlib.crc32(text).to_bytes(4, "big") + text).decode().rstrip("=")


FINISHED, _ = played(SETUP, first)
CODE = make_code(FINISHED)


def body_of(code: str) -> list[Any]:
    return json.loads(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))[4:])


# --- the same deals, the same bots ------------------------------------------------------------

def test_the_deals_depend_on_the_seed_and_setup_not_on_the_decisions() -> None:
    """Two people who decide differently get every round's same hands and turned-up card: the
    state's RNG deals each round whatever was played."""
    one, deals_one = played(SETUP, first)
    other, deals_other = played(SETUP, last)
    assert [a[1] for a in one.history] != [a[1] for a in other.history]
    assert len(deals_one) == len(deals_other) == one.rounds
    assert deals_one == deals_other


def test_the_bots_play_alike_for_the_same_decisions_whoever_the_friend_is() -> None:
    """The friend (another name at the sender's seat) who plays as the sender did meets the same
    bot decisions: a bot's choice comes from its seed and what it sees, not from the names."""
    friend = GameConfig((Player("Bo"), *SETUP.players[1:]), seed=SETUP.seed)
    again, _ = played(friend, first)
    assert again.history == FINISHED.history and again.totals == FINISHED.totals


def test_a_bot_decides_the_same_when_made_again_mid_game() -> None:
    """A reload (a new Session from the save) makes the bots anew: their decisions stay the same."""
    state = State(SETUP)
    bot = make_bot("medium", bot_seed(SETUP.seed, 2))
    for seat, action in FINISHED.history[:40]:
        if seat == 2:
            assert make_bot("medium", bot_seed(SETUP.seed, 2)).decide(seat_view(state, 2)) == action
            assert bot.decide(seat_view(state, 2)) == action
        state.apply(seat, action)


# --- the code ------------------------------------------------------------------------------------

def test_a_code_reads_back_the_setup_and_the_senders_result() -> None:
    read = read_code(CODE)
    assert read.config == SETUP and read.seat == 0 and read.day is None
    assert list(read.points) == [rows[0].points for rows in FINISHED.pad]
    sender = read.to_json()["sender"]
    assert sender["name"] == "Ann" and sender["total"] == FINISHED.totals[0]
    assert sender["totals"] == [rows[0].total for rows in FINISHED.pad]


def test_a_code_is_url_safe_and_compact_and_holds_nothing_else() -> None:
    assert set(CODE) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert len(CODE) < 300
    assert body_of(CODE) == [1, 1234, ["open"], 0, [["Ann"], ["Merlin", "easy"], ["Circe", "medium"],
                                                    ["Gandalf", "random"]],
                             [rows[0].points for rows in FINISHED.pad], ""]


def test_options_and_take_backs_travel_with_the_code() -> None:
    config = GameConfig((Player("Ann"), Player("B", "random"), Player("C", "random")), seed=9, relaxed=True,
                        options=SETUP.options.__class__(bidding="open", canadian=True))
    state, _ = played(config, first)
    assert read_code(make_code(state)).config == config


def test_a_person_s_pass_and_play_game_or_an_unfinished_one_makes_no_code() -> None:
    people = GameConfig.of(["A", "B", "C"], seed=2)
    with pytest.raises(WizardError) as info:
        make_code(State(people))
    assert info.value.reason.code == "challenge_not_over"
    state = random_game(GameConfig((Player("A"), Player("B"), Player("C", "random")), seed=2), seed=2)
    with pytest.raises(WizardError) as info:
        make_code(state)
    assert info.value.reason.to_json()["params"] == {"people": 2}


@pytest.mark.parametrize("damage", [
    lambda c: c[:-5],  # cut short, as a mail program may
    lambda c: c[:40] + ("A" if c[40] != "A" else "B") + c[41:],  # one character mistyped
    lambda c: c + "xyz",
    lambda c: "",
    lambda c: "%%%%",
    lambda c: c[:30] + "+" + c[30:],  # a character no code holds
    lambda c: c[:30] + " " + c[30:],
])
def test_a_damaged_code_is_refused_as_damaged(damage: Callable[[str], str]) -> None:
    assert refused(damage(CODE)) in {"challenge_damaged"}


def test_a_code_too_long_or_not_text_is_refused() -> None:
    assert refused("A" * 2001) == "challenge_too_long"
    assert refused(None) == "challenge_damaged"
    assert refused(["x"]) == "challenge_damaged"


def real() -> list[Any]:
    return body_of(CODE)


def changed(index: int, value: Any) -> list[Any]:
    body = real()
    body[index] = value
    return body


@pytest.mark.parametrize(("body", "code"), [
    (changed(0, 2), "challenge_version"),
    ({"v": 1}, "challenge_version"),
    (real()[:6], "challenge_forged"),
    (changed(1, -1), "challenge_forged"),
    (changed(1, 2**31), "challenge_forged"),
    (changed(1, True), "challenge_forged"),
    (changed(2, []), "challenge_forged"),
    (changed(2, ["open", 3]), "challenge_forged"),
    (changed(3, 2), "challenge_forged"),
    (changed(4, [["Ann"], "Merlin"]), "challenge_forged"),
    (changed(2, ["sideways"]), "challenge_bad_setup"),
    (changed(2, ["hidden", "canadian"]), "challenge_bad_setup"),
    (changed(2, ["open", "rich"]), "challenge_bad_setup"),
    (changed(4, [["Ann"], ["B", "godlike"], ["C", "easy"]]), "challenge_bad_setup"),
    (changed(4, [["Ann"], ["B", "easy"]]), "challenge_bad_setup"),
    (changed(4, [["Ann"], ["B"], ["C", "easy"], ["D", "easy"]]), "challenge_one_person"),
    (changed(4, [["A", "easy"], ["B", "easy"], ["C", "easy"], ["D", "easy"]]), "challenge_one_person"),
    (changed(5, real()[5][:-1]), "challenge_forged"),
    (changed(5, "290"), "challenge_forged"),
    (changed(5, [990] + real()[5][1:]), "challenge_impossible_points"),  # round 1: 30 at most
    (changed(5, [0] + real()[5][1:]), "challenge_impossible_points"),  # no round scores 0 (R17)
    (changed(5, [20, 25] + real()[5][2:]), "challenge_impossible_points"),
    (changed(5, [20, 20.0] + real()[5][2:]), "challenge_impossible_points"),
    (changed(6, "2026-11-27"), "challenge_not_daily"),
    (changed(6, "yesterday"), "daily_bad_day"),
])
def test_a_forged_code_is_refused_with_its_reason(body: Any, code: str) -> None:
    assert refused(forged(body)) == code


def test_a_forged_code_that_is_not_json_is_refused() -> None:
    text = b"\xff{not json"
    code = base64.urlsafe_b64encode(zlib.crc32(text).to_bytes(4, "big") + text).decode().rstrip("=")
    assert refused(code) == "challenge_forged"


def test_any_score_the_game_can_give_is_accepted() -> None:
    """The highest and lowest each round may score: every bid made, or missed by every card."""
    body = real()
    body[5] = [20 + 10 * r for r in range(1, 16)]
    assert read_code(forged(body)).points[-1] == 170
    body[5] = [-10 * r for r in range(1, 16)]
    assert sum(read_code(forged(body)).points) == -1200


# --- the deal of the day ----------------------------------------------------------------------

def test_the_deal_of_the_day_is_the_same_for_a_date_and_differs_between_dates() -> None:
    day = daily_setup("2026-11-27")
    assert day == daily_setup("2026-11-27")
    assert day["seed"] == daily_seed("2026-11-27") == 572667656  # fixed for good: everyone's deals that day
    assert daily_setup("2026-11-28")["seed"] != day["seed"]
    assert day["levels"] == [None, "hard", "hard", "hard"] and day["options"] == {"bidding": "open"}


@pytest.mark.parametrize("day", ["2026-02-30", "2026-1-27", "27.11.2026", "", None, 20261127, "2026-11-27T00:00:00Z"])
def test_a_day_that_is_no_date_is_refused(day: Any) -> None:
    with pytest.raises(WizardError) as info:
        daily_setup(day)
    assert info.value.reason.code == "daily_bad_day"


def daily_game(day: str, name: str = "Ann") -> State:
    setup = daily_setup(day)
    players = [Player(name if level is None else f"Bot {seat}", level) for seat, level in enumerate(setup["levels"])]
    config = GameConfig(tuple(players), seed=setup["seed"])
    return played(config, first)[0]


@pytest.mark.slow
def test_a_deal_of_the_day_code_carries_its_date_and_is_checked_against_it() -> None:
    state = daily_game("2026-11-27")
    code = make_code(state, "2026-11-27")
    assert read_code(code).day == "2026-11-27"
    with pytest.raises(WizardError) as info:
        make_code(state, "2026-11-28")
    assert info.value.reason.code == "challenge_not_daily"
    body = body_of(code)
    body[6] = "2026-11-28"
    assert refused(forged(body)) == "challenge_not_daily"


@pytest.mark.slow
def test_a_deal_of_the_day_found_again_in_the_history_is_shared_as_one() -> None:
    """The history knows when a game ended; its deal of the day is found from the day after back
    (a link to an old day's deals is played later); a game that is no deal of the day is none."""
    sealed = save.seal(daily_game("2026-11-27"))
    for near in ("2026-11-26", "2026-11-27", "2027-05-01"):
        made = result("challenge_make", save=sealed, near=near)
        assert made["day"] == "2026-11-27" and read_code(made["code"]).day == "2026-11-27", near
    assert result("challenge_make", save=sealed, near="2026-11-25")["day"] is None
    plain = result("challenge_make", save=save.seal(FINISHED), near="2026-11-27")
    assert plain["day"] is None and plain["code"] == CODE


# --- the requests -------------------------------------------------------------------------------

def test_the_requests_make_and_open_a_challenge_and_give_the_deal_of_the_day() -> None:
    sealed = save.seal(FINISHED, save.Tag("abc", 1000))
    code = result("challenge_make", save=sealed)["code"]
    assert code == CODE
    opened = result("challenge_open", code=code)
    assert opened["seat"] == 0 and opened["day"] is None
    assert GameConfig.from_dict(opened["config"]) == SETUP
    assert opened["sender"]["total"] == FINISHED.totals[0]
    assert result("daily", day="2026-11-27")["seed"] == daily_seed("2026-11-27")


def test_the_requests_refuse_with_a_reason() -> None:
    def error(method: str, **params: Any) -> str:
        answer = json.loads(web.call(json.dumps({"method": method, "params": params})))
        assert answer["ok"] is False
        return answer["error"]["code"]
    assert error("challenge_open", code=CODE[:-2]) == "challenge_damaged"
    assert error("challenge_open") == "challenge_damaged"
    assert error("challenge_make") == "no_save_given"
    assert error("challenge_make", save=save.seal(FINISHED), day="soon") == "daily_bad_day"
    assert error("challenge_make", save=save.seal(FINISHED), near="yesterday") == "daily_bad_day"
    assert error("daily", day="2026-13-01") == "daily_bad_day"


# How to reach each code of challenge.py; tests/test_reasons.py checks the whole catalogue with it.
def _made(state: State, day: str | None = None) -> str:
    with pytest.raises(WizardError) as info:
        make_code(state, day)
    return info.value.reason.code


REACH: dict[str, Callable[[], str]] = {
    "challenge_damaged": lambda: refused(CODE[:-3]),
    "challenge_too_long": lambda: refused("A" * (challenge.MAX_CODE_CHARS + 1)),
    "challenge_version": lambda: refused(forged(changed(0, 9))),
    "challenge_forged": lambda: refused(forged(changed(1, -1))),
    "challenge_bad_setup": lambda: refused(forged(changed(2, ["sideways"]))),
    "challenge_impossible_points": lambda: refused(forged(changed(5, [0] * 15))),
    "challenge_one_person": lambda: refused(forged(changed(4, [["A"], ["B"], ["C", "easy"]]))),
    "challenge_not_over": lambda: _made(State(SETUP)),
    "challenge_not_daily": lambda: _made(FINISHED, "2026-11-27"),
    "daily_bad_day": lambda: _made(FINISHED, "someday"),
}
