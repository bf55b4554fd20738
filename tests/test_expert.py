"""The Expert bot: legal, deterministic for a view and seed, blind to hidden cards, and its
exact endgame agrees with a plain max^n search; the arena's per-seat budgets."""

from __future__ import annotations

import json
import random

import pytest

from wizard_engine.bots import make_bot
from wizard_engine.bots.expert import DEFAULT_SPITE, ExpertBot, Solver
from wizard_engine.bots.knowledge import read_view
from wizard_engine.cards import BIT, DECK_SIZE, FULL_MASK, WIZARD_MASK, Card, Mask, cards_of, mask_of
from wizard_engine.config import BOT_LEVELS, GameConfig, Options
from wizard_engine.errors import IllegalActionError
from wizard_engine.fast import policy_card
from wizard_engine.rules import BEATS, LED_AFTER, NOTHING_LED, legal_mask
from wizard_engine.scoring import round_points
from wizard_engine.state import Phase, State
from wizard_engine.tools.arena import main, parse_bot, play_game
from wizard_engine.view import seat_view

from .helpers import spy_make_bot

QUICK = {"think_ms": 30}  # a small budget: both searches (halving and endgame) still run


def _position(seed: int, hand_size: int, steps: int, players: int = 4) -> tuple[State, list, list[Mask]]:
    """A random deal of ``hand_size`` cards, ``steps`` random actions into it: the state, the
    actions and the dealt hands."""
    rng = random.Random(seed)
    deck = rng.sample(range(DECK_SIZE), players * hand_size + 1)
    hands = [deck[s * hand_size:(s + 1) * hand_size] for s in range(players)]
    config = GameConfig.of(players, seed=seed)
    state = State.with_deal(config, hands, deck[-1], dealer=seed % players)
    actions = []
    for _ in range(steps):
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        actions.append((seat, action))
    return state, actions, [mask_of(h) for h in hands]


def _reshuffled(state: State, actions: list, dealt: list[Mask], seat: int, seed: int) -> State | None:
    """The same history with every card ``seat`` cannot see dealt again at random: the other
    seats' unplayed cards and the stock.  None when the new deal contradicts the history
    (a seat shown out of a suit was dealt one)."""
    rng = random.Random(seed)
    played = mask_of(a.card for _, a in actions if a.kind == "play")
    turned = state.turned
    hidden = FULL_MASK & ~dealt[seat] & ~played & ~(BIT[turned] if turned is not None else 0)
    cards = cards_of(hidden)
    rng.shuffle(cards)
    hands: list[list[Card]] = []
    for s, mask in enumerate(dealt):
        if s == seat:
            hands.append(cards_of(mask))
            continue
        keep = cards_of(mask & played)
        need = mask.bit_count() - len(keep)
        hands.append(keep + cards[:need])
        del cards[:need]
    other = State.with_deal(state.config, hands, turned, dealer=state.dealer)
    try:
        for s, action in actions:
            other.apply(s, action)
    except IllegalActionError:
        return None
    return other


@pytest.mark.parametrize("hand_size,steps", [(6, 2), (6, 9), (3, 5), (4, 11)])
def test_decisions_depend_on_the_view_only(hand_size: int, steps: int) -> None:
    """Redealing every card the seat cannot see (consistently with the history) changes
    neither its view nor its decision, in bidding, mid-round and in the exact endgame."""
    state, actions, dealt = _position(hand_size * 10 + steps, hand_size, steps)
    seat = state.to_act()[0]
    view = seat_view(state, seat)
    decision = make_bot("expert", 4, **QUICK).decide(view)
    redeals = 0
    for k in range(30):
        other = _reshuffled(state, actions, dealt, seat, k)
        if other is None:
            continue
        assert other.hands != state.hands or hand_size == 1
        assert seat_view(other, seat) == view
        assert make_bot("expert", 4, **QUICK).decide(seat_view(other, seat)) == decision
        redeals += 1
        if redeals == 3:
            break
    assert redeals >= 1


@pytest.mark.parametrize("hand_size,steps", [(7, 3), (7, 12), (3, 6)])
def test_same_view_and_seed_give_the_same_decision_at_the_default_budget(hand_size: int, steps: int) -> None:
    state, _, _ = _position(hand_size + steps, hand_size, steps)
    view = seat_view(state, state.to_act()[0])
    first = make_bot("expert", 5).decide(view)
    assert make_bot("expert", 5).decide(json.loads(json.dumps(view))) == first


@pytest.mark.parametrize("players,options", [(3, {}), (4, {}), (6, {}), (4, {"bidding": "hidden"}),
                                             (4, {"foresight": True}), (4, {"unicoloured": True}),
                                             (5, {"plus_minus_one": True}), (4, {"canadian": True})])
def test_plays_legally_under_every_option(players: int, options: dict) -> None:
    state = State(GameConfig.of(players, seed=40 + players, **options))
    bots = [make_bot("expert" if s % 2 == 0 else "hard", s, think_ms=10) for s in range(players)]
    while not state.is_over and state.round <= 5:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].decide(json.loads(json.dumps(seat_view(state, seat)))))  # raises if illegal


def test_expert_is_offered_after_hard() -> None:
    assert BOT_LEVELS.index("expert") == BOT_LEVELS.index("hard") + 1
    assert isinstance(make_bot("expert", 1), ExpertBot)


def _plain_maxn(hands: list[Mask], bids: list[int], taken: list[int], rules: int, turn: int, played: int,
                led: int, best: int, winner: int) -> tuple[int, ...]:
    """Max^n without table, cuts or merged Wizards and Jesters: every seat maximises its own
    round score; of equal cards, the heuristic's first, then the lowest (the solver's order)."""
    players = len(hands)
    if not any(hands):
        return tuple(taken)
    values = []
    legal = legal_mask(hands[turn], led, rules)
    first = policy_card(legal, bids[turn] - taken[turn], played, players, best, rules)
    for card in [first] + [c for c in cards_of(legal) if c != first]:
        h = list(hands)
        h[turn] &= ~BIT[card]
        b, w = (card, turn) if played == 0 or BEATS[rules][best * DECK_SIZE + card] else (best, winner)
        if played + 1 == players:
            t = list(taken)
            t[w] += 1
            values.append(_plain_maxn(h, bids, t, rules, w, 0, NOTHING_LED, -1, -1))
        else:
            values.append(_plain_maxn(h, bids, taken, rules, (turn + 1) % players, played + 1,
                                      LED_AFTER[led][card], b, w))
    return max(values, key=lambda v: round_points(bids[turn], v[turn]))  # the first of the best


def test_the_endgame_solver_finds_each_seat_its_best_score() -> None:
    """On random three-card endings the solver's table, cuts and merged Wizards and Jesters
    change nothing: the same tricks per seat as a plain max^n search."""
    rng = random.Random(7)
    for _ in range(25):
        players = rng.choice((3, 4))
        deck = rng.sample(range(DECK_SIZE), players * 3)
        hands = [mask_of(deck[s * 3:(s + 1) * 3]) for s in range(players)]
        rules = rng.randrange(4)
        bids = [rng.randrange(3) for _ in range(players)]
        solver = Solver(bids, rules, players)
        best_solved = best_plain = -1000
        for card in cards_of(legal_mask(hands[0], NOTHING_LED, rules)):
            got = solver.after(card, hands, [0] * players, 0, 0, NOTHING_LED, -1, -1)
            h = list(hands)
            h[0] &= ~BIT[card]
            plain = _plain_maxn(h, bids, [0] * players, rules, 1, 1, LED_AFTER[NOTHING_LED][card], card, 0)
            assert got == plain and sum(got) == 3
            best_solved = max(best_solved, round_points(bids[0], got[0]))
            best_plain = max(best_plain, round_points(bids[0], plain[0]))
        assert best_solved == best_plain


def test_arena_parses_per_seat_budgets() -> None:
    assert parse_bot("hard") == ("hard", None)
    assert parse_bot("hard@300") == ("hard", 300.0)
    assert parse_bot("expert@0") == ("expert", 0.0)
    for bad in ("hard@", "hard@-1", "hard@nan", "medium@100", "grandmaster", "hard@fast"):
        with pytest.raises(ValueError):
            parse_bot(bad)


@pytest.mark.slow
def test_arena_reports_a_budgeted_seat_apart(capsys) -> None:
    assert main(["--players", "3", "--bots", "hard@5,hard@0,easy", "--games", "3", "--seed", "2",
                 "--json", "--quiet"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["per_bot"]) == {"hard@5", "hard@0", "easy"}
    with pytest.raises(SystemExit):
        main(["--players", "3", "--bots", "hard@x,easy,easy", "--games", "3", "--quiet"])


@pytest.mark.slow
def test_a_seat_budget_reaches_the_bot(monkeypatch) -> None:
    """``hard@0`` is Hard at budget 0 (Medium's judgement): the game is the one Medium-judged
    Hard plays, and it differs from the default Hard's on the same deals."""
    import wizard_engine.tools.arena as arena

    made = spy_make_bot(monkeypatch, arena)
    play_game(["hard@0", "expert@7", "easy"], Options(), 1, 1, think_ms=None)
    assert made[:3] == [("hard", {"think_ms": 0.0}), ("expert", {"think_ms": 7.0}), ("easy", {})]
    made.clear()
    play_game(["hard", "hard@9", "easy"], Options(), 1, 1, think_ms=3)
    assert made[:3] == [("hard", {"think_ms": 3}), ("hard", {"think_ms": 9.0}), ("easy", {})]


@pytest.mark.slow
def test_never_needs_the_round_to_be_unfinished() -> None:
    """A whole short game between experts ends (the endgame, a lone card, the last trick)."""
    state = State(GameConfig.of(6, seed=3))
    bots = [make_bot("expert", s, think_ms=5) for s in range(6)]
    while not state.is_over:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].decide(seat_view(state, seat)))
    assert state.phase is Phase.OVER and len(state.pad) == 10


@pytest.mark.parametrize("hand_size,steps", [(7, 0), (3, 0), (7, 10)])
def test_search_gives_figures_for_every_option_as_the_coach_reads_them(hand_size: int, steps: int) -> None:
    """Options dropped early by the halving still have means over the deals they were tried
    on; every legal bid gets figures when asked, and the pick is the decision."""
    state, _, _ = _position(hand_size * 3 + steps, hand_size, steps)
    view = seat_view(state, state.to_act()[0])
    bot = ExpertBot(2, think_ms=20)
    action, tally = bot.search(view, every_bid=True)
    assert action == ExpertBot(2, think_ms=20).decide(view)
    assert len(tally.points) == len(view["legal"]) and tally.deals > 0
    for option in tally.points:
        assert -10 * hand_size <= tally.mean_points(option) <= 20 + 10 * hand_size
        assert 0 <= tally.chance_made(option) <= 1


@pytest.mark.slow
def test_a_larger_budget_buys_more_deals() -> None:
    """The cap on deals grows with the budget: a decision with few options and a short
    playout (where a fixed cap bound) gets twice the deals at twice the budget."""
    state, _, _ = _position(7, 10, 12)
    seat = state.to_act()[0]
    view = seat_view(state, seat)
    assert view["phase"] == "playing" and len(view["legal"]) >= 2
    deals = [ExpertBot(3, think_ms=ms).search(view)[1].deals for ms in (600, 1200)]
    assert deals[1] >= 1.8 * deals[0] > 0


def test_a_cards_value_counts_the_others_points_against_them() -> None:
    """Spite: own points less DEFAULT_SPITE times the other seats' mean points."""
    bids, taken = [1, 0, 2, 1], [1, 1, 2, 0]  # points: 30, -10, 40, -10
    assert ExpertBot(spite=0.0)._value(bids, taken, 0) == 30
    assert ExpertBot()._value(bids, taken, 0) == pytest.approx(30 - DEFAULT_SPITE * 20 / 3)
    assert ExpertBot()._value(bids, taken, 1) == pytest.approx(-10 - DEFAULT_SPITE * 60 / 3)


def test_the_endgame_starts_where_its_settings_say() -> None:
    """Three cards each at 4 players (12 cards, 3!^4 = 1,296 leaves): solved exactly by
    default, not with fewer cards or leaves allowed (bench/duel.py tries larger endgames)."""
    state, _, _ = _position(5, 3, 4)
    view = seat_view(state, state.to_act()[0])
    know = read_view(view)
    assert view["phase"] == "playing" and sum(know.counts) == 12
    assert ExpertBot()._small_endgame(know)
    assert not ExpertBot(endgame_cards=11)._small_endgame(know)
    assert not ExpertBot(endgame_leaves=1295)._small_endgame(know)
    assert ExpertBot(endgame_cards=18, endgame_leaves=50_000)._small_endgame(know)


def test_a_best_bid_at_the_candidates_edge_is_searched_around(monkeypatch) -> None:
    """The candidates are the bids nearest an estimate; when the best of them is the window's
    highest or lowest, ``recentre`` searches again around it (the estimate missed the best bid:
    here it is put at 10 tricks for a 10-card hand without a Wizard)."""
    from wizard_engine.bots import expert

    state, _, hands = _position(1, 10, 0, players=3)
    seat = state.to_act()[0]
    assert not hands[seat] & WIZARD_MASK
    monkeypatch.setattr(expert, "expected_tricks", lambda know: float(know.hand_size))
    view = seat_view(state, seat)
    far = ExpertBot(1, think_ms=300).decide(view)
    near = ExpertBot(1, think_ms=300, recentre=3).decide(view)
    assert far.bid == 6  # the lowest of 6..10, at the edge: the estimate kept it there
    assert near.bid < 4


def test_the_window_of_candidate_bids() -> None:
    from wizard_engine.bots.expert import _at_edge, _window

    assert sorted(_window([0, 1, 2, 3, 4, 5, 6, 7], 6.4, 2)) == [3, 4, 5, 6, 7]
    assert sorted(_window([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 2.0, 2)) == [0, 1, 2, 3, 4]
    assert _window([2, 3], 9.0, 2) == [2, 3]
    assert _at_edge(4, [0, 1, 2, 3, 4], list(range(10)))
    assert not _at_edge(4, [0, 1, 2, 3, 4], [0, 1, 2, 3, 4])
    assert _at_edge(3, [3, 4, 5, 6, 7], list(range(10)))
    assert not _at_edge(5, [3, 4, 5, 6, 7], list(range(10)))
