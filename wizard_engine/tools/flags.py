"""Game options as command-line flags, shared by ``arena``, ``play`` and the other tools."""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import Any

from ..config import CHOICE_KEYS, Options
from ..errors import ConfigError
from ..reasons import Reason
from ..rules import SCHEDULES

OPTION_FLAGS: dict[str, tuple[str, Any]] = {
    "hidden_bids": ("bidding", "hidden"),
    "secret_bids": ("bidding", "secret"),
    "canadian": ("canadian", True),
    "plus_minus_one": ("plus_minus_one", True),
    "foresight": ("foresight", True),
    "unicoloured": ("unicoloured", True),
    "canadian_final": ("canadian_final", True),
}
"""Each flag and the :class:`Options` field it sets."""


def parse_options(names: list[str]) -> Options:
    """``hidden_bids``, ``secret_bids``, ``canadian``, ``plus_minus_one``, ``foresight``,
    ``unicoloured`` (or ``name=value``) into :class:`Options`; ConfigError on an unknown flag."""
    fields: dict[str, Any] = {}
    for name in names:
        for part in name.split(","):
            part = part.strip()
            if not part:
                continue
            if "=" in part:
                key, text = part.split("=", 1)
                fields[key] = text if key in CHOICE_KEYS else text.lower() in ("1", "true", "yes")
            elif part in OPTION_FLAGS:
                key, flag = OPTION_FLAGS[part]
                fields[key] = flag
            else:
                raise ConfigError(Reason("options_unknown", {"options": part}))
    try:
        return Options(**fields)
    except TypeError:  # name=value with a name that is no option
        raise ConfigError(Reason("options_unknown", {"options": ", ".join(names)})) from None


def add_schedule_flag(parser: argparse.ArgumentParser) -> None:
    """``--schedule standard|tournament|maximus`` (R5, T1, T2)."""
    parser.add_argument("--schedule", choices=SCHEDULES, default="standard",
                        help="the rounds: standard (R5), tournament (T1) or maximus (T2)")


def with_schedule(options: Options, schedule: str) -> Options:
    """``options`` with ``--schedule``'s schedule, unless a ``schedule=`` option chose one."""
    return options if schedule == "standard" else replace(options, schedule=schedule)


def add_specials_flag(parser: argparse.ArgumentParser) -> None:
    """``--specials`` (S1): a box (2016, 2021, 2026) or comma-separated card names."""
    parser.add_argument("--specials", default="",
                        help="special cards (S1): a box (2016, 2021, 2026) or names, e.g. Bomb,Cloud; default none")


def with_specials(options: Options, specials: str) -> Options:
    """``options`` with ``--specials``'s cards, unless a ``specials=`` option chose them."""
    return replace(options, specials=specials) if specials else options
