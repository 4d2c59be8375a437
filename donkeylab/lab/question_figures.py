"""The figure kinds a game's question is drawn with (``core.questions.FIGURES``), in the words it declares.

Why kinds and not a drawer per question: a game package may not import plotly, and five questions of three
games drew the same five pictures. So a game names the kind and gives its words (a title key with its
placeholders, an axis key, a label per outcome or group that is not a number); every figure here adds the
lab's grammar (exact diamonds, simulated bars with 95 % whiskers) in ``lang``. A title names no rule IDs: a
pupil's page shows these figures.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from numbers import Number
from typing import TYPE_CHECKING, Any

from donkeylab.core.questions import GameQuestion
from donkeylab.core.say import texts
from donkeylab.lab.running import running_estimates

if TYPE_CHECKING:
    import plotly.graph_objects as go

Exact = dict[Any, Any]
Drawer = Callable[[GameQuestion, "Exact | None", "Mapping[Any, int] | None", int, dict[str, Any], str], "go.Figure"]


# ``text(key, lang, **data)``: catalogue text ``key`` (a question's own, whole key) in ``lang`` with ``data`` filled
# in as given (already in ``lang``: no value is translated again, unlike ``CATALOGUE.render``)
text = texts("")


def title(q: GameQuestion, params: Mapping[str, Any], lang: str) -> str:
    """The question as the figure's title, in words (the rules its simulation plays stay in ``q.rules``)."""
    words = q.words(params, lang) if q.words else _plain(params)
    return text(q.title, lang, **words)


def _plain(params: Mapping[str, Any]) -> dict[str, Any]:
    """A title's placeholders where the game gives no words: its whole-number parameters."""
    return {k: v for k, v in params.items() if isinstance(v, int) and not k.startswith("_")}


def _label(q: GameQuestion, key: Any, lang: str) -> Any:
    return q.label(key, lang) if q.label is not None else key


def _keys(exact: Exact, counts: Mapping[Any, int] | None) -> list[Any]:
    """The x values: the exact answer's in its order, then any only simulated; numbers in numeric order."""
    keys = list(exact) + [k for k in (counts or {}) if k not in exact]
    return sorted(keys) if all(isinstance(k, Number) for k in keys) else keys


def distribution(
    q: GameQuestion, ex: Exact | None, counts: Mapping[Any, int] | None, n: int, p: dict[str, Any], lang: str
) -> go.Figure:
    from donkeylab.lab import figures

    keys = _keys(ex or {}, counts)
    shown = {k: _label(q, k, lang) for k in keys}
    exact = {shown[k]: ex[k] for k in keys if ex and k in ex} or None
    sim = None
    if counts is not None:
        sim = {shown[k]: e for k, e in figures.estimates_from_counts(counts, n, keys).items()}
    return figures.exact_vs_simulated(exact, sim, title(q, p, lang), say_axis(q, lang), lang=lang)


def series(
    q: GameQuestion, ex: Exact | None, counts: Mapping[Any, int] | None, n: int, p: dict[str, Any], lang: str
) -> go.Figure:
    """One distribution per group (keys ``(group, value)``), side by side; a group's name from ``label``."""
    from donkeylab.lab import figures

    ex = ex or {}
    groups = list(dict.fromkeys(g for g, _ in [*ex, *(counts or {})]))
    shown = {g: _label(q, g, lang) for g in groups}
    exact = {shown[g]: {v: x for (h, v), x in ex.items() if h == g} for g in groups if any(h == g for h, _ in ex)}
    keys = sorted({v for _, v in [*ex, *(counts or {})]})
    sims = {}
    if counts is not None:
        for g in groups:
            mine = {v: c for (h, v), c in counts.items() if h == g}
            sims[shown[g]] = figures.estimates_from_counts(mine, n, keys)
    return figures.side_by_side(sims, title(q, p, lang), say_axis(q, lang), exact=exact, lang=lang)


def shares(
    q: GameQuestion, ex: Exact | None, counts: Mapping[Any, int] | None, n: int, p: dict[str, Any], lang: str
) -> go.Figure:
    """Exact outcome shares stacked per row (keys ``(row, outcome)``): the risk of the next card per total. Each
    outcome in the colour the question declares (``styles``); ``words`` gives ``row``, a row's name in a hover."""
    from donkeylab.lab import figures

    rows: dict[Any, dict[str, Any]] = {}
    for (row, outcome), x in (ex or {}).items():
        rows.setdefault(row, {"row": row})[outcome] = x
    outcomes = list(dict.fromkeys(o for _, o in (ex or {})))
    names = {o: _label(q, o, lang) for o in outcomes}
    hover = (q.words(p, lang) if q.words else {}).get("row", "")
    return figures.shares_by_row(
        [rows[r] for r in sorted(rows)], outcomes, names, q.styles, title(q, p, lang), say_axis(q, lang), hover, lang
    )


def orders(
    q: GameQuestion, ex: Exact | None, counts: Mapping[Any, int] | None, n: int, p: dict[str, Any], lang: str
) -> go.Figure:
    """Finishing orders (keys: the orders' card codes, named by the question's ``label``), exact beside
    simulated, in the question's fixed order (``outcomes``): the bars keep their places from the first batch to
    after the reveal, whatever order the races met the orders in."""
    from donkeylab.lab import figures

    ex = ex or {}
    keys = list(dict.fromkeys([*q.outcomes, *(ex or counts or {})]))
    sim = figures.estimates_from_counts(counts, n, keys) if counts is not None else None
    exact = {_label(q, k, lang): ex[k] for k in keys if k in ex}
    shown = {_label(q, k, lang): e for k, e in sim.items()} if sim is not None else None
    fig = figures.race_orders(exact, shown, title(q, p, lang), lang)
    return fig if exact or shown else figures.waiting(fig, lang)  # sealed, nothing simulated: no order named


def running(
    q: GameQuestion, ex: Exact | None, counts: Mapping[Any, int] | None, n: int, p: dict[str, Any], lang: str
) -> go.Figure:
    """A yes/no question's running estimate with its 95 % band; ``ex`` None draws no exact line (a class guessing
    before the reveal)."""
    from donkeylab.lab import figures

    value = None if ex is None else ex.get("p")
    shown = title(q, p, lang)
    if counts is None or n == 0:
        empty = figures.convergence([], [], shown, say_axis(q, lang), exact=value, lang=lang)
        return figures.waiting(empty, lang, q.y_range or (0, 1))
    ns, est = running_estimates(Counter(counts), n)
    fig = figures.convergence(ns, est, shown, say_axis(q, lang), exact=value, lang=lang)
    return fig.update_layout(yaxis={"range": list(q.y_range)}) if q.y_range is not None else fig


def say_axis(q: GameQuestion, lang: str) -> str:
    return text(q.axis, lang)


DRAWERS: dict[str, Drawer] = {
    "distribution": distribution,
    "series": series,
    "shares": shares,
    "orders": orders,
    "running": running,
}
