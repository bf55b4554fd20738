"""Does Hard's search earn its keep on the special cards' own choices?  A paired test.

    python bench/special_choices.py --deals 15 --jobs 2

Each deal of the 30-year deck (all nine cards, 4 players) is played twice with Hard at one
seat and Medium at the other three: once by Hard as it is, once by Hard with fixed rules for
the new choices only -- always +1 after a Cloud, pass the lowest card, the Witch takes the
highest card of the trick, the Werewolf's call and the Vampire's colour the suit held most,
and a Juggler's or Cloud's colour or the Shapeshifter's side as the rules of
``bots/specials.py`` name them (the card itself is still chosen by the search).  Bids and
every other card are Hard's search in both games, so the games part only where a new choice
differs.  Hard sits at every seat in turn.  Prints Hard's score less the fixed-rule Hard's,
per game (mean ± standard error), and each one's share of games won.
"""
from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd()))  # the engine of the checkout it is run from

from wizard_engine.actions import HOW_JESTER, HOW_WIZARD, Action
from wizard_engine.bots import View, bot_seed
from wizard_engine.bots.hard import HardBot
from wizard_engine.bots.medium import MediumBot
from wizard_engine.bots.specials import _pick_colour, _strength
from wizard_engine.cards import SUIT_OF, SUITS, parse_card
from wizard_engine.config import Options
from wizard_engine.tools.arena import mean_stderr, new_game, play_out

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


def play_pair(job: tuple[int, int]) -> tuple[int, int, float, float]:
    """One deal with Hard at ``seat``: (Hard's score, the fixed Hard's, their shares of the win)."""
    deal, seat = job
    options = Options(specials="2026")
    levels = ["medium"] * PLAYERS
    levels[seat] = "hard"
    scores = []
    for kind in (HardBot, FixedChoicesHard):
        bots: list[Any] = [MediumBot(bot_seed(deal, s)) for s in range(PLAYERS)]
        bots[seat] = kind(bot_seed(deal, seat))
        result = play_out(new_game(levels, options, 50_000 + deal), bots, levels)
        scores.append((result.totals[seat], result.win_share[seat]))
    (hard, hard_win), (fixed, fixed_win) = scores
    return hard, fixed, hard_win, fixed_win


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=15, help="deals, each played at every seat")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    jobs = [(deal, seat) for deal in range(args.deals) for seat in range(PLAYERS)]
    differences: list[float] = []
    wins = [0.0, 0.0]
    with multiprocessing.Pool(args.jobs) as pool:
        for done, (hard, fixed, hard_win, fixed_win) in enumerate(pool.imap(play_pair, jobs), 1):
            differences.append(hard - fixed)
            wins[0] += hard_win
            wins[1] += fixed_win
            mean, stderr = mean_stderr(differences)
            print(f"{done}/{len(jobs)} pairs: Hard - fixed-rule Hard {mean:+.1f} ± {stderr:.1f} a game",
                  flush=True)
    print(f"games won: Hard {wins[0] / len(jobs):.0%}, fixed-rule Hard {wins[1] / len(jobs):.0%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
