"""Does Hard's search earn its keep on the special cards' own choices?  A paired test.

    python bench/special_choices.py --games 20 --jobs 2

Games of the 30-year deck (all nine cards, 4 players), Hard at seat 0 and Medium at the
others.  At each of Hard's new choices -- the Werewolf's call, the Vampire's, the pass, the
Cloud's +1 or -1, the Witch's swap, a Juggler's or Cloud's colour or the Shapeshifter's side --
the same choice is asked of fixed rules (always +1 after a Cloud, pass the lowest card, the
Witch takes the highest card of the trick, the calls the suit held most, a colour or side as
``bots/specials.py`` names them, the card itself still the search's).  Where they differ, the
rest of the round is played from each (bench/duel.py's ``finish_round``: the same bots, so only
that choice differs) and Hard's round points compared: the search's less the rule's, per
choice and per kind (mean ± standard error).
"""
from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd()))  # the engine of the checkout it is run from

from duel import Outcome, finish_round, mean_error  # bench/duel.py: the round played out from a choice

from wizard_engine.actions import HOW_JESTER, HOW_WIZARD, Action
from wizard_engine.bots import View, bot_seed
from wizard_engine.bots.hard import HardBot
from wizard_engine.bots.medium import MediumBot
from wizard_engine.bots.specials import _pick_colour, _strength
from wizard_engine.cards import SUIT_OF, SUITS, parse_card
from wizard_engine.config import GameConfig
from wizard_engine.state import State
from wizard_engine.view import seat_view

PLAYERS = 4
NEW_CHOICE_PHASES = ("werewolf", "vampire", "passing", "cloud", "witch")


class FixedChoicesHard(HardBot):
    """Hard, but the special cards' own choices by fixed rules (see the module's doc)."""

    def decide(self, view: View) -> Action:
        legal = [Action.parse(text) for text in view["legal"]]
        phase = view["phase"]
        if phase in ("werewolf", "vampire"):
            return _pick_colour(view, legal)
        if phase == "passing":
            return min(legal, key=lambda action: _strength(action.card, view))
        if phase == "cloud":
            return next((action for action in legal if action.change == +1), legal[0])
        if phase == "witch":
            return max(legal, key=lambda a: (_strength(a.taken_card, view), -_strength(a.card, view)))
        chosen = super().decide(view)
        return self._fixed_how(view, legal, chosen)

    @staticmethod
    def _fixed_how(view: View, legal: list[Action], chosen: Action) -> Action:
        """The searched card, played the way the fixed rule says: a Shapeshifter as a Wizard
        while tricks are needed (else a Jester), a colour the suit held most."""
        ways = [action for action in legal if action.kind == "play" and action.card == chosen.card]
        if len(ways) < 2:
            return chosen
        seat = view["seat"]
        need = (view["bids"][seat] or 0) - view["taken"][seat]
        sides = [a for a in ways if a.how == (HOW_WIZARD if need > 0 else HOW_JESTER)]
        if sides:
            return sides[0]
        return _colour_way(view, ways)


def _colour_way(view: View, ways: list[Action]) -> Action:
    """Of the ways to play one card, the one naming the suit the hand holds most of."""
    counts = [0.0] * 4
    for one in view["hand"] or []:
        card = parse_card(one["card"])
        if SUIT_OF[card] < SUITS:
            counts[SUIT_OF[card]] += 1
    return max(ways, key=lambda a: (counts[a.how - 1] if 1 <= a.how <= 4 else -1, -a))


def kind_of(view: View, chosen: Action) -> str | None:
    """The kind of new choice the decision is (None: an old one, a bid or a plain card)."""
    if view["phase"] in NEW_CHOICE_PHASES:
        return view["phase"]
    ways = [text for text in view["legal"] if text.startswith(f"play {str(chosen).split()[1]} ")]
    return "how" if view["phase"] == "playing" and len(ways) > 1 else None


def duel(game: int) -> list[tuple[str, Outcome]]:
    """One game, Hard at seat 0 and Medium at the others: at each new choice where the fixed rule
    differs from Hard's search, (its kind, Hard's round outcome less the rule's)."""
    state = State(GameConfig.of(PLAYERS, seed=50_000 + game, specials="2026"))
    bots: list[Any] = [HardBot(bot_seed(game, 0))] + [MediumBot(bot_seed(game, s)) for s in range(1, PLAYERS)]
    rule = FixedChoicesHard(bot_seed(game, 0))
    found = []
    while not state.is_over:
        seat = state.to_act()[0]
        view = seat_view(state, seat)
        chosen = bots[seat].decide(view)
        kind = kind_of(view, chosen) if seat == 0 and len(view["legal"]) > 1 else None
        if kind:
            fixed = rule.decide(view)
            if fixed != chosen:
                searched, ruled = finish_round(state, bots, chosen), finish_round(state, bots, fixed)
                found.append((kind, (searched[0] - ruled[0], searched[1] - ruled[1], searched[2] - ruled[2])))
        state.apply(seat, chosen)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    found: list[tuple[str, Outcome]] = []
    with multiprocessing.Pool(args.jobs) as pool:
        for done, rows in enumerate(pool.imap_unordered(duel, range(args.games)), 1):
            found += rows
            print(f"{done} games, {len(found)} differing choices: Hard's search - the fixed rule, "
                  f"round points {mean_error([o[0] for _, o in found])}", flush=True)
    for kind in sorted({k for k, _ in found}):
        outcomes = [o for k, o in found if k == kind]
        print(f"  {kind}: {len(outcomes)} choices, points {mean_error([o[0] for o in outcomes])}, "
              f"margin {mean_error([o[1] for o in outcomes])}, bids made {sum(o[2] for o in outcomes):+d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
