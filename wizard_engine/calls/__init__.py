"""The web worker's requests: JSON text in, JSON text out, never an exception.

``call('{"method": "new_game", "params": {...}}')`` returns
``'{"ok": true, "result": ...}'`` or ``'{"ok": false, "error": <reason>}'``, where the
reason is :meth:`~wizard_engine.reasons.Reason.to_json` plus ``"message"``, its English
(the page words the reason from its code; see :mod:`wizard_engine.reasons`).

One module per area answers its requests: :mod:`.game` (the game in play, and what the
new-game form offers), :mod:`.coach`, :mod:`.keeper` (the score pad), :mod:`.history` and :mod:`.challenge`
(a challenge link, the deal of the day).
Each lists its handlers in ``REQUESTS`` (and ``LONG_REQUESTS``, those that report their
progress); a handler is named after the method it answers, plus ``_request``
(``history_record`` -> ``history_record_request``).  Requests are measured before they are
parsed (:func:`wizard_engine.records.limits.read_json`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from types import ModuleType
from typing import Any

from ..errors import WizardError
from ..reasons import Reason, shown
from ..records.limits import MAX_CHARS, MAX_HISTORY_REQUEST_CHARS, read_json
from . import challenge, coach, game, history, keeper
from .game import describe

Handler = Callable[[dict[str, Any]], Any]
LongHandler = Callable[[dict[str, Any], Callable[[int, int], None] | None], Any]
AREAS: tuple[ModuleType, ...] = (game, coach, keeper, history, challenge)
SUFFIX = "_request"
# A history request (its method first, as the page writes it) may carry a whole history file.
_HISTORY_REQUEST = re.compile(r'\s*\{\s*"method"\s*:\s*"history_[a-z_]+"')


def _by_method(name: str) -> dict[str, Any]:
    """The handlers that the areas list under ``name``, by the method each answers."""
    return {handler.__name__.removesuffix(SUFFIX): handler for area in AREAS
            for handler in getattr(area, name, ())}


METHODS: dict[str, Handler] = _by_method("REQUESTS")
LONG_METHODS: dict[str, LongHandler] = _by_method("LONG_REQUESTS")


def call(request: str, progress: Callable[[str], None] | None = None) -> str:
    """Handle one JSON request; always answer with JSON, never raise.

    A long request (a review) calls ``progress`` with ``'{"done": d, "total": t}'`` as it goes,
    when given one (the worker passes a function that posts it to the page)."""
    try:
        return json.dumps({"ok": True, "result": _answer(request, progress)})
    except WizardError as error:
        return _failure(error.reason)
    except Exception as error:  # noqa: BLE001 - the page must get an answer, not a dead worker
        return _failure(Reason("internal", {"type": type(error).__name__}))


def _answer(request: str, progress: Callable[[str], None] | None = None) -> Any:
    """The result of one request; raises WizardError when it is refused."""
    # Measured before parsing: deep nesting would overflow Pyodide's stack (a fatal error).
    # A history request may be larger: it carries a whole history (an import, two).
    history_sized = isinstance(request, str) and _HISTORY_REQUEST.match(request)
    message = read_json(request, "request", limit=MAX_HISTORY_REQUEST_CHARS if history_sized else MAX_CHARS)
    name = message.get("method") if isinstance(message, dict) else None
    if not isinstance(name, str) or (name not in METHODS and name not in LONG_METHODS):
        raise WizardError(Reason("unknown_request", {"method": shown(name)}))
    params = message.get("params", {})
    if not isinstance(params, dict):
        raise WizardError(Reason("params_not_object"))
    if name in LONG_METHODS:
        return LONG_METHODS[name](params, _reporter(progress))
    return METHODS[name](params)


def _reporter(progress: Callable[[str], None] | None) -> Callable[[int, int], None] | None:
    """``progress`` as the coach calls it: (done, total) sent on as JSON text."""
    if progress is None:
        return None
    return lambda done, total: progress(json.dumps({"done": done, "total": total}))


def _failure(reason: Reason) -> str:
    """The answer to a refused request: the reason as data, with its English message."""
    return json.dumps({"ok": False, "error": {**reason.to_json(), "message": reason.message()}})


__all__ = ["LONG_METHODS", "METHODS", "call", "describe"]
