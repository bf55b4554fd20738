"""The rule primitives every layer shares (rules.py): led suit, legal follow mask, trick winner."""

from __future__ import annotations

import pytest

from wizard_engine.cards import JESTER, WIZARD, mask_of, parse_card, parse_cards
from wizard_engine.rules import (
    COLOURLESS,
    NO_LED_SUIT,
    NO_TRUMP,
    NOTHING_LED,
    Trick,
    beats,
    led_after,
    legal_mask,
    trick_rules,
    trump_suit,
)

HEARTS, CLUBS = 2, 0


def led_of(cards: str) -> int:
    """The led suit after playing ``cards`` in order on a fresh trick."""
    led = NOTHING_LED
    for card in parse_cards(cards):
        led = led_after(led, card)
    return led


def test_one_encoding_no_code_means_two_things() -> None:
    codes = [0, 1, 2, 3, WIZARD, JESTER, NOTHING_LED, NO_LED_SUIT, NO_TRUMP, COLOURLESS]
    assert len(set(codes)) == len(codes)


def test_r13_the_first_suit_card_sets_the_led_suit() -> None:
    assert led_of("") == NOTHING_LED
    assert led_of("7H") == HEARTS
    assert led_of("7H 2C Z N") == HEARTS


def test_r14_jesters_led_keep_the_trick_open_for_the_next_card() -> None:
    assert led_of("N") == NOTHING_LED
    assert led_of("N N 3C") == CLUBS
    assert led_of("N Z 3C") == NO_LED_SUIT


def test_r15_a_wizard_first_means_no_led_suit() -> None:
    assert led_of("Z") == NO_LED_SUIT
    assert led_of("Z 7H") == NO_LED_SUIT


@pytest.mark.parametrize(("played", "hand", "legal"), [
    ("7H", "2H 3C Z N", "2H Z N"),  # R13: follow, Wizards and Jesters always
    ("7H", "3C 4S", "3C 4S"),  # R13: cannot follow, anything
    ("", "2H 3C", "2H 3C"),  # leading
    ("N", "2H 3C", "2H 3C"),  # R14: a Jester led sets nothing
    ("Z", "2H 3C", "2H 3C"),  # R15
])
def test_r13_r14_r15_legal_follow_mask(played: str, hand: str, legal: str) -> None:
    assert legal_mask(mask_of(parse_cards(hand)), led_of(played), NO_TRUMP) == mask_of(parse_cards(legal))


def test_r21_unicoloured_anything_may_follow() -> None:
    hand = mask_of(parse_cards("2H 3C"))
    assert legal_mask(hand, led_of("7H"), COLOURLESS) == hand


def test_r16_r21_beats() -> None:
    card = parse_card
    assert beats(card("2D"), card("AH"), trick_rules(1, False))  # a trump beats the led suit
    assert not beats(card("2D"), card("AH"), NO_TRUMP)  # off-suit without trump loses
    assert not beats(card("Z"), parse_cards("Z Z")[1], NO_TRUMP)  # the first Wizard stays
    assert beats(card("2C"), card("N"), NO_TRUMP)  # a Jester led loses to any later card
    assert not beats(card("N"), card("2C"), NO_TRUMP)
    assert beats(card("8C"), card("7H"), COLOURLESS)  # R21: the number, not the colour
    assert not beats(card("7C"), card("7H"), COLOURLESS)  # R21: the first of equals


def test_trick_rules_and_trump_suit() -> None:
    assert trick_rules(None, False) == NO_TRUMP and trump_suit(NO_TRUMP) is None
    assert trick_rules(HEARTS, False) == HEARTS and trump_suit(HEARTS) == HEARTS
    assert trick_rules(None, True) == COLOURLESS and trump_suit(COLOURLESS) is None


def test_the_engines_trick_uses_the_primitives() -> None:
    trick = Trick(0)
    assert trick.led_suit is None
    for seat, card in enumerate(parse_cards("N 7H 2D")):
        trick.add(seat, card, trick_rules(1, False))
    assert trick.led == HEARTS and trick.led_suit == HEARTS and trick.winner == 2
    wizard_led = Trick(0)
    wizard_led.add(0, parse_card("Z"), NO_TRUMP)
    assert wizard_led.led == NO_LED_SUIT and wizard_led.led_suit is None
