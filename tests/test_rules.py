"""One or more tests for every rule of docs/rules.md, named after it (tests/test_rules_doc.py
checks that each rule has one)."""

from __future__ import annotations

import pytest

from tests.helpers import act, deal, random_game
from wizard_engine import ConfigError, GameConfig, IllegalActionError, NotationError, Phase, State
from wizard_engine.cards import (
    DECK_SIZE,
    JESTER,
    RANK_OF,
    SUIT_OF,
    WIZARD,
    card_name,
    cards_of,
    parse_card,
    parse_cards,
)
from wizard_engine.rules import STANDARD
from wizard_engine.scoring import round_points, score_round
from wizard_engine.themes import card_label


def winner_of(hands: list[str], plays: list[str], turned: str | None = None) -> int:
    """Deal ``hands``, everyone bids 0, seat 0 leads ``plays``; return the trick's winner."""
    state = deal(hands, turned=turned, dealer=len(hands) - 1)
    act(state, *(["bid 0"] * len(hands)), *plays)
    return state.last_trick.winner  # type: ignore[union-attr]


# --- Cards -------------------------------------------------------------------------

def test_r1_deck_has_four_suits_of_thirteen_four_wizards_four_jesters() -> None:
    kinds = [SUIT_OF[c] for c in range(DECK_SIZE)]
    assert [kinds.count(s) for s in range(4)] == [13] * 4
    assert kinds.count(WIZARD) == 4 and kinds.count(JESTER) == 4


def test_r1_notation_round_trips() -> None:
    assert [card_name(c) for c in parse_cards("7H TH 10S AS 2C Z Z N")] == \
        ["7H", "TH", "TS", "AS", "2C", "Z", "Z", "N"]
    assert card_name(parse_card("qd")) == "QD"
    with pytest.raises(NotationError, match="Not a card"):
        parse_card("1H")
    with pytest.raises(NotationError, match="More than four"):
        parse_cards("Z Z Z Z Z")


def test_r2_classic_and_amigo_themes_name_the_same_card() -> None:
    queen_of_hearts = parse_card("QH")
    assert (SUIT_OF[queen_of_hearts], RANK_OF[queen_of_hearts]) == (2, 11)
    assert card_label(queen_of_hearts) == "queen of hearts"
    assert card_label(queen_of_hearts, "amigo") == "11 of Elves"
    assert card_label(parse_card("2C"), "amigo") == "1 of Humans" and card_label(parse_card("TC")) == "10 of clubs"
    assert card_label(parse_card("Z"), "amigo") == "Wizard"


def test_r3_value_order_jester_lowest_wizard_highest() -> None:
    order = [parse_card(c) for c in ["N", "2S", "9S", "TS", "AS", "Z"]]
    assert [RANK_OF[c] for c in order] == sorted(RANK_OF[c] for c in order)
    assert len({RANK_OF[c] for c in order}) == len(order)


# --- Players, rounds, seats -----------------------------------------------------------

@pytest.mark.parametrize("count", [2, 7])
def test_r4_three_to_six_players(count: int) -> None:
    with pytest.raises(ConfigError, match=r"3 to 6 players.*\(R4\)"):
        GameConfig.of(count)


def test_r4_left_is_next_seat_clockwise() -> None:
    state = State(GameConfig.of(4))
    assert [state.left_of(s) for s in range(4)] == [1, 2, 3, 0]


@pytest.mark.parametrize(("players", "rounds"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_r5_rounds_and_cards_per_round(players: int, rounds: int) -> None:
    state = random_game(GameConfig.of(players, seed=players), seed=1)
    assert state.rounds == rounds and len(state.pad) == rounds
    assert [sum(row.taken for row in rows) for rows in state.pad] == list(range(1, rounds + 1))


def test_r6_highest_draw_deals_first_and_ties_draw_again() -> None:
    tied = next(State(GameConfig.of(6, seed=s)) for s in range(500)
                if len(State(GameConfig.of(6, seed=s)).draws) > 1)
    first, second = tied.draws[0], tied.draws[1]
    top = max(RANK_OF[c] for _, c in first)
    assert sorted(s for s, c in first if RANK_OF[c] == top) == sorted(s for s, _ in second)
    final = tied.draws[-1]
    best = max(final, key=lambda sc: RANK_OF[sc[1]])
    assert tied.first_dealer == best[0] == tied.dealer
    assert [RANK_OF[c] for _, c in final].count(RANK_OF[best[1]]) == 1


def test_r6_deal_passes_clockwise_each_round() -> None:
    state = State(GameConfig.of(4, seed=3))
    dealers = [state.dealer]
    while state.round < 4:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
        if state.dealer != dealers[-1]:
            dealers.append(state.dealer)
    assert dealers == [(state.first_dealer + i) % 4 for i in range(4)]


# --- Deal and trump ----------------------------------------------------------------------

def test_r7_each_round_deals_r_cards_from_all_sixty() -> None:
    state = State(GameConfig.of(5, seed=9))
    assert [h.bit_count() for h in state.hands] == [1] * 5
    assert state.stock.bit_count() == DECK_SIZE - 5 - 1


def test_r8_turned_suit_card_is_trump() -> None:
    state = deal(["7H", "3C", "2S"], turned="9D")
    assert state.trump == 1 and state.phase is Phase.BIDDING


def test_r8_turned_jester_means_no_trump() -> None:
    assert deal(["7H", "3C", "2S"], turned="N").trump is None


def test_r8_turned_wizard_dealer_chooses_trump_after_seeing_hand() -> None:
    state = deal(["7H", "3C", "2S"], turned="Z", dealer=2)
    assert state.phase is Phase.TRUMP and state.to_act() == (2,)
    assert [str(a) for a in state.legal_actions(2)] == ["trump C", "trump D", "trump H", "trump S"]
    with pytest.raises(IllegalActionError, match=r"turn to choose trump \(R8\)"):
        state.apply(0, "trump H")
    state.apply(2, "trump S")
    assert state.trump == 3 and state.phase is Phase.BIDDING and state.to_act() == (0,)


def test_r9_last_round_has_no_trump() -> None:
    state = State(GameConfig.of(3, seed=4))
    while state.round < 20:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.turned is None and state.trump is None and state.stock == 0


# --- Bidding ----------------------------------------------------------------------------

def test_r10_bids_go_clockwise_from_dealers_left_ending_with_dealer() -> None:
    state = deal(["7H 2C", "3C 4C", "2S 5S", "8D 9D"], turned="TH", dealer=1)
    order = []
    for _ in range(4):
        order.append(state.to_act()[0])
        state.apply(order[-1], "bid 0")
    assert order == [2, 3, 0, 1] and state.phase is Phase.PLAYING


def test_r10_bid_must_be_between_zero_and_hand_size() -> None:
    state = deal(["7H 2C", "3C 4C", "2S 5S"], turned="TH", dealer=2)
    with pytest.raises(IllegalActionError, match=r"Cannot bid 3: a bid is a whole number from 0 to 2 \(R10\)"):
        state.apply(0, "bid 3")
    with pytest.raises(IllegalActionError, match=r"Player 1's turn to bid \(R10\)"):
        state.apply(1, "bid 1")


def test_r10_open_bids_are_seen_at_once_and_any_total_is_allowed() -> None:
    from wizard_engine.view import seat_view
    state = act(deal(["7H 2C", "3C 4C", "2S 5S"], turned="TH", dealer=2), "bid 2", "bid 2")
    assert seat_view(state, 2)["bids"] == [2, 2, None]
    assert "bid 2" in seat_view(state, 2)["legal"]


def test_r11_hidden_bids_all_at_once_revealed_together() -> None:
    from wizard_engine.view import seat_view
    state = deal(["7H 2C", "3C 4C", "2S 5S"], turned="TH", bidding="hidden")
    assert state.to_act() == (0, 1, 2)
    state.apply(2, "bid 1")
    state.apply(0, "bid 2")
    assert seat_view(state, 1)["bids"] == [None, None, None]
    assert seat_view(state, 0)["bids"] == [2, None, None]
    assert seat_view(state, 1)["last_action"] == {"seat": 0, "action": "bid ?"}
    with pytest.raises(IllegalActionError, match=r"already bid this round \(R10\)"):
        state.apply(0, "bid 1")
    state.apply(1, "bid 0")
    assert seat_view(state, 1)["bids"] == [2, 0, 1]


def test_r11_secret_bids_stay_unknown_until_the_round_is_played() -> None:
    from wizard_engine.view import seat_view
    state = deal(["7H", "3C", "2S"], turned="TH", bidding="secret", dealer=2)
    for seat, n in ((0, 1), (1, 0), (2, 0)):
        state.apply(seat, f"bid {n}")
    assert seat_view(state, 1)["bids"] == [None, 0, None] and state.phase is Phase.PLAYING
    act(state, "play 7H", "play 3C", "play 2S")
    assert [row["bid"] for row in seat_view(state, 1)["score_pad"][0]] == [1, 0, 0]


def test_r11_canadian_rule_forbids_sole_leading_dealer_to_even_the_bids() -> None:
    state = deal(["7H 2C", "3C 4C", "2S 5S"], turned="TH", dealer=2, canadian=True, totals=[10, 0, 40])
    act(state, "bid 1", "bid 0")
    assert [str(a) for a in state.legal_actions(2)] == ["bid 0", "bid 2"]
    with pytest.raises(IllegalActionError, match=r"Cannot bid 1: .*alone in the lead.*\(Canadian rule, R11\)"):
        state.apply(2, "bid 1")


def test_r11_canadian_rule_always_allows_zero_and_ignores_ties() -> None:
    state = deal(["7H 2C", "3C 4C", "2S 5S"], turned="TH", dealer=2, canadian=True, totals=[0, 0, 40])
    act(state, "bid 2", "bid 0")
    assert "bid 0" in [str(a) for a in state.legal_actions(2)]
    tied = deal(["7H 2C", "3C 4C", "2S 5S"], turned="TH", dealer=2, canadian=True, totals=[40, 0, 40])
    act(tied, "bid 1", "bid 0")
    assert len(tied.legal_actions(2)) == 3


def test_r11_plus_minus_one_forbids_the_dealer_to_make_bids_add_up() -> None:
    state = deal(["7H 2C", "3C 4C", "2S 5S"], turned="TH", dealer=2, plus_minus_one=True)
    act(state, "bid 0", "bid 0")
    assert [str(a) for a in state.legal_actions(2)] == ["bid 0", "bid 1"]
    message = r"Cannot bid 2: the bids would add up to 2 tricks \(plus/minus one, R11\)"
    with pytest.raises(IllegalActionError, match=message):
        state.apply(2, "bid 2")
    over = act(deal(["7H 2C", "3C 4C", "2S 5S"], turned="TH", dealer=2, plus_minus_one=True), "bid 2", "bid 1")
    assert len(over.legal_actions(2)) == 3


@pytest.mark.parametrize("rule", [{"canadian": True}, {"plus_minus_one": True}])
@pytest.mark.parametrize("bidding", ["hidden", "secret"])
def test_r11_last_bidder_rules_need_open_bids(rule: dict[str, bool], bidding: str) -> None:
    with pytest.raises(ConfigError, match=r"needs open bids.*\(R11\)"):
        GameConfig.of(4, bidding=bidding, **rule)


def test_r11_canadian_and_plus_minus_one_together_are_refused() -> None:
    with pytest.raises(ConfigError, match="not both"):
        GameConfig.of(4, canadian=True, plus_minus_one=True)


# --- Play ----------------------------------------------------------------------------------

def test_r12_dealers_left_leads_first_and_winner_leads_next() -> None:
    state = act(deal(["7H 2C", "3C 4C", "AH 5S"], turned="TD", dealer=2), "bid 0", "bid 0", "bid 0")
    assert state.to_act() == (0,)
    act(state, "play 7H", "play 3C", "play AH")
    assert state.taken == [0, 0, 1] and state.to_act() == (2,)


def test_r13_must_follow_the_led_suit() -> None:
    state = act(deal(["7H 2C", "3C 4H", "AH 5S"], turned="TD", dealer=2), "bid 0", "bid 0", "bid 0",
                "play 7H")
    assert [str(a) for a in state.legal_actions(1)] == ["play 4H"]
    with pytest.raises(IllegalActionError, match=r"^Cannot play 3C: you must follow hearts \(R13\)$"):
        state.apply(1, "play 3C")


def test_r13_wizard_and_jester_may_always_be_played() -> None:
    state = act(deal(["7H 2C", "Z 4H", "N 5H"], turned="TD", dealer=2), "bid 0", "bid 0", "bid 0",
                "play 7H")
    assert {str(a) for a in state.legal_actions(1)} == {"play 4H", "play Z"}
    act(state, "play Z")
    assert {str(a) for a in state.legal_actions(2)} == {"play 5H", "play N"}


def test_r13_without_the_led_suit_anything_goes() -> None:
    state = act(deal(["7H 2C", "3C 4S", "AH 5S"], turned="TD", dealer=2), "bid 0", "bid 0", "bid 0",
                "play 7H")
    assert {str(a) for a in state.legal_actions(1)} == {"play 3C", "play 4S"}


def test_r14_jester_lead_next_card_sets_the_suit() -> None:
    state = act(deal(["N 2C", "3C 4H", "AH 5C"], turned="TD", dealer=2), "bid 0", "bid 0", "bid 0",
                "play N", "play 3C")
    assert [str(a) for a in state.legal_actions(2)] == ["play 5C"]


def test_r14_jester_then_wizard_means_no_led_suit() -> None:
    state = act(deal(["N 2C", "Z 4H", "AH 5C"], turned="TD", dealer=2), "bid 0", "bid 0", "bid 0",
                "play N", "play Z")
    assert {str(a) for a in state.legal_actions(2)} == {"play AH", "play 5C"}


def test_r15_wizard_lead_frees_everyone_including_more_wizards() -> None:
    state = act(deal(["Z 2C", "3C Z", "AH 5C"], turned="TD", dealer=2), "bid 0", "bid 0", "bid 0", "play Z")
    assert {str(a) for a in state.legal_actions(1)} == {"play 3C", "play Z"}


def test_r16_first_wizard_wins() -> None:
    assert winner_of(["7H 2C", "Z 4S", "Z 5S"], ["play 7H", "play Z", "play Z"], turned="TD") == 1


def test_r16_highest_trump_wins() -> None:
    assert winner_of(["7H 2C", "2D 4S", "3D 5S"], ["play 7H", "play 2D", "play 3D"], turned="TD") == 2


def test_r16_highest_of_led_suit_wins_without_trump() -> None:
    assert winner_of(["7H 2C", "AS 4S", "9H 5S"], ["play 7H", "play AS", "play 9H"], turned="TD") == 2
    assert winner_of(["7H 2C", "AS 4S", "9H 5S"], ["play 7H", "play AS", "play 9H"], turned="N") == 2


def test_r16_all_jesters_first_jester_wins() -> None:
    assert winner_of(["N 2C", "N 4S", "N 5S"], ["play N", "play N", "play N"], turned="TD") == 0


def test_r16_a_jester_lead_loses_to_any_later_card() -> None:
    assert winner_of(["N 2C", "3S 4S", "N 5S"], ["play N", "play 3S", "play N"], turned="TD") == 1


# --- Scoring and end ----------------------------------------------------------------------

@pytest.mark.parametrize(("bid", "taken", "points"), [(0, 0, 20), (3, 3, 50), (2, 0, -20), (1, 4, -30)])
def test_r17_exact_bid_scores_twenty_plus_ten_a_trick_else_minus_ten_a_trick(bid: int, taken: int, points: int) -> None:
    assert round_points(bid, taken) == points


def test_r17_a_played_round_is_scored_on_the_pad() -> None:
    state = act(deal(["7H", "3C", "AH"], turned="TD", dealer=2, round_=1), "bid 0", "bid 1", "bid 1",
                "play 7H", "play 3C", "play AH")
    assert [(r.bid, r.taken, r.points) for r in state.pad[0]] == [(0, 0, 20), (1, 0, -10), (1, 1, 30)]


def test_r18_highest_total_wins_and_equal_totals_share() -> None:
    state = random_game(GameConfig.of(3, seed=2), seed=2)
    assert state.is_over and state.winners() == [s for s, t in enumerate(state.totals) if t == max(state.totals)]
    state.totals = [50, 50, 10]
    assert state.winners() == [0, 1]
    with pytest.raises(IllegalActionError, match=r"game is over \(R18\)"):
        state.apply(0, "bid 0")


def test_r19_score_pad_paul_thomas_marie_worked_example() -> None:
    rounds = [([0, 1, 1], [0, 0, 1]), ([2, 0, 0], [1, 0, 1]), ([0, 2, 1], [1, 2, 0])]
    totals, pad = [0, 0, 0], []
    for bids, taken in rounds:
        rows = score_round(bids, taken, totals)
        totals = [row.total for row in rows]
        pad.append(totals)
    assert pad == [[20, -10, 30], [10, 10, 20], [0, 50, 10]]


def test_r19_score_pad_rows_hold_bid_taken_points_and_running_total() -> None:
    state = random_game(GameConfig.of(4, seed=8), seed=8)
    for seat in range(4):
        running = 0
        for rows in state.pad:
            row = rows[seat]
            running += row.points
            assert row.points == round_points(row.bid, row.taken) and row.total == running
    assert state.totals == [row.total for row in state.pad[-1]]


# --- Amigo variants ----------------------------------------------------------------------

def test_r20_foresight_shows_others_cards_but_not_your_own_in_round_one() -> None:
    from wizard_engine.view import seat_view
    state = State(GameConfig.of(4, seed=1, foresight=True))
    view = seat_view(state, 0)
    assert view["hand"] is None and view["hand_hidden"]
    assert view["shown_hands"] is not None and view["shown_hands"][0] is None
    assert view["shown_hands"][1] == [card_name(c) for c in cards_of(state.hands[1])]
    act(state, *(["bid 0"] * 4))
    assert seat_view(state, 0)["shown_hands"] is None and seat_view(state, 0)["hand"] is not None


def test_r20_foresight_ends_after_round_one() -> None:
    from wizard_engine.view import seat_view
    state = State(GameConfig.of(3, seed=1, foresight=True))
    while state.round == 1:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    view = seat_view(state, 0)
    assert view["shown_hands"] is None and view["hand"] is not None and len(view["hand"]) == 2


def test_r21_unicoloured_each_player_draws_r_plus_3_of_own_fifteen() -> None:
    state = State(GameConfig.of(3, seed=5, unicoloured=True))
    assert state.rounds == 12 and state.hand_size == 4 and state.trump is None
    for seat, hand in enumerate(state.hands):
        assert hand.bit_count() == 4
        assert all(SUIT_OF[c] == seat or c in (52 + seat, 56 + seat) for c in cards_of(hand))
    assert [str(a) for a in state.legal_actions(state.to_act()[0])][-1] == "bid 4"


def test_r21_unicoloured_any_card_highest_number_first_of_equals_wins() -> None:
    state = deal(["7C 2C", "7D 4D", "3H 5H"], unicoloured=True, dealer=2)
    act(state, "bid 0", "bid 0", "bid 0", "play 7C", "play 7D")
    assert state.trick.winner == 0
    assert len(state.legal_actions(2)) == 2
    act(state, "play 3H")
    assert state.last_trick.winner == 0  # type: ignore[union-attr]


def test_r21_unicoloured_is_for_three_or_four_players_without_foresight() -> None:
    with pytest.raises(ConfigError, match=r"\(R21\)"):
        GameConfig.of(5, unicoloured=True)
    with pytest.raises(ConfigError, match=r"Unicoloured or Foresight, not both \(R21\)"):
        GameConfig.of(4, unicoloured=True, foresight=True)


# --- Consistency ---------------------------------------------------------------------------

def test_r22_every_card_is_in_exactly_one_place() -> None:
    state = act(deal(["7H 2C", "3C 4H", "AH 5S"], turned="TD", dealer=2), "bid 0", "bid 0", "bid 0", "play 7H")
    assert state.turned is not None
    places = state.hands + [state.stock, 1 << state.turned] + [1 << c for c in state.trick.cards]
    union = 0
    for place in places:
        assert union & place == 0
        union |= place
    assert union == (1 << DECK_SIZE) - 1


def test_r22_you_cannot_play_a_card_you_do_not_hold() -> None:
    state = act(deal(["7H 2C", "3C 4H", "AH 5S"], turned="TD", dealer=2), "bid 0", "bid 0", "bid 0")
    with pytest.raises(IllegalActionError, match=r"Cannot play AH: it is not in your hand \(R22\)"):
        state.apply(0, "play AH")


def test_standard_legal_mask_matches_r13_for_a_void_hand() -> None:
    hand = sum(1 << c for c in parse_cards("2C 3C Z"))
    assert STANDARD.legal_mask(hand, 2) == hand
