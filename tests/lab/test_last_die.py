"""Lesson 2 under either rules (issue 35 §1): the flip questions take DD-DICE-3's ``last_die``.

The English rules let a player keep or re-roll the last die ("choose"); the German rules always roll it ("roll").
That moves P(light blue/orange is worth 7 after the orange flip) from 10.1 % to 9.3 %, so a page under the German
rules must draw a German line and a German simulation, not the English ones.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from donkeylab.core import fastpath
from donkeylab.double_donkey import exact, pure
from donkeylab.double_donkey import questions as dd_questions
from donkeylab.lab import questions
from donkeylab.lab.stats import wilson

CARD = ("light_blue", "orange")
SEVEN = questions.get("double_donkey.seven_after_flip")
FLIP = questions.get("double_donkey.flip")
# P(worth 7) before and after the orange flip, in percent to one decimal, as the lesson states them.
STATED = {"choose": ("18.0", "10.1"), "roll": ("18.1", "9.3")}


def percent(p: Fraction) -> str:
    return f"{100 * float(p):.1f}"


@pytest.mark.parametrize("last_die", ["choose", "roll"])
def test_the_exact_lines_are_the_rules_numbers(last_die: str) -> None:
    before, after = STATED[last_die]
    assert percent(SEVEN.exact({"flipped": True, "last_die": last_die})["p"]) == after
    assert percent(SEVEN.exact({"flipped": False, "last_die": last_die})["p"]) == before
    flip = FLIP.exact({"last_die": last_die})
    assert (percent(flip[("before the flip", 7)]), percent(flip[("after the flip", 7)])) == (before, after)
    # the same numbers as the engine's exact module, for the whole distribution
    after_flip = exact.card_value_distribution(CARD, ("orange",), "random", last_die)  # type: ignore[arg-type]
    assert {v: q for (g, v), q in flip.items() if g == "after the flip"} == after_flip


def test_the_english_rules_stay_the_default() -> None:
    """Class mode pools ``{"flipped": True}``, the lesson's English plot: both must resolve alike."""
    assert SEVEN.resolve({"flipped": True}) == {"flipped": True, "last_die": "choose"}
    assert FLIP.resolve({})["last_die"] == "choose"
    with pytest.raises(ValueError, match="must be one of"):
        SEVEN.resolve({"last_die": "german"})


def hits(question: Any, params: dict[str, Any], n: int, seed: int) -> tuple[int, int]:
    """(hits, trials) of P(worth 7 after the flip) in a seeded run of ``question``."""
    (_, counts), *_ = list(question.simulate(n, seed=seed, batch=n // 4, params=params))[-1:]
    if question is SEVEN:
        return counts["hits"], counts["n"]
    return counts[("after the flip", 7)], sum(c for (g, _), c in counts.items() if g == "after the flip")


@pytest.mark.parametrize("question", [SEVEN, FLIP], ids=["seven_after_flip", "flip"])
def test_a_seeded_simulation_follows_the_rules(question: Any) -> None:
    """Each rule's 95 % interval holds its own exact value and not the other rule's (8 standard errors apart)."""
    exact_p = {r: SEVEN.exact({"flipped": True, "last_die": r})["p"] for r in STATED}
    for rule, other in (("choose", "roll"), ("roll", "choose")):
        k, n = hits(question, {"last_die": rule}, 100_000, seed=7)
        est = wilson(k, n)
        assert n == 100_000 and est.low <= exact_p[rule] <= est.high, (rule, est)
        assert not est.low <= exact_p[other] <= est.high, f"the {rule} simulation looks like {other}'s rules"


@pytest.mark.parametrize("question", [SEVEN, FLIP], ids=["seven_after_flip", "flip"])
def test_the_pure_twin_follows_the_rules(question: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser's path (no numpy): the same rule, within 4 standard errors of the German exact value."""
    monkeypatch.setattr(fastpath, "have_numpy", lambda: False)  # ``pick`` reads it here
    monkeypatch.setattr(dd_questions, "have_numpy", lambda: False)
    k, n = hits(question, {"last_die": "roll"}, 20_000, seed=3)
    p = float(SEVEN.exact({"flipped": True, "last_die": "roll"})["p"])
    assert n == 20_000 and abs(k / n - p) <= 4 * (p * (1 - p) / n) ** 0.5, (k, n, p)


def test_the_pure_phase_one_always_rolls_the_last_die_under_the_german_rules() -> None:
    """Under "lowest" a kept last die shows 1-3; rolled, it shows 4-6 as often as any die (half the time)."""
    import random

    rng = random.Random(1)
    last = [pure.phase_one(rng, "lowest", "roll")[0][-1] for _ in range(4_000)]
    kept = [pure.phase_one(rng, "lowest", "choose")[0][-1] for _ in range(4_000)]
    assert 0.45 < sum(v >= 4 for v in last) / len(last) < 0.55
    assert sum(v >= 4 for v in kept) / len(kept) < sum(v >= 4 for v in last) / len(last) - 0.05
