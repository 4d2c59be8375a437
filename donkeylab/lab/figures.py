"""Figure builders: pure functions from numbers to ``plotly.graph_objects.Figure``.

One visual grammar everywhere, so a pupil learns it once: simulated values are bars with 95% CI whiskers,
exact values are black diamonds (or a black line), every figure has a title, axis titles with units and a
legend. Builders take plain mappings (x → Fraction, x → Estimate) and never run a simulation themselves, so
widgets can redraw them after every batch. Every builder takes ``lang`` ("en" or "de"): the words it adds
itself (legend entries, default titles and axes) come from ``figure_words``; the caller's own titles are
passed in already translated.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import plotly.graph_objects as go

from donkeylab.core import numbers
from donkeylab.lab import palette
from donkeylab.lab.figure_words import number, say, separators
from donkeylab.lab.stats import Estimate, wilson

Number = float | Fraction | int


def estimates_from_counts(counts: Mapping[Any, int], n: int, keys: Sequence[Any] | None = None) -> dict[Any, Estimate]:
    """Wilson estimates for the categories of a simulated distribution (missing keys count 0)."""
    return {k: wilson(int(counts.get(k, 0)), n, str(k)) for k in (keys if keys is not None else counts)}


def _layout(fig: go.Figure, title: str, x_title: str, y_title: str, lang: str = "en", **extra: Any) -> go.Figure:
    fig.update_layout(
        title={"text": title},
        xaxis_title=x_title,
        yaxis_title=y_title,
        legend_title_text="",
        showlegend=True,
        template="plotly_white",
        **separators(lang),
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


def _sim_bar(
    xs: Sequence[Any], est: Sequence[Estimate], name: str, colour: str, pattern: str = "", lang: str = "en"
) -> go.Bar:
    n = est[0].n if est else 0
    return go.Bar(
        x=[str(x) for x in xs],
        y=[e.value for e in est],
        error_y=_error(est),
        name=say("sim_bar", lang, name=name, n=number(n, lang)),
        marker={"color": colour, "line": {"color": palette.OUTLINE, "width": 1}, "pattern": {"shape": pattern}},
    )


EXACT_SYMBOLS = ("diamond", "square", "circle", "triangle-up", "cross", "star")


HOVER_DIGITS = 12  # a fraction of more digits (both parts together) is left out of the hover text


def exact_hover(value: Number) -> str:
    """What an exact marker's hover label adds to its decimal: `` (= 3/28)`` for a short fraction, nothing for
    a long one (the arrow-chains lesson's race odds have ~1,250-digit fractions: 24 of them filled each page's
    hover labels with ~100 digits a pupil cannot read) and nothing for a plain decimal."""
    if isinstance(value, Fraction):
        if len(str(abs(value.numerator))) + len(str(value.denominator)) > HOVER_DIGITS:
            return ""
        return f" (= {value})"
    return f" (= {value})" if isinstance(value, int) else ""


def _exact_markers(xs: Sequence[Any], values: Sequence[Number], name: str, symbol: str = "diamond") -> go.Scatter:
    return go.Scatter(
        x=[str(x) for x in xs],
        y=[float(v) for v in values],
        mode="markers",
        name=name,
        marker={"symbol": symbol, "size": 11, "color": palette.EXACT, "line": {"color": "white", "width": 1}},
        text=[exact_hover(v) for v in values],
        hovertemplate="%{x}: %{y:.4f}%{text}<extra>" + name + "</extra>",
    )


def exact_vs_simulated(
    exact: Mapping[Any, Number] | None,
    simulated: Mapping[Any, Estimate] | None,
    title: str,
    x_title: str,
    y_title: str | None = None,
    lang: str = "en",
) -> go.Figure:
    """A distribution: simulated bars with Wilson whiskers beside exact diamonds on the same x values
    (``y_title`` None: "probability" in ``lang``)."""
    keys = list(exact) if exact else []
    keys += [k for k in (simulated or {}) if k not in keys]
    fig = go.Figure()
    if simulated:
        xs = [k for k in keys if k in simulated]
        sim_name = say("simulated", lang)
        fig.add_trace(_sim_bar(xs, [simulated[k] for k in xs], sim_name, palette.SIMULATED, lang=lang))
    if exact:
        fig.add_trace(_exact_markers(list(exact), list(exact.values()), say("exact", lang)))
    y_title = say("probability", lang) if y_title is None else y_title
    return _layout(fig, title, x_title, y_title, lang, xaxis={"type": "category"})


def convergence(
    ns: Sequence[int],
    estimates: Sequence[Estimate],
    title: str,
    y_title: str,
    exact: Number | None = None,
    lang: str = "en",
    x_title: str | None = None,
) -> go.Figure:
    """An estimate as N grows, with its 95% CI as a shaded band and the exact value as a black line; ``x_title``
    names what N counts when a trial is not what the pupil counts (Lesson 5: pairs of games)."""
    fig = go.Figure()
    band = say("ci_band", lang)
    upper = go.Scatter(x=list(ns), y=[e.high for e in estimates], mode="lines", line={"width": 0}, name=band)
    fig.add_trace(upper)
    fig.add_trace(
        go.Scatter(
            x=list(ns),
            y=[e.low for e in estimates],
            mode="lines",
            line={"width": 0},
            fill="tonexty",
            fillcolor="rgba(0,114,178,0.2)",
            name=band,
        )
    )
    fig.data[0].showlegend = False
    fig.add_trace(
        go.Scatter(
            x=list(ns),
            y=[e.value for e in estimates],
            mode="lines",
            name=say("estimate", lang),
            line={"color": palette.SERIES[0]},
        )
    )
    if exact is not None:
        fig.add_hline(y=float(exact), line={"color": palette.EXACT, "dash": "dash"})
        fig.add_trace(
            go.Scatter(
                x=[None],
                y=[None],
                mode="lines",
                name=exact_label(exact, lang),
                line={"color": palette.EXACT, "dash": "dash"},
            )
        )
    return _layout(
        fig,
        title,
        x_title or say("trials_axis", lang),
        y_title,
        lang,
        # whole numbers with the language's thousands mark (10,000 / 10.000), not plotly's "10k" and "1M"
        # ticks at powers of ten only: plotly's 1 2 5 10 20 50 … ran into each other on a phone ("5001,000")
        xaxis={"type": "log", "tickformat": ",d", "exponentformat": "none", "dtick": 1},
        **_zoom(estimates, exact),
    )


def waiting(fig: go.Figure, lang: str, y_range: tuple[float, float] = (0, 1), note: str | None = None) -> go.Figure:
    """A figure with nothing simulated yet, drawn as a frame a pupil can read: plotly's axes for no data run
    from -1 to 4 (a probability of 4) and a log axis with no range reads "0 0 0" on a phone. The y axis gets
    ``y_range`` (a probability's 0 to 1 unless the value is of another kind), a log x axis 1 to 1,000,000 (a
    ``LivePlot`` narrows it to its own N), and the middle says why it is empty (``note``)."""
    fig.add_annotation(text=note or say("nothing_yet", lang), showarrow=False, x=0.5, y=0.5, xref="paper", yref="paper")
    fig.update_yaxes(range=list(y_range))
    if fig.layout.xaxis.type == "log":
        fig.update_xaxes(range=[0, 6])
    return fig


def _zoom(estimates: Sequence[Estimate], exact: Number | None) -> dict[str, Any]:
    """For a probability, a y axis that shows where the estimate settles: the band of the first few trials
    reaches 0.8 for a value of 0.012, and the axis fitted to it left the line and the exact value flat on the
    floor. From 0 to 2.5 times the band's top at the last N (and 1.5 times the exact value): the first trials'
    band runs off the top instead. Other values (averages, differences) keep plotly's own range."""
    if not estimates or not all(e.low >= 0 and e.high <= 1 for e in estimates):
        return {}
    top = max(2.5 * estimates[-1].high, 1.5 * float(exact) if exact is not None else 0.0, 0.01)
    return {"yaxis": {"range": [0, min(1.0, top)]}} if top < 1 else {}


def exact_label(value: Number, lang: str = "en") -> str:
    """ "exact = 1/6 ≈ 0.1667" ("exakt = 1/6 ≈ 0,1667"); a Fraction with a long denominator is shown by its
    decimal only."""
    rounded = numbers.decimal(value, lang, 4)
    if isinstance(value, Fraction) and value.denominator <= 1000:
        shown = f"{value} ≈ {rounded}" if value.denominator > 1 else str(value)
        return say("exact_is", lang, value=shown)
    return say("exact_about", lang, value=rounded)


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
    y_title: str | None = None,
    exact: Mapping[str, Mapping[Any, Number]] | None = None,
    lang: str = "en",
) -> go.Figure:
    """Variant A vs variant B (or more): grouped simulated bars with whiskers; each series' exact values as
    black markers of its own shape, drawn on top of that series' bars. A series with exact values and no
    simulated ones (yet: a live plot before its first batch) shows its markers alone. Series names are shown
    as given (pass them translated)."""
    fig = go.Figure()
    names = list(series) + [name for name in (exact or {}) if name not in series]
    for i, name in enumerate(names):
        if name in series:
            est = series[name]
            colour, pattern = palette.SERIES[i % len(palette.SERIES)], palette.SERIES_PATTERNS[i % 6]
            bar = _sim_bar(list(est), list(est.values()), name, colour, pattern, lang)
            bar.offsetgroup = str(i)
            fig.add_trace(bar)
        if exact and name in exact:
            symbol = EXACT_SYMBOLS[i % len(EXACT_SYMBOLS)]
            marks = _exact_markers(
                list(exact[name]), list(exact[name].values()), say("series_exact", lang, name=name), symbol
            )
            marks.offsetgroup = str(i)
            fig.add_trace(marks)
    layout = {"barmode": "group", "scattermode": "group", "xaxis": {"type": "category"}}
    y_title = say("probability", lang) if y_title is None else y_title
    return _layout(fig, title, x_title, y_title, lang, **layout)


def what_if(
    per_choice: Mapping[str, Mapping[Any, Number]],
    title: str,
    x_title: str,
    y_title: str | None = None,
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
        name = say("choose", lang, colour=style.name(lang))
        on_bars = bool(simulated and key in simulated)
        colour = palette.EXACT if on_bars else style.colour
        exact_trace = go.Scatter(
            x=[str(x) for x in dist],
            y=[float(p) for p in dist.values()],
            mode="markers" if on_bars else "lines+markers",
            name=say("series_exact", lang, name=name) if on_bars else name,
            line={"color": style.colour, "width": 2},
            marker={"symbol": style.symbol, "size": 10, "color": colour, "line": {"color": "white", "width": 1}},
            offsetgroup=key,
        )
        if simulated and key in simulated:
            est = simulated[key]
            sim_name = say("series_simulated", lang, name=name)
            bar = _sim_bar(list(est), list(est.values()), sim_name, style.colour, style.pattern, lang)
            bar.offsetgroup = key
            fig.add_trace(bar)
        fig.add_trace(exact_trace)
    layout = {"xaxis": {"type": "category"}, "barmode": "group", "scattermode": "group" if simulated else None}
    y_title = say("probability", lang) if y_title is None else y_title
    return _layout(fig, title, x_title, y_title, lang, **{k: v for k, v in layout.items() if v is not None})


def race_orders(
    exact: Mapping[Any, Number],
    simulated: Mapping[Any, Estimate] | None = None,
    title: str | None = None,
    lang: str = "en",
) -> go.Figure:
    """The six finishing orders (1st-2nd-3rd): exact vs simulated; keys are labels already in ``lang`` (the
    question's ``label`` names a card code as the lessons' tables do: "red–green–yellow", "rot–grün–gelb") or
    donkey tuples. The bars stand in the order of the keys given, and each tick says its order one colour a line
    (``stacked``): six names side by side ran into each other on a 390 px phone."""

    def label(order: tuple[str, ...] | str) -> str:
        if isinstance(order, str):
            return order
        return "-".join(palette.style_for(donkey).name(lang) for donkey in order)

    ex = {label(k): v for k, v in exact.items()}
    sim = {label(k): v for k, v in simulated.items()} if simulated else None
    title = say("race_title", lang) if title is None else title
    fig = exact_vs_simulated(ex, sim, title, say("race_axis", lang), say("probability", lang), lang)
    names = list(dict.fromkeys([*(sim or {}), *ex]))
    if names:  # the category order is the keys', whichever trace comes first (bars first, diamonds at the reveal)
        fig.update_xaxes(
            categoryorder="array",
            categoryarray=names,
            tickmode="array",
            tickvals=names,
            ticktext=[stacked(name) for name in names],
            tickangle=0,
        )
    return fig


def stacked(name: str) -> str:
    """An order's name one colour a line, its dashes kept: "red–green–yellow" → "red–<br>green–<br>yellow"."""
    return re.sub(r"([–-])", r"\1<br>", name)


def shares_by_row(
    rows: Sequence[Mapping[str, Any]],
    keys: Sequence[str],
    names: Mapping[str, str],
    styles: Mapping[str, Any],
    title: str,
    x_title: str,
    hover: str = "",
    lang: str = "en",
) -> go.Figure:
    """Stacked exact shares per row (``row``: its x value; one entry per key): e.g. P(safe), P(doublet), P(bust)
    of the next card at each running total. Each key in its declared style (``hex``, ``pattern``; else a series
    colour), named ``names[key]`` (already in ``lang``), a hover saying ``hover`` x: y (= the fraction)."""
    fig = go.Figure()
    for i, key in enumerate(keys):
        style = styles.get(key)
        colour, pattern = (style.hex, style.pattern) if style else (palette.SERIES[i], palette.SERIES_PATTERNS[i])
        name = names.get(key, key)
        fig.add_trace(
            go.Bar(
                x=[r["row"] for r in rows],
                y=[float(r[key]) for r in rows],
                name=name,
                marker={"color": colour, "pattern": {"shape": pattern}},
                text=[str(r[key]) for r in rows],
                textposition="none",
                hovertemplate=f"{hover} %{{x}}: %{{y:.3f}} (= %{{text}})<extra>{name}</extra>",
            )
        )
    return _layout(fig, title, x_title, say("probability", lang), lang, barmode="stack")


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
