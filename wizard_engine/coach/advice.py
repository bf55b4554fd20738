"""Advice: every legal option of a seat's decision with its figures, and the coach's pick.

The figures come from the strongest bot's own search (:meth:`ExpertBot.search`), on the
same deals and with the same seed (Expert without spite, :func:`coach_bot`: the coach weighs
the person's own points), and the pick is the best option by those figures (see below):

* a card: Expert tries every legal card on its deals (dropping the worse half stage by
  stage, and solving the last tricks exactly); the pick's ``points`` is its mean R17 score
  for this round over its deals (each deal weighted by how well it explains the visible
  bids), ``make`` the weighted share of those deals in which the seat makes its bid; any
  other option's figures are the pick's plus that option's mean difference from the pick
  on the deals both were tried on (:meth:`ExpertTally.paired`), so an option dropped early
  is not flattered, or wronged, by deals better or worse than the pick's later ones;
* a bid: Expert compares the candidates near its estimate; the coach evaluates every other
  legal bid on the last stage's deals too (Expert's decision stays among its candidates),
  and ``make`` is the chance of making that bid; figures paired with the pick's as above.
  Where the best candidate is at the edge of the candidates, or another bid's figures beat
  it by 2 points (the best of many bids on 100 deals may be lucky), Expert searches again
  around that bid on fresh deals, the bid chosen so far among the candidates;
* a trump suit (a turned-up Wizard, R8): the bot picks by card-chance strength, without a
  search.  The coach gives each suit the expected points of the *best bid* with that suit
  as trump: every bid is played out on the same deals for each suit, at a quarter of the
  budget per suit; ``make`` is that best bid's chance.  It is an upper bound of what the
  suit is worth to a dealer who bids well, comparable between suits.

Options within :data:`EQUAL_WITHIN` of the best are marked ``equal``: the coach cannot tell
them apart on a hint's deals.  The pick is always one of them, decided from the figures in
one place (:func:`best_pick`), for the hint and the feedback alike: among equal cards the
natural one (:func:`natural_key`: with the bid made, a card that does not take the trick;
then the lowest, keeping trumps, Jesters and Wizards for later), so the hint never tells a
seat that bid 0 to take a trick with the 5 rather than duck with the 2 by a deal's luck;
among equal bids and suits the bot's own decision (Expert's bid, the bot's suit) when it is
one of them, else the best.  The bot's decision can fall outside them: the figures of an
option the halving dropped, of a bid beyond Expert's candidates, or of a suit (which the bot
chooses without a search) may beat it by more than the margin.

In a game with special cards the figures come from the special search's play-outs instead
(:mod:`.special_advice`), every option on the same deals; with no bot's decision to prefer,
the pick among equal options is the natural card (:func:`.special_advice.special_natural`)
or else the best figures.

The coach reads the view only (R22): nothing else reaches the search.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypedDict

from ..actions import bid, choose_trump, play
from ..bots import decision_rng, require_turn
from ..bots.expert import ExpertBot, ExpertTally
from ..bots.knowledge import Knowledge, View, read_view
from ..cards import RANK_OF, SUIT_OF, SUITS, WIZARD, Card, parse_card
from ..rules import beats, trick_rules, trump_suit
from .special_advice import special_figures, special_natural

# Half of Expert's playing budget: a hint must come within 0.5 s (median) in the browser, and
# at 600 it takes 0.1-0.3 s there (bots/README.md); it is still stronger than Hard.
DEFAULT_BUDGET = 600.0
COACH_RECENTRE = 1  # searches again around an edge or better bid at most this often (the worst hint's time)
EQUAL_WITHIN = 0.5
"""Options this close to the best option's expected points are as good as it: within the
figures' noise on a hint's deals."""


class OptionAdvice(TypedDict):
    """One legal option: ``"bid 2"``, ``"play 7H"`` or ``"trump H"``; its expected points for
    this round and its chance (0..1) of making the seat's bid (for a bid: that bid)."""

    option: str
    points: float
    make: float
    equal: bool  # as good as the best option (within EQUAL_WITHIN)


class Advice(TypedDict):
    """The coach's advice on one decision (plain JSON data)."""

    seat: int
    phase: str  # the view's: "trump", "bidding" or "playing"; with special cards also "werewolf",
    # "vampire", "passing", "cloud" or "witch"
    pick: str  # the coach's choice: always an ``equal`` option (see the module)
    options: list[OptionAdvice]  # every legal option, best (most expected points) first
    forced: bool  # one legal option: nothing to choose, so nothing to praise or blame
    method: str  # "search" (cards and bids; every decision with special cards) or "best_bid" (trump suits)
    deals: int  # deals the figures were averaged over (per suit for trump)
    budget: float


def coach_bot(seed: int, budget: float) -> ExpertBot:
    """Expert as the coach asks it: without spite, so that its pick is the option with the
    most of the person's own points, the figures the coach shows (at the table Expert also
    counts the other players' points against them), its tallies kept per deal for
    :meth:`ExpertTally.paired`, and searching again around a bid at the edge of its
    candidates or beyond them (``recentre``), so that the hint does not pick a bid while showing a
    better one beside it (not at the table: the edge's search changed a bid in a third of the
    games, too rarely to measure, ``wizard_engine/bots/README.md``)."""
    return ExpertBot(seed, think_ms=budget, spite=0.0, per_deal=True, recentre=COACH_RECENTRE)


def advise(view: View, seed: int = 0, budget: float = DEFAULT_BUDGET) -> Advice:
    """The coach's advice for the seat whose view this is; it must be that seat's turn.

    ``budget`` is Expert's ``think_ms`` (a fixed amount of work, so the advice is deterministic
    for (view, seed, budget)); the pick is among the options as good as the best (:func:`best_pick`).
    """
    require_turn(view)
    if budget <= 0:
        raise ValueError("The coach needs a budget above 0")
    if view["options"]["specials"]:
        return _special_advice(view, seed, budget)
    bot = coach_bot(seed, budget)
    know = read_view(view)
    if know.phase == "trump":
        return _trump_advice(view, know, bot, seed, budget)
    action, tally = bot.search(view, know, every_bid=True)
    if know.phase == "bidding":
        names = {b: str(bid(b)) for b in tally.points}
    else:
        names = {c: str(play(c)) for c in tally.points}
    searched = next(key for key, name in names.items() if name == str(action))  # (a Wizard: the copy held)
    assert isinstance(tally, ExpertTally)
    options = [_option(names[key], *tally.paired(key, searched)) for key in tally.points]
    natural = None if know.phase == "bidding" else natural_order(know)
    return _advice(view, str(action), options, "search", tally.deals, budget, natural)


def _trump_advice(view: View, know: Knowledge, bot: ExpertBot, seed: int, budget: float) -> Advice:
    """Each suit's figure: the best bid's expected points with that suit as trump."""
    per_suit = coach_bot(seed, budget / SUITS)
    bids = list(range(know.hand_size + 1))
    options, deals = [], 0
    for suit in range(SUITS):
        as_trump = dataclasses.replace(know, rules=trick_rules(suit, False), phase="bidding")
        # The same seed for every suit: the suits are compared on the same deals.
        _, tally = per_suit.bid_search(as_trump, decision_rng(seed, view), every=bids)
        top = max(bids, key=lambda b: (tally.points[b], -b))
        options.append(_option(str(choose_trump(suit)), tally.mean_points(top), tally.chance_made(top)))
        deals = tally.deals
    preferred = str(bot.decide(view))  # the bot's choice of trump (by card-chance strength, no search)
    return _advice(view, preferred, options, "best_bid", deals, budget)


def _special_advice(view: View, seed: int, budget: float) -> Advice:
    """A special-card game: every option played out by the special search (:mod:`.special_advice`)."""
    figures, deals = special_figures(view, seed, budget)
    options = [_option(name, points, make) for name, points, make in figures]
    # No bot's decision to prefer (""): among equal options the best figures, for cards the natural one.
    return _advice(view, "", options, "search", deals, budget, special_natural(view))


def _option(name: str, points: float, make: float) -> OptionAdvice:
    return {"option": name, "points": round(points, 2), "make": round(make, 3), "equal": False}


def natural_key(card: Card, know: Knowledge) -> tuple[bool, int, int]:
    """The order in which a player parts with cards of equal worth, first first: with the bid
    made, a card that does not take the trick as it stands (a duck); then the lowest: a card
    of a plain suit, then a trump, then a Jester, then a Wizard; within each, by rank (R3)."""
    bid_ = know.bids[know.seat]
    made = bid_ is not None and know.taken[know.seat] >= bid_
    takes = bool(know.trick) and beats(card, know.best, know.rules)
    suit = SUIT_OF[card]
    if suit == WIZARD:
        kind = 3
    elif RANK_OF[card] == 0:  # a Jester
        kind = 2
    else:
        kind = 1 if suit == trump_suit(know.rules) else 0
    return (made and takes, kind, RANK_OF[card])


def natural_order(know: Knowledge) -> Callable[[str], Any]:
    """:func:`natural_key` for a card option (``"play 7H"``)."""
    return lambda name: natural_key(parse_card(name.split()[1]), know)


def _advice(view: View, preferred: str, options: list[OptionAdvice], method: str,
            deals: int, budget: float, natural: Callable[[str], Any] | None = None) -> Advice:
    """The advice on ``options``: each marked ``equal`` or not, the pick (:func:`best_pick`), best first."""
    order = {name: i for i, name in enumerate(view["legal"])}
    options.sort(key=lambda o: (-o["points"], order.get(o["option"], len(order))))
    for option in options:
        option["equal"] = options[0]["points"] - option["points"] <= EQUAL_WITHIN + 1e-9  # (rounded figures)
    pick = best_pick(options, preferred, natural)
    options.sort(key=lambda o: (-o["points"], o["option"] != pick))  # among equal figures the pick first
    return {"seat": view["seat"], "phase": view["phase"], "pick": pick, "options": options,
            "forced": len(options) == 1, "method": method, "deals": deals, "budget": budget}


def best_pick(options: list[OptionAdvice], preferred: str, natural: Callable[[str], Any] | None) -> str:
    """The coach's pick, from the figures alone (``options`` best first): one of the options as
    good as the best (the hint marks the others "as good", and the feedback rates them all
    best).  With a ``natural`` order (cards), its first of them; else ``preferred`` (the bot's
    decision) when it is one of them, else the best."""
    equal = [o["option"] for o in options if o["equal"]]
    if natural is not None:
        return min(equal, key=natural)
    return preferred if preferred in equal else equal[0]


def option_points(advice: Advice, option: str) -> OptionAdvice:
    """The figures of one option of the advice (``"bid 2"``), or KeyError."""
    for entry in advice["options"]:
        if entry["option"] == option:
            return entry
    raise KeyError(option)


__all__ = ["DEFAULT_BUDGET", "EQUAL_WITHIN", "Advice", "OptionAdvice", "advise", "best_pick", "coach_bot",
           "natural_key", "natural_order", "option_points"]
