"""What one seat may know: the only door through which hidden information leaves (R22).

:func:`seat_view` returns a :class:`SeatView`, a typed dict of plain JSON data; the web page
and the bots get nothing else.  Cards are in classic notation (``"7H"``, ``"Z"``, ``"N"``),
suits as letters, and reasons as data (:mod:`wizard_engine.reasons`): the page words them
in the chosen display theme, which the view only passes on.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypedDict

from .actions import bid
from .cards import FULL_MASK, JESTER, SUIT_LETTERS, SUIT_OF, WIZARD, Card, card_name, cards_of, sort_key
from .config import Options, Player
from .reasons import Reason, ReasonJSON
from .rules import Seat, Trick
from .scoring import ScoreRow, Standing
from .special_tricks import SpecialTrick
from .special_view import special_trick_view, special_trump_why, special_view
from .specials import SpecialState
from .state import Phase, State, plays_of


class PlayerView(TypedDict):
    """A seat's player: a name and a bot level (None for a person)."""

    name: str
    bot: str | None


class OptionsView(TypedDict):
    """The game's rule options (see :class:`~wizard_engine.config.Options`)."""

    bidding: str
    canadian: bool
    plus_minus_one: bool
    foresight: bool
    unicoloured: bool
    canadian_final: bool
    schedule: str
    specials: str


class PlayView(TypedDict):
    """A card and the seat it belongs to: a draw for the first deal, or a card in a trick."""

    seat: Seat
    card: str


class TrumpView(TypedDict):
    """The turned-up card, the trump suit letter and why: turned, chosen, choosing, jester,
    last_round, unicoloured or fixed (T2) (a code the page words, like a reason's)."""

    card: str | None
    suit: str | None
    why: str


class SpecialTrickFields(TypedDict, total=False):
    """What a trick adds with special cards (:func:`wizard_engine.specials.special_trick_view`): how
    each card was played, what the Vampire copied, whether a Bomb voided it, the Witch's swaps."""

    hows: list[str | None]
    copies: list[str | None]
    bombed: bool
    swaps: list[dict[str, object]]


class TrickView(SpecialTrickFields):
    """A trick: who led, the cards in order, the led suit letter and the current winner."""

    leader: Seat
    plays: list[PlayView]
    led: str | None
    winner: Seat | None


class HandCardView(TypedDict):
    """A card of your hand; on your turn to play, whether you may play it and why not."""

    card: str
    playable: bool
    why_not: ReasonJSON | None


class ForbiddenView(TypedDict):
    """An action a rule forbids now (``"bid 2"``, ``"play 3C"``) and the reason."""

    action: str
    reason: ReasonJSON


class ScoreRowView(TypedDict):
    """One player's line of one round on the score pad (R19)."""

    bid: int
    taken: int
    points: int
    total: int


class LastActionView(TypedDict):
    """The latest decision, as this seat may see it (``"bid ?"`` while a bid is hidden)."""

    seat: Seat
    action: str


class SpecialSeatFields(TypedDict, total=False):
    """What a seat's view adds with special cards (:func:`wizard_engine.specials.special_view`)."""

    specials: dict[str, object]


class SeatView(SpecialSeatFields):
    """Everything one seat may see (R22); plain JSON data."""

    seat: Seat | None  # None: nobody's view (see seat_view)
    players: list[PlayerView]
    options: OptionsView
    theme: str
    round: int
    rounds: int
    round_cards: list[int]  # the cards each of the game's rounds deals (R5, T1, T2)
    hand_size: int
    phase: str
    dealer: Seat
    first_dealer: Seat
    draws: list[list[PlayView]]
    trump: TrumpView
    hand_counts: list[int]
    bids: list[int | None]
    has_bid: list[bool]
    taken: list[int]
    trick: TrickView
    tricks: list[TrickView]
    last_trick: TrickView | None
    last_action: LastActionView | None
    score_pad: list[list[ScoreRowView]]
    totals: list[int]
    to_act: list[Seat]
    your_turn: bool
    over: bool
    winners: list[Seat]
    standings: list[Standing]  # at the end: every seat's place, best first, and its tie-break (T4)
    hand: list[HandCardView] | None
    hand_hidden: bool
    shown_hands: list[list[str] | None] | None
    legal: list[str]
    forbidden: list[ForbiddenView]


def seat_view(state: State, seat: Seat | None, theme: str = "classic") -> SeatView:
    """Everything ``seat`` may see now, and nothing more; with ``seat`` None, what anybody
    passing by the table sees (no hand, no hidden bid: the screen between two people's turns)."""
    config = state.config
    to_act = state.to_act()
    hand, shown_hands = _hands(state, seat)
    legal, forbidden = _choices(state, seat)
    view: SeatView = {
        "seat": seat,
        "players": players_view(config.players),
        "options": options_view(config.options),
        "theme": theme,
        "round": state.round,
        "rounds": state.rounds,
        "round_cards": [state.rules.hand_size(r) for r in range(1, state.rounds + 1)],
        "hand_size": state.hand_size,
        "phase": state.phase.value,
        "dealer": state.dealer,
        "first_dealer": state.first_dealer,
        "draws": [[{"seat": s, "card": card_name(c)} for s, c in draw] for draw in state.draws],
        "trump": trump_view(state),
        "hand_counts": [h.bit_count() for h in state.hands],
        "bids": [_visible_bid(state, seat, s) for s in range(state.num_players)],
        "has_bid": [b is not None for b in state.bids],
        "taken": list(state.taken),
        "trick": trick_view(state.trick),
        "tricks": [trick_view(t) for t in state.tricks],
        "last_trick": trick_view(state.last_trick) if state.last_trick else None,
        "last_action": _last_action(state, seat),
        "score_pad": [[score_row_view(row) for row in rows] for rows in state.pad],
        "totals": list(state.totals),
        "to_act": list(to_act),
        "your_turn": seat in to_act,
        "over": state.is_over,
        "winners": state.winners() if state.is_over else [],
        "standings": state.standings() if state.is_over else [],
        "hand": hand,
        "hand_hidden": hand is None,
        "shown_hands": shown_hands,
        "legal": legal,
        "forbidden": forbidden,
    }
    if isinstance(state, SpecialState):
        view["specials"] = special_view(state, seat)
    return view


def players_view(players: Iterable[Player]) -> list[PlayerView]:
    """The players as every view and record names them."""
    return [{"name": player.name, "bot": player.bot} for player in players]


def options_view(options: Options) -> OptionsView:
    """The options as plain JSON, every one named (in a view, a record and a document)."""
    return {"bidding": options.bidding, "canadian": options.canadian, "plus_minus_one": options.plus_minus_one,
            "foresight": options.foresight, "unicoloured": options.unicoloured,
            "canadian_final": options.canadian_final, "schedule": options.schedule,
            "specials": options.specials}


def _foresight_now(state: State) -> bool:
    """R20: in round 1, while bidding, you see the others' card but not your own."""
    return (state.config.options.foresight and state.round == 1
            and state.phase in (Phase.TRUMP, Phase.BIDDING))


def _hands(state: State, seat: Seat | None) -> tuple[list[HandCardView] | None, list[list[str] | None] | None]:
    """Your hand (None while Foresight hides it) and the others' shown hands (R20)."""
    if seat is None:
        return None, None
    if _foresight_now(state):
        return None, [None if s == seat else _names(cards_of(h)) for s, h in enumerate(state.hands)]
    legal_mask = (state.playable_mask(seat)
                  if state.phase is Phase.PLAYING and seat in state.to_act() else None)
    hand: list[HandCardView] = []
    for card in sorted(cards_of(state.hands[seat]), key=sort_key):
        playable = legal_mask is not None and bool(legal_mask >> card & 1)
        why_not = None
        if legal_mask is not None and not playable:
            why_not = state.follow_reason(card).to_json()
        hand.append({"card": card_name(card), "playable": playable, "why_not": why_not})
    return hand, None


def _names(cards: list[Card]) -> list[str]:
    return [card_name(c) for c in sorted(cards, key=sort_key)]


def _visible_bid(state: State, viewer: Seat | None, seat: Seat) -> int | None:
    """R10/R11: open bids at once; hidden bids when all are in; secret bids after the round."""
    bid_ = state.bids[seat]
    if bid_ is None or seat == viewer:
        return bid_
    bidding = state.config.options.bidding
    if bidding == "open":
        return bid_
    if bidding == "hidden":
        return bid_ if state.phase is not Phase.BIDDING else None
    return None


def trump_view(state: State) -> TrumpView:
    """The turned-up card and the trump suit, as every seat sees them."""
    turned = state.turned
    suit = SUIT_LETTERS[state.trump] if state.trump is not None else None
    special = special_trump_why(state) if isinstance(state, SpecialState) else None
    if special:
        why = special  # S8, S10, S12
    elif state.config.options.unicoloured:
        why = "unicoloured"  # R21
    elif state.rules.fixes_trump:
        why = "fixed"  # T2
    elif turned is None:
        why = "last_round"  # R9
    elif SUIT_OF[turned] == JESTER:
        why = "jester"  # R8
    elif SUIT_OF[turned] == WIZARD:
        why = "chosen" if suit else "choosing"  # R8
    else:
        why = "turned"
    return {"card": card_name(turned) if turned is not None else None, "suit": suit, "why": why}


def trick_view(trick: Trick | SpecialTrick) -> TrickView:
    """A trick as every seat sees it."""
    led = trick.led_suit
    view: TrickView = {
        "leader": trick.leader,
        "plays": [{"seat": s, "card": card_name(c)} for s, c in zip(trick.seats, trick.cards)],
        "led": SUIT_LETTERS[led] if led is not None else None,
        "winner": trick.winner if trick.cards else None,
    }
    if isinstance(trick, SpecialTrick):
        view.update(special_trick_view(trick))  # type: ignore[typeddict-item] # its keys are TrickView's
    return view


def _last_action(state: State, viewer: Seat | None) -> LastActionView | None:
    if not state.history:
        return None
    seat, action = state.history[-1]
    text = str(action)
    if action.kind == "bid" and seat != viewer and _bid_hidden_after(state, viewer, seat):
        text = "bid ?"
    if action.kind == "pass" and seat != viewer:
        text = "pass ?"  # S14: a passed card is seen by its giver and, once all have passed, its receiver
    return {"seat": seat, "action": text}


def _bid_hidden_after(state: State, viewer: Seat | None, seat: Seat) -> bool:
    """True when the last bid's value is not yet public to ``viewer``."""
    bidding = state.config.options.bidding
    if bidding == "open":
        return False
    if bidding == "secret":
        return True
    return state.phase is Phase.BIDDING or state.bids[seat] is None


def score_row_view(row: ScoreRow) -> ScoreRowView:
    """One player's line of a round on the score pad, as plain JSON."""
    return {"bid": row.bid, "taken": row.taken, "points": row.points, "total": row.total}


def forbidden_bid_view(rule: tuple[int, Reason] | None) -> list[ForbiddenView]:
    """The bid an option forbids the bidder (R11), and why, as a view lists it; none if none is."""
    return [{"action": str(bid(rule[0])), "reason": rule[1].to_json()}] if rule else []


def _choices(state: State, seat: Seat | None) -> tuple[list[str], list[ForbiddenView]]:
    """Legal actions and, where a rule forbids one, the reason (only on ``seat``'s turn)."""
    if seat is None or seat not in state.to_act():
        return [], []
    legal = state.legal_actions(seat)
    forbidden: list[ForbiddenView] = []
    if state.phase is Phase.BIDDING:
        forbidden = forbidden_bid_view(state.forbidden_bid(seat))
    elif state.phase is Phase.PLAYING:
        allowed = set(legal)
        for action in plays_of(state.hands[seat] & FULL_MASK):
            if action not in allowed:
                forbidden.append({"action": str(action), "reason": state.follow_reason(action.card).to_json()})
    return [str(a) for a in legal], forbidden

