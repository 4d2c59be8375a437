"""The figure builders accept the engines' exact outputs as they are (the lessons' real data)."""

from __future__ import annotations

from donkeylab import esels_rennen as er
from donkeylab.double_donkey import exact as dd_exact
from donkeylab.double_donkey import fast_dice as dice
from donkeylab.double_down import exact as dn_exact
from donkeylab.esels_rennen import exact as er_exact
from donkeylab.esels_rennen import fast_race as race
from donkeylab.lab import figures


def test_risk_by_total_from_double_down_exact() -> None:
    rows = [{"row": r["total"], **r} for r in dn_exact.lesson_tables()["risk_by_total"]]
    fig = figures.shares_by_row(rows, ("safe", "doublet", "bust"), {}, {}, "risk", "total")
    assert len(fig.data) == 3 and len(fig.data[0].x) == 77
    assert abs(sum(fig.data[i].y[0] for i in range(3)) - 1.0) < 1e-12


def test_what_if_from_double_donkey_exact() -> None:
    table = dd_exact.what_if(**dd_exact.RULEBOOK_WHAT_IF)  # type: ignore[arg-type]
    fig = figures.what_if(table, "Fran's choice", "her best card's value (points)")
    assert {t.name for t in fig.data} == {f"choose {c.replace('_', ' ')}" for c in table}


def test_exact_vs_simulated_distinct_values() -> None:
    n = 50_000
    counts = dice.distinct_distribution(n, seed=1)
    exact = dd_exact.distinct_values_distribution()
    fig = figures.exact_vs_simulated(exact, figures.estimates_from_counts(counts, n, list(exact)), "Distinct", "values")
    bars, marks = fig.data
    assert list(bars.x) == list(marks.x) == [str(d) for d in exact]


def test_race_orders_from_esels_rennen_exact_and_fast_path() -> None:
    board = er.load_board("tiny_chain")
    odds = er_exact.race_odds(board)
    races = race.simulate_races(race.RaceArrays.from_chain(er_exact.random_play_chain(board)), 20_000, seed=1)
    sim = {"".join(d[0].upper() for d in o): c for o, c in races.order_counts().items()}
    fig = figures.race_orders(dict(odds.order_probability), figures.estimates_from_counts(sim, 20_000))
    assert len(fig.data[0].x) == 6 and len(fig.data[1].x) == 6


def test_race_lesson_labels_the_board_as_a_reconstruction() -> None:
    """RULES.md: reconstructions must be labelled as such in the UI; the lesson figure's title says it."""
    from donkeylab.lab import lessons

    title = lessons.figure("esels_rennen.race_orders", n=2_000, seed=1).layout.title.text
    assert "on the standard board (our reconstruction" in title and "'default'" not in title
