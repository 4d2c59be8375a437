"""Registry of the games by name, so the CLI, the lab and the loader can dispatch without hard-coding.

Lives above the game packages (core must not know the games); imports them lazily so that using one game
does not pay for the others.
"""

from __future__ import annotations

import importlib
from typing import Any

from donkeylab.core.errors import LoadError
from donkeylab.core.jsonio import load_state, read_document

GAMES: dict[str, str] = {
    "double_donkey": "donkeylab.double_donkey",
    "double_down": "donkeylab.double_down",
    "esels_rennen": "donkeylab.esels_rennen",
}


def game_module(name: str) -> Any:
    """The engine package of game ``name`` (``double_donkey``, ``double_down`` or ``esels_rennen``)."""
    try:
        return importlib.import_module(GAMES[name])
    except KeyError:
        raise ValueError(f"unknown game {name!r}; choose one of {', '.join(GAMES)}") from None


def load(text: str | bytes) -> Any:
    """Load a save of any game (dispatches on its ``game`` field)."""
    name = read_document(text)["game"]
    if name not in GAMES:
        raise LoadError(f"unknown game {name!r} in save")
    return load_state(text, game_module(name))
