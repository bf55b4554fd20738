"""Every level's decisions in a game with special cards (S1..S14), by sensible rules.

The base game's bots count a 60-card deck and simulate with :mod:`wizard_engine.fast`, which
knows no special card; in a special-card game every level but Random decides here, from the
view alone.  The rules: bid the tricks the hand's strong cards should take; play the cheapest
card that wins while tricks are still needed, else the strongest card that loses; name a
Juggler's or Cloud's colour, or declare a Shapeshifter, to win or to lose as needed; pass the
weakest card; after a Cloud move the bid toward the tricks in reach; let the Witch take the
strongest card of the trick when tricks are needed, else give away the strongest of the hand.
"""

from __future__ import annotations

from ..actions import HOW_JESTER, HOW_NONE, HOW_WIZARD, Action
from ..cards import (
    CLOUD,
    DRAGON,
    JESTER,
    JUGGLER,
    RANK_OF,
    SHAPESHIFTER,
    SPECIAL,
    SUIT_LETTERS,
    SUIT_OF,
    SUITS,
    WIZARD,
    Card,
    parse_card,
)
from ..special_tricks import (
    BOMB_LIKE,
    DRAGON_LIKE,
    FAIRY_LIKE,
    SUIT_CARD,
    WIZARD_LIKE,
    Played,
    identity,
    trick_winner,
)
from .base import View, decision_rng

WIZARD_TRICK = 0.9  # a Wizard or Dragon is nearly a sure trick
HIGH_TRUMP_RANK = 11  # a trump queen or better (rank 11: the queen, R3)...
HIGH_TRUMP = 0.7  # ...is most of a trick
LOW_TRUMP = 0.3
PLAIN_ACE = 0.5  # a plain ace is half a trick
EDGE_JITTER = (-1, 0, 0, 0, 0, 1)  # Easy misjudges one bid in three by a trick


def special_decision(view: View, seed: int, level: str) -> Action:
    """A legal action for this seat, by the rules above (Easy with a beginner's misjudgement)."""
    phase = view["phase"]
    legal = [Action.parse(text) for text in view["legal"]]
    rng = decision_rng(seed, view)
    if phase in ("trump", "werewolf", "vampire"):
        return _pick_colour(view, legal)
    if phase == "bidding":
        estimate = round(_estimate(view)) + (rng.choice(EDGE_JITTER) if level == "easy" else 0)
        return min(legal, key=lambda action: (abs(action.bid - estimate), action.bid))
    if phase == "passing":
        return min(legal, key=lambda action: _strength(action.card, view))
    if phase == "cloud":
        return _cloud(view, legal)
    if phase == "witch":
        return _witch(view, legal)
    return _play(view, legal)


def _cards(view: View) -> list[Card]:
    return [parse_card(one["card"]) for one in view["hand"] or []]


def _trump(view: View) -> int | None:
    letter = view["trump"]["suit"]
    return SUIT_LETTERS.index(letter) if letter else None


def _strength(card: Card, view: View) -> float:
    """A rough value of a card in hand: what it is worth for taking a trick."""
    suit = SUIT_OF[card]
    if suit == WIZARD or card == DRAGON:
        return 20
    if card == SHAPESHIFTER:
        return 19
    if suit == JESTER or (suit == SPECIAL and card not in (JUGGLER, CLOUD)):
        return 0
    rank = 7 if card == JUGGLER else 9 if card == CLOUD else RANK_OF[card]
    return rank + (14 if suit == _trump(view) else 0)


def _estimate(view: View) -> float:
    """The tricks the hand should take (S5..S7: the Dragon is sure unless the Fairy is out)."""
    trump = _trump(view)
    fairy_out = "Fairy" in (view.get("specials") or {}).get("cards", [])
    tricks = 0.0
    for card in _cards(view):
        suit = SUIT_OF[card]
        if card == DRAGON:
            tricks += WIZARD_TRICK - (0.2 if fairy_out else 0)
        elif suit == WIZARD or card == SHAPESHIFTER:
            tricks += WIZARD_TRICK
        elif suit < SUITS and suit == trump:
            tricks += HIGH_TRUMP if RANK_OF[card] >= HIGH_TRUMP_RANK else LOW_TRUMP
        elif suit < SUITS and RANK_OF[card] == 13:
            tricks += PLAIN_ACE
    return tricks


def _pick_colour(view: View, legal: list[Action]) -> Action:
    """Trump (or a copy's colour): the suit the hand holds most of; a Werewolf with no suit calls none."""
    counts = [0.0] * SUITS
    for card in _cards(view):
        if SUIT_OF[card] < SUITS:
            counts[SUIT_OF[card]] += 1 + RANK_OF[card] / 20
    best = max(range(SUITS), key=lambda suit: counts[suit])
    for action in legal:
        if action.kind == "call" and (action.call == best if counts[best] else action.call is None):
            return action
        if action.kind == "trump" and action.suit == best:
            return action
        if action.kind == "name" and action.how in (best + 1, HOW_WIZARD):
            return action
    return legal[0]


def _need(view: View) -> int:
    seat = view["seat"]
    bid = view["bids"][seat] or 0
    return bid - view["taken"][seat]


def _trick_plays(trick: dict) -> list[Played]:
    hows = trick.get("hows") or [None] * len(trick["plays"])
    copies = trick.get("copies") or [None] * len(trick["plays"])
    return [identity(parse_card(one["card"]), _how_of(how), None if copy is None else parse_card(copy))
            for one, how, copy in zip(trick["plays"], hows, copies)]


def _how_of(text: str | None) -> int:
    if text is None:
        return HOW_NONE
    return {"Z": HOW_WIZARD, "N": HOW_JESTER}.get(text) or 1 + SUIT_LETTERS.index(text)


def _copied(view: View) -> Card | None:
    card = view["trump"]["card"]
    return parse_card(card) if card else None


def _play(view: View, legal: list[Action]) -> Action:
    """The cheapest winner while tricks are needed, else the strongest loser (else the weakest card)."""
    trick = view["trick"]
    plays = _trick_plays(trick)
    trump = _trump(view)
    copied = _copied(view)
    wins: list[tuple[Action, float]] = []
    loses: list[tuple[Action, float]] = []
    for action in legal:
        mine = identity(action.card, action.how, copied)
        if mine.kind == BOMB_LIKE:
            loses.append((action, 25.0))
            continue
        together = [*plays, mine]
        won = trick_winner(together, trump) == len(plays)
        (wins if won else loses).append((action, _played_strength(mine, trump)))
    if _need(view) > 0 and wins:
        return min(wins, key=lambda pair: pair[1])[0]
    if loses:
        return max(loses, key=lambda pair: pair[1])[0]
    return min(wins, key=lambda pair: pair[1])[0]


def _played_strength(one: Played, trump: int | None) -> float:
    if one.kind in (WIZARD_LIKE, DRAGON_LIKE):
        return 60.0
    if one.kind == SUIT_CARD:
        return one.value + (60 if one.suit == trump else 0)
    return 1.0 if one.kind == FAIRY_LIKE else 0.0


def _cloud(view: View, legal: list[Action]) -> Action:
    """Move the bid toward the tricks in reach: down when the rest is out of reach or too many
    are still needed, up when it is over-made or made (a bid of 0 only goes up)."""
    need = _need(view)
    left = view["hand_size"] - len(view["tricks"])
    want = -1 if need > 0 and need > left / 2 else +1
    return next((action for action in legal if action.change == want), legal[0])


def _witch(view: View, legal: list[Action]) -> Action:
    """Take the strongest card while tricks are needed (giving the weakest), else the reverse."""
    def value(card: Card) -> float:
        return _strength(card, view)

    if _need(view) > 0:
        return max(legal, key=lambda a: (value(a.taken_card) - value(a.card), -a))
    return max(legal, key=lambda a: (value(a.card) - value(a.taken_card), -a))

