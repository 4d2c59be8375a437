"""Registry of the games by name, so the CLI, the lab and the loader can dispatch without hard-coding.

Lives above the game packages (core must not know the games); imports them lazily so that using one game
does not pay for the others.
"""

from __future__ import annotations

import importlib
from typing import Any

from donkeylab.core.errors import LoadError, quote
from donkeylab.core.jsonio import load_document, read_document

GAMES: dict[str, str] = {
    "double_donkey": "donkeylab.double_donkey",
    "double_down": "donkeylab.double_down",
    "esels_rennen": "donkeylab.esels_rennen",
}


def game_module(name: str) -> Any:
    """The engine package of game ``name`` (``double_donkey``, ``double_down`` or ``esels_rennen``)."""
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError(f"unknown game {quote(name)}; choose one of {', '.join(GAMES)}")
    return importlib.import_module(GAMES[name])


def load(text: str | bytes) -> Any:
    """Load a save of any game (dispatches on its ``game`` field); any problem is one ``LoadError``."""
    doc = read_document(text)
    name = doc["game"]
    if name not in GAMES:
        raise LoadError(f"unknown game {quote(name)} in save; known: {', '.join(GAMES)}")
    return load_document(doc, game_module(name))
