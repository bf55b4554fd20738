"""Hand-written play: trick estimates for bidding, and the Easy and Medium bots.

The estimates count cards: a card's chance of winning a trick falls with the number of
unseen higher cards of its suit, the unseen Wizards, and (for a plain suit) the chance that
an opponent is out of the suit and holds a trump.
"""

from __future__ import annotations

from ..cards import (
    JESTER,
    RANK_OF,
    SUIT_LETTERS,
    SUIT_MASK,
    SUIT_OF,
    WIZARD,
    WIZARD_MASK,
    Card,
    Mask,
    card_name,
    cards_of,
)
from ..fast import BEATS, POWER, UNI, policy_card
from . import decision_rng, require_turn
from .knowledge import Knowledge, View, read_view

LONG_ROUND_BONUS = 0.1
MEDIUM_BID_DEALS = 12  # Medium bids by a quick look at a dozen deals


def card_chances(hand: Mask, unseen: Mask, t: int, players: int, opp_cards: int) -> list[tuple[Card, float]]:
    """Each card's estimated chance of taking a trick (standard or Unicoloured rules).

    ``unseen`` holds the cards that may be in opponents' hands; ``opp_cards`` is how many
    cards one opponent holds.
    """
    u = max(unseen.bit_count(), 1)
    k = opp_cards
    q = min(1.0, (players - 1) * k / u)  # chance a given unseen card is in some opponent's hand
    wiz_out = (unseen & WIZARD_MASK).bit_count()
    # a Wizard takes one trick: the share of our tricks an opponent's Wizard spoils
    p_wiz = min(1.0, 0.8 * wiz_out * q / max(k, 1))
    if t == UNI:
        return [(c, _uni_chance(c, unseen, q, p_wiz, players)) for c in cards_of(hand)]
    trump_out = (unseen & SUIT_MASK[t]).bit_count() if t < 4 else 0
    p_trump = 1 - (1 - trump_out / u) ** k
    my_trumps = (hand & SUIT_MASK[t]).bit_count() if t < 4 else 0
    out = []
    for c in cards_of(hand):
        suit = SUIT_OF[c]
        if suit == WIZARD:
            out.append((c, 0.95))
            continue
        if suit == JESTER:
            out.append((c, 0.0))
            continue
        higher = (unseen & SUIT_MASK[suit] & ~((1 << (c + 1)) - 1)).bit_count()
        p = (1 - q) ** higher * (1 - p_wiz)
        if suit != t:
            suit_out = (unseen & SUIT_MASK[suit]).bit_count()
            p_void = (1 - suit_out / u) ** k
            p *= (1 - p_void * p_trump) ** (players - 1)
        elif my_trumps >= 3 and k >= 4:
            p = max(p, 0.15 + 0.1 * min(my_trumps - 3, 3))  # long trumps win by ruffing
        out.append((c, p))
    return out


def _uni_chance(c: Card, unseen: Mask, q: float, p_wiz: float, players: int) -> float:
    suit = SUIT_OF[c]
    if suit == WIZARD:
        return 0.95
    if suit == JESTER:
        return 0.0
    rank = RANK_OF[c]
    higher = sum(1 for o in cards_of(unseen) if SUIT_OF[o] < 4 and RANK_OF[o] > rank)
    return (1 - q) ** higher * (1 - p_wiz)


def expected_tricks(know: Knowledge, hand: Mask | None = None) -> float:
    """The estimated number of tricks ``hand`` (default: own hand) takes."""
    hand = know.hand if hand is None else hand
    unseen = _unseen(know) & ~hand
    estimate = sum(p for _, p in card_chances(hand, unseen, know.t, know.players, know.hand_size))
    # Long rounds give tricks the card-by-card chances miss (length, ruffs, forced plays):
    # a correction measured in Medium-against-Medium games.
    return estimate + LONG_ROUND_BONUS * max(0, know.hand_size - 4) * 4 / know.players


def _unseen(know: Knowledge) -> Mask:
    mask = 0
    for c in know.pool:
        mask |= 1 << c
    return mask


def sure_tricks(know: Knowledge) -> int:
    """Tricks the hand takes whatever the others hold: Wizards, and trumps no unseen card beats
    except a Wizard (the top trump and those below it in an unbroken run)."""
    hand = know.hand
    sure = (hand & WIZARD_MASK).bit_count()
    if know.t < 4:
        unseen = _unseen(know)
        for rank in range(13, 0, -1):
            c = know.t * 13 + rank - 1
            if hand >> c & 1:
                sure += 1
            elif unseen >> c & 1:
                break
    return sure


def choose_bid(know: Knowledge, estimate: float) -> int:
    """The legal bid closest to ``estimate``; never below the sure tricks when it can be helped."""
    legal = [int(a.split()[1]) for a in know.legal if a.startswith("bid ")]
    sure = sure_tricks(know) if not know.hand_hidden else 0
    above = [b for b in legal if b >= sure] or legal
    return min(above, key=lambda b: (abs(b - estimate), -b))


def best_trump(know: Knowledge) -> int:
    """R8: the suit in which the dealer's hand is strongest (estimated tricks, then length)."""
    if know.hand_hidden:  # R20: our card is unseen; take the suit the others hold least of
        shown = 0
        for m in know.known_hands.values():
            shown |= m
        return min(range(4), key=lambda s: ((shown & SUIT_MASK[s]).bit_count(), s))

    def strength(suit: int) -> tuple[float, int, int]:
        unseen = _unseen(know) & ~know.hand
        chances = card_chances(know.hand, unseen, suit, know.players, know.hand_size)
        ranks = sum(RANK_OF[c] for c in cards_of(know.hand & SUIT_MASK[suit]))
        return (round(sum(p for _, p in chances), 6), (know.hand & SUIT_MASK[suit]).bit_count(), ranks)
    return max(range(4), key=lambda s: (strength(s), -s))


class EasyBot:
    """A beginner: counts its obvious winners to bid, and plays to its bid without counting cards."""

    level = "easy"

    def __init__(self, seed: int = 0, **settings: object) -> None:
        self.seed = seed

    def decide(self, view: View) -> str:
        """A legal action for this seat."""
        require_turn(view)
        know = read_view(view)
        rng = decision_rng(self.seed, view)
        if know.phase == "trump":
            return f"trump {SUIT_LETTERS[best_trump(know)]}"
        if know.phase == "bidding":
            if know.hand_hidden:
                return f"bid {choose_bid(know, 0)}"
            estimate = 0.0
            for c in cards_of(know.hand):
                suit, rank = SUIT_OF[c], RANK_OF[c]
                if suit == WIZARD:
                    estimate += 1
                elif suit < 4 and suit == know.t and rank >= 10:
                    estimate += 0.8
                elif suit < 4 and suit == know.t:
                    estimate += 0.3
                elif suit < 4 and rank >= 12:
                    estimate += 0.5 if know.t != UNI else 0.3
            estimate += rng.choice((-0.5, 0, 0, 0.5))
            return f"bid {choose_bid(know, estimate)}"
        return f"play {card_name(easy_card(know))}"


def easy_card(know: Knowledge) -> Card:
    """A beginner's card: wanting tricks, the cheapest card that takes the trick so far
    (or the strongest when leading); wanting none, the weakest card."""
    legal = know.legal_cards()
    power = POWER[know.t]
    need = (know.bids[know.seat] or 0) - know.taken[know.seat]
    if need > 0:
        if know.trick:
            beats = BEATS[know.t]
            winners = [c for c in legal if beats[know.best * 60 + c]]
            if winners:
                return min(winners, key=lambda c: power[c])
            return min(legal, key=lambda c: power[c])
        return max(legal, key=lambda c: power[c])
    return min(legal, key=lambda c: power[c])


class MediumBot:
    """A solid club player: estimates each card's chances to bid, counts cards and voids,
    wins cheaply when it needs tricks, ducks and sheds dangerous cards when it does not."""

    level = "medium"

    def __init__(self, seed: int = 0, bid_deals: int = MEDIUM_BID_DEALS, **settings: object) -> None:
        self.seed = seed
        self.bid_deals = bid_deals  # deals tried per bid (0: the card-chance estimate alone)

    def decide(self, view: View) -> str:
        """A legal action for this seat."""
        require_turn(view)
        know = read_view(view)
        if know.phase == "trump":
            return f"trump {SUIT_LETTERS[best_trump(know)]}"
        if know.phase == "bidding":
            if know.hand_hidden:
                return f"bid {choose_bid(know, _foresight_estimate(know))}"
            if self.bid_deals:
                from .hard import (
                    HardBot,  # a quick look at a few deals, as a player imagines them
                )
                bot = HardBot(self.seed, deals=self.bid_deals, infer_bids=False)
                return f"bid {bot._bid(know, decision_rng(self.seed, view), spread=1)}"
            return f"bid {choose_bid(know, expected_tricks(know))}"
        return f"play {card_name(medium_card(know))}"


def _foresight_estimate(know: Knowledge) -> float:
    """R20: the chance that an unseen card of ours beats the cards we see."""
    pool = know.pool
    if not pool:
        return 0.0
    beats = BEATS[know.t]
    wins = 0
    shown = [m for m in know.known_hands.values()]
    for c in pool:
        # Our card wins if it beats every shown card, whoever leads (approximation: we lead).
        if all(beats[c * 60 + o] == 0 for m in shown for o in cards_of(m)) and SUIT_OF[c] != JESTER:
            wins += 1
    return wins / len(pool)


def can_be_beaten(know: Knowledge, card: Card, best_after: bool = True) -> bool:
    """True when an unseen card held by a seat still to play could take ``card``'s trick."""
    unseen = _unseen(know)
    t = know.t
    beats = BEATS[t]
    to_play = _seats_after(know)
    if not to_play:
        return False
    if unseen & WIZARD_MASK:
        return True
    led = know.led if know.trick else SUIT_OF[card]
    for o in cards_of(unseen):
        if not beats[card * 60 + o]:
            continue
        suit = SUIT_OF[o]
        # A trump can only come from a seat out of the led suit: assume none is while no
        # seat still to play has shown out and enough of the suit is unseen to go round.
        if (t != UNI and 0 <= led < 4 and suit != led and suit < 4
                and not any(know.voids[s] >> led & 1 for s in to_play)
                and (unseen & SUIT_MASK[led]).bit_count() >= len(to_play)):
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
    power = POWER[know.t]
    need = (know.bids[know.seat] or 0) - know.taken[know.seat]
    beats = BEATS[know.t]
    if need > 0:
        if not know.trick:
            sure = [c for c in legal if SUIT_OF[c] < 4 and not can_be_beaten(know, c)]
        else:
            sure = [c for c in legal if beats[know.best * 60 + c] and not can_be_beaten(know, c)]
        if sure:
            return min(sure, key=lambda c: power[c])
    mask = 0
    for c in legal:
        mask |= 1 << c
    return policy_card(mask, need, len(know.trick), know.players, know.best, know.t, know.tricks_left)


def _higher_unseen(know: Knowledge, card: Card) -> int:
    suit = SUIT_OF[card]
    if suit >= 4:
        return 0
    return (_unseen(know) & SUIT_MASK[suit] & ~((1 << (card + 1)) - 1)).bit_count()
