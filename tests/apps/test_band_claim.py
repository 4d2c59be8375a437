"""What the lessons say about the 95 % band under a running estimate is true: the coverage of the band (Wilson's
score interval, ``lab.stats.wilson``) computed exactly from the binomial distribution, at the lessons' own
probabilities. It holds the true value about 95 times in 100 once the event is expected at least 10 times, and
not before (at p = 1/81 and N = 10 about 88 times), so the sentence must say from when."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from donkeylab.lab.stats import wilson
from donkeylab.lessons import angry_flips, arrow_chains, die_choice, doublet_penalties
from donkeylab.pages import words as wd

EXPECTED_HITS = 10  # the sentence's "expected at least 10 times"
# the headline probabilities of the four lessons with a running estimate (1/81, after the flip, 5/28, best order)
PROBABILITIES = [Fraction(1, 81), Fraction(101, 1000), Fraction(5, 28), Fraction(23, 100)]


def coverage(p: float, n: int) -> float:
    """P(the band after n trials holds p), exactly: the binomial weights of the counts whose band holds p."""
    mean, sd = n * p, math.sqrt(n * p * (1 - p))
    low, high = max(0, int(mean - 12 * sd) - 5), min(n, int(mean + 12 * sd) + 5)
    total = 0.0
    for k in range(low, high + 1):
        band = wilson(k, n)
        if band.low <= p <= band.high:
            log = math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
            total += math.exp(log + k * math.log(p) + (n - k) * math.log1p(-p))
    return total


def test_at_small_n_the_band_misses_more_often() -> None:
    assert coverage(1 / 81, 10) < 0.9  # the review's case: about 88 in 100


@pytest.mark.parametrize("p", PROBABILITIES)
def test_once_the_event_is_expected_ten_times_the_band_holds_about_95_in_100(p: Fraction) -> None:
    start = math.ceil(EXPECTED_HITS / float(p))
    for n in [*range(start, start + 300), *range(start + 300, 20_000, 211)]:
        assert 0.92 <= coverage(float(p), n) <= 0.98, n


@pytest.mark.parametrize("module", [die_choice, angry_flips, doublet_penalties, arrow_chains])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_lesson_says_from_when_the_band_holds(module: object, lang: str) -> None:
    text = module.say("live_intro", band=wd.band, whisker=wd.whisker, best="x").get(lang)  # type: ignore[attr-defined]
    assert wd.band(lang) in text or wd.whisker(lang) in text  # a running estimate's band, or a bar's whisker
    assert ("at least 10 times" if lang == "en" else "mindestens 10-mal") in text
    assert ("at each N it would" not in text) and ("bei jedem N den" not in text)
