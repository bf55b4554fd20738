"""The arena: duplicate deals, statistics, JSON output."""

from __future__ import annotations

import json

import pytest

from wizard_engine.bots import bot_seed
from wizard_engine.errors import ConfigError
from wizard_engine.tools.arena import GameResult, main, margins, margins_by_hand_size, margins_per_game, schedule
from wizard_engine.tools.flags import parse_options


def test_schedule_rotates_every_deal_through_every_seat() -> None:
    jobs = schedule(["hard", "medium", "easy"], games=6, seed=1)
    assert len(jobs) == 6
    by_deal: dict[int, list[list[str]]] = {}
    for levels, seed, _ in jobs:
        by_deal.setdefault(seed, []).append(levels)
    assert len(by_deal) == 2
    for rotations in by_deal.values():
        for seat in range(3):
            assert sorted(r[seat] for r in rotations) == ["easy", "hard", "medium"]


def test_arena_json_report(capsys) -> None:
    assert main(["--players", "3", "--bots", "easy,random,random", "--games", "3", "--seed", "2",
                 "--json", "--quiet"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 3
    easy = report["per_bot"]["easy"]
    assert easy["seats_played"] == 3 and 0 <= easy["win_share"] <= 1
    assert set(easy) >= {"mean_score", "stderr", "bid_accuracy", "bid_accuracy_by_hand_size", "decision_ms"}
    assert set(easy["decision_ms"]) >= {"median", "p95"}
    shares = easy["win_share"] * 3 + report["per_bot"]["random"]["win_share"] * 6
    assert abs(shares - 3) < 1e-6  # every game's win is shared out exactly once


@pytest.mark.slow
def test_arena_text_report_with_options(capsys) -> None:
    assert main(["--players", "4", "--bots", "medium,easy,easy,easy", "--games", "4", "--quiet",
                 "--option", "unicoloured"]) == 0
    out = capsys.readouterr().out
    assert "medium - easy" in out and "exact bids by hand size" in out and "per round, by hand size" in out


def test_margins_are_paired_by_game() -> None:
    games = [GameResult(["hard", "easy", "easy"], [100, 40, 60], [1, 0, 0], [[], [], []]),
             GameResult(["easy", "hard", "easy"], [30, 90, 10], [0, 1, 0], [[], [], []]),
             GameResult(["easy", "easy", "medium"], [30, 90, 10], [0, 1, 0], [[], [], []])]
    margin = margins(games, "hard")
    assert margin == {"easy": {"mean": 60.0, "stderr": 10.0, "games": 2}}  # 100-50 and 90-20
    assert margins_per_game(games, "hard") == {"easy": [50.0, 70.0]}  # the third game has no hard seat


def test_margins_by_hand_size_are_paired_by_round_and_sum_to_the_games() -> None:
    rounds = [[(1, 1, 1, 30), (2, 0, 0, 20)], [(1, 0, 0, 20), (2, 0, 1, -10)], [(1, 0, 1, -10), (2, 0, 0, 20)]]
    again = [[(1, 0, 1, -10), (2, 1, 0, -10)], [(1, 0, 1, -10), (2, 0, 0, 20)], [(1, 0, 0, 20), (2, 0, 0, 20)]]
    games = [GameResult(["hard", "easy", "easy"], [50, 10, 10], [1, 0, 0], rounds),
             GameResult(["easy", "hard", "easy"], [-20, 10, 40], [0, 0, 1], again)]
    by_size = margins_by_hand_size(games, "hard")  # rounds of 1: 30 - 5 and -10 - 5; of 2: 20 - 5 twice
    assert by_size == {"easy": {"1": {"mean": 5.0, "stderr": 20.0}, "2": {"mean": 15.0, "stderr": 0.0}}}
    game_margins = margins(games, "hard")["easy"]["mean"]
    assert sum(m["mean"] for m in by_size["easy"].values()) == pytest.approx(game_margins)


def test_arena_json_report_has_the_first_seats_margins(capsys) -> None:
    assert main(["--players", "3", "--bots", "easy,random,random", "--games", "3", "--seed", "2",
                 "--json", "--quiet"]) == 0
    report = json.loads(capsys.readouterr().out)
    per = report["per_bot"]
    assert report["margins"]["random"]["games"] == 3
    assert set(report["margins_by_hand_size"]["random"]) == {str(h) for h in range(1, 21)}
    assert report["margins"]["random"]["mean"] == pytest.approx(
        per["easy"]["mean_score"] - per["random"]["mean_score"], abs=0.11)
    each = report["margins_per_game"]["random"]
    assert len(each) == 3 and sum(each) / 3 == pytest.approx(report["margins"]["random"]["mean"], abs=0.06)


def test_option_flags() -> None:
    assert parse_options(["hidden_bids"]).bidding == "hidden"
    assert parse_options(["secret_bids,foresight"]).foresight
    assert parse_options(["plus_minus_one"]).plus_minus_one


def test_unknown_option_flag_is_a_config_error_not_an_exit() -> None:
    with pytest.raises(ConfigError, match=r"Unknown option\(s\): nonsense"):
        parse_options(["canadian,nonsense"])
    with pytest.raises(ConfigError):
        parse_options(["colour=yes"])


def test_arena_refuses_an_unknown_option_with_usage(capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--players", "3", "--games", "1", "--quiet", "--option", "nonsense"])
    assert exit_.value.code == 2
    assert "Unknown option(s): nonsense" in capsys.readouterr().err


def test_one_bot_seed_formula_for_the_page_the_terminal_and_the_arena() -> None:
    """The values of the old copies (game seed * 8 + seat), so saved games replay alike."""
    assert [bot_seed(7, s) for s in range(6)] == [56, 57, 58, 59, 60, 61]
    assert len({bot_seed(g, s) for g in range(50) for s in range(6)}) == 300
