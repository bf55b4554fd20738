"""Set up positions from card notation, and play them out."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import strategies as st

from wizard_engine import GameConfig, Phase, State, web
from wizard_engine.cards import DECK_SIZE, parse_card, parse_cards
from wizard_engine.view import SeatView, seat_view

# The rule options the coach's walks deal games with.
OPTIONS: tuple[dict[str, Any], ...] = (
    {}, {"bidding": "hidden"}, {"foresight": True}, {"unicoloured": True}, {"canadian": True})


def deal(hands: list[str], turned: str | None = None, dealer: int = 0, round_: int | None = None,
         totals: list[int] | None = None, seed: int = 0, **options: object) -> State:
    """A state whose round deals ``hands`` (one string per seat, e.g. ``"7H Z N"``)."""
    words = [hand.split() for hand in hands]
    cards = parse_cards([w for hand in words for w in hand] + ([turned] if turned else []))
    split, start = [], 0
    for hand in words:
        split.append(cards[start:start + len(hand)])
        start += len(hand)
    config = GameConfig.of(len(hands), seed=seed, **options)
    state = State.with_deal(config, split, cards[-1] if turned else None, dealer, round_)
    if totals is not None:
        state.totals = list(totals)
    return state


def random_positions(count: int, seed: int, phases: tuple[str, ...] = ("bidding", "playing"),
                     rate: float = 0.08) -> list[tuple[State, SeatView]]:
    """Positions of randomly played games (several options, 3 to 6 players) in ``phases`` where the
    seat to act has a choice: about ``rate`` of them, each with a copy of its state."""
    rng = random.Random(seed)
    out: list[tuple[State, SeatView]] = []
    while len(out) < count:
        options = rng.choice(OPTIONS)
        players = rng.randint(3, 4 if options.get("unicoloured") else 6)
        state = State(GameConfig.of(players, seed=rng.randrange(10**6), **options))
        while not state.is_over and len(out) < count:
            seat = state.to_act()[0]
            if state.phase.value in phases and rng.random() < rate:
                view = seat_view(state, seat)
                if len(view["legal"]) > 1:
                    out.append((state.copy(), view))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return out


def trump_positions(count: int, seed: int) -> list[SeatView]:
    """Dealers facing a turned-up Wizard (R8): random hands of 1 to 10 cards, 3 to 6 players, the
    options but Unicoloured (which turns no card up)."""
    rng = random.Random(seed)
    wizard = parse_card("Z")
    views = []
    for _ in range(count):
        players = rng.randint(3, 6)
        size = rng.randint(1, min(10, (DECK_SIZE - 1) // players))
        deck = [c for c in range(DECK_SIZE) if c != wizard]
        rng.shuffle(deck)
        hands = [deck[p * size:(p + 1) * size] for p in range(players)]
        options = rng.choice([o for o in OPTIONS if not o.get("unicoloured")])
        state = State.with_deal(GameConfig.of(players, **options), hands, wizard, rng.randrange(players))
        assert state.phase is Phase.TRUMP
        views.append(seat_view(state, state.dealer))
    return views


def act(state: State, *actions: str) -> State:
    """Apply ``actions`` in turn, each by the (first) seat to act."""
    for action in actions:
        state.apply(state.to_act()[0], action)
    return state


def random_game(config: GameConfig, seed: int) -> State:
    """A complete game of uniformly random legal actions."""
    state, rng = State(config), random.Random(seed)
    while not state.is_over:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


ANY_JSON_VALUE = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.integers(), st.floats(),
                           st.text(max_size=5), st.lists(st.integers(0, 3), max_size=4), st.just({}))


def damage_one_value(draw: st.DrawFn, data: Any) -> str:
    """``data`` (parsed JSON) as text, with one value somewhere replaced by another JSON value."""
    places: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        keys = list(node) if isinstance(node, dict) else range(len(node)) if isinstance(node, list) else []
        for key in keys:
            places.append((node, key))
            walk(node[key])

    walk(data)
    parent, key = draw(st.sampled_from(places))
    parent[key] = draw(ANY_JSON_VALUE)
    return json.dumps(data)


def call(method: str, **params: object) -> dict[str, Any]:
    """One request to the worker's entry point, as the page sends it; the parsed answer."""
    answer: dict[str, Any] = json.loads(web.call(json.dumps({"method": method, "params": params})))
    return answer


def result(method: str, **params: object) -> dict[str, Any]:
    """The result of a request that must succeed."""
    answer = call(method, **params)
    assert answer["ok"], answer
    return answer["result"]


def spy_make_bot(monkeypatch: Any, module: Any) -> list[tuple[str, dict[str, Any]]]:
    """Every ``make_bot(level, seed, **settings)`` made through ``module`` from now on, as
    ``(level, settings)``; the bots are still made."""
    made: list[tuple[str, dict[str, Any]]] = []
    real = module.make_bot

    def spy(level: str, seed: int = 0, **settings: Any) -> Any:
        made.append((level, settings))
        return real(level, seed, **settings)

    monkeypatch.setattr(module, "make_bot", spy)
    return made
