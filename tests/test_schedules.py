"""The official schedules (T1, T2), the Canadian rule in the last round (T3) and a tournament's
tie-breaks (T4): the engine, its refusals, saves, records, statistics and the score keeper."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.helpers import act, deal, random_game
from wizard_engine import GameConfig, State, web
from wizard_engine.cards import SUIT_LETTERS
from wizard_engine.coach import win_chances
from wizard_engine.config import Options
from wizard_engine.errors import ConfigError, IllegalActionError
from wizard_engine.records import save
from wizard_engine.records.game_record import check_record, record_from_keeper, record_from_state
from wizard_engine.records.keeper import Keeper, loads
from wizard_engine.records.stats import statistics
from wizard_engine.scoring import pad_of, standings
from wizard_engine.view import seat_view

TOURNAMENT = {3: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20], 4: [1, 3, 5, 7, 9, 11, 12, 13, 14, 15],
              5: [2, 4, 5, 6, 7, 8, 9, 10, 11, 12]}


def dealt_sizes(config: GameConfig) -> list[int]:
    """The cards each round of a random game of ``config`` dealt, read off its play."""
    state, sizes = State(config), list[int]()
    while not state.is_over:
        if state.round > len(sizes):
            sizes.append(state.hands[0].bit_count())
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return sizes


# --- T1 -------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5])
def test_t1_tournament_rounds_climb_to_the_whole_deck(players: int) -> None:
    config = GameConfig.of(players, seed=players, schedule="tournament")
    assert dealt_sizes(config) == TOURNAMENT[players]
    state = State(config)
    assert state.rounds == 10 and seat_view(state, 0)["round_cards"] == TOURNAMENT[players]
    assert web.describe()["schedules"]["tournament"]["rounds"][str(players)][0]["cards"] == TOURNAMENT[players][0]


def test_t1_tournament_turns_trump_up_except_in_the_last_round() -> None:
    state = State(GameConfig.of(4, seed=5, schedule="tournament"))
    seen = {}
    while not state.is_over:
        seen[state.round] = state.turned is not None
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert seen == {r: r < 10 for r in range(1, 11)}
    rounds = web.describe()["schedules"]["tournament"]["rounds"]["4"]
    assert [r["trump"] for r in rounds] == [None] * 9 + [""]  # R9: no trump when the deck is dealt


def test_t1_tournament_is_refused_for_six_players_with_its_reason() -> None:
    with pytest.raises(ConfigError) as refused:
        GameConfig.of(6, schedule="tournament")
    assert refused.value.reason.code == "schedule_player_count" and refused.value.reason.rule == "T1"
    assert refused.value.reason.params == {"schedule": "tournament", "players": 6, "min": 3, "max": 5}
    assert web.describe()["schedules"]["tournament"]["players"] == {"min": 3, "max": 5}


@pytest.mark.parametrize("schedule", ["tournament", "maximus"])
@pytest.mark.parametrize("option", ["foresight", "unicoloured"])
def test_t1_t2_schedules_refuse_foresight_and_unicoloured(schedule: str, option: str) -> None:
    with pytest.raises(ConfigError) as refused:
        GameConfig.of(4, schedule=schedule, **{option: True})
    assert refused.value.reason.code == "schedule_excludes"
    assert refused.value.reason.params == {"schedule": schedule, "option": option}
    assert option in web.describe()["schedules"][schedule]["excludes"]


def test_t1_an_unknown_schedule_is_refused() -> None:
    for bad in ("marathon", 3):
        with pytest.raises(ConfigError) as refused:
            GameConfig.from_dict({"players": ["A", "B", "C"], "options": {"schedule": bad}})
        assert refused.value.reason.code in ("schedule_unknown", "option_type")
    answer = json.loads(web.call(json.dumps({"method": "new_game", "params": {
        "config": {"players": ["A", "B", "C", "D", "E", "F"], "options": {"schedule": "tournament"}}}})))
    assert not answer["ok"] and answer["error"]["code"] == "schedule_player_count"


# --- T2 -------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_t2_maximus_deals_the_whole_deck_five_times_with_fixed_trump(players: int) -> None:
    state = State(GameConfig.of(players, seed=11, schedule="maximus"))
    trumps: list[str | None] = []
    while not state.is_over:
        if state.round > len(trumps):
            assert state.phase.value == "bidding"  # nobody chooses trump
            assert sum(h.bit_count() for h in state.hands) == 60 and state.turned is None
            view = seat_view(state, 0)
            trumps.append(view["trump"]["suit"])
            assert view["trump"]["why"] == "fixed"
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    assert trumps == ["C", "D", "H", "S", None] and len(state.pad) == 5
    described = web.describe()["schedules"]["maximus"]["rounds"][str(players)]
    assert [r["trump"] for r in described] == [*SUIT_LETTERS, ""]
    assert {r["cards"] for r in described} == {60 // players}


def test_t2_maximus_trump_decides_the_trick() -> None:
    suit = lambda s, ranks: " ".join(r + s for r in ranks)  # noqa: E731
    hands = [suit("D", "23456789TJQKA") + " Z Z", suit("C", "3456789") + " " + suit("H", "2345678") + " AS",
             suit("C", "TJQKA") + " " + suit("H", "9TJQKA") + " Z Z N N", suit("S", "23456789TJQK") + " 2C N N"]
    state = deal(hands, dealer=3, round_=1, schedule="maximus")
    assert state.trump == 0 and state.turned is None  # round 1: blue (clubs), nothing turned up
    act(state, "bid 0", "bid 1", "bid 0", "bid 0", "play 2D", "play 3C", "play 9H", "play 2S")
    assert state.tricks[0].winner == 1  # the trump takes the diamond trick


# --- T3 -------------------------------------------------------------------------------------

def last_round(**options: object) -> State:
    """A 3-player standard game's last round, the dealer (seat 2) alone in the lead, to bid last."""
    state = State(GameConfig.of(3, seed=4, **options))
    while state.round < state.rounds or state.to_act() != (state.dealer,):
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    state.totals = [0] * 3
    state.totals[state.dealer] = 100
    return state


def test_t3_canadian_rule_in_the_last_round_only() -> None:
    final = last_round(canadian_final=True)
    forbidden = final.forbidden_bid(final.dealer)
    others = sum(b for b in final.bids if b is not None)
    assert forbidden is not None and forbidden[0] == 20 - others and forbidden[1].rule == "T3"
    with pytest.raises(IllegalActionError) as refused:
        final.apply(final.dealer, f"bid {20 - others}")
    assert refused.value.reason.code == "canadian_rule"
    early = deal(["7H", "8H", "9H"], "2C", dealer=2, totals=[0, 0, 100], canadian_final=True)
    act(early, "bid 0", "bid 0")
    assert early.forbidden_bid(2) is None  # round 1 of 20: the rule waits for the last
    every = deal(["7H", "8H", "9H"], "2C", dealer=2, totals=[0, 0, 100], canadian=True)
    act(every, "bid 0", "bid 0")
    assert every.forbidden_bid(2) is not None and every.forbidden_bid(2)[1].rule == "R11"  # type: ignore[index]


def test_t3_is_refused_beside_the_every_round_rule_plus_minus_one_and_hidden_bids() -> None:
    for options, code in (({"canadian": True}, "options_exclusive"), ({"plus_minus_one": True}, "options_exclusive"),
                          ({"bidding": "hidden"}, "option_needs_open_bids")):
        with pytest.raises(ConfigError) as refused:
            GameConfig.of(4, canadian_final=True, **options)
        assert refused.value.reason.code == code
    assert set(web.describe()["options"]["canadian_final"]["excludes"]) == {"canadian", "plus_minus_one"}


def test_t3_score_keeper_forbids_the_bid_in_the_last_round_only() -> None:
    keeper = Keeper.of(["A", "B", "C", "D"], 3, Options(schedule="maximus", canadian_final=True))
    for _ in range(4):  # D (seat 3) makes every zero, the others miss theirs
        for _ in range(4):
            keeper.bid(0)
        keeper.tricks([5, 5, 5, 0])
    assert keeper.totals == [-200, -200, -200, 80] and keeper.dealer(5) == 3 and keeper.round == keeper.rounds
    for _ in range(3):
        assert keeper.forbidden_bid() is None
        keeper.bid(4)
    forbidden = keeper.forbidden_bid()
    assert forbidden is not None and forbidden[0] == 3 and forbidden[1].rule == "T3"
    assert keeper.why_not_bid(3) is not None and keeper.why_not_bid(2) is None


# --- T4 -------------------------------------------------------------------------------------

def test_t4_tournament_ties_go_to_more_bids_made_then_the_best_round() -> None:
    # A and B tie on 40: A made two bids (20 + 20), B one (60) and missed one (-20)...
    pad = pad_of([([0, 4, 0], [0, 4, 1]), ([0, 1, 0], [0, 3, 0])])
    totals = [row.total for row in pad[-1]]
    assert totals == [40, 40, 10]
    table = standings(totals, pad, True)
    assert [(s["seat"], s["place"], s["tie_break"]) for s in table] == [(0, 1, "bids_made"), (1, 2, "bids_made"),
                                                                         (2, 3, None)]
    # ...outside a tournament they share first place.
    assert [(s["seat"], s["place"], s["tie_break"]) for s in standings(totals, pad, False)][:2] == [
        (0, 1, None), (1, 1, None)]
    # Equal bids made: the best single round decides; equal in both: shared.
    pad = pad_of([([3, 4], [3, 4]), ([0, 0], [1, 2])])  # 50 - 10 and 60 - 20, one bid made each
    totals = [row.total for row in pad[-1]]
    assert totals == [40, 40]
    assert [(s["seat"], s["tie_break"]) for s in standings(totals, pad, True)] == [(1, "best_round"), (0, "best_round")]
    pad = pad_of([([1, 1], [1, 1])])
    assert [s["place"] for s in standings([30, 30], pad, True)] == [1, 1]
    assert {s["tie_break"] for s in standings([30, 30], pad, True)} == {"shared"}


def test_t4_a_tournament_game_names_one_winner_in_its_view() -> None:
    for seed in range(200):
        state = random_game(GameConfig.of(3, seed=seed, schedule="tournament"), seed)
        top = max(state.totals)
        if state.totals.count(top) > 1:
            break
    else:
        pytest.skip("no tie in 200 games")
    view = seat_view(state, 0)
    assert view["standings"][0]["tie_break"] in ("bids_made", "best_round", "shared")
    assert view["winners"] == [s["seat"] for s in view["standings"] if s["place"] == 1]
    chances = win_chances(view)  # the game is over: its own winners, after the tie-breaks
    assert chances == win_chances(state) and sum(chances) == pytest.approx(1)
    assert [seat for seat, chance in enumerate(chances) if chance] == view["winners"]


# --- saves, records, statistics, the score keeper --------------------------------------------

def test_t1_t2_the_schedule_is_saved_and_an_older_save_is_a_standard_game() -> None:
    state = random_game(GameConfig.of(4, seed=3, schedule="maximus"), 3)
    loaded, _ = save.load_game(save.seal(state))
    assert loaded.config.options.schedule == "maximus" and loaded.totals == state.totals
    standard = State(GameConfig.of(4, seed=3))
    assert "schedule" not in json.dumps(standard.config.to_dict())  # a standard game's save as it always was
    old = {"players": ["A", "B", "C"], "options": {"bidding": "open", "canadian": False, "plus_minus_one": False,
                                                   "foresight": False, "unicoloured": False}, "seed": 1}
    assert GameConfig.from_dict(old).options == Options()


def test_t1_records_and_statistics_compare_a_tournament_game_with_tournament_games() -> None:
    state = random_game(GameConfig.of(["Me", "B", "C"], seed=8, schedule="tournament"), 8)
    record = record_from_state(state, "2026-01-01T00:00:00Z", me=0)
    assert [len(r["bids"]) for r in record["rounds"]] == [3] * 10
    old = random_game(GameConfig.of(["Me", "B", "C"], seed=9), 9)
    older: dict[str, Any] = dict(record_from_state(old, "2026-01-02T00:00:00Z", me=0))
    older["options"] = {k: v for k, v in older["options"].items() if k not in ("schedule", "canadian_final")}
    assert check_record(older)["options"]["schedule"] == "standard"  # a record from before the option
    records = [record, check_record(older)]
    standard, tournament = statistics(records), statistics(records, schedule="tournament")
    assert standard["games"] == 1 and tournament["games"] == 1
    assert standard["schedules"] == tournament["schedules"] == {"standard": 1, "tournament": 1, "maximus": 0}
    assert tournament["average_score"] == state.totals[0]
    assert [c["cards"] for c in tournament["by_cards"]] == TOURNAMENT[3]


def test_t1_score_keeper_keeps_a_tournament_game() -> None:
    keeper = Keeper.of(["A", "B", "C", "D"], 0, Options(schedule="tournament"))
    assert keeper.rounds == 10
    for round_, cards in enumerate(TOURNAMENT[4], start=1):
        assert keeper.view()["hand_size"] == cards and keeper.view()["turns_up"] == (round_ < 10)
        for _ in range(4):
            keeper.bid(0)
        keeper.tricks([cards, 0, 0, 0])
    view = keeper.view()
    assert view["step"] == "over" and [d["hand_size"] for d in view["deals"]] == TOURNAMENT[4]
    # B, C and D tie on 200 with ten bids made each, and their best rounds tie too.
    assert view["standings"][0]["place"] == 1 and view["standings"][0]["tie_break"] == "shared"
    assert loads(keeper.dumps()).view() == view
    record = record_from_keeper(keeper, "2026-01-01T00:00:00Z", me=1)
    assert record["options"]["schedule"] == "tournament"
    maximus = Keeper.of(["A", "B", "C"], 0, Options(schedule="maximus"))
    assert maximus.view()["fixed_trump"] == "C" and not maximus.view()["turns_up"]


def test_t2_a_challenge_of_a_maximus_game_is_a_maximus_game() -> None:
    from wizard_engine.config import Player
    from wizard_engine.records.challenge import make_code, read_code

    config = GameConfig((Player("Me"), Player("B", "easy"), Player("C", "easy")), Options(schedule="maximus"), 5)
    state = random_game(config, 5)
    assert read_code(make_code(state)).config.options.schedule == "maximus"
    standard = random_game(GameConfig((Player("Me"), Player("B", "easy"), Player("C", "easy")), seed=5), 5)
    assert "schedule" not in json.dumps(read_code(make_code(standard)).config.to_dict())


# --- the tools ---------------------------------------------------------------------------------

def test_t1_t2_arena_and_soak_take_a_schedule(capsys: pytest.CaptureFixture[str]) -> None:
    from wizard_engine.tools import arena, soak

    assert arena.main(["--players", "3", "--bots", "random,random,random", "--games", "3", "--quiet", "--json",
                       "--schedule", "tournament"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["options"]["schedule"] == "tournament"
    assert set(report["per_bot"]["random"]["bid_accuracy_by_hand_size"]) == {str(n) for n in TOURNAMENT[3]}
    assert {options.schedule for _, options in soak.COMBOS} == {"standard", "tournament", "maximus"}
    assert all(options.schedule == "maximus" for _, options in soak.COMBOS_OF["maximus"])
    assert any(options.canadian_final for _, options in soak.COMBOS_OF["tournament"])
    assert soak.main(["--games", "6", "--schedule", "maximus", "--rate", "0.5", "--json"]) == 0
    run = json.loads(capsys.readouterr().out)
    assert run["schedule"] == "maximus" and run["games"] == 6 and not run["failures"]
    assert run["checks"]["score"] == 6 * 5  # five rounds a game
