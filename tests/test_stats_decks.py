"""Issue 42 (6): special-card games in the history: their record keeps the deck
(records/game_record.py), and the statistics compare like with like, one kind of deck at a
time (records/stats.py, the history_stats request)."""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

import pytest

from tests.helpers import random_game
from tests.test_history import known_games, refused
from tests.test_history_web import answer, refusal
from wizard_engine import GameConfig, save
from wizard_engine.config import Options, Player
from wizard_engine.reasons import Reason
from wizard_engine.records import history
from wizard_engine.records.game_record import GameRecord, check_record, record_from_state
from wizard_engine.records.history import loads
from wizard_engine.records.stats import DECKS, DeckGames, deck_of, statistics
from wizard_engine.scoring import round_points


def games_by_deck(games: dict[str, int]) -> list[DeckGames]:
    """The statistics' ``decks`` of so many ``games`` of each deck named, none of the others."""
    return [{"deck": deck, "games": games.get(deck, 0)} for deck in DECKS]


def with_deck(record: GameRecord, specials: str, game_id: str, day: int) -> GameRecord:
    """``record``'s game again, played with ``specials`` on day ``day`` of February."""
    changed = copy.deepcopy(record)
    changed["id"], changed["date"] = game_id, f"2026-02-{day:02d}T10:00:00Z"
    changed["options"]["specials"] = specials
    return check_record(changed)


def special_game(specials: str, seed: int, game_id: str = "sp1") -> tuple[GameRecord, str]:
    """A game with ``specials`` played out by random moves, as its record and its sealed save."""
    config = GameConfig((Player("Me"), Player("B", "easy"), Player("C", "hard")), Options(specials=specials), seed)
    state, tag = random_game(config, seed), save.Tag(game_id, 1000)
    return record_from_state(state, f"2026-03-{seed + 1:02d}T10:00:00Z", tag, save=game_id), save.seal(state, tag)


def mixed_history() -> list[GameRecord]:
    """The three known base games, then the same three played with the 2026 box, then one with a set of
    cards of no box."""
    base = known_games()
    boxed = [with_deck(record, "2026", f"{record['id']}x", day) for day, record in enumerate(base, start=1)]
    return [*base, *boxed, with_deck(base[0], "Bomb,Cloud", "own", 9)]


# --- the record ------------------------------------------------------------------------------------

@pytest.mark.parametrize("specials", ["2016", "2021", "2026", "Bomb,Cloud", "Dragon,Fairy"])
def test_a_special_card_game_becomes_a_record_that_keeps_its_cards(specials: str) -> None:
    record, sealed = special_game(specials, 4)
    assert record["options"]["specials"] == specials
    assert check_record(json.loads(json.dumps(record))) == record
    document = history.add(history.new_document(), record, sealed)
    assert loads(history.dumps(document)) == document  # the save replays, and is its record's game


def test_a_bombed_trick_leaves_a_round_with_fewer_tricks_than_cards() -> None:
    record, _ = special_game("2016", 3)
    cards = range(1, len(record["rounds"]) + 1)
    short = [n for n, one in zip(cards, record["rounds"]) if sum(one["taken"]) < n]
    assert short, "no trick of this game was bombed: choose another seed"
    # S9: only a deck with the Bomb loses tricks.
    for specials in ("", "Dragon,Fairy,Cloud"):
        changed = copy.deepcopy(record)
        changed["options"]["specials"] = specials
        assert refused(functools.partial(check_record, changed)) == Reason("record_damaged", {"field": "rounds"})


def test_a_cloud_may_raise_a_bid_past_the_cards_dealt() -> None:
    record = copy.deepcopy(known_games()[1])  # six players, ten rounds
    record["rounds"][0]["bids"][0] = 2  # one card dealt; the Cloud's trick raised the bid of 1 (S13)
    record["totals"] = [sum(round_points(one["bids"][seat], one["taken"][seat]) for one in record["rounds"])
                        for seat in range(6)]
    assert refused(lambda: check_record(record)).params == {"field": "rounds"}
    record["options"]["specials"] = "Cloud"
    assert check_record(record)["rounds"][0]["bids"][0] == 2
    record["rounds"][0]["bids"][0] = 4  # more than the Cloud and a Vampire copying it could bring
    assert refused(lambda: check_record(record)).params == {"field": "rounds"}


def test_an_old_record_without_special_cards_is_a_game_of_the_original_box() -> None:
    old: dict[str, Any] = copy.deepcopy(dict(known_games()[0]))
    old["options"] = dict(old["options"])
    for newer in ("specials", "schedule", "canadian_final"):
        del old["options"][newer]
    record = check_record(old)
    assert record["options"]["specials"] == "" and deck_of(record) == "base"
    assert statistics([record])["decks"] == games_by_deck({"base": 1})


@pytest.mark.parametrize(("specials", "cause"), [
    ("Unicorn", "specials_unknown"),
    ("2017", "specials_unknown"),
    ("Dragon", "specials_dragon_fairy"),
    ("Bomb,,Cloud", "specials_unknown"),
    (7, "specials_unknown"),
    (None, "specials_unknown"),
])
def test_a_damaged_special_cards_value_refuses_the_import_whole(specials: Any, cause: str) -> None:
    record, sealed = special_game("2026", 4)
    document = history.add(history.add(history.new_document(), known_games()[0]), record, sealed)
    data = json.loads(history.dumps(document))
    data["records"][1]["options"]["specials"] = specials
    reason = refused(lambda: loads(json.dumps(data)))
    assert reason.code == "history_bad_record" and reason.params == {"index": 2}
    assert reason.cause is not None and reason.cause.params == {"field": "options"}
    assert reason.cause.cause is not None and reason.cause.cause.code == cause


def test_special_cards_with_an_option_they_exclude_are_refused() -> None:
    record = copy.deepcopy(known_games()[2])
    record["options"]["specials"], record["options"]["foresight"] = "2016", True  # S3
    reason = refused(lambda: check_record(record))
    assert reason.cause is not None and reason.cause.code == "specials_exclude"


# --- the statistics, deck by deck --------------------------------------------------------------------

def test_each_kind_of_deck_counts_alone() -> None:
    games = mixed_history()
    base = statistics(known_games(), deck="base")
    # (the choices count every game: of each deck, of each schedule)
    decks, schedules = games_by_deck({"base": 3, "2026": 3, "other": 1}), {**base["schedules"], "standard": 7}
    base = {**base, "decks": decks, "schedules": schedules}
    assert statistics(games, deck="base") == base
    boxed = statistics(games, deck="2026")
    # The same three games with the 2026 box: the same figures, their own best game.
    assert boxed == {**base, "deck": "2026",
                     "best_game": {"id": "g2x", "date": "2026-02-03T10:00:00Z", "score": 300}}
    own = statistics(games, deck="other")
    # G3 with the Bomb and the Cloud: Ann bid 1 and took nothing, fifteen times.
    assert (own["games"], own["wins"], own["bids"], own["over"], own["longest_run"]) == (1, 0, 15, 15, 0)
    assert statistics(games, deck="2016")["games"] == 0


def test_without_a_deck_the_statistics_are_of_the_deck_played_last() -> None:
    games = mixed_history()
    assert statistics(games)["deck"] == "other"
    assert statistics(games[:6])["deck"] == "2026"
    assert statistics(known_games())["deck"] == "base" and statistics([])["deck"] == "base"
    # Of the schedule chosen: no tournament was played, so the original box.
    assert statistics(games, schedule="tournament")["deck"] == "base"
    # Of the player chosen: Bob's newest game is G1 with the 2026 box.
    assert statistics(games[:6] + [with_deck(known_games()[1], "2016", "late", 20)], who="Bob")["deck"] == "2016"


def test_a_set_of_cards_that_is_a_box_counts_as_the_box() -> None:
    record = known_games()[0]
    assert deck_of(with_deck(record, "dragon,fairy,bomb,werewolf,juggler,cloud", "a", 1)) == "2016"
    assert deck_of(with_deck(record, "2021", "b", 1)) == "2021"
    assert deck_of(with_deck(record, "Witch", "c", 1)) == "other"
    assert deck_of(record) == "base"


def test_the_request_takes_a_deck_and_lists_each_games_deck() -> None:
    document = history.new_document()
    for record in mixed_history():
        document = history.add(document, record)
    text = history.dumps(document)
    result = answer("history_stats", history=text, deck="2026")
    assert result["statistics"] == statistics(document["records"], deck="2026")
    assert [game["deck"] for game in result["games"]] == ["other", "2026", "2026", "2026", "base", "base", "base"]
    assert answer("history_stats", history=text)["statistics"]["deck"] == "other"
    for bad in ("2017", "", 2026, ["base"]):
        error = refusal("history_stats", history=text, deck=bad)
        assert (error["code"], error["params"]) == ("history_bad_request", {"name": "deck"})
