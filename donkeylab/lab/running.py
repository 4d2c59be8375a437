"""Running estimates drawn from seeded batches: the checkpoints N of a log grid, a batch's hits (or sums) below
each of them, and the estimate after N trials with its 95 % band.

Why the batches know where they start: a running estimate needs the hits among the first N trials for every
N on the plot. ``Question.batches`` tells an ``indexed`` question's sampler the index of its first trial
(``params["_start"]``), so each batch adds, for every checkpoint N of the grid, its own hits among trials
below N. Counts add up, so the sum over batches is exactly the running count, and stopping and resuming
draws the same plot. A game declares such a question with the figure kind ``running`` and a sampler that
returns its batch's yes/no outcomes; ``running_counts`` turns them into these counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import accumulate
from typing import Any

Counts = Counter[Any]

GRID_POINTS = 60
MAX_TRIALS = 1_000_000


def grid(high: int = MAX_TRIALS, points: int = GRID_POINTS) -> list[int]:
    """About log-spaced trial counts 1 … ``high``: where the running estimate is drawn."""
    return sorted({max(1, round(high ** (i / points))) for i in range(points + 1)})


GRID = grid()


def running_counts(hits: Sequence[bool], start: int) -> Counts:
    """A batch's hits among trials below each checkpoint N (``start`` is the index of its first trial).

    Plain running sums (numpy arrays or lists alike): a batch is at most a few thousand trials, and the
    static site has no numpy."""
    cum = list(accumulate(int(h) for h in hits))
    size = len(hits)
    counts: Counts = Counter({"n": size, "hits": int(cum[-1]) if size else 0})
    for n in GRID:
        k = n - start
        if k > 0:
            counts[("below", n)] = int(cum[min(k, size) - 1]) if size else 0
    return counts


def running_estimates(counts: Counts, n: int) -> tuple[list[int], list[Any]]:
    """(N, Wilson estimate after N trials) for the checkpoints up to ``n`` and ``n`` itself."""
    from donkeylab.lab.stats import wilson

    ns = [g for g in GRID if g < n] + [n]
    hits = [counts.get(("below", g), 0) for g in ns[:-1]] + [counts.get("hits", 0)]
    return ns, [wilson(h, m) for h, m in zip(hits, ns, strict=False)]


def running_sums(values: Sequence[float], start: int) -> Counts:
    """A batch's sum and sum of squares over its trials below each checkpoint N (for a running mean)."""
    x = [float(v) for v in values]
    cum, cum2 = list(accumulate(x)), list(accumulate(v * v for v in x))
    size = len(x)
    counts: Counts = Counter(
        {"n": size, "sum": float(cum[-1]) if size else 0.0, "sq": float(cum2[-1]) if size else 0.0}
    )
    for n in GRID:
        k = min(n - start, size)
        if k > 0:
            counts[("sum", n)] = float(cum[k - 1])  # type: ignore[assignment]  # Counter adds floats as well
            counts[("sq", n)] = float(cum2[k - 1])  # type: ignore[assignment]
    return counts


def running_means(counts: Counts, n: int) -> tuple[list[int], list[Any]]:
    """(N, mean after N trials with its normal 95 % CI) for the checkpoints 2 … ``n`` and ``n`` itself."""
    from donkeylab.lab.stats import Z95, Estimate

    ns = [g for g in GRID if 2 <= g < n] + [n]
    out = []
    for i, m in enumerate(ns):
        last = i == len(ns) - 1
        total = counts.get("sum" if last else ("sum", m), 0.0)
        squares = counts.get("sq" if last else ("sq", m), 0.0)
        mean = total / m
        var = max(squares - total * total / m, 0.0) / (m - 1) if m > 1 else float("inf")
        se = (var / m) ** 0.5
        out.append(Estimate("mean", mean, mean - Z95 * se, mean + Z95 * se, se, m, "normal"))
    return ns, out
