"""Hand-written play: trick estimates for bidding, the Easy bot, and Medium's card play.

The estimates count cards: a card's chance of winning a trick falls with the number of
unseen higher cards of its suit, the unseen Wizards, and (for a plain suit) the chance that
an opponent is out of the suit and holds a trump.
"""

from __future__ import annotations

from ..actions import Action, bid, choose_trump, play
from ..cards import (
    FIRST_WIZARD,
    JESTER,
    RANK_OF,
    RANKS,
    SPECIAL_MASK,
    SUIT_MASK,
    SUIT_OF,
    SUITS,
    WIZARD,
    WIZARD_MASK,
    Card,
    Mask,
    cards_of,
    mask_of,
    suit_card,
)
from ..fast import POWER, policy_card
from ..rules import (
    COLOURLESS,
    FOLLOW_SUIT,
    NOTHING_LED,
    TrickRules,
    beats,
    led_after,
    trump_suit,
)
from .base import decision_rng, require_turn
from .knowledge import Knowledge, View, read_view
from .specials import special_decision

# Card-chance estimates (card_chances):
WIZARD_CHANCE = 0.95  # a Wizard takes its trick unless an earlier Wizard was played
WIZARD_SPOIL = 0.8  # the share of an opponent's Wizard that lands on one of our winners
LONG_TRUMPS = 3  # this many trumps or more win tricks by ruffing...
LONG_TRUMP_CARDS = 4  # ...in rounds of at least this many cards,
LONG_TRUMP_CHANCE = 0.15  # each with at least this chance,
LONG_TRUMP_STEP = 0.1  # plus this much per trump beyond LONG_TRUMPS (counted up to 3 more)
# Long rounds give tricks the card-by-card chances miss (length, ruffs, forced plays):
LONG_ROUND_BONUS = 0.1  # extra tricks per card beyond LONG_ROUND_FROM, at REFERENCE_PLAYERS
LONG_ROUND_FROM = 4
REFERENCE_PLAYERS = 4

# The Easy bot's count of obvious winners: a Wizard is one trick, and
EASY_HIGH_TRUMP_RANK = 10  # a trump of jack or higher (rank 10: the jack, R3)...
EASY_HIGH_TRUMP = 0.8  # ...is most of a trick;
EASY_LOW_TRUMP = 0.3  # a lower trump a third of one;
EASY_HIGH_PLAIN_RANK = 12  # a plain king or ace (rank 12: the king)...
EASY_HIGH_PLAIN = 0.5  # ...half a trick (EASY_HIGH_COLOURLESS in Unicoloured, no trump to fear);
EASY_HIGH_COLOURLESS = 0.3
EASY_NOISE = (-0.5, 0, 0, 0.5)  # a beginner's misjudgement of the hand, drawn per bid


def card_chances(hand: Mask, unseen: Mask, rules: TrickRules, players: int,
                 opp_cards: int) -> list[tuple[Card, float]]:
    """Each card's estimated chance of taking a trick (standard or Unicoloured rules).

    ``unseen`` holds the cards that may be in opponents' hands; ``opp_cards`` is how many
    cards one opponent holds.
    """
    u = max(unseen.bit_count(), 1)
    k = opp_cards
    q = min(1.0, (players - 1) * k / u)  # chance a given unseen card is in some opponent's hand
    wiz_out = (unseen & WIZARD_MASK).bit_count()
    # a Wizard takes one trick: the share of our tricks an opponent's Wizard spoils
    p_wiz = min(1.0, WIZARD_SPOIL * wiz_out * q / max(k, 1))
    if rules == COLOURLESS:
        return [(c, _uni_chance(c, unseen, q, p_wiz, players)) for c in cards_of(hand)]
    trump = trump_suit(rules)
    trump_mask = SUIT_MASK[trump] if trump is not None else 0
    trump_out = (unseen & trump_mask).bit_count()
    p_trump = 1 - (1 - trump_out / u) ** k
    my_trumps = (hand & trump_mask).bit_count()
    out = []
    for c in cards_of(hand):
        suit = SUIT_OF[c]
        if suit == WIZARD:
            out.append((c, WIZARD_CHANCE))
            continue
        if suit == JESTER:
            out.append((c, 0.0))
            continue
        higher = (unseen & SUIT_MASK[suit] & ~((1 << (c + 1)) - 1)).bit_count()
        p = (1 - q) ** higher * (1 - p_wiz)
        if suit != trump:
            suit_out = (unseen & SUIT_MASK[suit]).bit_count()
            p_void = (1 - suit_out / u) ** k
            p *= (1 - p_void * p_trump) ** (players - 1)
        elif my_trumps >= LONG_TRUMPS and k >= LONG_TRUMP_CARDS:
            p = max(p, LONG_TRUMP_CHANCE + LONG_TRUMP_STEP * min(my_trumps - LONG_TRUMPS, 3))
        out.append((c, p))
    return out


def _uni_chance(c: Card, unseen: Mask, q: float, p_wiz: float, players: int) -> float:
    suit = SUIT_OF[c]
    if suit == WIZARD:
        return WIZARD_CHANCE
    if suit == JESTER:
        return 0.0
    rank = RANK_OF[c]
    higher = sum(1 for o in cards_of(unseen & ~SPECIAL_MASK) if RANK_OF[o] > rank)
    return (1 - q) ** higher * (1 - p_wiz)


def expected_tricks(know: Knowledge, hand: Mask | None = None) -> float:
    """The estimated number of tricks ``hand`` (default: own hand) takes."""
    hand = know.hand if hand is None else hand
    unseen = know.pool_mask & ~hand
    estimate = sum(p for _, p in card_chances(hand, unseen, know.rules, know.players, know.hand_size))
    # A correction measured in Medium-against-Medium games.
    long_cards = max(0, know.hand_size - LONG_ROUND_FROM)
    return estimate + LONG_ROUND_BONUS * long_cards * REFERENCE_PLAYERS / know.players


def sure_tricks(know: Knowledge) -> int:
    """Tricks the hand takes whatever the others hold: Wizards, and trumps no unseen card beats
    except a Wizard (the top trump and those below it in an unbroken run)."""
    hand = know.hand
    sure = (hand & WIZARD_MASK).bit_count()
    trump = trump_suit(know.rules)
    if trump is not None:
        unseen = know.pool_mask
        for rank in range(RANKS, 0, -1):
            c = suit_card(trump, rank)
            if hand >> c & 1:
                sure += 1
            elif unseen >> c & 1:
                break
    return sure


def choose_bid(know: Knowledge, estimate: float) -> int:
    """The legal bid closest to ``estimate``; never below the sure tricks when it can be helped."""
    legal = know.legal_bids()
    sure = sure_tricks(know) if not know.hand_hidden else 0
    above = [b for b in legal if b >= sure] or legal
    return min(above, key=lambda b: (abs(b - estimate), -b))


def best_trump(know: Knowledge) -> int:
    """R8: the suit in which the dealer's hand is strongest (estimated tricks, then length)."""
    if know.hand_hidden:  # R20: our card is unseen; take the suit the others hold least of
        shown = 0
        for m in know.known_hands.values():
            shown |= m
        return min(range(SUITS), key=lambda s: ((shown & SUIT_MASK[s]).bit_count(), s))

    def strength(suit: int) -> tuple[float, int, int]:
        unseen = know.pool_mask & ~know.hand
        chances = card_chances(know.hand, unseen, suit, know.players, know.hand_size)
        ranks = sum(RANK_OF[c] for c in cards_of(know.hand & SUIT_MASK[suit]))
        return (round(sum(p for _, p in chances), 6), (know.hand & SUIT_MASK[suit]).bit_count(), ranks)
    return max(range(SUITS), key=lambda s: (strength(s), -s))


class EasyBot:
    """A beginner: counts its obvious winners to bid, and plays to its bid without counting cards."""

    level = "easy"

    def __init__(self, seed: int = 0, **settings: object) -> None:
        self.seed = seed

    def decide(self, view: View) -> Action:
        """A legal action for this seat."""
        require_turn(view)
        if view["options"]["specials"]:
            return special_decision(view, self.seed, self.level)
        know = read_view(view)
        rng = decision_rng(self.seed, view)
        if know.phase == "trump":
            return choose_trump(best_trump(know))
        if know.phase == "bidding":
            if know.hand_hidden:
                return bid(choose_bid(know, 0))
            return bid(choose_bid(know, easy_estimate(know) + rng.choice(EASY_NOISE)))
        return play(easy_card(know))


def easy_estimate(know: Knowledge) -> float:
    """A beginner's count of the tricks in the hand: Wizards, high trumps, high plain cards."""
    estimate = 0.0
    for c in cards_of(know.hand):
        suit, rank = SUIT_OF[c], RANK_OF[c]
        if suit == WIZARD:
            estimate += 1
        elif suit == JESTER:
            continue
        elif suit == know.rules:
            estimate += EASY_HIGH_TRUMP if rank >= EASY_HIGH_TRUMP_RANK else EASY_LOW_TRUMP
        elif rank >= EASY_HIGH_PLAIN_RANK:
            estimate += EASY_HIGH_PLAIN if know.rules != COLOURLESS else EASY_HIGH_COLOURLESS
    return estimate


def easy_card(know: Knowledge) -> Card:
    """A beginner's card: wanting tricks, the cheapest card that takes the trick so far
    (or the strongest when leading); wanting none, the weakest card."""
    legal = know.legal_cards()
    power = POWER[know.rules]
    need = (know.bids[know.seat] or 0) - know.taken[know.seat]
    if need > 0:
        if know.trick:
            winners = [c for c in legal if beats(c, know.best, know.rules)]
            if winners:
                return min(winners, key=lambda c: power[c])
            return min(legal, key=lambda c: power[c])
        return max(legal, key=lambda c: power[c])
    return min(legal, key=lambda c: power[c])


def can_be_beaten(know: Knowledge, card: Card) -> bool:
    """True when an unseen card held by a seat still to play could take ``card``'s trick."""
    unseen = know.pool_mask
    rules = know.rules
    to_play = _seats_after(know)
    if not to_play:
        return False
    if unseen & WIZARD_MASK:
        return True
    led = know.led if know.trick else led_after(NOTHING_LED, card)
    follow = FOLLOW_SUIT[led]  # the suit to follow, if any
    for o in cards_of(unseen):
        if not beats(o, card, rules):
            continue
        # A trump can only come from a seat out of the led suit: assume none is while no
        # seat still to play has shown out and enough of the suit is unseen to go round.
        if (rules != COLOURLESS and follow and o < FIRST_WIZARD and not follow >> o & 1
                and not any(know.voids[s] >> led & 1 for s in to_play)
                and (unseen & follow).bit_count() >= len(to_play)):
            continue
        return True
    return False


def _seats_after(know: Knowledge) -> list[int]:
    played = len(know.trick)
    return [(know.seat + i) % know.players for i in range(1, know.players - played)]


def medium_card(know: Knowledge) -> Card:
    """Medium's card: the heuristic policy, refined by counting cards (sure winners)."""
    legal = know.legal_cards()
    if len(legal) == 1:
        return legal[0]
    power = POWER[know.rules]
    need = (know.bids[know.seat] or 0) - know.taken[know.seat]
    if need > 0:
        if not know.trick:
            sure = [c for c in legal if c < FIRST_WIZARD and not can_be_beaten(know, c)]
        else:
            sure = [c for c in legal if beats(c, know.best, know.rules) and not can_be_beaten(know, c)]
        if sure:
            return min(sure, key=lambda c: power[c])
    return policy_card(mask_of(legal), need, len(know.trick), know.players, know.best, know.rules)
