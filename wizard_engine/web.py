"""The web worker's entry point: the page's worker imports this module and calls :func:`call`;
``build.py`` asks :func:`describe` what the new-game form offers.

Both live in :mod:`wizard_engine.calls`, one module per area of requests; this module only
names them, so the worker's ``pyodide.pyimport("wizard_engine.web")`` stays as it is.
"""

from .calls import call, describe

__all__ = ["call", "describe"]
