"""The web worker's entry point: the page's worker imports this module and calls :func:`call`;
``build.py`` asks :func:`describe` what the new-game form offers; before a memory snapshot the
worker calls :func:`preload`.

:func:`call` and :func:`describe` live in :mod:`wizard_engine.calls`, one module per area of
requests; this module only names them, so the worker's ``pyodide.pyimport("wizard_engine.web")``
stays as it is.
"""

from __future__ import annotations

import importlib
import os

from .calls import call, describe

PACKAGE = __name__.rsplit(".", 1)[0]


def preload() -> list[str]:
    """Import every module of the package a request may import later, so that a memory snapshot
    of the interpreter holds them all (a restored engine loads nothing from the files); returns
    their names. A module whose imports the browser lacks (a command-line tool's) is passed
    over. By walking the package's folder: ``pkgutil`` is not in the browser's trimmed library.
    """
    root = os.path.dirname(__file__)
    loaded = []
    for folder, _, files in sorted(os.walk(root)):
        package = PACKAGE + folder[len(root):].replace(os.sep, ".")
        for file in sorted(files):
            if not file.endswith(".py") or file == "__main__.py":
                continue
            name = package if file == "__init__.py" else f"{package}.{file[:-3]}"
            try:
                importlib.import_module(name)
            except ImportError:
                continue
            loaded.append(name)
    return loaded


__all__ = ["call", "describe", "preload"]
