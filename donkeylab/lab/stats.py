"""Estimates with 95% confidence intervals: what every simulated number in a lesson is shown with.

A pupil sees "0.31 (0.29–0.33)" next to the exact Fraction, so the interval has to be honest at every N:
Wilson for proportions (it stays inside [0, 1] and behaves at 0 or N successes, unlike the normal
approximation), the normal interval for means of many games, and a seeded percentile bootstrap for means of
skewed metrics (game length) where the normal interval is doubtful at small N.

numpy is the fast path, imported when a mean is taken; without it (the browser) the same formulas run in
pure Python (the bootstrap then resamples with ``random.Random``: the same seed gives another interval).
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from donkeylab.core.fastpath import have_numpy

Z95 = 1.959963984540054  # two-sided 95% quantile of the standard normal


@dataclasses.dataclass(frozen=True, slots=True)
class Estimate:
    """A simulated statistic: point value, 95% interval, standard error, sample size and method."""

    name: str
    value: float
    low: float
    high: float
    stderr: float
    n: int
    method: str

    def contains(self, x: float | Fraction) -> bool:
        return self.low <= float(x) <= self.high

    def agrees_with(self, exact: float | Fraction, k: float = 4.0) -> bool:
        """True when ``exact`` lies within ``k`` standard errors (the tests' exact-vs-simulated check)."""
        se = max(self.stderr, 1e-12)
        return abs(self.value - float(exact)) <= k * se

    def to_dict(self) -> dict[str, float | int | str]:
        return dataclasses.asdict(self)

    def __str__(self) -> str:
        return f"{self.name}: {self.value:.4f} [{self.low:.4f}, {self.high:.4f}] (n={self.n}, {self.method})"


def wilson(successes: int, n: int, name: str = "p", z: float = Z95) -> Estimate:
    """Wilson score interval for a proportion; the stderr is the binomial one at the observed rate."""
    if n <= 0:
        return Estimate(name, math.nan, 0.0, 1.0, math.nan, 0, "wilson")
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be in 0..{n}, not {successes}")
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # The stderr feeds the 4-standard-error agreement checks; with 0 or n successes use the Wilson width.
    se = math.sqrt(p * (1 - p) / n) if 0 < successes < n else half / z
    low, high = max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))  # round-off at 0 or n hits
    return Estimate(name, p, low, high, se, n, "wilson")


Values = Sequence[float] | Any  # a sequence of numbers or a numpy array


def mean_normal(values: Values, name: str = "mean", z: float = Z95) -> Estimate:
    """Mean with the normal (CLT) interval ``mean ± z·s/√n``."""
    if not have_numpy():
        xs = [float(v) for v in values]
        n = len(xs)
        if n == 0:
            return Estimate(name, math.nan, math.nan, math.nan, math.nan, 0, "normal")
        m = math.fsum(xs) / n
        se = statistics.stdev(xs) / math.sqrt(n) if n > 1 else math.inf
        return Estimate(name, m, m - z * se, m + z * se, se, n, "normal")
    import numpy as np

    x = np.asarray(values, dtype=np.float64)
    n = int(x.size)
    if n == 0:
        return Estimate(name, math.nan, math.nan, math.nan, math.nan, 0, "normal")
    m = float(x.mean())
    se = float(x.std(ddof=1) / math.sqrt(n)) if n > 1 else math.inf
    return Estimate(name, m, m - z * se, m + z * se, se, n, "normal")


def mean_bootstrap(values: Values, name: str = "mean", seed: int = 0, resamples: int = 1000) -> Estimate:
    """Mean with a seeded percentile-bootstrap 95% interval (same data and seed → same interval)."""
    if not have_numpy():
        return _bootstrap_pure([float(v) for v in values], name, seed, resamples)
    import numpy as np

    x = np.asarray(values, dtype=np.float64)
    n = int(x.size)
    if n == 0:
        return Estimate(name, math.nan, math.nan, math.nan, math.nan, 0, "bootstrap")
    rng = np.random.Generator(np.random.PCG64(seed))
    # Resample in chunks so 1000 resamples of 100k games do not need a 100M-element index array at once.
    means = np.empty(resamples)
    chunk = max(1, 2_000_000 // n)
    for start in range(0, resamples, chunk):
        stop = min(start + chunk, resamples)
        idx = rng.integers(0, n, size=(stop - start, n))
        means[start:stop] = x[idx].mean(axis=1)
    low, high = np.quantile(means, [0.025, 0.975])
    return Estimate(name, float(x.mean()), float(low), float(high), float(means.std(ddof=1)), n, "bootstrap")


def _bootstrap_pure(xs: list[float], name: str, seed: int, resamples: int) -> Estimate:
    """``mean_bootstrap`` without numpy: the same percentiles (numpy's default linear interpolation)."""
    n = len(xs)
    if n == 0:
        return Estimate(name, math.nan, math.nan, math.nan, math.nan, 0, "bootstrap")
    rng = random.Random(seed)
    means = sorted(math.fsum(rng.choices(xs, k=n)) / n for _ in range(resamples))
    low, high = (_quantile(means, q) for q in (0.025, 0.975))
    spread = statistics.stdev(means) if resamples > 1 else math.nan
    return Estimate(name, math.fsum(xs) / n, low, high, spread, n, "bootstrap")


def _quantile(ordered: list[float], q: float) -> float:
    pos = q * (len(ordered) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)
