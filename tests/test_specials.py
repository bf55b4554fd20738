"""The anniversary boxes' special cards (S1..S14): each rule by name, and what each seat may see;
their actions, saves and whole games are in test_specials_games.py."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.helpers import act, deal
from wizard_engine import GameConfig, State
from wizard_engine.actions import Action
from wizard_engine.cards import card_name, cards_of
from wizard_engine.errors import WizardError
from wizard_engine.reasons import Reason
from wizard_engine.special_tricks import SpecialTrick, identity, trick_winner
from wizard_engine.specials import SpecialState
from wizard_engine.state import Phase
from wizard_engine.view import TrickView, seat_view


def raised(action: Callable[[], object]) -> Reason:
    with pytest.raises(WizardError) as info:
        action()
    return info.value.reason


def sdeal(hands: list[str], turned: str, dealer: int = 0, specials: str = "2026") -> SpecialState:
    """``deal`` for a special-card game."""
    state = deal(hands, turned, dealer, specials=specials)
    assert isinstance(state, SpecialState)
    return state


def special(config: GameConfig) -> SpecialState:
    state = State(config)
    assert isinstance(state, SpecialState)
    return state


def done(state: SpecialState) -> SpecialTrick:
    """The trick just taken."""
    assert state.last_trick is not None
    return state.last_trick


def last_trick_view(state: State) -> TrickView:
    view = seat_view(state, 0)["last_trick"]
    assert view is not None
    return view


def names(mask: int) -> set[str]:
    return {card_name(card) for card in cards_of(mask)}


def play_out(state: State, *actions: str) -> State:
    """``act`` for a state whose next actions are known, refusing any it finds illegal."""
    return act(state, *actions)


# --- S1..S3: the decks and the options ------------------------------------------------


@pytest.mark.parametrize(("box", "size"), [("2016", 66), ("2021", 67), ("2026", 69)])
def test_s1_each_box_adds_its_cards_after_the_60(box: str, size: int) -> None:
    state = State(GameConfig.of(4, specials=box))
    assert isinstance(state, SpecialState)
    assert state.deck_mask.bit_count() == size
    assert names(state.deck_mask) >= {"Dragon", "Fairy", "Bomb", "Werewolf", "Juggler", "Cloud"}


def test_s1_any_set_of_cards_by_name_but_the_dragon_only_with_the_fairy() -> None:
    state = State(GameConfig.of(3, specials="bomb, CLOUD"))
    assert names(state.deck_mask) - names(State(GameConfig.of(3)).deck_mask) == {"Bomb", "Cloud"}
    assert raised(lambda: GameConfig.of(3, specials="Dragon")).code == "specials_dragon_fairy"
    assert raised(lambda: GameConfig.of(3, specials="Dragon,Unicorn")).code == "specials_unknown"
    assert raised(lambda: GameConfig.of(3, specials="1999")).code == "specials_unknown"


def test_s1_a_base_game_stays_a_base_game() -> None:
    state = State(GameConfig.of(4, seed=3))
    assert type(state) is State
    assert "specials" not in seat_view(state, 0)
    assert "specials" not in GameConfig.of(4).to_dict()["options"]


def test_s2_rounds_stay_60_over_players_and_the_last_round_turns_a_card_up() -> None:
    state = State(GameConfig.of(3, seed=5, specials="2016"))
    assert state.rounds == 20
    while state.round < 20:
        state.apply(state.to_act()[0], state.legal_actions(state.to_act()[0])[0])
    assert state.turned is not None
    assert seat_view(state, 0)["trump"]["why"] != "last_round"


@pytest.mark.parametrize("option", [{"foresight": True}, {"unicoloured": True}])
def test_s3_foresight_and_unicoloured_are_refused(option: dict) -> None:
    reason = raised(lambda: GameConfig.of(4, specials="2026", **option))
    assert (reason.code, reason.rule) == ("specials_exclude", "S3")


def test_s3_hidden_and_secret_bids_plus_minus_one_and_canadian_combine() -> None:
    for options in ({"bidding": "hidden"}, {"bidding": "secret"}, {"plus_minus_one": True}, {"canadian": True},
                    {"schedule": "tournament"}):
        assert isinstance(State(GameConfig.of(4, specials="2026", **options)), SpecialState)


def test_t2_maximus_is_refused_with_special_cards() -> None:
    reason = raised(lambda: GameConfig.of(4, specials="2016", schedule="maximus"))
    assert (reason.code, reason.rule) == ("specials_exclude", "T2")


# --- S4..S8: playing the cards ---------------------------------------------------------


def test_s4_a_special_card_may_be_played_while_the_led_suit_must_be_followed() -> None:
    state = sdeal(["AH 2C 2D", "5H 6C 3D", "3H Bomb 4C"], "9D", specials="2016")
    act(state, "bid 0", "bid 0", "bid 0", "play 5H")
    assert {str(a) for a in state.legal_actions(2)} == {"play 3H", "play Bomb"}
    hand = {one["card"]: one for one in seat_view(state, 2)["hand"] or []}
    assert hand["Bomb"]["playable"] and not hand["4C"]["playable"]
    why_not = hand["4C"]["why_not"]
    assert why_not is not None and why_not["code"] == "must_follow"


def test_s5_juggler_and_cloud_rank_between_the_numbers_of_their_named_colour() -> None:
    seven, eight, nine, ten = (identity(Action.parse(f"play {c}").card, 0) for c in ("7H", "8H", "9H", "TH"))
    juggler = identity(Action.parse("play Juggler H").card, Action.parse("play Juggler H").how)
    cloud = identity(Action.parse("play Cloud H").card, Action.parse("play Cloud H").how)
    assert seven.value < juggler.value < eight.value < nine.value < cloud.value < ten.value
    assert juggler.suit == cloud.suit == 2
    assert trick_winner([seven, juggler, eight], None) == 2
    assert trick_winner([juggler, seven], None) == 0


def test_s6_a_led_juggler_makes_its_named_colour_the_led_suit() -> None:
    state = sdeal(["2C 3C", "Juggler 4S", "5H 6C"], "9D", specials="2016")
    act(state, "bid 0", "bid 0", "bid 0", "play Juggler H")
    assert state.trick.led_suit == 2
    assert {str(a) for a in state.legal_actions(2)} == {"play 5H"}


def test_s6_a_led_dragon_frees_the_trick_and_a_led_fairy_leaves_it_open() -> None:
    state = sdeal(["2C 3C", "Dragon Fairy", "5H 6C"], "9D", specials="2016")
    act(state, "bid 0", "bid 0", "bid 0", "play Fairy")
    assert state.trick.led_suit is None and state.trick.led == 6  # nothing led yet
    act(state, "play 5H")
    assert state.trick.led_suit == 2


def test_s7_the_five_card_example_fairy_dragon_juggler_bomb_witch() -> None:
    state = sdeal(["2C 3C", "Fairy 4C", "Dragon 5C", "Juggler 6C", "Bomb 7C"], "Witch", specials="2026",
                 dealer=4)
    act(state, *["bid 0"] * 5)
    assert state.phase is Phase.PLAYING and state.turn == 0
    act(state, "play 2C", "play Fairy", "play Dragon", "play Juggler S", "play Bomb")
    trick = done(state)
    assert trick.bombed
    assert trick.winner == 1  # S7: Dragon and Fairy together, the Fairy wins (S9: ignoring the Bomb)
    assert state.taken == [0, 0, 0, 0, 0]  # S9: the trick goes to nobody
    assert state.phase is Phase.PASSING  # S13: the Juggler's pass even after a Bomb


def test_s7_winner_of_every_mix() -> None:
    dragon, fairy, wizard, jester, witch, bomb = (identity(Action.parse(f"play {c}").card, 0) for c in
                                                  ("Dragon", "Fairy", "Z", "N", "Witch", "Bomb"))
    shifted = identity(Action.parse("play Shapeshifter Z").card, Action.parse("play Shapeshifter Z").how)
    ace = identity(Action.parse("play AH").card, 0)
    assert trick_winner([wizard, dragon], None) == 1  # the Dragon beats the Wizards
    assert trick_winner([dragon, wizard, fairy], None) == 2  # the Fairy beats the Dragon
    assert trick_winner([fairy, ace], None) == 1  # without the Dragon the Fairy is Jester-like
    assert trick_winner([shifted, wizard], None) == 0  # a Shapeshifter declared Wizard is a Wizard
    assert trick_winner([witch, fairy, jester], None) == 2  # Jester > Fairy > Witch
    assert trick_winner([witch, fairy], None) == 1
    assert trick_winner([bomb, witch, jester, jester], None) == 2  # the first of the Jesters


@pytest.mark.parametrize(("turned", "phase", "suit"), [("Dragon", Phase.TRUMP, None), ("Cloud", Phase.TRUMP, None),
                                                       ("Fairy", Phase.BIDDING, None), ("Bomb", Phase.BIDDING, None),
                                                       ("Witch", Phase.BIDDING, None), ("9D", Phase.BIDDING, 1)])
def test_s8_a_turned_up_special_card(turned: str, phase: Phase, suit: int | None) -> None:
    state = sdeal(["2C", "3C", "4C"], turned, specials="2026")
    assert state.phase is phase and state.trump == suit
    if phase is Phase.TRUMP:
        assert state.turn == state.dealer
        act(state, "trump S")
        assert state.trump == 3 and seat_view(state, 1)["trump"]["why"] == "chosen"
    else:
        assert seat_view(state, 1)["trump"]["why"] in ("no_trump_card", "turned")


# --- S9..S13: the effects ----------------------------------------------------------------


def test_s9_a_bombed_trick_is_nobodys_and_the_would_be_winner_leads() -> None:
    state = sdeal(["2C AD", "Bomb 4C", "KC 6C"], "9D", specials="2016")
    act(state, "bid 1", "bid 0", "bid 1", "play Bomb", "play KC", "play 2C")
    assert state.taken == [0, 0, 0] and state.turn == 2 and done(state).bombed


def test_s9_the_tricks_of_a_round_may_add_up_to_less_than_the_cards() -> None:
    state = sdeal(["2C", "Bomb", "KC"], "9D", specials="2016")
    act(state, "bid 1", "bid 0", "bid 1", "play Bomb", "play KC", "play 2C")
    assert state.pad[-1] and sum(row.taken for row in state.pad[-1]) == 0


def test_s10_the_werewolf_swaps_with_the_turned_card_and_its_holder_calls_trump() -> None:
    state = sdeal(["2C 3C", "Werewolf 4C", "5C 6C"], "Z", specials="2016")
    assert state.phase is Phase.WEREWOLF and state.turn == 1  # it replaces the dealer's choice
    assert names(state.hands[1]) == {"Z", "4C"} and state.turned == Action.parse("play Werewolf").card
    assert {str(a) for a in state.legal_actions(1)} == {"call C", "call D", "call H", "call S", "call none"}
    act(state, "call none")
    assert state.trump is None and state.phase is Phase.BIDDING and seat_view(state, 0)["trump"]["why"] == "called"
    assert seat_view(state, 2)["specials"]["werewolf"] == {"seat": 1, "took": "Z"}


def test_s11_the_shapeshifter_is_declared_a_wizard_or_a_jester() -> None:
    state = sdeal(["2C 3C", "Shapeshifter 4C", "AC 6C"], "9D", specials="2021")
    act(state, "bid 0", "bid 0", "bid 0")
    assert {str(a) for a in state.legal_actions(1)} >= {"play Shapeshifter Z", "play Shapeshifter N"}
    act(state, "play Shapeshifter N", "play AC", "play 2C")
    assert state.taken == [0, 0, 1]
    state = sdeal(["2C 3C", "Shapeshifter 4C", "Z 6C"], "9D", specials="2021")
    act(state, "bid 0", "bid 0", "bid 0", "play Shapeshifter Z", "play Z", "play 2C")
    assert state.taken == [0, 1, 0]  # the first Wizard


def test_s12_the_vampire_copies_the_turned_up_card() -> None:
    state = sdeal(["2C 3C", "Vampire 4C", "KD 6C"], "AD", specials="2026")
    act(state, "bid 0", "bid 0", "bid 0", "play Vampire", "play KD", "play 2C")
    assert state.taken == [0, 1, 0]  # an ace of trump beats the king
    assert last_trick_view(state).get("copies") == ["AD", None, None]


def test_s12_a_vampire_copying_a_juggler_names_its_colour() -> None:
    state = sdeal(["2C 3C", "Vampire 4C", "8S 6C"], "Juggler", specials="2026")
    act(state, "trump C", "bid 0", "bid 0", "bid 0")
    assert {str(a) for a in state.legal_actions(1)} >= {"play Vampire S", "play Vampire H"}
    act(state, "play Vampire S", "play 8S", "play 2C")
    assert state.taken[0] == 1  # 2C is trump
    assert state.phase is Phase.PASSING  # the copy brings the Juggler's pass


def test_s12_the_vampire_on_the_werewolf_turns_up_the_next_card() -> None:
    state = sdeal(["2C 3C", "Werewolf Vampire", "5H 6C"], "9D", specials="2026")
    act(state, "call H")  # seat 1 swaps: the 9D joins its hand, the Werewolf lies turned up
    stock_first = state.stock_order[0]
    act(state, "bid 0", "bid 0", "bid 0", "play Vampire")
    assert state.turned == stock_first and state.set_aside  # the next card of the stock, trump from now on
    view = seat_view(state, 0)
    assert view["trump"]["why"] in ("revealed", "choosing")
    while state.phase is Phase.VAMPIRE:
        act(state, str(state.legal_actions(state.turn)[0]))
    assert state.trick.copies[0] == stock_first


def test_s13_the_juggler_passes_a_card_to_the_left_all_at_once() -> None:
    state = sdeal(["2C 3C", "Juggler 4C", "5H 6C"], "9D", specials="2016")
    act(state, "bid 0", "bid 0", "bid 0", "play Juggler D", "play 5H", "play 2C")
    assert state.phase is Phase.PASSING and set(state.to_act()) == {0, 1, 2}
    state.apply(2, "pass 6C")
    assert raised(lambda: state.apply(2, "pass 3C")).code == "already_passed"
    assert state.hands[0] & (1 << Action.parse("play 6C").card) == 0  # nobody receives before all passed
    state.apply(0, "pass 3C")
    state.apply(1, "pass 4C")
    assert names(state.hands[0]) == {"6C"} and names(state.hands[1]) == {"3C"} and names(state.hands[2]) == {"4C"}
    assert state.phase is Phase.PLAYING and state.turn == 1


def test_s13_no_pass_after_the_rounds_last_trick() -> None:
    state = sdeal(["2C", "Juggler", "5H"], "9D", specials="2016")
    act(state, "bid 0", "bid 0", "bid 0", "play Juggler D", "play 5H", "play 2C")
    assert state.round == 2 and len(state.pad) == 1


def test_s13_the_cloud_moves_its_winners_bid_and_scoring_uses_it() -> None:
    state = sdeal(["2C 3C", "Cloud 4C", "5H 6C"], "9D", specials="2016")
    act(state, "bid 0", "bid 1", "bid 1", "play Cloud D", "play 5H", "play 2C")  # seat 1 bids first
    assert state.bids == [1, 0, 1]
    assert state.phase is Phase.CLOUD and state.turn == 1  # the trick's winner
    assert raised(lambda: state.apply(1, "cloud -1")).code == "cloud_below_zero"  # a bid of 0 only goes up
    state.apply(1, "cloud +1")
    assert state.bids[1] == 1 and seat_view(state, 2)["specials"]["cloud"] == [0, 1, 0]


def test_s13_no_cloud_change_after_a_bomb() -> None:
    state = sdeal(["Bomb 3C", "Cloud 4C", "5H 6C"], "9D", specials="2016")
    act(state, "bid 0", "bid 1", "bid 1", "play Cloud D", "play 5H", "play Bomb")
    assert state.phase is Phase.PLAYING and state.bids == [1, 0, 1]


def test_s13_the_witch_swaps_a_card_with_the_trick_and_the_winner_stays() -> None:
    state = sdeal(["2C 3C", "Witch 4C", "AC 6C"], "9D", specials="2026")
    act(state, "bid 0", "bid 0", "bid 1", "play Witch", "play AC", "play 2C")
    assert state.phase is Phase.WITCH and state.turn == 1 and state.taken == [0, 0, 1]
    legal = {str(a) for a in state.legal_actions(1)}
    assert legal == {"witch 4C AC", "witch 4C 2C"}  # not the Witch itself, not the card put in
    assert raised(lambda: state.apply(1, "witch 4C Witch")).code == "witch_take"
    state.apply(1, "witch 4C AC")
    assert names(state.hands[1]) == {"AC"} and state.taken == [0, 0, 1]
    assert last_trick_view(state).get("swaps") == [{"seat": 1, "put": "4C", "took": "AC", "from": 2}]


def test_s13_a_witch_with_no_swap_to_make_is_skipped() -> None:
    # Ours: a Jester in hand and only Jesters beside the Witch leave no swap (a Jester for a
    # Jester changes nothing); the soak found the game stuck there, the Witch's player to act
    # with no legal action.
    state = sdeal(["N 5C", "Witch N", "N 6C"], "9D", specials="2026")
    act(state, "bid 0", "bid 0", "bid 0", "play Witch", "play N", "play N")
    assert state.phase is Phase.PLAYING and len(state.tricks) == 1
    assert [str(a) for a in state.legal_actions(state.turn)] and state.tricks[-1].swaps == []


def test_s13_a_witch_swap_in_a_copy_leaves_the_original_trick_whole() -> None:
    # The search plays every swap out on copies of one state: a copy sharing the trick just
    # taken would carry each swap into the next.
    state = sdeal(["Cloud 3C 7S", "Witch 4C 8S", "Juggler 6C 9S"], "9D", specials="2026")
    act(state, "bid 0", "bid 0", "bid 0", "play Witch", "play Juggler D", "play Cloud D")
    while state.phase is not Phase.WITCH:
        for seat in state.to_act():
            state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act()[0]
    cards = list(state.tricks[-1].cards)
    for action in state.legal_actions(seat):
        copy = state.copy()
        assert copy.trick is copy.last_trick is copy.tricks[-1]  # one object, as in the original
        copy.apply(seat, action)
        assert state.tricks[-1].cards == cards and state.trick is state.last_trick is state.tricks[-1]
        assert copy.tricks[-1].swaps and not state.tricks[-1].swaps
        twin = state.copy()
        twin.apply(seat, action)
        assert [seat_view(twin, s) for s in range(3)] == [seat_view(copy, s) for s in range(3)]


def test_s13_the_effects_come_in_order_pass_then_cloud_then_witch() -> None:
    state = sdeal(["Cloud 3C 7S", "Witch 4C 8S", "Juggler 6C 9S"], "9D", specials="2026")
    act(state, "bid 0", "bid 0", "bid 0", "play Witch", "play Juggler D", "play Cloud D")
    seen = []
    while state.phase is not Phase.PLAYING:
        seen.append(state.phase)
        for seat in state.to_act():
            state.apply(seat, state.legal_actions(seat)[0])
    assert seen == [Phase.PASSING, Phase.CLOUD, Phase.WITCH]


# --- S14: who knows what -------------------------------------------------------------------


def test_s14_a_passed_card_is_seen_by_its_giver_and_receiver_only() -> None:
    state = sdeal(["2C 3C", "Juggler 4C", "5H 6C"], "9D", specials="2016")
    act(state, "bid 0", "bid 0", "bid 0", "play Juggler D", "play 5H", "play 2C")
    state.apply(0, "pass 3C")
    state.apply(1, "pass 4C")
    state.apply(2, "pass 6C")
    views = [seat_view(state, seat) for seat in range(3)]
    assert views[0]["specials"]["passes"] == [{"trick": 1, "gave": "3C", "got": "6C"}]
    assert views[1]["specials"]["passes"] == [{"trick": 1, "gave": "4C", "got": "3C"}]
    assert "3C" not in str(views[2]["specials"]) and seat_view(state, None)["specials"]["passes"] == []
    assert views[2]["specials"]["passes_to"] == [1, 2, 0]  # each seat's card goes to the left


def test_s14_the_last_action_of_a_pass_shows_its_card_to_its_giver_only() -> None:
    state = sdeal(["2C 3C", "Juggler 4C", "5H 6C"], "9D", specials="2016")
    act(state, "bid 0", "bid 0", "bid 0", "play Juggler D", "play 5H", "play 2C")
    state.apply(2, "pass 6C")
    assert seat_view(state, 2)["last_action"] == {"seat": 2, "action": "pass 6C"}
    assert [seat_view(state, seat)["last_action"] for seat in (0, 1, None)] == [{"seat": 2, "action": "pass ?"}] * 3


def test_s14_the_score_pad_shows_each_cloud_change() -> None:
    state = sdeal(["2C", "Cloud", "5H"], "9D", specials="2016")
    act(state, "bid 0", "bid 1", "bid 1", "play Cloud D", "play 5H", "play 2C", "cloud +1")
    assert state.pad[-1][1].bid == 1 and state.pad[-1][1].points == 30
    assert seat_view(state, 0)["specials"]["cloud_pad"] == [[0, 1, 0]]
