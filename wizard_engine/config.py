"""Game configuration: players, options and seed.  Immutable; a game is config + actions."""

from __future__ import annotations

import unicodedata
from dataclasses import asdict, dataclass, field, fields
from typing import Any, NamedTuple

from .boxes import check_specials
from .errors import ConfigError
from .reasons import Reason, shown
from .rules import SCHEDULES, schedule_rounds

MIN_PLAYERS = 3
MAX_PLAYERS = 6
MAX_NAME_LENGTH = 32  # room for the issue's own test name, "<img src=x onerror=alert(1)>"
BIDDING_MODES = ("open", "hidden", "secret")
BOT_LEVELS = ("random", "easy", "medium", "hard", "expert")
MAX_SEED = 2**31 - 1  # the seeds a new game draws from, and a challenge link may carry


@dataclass(frozen=True)
class Options:
    """The rule options; each default is the standard game."""

    bidding: str = "open"  # "open" (R10), "hidden" or "secret" (R11)
    canadian: bool = False  # the sole leader, dealing, may not make bids add up (R11)
    plus_minus_one: bool = False  # bids may never add up to the tricks (R11, Amigo)
    foresight: bool = False  # round 1: see the others' card, not your own (R20)
    unicoloured: bool = False  # one colour per player, 12 rounds, no trump (R21)
    canadian_final: bool = False  # the Canadian rule in the game's last round only (T3)
    schedule: str = "standard"  # the rounds and their cards: "standard" (R5), "tournament" (T1), "maximus" (T2)
    specials: str = ""  # the special cards (S1): "" none, a box "2016", "2021", "2026", or names "Dragon,Fairy"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; the options of :data:`NEWER_OPTIONS` only when chosen, so an older
        game's save, id and score pad stay as they always were."""
        return {key: value for key, value in asdict(self).items()
                if key not in NEWER_OPTIONS or value != NEWER_OPTIONS[key]}

    def check(self, players: int) -> None:
        """Refuse a combination that breaks a rule or makes no sense."""
        if self.bidding not in BIDDING_MODES:
            raise ConfigError(Reason("bidding_unknown", {"bidding": shown(self.bidding),
                                                         "choices": ", ".join(BIDDING_MODES)}, "R11"))
        chosen = {key for key in OPTION_KEYS if getattr(self, key)}
        _check_schedule(self.schedule, chosen, players)
        check_specials(self.specials, chosen, self.schedule)
        for key in OPEN_BIDS_ONLY:
            if key in chosen and self.bidding != "open":
                raise ConfigError(Reason("option_needs_open_bids", {"option": key, "bidding": self.bidding}, "R11"))
        for first, second, rule in EXCLUSIVE:
            if {first, second} <= chosen:
                raise ConfigError(Reason("options_exclusive", {"option": first, "other": second}, rule))
        for key, (low, high, rule) in PLAYER_RANGE.items():
            if key in chosen and not low <= players <= high:
                raise ConfigError(Reason("option_player_count",
                                         {"option": key, "players": players, "min": low, "max": high}, rule))


CHOICE_KEYS = ("bidding", "schedule", "specials")
"""The options that choose one of several words; every other option is on or off."""
OPTION_KEYS = tuple(f.name for f in fields(Options) if f.name not in CHOICE_KEYS)
"""The on/off options, in their order of declaration."""
OPEN_BIDS_ONLY = ("canadian", "plus_minus_one", "canadian_final")
"""Options that restrict the last bidder, so they need open bids (R11)."""
EXCLUSIVE = (("canadian", "plus_minus_one", "R11"), ("unicoloured", "foresight", "R21"),
             ("canadian", "canadian_final", "T3"), ("plus_minus_one", "canadian_final", "R11"))
"""Pairs of options that may not be combined, with the rule that says why: plus/minus one
already forbids every bid the Canadian rule does (in any round); Unicoloured deals four cards
in round 1, where Foresight needs one; the Canadian rule in every round includes the last."""
PLAYER_RANGE = {"unicoloured": (3, 4, "R21")}
"""Options for fewer player counts than the game's 3 to 6, with the rule that says so."""
NEWER_OPTIONS = {"canadian_final": False, "schedule": "standard", "specials": ""}
"""Options added after games were first saved, with their defaults: an older save or record
without them is a game of the default (the standard schedule, T1..T3 unused)."""


class ScheduleRule(NamedTuple):
    """What a schedule allows: the rule that says so, the player counts and the options it refuses."""

    rule: str
    players: tuple[int, int]
    excludes: tuple[str, ...]


SCHEDULE_RULES = {
    "standard": ScheduleRule("R5", (MIN_PLAYERS, MAX_PLAYERS), ()),
    "tournament": ScheduleRule("T1", (3, 5), ("foresight", "unicoloured")),
    "maximus": ScheduleRule("T2", (MIN_PLAYERS, MAX_PLAYERS), ("foresight", "unicoloured")),
}
"""Each schedule (:data:`~wizard_engine.rules.SCHEDULES`): its rule, the player counts it is
for and the options it refuses.  Foresight needs a first round of one card, the tournament
deals two to three or five players and Maximus deals the whole deck (ours, T1; T2); Unicoloured
has its own rounds (R21)."""


def _check_schedule(schedule: str, chosen: set[str], players: int) -> None:
    """T1/T2: refuse an unknown schedule, one for another player count, or with an option it excludes."""
    if schedule not in SCHEDULE_RULES:
        raise ConfigError(Reason("schedule_unknown", {"schedule": shown(schedule), "choices": ", ".join(SCHEDULES)}))
    rules = SCHEDULE_RULES[schedule]
    low, high = rules.players
    if not low <= players <= high:
        raise ConfigError(Reason("schedule_player_count", {"schedule": schedule, "players": players,
                                                           "min": low, "max": high}, rules.rule))
    for key in rules.excludes:
        if key in chosen:
            raise ConfigError(Reason("schedule_excludes", {"schedule": schedule, "option": key}, rules.rule))


def schedule_constraints() -> dict[str, dict[str, Any]]:
    """Each schedule as data, for the page: its rule, the player counts it is for, the options it
    refuses, and per player count the cards of each round and the trump a round fixes (a suit
    letter, ``""`` for no trump, None: the turned-up card decides)."""
    return {name: {"rule": rules.rule, "players": dict(zip(("min", "max"), rules.players)),
                   "excludes": list(rules.excludes),
                   "rounds": {str(n): schedule_rounds(name, n) for n in range(rules.players[0], rules.players[1] + 1)}}
            for name, rules in SCHEDULE_RULES.items()}


def option_constraints() -> dict[str, dict[str, Any]]:
    """Each on/off option's constraints as data, for the page's form (the rules of :meth:`Options.check`)."""
    return {key: {"open_bids_only": key in OPEN_BIDS_ONLY,
                  "excludes": [b if a == key else a for a, b, _ in EXCLUSIVE if key in (a, b)],
                  "players": dict(zip(("min", "max"), PLAYER_RANGE.get(key, (MIN_PLAYERS, MAX_PLAYERS))[:2]))}
            for key in OPTION_KEYS}


@dataclass(frozen=True)
class Player:
    """A seat's player: a name, and a bot level or ``None`` for a person."""

    name: str
    bot: str | None = None


@dataclass(frozen=True)
class GameConfig:
    """Everything that fixes a game before the first action."""

    players: tuple[Player, ...]
    options: Options = field(default_factory=Options)
    seed: int = 0
    relaxed: bool = False  # take-backs allowed until the trick is complete (State.why_no_undo)

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        count = len(self.players)
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            raise ConfigError(Reason("player_count", {"min": MIN_PLAYERS, "max": MAX_PLAYERS, "players": count}, "R4"))
        for player in self.players:
            _check_player(player)
        if not isinstance(self.seed, int) or isinstance(self.seed, bool) or self.seed < 0:
            raise ConfigError(Reason("seed_invalid", {"value": shown(self.seed)}))
        self.options.check(count)
        _check_relaxed(self)

    @classmethod
    def of(cls, names: list[str] | int, seed: int = 0, **options: Any) -> GameConfig:
        """Shorthand: ``GameConfig.of(["Ann", "Bob", "Cy"], seed=1, bidding="hidden")``."""
        if isinstance(names, int):
            names = [f"Player {i + 1}" for i in range(names)]
        return cls(tuple(Player(n) for n in names), Options(**options), seed)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; ``relaxed`` only when set, so a rated game's save is as it always was
        (and the options as :meth:`Options.to_dict` writes them)."""
        data = {"players": [asdict(p) for p in self.players], "options": self.options.to_dict(), "seed": self.seed}
        return {**data, "relaxed": True} if self.relaxed else data

    @classmethod
    def from_dict(cls, data: Any) -> GameConfig:
        """Read what :meth:`to_dict` wrote; refuse anything else with a clear message."""
        if not isinstance(data, dict):
            raise ConfigError(Reason("config_not_object"))
        unknown = set(data) - {"players", "options", "seed", "relaxed"}
        if unknown:
            raise ConfigError(Reason("config_unknown_fields", {"fields": ", ".join(sorted(map(str, unknown)))}))
        players = data.get("players")
        if not isinstance(players, list):
            raise ConfigError(Reason("config_no_players"))
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise ConfigError(Reason("options_not_object"))
        known = set(Options.__dataclass_fields__)
        if set(options) - known:
            raise ConfigError(Reason("options_unknown", {"options": ", ".join(sorted(map(str, set(options) - known)))}))
        for name, value in options.items():
            expected = str if name in CHOICE_KEYS else bool
            if not isinstance(value, expected):
                raise ConfigError(Reason("option_type", {"option": name, "value": shown(value),
                                                         "expected": "string" if expected is str else "boolean"}))
        relaxed = data.get("relaxed", False)
        if not isinstance(relaxed, bool):
            raise ConfigError(Reason("option_type", {"option": "relaxed", "value": shown(relaxed),
                                                     "expected": "boolean"}))
        return cls(tuple(_player_from(p) for p in players), Options(**options), data.get("seed", 0), relaxed)


def _check_relaxed(config: GameConfig) -> None:
    """A relaxed game (take-backs allowed) is one person's game against bots: with several
    people, taking back a move would take back another person's too."""
    if not config.relaxed:
        return
    people = sum(player.bot is None for player in config.players)
    if people != 1:
        raise ConfigError(Reason("relaxed_needs_bots", {"people": people}))


def _player_from(data: Any) -> Player:
    if isinstance(data, str):
        return Player(data)
    if not isinstance(data, dict) or set(data) - {"name", "bot"}:
        raise ConfigError(Reason("player_not_object", {"value": shown(data)}))
    return Player(data.get("name"), data.get("bot"))  # type: ignore[arg-type]


def _visible(name: str) -> bool:
    """Whether a name shows anything: not only spaces, controls or format characters
    (zero-width spaces and joiners, bidi marks), which would show a blank name."""
    return any(unicodedata.category(char)[0] not in "CZ" for char in name)


def _check_player(player: Player) -> None:
    if not isinstance(player.name, str) or not _visible(player.name):
        raise ConfigError(Reason("player_no_name"))
    if len(player.name) > MAX_NAME_LENGTH:
        cut = player.name[:MAX_NAME_LENGTH]
        raise ConfigError(Reason("player_name_too_long", {"name": cut, "max": MAX_NAME_LENGTH}))
    if player.bot is not None and player.bot not in BOT_LEVELS:
        raise ConfigError(Reason("bot_level_unknown", {"level": shown(player.bot), "choices": ", ".join(BOT_LEVELS)}))
