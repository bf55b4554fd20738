"""JSON text from outside (the page's requests, saved games, score pads, history files),
measured before it is parsed: :func:`read_json` is the one door all four come in by.

Python's JSON parser recurses once per level of nesting: under CPython a few thousand levels
raise ``RecursionError``, but under Pyodide (WebAssembly, a small C stack) they overflow the
stack first, a fatal error that kills the interpreter, so no later call is answered.  Text
from outside is therefore measured before it is parsed: :func:`too_long` and
:func:`nesting`, which scans the text with regular expressions and never recurses.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from itertools import accumulate
from typing import Any, Literal

from ..errors import WizardError
from ..reasons import Reason

Kind = Literal["request", "save", "keeper", "history"]
"""What the text is; its reasons are ``{kind}_not_json``, ``{kind}_too_large``, ``{kind}_too_deep``."""

MAX_CHARS = 1_000_000
"""The most characters of a request or a saved game (a finished 6-player game saves in ~5 kB)."""
MAX_HISTORY_CHARS = 16_000_000
"""The most characters of an exported history (wizard_engine/records/history.py): its most games
(about 1.3 kB each at most) and saves for review, with room to spare."""
MAX_HISTORY_REQUEST_CHARS = 2 * MAX_HISTORY_CHARS + 2 * MAX_CHARS
"""The most characters of a history request to the engine (``history_*``, wizard_engine/calls/history.py):
an import carries the history kept and the file, each at most :data:`MAX_HISTORY_CHARS` (a
little more once escaped as JSON strings), an export the game in progress and a score pad."""
MAX_DEPTH = 64
"""The deepest nesting of arrays and objects in a request or a saved game (ours use 6 at most)."""

# A bracket, or a JSON string (escapes and all, or unterminated: to the end of the text).
# Possessive quantifiers: a string is matched once from its opening quote, never retried,
# so the scan is linear whatever the text.
_TOKEN = re.compile(r'[\[\]{}]|"(?:[^"\\]++|\\.)*+"?', re.DOTALL)
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def too_long(text: str, limit: int = MAX_CHARS) -> bool:
    """True when ``text`` has more than ``limit`` characters (by default :data:`MAX_CHARS`)."""
    return len(text) > limit


def nesting(text: str) -> int:
    """How deeply the arrays and objects of the JSON ``text`` nest (brackets in strings aside).

    Text that is not JSON gets some number; the parser refuses it afterwards.
    """
    steps = (_STEP.get(token, 0) for token in _TOKEN.findall(text))
    return max(accumulate(steps), default=0)


def too_deep(text: str) -> bool:
    """True when the JSON ``text`` nests deeper than :data:`MAX_DEPTH`."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:  # too few brackets to scan for
        return False
    return nesting(text) > MAX_DEPTH


def read_json(text: Any, kind: Kind, error: type[WizardError] = WizardError, limit: int = MAX_CHARS,
              unwrap: Callable[[str], str] | None = None) -> Any:
    """The JSON value of ``text``, or ``error`` with the reason ``{kind}_...`` saying why not:
    not a string or not JSON, longer than ``limit`` characters, or nested deeper than
    :data:`MAX_DEPTH`.  ``unwrap`` turns the measured text into the text to parse (a sealed
    save is unsealed); its result is measured for depth.
    """
    if not isinstance(text, str):
        raise error(Reason(f"{kind}_not_json"))
    if too_long(text, limit):
        raise error(Reason(f"{kind}_too_large", {"max": limit}))
    if unwrap is not None:
        text = unwrap(text)
    if too_deep(text):
        raise error(Reason(f"{kind}_too_deep", {"max": MAX_DEPTH}))
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise error(Reason(f"{kind}_not_json")) from None
