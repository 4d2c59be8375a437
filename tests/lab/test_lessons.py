"""Lesson figures: exact and simulated series side by side, reproducible from their arguments."""

from __future__ import annotations

from fractions import Fraction

from donkeylab import esels_rennen as er
from donkeylab.double_donkey import fast_dice as dice
from donkeylab.lab import lessons


def test_distinct_values_figure_is_seeded_and_titled_in_words() -> None:
    a = lessons.figure("double_donkey.distinct_values", 20_000, seed=1)
    b = lessons.figure("double_donkey.distinct_values", 20_000, seed=1)
    assert a.data[0].y == b.data[0].y
    assert "DD-DICE-2" not in a.layout.title.text, "a pupil reads the title: no rule IDs"
    assert [t.type for t in a.data] == ["bar", "scatter"]


def test_flip_figure_has_before_and_after_with_exact_markers() -> None:
    fig = lessons.figure("double_donkey.flip", 20_000, card=("light_blue", "orange"), angry=("orange",))
    names = [t.name.split(" (")[0] for t in fig.data]
    assert names == ["before the flip", "before the flip: exact", "after the flip", "after the flip: exact"]
    assert "DD-ANGRY-1" not in fig.layout.title.text


def test_total_after_and_risk_figures() -> None:
    fig = lessons.figure("double_down.total_after", 20_000, k=2, replacement=True)
    assert "with replacement" in fig.layout.title.text and len(fig.data) == 2
    assert len(lessons.figure("double_down.risk", 0).data) == 3


def test_race_orders_figure_on_a_small_board() -> None:
    fig = lessons.figure("esels_rennen.race_orders", 20_000, board=er.load_board("tiny_chain"))
    assert len(fig.data[0].x) == 6 and "ER-CHAIN-1" not in fig.layout.title.text


def test_convergence_lesson() -> None:
    hits = (dice.simulate_phase_one(2000, 3).distinct() == 6).tolist()
    fig = lessons.convergence(hits, Fraction(1, 10), "P(six distinct values)")
    assert fig.data[-1].name == "exact = 1/10 ≈ 0.1000"


def _choosing_state(seed: int) -> object:
    """A 4-player Double Donkey game played by Random until a player chooses among 4+ rolled dice."""
    import random

    from donkeylab import double_donkey as dd
    from donkeylab.core import CHANCE, RandomBot

    rng = random.Random(seed)
    s = dd.new_game(4)
    while not (s.phase == "choose" and len(s.rolled) >= 4 and len(s.hay) >= 1):
        s = s.apply(s.sample_chance(rng) if s.current_player is CHANCE else RandomBot().act(s, rng))
    return s


def test_dd_dice_2_what_if_engine_games_agree_with_exact() -> None:
    """Per legal choice: the engine's simulated best-card distribution vs the exact what-if (4 SE)."""
    from donkeylab.lab.stats import wilson
    from donkeylab.lessons.dd_what_if_figure import what_if  # Lesson 1's own figure
    from tests.lab.agreement import assert_close

    state = _choosing_state(4)
    n = 1500
    fig = what_if(state, n=n, seed=1)
    lines = [t for t in fig.data if t.type == "scatter"]
    bars = [t for t in fig.data if t.type == "bar"]
    assert len(lines) == len(bars) >= 1
    for line, bar in zip(lines, bars, strict=True):
        exact = dict(zip(line.x, line.y, strict=True))
        for x, y, plus in zip(bar.x, bar.y, bar.error_y.array, strict=True):
            assert plus >= 0
            assert_close(wilson(round(y * n), n), exact.get(x, 0.0), what=f"{line.name} value {x}")
