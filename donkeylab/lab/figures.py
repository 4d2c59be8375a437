"""Figure builders: pure functions from numbers to ``plotly.graph_objects.Figure``.

One visual grammar everywhere, so a pupil learns it once: simulated values are bars with 95% CI whiskers,
exact values are black diamonds (or a black line), every figure has a title, axis titles with units and a
legend. Builders take plain mappings (x → Fraction, x → Estimate) and never run a simulation themselves, so
widgets can redraw them after every batch.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import plotly.graph_objects as go

from donkeylab.lab import palette
from donkeylab.lab.stats import Estimate, wilson

Number = float | Fraction | int


def estimates_from_counts(counts: Mapping[Any, int], n: int, keys: Sequence[Any] | None = None) -> dict[Any, Estimate]:
    """Wilson estimates for the categories of a simulated distribution (missing keys count 0)."""
    return {k: wilson(int(counts.get(k, 0)), n, str(k)) for k in (keys if keys is not None else counts)}


def _layout(fig: go.Figure, title: str, x_title: str, y_title: str, **extra: Any) -> go.Figure:
    fig.update_layout(
        title={"text": title},
        xaxis_title=x_title,
        yaxis_title=y_title,
        legend_title_text="",
        showlegend=True,
        template="plotly_white",
        **extra,
    )
    return fig


def _error(est: Sequence[Estimate]) -> dict[str, Any]:
    return {
        "type": "data",
        "symmetric": False,
        "array": [e.high - e.value for e in est],
        "arrayminus": [e.value - e.low for e in est],
        "color": palette.OUTLINE,
    }


def _sim_bar(xs: Sequence[Any], est: Sequence[Estimate], name: str, colour: str, pattern: str = "") -> go.Bar:
    n = est[0].n if est else 0
    return go.Bar(
        x=[str(x) for x in xs],
        y=[e.value for e in est],
        error_y=_error(est),
        name=f"{name} (n={n:,}, 95% CI)",
        marker={"color": colour, "line": {"color": palette.OUTLINE, "width": 1}, "pattern": {"shape": pattern}},
    )


EXACT_SYMBOLS = ("diamond", "square", "circle", "triangle-up", "cross", "star")


def _exact_markers(
    xs: Sequence[Any], values: Sequence[Number], name: str = "exact", symbol: str = "diamond"
) -> go.Scatter:
    return go.Scatter(
        x=[str(x) for x in xs],
        y=[float(v) for v in values],
        mode="markers",
        name=name,
        marker={"symbol": symbol, "size": 11, "color": palette.EXACT, "line": {"color": "white", "width": 1}},
        text=[str(v) for v in values],
        hovertemplate="%{x}: %{y:.4f} (= %{text})<extra>" + name + "</extra>",
    )


def exact_vs_simulated(
    exact: Mapping[Any, Number] | None,
    simulated: Mapping[Any, Estimate] | None,
    title: str,
    x_title: str,
    y_title: str = "probability",
) -> go.Figure:
    """A distribution: simulated bars with Wilson whiskers beside exact diamonds on the same x values."""
    keys = list(exact) if exact else []
    keys += [k for k in (simulated or {}) if k not in keys]
    fig = go.Figure()
    if simulated:
        xs = [k for k in keys if k in simulated]
        fig.add_trace(_sim_bar(xs, [simulated[k] for k in xs], "simulated", palette.SIMULATED))
    if exact:
        fig.add_trace(_exact_markers(list(exact), list(exact.values())))
    return _layout(fig, title, x_title, y_title, xaxis={"type": "category"})


def convergence(
    ns: Sequence[int],
    estimates: Sequence[Estimate],
    title: str,
    y_title: str,
    exact: Number | None = None,
) -> go.Figure:
    """An estimate as N grows, with its 95% CI as a shaded band and the exact value as a black line."""
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=list(ns), y=[e.high for e in estimates], mode="lines", line={"width": 0}, name="CI"))
    fig.add_trace(
        go.Scatter(
            x=list(ns),
            y=[e.low for e in estimates],
            mode="lines",
            line={"width": 0},
            fill="tonexty",
            fillcolor="rgba(0,114,178,0.2)",
            name="95% confidence band",
        )
    )
    fig.data[0].showlegend = False
    fig.add_trace(
        go.Scatter(
            x=list(ns),
            y=[e.value for e in estimates],
            mode="lines",
            name="simulated estimate",
            line={"color": palette.SERIES[0]},
        )
    )
    if exact is not None:
        fig.add_hline(y=float(exact), line={"color": palette.EXACT, "dash": "dash"})
        fig.add_trace(
            go.Scatter(
                x=[None], y=[None], mode="lines", name=exact_label(exact), line={"color": palette.EXACT, "dash": "dash"}
            )
        )
    return _layout(fig, title, "number of trials N", y_title, xaxis={"type": "log"})


def exact_label(value: Number) -> str:
    """ "exact = 1/6 ≈ 0.1667"; a Fraction with a long denominator is shown by its decimal only."""
    if isinstance(value, Fraction) and value.denominator <= 1000:
        return f"exact = {value} ≈ {float(value):.4f}" if value.denominator > 1 else f"exact = {value}"
    return f"exact ≈ {float(value):.4f}"


def running_estimates(hits: Sequence[bool | int], points: int = 40) -> tuple[list[int], list[Estimate]]:
    """Wilson estimates after the first N trials at ~log-spaced N: the data of a ``convergence`` plot."""
    total = len(hits)
    ns = sorted({max(1, round(total ** (i / points))) for i in range(1, points + 1)})
    prefix = [0]
    for h in hits:
        prefix.append(prefix[-1] + int(bool(h)))
    return ns, [wilson(prefix[n], n) for n in ns]


def side_by_side(
    series: Mapping[str, Mapping[Any, Estimate]],
    title: str,
    x_title: str,
    y_title: str = "probability",
    exact: Mapping[str, Mapping[Any, Number]] | None = None,
) -> go.Figure:
    """Variant A vs variant B (or more): grouped simulated bars with whiskers; each series' exact values as
    black markers of its own shape, drawn on top of that series' bars. A series with exact values and no
    simulated ones (yet: a live plot before its first batch) shows its markers alone."""
    fig = go.Figure()
    names = list(series) + [name for name in (exact or {}) if name not in series]
    for i, name in enumerate(names):
        if name in series:
            est = series[name]
            colour, pattern = palette.SERIES[i % len(palette.SERIES)], palette.SERIES_PATTERNS[i % 6]
            bar = _sim_bar(list(est), list(est.values()), name, colour, pattern)
            bar.offsetgroup = str(i)
            fig.add_trace(bar)
        if exact and name in exact:
            symbol = EXACT_SYMBOLS[i % len(EXACT_SYMBOLS)]
            marks = _exact_markers(list(exact[name]), list(exact[name].values()), f"{name}: exact", symbol)
            marks.offsetgroup = str(i)
            fig.add_trace(marks)
    layout = {"barmode": "group", "scattermode": "group", "xaxis": {"type": "category"}}
    return _layout(fig, title, x_title, y_title, **layout)


def what_if(
    per_choice: Mapping[str, Mapping[Any, Number]],
    title: str,
    x_title: str,
    y_title: str = "probability",
    simulated: Mapping[str, Mapping[Any, Estimate]] | None = None,
    lang: str = "en",
) -> go.Figure:
    """One exact distribution per possible choice (e.g. per die colour), styled and named per colour.

    Alone, each choice is a line in its colour and marker shape. With ``simulated``, each choice gets bars
    in its colour and pattern, and its exact values become black markers of its shape sitting on its bars.
    """
    fig = go.Figure()
    for key, dist in per_choice.items():
        style = palette.style_for(key)
        name = f"choose {style.name(lang)}" if lang == "en" else f"{style.name(lang)} wählen"
        on_bars = bool(simulated and key in simulated)
        colour = palette.EXACT if on_bars else style.colour
        exact_trace = go.Scatter(
            x=[str(x) for x in dist],
            y=[float(p) for p in dist.values()],
            mode="markers" if on_bars else "lines+markers",
            name=f"{name}: exact" if on_bars else name,
            line={"color": style.colour, "width": 2},
            marker={"symbol": style.symbol, "size": 10, "color": colour, "line": {"color": "white", "width": 1}},
            offsetgroup=key,
        )
        if simulated and key in simulated:
            est = simulated[key]
            bar = _sim_bar(list(est), list(est.values()), f"{name}: simulated", style.colour, style.pattern)
            bar.offsetgroup = key
            fig.add_trace(bar)
        fig.add_trace(exact_trace)
    layout = {"xaxis": {"type": "category"}, "barmode": "group", "scattermode": "group" if simulated else None}
    return _layout(fig, title, x_title, y_title, **{k: v for k, v in layout.items() if v is not None})


def race_orders(
    exact: Mapping[Any, Number],
    simulated: Mapping[Any, Estimate] | None = None,
    title: str = "Esels-Rennen: probability of each finishing order",
) -> go.Figure:
    """The six finishing orders (1st-2nd-3rd): exact vs simulated; keys are card codes or donkey tuples."""

    def label(order: tuple[str, ...] | str) -> str:
        return order if isinstance(order, str) else "-".join(order)

    ex = {label(k): v for k, v in exact.items()}
    sim = {label(k): v for k, v in simulated.items()} if simulated else None
    return exact_vs_simulated(ex, sim, title, "finishing order (1st-2nd-3rd)", "probability")


def risk_by_total(
    rows: Sequence[Mapping[str, Any]],
    title: str = "Double Down: risk of the next card by running total",
    keys: Sequence[str] = ("safe", "doublet", "bust"),
) -> go.Figure:
    """Stacked bars per running total: P(safe), P(doublet hit), P(bust) for the next card (exact)."""
    fig = go.Figure()
    for i, key in enumerate(keys):
        colour, pattern = palette.RISK.get(key, (palette.SERIES[i], palette.SERIES_PATTERNS[i]))
        fig.add_trace(
            go.Bar(
                x=[r["total"] for r in rows],
                y=[float(r[key]) for r in rows],
                name=key,
                marker={"color": colour, "pattern": {"shape": pattern}},
                text=[str(r[key]) for r in rows],
                textposition="none",
                hovertemplate="total %{x}: %{y:.3f} (= %{text})<extra>" + key + "</extra>",
            )
        )
    return _layout(fig, title, "running total before the card (points)", "probability", barmode="stack")


def json_safe(value: Any) -> Any:
    """``value`` with tuples as lists, numpy scalars/arrays and Fractions as floats, NaN/inf as None:
    what ``fig.to_plotly_json()`` may hold, made fit for ``json.dumps`` and the browser's ``JSON.parse``."""
    if isinstance(value, Mapping):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, str | bool) or value is None:
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float | Fraction):
        x = float(value)
        return x if x == x and abs(x) != float("inf") else None
    if isinstance(value, Sequence):
        return [json_safe(v) for v in value]
    tolist = getattr(value, "tolist", None)  # numpy arrays and scalars
    if callable(tolist):
        return json_safe(tolist())
    return str(value)


def figure_json(fig: go.Figure) -> dict[str, Any]:
    """A figure as plain JSON (``data``, ``layout``): what a widget syncs and ``Plotly.react`` draws."""
    out: dict[str, Any] = json_safe(fig.to_plotly_json())
    return out
