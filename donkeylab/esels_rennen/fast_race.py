"""Fast path: Esels-Rennen race outcomes under uniformly random play, from the engine's exact Markov chain.

``esels_rennen.exact.random_play_chain`` lists every reachable race position with its successors and exact
transition probabilities. Turned into numpy arrays, a million races advance in lock-step: each step draws
one uniform number per running race and looks up the next position in an alias table (O(1) per step).
So the fast path covers exactly the rules the chain encodes — ER-MOVE-1, ER-MOVE-2, ER-MOVE-3,
ER-CHAIN-1, ER-CHAIN-2, ER-CHAIN-3, ER-FINISH-1, ER-END-1 — on the chain's board and rules, and nothing
about order cards or scoring.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from donkeylab.core.fastchunks import IntArray, run_chunked
from donkeylab.esels_rennen import pure

RULES_COVERED = pure.RULES_COVERED  # stated once, in the twin numpy-free code can import
MAX_STEPS = 100_000


def _alias(probs: Sequence[float]) -> tuple[list[float], list[int]]:
    """Vose's alias table: slot j keeps option j with probability ``accept[j]``, else takes ``alias[j]``."""
    d = len(probs)
    scaled = [p * d for p in probs]
    accept, alias = [1.0] * d, list(range(d))
    small = [j for j, q in enumerate(scaled) if q < 1.0]
    large = [j for j, q in enumerate(scaled) if q >= 1.0]
    while small and large:
        lo, hi = small.pop(), large.pop()
        accept[lo], alias[lo] = scaled[lo], hi
        scaled[hi] -= 1.0 - scaled[lo]
        (small if scaled[hi] < 1.0 else large).append(hi)
    return accept, alias


@dataclasses.dataclass(frozen=True)
class RaceArrays:
    """The chain as alias tables: one uniform number per race and step picks the next position in O(1)."""

    degree: IntArray  # (S,): number of successors (0 once the race is over)
    accept: np.ndarray[Any, np.dtype[np.float64]]  # (S, D): keep slot j's own successor with this probability
    keep: IntArray  # (S, D): slot j's own successor
    other: IntArray  # (S, D): slot j's alias successor
    outcome: IntArray  # (S,): index into ``orders`` for finished races, -1 while racing
    orders: tuple[tuple[str, ...], ...]
    start: IntArray  # possible start states (one unless the start order is random)
    start_cum: np.ndarray[Any, np.dtype[np.float64]]  # their cumulative probabilities

    @classmethod
    def from_chain(cls, chain: Any) -> RaceArrays:
        succ: Sequence[Sequence[tuple[int, Any]]] = chain.successors
        width = max((len(s) for s in succ), default=1) or 1
        n = len(succ)
        degree = np.array([len(s) for s in succ], dtype=np.int64)
        accept = np.ones((n, width))
        keep = np.zeros((n, width), dtype=np.int64)
        other = np.zeros((n, width), dtype=np.int64)
        for i, options in enumerate(succ):
            if not options:
                continue
            acc, alias = _alias([float(p) for _, p in options])
            targets = [t for t, _ in options]
            d = len(options)
            accept[i, :d] = acc
            keep[i, :d] = targets
            other[i, :d] = [targets[a] for a in alias]
        orders = tuple(sorted({tuple(o) for o in chain.outcome if o is not None}))
        index = {o: k for k, o in enumerate(orders)}
        outcome = np.array([-1 if o is None else index[tuple(o)] for o in chain.outcome], dtype=np.int64)
        start = tuple(getattr(chain, "start", ((0, 1),)))
        start_idx = np.array([i for i, _ in start], dtype=np.int64)
        start_cum = np.cumsum([float(p) for _, p in start])
        start_cum[-1] = 2.0
        return cls(degree, accept, keep, other, outcome, orders, start_idx, start_cum)


@dataclasses.dataclass(frozen=True)
class Races:
    order: IntArray  # index into ``orders`` per race
    steps: IntArray  # chain transitions per race (turns)
    orders: tuple[tuple[str, ...], ...]

    def order_counts(self) -> dict[tuple[str, ...], int]:
        counts = np.bincount(self.order, minlength=len(self.orders))
        return {o: int(c) for o, c in zip(self.orders, counts, strict=True)}


def _one(arrays: RaceArrays, rng: np.random.Generator, n: int) -> tuple[IntArray, IntArray]:
    state = arrays.start[(rng.random(n)[:, None] >= arrays.start_cum).sum(axis=1)]
    steps = np.zeros(n, dtype=np.int64)
    active = np.flatnonzero(arrays.outcome[state] < 0)
    for _ in range(MAX_STEPS):
        if active.size == 0:
            break
        s = state[active]
        x = rng.random(active.size) * arrays.degree[s]
        j = x.astype(np.int64)  # the slot; its fractional part is a fresh uniform for the accept test
        state[active] = np.where(x - j < arrays.accept[s, j], arrays.keep[s, j], arrays.other[s, j])
        steps[active] += 1
        active = active[arrays.outcome[state[active]] < 0]
    else:
        raise RuntimeError(f"races did not end within {MAX_STEPS} steps")
    return arrays.outcome[state], steps


def simulate_races(
    arrays: RaceArrays, n: int, seed: int = 0, on_chunk: Callable[[int, tuple[IntArray, IntArray]], Any] | None = None
) -> Races:
    """``n`` races from the chain's start under uniformly random play (``on_chunk``: stream partial results)."""
    parts = run_chunked(n, seed, lambda rng, size: _one(arrays, rng, size), on_chunk)
    order = np.concatenate([p[0] for p in parts]) if parts else np.empty(0, dtype=np.int64)
    steps = np.concatenate([p[1] for p in parts]) if parts else np.empty(0, dtype=np.int64)
    return Races(order, steps, arrays.orders)
