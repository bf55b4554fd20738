"""The benchmark command runs and reports every figure (its speed is not judged here)."""

from __future__ import annotations

import json

import pytest

from wizard_engine.__main__ import main

from .helpers import spy_make_bot


def test_bench_prints_json_figures_for_every_player_count(capsys) -> None:
    assert main(["bench", "--games", "2", "--repeats", "1", "--json"]) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    assert [r["players"] for r in results] == [3, 4, 5, 6]
    for r in results:
        assert r["checked_ms_per_game_median"] > 0 and r["checked_decisions_per_s"] > 0
        assert r["fast_games_per_s_median"] > 0


def test_unknown_command_prints_usage(capsys) -> None:
    assert main(["fly"]) == 2
    assert "usage" in capsys.readouterr().out


def test_bench_times_a_bot_level(capsys) -> None:
    from wizard_engine.bench import bot_measure

    figures = bot_measure("easy", 1, opponent="easy")
    assert figures["decisions"] >= (15 + 120) + (10 + 55)  # bids and cards of seat 0 at 4 and 6 players
    assert 0 <= figures["s_median"] <= figures["s_p95"] <= figures["s_max"]
    assert main(["bench", "--bot", "random", "--bot-games", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["results"]["level"] == "random"


def test_bench_times_a_bot_at_its_own_budget(monkeypatch) -> None:
    import wizard_engine.arena as arena
    from wizard_engine.bench import bot_measure

    made = spy_make_bot(monkeypatch, arena)  # bench makes its bots as the arena does
    figures = bot_measure("hard@0", 1, opponent="easy")
    assert figures["level"] == "hard@0"
    assert made[0] == ("hard", {"think_ms": 0.0}) and made[1] == ("easy", {})
    with pytest.raises(ValueError):
        bot_measure("hard@fast", 1)
