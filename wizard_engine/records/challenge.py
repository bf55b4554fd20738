"""A challenge: a finished game's setup and one person's result, written into a link, so that a
friend can play the same deals against the same bots; and the deal of the day.

The same deals need no server: a game's deals come from its seed and setup alone (the state's
RNG shuffles each round whatever was played, :mod:`wizard_engine.state`), and each bot decides
from its seed and what it sees (:func:`wizard_engine.bots.decision_rng`), so the friend meets
the same bots, who play as they played for the sender wherever the friend plays as the sender did.

A challenge's code holds the setup (the seed, the options, each seat's name and bot level; one
seat is the sender's, a person's) and the sender's points in each round, nothing else; for a deal
of the day, its date.  It is JSON text behind a CRC-32 of it, in URL-safe base64: a damaged code
(cut, mistyped) fails the check; a forged one that passes it is read like any input and refused
when it is no game this engine could have dealt or scored.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from ..boxes import special_cards
from ..config import MAX_SEED, OPTION_KEYS, GameConfig, Options
from ..errors import WizardError
from ..reasons import Reason, shown
from ..scoring import round_points
from ..state import State
from .game_record import most_bid

CODE_VERSION = 1
SCHEDULE_MARK = "schedule="
SPECIALS_MARK = "specials="  # the special cards (S1): a box or names, as Options.specials
"""A code's options list the schedule as ``schedule=tournament`` (none for the standard one)."""
MAX_CODE_CHARS = 2000  # a 6-player game with long names and 10 rounds takes about 500
DAILY_LEVELS: tuple[str | None, ...] = (None, "hard", "hard", "hard")
"""The deal of the day's seats: the person first, then three Hard bots; the standard options."""
_CHECK_BYTES = 4
_ALPHABET = re.compile(r"[A-Za-z0-9_-]+")  # URL-safe base64, unpadded


@dataclass(frozen=True)
class Challenge:
    """A challenge read from its code: the sender's game and result."""

    config: GameConfig  # the sender's game: its seed, options and seats (the sender's name at ``seat``)
    seat: int  # the sender's seat, the one person of the game
    points: tuple[int, ...]  # the sender's points in each round (R17)
    day: str | None  # the deal of the day's date, or None for any other game

    def to_json(self) -> dict[str, Any]:
        """What the page gets: the setup to deal again, and the sender's result."""
        totals = [sum(self.points[:n + 1]) for n in range(len(self.points))]
        return {"config": self.config.to_dict(), "seat": self.seat, "day": self.day,
                "sender": {"name": self.config.players[self.seat].name, "points": list(self.points),
                           "totals": totals, "total": sum(self.points)}}


def refused(code: str, **params: Any) -> WizardError:
    return WizardError(Reason(code, params))


# --- the deal of the day ------------------------------------------------------------------------

def daily_seed(day: str) -> int:
    """The seed of ``day``'s deals (an ISO date, ``2026-11-27``): the same everywhere."""
    digest = hashlib.sha256(f"wizard deal of the day {day}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % MAX_SEED


def check_day(day: Any) -> str:
    """``day`` as a date ``YYYY-MM-DD``; refused with ``daily_bad_day`` otherwise."""
    if not isinstance(day, str) or len(day) != 10:
        raise refused("daily_bad_day", day=shown(day))
    try:
        date.fromisoformat(day)
    except ValueError:
        raise refused("daily_bad_day", day=shown(day)) from None
    return day


def daily_setup(day: Any) -> dict[str, Any]:
    """The deal of the day: its seed, the standard options and each seat's bot level (None: the
    person, seat 0).  The page names the seats."""
    day = check_day(day)
    return {"day": day, "seed": daily_seed(day), "options": {"bidding": "open"},
            "levels": list(DAILY_LEVELS)}


DAILY_LOOKBACK_DAYS = 3 * 366
"""How far back from a game's end :func:`daily_near` looks for the day whose deal it was: a
link to a deal of the day may be played long after that day."""


def daily_near(config: GameConfig, near: Any) -> str | None:
    """The day whose deal of the day ``config`` is, looking from the day after ``near`` (an ISO
    date: when a game ended, in the player's time) back over :data:`DAILY_LOOKBACK_DAYS`; None when
    it is none.  A day's seed is a hash of the day, so no other game is taken for one."""
    end = date.fromisoformat(check_day(near)) + timedelta(days=1)
    if not _daily_setup(config):
        return None
    for back in range(DAILY_LOOKBACK_DAYS + 1):
        day = (end - timedelta(days=back)).isoformat()
        if config.seed == daily_seed(day):
            return day
    return None


def is_daily(config: GameConfig, day: str) -> bool:
    """Whether ``config`` is ``day``'s deal of the day, whatever the seats' names."""
    return config.seed == daily_seed(day) and _daily_setup(config)


def _daily_setup(config: GameConfig) -> bool:
    """Whether ``config`` is set up as a deal of the day is: the standard game against its bots."""
    return (config.options == Options() and not config.relaxed
            and tuple(p.bot for p in config.players) == DAILY_LEVELS)


# --- making a code ------------------------------------------------------------------------------

def make_code(state: State, day: str | None = None) -> str:
    """The code of a finished game played by one person against bots (``day``: it is that day's
    deal of the day, checked)."""
    config = state.config
    if not state.is_over:
        raise refused("challenge_not_over")
    people = [seat for seat, player in enumerate(config.players) if player.bot is None]
    if len(people) != 1:
        raise refused("challenge_one_person", people=len(people))
    if day is not None and not is_daily(config, check_day(day)):
        raise refused("challenge_not_daily", day=day)
    options = config.options
    seats = [[p.name] if p.bot is None else [p.name, p.bot] for p in config.players]
    flags = [key for key in OPTION_KEYS if getattr(options, key)]
    if options.schedule != "standard":  # a code of a standard game stays as it always was
        flags.append(f"{SCHEDULE_MARK}{options.schedule}")
    if options.specials:  # (the same for the special cards)
        flags.append(f"{SPECIALS_MARK}{options.specials}")
    points = [rows[people[0]].points for rows in state.pad]
    body = [CODE_VERSION, config.seed, [options.bidding, *flags], int(config.relaxed), seats, points, day or ""]
    text = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()
    data = zlib.crc32(text).to_bytes(_CHECK_BYTES, "big") + text
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


# --- reading a code -----------------------------------------------------------------------------

def read_code(code: Any) -> Challenge:
    """The challenge of ``code``; refused with a reason when it is damaged or no real game."""
    body = _body(code)
    if not isinstance(body, list) or not body or body[0] != CODE_VERSION:
        version = body[0] if isinstance(body, list) and body else None
        raise refused("challenge_version", version=shown(version), expected=CODE_VERSION)
    if len(body) != 7:
        raise refused("challenge_forged", part="fields")
    _, seed, options, relaxed, seats, points, day = body
    config = _config(seed, options, relaxed, seats)
    people = [seat for seat, player in enumerate(config.players) if player.bot is None]
    if len(people) != 1:
        raise refused("challenge_one_person", people=len(people))
    if day != "" and not is_daily(config, check_day(day)):
        raise refused("challenge_not_daily", day=day)
    return Challenge(config, people[0], _points(config, points), day or None)


def _body(code: Any) -> Any:
    """The JSON inside ``code``, after its check; ``challenge_damaged`` when it is not whole."""
    if isinstance(code, str) and len(code) > MAX_CODE_CHARS:
        raise refused("challenge_too_long", max=MAX_CODE_CHARS)
    if not isinstance(code, str) or not _ALPHABET.fullmatch(code):  # (b64decode would skip a stray character)
        raise refused("challenge_damaged")
    try:
        data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise refused("challenge_damaged") from None
    check, text = data[:_CHECK_BYTES], data[_CHECK_BYTES:]
    if len(check) < _CHECK_BYTES or zlib.crc32(text) != int.from_bytes(check, "big"):
        raise refused("challenge_damaged")
    try:
        return json.loads(text.decode())
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise refused("challenge_forged", part="text") from None


def _config(seed: Any, options: Any, relaxed: Any, seats: Any) -> GameConfig:
    """The game's config, checked as a new game's is (a ConfigError is the cause)."""
    if not isinstance(options, list) or not options or not all(isinstance(o, str) for o in options):
        raise refused("challenge_forged", part="options")
    if relaxed not in (0, 1) or isinstance(relaxed, bool) or not isinstance(seats, list):
        raise refused("challenge_forged", part="seats")
    if not all(isinstance(s, list) and len(s) in (1, 2) for s in seats):
        raise refused("challenge_forged", part="seats")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise refused("challenge_forged", part="seed")
    data = {"players": [{"name": s[0], "bot": s[1] if len(s) == 2 else None} for s in seats],
            "options": {"bidding": options[0], **_flags(options[1:])},
            "seed": seed, "relaxed": bool(relaxed)}
    try:
        return GameConfig.from_dict(data)
    except WizardError as error:
        raise WizardError(Reason("challenge_bad_setup", cause=error.reason)) from None


def _flags(flags: list[str]) -> dict[str, Any]:
    """A code's on/off options, its schedule (T1, T2) if not the standard one, its special cards (S1) if any."""
    chosen: dict[str, Any] = {}
    for flag in flags:
        for mark, key in ((SCHEDULE_MARK, "schedule"), (SPECIALS_MARK, "specials")):
            if flag.startswith(mark):
                chosen[key] = flag.removeprefix(mark)
                break
        else:
            chosen[flag] = True
    return chosen


def _points(config: GameConfig, points: Any) -> tuple[int, ...]:
    """The sender's points, one per round of the game, each one that R17 can score."""
    state = State(config)
    if not isinstance(points, list) or len(points) != state.rounds:
        raise refused("challenge_forged", part="points")
    specials = special_cards(config.options.specials)
    for round_, value in enumerate(points, 1):
        size = state.rules.hand_size(round_)
        bids = range(most_bid(size, specials) + 1)  # (S13: the Cloud may raise a bid past the cards)
        possible = {round_points(bid, taken) for bid in bids for taken in range(size + 1)}
        if not isinstance(value, int) or isinstance(value, bool) or value not in possible:
            raise refused("challenge_impossible_points", round=round_, points=shown(value))
    return tuple(points)
