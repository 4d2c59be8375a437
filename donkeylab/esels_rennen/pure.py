"""Esels-Rennen's race sampler without numpy: the twin of ``fast_race`` the browser runs (Pyodide has no numpy
here; ``core.fastpath.pick`` chooses).

Same rules, same answers, other draws: each function simulates the same slice of the rules as its numpy twin
(the same ``RULES_COVERED``) with a seeded ``random.Random``, so a run is reproducible for its seed, but a seed
gives other draws than numpy's PCG64 does. ``tests/lab/test_pure.py`` checks each against the exact answers and
against the fast path, within a few standard errors, in a process without numpy.
"""

from __future__ import annotations

import bisect
import random
from collections import Counter
from typing import Any

RULES_COVERED = (
    "ER-MOVE-1",
    "ER-MOVE-2",
    "ER-MOVE-3",
    "ER-CHAIN-1",
    "ER-CHAIN-2",
    "ER-CHAIN-3",
    "ER-FINISH-1",
    "ER-END-1",
)


class RaceWalk:
    """The race chain (``esels_rennen.exact.random_play_chain``) as cumulative tables: a race walks it one
    uniform number per turn (``fast_race.RaceArrays``' twin, with bisection instead of alias tables)."""

    def __init__(self, chain: Any) -> None:
        self.cum: list[list[float]] = []
        self.targets: list[list[int]] = []
        for options in chain.successors:
            total, cum = 0.0, []
            for _, p in options:
                total += float(p)
                cum.append(total)
            if cum:
                cum[-1] = 2.0  # round-off never falls off the end
            self.cum.append(cum)
            self.targets.append([j for j, _ in options])
        self.outcome: list[Any] = list(chain.outcome)
        start = tuple(getattr(chain, "start", ((0, 1),)))
        self.start = [i for i, _ in start]
        self.start_cum = [float(sum(p for _, p in start[: j + 1])) for j in range(len(start))]
        self.start_cum[-1] = 2.0

    def orders(self, n: int, seed: int = 0, max_steps: int = 100_000) -> Counter[tuple[str, ...]]:
        """Finishing orders of ``n`` races under uniformly random play."""
        rng = random.Random(seed)
        out: Counter[tuple[str, ...]] = Counter()
        cum, targets, outcome = self.cum, self.targets, self.outcome
        for _ in range(n):
            s = self.start[bisect.bisect_right(self.start_cum, rng.random())]
            for _ in range(max_steps):
                if outcome[s] is not None:
                    break
                s = targets[s][bisect.bisect_right(cum[s], rng.random())]
            else:
                raise RuntimeError(f"a race did not end within {max_steps} steps")
            out[tuple(outcome[s])] += 1
        return out
