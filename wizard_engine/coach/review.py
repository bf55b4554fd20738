"""The review of a finished game: every decision of one seat, rated against the coach.

The save document is replayed through :class:`~wizard_engine.state.State`; at each of the
seat's decisions the coach advises on the seat's view at that moment (what the seat knew
then, nothing more), and the decision is rated by the expected points of the choice made
against the coach's pick, both from that same advice:

* ``points_lost`` = pick's points - choice's points, 0 for a choice as good as the best
  (the advice's ``equal``, within :data:`~.advice.EQUAL_WITHIN`, as the pick always is),
  above 0 for any other;
* ``verdict``: ``"best"`` (the choice is the pick, or as good: no points lost),
  ``"close"`` (loses at most :data:`CLOSE_WITHIN`), else ``"costly"``; ``"forced"`` when the
  seat had one legal option only (a round's last card, say): no choice, so nothing to praise
  or blame, and the summary counts the decisions that were choices.

Trump choices (and a Werewolf's call) count with the bidding in the summary; in a game with
special cards a step during the play (a Vampire's trump or name, a pass, the Cloud, the
Witch: :data:`~.special_advice.PLAY_PHASES`) counts with the play.  The review's budget,
:data:`REVIEW_BUDGET`, is a hint's: with the same seed the review gives the same figures as
the hints and feedback during the game, and a whole 6-player game (about 65 decisions per
seat) takes about 3 s under CPython, well within the 12 s (30 s in the browser) allowed; a
game with the 2026 box's special cards, about 10 s for 4 players and 18 s for 3 (every
option is played out: for 3 players, past the browser's 30 s if no advice was kept; from
the page, most of it is the advice kept during the game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypedDict

from ..config import GameConfig
from ..records.save import load_document
from ..state import State
from ..view import SeatView, seat_view
from .advice import DEFAULT_BUDGET, Advice, OptionAdvice, advise, option_points
from .special_advice import PLAY_PHASES

STEP_PHASES = ("passing", "cloud", "witch")  # S13: the steps after a trick

REVIEW_BUDGET = DEFAULT_BUDGET  # the hint's: the review repeats the feedback given in the game
CLOSE_WITHIN = 2.0
COSTLIEST = 5  # decisions named in the summary
BOLD_MAKE = 0.35  # a choice the coach agrees with, though it makes the bid this rarely, is bold
BOLD_BELOW = 0.1  # ... if another choice makes it this much more often (else it is no gamble: all are as lost)

Progress = Callable[[int, int], None]  # (decisions done, decisions in all)
AdviceAt = Callable[[SeatView, int], Advice]  # (the seat's view, the action's index) -> the advice


class ReviewEntry(TypedDict):
    """One decision of the seat, rated."""

    index: int  # the action's index in the save document's ``actions``
    round: int
    phase: str  # the advice's: "trump", "bidding", "playing" (with special cards: see Advice)
    trick: int  # the trick's number in the round, from 0 (0 before the play; a step's: the trick just taken)
    in_play: bool  # made during the play (a card, or a special card's step: PLAY_PHASES), not in the bidding
    choice: str  # what the seat did ("bid 2", "play 7H", "trump H")
    choice_points: float
    best: str  # the coach's pick
    best_points: float
    points_lost: float
    verdict: str  # "best", "close", "costly" or "forced"
    options: list[OptionAdvice]  # the advice's options, best first


class ReviewSummary(TypedDict):
    """The review in figures."""

    decisions: int  # the entries with a choice (not forced)
    forced: int  # the entries with one legal option: decisions + forced == entries
    best: int  # verdict counts: best + close + costly == decisions; best: as the coach would decide
    close: int
    costly: int
    lost_bidding: float  # points lost in bids and trump choices (and a Werewolf's call)
    lost_play: float  # ... in the play (and, with special cards, the steps during it: PLAY_PHASES)
    lost_total: float
    costliest: list[int]  # indices into ``entries`` of the costliest decisions, costliest first


class Review(TypedDict):
    """A seat's review of a game."""

    seat: int
    budget: float
    entries: list[ReviewEntry]
    summary: ReviewSummary
    totals: list[int]
    winners: list[int]
    relaxed: bool  # take-backs were allowed: only the moves that stood are reviewed


def review_game(document: Any, seat: int, budget: float = REVIEW_BUDGET, seed: int = 0,
                progress: Progress | None = None, advice_at: AdviceAt | None = None) -> Review:
    """Review ``seat``'s decisions in a save document (a parsed dict); SaveError if it is damaged.

    ``advice_at(view, index)`` gives the advice on the decision before action ``index``, whose
    view is ``view`` (the coach's worker gives what it gave during the game, seeded as then);
    by default, ``advise(view, seed, budget)``.
    """
    ask = advice_at or (lambda view, index: advise(view, seed=seed, budget=budget))
    final = load_document(document)  # checks the whole document first
    if not 0 <= seat < final.num_players:
        raise ValueError(f"No seat {seat} in a game of {final.num_players} players")
    actions = [(s, a) for s, a in document["actions"]]
    total = sum(1 for s, _ in actions if s == seat)
    state = State(GameConfig.from_dict(document["config"]))
    entries: list[ReviewEntry] = []
    for index, (s, action) in enumerate(actions):
        if s == seat:
            view = seat_view(state, seat)
            made = str(state.apply(seat, action))
            entries.append(rate(ask(view, index), made, index, view["round"], trick_number(view)))
            if progress:
                progress(len(entries), total)
        else:
            state.apply(s, action)
    return {"seat": seat, "budget": budget, "entries": entries, "summary": summarize(entries),
            "totals": list(final.totals), "winners": final.winners() if final.is_over else [],
            "relaxed": final.config.relaxed}


def rate(advice: Advice, choice: str, index: int = 0, round_: int = 0, trick: int = 0) -> ReviewEntry:
    """A decision rated against the coach's advice on the position before it."""
    chosen = option_points(advice, choice)
    made = chosen["points"]
    best = option_points(advice, advice["pick"])["points"]
    # The pick is as good as the best (advice.best_pick): a choice that is not loses points against it.
    lost = 0.0 if chosen["equal"] else round(max(0.0, best - made), 2)
    return {"index": index, "round": round_, "phase": advice["phase"],
            "trick": trick if advice["phase"] in PLAY_PHASES else 0, "in_play": advice["phase"] in PLAY_PHASES,
            "choice": choice, "choice_points": made, "best": advice["pick"], "best_points": best,
            "points_lost": lost, "verdict": "forced" if advice["forced"] else verdict(lost),
            "options": advice["options"]}


def trick_number(view: SeatView) -> int:
    """The trick a decision belongs to, from 0: the one in play, or during a step after a trick
    (a pass, the Cloud, the Witch: S13) the one just taken, whose effect it is."""
    tricks = len(view["tricks"])
    return tricks - 1 if view["phase"] in STEP_PHASES else tricks


def verdict(lost: float) -> str:
    """``best`` (nothing lost: the pick or as good), ``close`` or ``costly`` for the expected points lost."""
    if lost == 0:
        return "best"
    return "close" if lost <= CLOSE_WITHIN else "costly"


def notable(entry: ReviewEntry) -> str | None:
    """``"costly"``, ``"bold"`` (a best or close choice that makes the bid less than
    :data:`BOLD_MAKE` of the time while another makes it clearly more often: a gamble the
    coach agrees with) or None: what Watch mode comments on. A choice among options that all
    make the bid as rarely (a bid already lost) is no gamble: nothing useful to say."""
    if entry["verdict"] == "costly":
        return "costly"
    if entry["verdict"] == "forced":
        return None  # no choice: neither a mistake nor a gamble
    made = next(o["make"] for o in entry["options"] if o["option"] == entry["choice"])
    safest = max(o["make"] for o in entry["options"])
    return "bold" if made < BOLD_MAKE and safest >= made + BOLD_BELOW else None


def summarize(entries: list[ReviewEntry]) -> ReviewSummary:
    """The summary of rated decisions (the forced ones counted apart)."""
    counts = {v: sum(1 for e in entries if e["verdict"] == v) for v in ("best", "close", "costly", "forced")}
    chosen = [e for e in entries if e["verdict"] != "forced"]
    bidding = sum(e["points_lost"] for e in entries if e["phase"] not in PLAY_PHASES)
    play = sum(e["points_lost"] for e in entries if e["phase"] in PLAY_PHASES)
    ranked = sorted((i for i, e in enumerate(entries) if e["points_lost"] > 0),
                    key=lambda i: (-entries[i]["points_lost"], i))
    return {"decisions": len(chosen), "forced": counts["forced"],
            "best": counts["best"], "close": counts["close"], "costly": counts["costly"],
            "lost_bidding": round(bidding, 2), "lost_play": round(play, 2),
            "lost_total": round(bidding + play, 2), "costliest": ranked[:COSTLIEST]}
