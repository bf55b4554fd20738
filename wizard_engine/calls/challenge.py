"""The requests of a challenge link and the deal of the day (:mod:`wizard_engine.records.challenge`):
the page hands the engine a finished game to make a link of, or a link's code to check and read;
it holds no rule of either."""

from __future__ import annotations

from typing import Any

from ..errors import WizardError
from ..reasons import Reason
from ..records import challenge, save


def challenge_make_request(params: dict[str, Any]) -> dict[str, Any]:
    """``{save, day?, near?}`` -> ``{code, day}``: the challenge of a finished game; ``day``: it is
    the deal of that day (checked); ``near``: the day the game ended (the history's), so that a
    deal of the day found again in the history is shared as one (``day`` in the answer, else None)."""
    text = params.get("save")
    if not isinstance(text, str):
        raise WizardError(Reason("no_save_given"))
    state, _ = save.load_game(text)
    day = params.get("day")
    if day is not None:
        day = challenge.check_day(day)
    elif params.get("near") is not None:
        day = challenge.daily_near(state.config, params.get("near"))
    return {"code": challenge.make_code(state, day), "day": day}


def challenge_open_request(params: dict[str, Any]) -> dict[str, Any]:
    """``{code}`` -> the challenge's setup and the sender's result (:meth:`Challenge.to_json`)."""
    return challenge.read_code(params.get("code")).to_json()


def daily_request(params: dict[str, Any]) -> dict[str, Any]:
    """``{day}`` -> the deal of the day's setup (:func:`challenge.daily_setup`)."""
    return challenge.daily_setup(params.get("day"))


REQUESTS = (challenge_make_request, challenge_open_request, daily_request)
