"""What one seat may know: the only door through which hidden information leaves (R22).

:func:`seat_view` returns a plain JSON-ready dict; the web page and the bots get nothing
else.  Cards are in classic notation (``"7H"``, ``"Z"``, ``"N"``); texts meant for the
player (reasons, names) follow the chosen display theme.
"""

from __future__ import annotations

from typing import Any

from .actions import bid
from .cards import JESTER, SUIT_LETTERS, SUIT_OF, WIZARD, Card, card_name, cards_of, sort_key
from .rules import Seat, Trick
from .state import Phase, State, plays_of
from .themes import suit_name


def seat_view(state: State, seat: Seat, theme: str = "classic") -> dict[str, Any]:
    """Everything ``seat`` may see now, and nothing more."""
    config = state.config
    to_act = state.to_act()
    view: dict[str, Any] = {
        "seat": seat,
        "players": [{"name": p.name, "bot": p.bot} for p in config.players],
        "options": dict(vars(config.options)),
        "theme": theme,
        "round": state.round,
        "rounds": state.rounds,
        "hand_size": state.hand_size,
        "phase": state.phase.value,
        "dealer": state.dealer,
        "first_dealer": state.first_dealer,
        "draws": [[{"seat": s, "card": card_name(c)} for s, c in draw] for draw in state.draws],
        "trump": _trump(state),
        "hand_counts": [h.bit_count() for h in state.hands],
        "bids": [_visible_bid(state, seat, s) for s in range(state.num_players)],
        "has_bid": [b is not None for b in state.bids],
        "taken": list(state.taken),
        "trick": _trick(state.trick),
        "tricks": [_trick(t) for t in state.tricks],
        "last_trick": _trick(state.last_trick) if state.last_trick else None,
        "last_action": _last_action(state, seat),
        "score_pad": [[row.to_dict() for row in rows] for rows in state.pad],
        "totals": list(state.totals),
        "to_act": list(to_act),
        "your_turn": seat in to_act,
        "over": state.is_over,
        "winners": state.winners() if state.is_over else [],
    }
    view.update(_hands(state, seat, theme))
    view["legal"], view["forbidden"] = _choices(state, seat, theme)
    return view


def _foresight_now(state: State) -> bool:
    """R20: in round 1, while bidding, you see the others' card but not your own."""
    return (state.config.options.foresight and state.round == 1
            and state.phase in (Phase.TRUMP, Phase.BIDDING))


def _hands(state: State, seat: Seat, theme: str) -> dict[str, Any]:
    if _foresight_now(state):
        shown = [None if s == seat else _names(cards_of(h)) for s, h in enumerate(state.hands)]
        return {"hand": None, "hand_hidden": True, "shown_hands": shown}
    legal_mask = (state.rules.legal_mask(state.hands[seat], state.trick.led)
                  if state.phase is Phase.PLAYING and seat in state.to_act() else None)
    hand = []
    for card in sorted(cards_of(state.hands[seat]), key=sort_key):
        playable = legal_mask is not None and bool(legal_mask >> card & 1)
        why_not = None
        if legal_mask is not None and not playable:
            why_not = _follow_reason(state, theme)
        hand.append({"card": card_name(card), "playable": playable, "why_not": why_not})
    return {"hand": hand, "hand_hidden": False, "shown_hands": None}


def _follow_reason(state: State, theme: str) -> str:
    """R13, in the words of the display theme."""
    return f"you must follow {suit_name(state.trick.led, theme)} (R13)"  # type: ignore[arg-type]


def _names(cards: list[Card]) -> list[str]:
    return [card_name(c) for c in sorted(cards, key=sort_key)]


def _visible_bid(state: State, viewer: Seat, seat: Seat) -> int | None:
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


def _trump(state: State) -> dict[str, Any]:
    turned = state.turned
    suit = SUIT_LETTERS[state.trump] if state.trump is not None else None
    if state.config.options.unicoloured:
        why = "unicoloured"  # R21
    elif turned is None:
        why = "last_round"  # R9
    elif SUIT_OF[turned] == JESTER:
        why = "jester"  # R8
    elif SUIT_OF[turned] == WIZARD:
        why = "chosen" if suit else "choosing"  # R8
    else:
        why = "turned"
    return {"card": card_name(turned) if turned is not None else None, "suit": suit, "why": why}


def _trick(trick: Trick) -> dict[str, Any]:
    led = trick.led_suit
    return {
        "leader": trick.leader,
        "plays": [{"seat": s, "card": card_name(c)} for s, c in zip(trick.seats, trick.cards)],
        "led": SUIT_LETTERS[led] if led is not None else None,
        "winner": trick.winner if trick.cards else None,
    }


def _last_action(state: State, viewer: Seat) -> dict[str, Any] | None:
    if not state.history:
        return None
    seat, action = state.history[-1]
    text = str(action)
    if action.kind == "bid" and seat != viewer and _bid_hidden_after(state, viewer, seat):
        text = "bid ?"
    return {"seat": seat, "action": text}


def _bid_hidden_after(state: State, viewer: Seat, seat: Seat) -> bool:
    """True when the last bid's value is not yet public to ``viewer``."""
    bidding = state.config.options.bidding
    if bidding == "open":
        return False
    if bidding == "secret":
        return True
    return state.phase is Phase.BIDDING or state.bids[seat] is None


def _choices(state: State, seat: Seat, theme: str) -> tuple[list[str], list[dict[str, str]]]:
    """Legal actions and, where a rule forbids one, the reason (only on ``seat``'s turn)."""
    if seat not in state.to_act():
        return [], []
    legal = state.legal_actions(seat)
    forbidden: list[dict[str, str]] = []
    if state.phase is Phase.BIDDING:
        rule = state.forbidden_bid(seat)
        if rule:
            forbidden.append({"action": str(bid(rule[0])), "reason": rule[1]})
    elif state.phase is Phase.PLAYING:
        allowed = set(legal)
        for action in plays_of(state.hands[seat]):
            if action not in allowed:
                forbidden.append({"action": str(action), "reason": _follow_reason(state, theme)})
    return [str(a) for a in legal], forbidden

