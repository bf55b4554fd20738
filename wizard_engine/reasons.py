"""Reasons: every refusal and explanation of the engine as data (a code and its parameters).

A :class:`Reason` is what the page words in the player's language: a stable ``code``,
flat ``params`` (cards in notation ``"7H"``/``"Z"``/``"N"``, suits as letters ``"C"``..
``"S"``, seats and counts as ints, option keys, the text a user typed; never a sentence),
the ``rule`` of docs/rules.md it applies (``"R13"`` or None) and, for an error inside an error
(a damaged save whose action 5 is illegal), the nested ``cause``.

:data:`CODES` is the one list of codes, each with its English template: the words of the
CLI and the tests (:meth:`Reason.message`).  The page keeps its own catalogue with a
wording for every code.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from string import Formatter
from typing import TypedDict

Param = str | int

CODES: dict[str, str] = {
    # Notation (R1)
    "not_a_card": "Not a card: '{text}' (write e.g. 7H, TH or 10H, AS, Z for a Wizard, N for a Jester)",
    "not_a_suit": "Not a suit: '{text}' (write C, D, H or S)",
    "not_an_action": "Not an action: '{text}' (write e.g. 'play 7H', 'bid 2', 'trump H')",
    "too_many_specials": "More than four of '{card}' in '{text}'",
    "card_twice": "A card appears twice in '{text}'",
    # Configuration
    "player_count": "Wizard is for {min} to {max} players, not {players}",
    "player_not_object": "A player is a name and a bot level, not {value}",
    "player_no_name": "Every player needs a name",
    "player_name_too_long": "The name '{name}...' is longer than {max} characters",
    "bot_level_unknown": "Unknown bot level '{level}': choose {choices}",
    "seed_invalid": "The seed must be a whole number >= 0, not {value}",
    "config_not_object": "The configuration must be an object",
    "config_unknown_fields": "Unknown configuration field(s): {fields}",
    "config_no_players": "The configuration needs a list of players",
    "options_not_object": "The options must be an object",
    "options_unknown": "Unknown option(s): {options}",
    "relaxed_needs_bots": "Take-backs are for one person's game against bots, not {people} people",
    "option_type": "Option {option} must be a {expected}, not {value}",
    "bidding_unknown": "Unknown bidding '{bidding}': choose {choices}",
    "option_needs_open_bids": "The {option} restricts the last bidder, so it needs open bids, not {bidding} bids",
    "options_exclusive": "Choose {option} or {other}, not both",
    "option_player_count": "{option} is for {min} to {max} players, not {players}",
    "schedule_unknown": "Unknown schedule '{schedule}': choose {choices}",
    "schedule_player_count": "The {schedule} schedule is for {min} to {max} players, not {players}",
    "schedule_excludes": "The {schedule} schedule cannot be played with {option}",
    # The special cards (S1..S14)
    "specials_unknown": "Unknown special cards '{specials}': choose a box or card names from {choices}",
    "specials_dragon_fairy": "The Dragon and the Fairy come only together",
    "specials_exclude": "The special cards cannot be played with {option}",
    "special_how": "Cannot {action}: that is not how this card may be played now",
    "cloud_below_zero": "Cannot {action}: a bid of 0 may only go up",
    "witch_take": "Cannot {action}: the Witch may not take {card}",
    "already_passed": "Cannot {action}: you have already passed a card",
    "undo_special": "Cannot take back: a special card's step has happened since",
    # Actions
    "game_over": "Cannot {action}: the game is over",
    "no_such_seat": "Cannot {action}: there is no seat {seat}",
    "already_bid": "Cannot {action}: you have already bid this round",
    "not_your_turn": "Cannot {action}: it is {name}'s turn to {phase}",
    "wrong_phase": "Cannot {action}: it is time to {phase}",
    "bid_out_of_range": "Cannot bid {bid}: a bid is a whole number from 0 to {max}",
    "canadian_rule": ("Cannot bid {bid}: the dealer, alone in the lead, may not make the bids add up "
                      "to {tricks} (Canadian rule, {rule})"),
    "plus_minus_one": "Cannot bid {bid}: the bids would add up to {tricks} (plus/minus one, {rule})",
    "not_in_hand": "Cannot play {card}: it is not in your hand",
    "must_follow": "Cannot play {card}: you must follow {suit}",
    "undo_game_over": "Cannot take back: the game is over",
    "nothing_to_undo": "Cannot take back: you have made no decision in this round yet",
    "undo_others_acted": "Cannot take back: another player has acted since your last decision",
    "undo_bids_revealed": "Cannot take back the last bid: it revealed the hidden bids",
    "undo_card_revealed": "Cannot take back the last bid of round 1: it showed you your own card",
    "undo_trick_complete": "Cannot take back a card that completed the trick",
    "replay_refused": "Action {index} (seat {seat})",
    # Saved games
    "save_not_json": "The saved game is not readable JSON",
    "save_not_wizard": "This is not a saved Wizard game",
    "save_version": "The saved game has format version {version}; this version of the game reads version {expected}",
    "save_bad_actions": "The saved game's actions are damaged: expected a list of [seat, action]",
    "save_bad_config": "The saved game cannot be restored",
    "save_bad_action": "The saved game cannot be restored: Action {index} (seat {seat})",
    "save_too_large": "The saved game is too large (more than {max} characters)",
    "save_too_deep": "The saved game is nested too deeply (more than {max} levels)",
    "save_unknown_fields": "The saved game has unknown field(s): {fields}",
    "save_bad_game": "The saved game's id or move count is damaged",
    # The score keeper for a real deck (wizard_engine/records/keeper.py)
    "keeper_bot": "A score pad is for people at a real table: {name} has a bot level",
    "first_dealer_invalid": "The first dealer is a seat from 0 to {max}, not {value}",
    "keeper_game_over": "The game is over: there is nothing more to enter",
    "keeper_full": "The score pad is full: it holds at most {max} entries",
    "keeper_tricks_due": "Every player has bid: enter the tricks taken",
    "keeper_bid_due": "Cannot enter the tricks yet: {name} has not bid",
    "keeper_count": "Give one number for each of the {players} players, not {count}",
    "tricks_out_of_range": "Cannot enter {value} tricks: a player takes a whole number from 0 to {max}",
    "tricks_do_not_add_up": "The tricks taken add up to {taken}, but {cards} were dealt to each player",
    "keeper_no_such_round": "There is no finished round {round} to correct",
    "keeper_nothing_to_undo": "Nothing to take back: the score pad is empty",
    "keeper_not_an_entry": "Not an entry of the score pad: {value}",
    "keeper_not_json": "The saved score pad is not readable JSON",
    "keeper_not_pad": "This is not a saved Wizard score pad",
    "keeper_version": ("The saved score pad has format version {version}; this version of the game "
                       "reads version {expected}"),
    "keeper_too_large": "The saved score pad is too large (more than {max} characters)",
    "keeper_too_deep": "The saved score pad is nested too deeply (more than {max} levels)",
    "keeper_unknown_fields": "The saved score pad has unknown field(s): {fields}",
    "keeper_damaged": "The saved score pad's field \"{field}\" is damaged",
    "keeper_bad_config": "The saved score pad's players or rules cannot be restored",
    "keeper_bad_entry": "The saved score pad cannot be restored: entry {index}",
    "keeper_no_cloud": "This game has no Cloud: no bid changes after a trick",
    "keeper_cloud_before_bids": "A Cloud changes a bid once every bid is in: {name} has not bid",
    "keeper_cloud_too_many": "A Cloud changes bids at most {max} time(s) in round {round} of this game",
    "keeper_cloud_below_zero": "{name}'s bid is 0: a Cloud may only raise it",
    "tricks_bombed_too_many": ("The tricks taken add up to {taken} of {cards}: the Bomb leaves at most {bombed} "
                               "trick(s) to nobody"),
    # The history of finished games (wizard_engine/records/game_record.py and history.py)
    "history_not_over": "Only a finished game goes into the history",
    "record_damaged": "The game's field \"{field}\" is damaged",
    "history_not_json": "The history file is not readable JSON",
    "history_not_wizard": "This is not a Wizard history file",
    "history_version": ("The history file has format version {version}; this version of the game "
                        "reads version {expected}"),
    "history_too_large": "The history file is too large (more than {max} characters)",
    "history_too_deep": "The history file is nested too deeply (more than {max} levels)",
    "history_unknown_fields": "The history file has unknown field(s): {fields}",
    "history_damaged": "The history file's field \"{field}\" is damaged",
    "history_bad_record": "The history file's game {index} cannot be read",
    "history_bad_save": "The history file's saved game {key} cannot be restored",
    "history_save_mismatch": "The history file's saved game {key} is not the game of its record",
    "history_bad_current": "The history file's game in progress cannot be restored",
    "history_bad_request": "The history request's {name} is not valid",
    # A challenge link and the deal of the day (wizard_engine/records/challenge.py)
    "challenge_damaged": "The challenge link is damaged (cut short or mistyped)",
    "challenge_too_long": "The challenge link is too long (more than {max} characters)",
    "challenge_version": ("The challenge link has format version {version}; this version of the game reads "
                          "version {expected}"),
    "challenge_forged": "The challenge link's {part} is not valid",
    "challenge_bad_setup": "The challenge link's game cannot be dealt",
    "challenge_impossible_points": "The challenge link's score in round {round} ({points}) is not a score of the game",
    "challenge_one_person": "A challenge is a game of one person against bots, not {people} people",
    "challenge_not_over": "Only a finished game can be sent as a challenge",
    "challenge_not_daily": "The game is not the deal of the day of {day}",
    "daily_bad_day": "Not a date: {day} (write e.g. 2026-11-27)",
    # The web worker's requests
    "request_not_json": "The request is not JSON",
    "request_too_large": "The request is too large (more than {max} characters)",
    "request_too_deep": "The request is nested too deeply (more than {max} levels)",
    "unknown_request": "Unknown request: {method}",
    "params_not_object": "The request's params must be an object",
    "no_game": "No game is in progress",
    "no_save_given": "No saved game was given",
    "no_person": "No person holds the device now",
    "pass_pending": "Hand the device to seat {seat} first",
    "no_pass": "Nobody is waiting to take the device",
    "no_bot_to_act": "No bot is to act now",
    # The coach
    "coach_no_seat": "No seat {seat} at a table of {players}",
    "coach_no_decision": "Seat {seat} has no decision to make now",
    "coach_unknown_choice": "'{choice}' is not one of the options the coach weighed",
    "coach_budget": "The coach's budget must be a number above 0 and at most {max}, not {value}",
    "practice_round": "Practice a round from 1 to {rounds}, not {round}",
    "practice_bad_hands": "Practice hands must be a list of at most {max} hands",
    # Advice for a real hand (wizard_engine/coach/hand.py)
    "hand_not_bidding": "Advice for a hand is given while the bids of a round are entered",
    "hand_unicoloured": "No advice under Unicoloured: the pad does not know each player's colour",
    "hand_specials": "No advice for a hand with special cards: the coach reads only the base deck's hands",
    "hand_foresight": "No advice in round 1 of Foresight: you cannot see your own card",
    "hand_not_list": "The hand must be a list of cards",
    "hand_size": "Round {round} deals {cards} cards to each player, not {count}",
    "hand_card_twice": "{card} is in the hand more often than the deck has it",
    "hand_turned_missing": "Give the turned-up card: every round but the last has one",
    "hand_turned_last_round": "The last round has no turned-up card: every card is dealt",
    "hand_turned_in_hand": "The turned-up {card} cannot be in the hand too",
    "hand_trump_missing": "A Wizard was turned up: give the trump the dealer chose",
    "hand_trump_not_chosen": "The dealer chooses trump only when a Wizard is turned up",
    "keeper_no_document": "No score pad was given",
    "internal": "Internal error ({type})",
}

# The placeholders of each template: a reason must give at least these params.
_FIELDS: dict[str, frozenset[str]] = {
    code: frozenset(name for _, name, _, _ in Formatter().parse(text) if name and name != "rule")
    for code, text in CODES.items()
}

# English for the params that are keys rather than words (the CLI's and the tests' words only;
# the page words them per language and display theme).
_SUITS = dict(zip("CDHS", ("clubs", "diamonds", "hearts", "spades")))
_PHASES = {"trump": "choose trump", "bidding": "bid", "playing": "play"}
_OPTIONS = {"canadian": "Canadian rule", "plus_minus_one": "plus/minus one",
            "foresight": "Foresight", "unicoloured": "Unicoloured",
            "canadian_final": "Canadian rule in the last round"}
_SCHEDULES = {"standard": "standard", "tournament": "Amigo tournament", "maximus": "Wizard Maximus"}


def _tricks(n: Param) -> str:
    return f"{n} trick{'' if n == 1 else 's'}"


_ENGLISH: dict[str, Callable[[Param], str]] = {
    "suit": lambda s: _SUITS.get(str(s), str(s)),
    "phase": lambda p: _PHASES.get(str(p), str(p)),
    "option": lambda o: _OPTIONS.get(str(o), str(o)),
    "other": lambda o: _OPTIONS.get(str(o), str(o)),
    "schedule": lambda s: _SCHEDULES.get(str(s), str(s)),
    "tricks": _tricks,
}


class _ReasonFields(TypedDict):
    code: str
    params: dict[str, Param]
    rule: str | None


class ReasonJSON(_ReasonFields, total=False):
    """A reason as the page receives it; ``cause`` only when there is one."""

    # total=False rather than NotRequired: postponed annotations hide NotRequired at run time.
    cause: ReasonJSON


@dataclass(frozen=True)
class Reason:
    """Why the engine refuses something: a code of :data:`CODES`, its params, the rule."""

    code: str
    params: Mapping[str, Param] = field(default_factory=dict)
    rule: str | None = None
    cause: Reason | None = None

    def __post_init__(self) -> None:
        # A code outside the catalogue, or a template's missing param, is the engine's bug.
        if self.code not in CODES:
            raise KeyError(f"Unknown reason code {self.code!r}: add it to wizard_engine.reasons.CODES")
        missing = _FIELDS[self.code] - self.params.keys()
        if missing:
            raise KeyError(f"Reason {self.code!r} lacks the param(s) {', '.join(sorted(missing))}")

    def message(self) -> str:
        """The English sentence: the template, the rule tag, then the cause after a colon."""
        words = {key: _ENGLISH[key](value) if key in _ENGLISH else value
                 for key, value in self.params.items()}
        template = CODES[self.code]
        text = template.format(rule=self.rule, **words)
        if self.rule and "{rule}" not in template:
            text += f" ({self.rule})"
        text = text[:1].upper() + text[1:]
        return f"{text}: {self.cause.message()}" if self.cause else text

    def __str__(self) -> str:
        return self.message()

    def to_json(self) -> ReasonJSON:
        """The JSON-ready form: code, params, rule and (when there is one) cause."""
        data: ReasonJSON = {"code": self.code, "params": dict(self.params), "rule": self.rule}
        if self.cause is not None:
            data["cause"] = self.cause.to_json()
        return data


SHOWN_LENGTH = 80
"""The most characters of a bad value a reason repeats (a request may be a megabyte)."""


def shown(value: object) -> Param:
    """A bad value as a param: ints and (short) strings as they are, anything else as JSON.

    JSON rather than Python's repr, so the page never reads Python's words (``true``, not
    ``True``); what is not JSON at all (a Python caller's object) falls back on its type name.
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**18:
        return value
    if isinstance(value, str):
        return value if len(value) <= SHOWN_LENGTH else value[:SHOWN_LENGTH] + "…"
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= SHOWN_LENGTH else text[:SHOWN_LENGTH] + "…"
