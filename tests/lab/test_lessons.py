"""Lesson figures: exact and simulated series side by side, reproducible from their arguments."""

from __future__ import annotations

from fractions import Fraction

from donkeylab import esels_rennen as er
from donkeylab.lab import lessons
from donkeylab.lab.fast import dice


def test_distinct_values_figure_is_seeded_and_names_its_rules() -> None:
    a, b = lessons.distinct_values(20_000, seed=1), lessons.distinct_values(20_000, seed=1)
    assert a.data[0].y == b.data[0].y
    assert "DD-DICE-2" in a.layout.title.text
    assert [t.type for t in a.data] == ["bar", "scatter"]


def test_flip_figure_has_before_and_after_with_exact_markers() -> None:
    fig = lessons.flip(("light_blue", "orange"), ("orange",), n=20_000)
    names = [t.name.split(" (")[0] for t in fig.data]
    assert names == ["before the flip", "before the flip: exact", "after the flip", "after the flip: exact"]
    assert "DD-ANGRY-1" in fig.layout.title.text


def test_total_after_and_risk_figures() -> None:
    fig = lessons.total_after(2, n=20_000, replacement=True)
    assert "with replacement" in fig.layout.title.text and len(fig.data) == 2
    assert len(lessons.risk().data) == 3


def test_race_orders_figure_on_a_small_board() -> None:
    fig = lessons.race_orders(er.load_board("tiny_chain"), n=20_000)
    assert len(fig.data[0].x) == 6 and "ER-CHAIN-1" in fig.layout.title.text


def test_convergence_lesson() -> None:
    hits = (dice.simulate_phase_one(2000, 3).distinct() == 6).tolist()
    fig = lessons.convergence(hits, Fraction(1, 10), "P(six distinct values)")
    assert fig.data[-1].name == "exact = 1/10 ≈ 0.1000"
