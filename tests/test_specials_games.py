"""The special cards' games (S1..S14): their actions read and refused, saves, take-backs, the
keeper, the page's session, challenge links, and whole games by every bot level; the rules one by
one are in test_specials.py."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tests.helpers import act, random_game
from tests.test_specials import raised, sdeal, special
from wizard_engine import GameConfig, State
from wizard_engine.actions import Action
from wizard_engine.bots import LEVELS, bot_seed, make_bot
from wizard_engine.config import Options, Player
from wizard_engine.errors import ConfigError, IllegalActionError
from wizard_engine.reasons import Reason
from wizard_engine.records import save
from wizard_engine.records.keeper import Keeper
from wizard_engine.specials import SpecialState, cards_in_play
from wizard_engine.state import Phase
from wizard_engine.view import seat_view

# --- actions, saves, take-backs, refusals --------------------------------------------------


@pytest.mark.parametrize("text", ["play Juggler H", "play Dragon", "play Shapeshifter N", "call none", "call S",
                                  "name Z", "pass 7H", "pass Witch", "cloud +1", "cloud -1", "witch 7H Z"])
def test_special_actions_read_back_as_written(text: str) -> None:
    assert str(Action.parse(text)) == text
    assert Action.parse(text.upper() if text.startswith("play") else text) == Action.parse(text)


@pytest.mark.parametrize("text", ["play Juggler X", "play 7H H", "cloud +2", "call nothing", "witch 7H", "pass"])
def test_malformed_special_actions_are_refused(text: str) -> None:
    assert raised(lambda: Action.parse(text)).code in ("not_an_action", "not_a_suit", "not_a_card")


def test_a_juggler_needs_its_colour_and_a_plain_card_none() -> None:
    state = sdeal(["2C 3C", "Juggler 4C", "5H 6C"], "9D", specials="2016")
    act(state, "bid 0", "bid 0", "bid 0")
    assert raised(lambda: state.apply(1, "play Juggler")).code == "special_how"
    assert raised(lambda: state.apply(1, "pass 4C")).code == "wrong_phase"


def test_a_special_game_saves_and_loads_exactly() -> None:
    config = GameConfig.of(4, seed=11, specials="2026", bidding="hidden")
    state = State(config)
    rng = random.Random(2)
    for _ in range(150):
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    again = save.loads(save.dumps(state))
    assert isinstance(again, SpecialState)
    assert [seat_view(again, s) for s in range(4)] == [seat_view(state, s) for s in range(4)]


def test_a_take_back_never_undoes_a_special_step() -> None:
    players = (Player("Ann"), Player("B", "easy"), Player("C", "easy"))
    hands = [["2C", "3C"], ["Juggler", "4C"], ["5H", "6C"]]
    config = GameConfig(players, Options(specials="2016"), relaxed=True)
    state = State.with_deal(config, [[Action.parse(f"play {c}").card for c in hand] for hand in hands],
                            Action.parse("play 9D").card)
    act(state, "bid 0", "bid 0", "bid 0", "play Juggler D", "play 5H")
    assert state.why_no_undo(2) is None  # a plain card, the trick not complete: as in the base game
    act(state, "play 2C")
    state.apply(0, "pass 3C")
    assert state.why_no_undo(0) == Reason("undo_special", rule="S13")


def test_the_keeper_keeps_special_games() -> None:  # issue 42, item 5
    assert Keeper(GameConfig.of(3, specials="2016"), 0).view()["specials"]["cards"] == [
        "Dragon", "Fairy", "Bomb", "Werewolf", "Juggler", "Cloud"]


def test_the_page_plays_a_whole_special_game_and_offers_the_boxes() -> None:
    from wizard_engine.calls.game import Session, describe

    offered = describe()["specials"]
    assert [box["box"] for box in offered["boxes"]] == ["", "2016", "2021", "2026"] and len(offered["cards"]) == 9
    players = (Player("Ann"), Player("B", "medium"), Player("C", "medium"))
    session = Session(State(GameConfig(players, Options(specials="2026"), 11)))
    kinds = set()
    while session.state.phase is not Phase.OVER:
        view = session.view()
        if view["bot_to_act"]:
            session.bot_step()
            continue
        assert view["your_turn"] and view["options"]["specials"] == "2026"
        choice = view["legal"][-1]
        kinds.add(choice.split()[0])
        session.act(choice)
    assert {"bid", "play"} <= kinds


# --- whole games ---------------------------------------------------------------------------


def test_random_games_keep_every_card_in_one_place() -> None:
    rng = random.Random(7)
    for game in range(120):
        players = rng.randint(3, 6)
        options = {"specials": rng.choice(["2016", "2021", "2026", "Bomb,Juggler", "Vampire,Werewolf,Witch"]),
                   "bidding": rng.choice(["open", "hidden", "secret"])}
        state = special(GameConfig.of(players, seed=game, **options))
        while not state.is_over:
            places = cards_in_play(state)
            assert sum(p.bit_count() for p in places) == state.deck_mask.bit_count()
            union = 0
            for place in places:
                union |= place
            assert union == state.deck_mask
            seat = rng.choice(state.to_act())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        for rows in state.pad:
            assert sum(row.taken for row in rows) <= state.rules.hand_size(state.pad.index(rows) + 1)


@pytest.mark.parametrize("level", [level for level in LEVELS if level != "random"])
def test_every_level_plays_whole_special_games_legally(level: str) -> None:
    # Half the seats play the level, the others Easy (the searching levels' games take minutes).
    searching = level in ("hard", "expert")
    for seed, players in [(0, 6)] if searching else [(0, 4), (1, 6)]:
        levels = [level if s % 2 == 0 else "easy" for s in range(players)]
        config = GameConfig(tuple(Player(f"P{s}", lv) for s, lv in enumerate(levels)), Options(specials="2026"), seed)
        state = State(config)
        bots = [make_bot(lv, bot_seed(seed, s)) for s, lv in enumerate(levels)]
        while not state.is_over:
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].decide(seat_view(state, seat)))  # apply() refuses anything illegal
        assert len(state.pad) == state.rounds


def test_a_random_special_game_replays_from_its_actions() -> None:
    config = GameConfig.of(5, seed=9, specials="2021")
    state = random_game(config, seed=3)
    again = State.replay(config, state.history)
    assert again.totals == state.totals and again.history == state.history


def test_illegal_special_actions_are_refused_with_their_reason() -> None:
    state = sdeal(["2C 3C", "Cloud 4C", "5H 6C"], "9D", specials="2016")
    with pytest.raises(IllegalActionError):
        state.apply(1, "cloud +1")
    with pytest.raises(ConfigError):
        GameConfig.of(3, specials=3)


def _juggler_trick() -> State:
    state = sdeal(["2C 3C", "Juggler 4C", "5H 6C"], "9D", specials="2016")
    return act(state, "bid 0", "bid 0", "bid 0", "play Juggler D", "play 5H", "play 2C")


def _cloud_at_zero() -> State:
    state = sdeal(["2C 3C", "Cloud 4C", "5H 6C"], "9D", specials="2016")
    return act(state, "bid 0", "bid 1", "bid 1", "play Cloud D", "play 5H", "play 2C")


def _witch_turn() -> State:
    state = sdeal(["2C 3C", "Witch 4C", "AC 6C"], "9D", specials="2026")
    return act(state, "bid 0", "bid 0", "bid 1", "play Witch", "play AC", "play 2C")


def _undo_after_pass() -> State:
    players = (Player("Ann"), Player("B", "easy"), Player("C", "easy"))
    hands = [["2C", "3C"], ["Juggler", "4C"], ["5H", "6C"]]
    state = State.with_deal(GameConfig(players, Options(specials="2016"), relaxed=True),
                            [[Action.parse(f"play {c}").card for c in hand] for hand in hands],
                            Action.parse("play 9D").card)
    act(state, "bid 0", "bid 0", "bid 0", "play Juggler D", "play 5H", "play 2C", "pass 3C")
    return state


# How test_reasons reaches each code of the special cards.
REACH: dict[str, Callable[[], str]] = {
    "specials_unknown": lambda: raised(lambda: GameConfig.of(3, specials="Unicorn")).code,
    "specials_dragon_fairy": lambda: raised(lambda: GameConfig.of(3, specials="Fairy")).code,
    "specials_exclude": lambda: raised(lambda: GameConfig.of(3, specials="2016", foresight=True)).code,
    "special_how": lambda: raised(lambda: act(sdeal(["2C", "Juggler", "5H"], "9D", specials="2016"),
                                              "bid 0", "bid 0", "bid 0", "play Juggler")).code,
    "cloud_below_zero": lambda: raised(lambda: _cloud_at_zero().apply(1, "cloud -1")).code,
    "witch_take": lambda: raised(lambda: _witch_turn().apply(1, "witch 4C Witch")).code,
    "already_passed": lambda: raised(lambda: act(_juggler_trick(), "pass 3C").apply(0, "pass 2C")).code,
    "undo_special": lambda: raised(lambda: _undo_after_pass().undo(0)).code,
}


def test_a_challenge_link_carries_the_special_cards_and_its_clouded_points() -> None:
    from wizard_engine.records.challenge import make_code, read_code

    players = (Player("Ann"), Player("B", "easy"), Player("C", "easy"))
    for specials in ("2016", "Bomb,Cloud", "2026"):
        state = random_game(GameConfig(players, Options(specials=specials, bidding="hidden"), 4), seed=4)
        challenge = read_code(make_code(state))
        assert challenge.config == state.config  # the same deals, the same cards (S1)
        assert list(challenge.points) == [rows[0].points for rows in state.pad]
