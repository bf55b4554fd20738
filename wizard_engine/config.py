"""Game configuration: players, options and seed.  Immutable; a game is config + actions."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from .errors import ConfigError

MIN_PLAYERS = 3
MAX_PLAYERS = 6
MAX_NAME_LENGTH = 32  # room for the issue's own test name, "<img src=x onerror=alert(1)>"
BIDDING_MODES = ("open", "hidden", "secret")
BOT_LEVELS = ("random", "easy", "medium", "hard")


@dataclass(frozen=True)
class Options:
    """The rule options; each default is the standard game."""

    bidding: str = "open"  # "open" (R10), "hidden" or "secret" (R11)
    canadian: bool = False  # the sole leader, dealing, may not make bids add up (R11)
    plus_minus_one: bool = False  # bids may never add up to the tricks (R11, Amigo)
    foresight: bool = False  # round 1: see the others' card, not your own (R20)
    unicoloured: bool = False  # one colour per player, 12 rounds, no trump (R21)

    def check(self, players: int) -> None:
        """Refuse a combination that breaks a rule or makes no sense."""
        if self.bidding not in BIDDING_MODES:
            raise ConfigError(f"Unknown bidding {self.bidding!r}: choose open, hidden or secret (R11)")
        restrictive = [name for name, on in (("Canadian rule", self.canadian),
                                             ("plus/minus one", self.plus_minus_one)) if on]
        if restrictive and self.bidding != "open":
            raise ConfigError(
                f"The {restrictive[0]} restricts the last bidder, so it needs open bids, "
                f"not {self.bidding} bids (R11)")
        if self.canadian and self.plus_minus_one:
            raise ConfigError("Choose the Canadian rule or plus/minus one, not both: "
                              "plus/minus one already forbids every bid the Canadian rule does (R11)")
        if self.unicoloured and players > 4:
            raise ConfigError(f"Unicoloured is for 3 or 4 players, not {players} (R21)")
        if self.unicoloured and self.foresight:
            raise ConfigError("Foresight needs a one-card first round; Unicoloured deals four (R20, R21)")


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

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        count = len(self.players)
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            raise ConfigError(f"Wizard is for 3 to 6 players, not {count} (R4)")
        for player in self.players:
            _check_player(player)
        if not isinstance(self.seed, int) or isinstance(self.seed, bool) or self.seed < 0:
            raise ConfigError(f"The seed must be a whole number >= 0, not {self.seed!r}")
        self.options.check(count)

    @classmethod
    def of(cls, names: list[str] | int, seed: int = 0, **options: Any) -> GameConfig:
        """Shorthand: ``GameConfig.of(["Ann", "Bob", "Cy"], seed=1, bidding="hidden")``."""
        if isinstance(names, int):
            names = [f"Player {i + 1}" for i in range(names)]
        return cls(tuple(Player(n) for n in names), Options(**options), seed)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"players": [asdict(p) for p in self.players],
                "options": asdict(self.options), "seed": self.seed}

    @classmethod
    def from_dict(cls, data: Any) -> GameConfig:
        """Read what :meth:`to_dict` wrote; refuse anything else with a clear message."""
        if not isinstance(data, dict):
            raise ConfigError("The configuration must be an object")
        unknown = set(data) - {"players", "options", "seed"}
        if unknown:
            raise ConfigError(f"Unknown configuration field(s): {', '.join(sorted(unknown))}")
        players = data.get("players")
        if not isinstance(players, list):
            raise ConfigError("The configuration needs a list of players")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise ConfigError("The options must be an object")
        known = set(Options.__dataclass_fields__)
        if set(options) - known:
            raise ConfigError(f"Unknown option(s): {', '.join(sorted(set(options) - known))}")
        for name, value in options.items():
            expected = str if name == "bidding" else bool
            if not isinstance(value, expected):
                raise ConfigError(f"Option {name} must be {expected.__name__}, not {value!r}")
        return cls(tuple(_player_from(p) for p in players), Options(**options), data.get("seed", 0))


def _player_from(data: Any) -> Player:
    if isinstance(data, str):
        return Player(data)
    if not isinstance(data, dict) or set(data) - {"name", "bot"}:
        raise ConfigError(f"A player is a name and a bot level, not {data!r}")
    return Player(data.get("name"), data.get("bot"))  # type: ignore[arg-type]


def _check_player(player: Player) -> None:
    if not isinstance(player.name, str) or not player.name.strip():
        raise ConfigError("Every player needs a name")
    if len(player.name) > MAX_NAME_LENGTH:
        raise ConfigError(f"The name {player.name[:MAX_NAME_LENGTH]!r}... is longer than {MAX_NAME_LENGTH} characters")
    if player.bot is not None and player.bot not in BOT_LEVELS:
        raise ConfigError(f"Unknown bot level {player.bot!r}: choose {', '.join(BOT_LEVELS)}")
