"""The lab's per-game measures of a finished double_down game (``GameInfo.metrics``; ``lab.metrics`` calls it).

Every measure is read through the engine's public state and a count of the action types in its history.
"""

from __future__ import annotations

from collections import Counter
from typing import Any


def metrics(final: Any, counts: Counter[str]) -> dict[str, Any]:
    """The lab's measures of a finished game (``lab.metrics``), read through the public state."""
    # A penalty is a DN-DOUBLET-1/DN-BUST-1 event; a token lost is a real decrease. They differ by the hit that
    # eliminates a swimming player (DN-TOKEN-1): a penalty with no token left to lose.
    penalties = [e for s in final.timeline() for e in s.events if e.rule in ("DN-DOUBLET-1", "DN-BUST-1")]
    start = final.root().tokens
    lost = {p: start[p] - t for p, t in final.tokens.items()}
    hits = Counter(e.data["player"] for e in penalties)
    return {
        "rounds": counts["Deal"],
        "cards_played": counts["PlayCard"],
        "doublet_penalties": sum(e.rule == "DN-DOUBLET-1" for e in penalties),
        "busts": sum(e.rule == "DN-BUST-1" for e in penalties),
        "penalties": len(penalties),
        "tokens_lost": sum(lost.values()),
        **{f"lost_seat{p}": lost[p] for p in range(final.num_players)},
        **{f"penalties_seat{p}": hits[p] for p in range(final.num_players)},
    }
