"""Saved games, under their public name: ``from wizard_engine.save import loads, seal``.

The code lives in :mod:`wizard_engine.records.save`, beside the engine's other records;
this module only names it, so the import that players' scripts and the docs use keeps working.
"""

from .records.save import (
    FIELDS,
    GAME_ID,
    SAVE_FORMAT,
    SAVE_VERSION,
    SEALED_PREFIX,
    GameView,
    Tag,
    derived_tag,
    dumps,
    load_document,
    load_game,
    load_tagged_document,
    loads,
    new_tag,
    parse,
    save_document,
    seal,
)

__all__ = ["FIELDS", "GAME_ID", "SAVE_FORMAT", "SAVE_VERSION", "SEALED_PREFIX", "GameView", "Tag",
           "derived_tag", "dumps", "load_document", "load_game", "load_tagged_document", "loads", "new_tag",
           "parse", "save_document", "seal"]
