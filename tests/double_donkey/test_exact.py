"""Exact phase-1 and flip probabilities, each cross-checked against seeded games of the engine (4 SE)."""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from fractions import Fraction

import pytest

from donkeylab import double_donkey as dd
from donkeylab.core import CHANCE
from donkeylab.double_donkey import Choose, bots, exact
from tests.double_donkey.helpers import craft, dealt, roll

N = 1200


def phase1(state: dd.DoubleDonkeyState, rng: random.Random, bot: bots.Policy) -> dd.DoubleDonkeyState:
    """Play phase 1 to its end with ``bot`` for everyone and the engine's own sampled chance."""
    s = state
    while s.phase in ("roll", "choose", "last"):
        s = s.apply(s.sample_chance(rng) if s.current_player is CHANCE else bot.act(s, rng))
    return s


def assert_close(dist: dict[int, Fraction], samples: list[int], label: str) -> None:
    """The sample mean within 4 standard errors of the exact mean, and every probability within 4 SE + 1/N."""
    n = len(samples)
    mean = sum(v * p for v, p in dist.items())
    var = sum((v - mean) ** 2 * p for v, p in dist.items())
    observed = sum(samples) / n
    assert abs(observed - mean) <= 4 * math.sqrt(var / n) + 1e-12, f"{label}: mean {observed} vs exact {float(mean)}"
    counts = Counter(samples)
    assert set(counts) <= set(dist), f"{label}: impossible values {set(counts) - set(dist)}"
    for v, p in dist.items():
        se = math.sqrt(p * (1 - p) / n)
        assert abs(counts[v] / n - p) <= 4 * se + 1 / n, f"{label}: P({v}) {counts[v] / n} vs exact {float(p)}"


def margaret_position() -> dd.DoubleDonkeyState:
    """The rulebook round just before Margaret's roll: light blue 2, orange 5, purple 1 on the Hay card."""
    s = dealt(4)
    for pips, colour in ((dict(light_blue=2, dark_blue=6, orange=1, yellow=3, green=4, purple=5), "light_blue"),
                         (dict(dark_blue=4, orange=5, yellow=3, green=2, purple=2), "orange"),
                         (dict(dark_blue=5, yellow=4, green=6, purple=1), "purple")):  # fmt: skip
        s = s.apply(roll(s, **pips)).apply(Choose(colour))
    return s


def test_dd_dice_2_free_choice_exact_equals_engine_enumeration() -> None:
    s = margaret_position()
    assert s.hay == {"light_blue": 2, "orange": 5, "purple": 1}
    exact_p = exact.p_free_choice(3, s.hay.values())
    assert exact_p == Fraction(1, 8)
    enumerated = sum(p for o, p in s.chance_outcomes() if s.apply(o).events[1].key == "DD-DICE-2/free")
    assert enumerated == exact_p
    rng = random.Random(4)
    hits = sum(s.apply(s.sample_chance(rng)).events[1].key == "DD-DICE-2/free" for _ in range(4000))
    assert abs(hits / 4000 - 1 / 8) <= 4 * math.sqrt(1 / 8 * 7 / 8 / 4000)
    assert exact.p_free_choice(2, []) == 0 and exact.p_free_choice(1, [1, 2, 3, 4, 5]) == Fraction(5, 6)
    with pytest.raises(ValueError):
        exact.p_free_choice(0, [1])


@pytest.mark.parametrize("policy", ["random", "lowest", "highest"])
@pytest.mark.parametrize("variant", ["english", "german"])
def test_dd_dice_3_distinct_values_and_flip_exact_vs_engine(policy: exact.Policy, variant: str) -> None:
    rules = dd.Rules(variant=variant)  # type: ignore[arg-type]
    last_die = rules.last_die
    distinct = exact.distinct_values_distribution(policy, last_die)  # type: ignore[arg-type]
    assert sum(distinct.values()) == 1
    card = ("light_blue", "orange")
    before = exact.card_value_distribution(card, (), policy, last_die)  # type: ignore[arg-type]
    after = exact.card_value_distribution(card, ("orange",), policy, last_die)  # type: ignore[arg-type]
    rng = random.Random(f"{policy}:{variant}")
    start, bot = dealt(3, rules), bots.Policy(policy)
    finals = [phase1(start, rng, bot) for _ in range(N)]
    assert_close(distinct, [len(set(f.dice)) for f in finals], f"distinct {policy} {variant}")
    assert_close(before, [f.hay["light_blue"] + f.hay["orange"] for f in finals], "before flip")
    assert_close(after, [f.hay["light_blue"] + 7 - f.hay["orange"] for f in finals], "after flip")


def test_dd_angry_1_flip_distribution_is_exact_and_involution() -> None:
    angry = exact.card_value_distribution(("orange",))
    assert exact.card_value_distribution(("orange",), ("orange",)) == {7 - v: p for v, p in angry.items()}
    assert exact.card_value_distribution(("orange",), ("orange", "orange")) == angry
    card = ("light_blue", "orange")
    assert exact.card_value_distribution(card, ("green",)) == exact.card_value_distribution(card)
    rows = exact.angry_flip_table(card, "orange")
    assert sum(r["before"] for r in rows) == 1 == sum(r["after"] for r in rows)  # type: ignore[misc]
    with pytest.raises(ValueError, match="two different colours"):
        exact.card_value_distribution(("orange", "orange"))


def test_dd_value_1_what_if_exact_vs_engine() -> None:
    """Fran's choice in the rulebook round, with a hand orange/yellow, dark blue/green, Angry purple."""
    s = dealt(4)
    s = s.apply(roll(s, light_blue=2, dark_blue=6, orange=1, yellow=3, green=4, purple=5)).apply(Choose("light_blue"))
    s = craft(s, hands=(s.hands[0], (30, 24, 56), s.hands[2], s.hands[3]))
    s = s.apply(roll(s, dark_blue=4, orange=5, yellow=3, green=2, purple=2))
    table = exact.what_if_state(s)
    assert table == exact.what_if(**exact.RULEBOOK_WHAT_IF)  # type: ignore[arg-type]
    assert set(table) == {"dark_blue", "orange", "yellow"} and all(sum(d.values()) == 1 for d in table.values())
    rng, bot = random.Random(9), bots.Policy("random")
    hand = [s.cards[c] for c in s.hands[1]]
    for colour, dist in table.items():
        chosen = s.apply(Choose(colour))
        samples = []
        for _ in range(700):
            dice = phase1(chosen, rng, bot).dice
            samples.append(
                min(7 - dice[c.colours[0]] if c.angry else dice[c.colours[0]] + dice[c.colours[1]] for c in hand)
            )
        assert_close(dist, samples, f"what-if {colour}")
    with pytest.raises(ValueError, match="chooses a die"):
        exact.what_if_state(dealt(2))


def test_dd_dice_2_lesson_tables_exact_and_fast() -> None:
    timings = {}
    for name in ("free_choice_table", "distinct_values_table", "what_if_table"):
        exact._pick.cache_clear()
        exact._final_hay.cache_clear()
        t = time.process_time()  # CPU time: other processes on the machine cannot make it flaky
        getattr(exact, name)()
        timings[name] = time.process_time() - t
    assert all(t < 1.0 for t in timings.values()), timings
    tables = exact.lesson_tables()
    assert set(tables) == {
        "free_choice",
        "distinct_values",
        "hay_sum_random",
        "angry_flip_double",
        "angry_flip_angry",
        "what_if_rulebook",
    }
    for rows in tables.values():
        assert rows and all(isinstance(r, dict) for r in rows)
        assert any(isinstance(v, Fraction) for r in rows for v in r.values())
    assert sum(r["probability"] for r in tables["hay_sum_random"]) == 1  # type: ignore[misc]
    first = next(r for r in tables["free_choice"] if r["dice_rolled"] == 3 and r["values_on_hay"] == 3)
    assert first["p_free_choice"] == Fraction(1, 8)
