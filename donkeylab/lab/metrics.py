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


def _double_down(final: Any, counts: Counter[str]) -> dict[str, Any]:
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
