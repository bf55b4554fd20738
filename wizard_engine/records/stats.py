"""A player's statistics over the history of finished games, as plain data for charts.

:func:`statistics` reads :class:`~.game_record.GameRecord` values (made and checked in
:mod:`.game_record`) and counts games, wins, bids made and missed by the cards dealt, the
best game and the longest run of bids made, for the device's owner or for one player by
name, over the games of one schedule and one deck (:data:`DECKS`): like is compared with
like.  It reads records only: the history's storage, export and import stay in
:mod:`.history`.
"""

from __future__ import annotations

from typing import TypedDict

from ..boxes import BOXES, special_cards, specials_text
from ..config import BOT_LEVELS
from ..rules import SCHEDULES, Seat, ruleset
from ..scoring import pad_of, standings
from .game_record import GameRecord, when_played

PERSON = "person"
"""The opponent "level" of a person, in :func:`statistics`."""
BASE = "base"
OTHER = "other"
DECKS = (BASE, *BOXES, OTHER)
"""The kinds of deck the statistics tell apart (S1): the original box (``Options.specials``
``""``), each anniversary box, and any other set of special cards: a special card changes
what a hand can make, so their bids are not the original game's."""


class OpponentStats(TypedDict):
    """Games played and won against an opponent level (``"person"``: people)."""

    opponent: str
    games: int
    wins: int


class TableStats(TypedDict):
    """Games played and won at a table of ``players`` players."""

    players: int
    games: int
    wins: int


class BidStats(TypedDict):
    """Bids of rounds of ``cards`` cards: made exactly, too high (``over``: fewer tricks than
    bid) and too low (``under``: more tricks than bid)."""

    cards: int
    bids: int
    made: int
    over: int
    under: int


class BestGame(TypedDict):
    """The game with the highest final score (the earliest of equals)."""

    id: str
    date: str
    score: int


class DeckGames(TypedDict):
    """The player's games with a kind of deck (:data:`DECKS`), relaxed or not, of any schedule."""

    deck: str
    games: int


class Statistics(TypedDict):
    """A player's figures over the history, as plain data for charts (see :func:`statistics`)."""

    games: int
    wins: int
    average_score: float | None
    by_opponent: list[OpponentStats]
    by_table: list[TableStats]
    bids: int
    made: int
    over: int
    under: int
    by_cards: list[BidStats]
    best_game: BestGame | None
    longest_run: int
    relaxed: int  # the relaxed games left out of every figure above
    schedule: str  # the schedule of the games counted (R5, T1, T2): a game is compared with its like
    schedules: dict[str, int]  # the player's games of each schedule, relaxed or not
    deck: str  # the deck of the games counted (DECKS: "base", "2016", "2021", "2026", "other")
    decks: list[DeckGames]  # in the order of DECKS (a list: "2016" would come before "base" as a page's key)


def statistics(records: list[GameRecord], who: str | None = None, schedule: str = "standard",
               deck: str | None = None) -> Statistics:
    """The figures of one player over the games of one ``schedule`` and one ``deck`` in
    ``records``: by default the device's owner (each record's ``me``), else the player named
    ``who``; games without them are left out, and so are games of other schedules or decks
    (only counted in ``schedules`` and ``decks``): a tournament's 10 rounds score unlike the
    standard game's, and a Bomb or a Cloud changes what a bid can make.  Without a ``deck``,
    the deck of the player's newest game of the schedule (the original box if none).

    A game is won when the player is placed first, shared or not (R18; T4 breaks a tournament's ties).  A game
    counts once under each opponent level at its table (``"person"`` for people).  The
    longest run is of bids made in a row, over the games in the order they were played.
    Relaxed games (take-backs allowed) are only counted apart: a take-back changes the result.
    """
    played = [(record, seat) for record in sorted(records, key=when_played)
              if (seat := _seat_of(record, who)) is not None]
    if deck is None:
        deck = next((deck_of(r) for r, _ in reversed(played) if r["options"]["schedule"] == schedule), BASE)
    stats = _Tally(schedule, deck)
    for record, seat in played:
        stats.schedules[record["options"]["schedule"]] += 1
        stats.decks[deck_of(record)] += 1
        if record["options"]["schedule"] != schedule or deck_of(record) != deck:
            continue
        if record.get("relaxed"):
            stats.relaxed += 1
        else:
            stats.add(record, seat)
    return stats.result()


def deck_of(record: GameRecord) -> str:
    """The kind of a game's deck (:data:`DECKS`): a set of special cards that is a box's counts as the box."""
    text = specials_text(special_cards(record["options"]["specials"]))
    return BASE if not text else text if text in BOXES else OTHER


def _seat_of(record: GameRecord, who: str | None) -> Seat | None:
    if who is None:
        return record["me"]
    return next((seat for seat, player in enumerate(record["players"]) if player["name"] == who), None)


class _Tally:
    """The running counts behind :func:`statistics`."""

    def __init__(self, schedule: str, deck: str) -> None:
        self.schedule, self.deck = schedule, deck
        self.schedules = dict.fromkeys(SCHEDULES, 0)
        self.decks = dict.fromkeys(DECKS, 0)
        self.games = self.wins = self.score = 0
        self.opponents: dict[str, list[int]] = {}
        self.tables: dict[int, list[int]] = {}
        self.cards: dict[int, list[int]] = {}  # cards -> [bids, made, over, under]
        self.best: BestGame | None = None
        self.run = self.longest = 0
        self.relaxed = 0

    def add(self, record: GameRecord, seat: Seat) -> None:
        totals = record["totals"]
        pad = pad_of([(one["bids"], one["taken"]) for one in record["rounds"]])
        won = int(any(one["seat"] == seat and one["place"] == 1
                      for one in standings(totals, pad, record["options"]["schedule"] == "tournament")))
        self.games, self.wins, self.score = self.games + 1, self.wins + won, self.score + totals[seat]
        levels = {player["bot"] or PERSON for other, player in enumerate(record["players"]) if other != seat}
        for level in levels:
            _count(self.opponents.setdefault(level, [0, 0]), 1, won)
        _count(self.tables.setdefault(len(totals), [0, 0]), 1, won)
        if self.best is None or totals[seat] > self.best["score"]:
            self.best = {"id": record["id"], "date": record["date"], "score": totals[seat]}
        options = record["options"]
        rules = ruleset(options["schedule"], options["unicoloured"], len(totals))
        for number, one in enumerate(record["rounds"], start=1):
            bid, taken = one["bids"][seat], one["taken"][seat]
            _count(self.cards.setdefault(rules.hand_size(number), [0, 0, 0, 0]),
                   1, int(bid == taken), int(bid > taken), int(bid < taken))
            self.run = self.run + 1 if bid == taken else 0
            self.longest = max(self.longest, self.run)

    def result(self) -> Statistics:
        order = {level: i for i, level in enumerate((*BOT_LEVELS, PERSON))}
        by_cards: list[BidStats] = [{"cards": cards, "bids": c[0], "made": c[1], "over": c[2], "under": c[3]}
                                    for cards, c in sorted(self.cards.items())]
        return {
            "games": self.games, "wins": self.wins,
            "average_score": round(self.score / self.games, 1) if self.games else None,
            "by_opponent": [{"opponent": level, "games": c[0], "wins": c[1]}
                            for level, c in sorted(self.opponents.items(), key=lambda item: order[item[0]])],
            "by_table": [{"players": players, "games": c[0], "wins": c[1]}
                         for players, c in sorted(self.tables.items())],
            "bids": sum(c["bids"] for c in by_cards), "made": sum(c["made"] for c in by_cards),
            "over": sum(c["over"] for c in by_cards), "under": sum(c["under"] for c in by_cards),
            "by_cards": by_cards,
            "best_game": self.best, "longest_run": self.longest, "relaxed": self.relaxed,
            "schedule": self.schedule, "schedules": self.schedules, "deck": self.deck,
            "decks": [{"deck": deck, "games": games} for deck, games in self.decks.items()],
        }


def _count(counts: list[int], *steps: int) -> None:
    for index, step in enumerate(steps):
        counts[index] += step
