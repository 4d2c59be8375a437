"""Per-game metrics of a finished game, read through each engine's documented public state.

Each game declares its own (its package's ``metrics``, read as ``GameInfo.metrics``), so a new game's measures
need no edit here; the loop passes the final state and a count of the action types in its history.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from donkeylab.core import GameState
from donkeylab.games import info

Metrics = Callable[[GameState, Counter[str]], dict[str, Any]]


def game_metrics(final: GameState, counts: Counter[str]) -> dict[str, Any]:
    """The measures the game declares (``GameInfo.metrics``, its package's ``metrics``); none for a game without."""
    fn = _metrics_of(final.game)
    return fn(final, counts) if fn is not None else {}


def _metrics_of(game: str) -> Metrics | None:
    try:
        return info(game).metrics
    except ValueError:  # an unregistered engine run by dotted path (the tests' toy game) declares none here
        return None
