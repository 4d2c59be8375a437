"""Helpers for the fast-path agreement tests: compare two estimates or an estimate and an exact value."""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

from donkeylab.lab.stats import Estimate, wilson


def assert_close(a: Estimate, b: Estimate | Fraction | float, k: float = 4.0, what: str = "") -> None:
    """|a − b| within k standard errors: combined for two estimates; against an exact proportion p, the
    binomial error sqrt(p(1−p)/n) of p itself (the sample's error misleads at small counts, and an exact 0
    must never be hit)."""
    if isinstance(b, Estimate):
        vb, se = b.value, math.hypot(a.stderr, b.stderr)
    elif a.method == "wilson":
        vb = float(b)
        se = math.sqrt(vb * (1 - vb) / a.n)
    else:
        vb, se = float(b), a.stderr
    assert abs(a.value - vb) <= k * se + 1e-12, f"{what}: {a.value:.5f} vs {vb:.5f} (> {k} SE = {k * se:.5f})"


def assert_distribution_matches(
    counts: Mapping[object, int], n: int, exact: Mapping[object, Fraction], what: str
) -> None:
    """Every category's simulated share within 4 SE of its exact probability (and no impossible category)."""
    for key, p in exact.items():
        assert_close(wilson(int(counts.get(key, 0)), n), p, what=f"{what} {key}")
    impossible = set(counts) - set(exact)
    assert not impossible, f"{what}: simulated values that are impossible exactly: {sorted(map(str, impossible))}"
