"""Hard's and Expert's decisions in a game with special cards: determinized search.

The base game's search (:mod:`wizard_engine.bots.search`) plays out on :mod:`wizard_engine.fast`,
which knows no special card, so a special-card game is searched here, on the engine's own
:class:`~wizard_engine.specials.SpecialState` (perfect-information Monte Carlo):

1. **Deals.**  The unseen cards dealt consistently with the view (:mod:`.special_deals`: cards
   known to sit in a hand stay there, the rest at random to each seat's hand count).
2. **Play-outs.**  For each deal, a state is rebuilt to match the view (bids, tricks taken,
   trump, the trick in play, the phase and the S13 steps still due) and every candidate
   action is applied to its own copy; the rest of the *round* is played by a quick rule
   policy working on the state directly (the rules of :mod:`wizard_engine.bots.specials`:
   bid the strong cards, win cheaply while tricks are needed, else lose with the strongest).
3. **Choice.**  An action is worth this seat's round points (R19, with the bid as the Cloud
   left it) less :data:`SPITE` times the other seats' mean; every action is tried on the same
   deals, and the best mean wins.  Bids are searched among the rule estimate's neighbours only.

Every random draw comes from :func:`~wizard_engine.bots.base.decision_rng`, so the same view
and seed give the same decision.  Bots read the view only; the rebuilt states are guesses.
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions import (
    HOW_JESTER,
    HOW_NONE,
    HOW_WIZARD,
    Action,
    call_trump,
    choose_trump,
    cloud_change,
    pass_card,
)
from ..cards import (
    CLOUD,
    DRAGON,
    FAIRY,
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
    Mask,
    cards_of,
    mask_of,
    parse_card,
)
from ..config import GameConfig
from ..rules import Seat, Suit
from ..scoring import round_points
from ..special_tricks import (
    BOMB_LIKE,
    DRAGON_LIKE,
    FAIRY_LIKE,
    SUIT_CARD,
    WIZARD_LIKE,
    Played,
    SpecialTrick,
    hows_for,
    identity,
    trick_winner,
)
from ..specials import SpecialState, trick_steps
from ..state import Phase
from .base import View, decision_rng
from .special_deals import Deal, Seen, sample_deal, trick_is_last

SPITE = 0.25  # an action's value: own round points less this times the others' mean
BID_SPREAD = 2  # bids searched: the rule estimate and this many either side
HIGH_TRUMP_RANK = 11  # a trump queen or better is most of a trick (as bots/specials.py)
MOST_WORK = 1500  # tricks played out per decision, over every option and deal (affordable_deals)
FEWEST_DEALS = 4
STEP_PHASES = (Phase.PASSING, Phase.CLOUD, Phase.WITCH)
_STEP_KIND = {Phase.PASSING: "pass", Phase.CLOUD: "cloud", Phase.WITCH: "witch"}


class Playout(SpecialState):
    """A special-card state that stops at the end of its round (a search needs no next deal)."""

    def _end_round(self) -> None:
        self.phase, self.turn = Phase.OVER, -1


# --- the state of a deal -----------------------------------------------------------


def template_state(view: View, seen: Seen) -> Playout:
    """The state the view describes, hands aside (each deal fills them in)."""
    options = dict(view["options"])
    state = Playout(GameConfig.of([player["name"] for player in view["players"]], **options))
    state.round, state.dealer, state.hand_size = view["round"], view["dealer"], view["hand_size"]
    state.history, state.totals = [], list(view["totals"])
    state._set_trump(_suit(view["trump"]["suit"]))
    state.phase, state.turn = Phase(view["phase"]), view["seat"]
    state.steps, state.passes, state.vampire = [], {}, []
    state.taken, state.bids = list(view["taken"]), list(view["bids"])
    state.cloud = list(view["specials"]["cloud"])
    _set_cards(state, view, seen)
    if state.phase in STEP_PHASES:
        _set_steps(state, view["seat"])
    if state.phase is Phase.VAMPIRE:
        state.vampire = (["trump"] if view["legal"][0].startswith("trump") else []) + (
            ["name"] if state.turned is not None and hows_for(state.turned, None) != (HOW_NONE,) else [])
    return state


def _set_cards(state: Playout, view: View, seen: Seen) -> None:
    """The cards in sight, each the very card (of four Wizards, say) the deals keep out of the hands."""
    faces = {name: cards[:] for name, cards in seen.faces.items()}

    def face(name: str) -> Card:
        return faces[name].pop(0)

    state.tricks = [_trick(trick, face, state.trump, finished=True) for trick in view["tricks"]]
    state.last_trick = state.tricks[-1] if state.tricks else None
    if not trick_is_last(view):
        state.trick = _trick(view["trick"], face, state.trump, finished=False)
    state.turned = face(view["trump"]["card"]) if view["trump"]["card"] else None
    state.set_aside = mask_of(face(name) for name in view["specials"]["set_aside"])


def _suit(letter: str | None) -> Suit | None:
    return SUIT_LETTERS.index(letter) if letter else None


def _trick(trick: dict, face: Callable[[str], Card], trump: Suit | None, finished: bool) -> SpecialTrick:
    """A trick of the view; a finished one keeps the view's winner (trump may have changed since, S12)."""
    made = SpecialTrick(trick["leader"])
    hows = trick.get("hows") or [None] * len(trick["plays"])
    copies = trick.get("copies") or [None] * len(trick["plays"])
    for play, how, copy in zip(trick["plays"], hows, copies):
        made.put(play["seat"], face(play["card"]), how_of(how), None if copy is None else parse_card(copy), trump)
    if finished:
        made.winner, made.bombed = trick["winner"], bool(trick.get("bombed"))
    return made


def how_of(text: str | None) -> int:
    """How the view says a card was played, as the engine's number."""
    if text is None:
        return HOW_NONE
    return {"Z": HOW_WIZARD, "N": HOW_JESTER}.get(text) or 1 + SUIT_LETTERS.index(text)


def _set_steps(state: Playout, seat: Seat) -> None:
    """During an S13 step: the trick just taken is in play, and the steps after this one are due."""
    trick = state.tricks[-1]
    state.trick = trick
    state.next_leader = trick.winner
    steps = trick_steps(trick, last=len(state.tricks) == state.hand_size)
    kind = _STEP_KIND[state.phase]
    now = next(i for i, (step, who) in enumerate(steps) if step == kind and (kind != "witch" or who == seat))
    state.steps = steps[now + 1:]


def deal_state(template: Playout, deal: Deal) -> Playout:
    """A copy of ``template`` with the deal's hands and stock; hidden bids guessed from the hands."""
    state = template.copy()
    state.hands = deal.hands[:]
    state.stock_order = deal.stock[:]
    state.stock = mask_of(deal.stock)
    state.passes = dict(deal.passed)
    if state.phase not in (Phase.TRUMP, Phase.WEREWOLF, Phase.BIDDING):  # before the bids are in, they are made
        for seat, bid_ in enumerate(state.bids):
            if bid_ is None:
                state.bids[seat] = guess_bid(state, seat)
    return state


# --- the play-out policy ------------------------------------------------------------


def strength(card: Card, trump: Suit | None) -> float:
    """A rough value of a card in hand, for taking a trick (as bots/specials.py's)."""
    suit = SUIT_OF[card]
    if suit == WIZARD or card == DRAGON:
        return 20
    if card == SHAPESHIFTER:
        return 19
    if suit == JESTER or (suit == SPECIAL and card not in (JUGGLER, CLOUD)):
        return 0
    rank = 7 if card == JUGGLER else 9 if card == CLOUD else RANK_OF[card]
    return rank + (14 if suit == trump else 0)


def estimate(hand: Mask, trump: Suit | None, fairy_out: bool) -> float:
    """The tricks a hand should take (bots/specials.py's estimate)."""
    tricks = 0.0
    for card in cards_of(hand):
        suit = SUIT_OF[card]
        if card == DRAGON:
            tricks += 0.7 if fairy_out else 0.9
        elif suit == WIZARD or card == SHAPESHIFTER:
            tricks += 0.9
        elif suit < SUITS and suit == trump:
            tricks += 0.7 if RANK_OF[card] >= HIGH_TRUMP_RANK else 0.3
        elif suit < SUITS and RANK_OF[card] == 13:
            tricks += 0.5
    return tricks


def guess_bid(state: Playout, seat: Seat) -> int:
    """A seat's bid by the estimate, for a seat whose bid is hidden (its hand is a guess anyway)."""
    return round(estimate(state.hands[seat] | _played_by(state, seat), state.trump, FAIRY in state.specials))


def _played_by(state: Playout, seat: Seat) -> Mask:
    return mask_of(card for trick in [*state.tricks, state.trick] for s, card in zip(trick.seats, trick.cards)
                   if s == seat)


def best_suit(hand: Mask) -> Suit | None:
    """The suit the hand holds most of (ranks break ties); None without a suit card."""
    counts = [0.0] * SUITS
    for card in cards_of(hand):
        if SUIT_OF[card] < SUITS:
            counts[SUIT_OF[card]] += 1 + RANK_OF[card] / 20
    best = max(range(SUITS), key=lambda suit: counts[suit])
    return best if counts[best] else None


def policy(state: Playout, seat: Seat) -> Action:
    """The play-outs' decision for ``seat``: bots/specials.py's rules, on the state itself."""
    phase = state.phase
    if phase is Phase.PLAYING:
        return _play(state, seat)
    if phase is Phase.BIDDING:
        want = round(estimate(state.hands[seat], state.trump, FAIRY in state.specials))
        return min(state.legal_actions(seat), key=lambda action: (abs(action.bid - want), action.bid))
    suit = best_suit(state.hands[seat])
    if phase is Phase.WEREWOLF:
        return call_trump(suit)
    if phase is Phase.TRUMP or (phase is Phase.VAMPIRE and state.vampire[0] == "trump"):
        return choose_trump(suit or 0)
    if phase is Phase.VAMPIRE:
        legal = state.legal_actions(seat)
        return next((a for a in legal if a.how in ((suit or 0) + 1, HOW_WIZARD)), legal[0])
    if phase is Phase.PASSING:
        return pass_card(min(cards_of(state.hands[seat]), key=lambda card: strength(card, state.trump)))
    need = _need(state, seat)
    if phase is Phase.CLOUD:
        left = state.hand_size - len(state.tricks)
        return cloud_change(-1 if need > 0 and need > left / 2 and state.bids[seat] else +1)
    return _witch(state, seat, need)


def _need(state: Playout, seat: Seat) -> int:
    return (state.bids[seat] or 0) - state.taken[seat]


def _play(state: Playout, seat: Seat) -> Action:
    """The cheapest winner while tricks are needed, else the strongest loser."""
    trick = state.trick
    plays = trick.played
    trump = state.trump
    best = plays[trick_winner(plays, trump)] if plays else None
    best_win: tuple[float, Action] | None = None
    best_lose: tuple[float, Action] | None = None
    for action in state.legal_actions(seat):
        mine = identity(action.card, action.how, state.turned)
        if mine.kind == BOMB_LIKE:
            value, won = 25.0, False
        elif mine.kind == SUIT_CARD and best is not None and best.kind == SUIT_CARD:
            value, won = _played_strength(mine, trump), _suit_card_wins(mine, best, trump)
        else:
            value, won = _played_strength(mine, trump), trick_winner([*plays, mine], trump) == len(plays)
        if won and (best_win is None or value < best_win[0]):
            best_win = (value, action)
        if not won and (best_lose is None or value > best_lose[0]):
            best_lose = (value, action)
    if best_win and (_need(state, seat) > 0 or best_lose is None):
        return best_win[1]
    assert best_lose is not None
    return best_lose[1]


def _suit_card_wins(mine: Played, best: Played, trump: Suit | None) -> bool:
    """Whether a suit card takes the trick from the suit card winning it so far (S7) — the
    play-outs' hottest question, without S7's whole reckoning: a suit card wins only while no
    Wizard or Dragon is in, so this one must beat it by trump or by a higher card of its suit."""
    if mine.suit == best.suit:
        return mine.value > best.value  # the first of equals wins
    return mine.suit == trump


def _played_strength(one: Played, trump: Suit | None) -> float:
    if one.kind in (WIZARD_LIKE, DRAGON_LIKE):
        return 60.0
    if one.kind == SUIT_CARD:
        return one.value + (60 if one.suit == trump else 0)
    return 1.0 if one.kind == FAIRY_LIKE else 0.0


def _witch(state: Playout, seat: Seat, need: int) -> Action:
    """Take the strongest card while tricks are needed (giving the weakest), else the reverse."""
    trump = state.trump
    sign = 1 if need > 0 else -1
    legal = state.legal_actions(seat)
    return max(legal, key=lambda a: (sign * (strength(a.taken_card, trump) - strength(a.card, trump)), -a))


def play_round(state: Playout) -> None:
    """Play the round out by the policy."""
    while state.phase is not Phase.OVER:
        seat = state.to_act()[0]
        state.apply_unchecked(seat, policy(state, seat))


def value_of(state: Playout, seat: Seat, spite: float) -> float:
    """This seat's round points less ``spite`` times the others' mean (R19; the Cloud's bid)."""
    points = [round_points(bid_ or 0, taken) for bid_, taken in zip(state.bids, state.taken)]
    others = (sum(points) - points[seat]) / (len(points) - 1)
    return points[seat] - spite * others


# --- the search -----------------------------------------------------------------------


def candidates(view: View, seen: Seen, legal: list[Action]) -> list[Action]:
    """The actions worth searching: every one, but for bids only the estimate's neighbours."""
    if view["phase"] != "bidding":
        return legal
    want = round(estimate(seen.hand, _suit(view["trump"]["suit"]), "Fairy" in view["specials"]["cards"]))
    near = [action for action in legal if abs(action.bid - want) <= BID_SPREAD]
    return near or legal


def search(view: View, seed: int, deals: int, spite: float = SPITE) -> Action:
    """The action with the best mean value over ``deals`` sampled deals (see the module's doc),
    fewer where many options each play out many tricks (:func:`affordable_deals`)."""
    legal = [Action.parse(text) for text in view["legal"]]
    seen = Seen(view)
    options = candidates(view, seen, legal)
    if len(options) == 1:
        return options[0]
    totals = tally(view, seen, options, seed, affordable_deals(view, len(options), deals), spite).value
    return max(options, key=lambda action: (totals[action], -action))


def affordable_deals(view: View, options: int, deals: int) -> int:
    """``deals``, cut so that the options' play-outs come to at most :data:`MOST_WORK` tricks per
    decision (but never below :data:`FEWEST_DEALS`): a Witch choosing among 40 swaps with 14
    tricks to go took 1.5 s in CPython with 15 deals, 12 s in the browser."""
    tricks = max(1, view["hand_size"] - len(view["tricks"]))
    return min(deals, max(FEWEST_DEALS, MOST_WORK // (options * tricks)))


class Tally:
    """Each action's sums over the deals: its value (with spite), this seat's round points and
    the deals in which the seat made its bid (as the Cloud left it); the coach shows the last two."""

    def __init__(self, options: list[Action]) -> None:
        self.value = dict.fromkeys(options, 0.0)
        self.points = dict.fromkeys(options, 0)
        self.made = dict.fromkeys(options, 0)
        self.deals = 0


def tally(view: View, seen: Seen, options: list[Action], seed: int, deals: int, spite: float = SPITE) -> Tally:
    """Every option played out on the same ``deals`` deals (seeded by the view and ``seed``)."""
    rng = decision_rng(seed, view)
    template = template_state(view, seen)
    seat = view["seat"]
    sums = Tally(options)
    for _ in range(deals):
        start = deal_state(template, sample_deal(view, seen, rng))
        for action in options:
            state = start.copy()
            state.apply_unchecked(seat, action)
            play_round(state)
            sums.value[action] += value_of(state, seat, spite)
            bid_ = state.bids[seat] or 0
            sums.points[action] += round_points(bid_, state.taken[seat])
            sums.made[action] += state.taken[seat] == bid_
    sums.deals = deals
    return sums
