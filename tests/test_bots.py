"""Bots: legal under every option, deterministic, blind to hidden cards, and sensible."""

from __future__ import annotations

import json
import random

import pytest

from wizard_engine.actions import Action
from wizard_engine.bots import make_bot
from wizard_engine.cards import parse_card, parse_cards
from wizard_engine.config import GameConfig
from wizard_engine.state import Phase, State
from wizard_engine.view import seat_view

LEVELS = ("random", "easy", "medium", "hard")
FAST = {"hard": {"deals": 3}}  # keep the suite quick: Hard with three deals per decision

OPTION_SETS = [
    (3, {}), (4, {}), (5, {}), (6, {}),
    (4, {"bidding": "hidden"}), (4, {"bidding": "secret"}),
    (4, {"canadian": True}), (5, {"plus_minus_one": True}),
    (4, {"foresight": True}), (3, {"unicoloured": True}), (4, {"unicoloured": True}),
]


def _bot(level: str, seed: int):
    return make_bot(level, seed, **FAST.get(level, {}))


def _play(state: State, bots: list, rounds: int | None = None) -> None:
    """Let the bots play (``rounds`` rounds, or to the end); every action goes through apply()."""
    stop = state.round + rounds if rounds else None
    while not state.is_over and (stop is None or state.round < stop):
        seat = state.to_act()[0]
        view = json.loads(json.dumps(seat_view(state, seat)))
        state.apply(seat, bots[seat].decide(view))  # raises on anything illegal


@pytest.mark.parametrize("players,options", OPTION_SETS)
def test_r11_r20_r21_every_level_plays_legally_under_every_option(players: int, options: dict) -> None:
    for g in range(2):
        levels = [LEVELS[(g + s) % 4] for s in range(players)]
        state = State(GameConfig.of(players, seed=100 + g, **options))
        rounds = None if state.rounds <= 12 and "hard" not in levels[:1] else 8
        _play(state, [_bot(lvl, s) for s, lvl in enumerate(levels)], rounds)


def test_strong_levels_play_whole_games_to_the_end() -> None:
    state = State(GameConfig.of(4, seed=7))
    _play(state, [_bot(lvl, s) for s, lvl in enumerate(("hard", "medium", "easy", "random"))])
    assert state.is_over and len(state.pad) == 15


@pytest.mark.parametrize("level", LEVELS)
def test_same_view_and_seed_give_the_same_decision(level: str) -> None:
    state = State(GameConfig.of(4, seed=11))
    rng = random.Random(1)
    for _ in range(40):  # a few decisions into round 4
        if state.round == 4 and state.phase is Phase.PLAYING:
            break
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_act()[0]
    view = seat_view(state, seat)
    first = make_bot(level, 5, **FAST.get(level, {})).decide(view)
    assert all(make_bot(level, 5, **FAST.get(level, {})).decide(json.loads(json.dumps(view))) == first
               for _ in range(3))


@pytest.mark.parametrize("level", LEVELS)
def test_r22_decisions_depend_on_the_view_only(level: str) -> None:
    """Swapping two opponents' hidden hands changes nothing the bot may see, nor its decision."""
    config = GameConfig.of(4, seed=3)
    hands = [parse_cards("AS 2S 7H 8D QC"), parse_cards("KS 3H 4H 9C N"),
             parse_cards("Z 5D 6D 7D 2C"), parse_cards("TS JS 2H 3C 4C")]
    turned = parse_card("5S")
    a = State.with_deal(config, hands, turned, dealer=3)
    b = State.with_deal(config, [hands[0], hands[2], hands[1], hands[3]], turned, dealer=3)
    assert seat_view(a, 0) == seat_view(b, 0)
    def decide(state: State) -> Action:
        return make_bot(level, 9, **FAST.get(level, {})).decide(seat_view(state, 0))

    assert decide(a) == decide(b)


def _after_bids(state: State, bids: list[int]) -> State:
    while state.phase is Phase.BIDDING:
        seat = state.to_act()[0]
        state.apply(seat, f"bid {bids[seat]}")
    return state


@pytest.mark.parametrize("level", ("easy", "medium", "hard", "expert"))
def test_needing_every_trick_leads_the_strongest_card_not_a_low_trump(level: str) -> None:
    config = GameConfig.of(4, seed=1)
    hands = [parse_cards("AS 2S"), parse_cards("7H 8D"), parse_cards("9C 4D"), parse_cards("3H 5C")]
    state = _after_bids(State.with_deal(config, hands, parse_card("6S"), dealer=3), [2, 0, 0, 0])
    assert state.turn == 0
    assert str(make_bot(level, 1).decide(seat_view(state, 0))) == "play AS"


@pytest.mark.parametrize("level", ("easy", "medium", "hard", "expert"))
def test_having_made_its_bid_does_not_take_an_avoidable_trick(level: str) -> None:
    config = GameConfig.of(4, seed=1)
    hands = [parse_cards("AH 2H 3C"), parse_cards("KH 8D 9D"), parse_cards("9C 4D 5D"),
             parse_cards("QH 5C 6C")]
    state = _after_bids(State.with_deal(config, hands, parse_card("6S"), dealer=0), [0, 1, 1, 1])
    state.apply(1, "play KH")  # seat 1 leads (left of the dealer)
    state.apply(2, "play 9C")
    state.apply(3, "play QH")
    assert str(make_bot(level, 1).decide(seat_view(state, 0))) == "play 2H"


@pytest.mark.parametrize("level", ("easy", "medium", "hard", "expert"))
@pytest.mark.parametrize("options", ({"plus_minus_one": True}, {"canadian": True}))
def test_r11_forced_dealer_never_bids_below_its_sure_tricks(level: str, options: dict) -> None:
    config = GameConfig.of(4, seed=1, **options)
    hands = [parse_cards("7H 8D"), parse_cards("9C 4D"), parse_cards("3H 5C"), parse_cards("AS 2C")]
    state = State.with_deal(config, hands, parse_card("6S"), dealer=3)
    if options.get("canadian"):
        state.totals = [0, 0, 0, 30]  # the dealer alone in the lead
    for seat, b in ((0, 1), (1, 0), (2, 0)):
        state.apply(seat, f"bid {b}")
    view = seat_view(state, 3)
    assert "bid 1" not in view["legal"]  # the bid its hand is worth is forbidden
    assert str(make_bot(level, 1).decide(view)) == "bid 2"  # not 0: the top trump takes a trick


@pytest.mark.parametrize("level", ("easy", "medium", "hard", "expert"))
def test_r8_turned_up_wizard_dealer_chooses_its_strongest_suit(level: str) -> None:
    config = GameConfig.of(4, seed=1)
    hands = [parse_cards("2C 3D 4S 5C 6D"), parse_cards("7C 8D 9S TC JD"),
             parse_cards("2S 3S 5S 6S 7S"), parse_cards("AH KH QH 2D 3C")]
    state = State.with_deal(config, hands, parse_card("Z"), dealer=3)
    assert state.phase is Phase.TRUMP
    assert str(make_bot(level, 1).decide(seat_view(state, 3))) == "trump H"


def test_hard_with_a_tiny_budget_still_plays_legally() -> None:
    state = State(GameConfig.of(4, seed=5))
    bots = [make_bot("hard", s, think_ms=1) for s in range(4)]
    _play(state, bots, rounds=4)
    bots = [make_bot("hard", s, think_ms=0) for s in range(4)]
    _play(state, bots, rounds=2)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError):
        make_bot("grandmaster", 1)


def test_hard_default_budget_is_deterministic_too() -> None:
    """The budget is a fixed amount of work, not a clock: the default Hard bot repeats itself."""
    state = State(GameConfig.of(4, seed=21))
    rng = random.Random(2)
    while not (state.round == 3 and state.phase is Phase.PLAYING):
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_act()[0]
    view = seat_view(state, seat)
    assert len({make_bot("hard", 8).decide(view) for _ in range(3)}) == 1


@pytest.mark.parametrize("level", ("easy", "medium", "hard", "expert"))
def test_r20_foresight_dealer_with_a_turned_up_wizard_picks_a_suit_the_others_lack(level: str) -> None:
    config = GameConfig.of(4, seed=1, foresight=True)
    hands = [parse_cards("2C"), parse_cards("3D"), parse_cards("4S"), parse_cards("AH")]
    state = State.with_deal(config, hands, parse_card("Z"), dealer=3)
    view = seat_view(state, 3)
    assert view["hand_hidden"] and view["phase"] == "trump"
    assert str(make_bot(level, 1).decide(view)) == "trump H"
