"""Saved games: a versioned JSON document of config + actions, restored by replaying.

Replaying checks every action, so a document either restores the exact state or is
refused whole with a :class:`~wizard_engine.errors.SaveError` that says what is wrong.
"""

from __future__ import annotations

import json
from typing import Any

from .config import GameConfig
from .errors import SaveError, WizardError
from .reasons import Reason, shown
from .state import State

SAVE_FORMAT = "wizard-game"
SAVE_VERSION = 1


def save_document(state: State) -> dict[str, Any]:
    """The save document as a JSON-ready dict."""
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "config": state.config.to_dict(),
        "actions": [[seat, str(action)] for seat, action in state.history],
    }


def dumps(state: State) -> str:
    """The save document as compact JSON text."""
    return json.dumps(save_document(state), separators=(",", ":"))


def loads(text: str) -> State:
    """Restore a state from :func:`dumps` text, or raise SaveError saying why not."""
    try:
        document = json.loads(text)
    except (TypeError, ValueError):
        raise SaveError(Reason("save_not_json")) from None
    return load_document(document)


def load_document(document: Any) -> State:
    """Restore a state from a save document (a parsed dict), or raise SaveError."""
    if not isinstance(document, dict) or document.get("format") != SAVE_FORMAT:
        raise SaveError(Reason("save_not_wizard"))
    version = document.get("version")
    if version != SAVE_VERSION:
        raise SaveError(Reason("save_version", {"version": shown(version), "expected": SAVE_VERSION}))
    actions = document.get("actions")
    if not isinstance(actions, list) or not all(_is_entry(a) for a in actions):
        raise SaveError(Reason("save_bad_actions"))
    try:
        config = GameConfig.from_dict(document.get("config"))
    except WizardError as error:
        raise SaveError(Reason("save_bad_config", cause=error.reason)) from None
    try:
        return State.replay(config, [(seat, action) for seat, action in actions])
    except WizardError as error:
        # State.replay says which action failed ("replay_refused") and why (its cause).
        where, why = error.reason.params, error.reason.cause
        raise SaveError(Reason("save_bad_action", dict(where), cause=why)) from None


def _is_entry(entry: Any) -> bool:
    return (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int)
            and not isinstance(entry[0], bool) and isinstance(entry[1], str))
