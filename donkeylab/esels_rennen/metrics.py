"""The lab's per-game measures of a finished esels_rennen game (``GameInfo.metrics``; ``lab.metrics`` calls it).

Every measure is read through the engine's public state and a count of the action types in its history.
"""

from __future__ import annotations

from collections import Counter
from typing import Any


def metrics(final: Any, counts: Counter[str]) -> dict[str, Any]:
    """The lab's measures of a finished game (``lab.metrics``), read through the public state."""
    return {"turns": counts["Move"] + counts["Back"] + counts["Pass"], "order": "-".join(final.podium)}
