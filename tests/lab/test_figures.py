"""Figure builders return figures with the expected traces, titles, axes and colour-blind-safe styling."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import numpy as np
import plotly.graph_objects as go

from donkeylab.lab import figures, palette
from donkeylab.lab.stats import wilson


def _check_frame(fig: go.Figure, title_part: str) -> None:
    assert isinstance(fig, go.Figure)
    assert title_part in fig.layout.title.text
    assert fig.layout.xaxis.title.text and fig.layout.yaxis.title.text
    assert fig.layout.showlegend


def test_exact_vs_simulated_has_bars_with_ci_and_exact_markers() -> None:
    exact = {1: Fraction(1, 6), 2: Fraction(5, 6)}
    sim = figures.estimates_from_counts({1: 160, 2: 840}, 1000, keys=[1, 2])
    fig = figures.exact_vs_simulated(exact, sim, "Two outcomes", "outcome")
    _check_frame(fig, "Two outcomes")
    bar, marks = fig.data
    assert bar.type == "bar" and list(bar.x) == ["1", "2"] and bar.y[0] == 0.16
    assert bar.error_y.array[0] == sim[1].high - 0.16 and "95% interval" in bar.name
    assert marks.mode == "markers" and marks.name == "exact" and marks.y[0] == float(Fraction(1, 6))


def test_convergence_has_band_estimate_and_exact_line() -> None:
    ns, est = figures.running_estimates([i % 3 == 0 for i in range(3000)])
    assert ns[-1] == 3000 and est[-1].value == 1000 / 3000
    fig = figures.convergence(ns, est, "Convergence", "P(hit)", exact=Fraction(1, 3))
    _check_frame(fig, "Convergence")
    names = [t.name for t in fig.data]
    assert "95% interval" in names and "simulated estimate" in names and "exact = 1/3 ≈ 0.3333" in names
    assert fig.layout.xaxis.type == "log"
    assert figures.exact_label(Fraction(1659580175, 3265173504)) == "exact ≈ 0.5083"


def test_side_by_side_groups_variants() -> None:
    a = {"long": wilson(30, 100), "short": wilson(70, 100)}
    b = {"long": wilson(50, 100), "short": wilson(50, 100)}
    fig = figures.side_by_side({"english": a, "german": b}, "Variants", "game length", exact={"english": {"long": 0.3}})
    _check_frame(fig, "Variants")
    assert fig.layout.barmode == "group"
    bars = [t for t in fig.data if t.type == "bar"]
    assert [t.name.split(" ")[0] for t in bars] == ["english", "german"]
    assert bars[0].marker.pattern.shape != bars[1].marker.pattern.shape
    marks = next(t for t in fig.data if t.type == "scatter")
    assert marks.offsetgroup == bars[0].offsetgroup and fig.layout.scattermode == "group", "exact sits on its bar"


def test_what_if_labels_and_shapes_every_die_colour() -> None:
    dist = {c: {2: Fraction(1, 2), 3: Fraction(1, 2)} for c in palette.styles("double_donkey")}
    fig = figures.what_if(dist, "What if", "best card value (points)")
    _check_frame(fig, "What if")
    assert [t.name for t in fig.data][:2] == ["choose light blue", "choose dark blue"]
    symbols = {t.marker.symbol for t in fig.data}
    colours = {t.marker.color for t in fig.data}
    assert len(symbols) == 6 and len(colours) == 6, "six die colours: six shapes and six colours"
    german = figures.what_if(dist, "Was wäre wenn", "Wert", lang="de")
    assert german.data[0].name == "hellblau wählen"


def test_light_and_dark_blue_differ_by_more_than_hue() -> None:
    dice = palette.styles("double_donkey")
    light, dark = dice["light_blue"], dice["dark_blue"]
    assert light.symbol != dark.symbol and light.pattern != dark.pattern and light.name("en") != dark.name("en")
    patterns = [s.pattern for s in dice.values()]
    assert len(set(patterns)) == 6


def test_every_colour_a_game_declares_is_a_catalogue_term_in_both_languages() -> None:
    """The palette keeps no names of its own: each game's colour is named by the catalogue's term of its key."""
    from donkeylab.core import CATALOGUE

    declared = palette.all_styles()
    assert set(declared) >= {"double_donkey", "esels_rennen"}
    for game, styles in declared.items():
        for key, style in styles.items():
            assert key in CATALOGUE.terms, f"{game}'s colour {key} has no catalogue term"
            assert style.name("en") and style.name("de"), key
    assert palette.style_for("yellow", "esels_rennen").symbol == "diamond" != palette.style_for("yellow").symbol


def test_race_orders_and_shares_by_row() -> None:
    exact = {("red", "green", "yellow"): Fraction(1, 2), ("green", "red", "yellow"): Fraction(1, 2)}
    fig = figures.race_orders(exact, {("red", "green", "yellow"): wilson(48, 100)})
    _check_frame(fig, "finishing order")
    assert "red-green-yellow" in fig.data[1].x
    rows = [{"row": t, "safe": Fraction(1, 2), "doublet": Fraction(1, 4), "bust": Fraction(1, 4)} for t in (10, 20)]
    keys = ("safe", "doublet", "bust")
    risk = figures.shares_by_row(rows, keys, {}, {}, "risk", "total")
    _check_frame(risk, "risk")
    assert [t.name for t in risk.data] == ["safe", "doublet", "bust"] and risk.layout.barmode == "stack"
    assert len({t.marker.pattern.shape for t in risk.data}) == 3, "outcomes differ by pattern, not hue alone"


def test_json_safe_makes_figures_fit_for_json() -> None:
    value = {"a": (1, np.int64(2)), "b": np.array([0.5, math.nan]), "c": Fraction(1, 4), 3: np.bool_(True)}
    safe = figures.json_safe(value)
    assert safe == {"a": [1, 2], "b": [0.5, None], "c": 0.25, "3": True}
    fig = figures.exact_vs_simulated({1: Fraction(1, 3)}, {1: wilson(0, 0)}, "t", "x")  # n = 0: NaN estimate
    json.dumps(figures.figure_json(fig), allow_nan=False)


def _points(fig: dict) -> int:
    return sum(len([v for v in trace.get("y", []) or [] if v is not None]) for trace in fig["data"])


def test_a_chart_with_nothing_simulated_is_a_frame_a_pupil_can_read() -> None:
    """Before Start (and, sealed, before a class's reveal) a chart with no data had plotly's empty axes: a
    probability from -1 to 4 (Lesson 4), a log axis reading "0 0 0" (Lesson 5). Every question's empty chart
    without a single point has a set y range (0 to 1 for a probability), a log trials axis from 1 with a tick
    at each power of ten only, and says why it is empty."""
    import donkeylab.lessons.full_games_questions  # noqa: F401  Lesson 5's questions register on import
    from donkeylab.lab import questions

    empty = 0
    for name in questions.names():
        q = questions.get(name)
        for exact in (None, q.exact()):
            try:
                fig = figures.figure_json(q.figure(exact, None, 0, None, "de"))
            except ValueError:  # a question that draws its exact answer in every bar cannot hide it
                continue
            if _points(fig):
                continue
            empty += 1
            layout = fig["layout"]
            low, high = layout["yaxis"]["range"]
            assert low < high and (low == 0 or low == -high), (name, layout["yaxis"])
            if layout["xaxis"].get("type") == "log":
                assert layout["xaxis"]["range"][0] == 0 and layout["xaxis"]["dtick"] == 1, name
            notes = [a["text"] for a in layout.get("annotations", [])]
            assert any(word in t for t in notes for word in ("simuliert", "gespielt")), (name, notes)
    assert empty >= 8  # the running charts, sealed and not, the race orders sealed, Lesson 5's two
