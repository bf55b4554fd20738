"""What knowing the other hands would be worth to Expert: a bound, not a bot.

    python bench/hands_bound.py --players 6 --games 96 --seed 24 --truth 0.2
    python bench/hands_bound.py --players 6 --games 96 --seed 24 --pin wizards+jesters+trumps

The arena (the same duplicate deals, report and ``--json`` as ``python -m wizard_engine
arena --bots expert,hard,...``), except that the Expert seat's search is told part of the
truth its view hides:

* ``--truth Q``: each of its deals is the real one with chance Q (the rest dealt as always);
* ``--pin PARTS``: on every deal the pinned cards lie where they really are, the rest dealt
  as always; PARTS joined by ``+``: ``wizards``, ``jesters``, ``trumps`` (the round's trump
  suit), ``side`` (the other suits), ``high`` (queens, kings and aces).

A reading of the cards from bids and play, however good, knows less than the truth, so the
margin here bounds what a better reading could bring (``bots/README.md``).  ``--truth 1``
is not such a bound: on the real deal every playout is the same (the policy is
deterministic), so the search trusts a single playout.  With ``--truth 0`` and no pins
the Expert seat decides exactly as Expert.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd()))  # the engine of the checkout it is run from

from wizard_engine.bots import bot_seed
from wizard_engine.bots.expert import ExpertBot
from wizard_engine.bots.knowledge import Knowledge
from wizard_engine.cards import BIT, JESTER_MASK, RANKS, SPECIAL_MASK, SUIT_MASK, SUITS, WIZARD_MASK, Mask
from wizard_engine.state import State
from wizard_engine.tools import arena
from wizard_engine.tools.flags import parse_options

HIGH_MASK = sum(BIT[s * RANKS + r] for s in range(SUITS) for r in range(RANKS - 3, RANKS))
PARTS = ("wizards", "jesters", "trumps", "side", "high")


class Seer(ExpertBot):
    """Expert whose deals hold part of the truth of ``state`` (the game it plays in)."""

    def __init__(self, seed: int, state: State, truth: float = 0.0, pin: str = "", **settings: Any) -> None:
        super().__init__(seed, **settings)
        self.state, self.truth, self.pin = state, truth, pin

    def _deal(self, know: Knowledge, rng: random.Random) -> list[Mask]:
        if self.truth and rng.random() < self.truth:
            return real_hands(know, self.state.hands)
        if self.pin:
            return self._pinned_deal(know, rng, real_hands(know, self.state.hands))
        return super()._deal(know, rng)

    def _pinned_deal(self, know: Knowledge, rng: random.Random, real: list[Mask]) -> list[Mask]:
        """A deal with the pinned cards where they are in ``real`` and the rest dealt as
        Expert deals: its own dealing, told that those cards are placed already."""
        pin = pinned(self.pin, know.rules)
        fixed = [hand & pin for hand in real]
        placed = 0
        for mask in fixed:
            placed |= mask
        rest = replace(know, counts=[c - f.bit_count() for c, f in zip(know.counts, fixed)],
                       allowed=[m & ~pin for m in know.allowed], pool_mask=know.pool_mask & ~placed,
                       pool=[c for c in know.pool if not BIT[c] & placed])
        return [hand | f for hand, f in zip(super()._deal(rest, rng), fixed)]


def pinned(parts: str, rules: int) -> Mask:
    """The cards ``parts`` names, in a round whose tricks follow ``rules``."""
    trumps = SUIT_MASK[rules] if rules < SUITS else 0
    masks = {"wizards": WIZARD_MASK, "jesters": JESTER_MASK, "trumps": trumps,
             "side": sum(SUIT_MASK) & ~trumps, "high": HIGH_MASK}
    pin = 0
    for part in parts.split("+"):
        pin |= masks[part]
    return pin


def real_hands(know: Knowledge, hands: list[Mask]) -> list[Mask]:
    """The game's real hands as the view numbers its cards: the view tells Wizards (and
    Jesters) apart only by the order it meets them, so those of the other hands are
    renumbered from the ones it has not met; the seat's own and shown hands are the view's."""
    free = {kind: [c for c in know.pool if BIT[c] & kind] for kind in (WIZARD_MASK, JESTER_MASK)}
    out = []
    for s in range(know.players):
        if s == know.seat and not know.hand_hidden:
            out.append(know.hand)
        elif s in know.known_hands:
            out.append(know.known_hands[s])
        else:
            hand = hands[s] & ~SPECIAL_MASK
            for kind, ids in free.items():
                for _ in range((hands[s] & kind).bit_count()):
                    hand |= BIT[ids.pop(0)]
            out.append(hand)
    return out


def play(job: tuple[list[str], int, int, Any, float, str]) -> arena.GameResult:
    """One game of the schedule, the ``expert`` seat (``expert@ms`` too) a :class:`Seer`."""
    levels, seed, bots_seed, options, truth, pin = job
    state = arena.new_game(levels, options, seed)
    bots = [arena.labelled_bot(label, bot_seed(bots_seed, i)) for i, label in enumerate(levels)]
    for i, label in enumerate(levels):
        level, budget = arena.parse_bot(label)
        if level == "expert":
            bots[i] = Seer(bot_seed(bots_seed, i), state, truth, pin,
                           **({"think_ms": budget} if budget is not None else {}))
    return arena.play_out(state, bots, levels)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--games", type=int, default=96)
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--truth", type=float, default=0.0, help="the chance that a deal is the real one")
    parser.add_argument("--pin", default="", help=f"cards always where they are: {'+'.join(PARTS)}")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    if any(part not in PARTS for part in filter(None, args.pin.split("+"))):
        parser.error(f"--pin takes parts of {', '.join(PARTS)} joined by +")
    if not 0 <= args.truth <= 1:
        parser.error("--truth is a chance, from 0 to 1")
    args.bots = ",".join(["expert"] + ["hard"] * (args.players - 1))
    args.think_ms, args.option = None, []
    options = parse_options([])
    jobs = [(levels, seed, bots_seed, options, args.truth, args.pin)
            for levels, seed, bots_seed in arena.schedule(args.bots.split(","), args.games, args.seed)]
    start = time.perf_counter()
    results = arena.run_all(play, jobs, args)
    print(arena.render(results, args, options, time.perf_counter() - start))


if __name__ == "__main__":
    main()
