"""Confidence intervals: correct formulas, and honest coverage on a toy whose probability is known exactly."""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from donkeylab.core import CHANCE
from donkeylab.lab.experiment import ExperimentSpec, run_experiment
from donkeylab.lab.stats import mean_bootstrap, mean_normal, wilson
from tests import toy_game


def test_wilson_matches_textbook_value() -> None:
    e = wilson(8, 10)
    assert e.value == 0.8
    assert e.low == pytest.approx(0.4902, abs=1e-4)
    assert e.high == pytest.approx(0.9433, abs=1e-4)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 2000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_is_inside_unit_range_and_contains_the_rate(case: tuple[int, int]) -> None:
    k, n = case
    e = wilson(k, n)
    assert 0.0 <= e.low <= e.value <= e.high <= 1.0
    assert e.stderr > 0


def test_wilson_rejects_impossible_counts() -> None:
    with pytest.raises(ValueError, match="successes"):
        wilson(11, 10)


def test_normal_and_bootstrap_means_agree_on_a_large_sample() -> None:
    x = np.random.Generator(np.random.PCG64(3)).exponential(2.0, 4000)
    normal, boot = mean_normal(x), mean_bootstrap(x, seed=1)
    assert normal.value == boot.value
    assert normal.low == pytest.approx(boot.low, rel=0.02)
    assert normal.high == pytest.approx(boot.high, rel=0.02)
    assert normal.contains(2.0) and boot.agrees_with(2.0)
    assert mean_bootstrap(x, seed=1) == boot, "the bootstrap is seeded"


@functools.cache
def _exact_seat0_wins(state: toy_game.ToyState) -> Fraction:
    """P(seat 0 wins) under uniformly random play, by recursion over the toy's chance and choices."""
    if state.current_player is None:
        return Fraction(int(state.winners == (0,)))
    if state.current_player is CHANCE:
        return sum((p * _exact_seat0_wins(state.apply(a)) for a, p in state.chance_outcomes()), Fraction(0))
    acts = state.legal_actions()
    return sum((_exact_seat0_wins(state.apply(a)) for a in acts), Fraction(0)) / len(acts)


def test_wilson_coverage_on_toy_race_with_known_win_probability() -> None:
    """200 independent experiments of 100 toy games: the 95% CI must cover the exact P(seat 0 wins) ~95%."""
    rules = toy_game.Rules(goal=4)
    exact = _exact_seat0_wins(toy_game.new_game(2, rules))
    assert 0 < exact < 1
    covered = 0
    for seed in range(200):
        spec = ExperimentSpec("tests.toy_game", players=2, games=100, seed=seed, rules=rules.to_dict())
        covered += run_experiment(spec).win_rate(0).contains(exact)
    # Binomial(200, 0.95) lies in [180, 198] with probability > 0.998 (the interval is mildly conservative).
    assert 180 <= covered <= 199, f"coverage {covered / 200:.3f}"


def test_normal_interval_coverage_on_known_mean() -> None:
    rng = np.random.Generator(np.random.PCG64(11))
    covered = sum(mean_normal(rng.integers(1, 7, 60)).contains(3.5) for _ in range(400))
    assert 365 <= covered <= 395, f"coverage {covered / 400:.3f}"
    assert math.isnan(mean_normal([]).value)
