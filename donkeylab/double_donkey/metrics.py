"""The lab's per-game measures of a finished double_donkey game (``GameInfo.metrics``; ``lab.metrics`` calls it).

Every measure is read through the engine's public state and a count of the action types in its history.
"""

from __future__ import annotations

from collections import Counter
from typing import Any


def metrics(final: Any, counts: Counter[str]) -> dict[str, Any]:
    """The lab's measures of a finished game (``lab.metrics``), read through the public state."""
    # A round is counted when phase 2 starts (all six dice on the Hay card); the Biggest Donkey of a round is
    # named by the "biggest" field of its DD-BIGGEST-1/2 event (a german game can end before one is named).
    timeline = final.timeline()
    rounds = sum(s.phase == "play" and s.parent.phase != "play" for s in timeline[1:])
    events = (e for s in timeline for e in s.events if e.rule in ("DD-BIGGEST-1", "DD-BIGGEST-2"))
    biggest = Counter(e.data["biggest"] for e in events if "biggest" in e.data)
    return {
        "rounds": rounds,
        "turns": counts["Choose"] + counts["Keep"] + counts["Reroll"] + counts["Play"],
        **{f"biggest_seat{p}": biggest[p] for p in range(final.num_players)},
    }
