"""The engine's errors: a small family of ``ValueError`` subclasses."""

from __future__ import annotations


class WizardError(ValueError):
    """Base of every error the engine raises on bad input."""


class NotationError(WizardError):
    """Text that is not a card, suit or action."""


class ConfigError(WizardError):
    """A game configuration that breaks a rule or makes no sense."""


class IllegalActionError(WizardError):
    """An action the rules forbid; the message names the rule (e.g. ``(R13)``)."""


class SaveError(WizardError):
    """A saved game that cannot be restored; nothing is half-loaded."""
