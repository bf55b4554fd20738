"""A score keeper for a game played with a real deck: the paper score pad, with the game's rules.

The people at the table deal, bid and play with their own cards; the keeper asks, round by
round, for the bids (in bidding order, from the dealer's left to the dealer, R10) and then
the tricks each player took, and keeps the pad (R19): points through
:func:`~wizard_engine.scoring.round_points`, totals, whose turn it is to deal, the round and
the cards to deal.  It refuses what the game refuses, under the same reason codes, asking
the same homes of the rules: the forbidden bid of the Canadian rule or plus/minus one
(:func:`~wizard_engine.state.forbidden_last_bid`), a bid out of 0..cards
(:func:`~wizard_engine.state.why_bid_illegal`); and tricks that do not add up to the cards
dealt (R22, ``tricks_do_not_add_up``).

**Special cards** (S1..S14) are the table's too: the pad keeps their effects on the score.  A
Cloud's change of bid is entered when it happens, once every bid is in (``["cloud", seat, +1]``,
S13: never below 0); the round is scored with the changed bid, and the pad shows the change
beside it (S14).  With the Bomb in the deck a round's tricks may add up to less than the cards
dealt (S9), by as many tricks as the deck lets it leave to nobody
(:func:`~wizard_engine.boxes.most_bombed`).  A card is turned up for trump in every round, the
last included (S2).

**The options at a real table.**  Every option of the game is kept, as a
:class:`~wizard_engine.config.Options`: the Canadian rule and plus/minus one are checked on
the dealer's bid; hidden and secret bids are bid at the table (fists, paper) and entered
once shown, in any case in bidding order; Foresight (R20, cards held to the forehead) is
played by the table and changes nothing on the pad; Unicoloured (R21) only needs each
player's colour sorted out of the deck, so the keeper plays it with its own 12 rounds of
r + 3 cards.  Players are people: a configuration with a bot level is refused.

**The pad is a log.**  A :class:`Keeper` is its players, options, first dealer (R6) and a
list of entries, each checked when made: ``["bid", n]``, ``["cloud", seat, +1 or -1]``,
``["tricks", [t, ...]]`` (one count per seat) and ``["edit", round, [bids], [tricks]]`` (a
finished round corrected, both in seat order; ``["edit", round, [bids], [tricks], [changes]]``
corrects its Cloud changes too, else they stand).  An edit is checked as that round's entries
would be, against the totals before it; later rounds stand as entered (they were bid at the table on the pad as it then
stood, and a correction must never leave a pad that cannot be fixed).  :meth:`Keeper.undo`
takes back the last entry, an edit included.  :meth:`Keeper.document` is the versioned JSON
form (replayed entry by entry by :func:`load_document`, so a pad restores exactly or is
refused whole with a :class:`KeeperError` saying why).
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any, NotRequired, TypedDict

from ..boxes import most_bombed, most_cloud_changes, special_cards
from ..cards import CLOUD
from ..config import GameConfig, Options
from ..errors import KeeperError, WizardError
from ..reasons import Reason, shown
from ..rules import Seat, Standard, ruleset
from ..scoring import ScoreRow, Standing, score_round, standings
from ..state import forbidden_last_bid, why_bid_illegal
from .keeper_view import KeeperView, keeper_view
from .limits import read_json
from .save import GAME_ID, new_tag

KEEPER_FORMAT = "wizard-keeper"
KEEPER_VERSION = 1
FIELDS = ("format", "version", "id", "players", "options", "first_dealer", "entries")
OPTIONAL_FIELDS = ("me",)  # absent in the pads of earlier versions of the page
"""The fields of a keeper document, every one required."""
MAX_ENTRIES = 2_000
"""The most entries of a pad: a 3-player game needs 80, the rest leaves room for corrections
(and bounds the work of loading a document)."""

Entry = list[Any]
"""An entry as JSON: ``["bid", n]``, ``["cloud", seat, change]``, ``["tricks", [t, ...]]`` or
``["edit", round, [bids], [tricks]]`` (``[changes]`` after them: the Cloud's, corrected too)."""
CLOUD_CHANGES = (+1, -1)
"""S13: a Cloud's change of bid."""


class KeeperDocument(TypedDict):
    """A pad as a versioned JSON document (:meth:`Keeper.document`)."""

    format: str
    version: int
    id: str
    players: list[str]
    options: dict[str, Any]  # as Options.to_dict writes them
    first_dealer: Seat
    entries: list[Entry]
    me: NotRequired[Seat | None]


class Keeper:
    """The score pad of one game at a real table (mutable): entries in, pad and totals out."""

    def __init__(self, config: GameConfig, first_dealer: Seat, pad_id: str | None = None,
                 me: Seat | None = None) -> None:
        for player in config.players:
            if player.bot is not None:
                raise KeeperError(Reason("keeper_bot", {"name": player.name}))
        if pad_id is not None and not (isinstance(pad_id, str) and GAME_ID.fullmatch(pad_id)):
            raise KeeperError(Reason("keeper_damaged", {"field": "id"}))
        players = len(config.players)
        if type(first_dealer) is not int or not 0 <= first_dealer < players:
            raise KeeperError(Reason("first_dealer_invalid", {"value": shown(first_dealer), "max": players - 1}, "R6"))
        if me is not None and (type(me) is not int or not 0 <= me < players):
            raise KeeperError(Reason("keeper_damaged", {"field": "me"}))
        self.config = config
        self.me = me  # the seat of the device's owner, if they play (their statistics count the game)
        self.id = pad_id if pad_id is not None else new_tag().id
        self.first_dealer = first_dealer
        self.players = players
        self.rules: Standard = ruleset(config.options.schedule, config.options.unicoloured, players)
        self.rounds = self.rules.rounds(players)
        self.entries: list[Entry] = []
        self.played: list[tuple[tuple[int, ...], tuple[int, ...]]] = []  # each finished round's bids, tricks
        self.changes: list[tuple[int, ...]] = []  # each finished round's Cloud changes per seat (S13)
        self.bids: list[int | None] = [None] * players
        self.specials = special_cards(config.options.specials)  # checked by the config (S1, S3)
        self.cloud = [0] * players  # this round's Cloud changes so far, per seat
        self.clouds = 0  # this round's Cloud entries so far (each a Cloud's trick)

    @classmethod
    def of(cls, names: list[str], first_dealer: Seat = 0, options: Options | None = None) -> Keeper:
        """Shorthand: ``Keeper.of(["Ann", "Bob", "Cy"], 2, Options(canadian=True))``."""
        return cls(GameConfig.of(names, **asdict(options or Options())), first_dealer)

    # --- where the pad stands -----------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the last round's tricks are entered (R18)."""
        return len(self.played) == self.rounds

    @property
    def round(self) -> int:
        """The round being entered (1-based); past the last once the game is over."""
        return len(self.played) + 1

    @property
    def step(self) -> str:
        """What the pad waits for: ``"bid"``, ``"tricks"`` (the round's tricks) or ``"over"``."""
        if self.is_over:
            return "over"
        return "tricks" if None not in self.bids else "bid"

    def dealer(self, round_: int) -> Seat:
        """R6: the dealer of ``round_``; the deal passes one seat clockwise each round."""
        return (self.first_dealer + round_ - 1) % self.players

    def order(self, round_: int) -> list[Seat]:
        """R10: the bidding order of ``round_``, from the dealer's left to the dealer."""
        dealer = self.dealer(round_)
        return [(dealer + 1 + i) % self.players for i in range(self.players)]

    def cards(self, round_: int) -> int:
        """R5/R21: the cards each player is dealt in ``round_``."""
        return self.rules.hand_size(round_)

    @property
    def bidder(self) -> Seat | None:
        """The seat to bid next, or None (the tricks are due, or the game is over)."""
        if self.step != "bid":
            return None
        return next(seat for seat in self.order(self.round) if self.bids[seat] is None)

    def turns_up(self, round_: int) -> bool:
        """R8/R9: whether a card is turned up for trump in ``round_``; S2: always with special cards."""
        return bool(self.specials) or self.rules.turns_up(self.players, round_)

    def most_bombed(self, round_: int) -> int:
        """S9: the most tricks of ``round_`` a Bomb may leave to nobody (0 without the Bomb)."""
        return most_bombed(self.specials, self.cards(round_))

    def most_changes(self, round_: int) -> int:
        """S13: the most Cloud changes of bid in ``round_`` (0 without the Cloud)."""
        return most_cloud_changes(self.specials, self.cards(round_))

    def scored(self) -> list[tuple[list[int], list[int]]]:
        """Each finished round's bids as scored (with the Cloud's changes, S13) and tricks taken."""
        return [([bid + change for bid, change in zip(bids, changes)], list(taken))
                for (bids, taken), changes in zip(self.played, self.changes)]

    def totals_before(self, round_: int) -> list[int]:
        """Each seat's total before ``round_`` (after every round when past the last)."""
        totals = [0] * self.players
        for bids, taken in self.scored()[:round_ - 1]:
            totals = [row.total for row in score_round(bids, taken, totals)]
        return totals

    @property
    def totals(self) -> list[int]:
        """Each seat's total over the finished rounds."""
        return self.totals_before(self.round)

    def pad(self) -> list[tuple[ScoreRow, ...]]:
        """Each finished round's lines (R19), seat by seat."""
        rows: list[tuple[ScoreRow, ...]] = []
        totals = [0] * self.players
        for bids, taken in self.scored():
            rows.append(score_round(bids, taken, totals))
            totals = [row.total for row in rows[-1]]
        return rows

    def standings(self) -> list[Standing]:
        """R18/T4: every seat's place, best first (a tournament game breaks ties)."""
        return standings(self.totals, self.pad(), self.config.options.schedule == "tournament")

    def winners(self) -> list[Seat]:
        """R18: the seats placed first (several share a win; T4 breaks a tournament's ties)."""
        return [one["seat"] for one in self.standings() if one["place"] == 1]

    def forbidden_bid(self) -> tuple[int, Reason] | None:
        """The bid an option forbids the bidder now, and why (R11); None if none is."""
        if self.bidder is None or self.bidder != self.dealer(self.round):
            return None
        others = sum(b for b in self.bids if b is not None)
        return forbidden_last_bid(self.config.options, self.cards(self.round), others,
                                  self.totals, self.bidder, final=self.round == self.rounds)

    # --- entries ------------------------------------------------------------------------

    def why_not_bid(self, n: Any) -> Reason | None:
        """Why the next bid may not be ``n``; None if it may."""
        reason = self._why_no_entry("bid")
        if reason is None:
            cards = self.cards(self.round)
            reason = _bid_reason(n, cards, self.forbidden_bid())
        return reason

    def legal_bids(self) -> list[int]:
        """The bids the next bidder may enter (none when no bid is due)."""
        if self.step != "bid" or self._why_no_entry("bid") is not None:
            return []
        cards, forbidden = self.cards(self.round), self.forbidden_bid()  # (once, not once a bid)
        return [n for n in range(cards + 1) if _bid_reason(n, cards, forbidden) is None]

    def bid(self, n: Any) -> None:
        """Enter the next bid in bidding order; KeeperError (the game's own reason) if refused."""
        self._refuse(self.why_not_bid(n))
        self._add(["bid", n])

    def why_not_cloud(self, seat: Any, change: Any) -> Reason | None:
        """Why ``seat``'s bid may not change by ``change`` (+1 or -1) after a Cloud's trick now (S13)."""
        if type(seat) is not int or not 0 <= seat < self.players or type(change) is not int \
                or change not in CLOUD_CHANGES:
            return Reason("keeper_not_an_entry", {"value": shown(["cloud", seat, change])})
        reason = self._why_no_entry("cloud")
        if reason is not None:
            return reason
        if self.clouds >= self.most_changes(self.round):
            return self._too_many_changes(self.round)
        bid = self.bids[seat]
        return self._below_zero(seat, bid + self.cloud[seat] + change)  # type: ignore[operator]  # all bid

    def legal_changes(self, seat: Seat) -> list[int]:
        """The Cloud changes ``seat`` may enter now (none unless one may be entered)."""
        return [change for change in CLOUD_CHANGES if self.why_not_cloud(seat, change) is None]

    def cloud_change(self, seat: Any, change: Any) -> None:
        """Enter a Cloud's change of ``seat``'s bid this round; KeeperError saying why if refused."""
        self._refuse(self.why_not_cloud(seat, change))
        self._add(["cloud", seat, change])

    def why_not_tricks(self, taken: Any) -> Reason | None:
        """Why the round's tricks may not be ``taken`` (one count per seat); None if they may."""
        return self._why_no_entry("tricks") or self._tricks_reason(taken, self.round)

    def tricks(self, taken: Any) -> None:
        """Enter the tricks each seat took this round (seat order); the round is scored."""
        self._refuse(self.why_not_tricks(taken))
        self._add(["tricks", list(taken)])

    def why_not_edit(self, round_: Any, bids: Any, taken: Any, changes: Any = None) -> Reason | None:
        """Why finished round ``round_`` may not be corrected to ``bids``/``taken`` (and its Cloud
        ``changes``; None: they stand); None if it may."""
        if type(round_) is not int or not 1 <= round_ <= len(self.played):
            return Reason("keeper_no_such_round", {"round": shown(round_)})
        if len(self.entries) >= MAX_ENTRIES:
            return Reason("keeper_full", {"max": MAX_ENTRIES})
        if changes is None:
            changes = list(self.changes[round_ - 1])
        return (self._bids_reason(round_, bids) or self._tricks_reason(taken, round_)
                or self._changes_reason(round_, bids, changes))

    def edit(self, round_: Any, bids: Any, taken: Any, changes: Any = None) -> None:
        """Correct finished round ``round_``'s bids and tricks (seat order), and its Cloud changes if
        given; totals follow."""
        self._refuse(self.why_not_edit(round_, bids, taken, changes))
        self._add(["edit", round_, list(bids), list(taken)] + ([] if changes is None else [list(changes)]))

    def undo(self) -> Entry:
        """Take back the last entry (a bid, a round's tricks or an edit) and return it."""
        if not self.entries:
            raise KeeperError(Reason("keeper_nothing_to_undo"))
        earlier = Keeper(self.config, self.first_dealer, self.id, self.me)
        for entry in self.entries[:-1]:
            earlier._add(entry)
        last = self.entries[-1]
        self.__dict__.update(earlier.__dict__)
        return last

    def apply(self, entry: Any) -> None:
        """Make an entry given as JSON (``["bid", 2]``...), checked as the methods check it."""
        if isinstance(entry, list) and len(entry) == 2 and entry[0] == "bid":
            self.bid(entry[1])
        elif isinstance(entry, list) and len(entry) == 2 and entry[0] == "tricks":
            self.tricks(entry[1])
        elif isinstance(entry, list) and len(entry) == 3 and entry[0] == "cloud":
            self.cloud_change(entry[1], entry[2])
        elif isinstance(entry, list) and len(entry) in (4, 5) and entry[0] == "edit":
            self.edit(*entry[1:])
        else:
            raise KeeperError(Reason("keeper_not_an_entry", {"value": shown(entry)}))

    def _why_no_entry(self, kind: str) -> Reason | None:
        """Why no ``kind`` ("bid", "cloud" or "tricks") may be entered now, whatever its value."""
        if self.is_over:
            return Reason("keeper_game_over", rule="R18")
        if len(self.entries) >= MAX_ENTRIES:
            return Reason("keeper_full", {"max": MAX_ENTRIES})
        if kind == "bid" and self.step == "tricks":
            return Reason("keeper_tricks_due", rule="R10")
        if kind == "cloud" and CLOUD not in self.specials:
            return Reason("keeper_no_cloud", rule="S13")
        if kind != "bid" and self.bidder is not None:
            code, rule = ("keeper_bid_due", "R10") if kind == "tricks" else ("keeper_cloud_before_bids", "S13")
            return Reason(code, {"name": self.config.players[self.bidder].name, "seat": self.bidder}, rule)
        return None

    def _bids_reason(self, round_: int, bids: Any) -> Reason | None:
        """Why a whole round's ``bids`` (seat order) break R10/R11, checked in bidding order."""
        reason = self._count_reason(bids)
        if reason is not None:
            return reason
        cards, order = self.cards(round_), self.order(round_)
        for seat in order[:-1]:
            reason = _bid_reason(bids[seat], cards, None)
            if reason is not None:
                return reason
        dealer = order[-1]
        others = sum(bids[seat] for seat in order[:-1])
        forbidden = forbidden_last_bid(self.config.options, cards, others, self.totals_before(round_), dealer,
                                       final=round_ == self.rounds)
        return _bid_reason(bids[dealer], cards, forbidden)

    def _tricks_reason(self, taken: Any, round_: int) -> Reason | None:
        """Why ``taken`` (one count per seat) is not ``round_``'s tricks (R22; S9: a Bomb's trick
        is nobody's)."""
        reason = self._count_reason(taken)
        if reason is not None:
            return reason
        cards, bombed = self.cards(round_), self.most_bombed(round_)
        for count in taken:
            if type(count) is not int or not 0 <= count <= cards:
                return Reason("tricks_out_of_range", {"value": shown(count), "max": cards}, "R22")
        total = sum(taken)
        if bombed and cards - bombed <= total < cards:
            return None
        if bombed and total < cards:
            return Reason("tricks_bombed_too_many", {"taken": total, "cards": cards, "bombed": bombed}, "S9")
        if total != cards:
            return Reason("tricks_do_not_add_up", {"taken": total, "cards": cards}, "R22")
        return None

    def _changes_reason(self, round_: int, bids: list[int], changes: Any) -> Reason | None:
        """Why ``changes`` (one net Cloud change per seat, S13) cannot be finished ``round_``'s."""
        reason = self._count_reason(changes)
        if reason is not None:
            return reason
        if not all(type(change) is int for change in changes):
            return Reason("keeper_not_an_entry", {"value": shown(changes)})
        if any(changes) and CLOUD not in self.specials:
            return Reason("keeper_no_cloud", rule="S13")
        if sum(abs(change) for change in changes) > self.most_changes(round_):
            return self._too_many_changes(round_)
        return next(filter(None, (self._below_zero(seat, bids[seat] + changes[seat])
                                  for seat in range(self.players))), None)

    def _too_many_changes(self, round_: int) -> Reason:
        return Reason("keeper_cloud_too_many", {"max": self.most_changes(round_), "round": round_}, "S13")

    def _below_zero(self, seat: Seat, changed: int) -> Reason | None:
        """S13: a bid changed below 0 (a bid of 0 may only go up)."""
        if changed >= 0:
            return None
        return Reason("keeper_cloud_below_zero", {"name": self.config.players[seat].name, "seat": seat}, "S13")

    def _count_reason(self, values: Any) -> Reason | None:
        if not isinstance(values, (list, tuple)) or len(values) != self.players:
            count = len(values) if isinstance(values, (list, tuple)) else shown(values)
            return Reason("keeper_count", {"players": self.players, "count": count})
        return None

    def _refuse(self, reason: Reason | None) -> None:
        if reason is not None:
            raise KeeperError(reason)

    def _add(self, entry: Entry) -> None:
        """Record a checked entry and bring the pad up to date."""
        kind = entry[0]
        if kind == "bid":
            self.bids[self.bidder] = entry[1]  # type: ignore[index]  # a bid is only checked with a bidder
        elif kind == "cloud":
            self.cloud[entry[1]] += entry[2]
            self.clouds += 1
        elif kind == "tricks":
            self.played.append((tuple(self.bids), tuple(entry[1])))  # type: ignore[arg-type]
            self.changes.append(tuple(self.cloud))
            self.bids, self.cloud, self.clouds = [None] * self.players, [0] * self.players, 0
        else:
            round_, bids, taken = entry[1:4]
            self.played[round_ - 1] = (tuple(bids), tuple(taken))
            if len(entry) == 5:
                self.changes[round_ - 1] = tuple(entry[4])
        self.entries.append(entry)

    # --- out: the view and the document ---------------------------------------------------

    def view(self) -> KeeperView:
        """The pad as the page shows it (see :class:`~wizard_engine.records.keeper_view.KeeperView`)."""
        return keeper_view(self)

    def document(self) -> KeeperDocument:
        """The pad as a versioned JSON document (restored by :func:`load_document`)."""
        return {
            "format": KEEPER_FORMAT,
            "version": KEEPER_VERSION,
            "id": self.id,
            "players": [player.name for player in self.config.players],
            "options": self.config.options.to_dict(),
            "first_dealer": self.first_dealer,
            "entries": [list(entry) for entry in self.entries],
            "me": self.me,
        }

    def dumps(self) -> str:
        """The document as compact JSON text."""
        return json.dumps(self.document(), separators=(",", ":"))


def _bid_reason(n: Any, cards: int, forbidden: tuple[int, Reason] | None) -> Reason | None:
    """The game's reason against a bid ``n``: only whole numbers, then R10/R11 as the game says."""
    if type(n) is not int:
        return Reason("bid_out_of_range", {"bid": shown(n), "max": cards}, "R10")
    return why_bid_illegal(n, cards, forbidden)


# --- reading a document ---------------------------------------------------------------------

def loads(text: Any) -> Keeper:
    """The pad of :meth:`Keeper.dumps` text, or KeeperError saying why not (nothing half-loaded)."""
    document = read_json(text, "keeper", KeeperError)
    return load_document(document)


def load_document(document: Any) -> Keeper:
    """The pad of a keeper document (a parsed dict), replayed entry by entry; or KeeperError."""
    if not isinstance(document, dict) or document.get("format") != KEEPER_FORMAT:
        raise KeeperError(Reason("keeper_not_pad"))
    unknown = set(document) - set(FIELDS) - set(OPTIONAL_FIELDS)
    if unknown:
        raise KeeperError(Reason("keeper_unknown_fields", {"fields": str(shown(", ".join(sorted(unknown))))}))
    version = document.get("version")
    if type(version) is not int or version != KEEPER_VERSION:  # not True, not 1.0
        raise KeeperError(Reason("keeper_version", {"version": shown(version), "expected": KEEPER_VERSION}))
    missing = [name for name in FIELDS if name not in document]
    if missing:
        raise KeeperError(Reason("keeper_damaged", {"field": missing[0]}))
    pad_id, players, entries = document["id"], document["players"], document["entries"]
    if not isinstance(pad_id, str) or not GAME_ID.fullmatch(pad_id):
        raise KeeperError(Reason("keeper_damaged", {"field": "id"}))
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        raise KeeperError(Reason("keeper_damaged", {"field": "players"}))
    if not isinstance(entries, list) or len(entries) > MAX_ENTRIES:
        raise KeeperError(Reason("keeper_damaged", {"field": "entries"}))
    try:
        config = GameConfig.from_dict({"players": players, "options": document["options"]})
        keeper = Keeper(config, document["first_dealer"], pad_id, document.get("me"))
    except WizardError as error:
        raise KeeperError(Reason("keeper_bad_config", cause=error.reason)) from None
    for index, entry in enumerate(entries):
        try:
            keeper.apply(entry)
        except KeeperError as error:
            raise KeeperError(Reason("keeper_bad_entry", {"index": index + 1}, cause=error.reason)) from None
    return keeper

