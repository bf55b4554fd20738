"""The score keeper's requests: stateless, each one carries the pad's document.

The page keeps the document (its autosave) and the worker keeps nothing: a pad never
disturbs the game in progress in the same worker, and survives a restarted worker.
"""

from __future__ import annotations

from typing import Any

from ..config import GameConfig
from ..errors import WizardError
from ..reasons import Reason
from ..records.keeper import Keeper, loads


def keeper_of(params: dict[str, Any]) -> Keeper:
    """The score pad of ``params["keeper"]`` (its document's text); KeeperError saying why not."""
    text = params.get("keeper")
    if not isinstance(text, str):
        raise WizardError(Reason("keeper_no_document"))
    return loads(text)


def _answer(keeper: Keeper) -> dict[str, Any]:
    """A pad's new document (JSON text, kept by the page as it is) and its view (in the seat
    view's words: :class:`~wizard_engine.records.keeper_view.KeeperView`)."""
    return {"keeper": keeper.dumps(), "view": keeper.view()}


def keeper_new_request(params: dict[str, Any]) -> dict[str, Any]:
    """``{players: [names], options, first_dealer, me}`` -> a new, empty pad (``me``: the
    seat of the device's owner, if they play; else null)."""
    names = params.get("players")
    config = GameConfig.from_dict({"players": names if isinstance(names, list) else None,
                                   "options": params.get("options", {})})
    first_dealer: Any = params.get("first_dealer")  # checked by the keeper (R6), as is me
    return _answer(Keeper(config, first_dealer, me=params.get("me")))


def keeper_load_request(params: dict[str, Any]) -> dict[str, Any]:
    """``{keeper}`` -> the pad and its view."""
    return _answer(keeper_of(params))


def keeper_enter_request(params: dict[str, Any]) -> dict[str, Any]:
    """``{keeper, entry}`` -> the pad with the entry (``["bid", 2]``...) made; refused with its reason."""
    keeper = keeper_of(params)
    keeper.apply(params.get("entry"))
    return _answer(keeper)


def keeper_undo_request(params: dict[str, Any]) -> dict[str, Any]:
    """``{keeper}`` -> the pad without its last entry."""
    keeper = keeper_of(params)
    keeper.undo()
    return _answer(keeper)


REQUESTS = (keeper_new_request, keeper_load_request, keeper_enter_request, keeper_undo_request)
