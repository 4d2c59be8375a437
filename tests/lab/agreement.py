"""Helpers for the fast-path agreement tests: compare two estimates or an estimate and an exact value."""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

from donkeylab.lab.stats import Estimate, wilson


def assert_close(a: Estimate, b: Estimate | Fraction | float, k: float = 4.0, what: str = "") -> None:
    """|a − b| within k combined standard errors (b exact: its own error is 0)."""
    se_b = b.stderr if isinstance(b, Estimate) else 0.0
    vb = b.value if isinstance(b, Estimate) else float(b)
    se = math.hypot(a.stderr, se_b)
    assert abs(a.value - vb) <= k * max(se, 1e-9), f"{what}: {a.value:.5f} vs {vb:.5f} (> {k} SE = {k * se:.5f})"


def assert_distribution_matches(
    counts: Mapping[object, int], n: int, exact: Mapping[object, Fraction], what: str
) -> None:
    """Every category's simulated share within 4 SE of its exact probability (and no impossible category)."""
    for key, p in exact.items():
        assert_close(wilson(int(counts.get(key, 0)), n), p, what=f"{what} {key}")
    impossible = set(counts) - set(exact)
    assert not impossible, f"{what}: simulated values that are impossible exactly: {sorted(map(str, impossible))}"
