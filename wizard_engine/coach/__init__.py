"""The coach: advice on a decision, win chances, the review of a finished game, bidding practice.

* :func:`advise` -- every legal option of a seat's decision with its expected points and its
  chance of making the bid, and the pick (as good as the best by those figures);
* :func:`win_chances` -- each player's chance to win from the totals and the rounds left;
* :func:`review_game` -- every decision of one seat in a saved game, rated against the coach;
* :func:`practice_deal` and :func:`practice_score` -- bidding practice.

Everything returns plain JSON data (typed dicts); nothing here is worded for a player.
"""

from .advice import DEFAULT_BUDGET, Advice, OptionAdvice, advise, option_points
from .chances import DEFAULT_GAMES, public_info, win_chances
from .practice import PracticeHand, PracticeScore, practice_deal, practice_score
from .review import (
           REVIEW_BUDGET,
           Review,
           ReviewEntry,
           ReviewSummary,
           rate,
           review_game,
           verdict,
)

__all__ = ["DEFAULT_BUDGET", "DEFAULT_GAMES", "REVIEW_BUDGET", "Advice", "OptionAdvice", "PracticeHand",
           "PracticeScore", "Review", "ReviewEntry", "ReviewSummary", "advise", "option_points",
           "practice_deal", "practice_score", "public_info", "rate", "review_game", "verdict",
           "win_chances"]
