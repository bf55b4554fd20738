"""The coach's requests from the page.

They keep no game of their own: every request carries what it needs (the game's sealed save,
a seat), so the page can send them to a second worker and a hint, a review or Watch mode's
comments never hold up the game's own worker.  Whatever a request is given, the coach sees
only the seat's view (:func:`~wizard_engine.view.seat_view`), and for a review only the
rounds already finished.

Figures are deterministic: a game's advice is seeded by the game's id and the number of
decisions so far, so asking twice (a hint, then the feedback on the move) gives the same
advice. The advice given is kept (the page asks for it at each of the person's decisions):
the feedback on a hinted move costs nothing, and the review after the game reads the advice
given during it and computes only what was never asked for.
"""

from __future__ import annotations

import zlib
from collections import OrderedDict
from collections.abc import Callable
from functools import partial
from typing import Any, TypeGuard

from ..boxes import special_cards
from ..coach.advice import DEFAULT_BUDGET, Advice, advise
from ..coach.chances import public_info, win_chances
from ..coach.hand import hand_advice
from ..coach.practice import practice_deal, practice_score
from ..coach.record import finished_rounds
from ..coach.review import notable, rate, review_game
from ..config import MAX_PLAYERS, MIN_PLAYERS
from ..errors import WizardError
from ..reasons import Reason, shown
from ..records import save
from ..rules import STANDARD
from ..state import State
from ..view import SeatView, seat_view
from .keeper import keeper_of

Progress = Callable[[int, int], None]
KEPT = 32  # chances kept for repeated requests
KEPT_ADVICE = 1200  # advice kept: every decision of a whole game's people (3 players: 690), for its review
MAX_BUDGET = 2000.0  # a hint's budget is Expert's think_ms; more would freeze nothing but wastes minutes
MAX_PRACTICE_HANDS = 100
PRACTICE_SPECIALS_BUDGET = 4 * DEFAULT_BUDGET  # a special deck's practice bid (_practice_advice)

_advice: OrderedDict[tuple[Any, ...], Advice] = OrderedDict()
_chances: OrderedDict[tuple[Any, ...], list[float]] = OrderedDict()


def _kept(cache: OrderedDict[tuple[Any, ...], Any], key: tuple[Any, ...], make: Callable[[], Any],
          most: int = KEPT) -> Any:
    """``make()``, or what it gave last time for ``key`` (the last ``most`` keys)."""
    if key in cache:
        cache.move_to_end(key)
        return cache[key]
    value = cache[key] = make()
    if len(cache) > most:
        cache.popitem(last=False)
    return value


def advise_request(params: dict[str, Any]) -> dict[str, Any]:
    """``{save, seat, budget?}`` -> ``{"advice": Advice}`` for the seat's decision now."""
    return {"advice": _game_advice(params)}


def rate_request(params: dict[str, Any]) -> dict[str, Any]:
    """``{save, seat, choice, budget?}`` -> ``{"rating": ReviewEntry + notable}``: the choice
    (``"bid 2"``) rated against the advice on the position of ``save``, before the choice."""
    advice = _game_advice(params)
    choice = params.get("choice")
    if not any(o["option"] == choice for o in advice["options"]):
        raise WizardError(Reason("coach_unknown_choice", {"choice": shown(choice)}))
    entry = rate(advice, str(choice))
    return {"rating": {**entry, "notable": notable(entry)}}


def chances_request(params: dict[str, Any]) -> dict[str, Any]:
    """``{save}`` -> ``{"rounds": [[chance per seat] after each finished round]}``; before the
    first round is over, one line: the chances from the start."""
    document, state = _game(params)
    starts = [public_info(State(state.config))] + [r["after"] for r in finished_rounds(document)]
    game = _game_id(document)
    lines = [_kept(_chances, (game, repr(info)), partial(_rounded_chances, info)) for info in starts]
    return {"rounds": lines[1:] or lines}


def _rounded_chances(info: dict[str, Any]) -> list[float]:
    return [round(c, 4) for c in win_chances(info)]


def review_request(params: dict[str, Any], progress: Progress | None = None) -> dict[str, Any]:
    """``{save, seat, budget?}`` -> ``{"review": Review, "rounds": [RoundRecord]}``: the seat's
    decisions in the rounds already finished, rated, and those rounds with every hand."""
    document, state = _game(params)
    seat = _seat(params, state)
    rounds = finished_rounds(document)
    cut = {**document, "actions": document["actions"][:rounds[-1]["end"] if rounds else 0]}
    budget = _budget(params)
    review = review_game(cut, seat, budget, progress=progress, advice_at=partial(_advice_at, document, seat, budget))
    return {"review": review, "rounds": rounds}


def practice_deal_request(params: dict[str, Any]) -> dict[str, Any]:
    """``{players, round, seed, specials?}`` -> ``{"view": SeatView}``: a hand to bid on (with
    ``specials``, a box of special cards in the deck, S1)."""
    return {"view": practice_deal(*_practice_hand(params))}


def practice_advice_request(params: dict[str, Any]) -> dict[str, Any]:
    """``{players, round, seed, specials?}`` -> ``{"advice": Advice}`` on that hand's bid."""
    return {"advice": _practice_advice(*_practice_hand(params))}


def practice_score_request(params: dict[str, Any], progress: Progress | None = None) -> dict[str, Any]:
    """``{hands: [{players, round, seed, specials?, bid}]}`` -> ``{"score": PracticeScore}``; each hand not
    advised on yet is advised now (a run of 100 takes a while), reported as it goes."""
    hands = params.get("hands")
    if not isinstance(hands, list) or len(hands) > MAX_PRACTICE_HANDS:
        raise WizardError(Reason("practice_bad_hands", {"max": MAX_PRACTICE_HANDS}))
    run = []
    for hand in hands:
        if not isinstance(hand, dict):
            raise WizardError(Reason("practice_bad_hands", {"max": MAX_PRACTICE_HANDS}))
        advice = _practice_advice(*_practice_hand(hand))
        choice = hand.get("bid")
        if not any(o["option"] == choice for o in advice["options"]):
            raise WizardError(Reason("coach_unknown_choice", {"choice": shown(choice)}))
        run.append((advice, str(choice)))
        if progress:
            progress(len(run), len(hands))
    return {"score": practice_score(run)}


def hand_advice_request(params: dict[str, Any]) -> dict[str, Any]:
    """``{keeper, hand, turned, trump?, budget?}`` -> ``{"advice": Advice}``: the bid of the pad's
    next bidder holding ``hand`` (notation, ``["Z", "7H"]``), ``turned`` up (None in the last
    round), ``trump`` the suit the dealer chose for a turned-up Wizard."""
    keeper, budget = keeper_of(params), _budget(params)
    hand, turned, trump = params.get("hand"), params.get("turned"), params.get("trump")
    key = ("hand", keeper.dumps(), repr(hand), repr(turned), repr(trump), budget)
    return {"advice": _kept(_advice, key, lambda: hand_advice(keeper, hand, turned, trump, budget))}


def _game_advice(params: dict[str, Any]) -> Advice:
    """The advice for ``params``' seat on the position of its save (kept for repeats)."""
    document, state = _game(params)
    seat, budget = _seat(params, state), _budget(params)
    if seat not in state.to_act():
        raise WizardError(Reason("coach_no_decision", {"seat": seat}))
    return _advice_at(document, seat, budget, seat_view(state, seat), len(state.history))


def _advice_at(document: Any, seat: int, budget: float, view: SeatView, index: int) -> Advice:
    """The advice on ``seat``'s decision before action ``index`` of the game, whose view is
    ``view``: the same, and kept under the same key, for a hint, a rating and the review."""
    seed = _seed(document, index)
    key = ("game", seed, repr(document["actions"][:index]), seat, budget)
    return _kept(_advice, key, lambda: advise(view, seed=seed, budget=budget), KEPT_ADVICE)


def _practice_advice(players: int, round_: int, seed: int, specials: str) -> Advice:
    key = ("practice", players, round_, seed, specials)
    # A special deck's bids are played out on its own states, slower than the base game's fast
    # path: at the default budget a 15-card hand got the fewest deals (6), its chances in steps of
    # 17%. Practice advises while the person thinks, so it affords four times the work.
    budget = PRACTICE_SPECIALS_BUDGET if specials else DEFAULT_BUDGET
    return _kept(_advice, key, lambda: advise(practice_deal(players, round_, seed, specials), seed=seed,
                                              budget=budget))


def _game(params: dict[str, Any]) -> tuple[Any, State]:
    """The save document of ``params["save"]`` (sealed or plain text) and its state;
    SaveError, saying why, if it is damaged."""
    text = params.get("save")
    if not isinstance(text, str):
        raise WizardError(Reason("no_save_given"))
    document = save.parse(text)
    return document, save.load_document(document)


def _seat(params: dict[str, Any], state: State) -> int:
    seat = params.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.num_players:
        raise WizardError(Reason("coach_no_seat", {"seat": shown(seat), "players": state.num_players}))
    return seat


def _budget(params: dict[str, Any]) -> float:
    budget = params.get("budget", DEFAULT_BUDGET)
    if isinstance(budget, bool) or not isinstance(budget, int | float) or not 0 < budget <= MAX_BUDGET:
        raise WizardError(Reason("coach_budget", {"value": shown(budget), "max": int(MAX_BUDGET)}))
    return float(budget)


def _seed(document: Any, decisions: int) -> int:
    """The game's id and its decisions so far: a take-back and a replay give the same seed."""
    return zlib.crc32(f"{_game_id(document)}|{decisions}".encode())


def _game_id(document: Any) -> str:
    """The save's game id ("" for an untagged save); never the deal's seed, which is hidden."""
    game = document.get("game")
    return str(game["id"]) if isinstance(game, dict) else ""


def _practice_hand(params: dict[str, Any]) -> tuple[int, int, int, str]:
    """A practice hand's (players, round, seed, specials), checked (specials: S1, "" by default)."""
    players, round_, seed = params.get("players"), params.get("round"), params.get("seed")
    specials = params.get("specials", "")
    special_cards(specials)  # refuses what S1 does not allow, saying why
    if not _whole(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise WizardError(Reason("player_count", {"min": MIN_PLAYERS, "max": MAX_PLAYERS,
                                                  "players": shown(players)}))
    rounds = STANDARD.rounds(players)
    if not _whole(round_) or not 1 <= round_ <= rounds:
        raise WizardError(Reason("practice_round", {"round": shown(round_), "rounds": rounds}))
    if not _whole(seed) or seed < 0:
        raise WizardError(Reason("seed_invalid", {"value": shown(seed)}))
    return players, round_, seed, specials


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


REQUESTS = (advise_request, rate_request, chances_request, practice_deal_request, practice_advice_request,
            hand_advice_request)
LONG_REQUESTS = (review_request, practice_score_request)  # they report their progress: (done, total) as they go
