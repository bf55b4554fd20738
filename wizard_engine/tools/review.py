"""``python -m wizard_engine review SAVE.json --seat N``: one seat's decisions in a saved game,
rated against the coach (:func:`wizard_engine.coach.review.review_game`), in the terminal's words.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..coach.review import REVIEW_BUDGET, Review, review_game
from ..errors import WizardError


def main(argv: list[str] | None = None) -> int:
    """``python -m wizard_engine review SAVE.json --seat N [--json] [--budget B]``."""
    parser = argparse.ArgumentParser(prog="python -m wizard_engine review",
                                     description="Review one seat's decisions in a saved game against the coach.")
    parser.add_argument("save", help="a save document (JSON)")
    parser.add_argument("--seat", type=int, required=True, help="the seat to review, from 0")
    parser.add_argument("--budget", type=float, default=REVIEW_BUDGET,
                        help=f"the coach's budget per decision (default {REVIEW_BUDGET:g}, a hint's)")
    parser.add_argument("--seed", type=int, default=0, help="the coach's seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    try:
        with open(args.save, encoding="utf-8") as file:
            document = json.load(file)
        review = review_game(document, args.seat, args.budget, args.seed, _progress_line)
    except (OSError, ValueError, WizardError) as error:
        print(f"\nreview: {error}", file=sys.stderr)
        return 1
    print(file=sys.stderr)
    if args.json:
        print(json.dumps(review, indent=2))
    else:
        print(report(review))
    return 0


def _progress_line(done: int, total: int) -> None:
    width = 30
    filled = width * done // max(total, 1)
    print(f"\rreviewing [{'#' * filled}{'.' * (width - filled)}] {done}/{total}", end="", file=sys.stderr,
          flush=True)


def report(review: Review) -> str:
    """The review as text for the terminal (the CLI's words, not the page's)."""
    lines = [f"Seat {review['seat']}: final totals {review['totals']}, winners {review['winners']}",
             (f"{'#':>3} {'round':>5} {'trick':>5}  {'choice':<10} {'points':>7}  {'coach':<10} {'points':>7} "
             f"{'lost':>6}  verdict")]
    for i, e in enumerate(review["entries"]):
        trick = str(e["trick"] + 1) if e["phase"] == "playing" else "-"
        lines.append(f"{i:>3} {e['round']:>5} {trick:>5}  {e['choice']:<10} {e['choice_points']:>7.1f}  "
                     f"{e['best']:<10} {e['best_points']:>7.1f} {e['points_lost']:>6.1f}  {e['verdict']}")
    s = review["summary"]
    lines += ["", (f"{s['decisions']} decisions: {s['best']} as the coach would decide, close {s['close']}, "
                  f"costly {s['costly']}; {s['forced']} forced"),
              (f"expected points lost: {s['lost_total']:.1f} ({s['lost_bidding']:.1f} bidding, "
              f"{s['lost_play']:.1f} play)"),
              "costliest: " + ", ".join(f"#{i} {review['entries'][i]['choice']} "
                                        f"(-{review['entries'][i]['points_lost']:.1f})" for i in s["costliest"])]
    return "\n".join(lines)
