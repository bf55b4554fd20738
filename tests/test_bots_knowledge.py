"""What a bot reads from its view: voids (R13), ownership (R21), no hidden card (R22)."""

from __future__ import annotations

import random

from wizard_engine.bots.hard import HardBot
from wizard_engine.bots.knowledge import read_view
from wizard_engine.cards import (
    JESTER_MASK,
    SUIT_MASK,
    WIZARD_MASK,
    mask_of,
    parse_card,
    parse_cards,
)
from wizard_engine.config import GameConfig
from wizard_engine.rules import own_cards
from wizard_engine.state import Phase, State
from wizard_engine.view import seat_view


def test_r13_a_seat_that_did_not_follow_is_known_void_and_deals_honour_it() -> None:
    config = GameConfig.of(4, seed=1)
    hands = [parse_cards("AH 2H 3C"), parse_cards("KS 8D 9D"), parse_cards("9C 4D 5D"),
             parse_cards("QH 5C 6C")]
    state = State.with_deal(config, hands, parse_card("6S"), dealer=3)
    for seat in range(4):
        state.apply(seat, "bid 1")
    state.apply(0, "play AH")
    state.apply(1, "play 8D")  # seat 1 shows out of hearts
    know = read_view(seat_view(state, 2))
    assert know.voids[1] == 1 << 2  # hearts
    assert know.allowed[1] & SUIT_MASK[2] == 0
    bot = HardBot(1)
    rng = random.Random(1)
    for _ in range(50):
        deal = bot._deal(know, rng)
        assert deal[1] & SUIT_MASK[2] == 0
        assert deal[2] == know.hand
        assert [d.bit_count() for d in deal] == [2, 2, 3, 3]


def test_r21_unicoloured_deals_give_each_seat_only_its_own_cards() -> None:
    state = State(GameConfig.of(4, seed=3, unicoloured=True))
    while state.phase is not Phase.PLAYING:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    know = read_view(seat_view(state, 0))
    rng = random.Random(2)
    for _ in range(30):
        deal = HardBot(1)._deal(know, rng)
        for s in range(1, 4):
            assert deal[s] & ~mask_of(own_cards(s)) == 0
            assert deal[s].bit_count() == state.hands[s].bit_count()


def test_r22_the_unseen_pool_never_contains_own_or_played_cards() -> None:
    state = State(GameConfig.of(5, seed=8))
    rng = random.Random(4)
    while not state.is_over and state.round < 4:
        seat = state.to_act()[0]
        if state.phase is Phase.PLAYING:
            know = read_view(seat_view(state, seat))
            pool = mask_of(know.pool)
            plain = (1 << 52) - 1  # Wizards and Jesters are numbered by the bot, so count them
            assert pool & plain & state.hands[seat] == 0
            for trick in state.tricks:
                assert pool & plain & mask_of(trick.cards) == 0
            others = 0
            for s in range(5):
                if s != seat:
                    others |= state.hands[s]
            assert others & plain & ~pool == 0  # every hidden suit card is a candidate
            for kind in (WIZARD_MASK, JESTER_MASK):
                assert (pool & kind).bit_count() >= (others & kind).bit_count()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
