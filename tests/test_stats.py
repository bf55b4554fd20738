"""Issue 11: a player's statistics over the history of finished games (wizard_engine/records/stats.py)."""

from __future__ import annotations

from tests.test_history import known_games
from wizard_engine.config import Options
from wizard_engine.records.game_record import record_from_keeper
from wizard_engine.records.keeper import Keeper
from wizard_engine.records.stats import Statistics, statistics


def test_statistics_of_three_known_games() -> None:
    stats = statistics(known_games())
    # G1: Bob 200 (a win shared by five); G2: Ann 300 (won alone); G3: Ann -150 (lost).
    assert stats["games"] == 3 and stats["wins"] == 2
    assert stats["average_score"] == round((200 + 300 - 150) / 3, 1) == 116.7
    assert stats["by_opponent"] == [{"opponent": "easy", "games": 1, "wins": 1},
                                    {"opponent": "hard", "games": 1, "wins": 0},
                                    {"opponent": "person", "games": 1, "wins": 1}]
    assert stats["by_table"] == [{"players": 4, "games": 1, "wins": 0}, {"players": 6, "games": 2, "wins": 2}]
    # Bids: 10 made (G1), 10 made (G2), 15 too high (G3: bid 1, took 0).
    assert (stats["bids"], stats["made"], stats["over"], stats["under"]) == (35, 20, 15, 0)
    assert stats["by_cards"][0] == {"cards": 1, "bids": 3, "made": 2, "over": 1, "under": 0}
    assert stats["by_cards"][9] == {"cards": 10, "bids": 3, "made": 2, "over": 1, "under": 0}
    assert stats["by_cards"][10:] == [{"cards": c, "bids": 1, "made": 0, "over": 1, "under": 0} for c in range(11, 16)]
    assert stats["best_game"] == {"id": "g2", "date": "2026-01-02T10:00:00.123Z", "score": 300}
    assert stats["longest_run"] == 20  # G1's ten and G2's ten, in the order played


def test_statistics_of_a_player_by_name() -> None:
    ann = statistics(known_games(), who="Ann")
    # G1: Ann bid 0 and took r tricks: ten bids too low, -550; the others as above.
    assert ann["games"] == 3 and ann["wins"] == 1
    assert (ann["bids"], ann["made"], ann["over"], ann["under"]) == (35, 10, 15, 10)
    assert ann["by_opponent"][-1] == {"opponent": "person", "games": 1, "wins": 0}
    assert ann["longest_run"] == 10 and ann["best_game"] is not None and ann["best_game"]["score"] == 300
    assert statistics(known_games(), who="Nobody")["games"] == 0


def test_statistics_of_no_games_are_empty_not_an_error() -> None:
    from tests.test_reasons import conforms

    empty = statistics([])
    assert empty == {"games": 0, "wins": 0, "average_score": None, "by_opponent": [], "by_table": [], "bids": 0,
                     "made": 0, "over": 0, "under": 0, "by_cards": [], "best_game": None, "longest_run": 0,
                     "relaxed": 0, "schedule": "standard", "schedules": {"standard": 0, "tournament": 0, "maximus": 0},
                     "deck": "base",
                     "decks": [{"deck": deck, "games": 0} for deck in ("base", "2016", "2021", "2026", "other")]}
    conforms(statistics(known_games()), Statistics)
    conforms(empty, Statistics)


def test_unicoloured_rounds_count_by_their_own_hand_sizes() -> None:
    keeper = Keeper.of(["A", "B", "C"], 0, Options(unicoloured=True))
    for r in range(1, 13):
        for _ in range(3):
            keeper.bid(0)
        keeper.tricks([r + 3, 0, 0])
    stats = statistics([record_from_keeper(keeper, "2026-01-01T00:00:00Z", me=0)])
    assert [c["cards"] for c in stats["by_cards"]] == list(range(4, 16))
