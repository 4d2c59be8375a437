"""Esels-Rennen rollouts for the chances tests on a graph of race positions: the engine's play, draw for draw.

``Random`` play of a race depends on the race position alone (the donkeys' fields, the podium, the donkey that
moved last): the order cards only score the finished race. So every position met is applied once through the
engine (``GameState.apply``), its successors kept in ``legal_actions`` order, and a rollout walks that graph
with the same calls on the same ``random.Random`` as the engine's rollout (``shuffle`` of a list as long as
the one ``consistent`` shuffles, then ``choice`` among as many successors as there are legal actions). Same
seed, same races, same points: ``test_chances.py`` checks that against the engine's own rollouts.
"""

from __future__ import annotations

import random
from typing import Any

from donkeylab import esels_rennen as er
from donkeylab.esels_rennen.rules import CARDS
from tests.chances_kit import shuffle

Key = tuple[Any, ...]


class RaceGraph:
    """The race positions met so far, each with its successors (filled on first visit, by the engine)."""

    def __init__(self) -> None:
        self.states: dict[Key, er.EselsRennenState] = {}
        self.successors: dict[Key, tuple[Key, ...]] = {}

    def add(self, state: er.EselsRennenState) -> Key:
        """The key of ``state``'s race position (what Random play and the final podium depend on)."""
        key = (state._pos, state._podium, state._last, state._phase)
        self.states.setdefault(key, state)
        return key

    def expand(self, key: Key) -> tuple[Key, ...]:
        """The positions after each legal action, in the engine's order; () once the race is over."""
        state = self.states[key]
        found = () if state.current_player is None else tuple(self.add(state.apply(a)) for a in state.legal_actions())
        self.successors[key] = found
        return found


def rollout_points(
    state: er.EselsRennenState, action: str, n: int, seed: int, graph: RaceGraph | None = None
) -> list[float]:
    """What ``test_chances.rollout_points`` returns for the same arguments, on the race graph."""
    mover = state.current_player
    assert isinstance(mover, int)
    graph = graph or RaceGraph()
    mine = state.cards[mover]
    rng = random.Random(seed)
    scratch = [c for c in CARDS if c not in mine]  # what ``consistent`` shuffles: the same draws
    start = graph.add(state.apply(er.parse_action(action)))
    successors, expand, choice = graph.successors, graph.expand, rng.choice
    points: dict[Key, float] = {}
    out = []
    for _ in range(n):
        shuffle(rng, scratch)
        key = start
        while True:
            nxt = successors.get(key)
            if nxt is None:
                nxt = expand(key)
            if not nxt:
                break
            key = choice(nxt)
        found = points.get(key)
        if found is None:
            found = points[key] = float(er.best_points(mine, graph.states[key].podium))
        out.append(found)
    return out
