"""The engine's errors: a small family of ``ValueError`` subclasses, each carrying a reason.

``error.reason`` is the :class:`~wizard_engine.reasons.Reason` as data (what the page
words); ``str(error)`` is its English message (what the CLI and the tests read).
"""

from __future__ import annotations

from .reasons import Reason


class WizardError(ValueError):
    """Base of every error the engine raises on bad input."""

    def __init__(self, reason: Reason) -> None:
        # The reason is the only argument, so the error pickles (e.g. across worker processes).
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        return self.reason.message()


class NotationError(WizardError):
    """Text that is not a card, suit or action."""


class ConfigError(WizardError):
    """A game configuration that breaks a rule or makes no sense."""


class IllegalActionError(WizardError):
    """An action the rules forbid; its reason names the rule (e.g. ``R13``)."""


class SaveError(WizardError):
    """A saved game that cannot be restored; nothing is half-loaded."""


class KeeperError(WizardError):
    """An entry the score keeper refuses, or a score pad's document that cannot be restored."""


class HistoryError(WizardError):
    """A history record or file that cannot be read; nothing of it is imported."""
