"""Saved games: a versioned JSON document of config + actions, restored by replaying.

Replaying checks every action, so a document either restores the exact state or is
refused whole with a :class:`~wizard_engine.errors.SaveError` that says what is wrong.

The document also carries the game's :class:`Tag` (an id fixed for the game and a count
of its moves), so two copies of one game can tell which is further on.  :func:`seal` wraps
the document in an opaque string (``wizard-save:1:`` + base64 of the compressed, masked
JSON) for the page to keep: obfuscation, not encryption; the key is in this file.
:func:`loads` reads both the sealed string and the plain JSON document.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import random
import re
import zlib
from dataclasses import dataclass
from typing import Any, TypedDict

from ..config import GameConfig
from ..errors import SaveError, WizardError
from ..reasons import Reason, shown
from ..state import State
from .limits import MAX_CHARS, read_json

SAVE_FORMAT = "wizard-game"
SAVE_VERSION = 1
SEALED_PREFIX = "wizard-save:1:"
"""How a sealed save begins: the format of the seal, then base64 text."""
FIELDS = ("format", "version", "game", "config", "actions")
"""The top-level fields of a save document (``game`` may be missing from older saves)."""
MAX_MOVES = 10**9
GAME_ID = re.compile(r"[0-9A-Za-z_-]{1,64}")
"""What a game's id may be (also the id of a score pad and of a history record)."""
_MASK = hashlib.sha256(b"wizard-save mask 1").digest()


class GameView(TypedDict):
    """A :class:`Tag` as views and save documents carry it."""

    id: str
    moves: int


@dataclass(frozen=True)
class Tag:
    """Which game a save is, and how far on: ``moves`` counts every decision and take-back."""

    id: str
    moves: int

    def to_json(self) -> GameView:
        """The JSON-ready form, as views and save documents carry it."""
        return {"id": self.id, "moves": self.moves}


def new_tag() -> Tag:
    """The tag of a newly dealt game: a random id, no moves yet."""
    return Tag(f"{random.SystemRandom().getrandbits(64):016x}", 0)


def derived_tag(state: State) -> Tag:
    """The tag of a game saved without one: an id derived from its config (the same for
    every save of that game), and one move per action."""
    config = json.dumps(state.config.to_dict(), sort_keys=True, separators=(",", ":"))
    return Tag(hashlib.sha256(config.encode()).hexdigest()[:16], len(state.history))


def save_document(state: State, tag: Tag | None = None) -> dict[str, Any]:
    """The save document as a JSON-ready dict."""
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": (tag or derived_tag(state)).to_json(),
        "config": state.config.to_dict(),
        "actions": [[seat, str(action)] for seat, action in state.history],
    }


def dumps(state: State, tag: Tag | None = None) -> str:
    """The save document as compact JSON text."""
    return json.dumps(save_document(state, tag), separators=(",", ":"))


def seal(state: State, tag: Tag | None = None) -> str:
    """The save as an opaque string: the compressed JSON document, masked, in base64."""
    packed = zlib.compress(dumps(state, tag).encode(), 9)
    return SEALED_PREFIX + base64.b64encode(_masked(packed)).decode("ascii")


def loads(text: Any) -> State:
    """Restore a state from :func:`dumps` or :func:`seal` text, or raise SaveError saying why not."""
    return load_game(text)[0]


def load_game(text: Any) -> tuple[State, Tag]:
    """The state and tag of :func:`dumps` or :func:`seal` text, or SaveError saying why not."""
    return load_tagged_document(parse(text))


def parse(text: Any) -> Any:
    """The JSON value of a save's text (sealed or plain), within the size and depth limits."""
    return read_json(text, "save", SaveError, unwrap=_unsealed)


def _unsealed(text: str) -> str:
    """Plain save text as it is; sealed text unsealed."""
    return _unseal(text[len(SEALED_PREFIX):]) if text.startswith(SEALED_PREFIX) else text


def load_document(document: Any) -> State:
    """Restore a state from a save document (a parsed dict), or raise SaveError."""
    return load_tagged_document(document)[0]


def load_tagged_document(document: Any) -> tuple[State, Tag]:
    """The state and tag of a save document (a parsed dict), or raise SaveError."""
    if not isinstance(document, dict) or document.get("format") != SAVE_FORMAT:
        raise SaveError(Reason("save_not_wizard"))
    unknown = set(document) - set(FIELDS)
    if unknown:
        raise SaveError(Reason("save_unknown_fields", {"fields": str(shown(", ".join(sorted(unknown))))}))
    version = document.get("version")
    if type(version) is not int or version != SAVE_VERSION:  # not True, not 1.0
        raise SaveError(Reason("save_version", {"version": shown(version), "expected": SAVE_VERSION}))
    actions = document.get("actions")
    if not isinstance(actions, list) or not all(_is_entry(a) for a in actions):
        raise SaveError(Reason("save_bad_actions"))
    try:
        config = GameConfig.from_dict(document.get("config"))
    except WizardError as error:
        raise SaveError(Reason("save_bad_config", cause=error.reason)) from None
    tag = _tag(document["game"]) if "game" in document else None
    try:
        state = State.replay(config, [(seat, action) for seat, action in actions])
    except WizardError as error:
        # State.replay says which action failed ("replay_refused") and why (its cause).
        where, why = error.reason.params, error.reason.cause
        raise SaveError(Reason("save_bad_action", dict(where), cause=why)) from None
    # Every action is a move; so is every take-back, so there may be more moves than actions.
    if tag is not None and tag.moves < len(actions):
        raise SaveError(Reason("save_bad_game"))
    return state, tag or derived_tag(state)


def _tag(data: Any) -> Tag:
    """The document's tag; SaveError if it is damaged."""
    if not isinstance(data, dict) or set(data) != {"id", "moves"}:
        raise SaveError(Reason("save_bad_game"))
    game_id, moves = data["id"], data["moves"]
    if (not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id)
            or type(moves) is not int or not 0 <= moves <= MAX_MOVES):
        raise SaveError(Reason("save_bad_game"))
    return Tag(game_id, moves)


def _is_entry(entry: Any) -> bool:
    return (isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int
            and isinstance(entry[1], str))


def _masked(data: bytes) -> bytes:
    """``data`` XOR the repeated mask (its own inverse)."""
    size = len(data)
    stream = (_MASK * (size // len(_MASK) + 1))[:size]
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(size, "big")


def _unseal(body: str) -> str:
    """The JSON text inside a sealed save; SaveError if damaged or too large unpacked."""
    try:
        packed = _masked(base64.b64decode(body.encode("ascii"), validate=True))
        inflate = zlib.decompressobj()
        data = inflate.decompress(packed, MAX_CHARS + 1)  # never more: a small seal may unpack huge
        complete = inflate.eof and not inflate.unused_data
        text = data.decode("utf-8") if complete else ""
    except (ValueError, binascii.Error, zlib.error):  # UnicodeError is a ValueError
        raise SaveError(Reason("save_not_json")) from None
    if len(data) > MAX_CHARS or inflate.unconsumed_tail:
        raise SaveError(Reason("save_too_large", {"max": MAX_CHARS}))
    if not complete:
        raise SaveError(Reason("save_not_json"))
    return text
