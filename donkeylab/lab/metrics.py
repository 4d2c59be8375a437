"""Per-game metrics of a finished game, read through each engine's documented public state.

Kept apart from the experiment loop so that adding a lesson metric never touches the loop. Every function
receives the final state and a count of the action types in its history (one pass over the history).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from donkeylab.core import GameState

Metrics = Callable[[GameState, Counter[str]], dict[str, Any]]


def _double_donkey(final: Any, counts: Counter[str]) -> dict[str, Any]:
    # Every round of phase 1 places exactly six dice, one Choose each (DD-DICE-1).
    return {"rounds": counts["Choose"] // 6, "turns": counts["Choose"] + counts["Play"]}


def _double_down(final: Any, counts: Counter[str]) -> dict[str, Any]:
    # Token losses are counted from the rule events (a swimming player's last loss leaves no token to count).
    rules = Counter(e.rule for s in final.timeline() for e in s.events)
    return {
        "rounds": counts["Deal"],
        "cards_played": counts["PlayCard"],
        "doublet_penalties": rules["DN-DOUBLET-1"],
        "busts": rules["DN-BUST-1"],
    }


def _esels_rennen(final: Any, counts: Counter[str]) -> dict[str, Any]:
    return {"turns": counts["Move"] + counts["Back"] + counts["Pass"], "order": "-".join(final.podium)}


METRICS: dict[str, Metrics] = {
    "double_donkey": _double_donkey,
    "double_down": _double_down,
    "esels_rennen": _esels_rennen,
}


def game_metrics(final: GameState, counts: Counter[str]) -> dict[str, Any]:
    fn = METRICS.get(final.game)
    return fn(final, counts) if fn is not None else {}
