"""The lesson questions by name (``game.question``): an exact answer, a seeded batch simulator and a figure.

One mechanism serves every place a lesson question appears: ``lessons`` (one call, one figure), the
``LivePlot`` widget (exact markers at once, simulated bars filling in batch by batch) and the CLI. Each
``Question`` knows its parameters with defaults, computes the exact answer with the engines' ``exact``
modules, and simulates with the lab's numpy fast paths (``lab.pure``'s twins where numpy is missing, e.g. in the
browser: ``fit`` then makes a page's runs ten times smaller).

Reproducibility: batch ``b`` of a run draws only from a seed derived from ``(seed, b)`` (``core.rng_for``), so
the counts depend on ``(seed, n, batch)`` alone — not on how often a widget redrew, when it was stopped and
restarted, or who iterates. The lesson figure for ``(n, seed)`` is the LivePlot's final figure for the same
``(n, seed)`` and the default ``batch``.

Keys: the exact answer maps a value to its ``Fraction``. A question with several distributions in one figure
(``grouped``: the flip's before/after, the risk per running total) keys them ``(group, value)``; each group
then sums to 1. Simulated counts use the same keys. plotly is imported only when a figure is built.

Language: keys stay English identifiers (``"before the flip"``); every word a figure shows is looked up in
``figure_words`` for the ``lang`` passed to ``figure``/``answer`` ("en" or "de"), so a German page shows a
German figure of the same numbers.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from donkeylab.double_donkey.bots import POLICIES
from donkeylab.lab import questions_checks, questions_games, questions_lessons, questions_race  # noqa: F401
from donkeylab.lab.figure_words import angry_donkeys, card_name, number, say
from donkeylab.lab.question_base import (
    DEFAULT_BATCH,
    DEFAULT_N,
    MAX_BATCH,
    MAX_BATCHES,
    MAX_N,
    PURE_SCALE,
    QUESTIONS,
    Counts,
    Drawer,
    Exact,
    Param,
    Params,
    Question,
    Sampler,
    _title,
    batch_count,
    batch_seed,
    batch_sizes,
    fit,
    get,
    names,
    register,
    sim_module,
)
from donkeylab.lab.questions_lessons import LAST_DIE
from donkeylab.lab.questions_race import race_orders_figure

if TYPE_CHECKING:
    import plotly.graph_objects as go

__all__ = [
    "DEFAULT_BATCH",
    "DEFAULT_N",
    "MAX_BATCH",
    "MAX_BATCHES",
    "MAX_N",
    "POLICY",
    "PURE_SCALE",
    "QUESTIONS",
    "Counts",
    "Drawer",
    "Exact",
    "Param",
    "Params",
    "Question",
    "Sampler",
    "batch_count",
    "batch_seed",
    "batch_sizes",
    "fit",
    "get",
    "names",
    "race_orders_figure",
    "register",
]


# ---------------------------------------------------------------------------------------------- the questions
def _colours(value: Any) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(str(c) for c in value)


POLICY = Param("policy", "random", "how every seat chooses its die", POLICIES)


def _distinct_exact(p: Params) -> Exact:
    from donkeylab.double_donkey import exact

    return exact.distinct_values_distribution(p["policy"], p["last_die"])


def _distinct_sample(size: int, seed: int, p: Params) -> Counts:
    dice = sim_module("dice", sampling=True)

    return Counter(dice.distinct_distribution(size, seed, p["policy"], p["last_die"]))


def _distinct_draw(ex: Exact, counts: Counts | None, n: int, p: Params, lang: str) -> go.Figure:
    from donkeylab.lab import figures

    dice = sim_module("dice")

    sim = figures.estimates_from_counts(counts, n, list(ex)) if counts is not None else None
    title = _title(say("distinct_title", lang, policy=say(f"policy/{p['policy']}", lang)), dice, lang)
    return figures.exact_vs_simulated(ex, sim, title, say("distinct_axis", lang), lang=lang)


register(
    Question(
        "double_donkey.distinct_values",
        "How many different values end up on the Hay card after phase 1?",
        (POLICY, LAST_DIE),
        _distinct_exact,
        _distinct_draw,
        _distinct_sample,
        fast=True,
    )
)

FLIP_SERIES = ("before the flip", "after the flip")


def _flip_exact(p: Params) -> Exact:
    from donkeylab.double_donkey import exact

    before = exact.card_value_distribution(p["card"], (), p["policy"], p["last_die"])
    after = exact.card_value_distribution(p["card"], p["angry"], p["policy"], p["last_die"])
    return {**{(FLIP_SERIES[0], v): q for v, q in before.items()}, **{(FLIP_SERIES[1], v): q for v, q in after.items()}}


def _flip_sample(size: int, seed: int, p: Params) -> Counts:
    flips = sim_module("flips", sampling=True)

    before, after = flips.flip_distributions(p["card"], p["angry"], size, seed, hay=p["policy"], last_die=p["last_die"])
    return Counter(
        {**{(FLIP_SERIES[0], v): c for v, c in before.items()}, **{(FLIP_SERIES[1], v): c for v, c in after.items()}}
    )


def _flip_draw(ex: Exact, counts: Counts | None, n: int, p: Params, lang: str) -> go.Figure:
    from donkeylab.lab import figures

    flips = sim_module("flips")

    shown = {s: say(s, lang) for s in FLIP_SERIES}  # the keys stay English, the legend follows lang
    exact_series = {shown[s]: {v: q for (g, v), q in ex.items() if g == s} for s in FLIP_SERIES}
    keys = sorted({v for _, v in ex})
    series = {}
    if counts is not None:
        for s in FLIP_SERIES:
            mine = {v: c for (g, v), c in counts.items() if g == s}
            series[shown[s]] = figures.estimates_from_counts(mine, n, keys)
    title = _title(
        say("flip_title", lang, card=card_name(p["card"], lang), angry=angry_donkeys(p["angry"], lang)), flips, lang
    )
    return figures.side_by_side(series, title, say("flip_axis", lang), exact=exact_series, lang=lang)


register(
    Question(
        "double_donkey.flip",
        "A card's value before and after Angry Donkeys flip their dice",
        (
            Param("card", ("light_blue", "orange"), "the card: one colour (Angry Donkey) or two", convert=_colours),
            Param("angry", ("orange",), "the colours of the Angry Donkeys revealed", convert=_colours),
            POLICY,
            LAST_DIE,  # phase 1's last die: the English rules by default, "roll" for the German ones
        ),
        _flip_exact,
        _flip_draw,
        _flip_sample,
        grouped=True,
        fast=True,
    )
)


def _total_exact(p: Params) -> Exact:
    from donkeylab.double_down import exact

    law = (
        exact.total_distribution_with_replacement if p["replacement"] else exact.total_distribution_without_replacement
    )
    return law(p["k"])


def _total_sample(size: int, seed: int, p: Params) -> Counts:
    totals = sim_module("totals", sampling=True)

    return Counter(totals.total_distribution(p["k"], size, seed, p["replacement"]))


def _total_draw(ex: Exact, counts: Counts | None, n: int, p: Params, lang: str) -> go.Figure:
    from donkeylab.lab import figures

    totals = sim_module("totals")

    sim = figures.estimates_from_counts(counts, n, list(ex)) if counts is not None else None
    how = say("with" if p["replacement"] else "without", lang)
    title = _title(say("total_title", lang, k=number(p["k"], lang), how=how), totals, lang)
    return figures.exact_vs_simulated(ex, sim, title, say("total_axis", lang), lang=lang)


register(
    Question(
        "double_down.total_after",
        "Double Down: the running total after k cards",
        (
            Param("k", 3, "number of cards played", convert=int),
            Param("replacement", False, "draw with replacement (the Markov-chain approximation)", convert=bool),
        ),
        _total_exact,
        _total_draw,
        _total_sample,
        fast=True,
    )
)


def _risk_exact(p: Params) -> Exact:
    from donkeylab.double_down import exact
    from donkeylab.double_down.deck import BUST_AT

    return {(t, o): q for t in range(BUST_AT) for o, q in exact.next_card_risk(t).items()}


def _risk_draw(ex: Exact, counts: Counts | None, n: int, p: Params, lang: str) -> go.Figure:
    from donkeylab.lab import figures

    rows: dict[int, dict[str, Any]] = {}
    for (total, outcome), q in ex.items():
        rows.setdefault(total, {"total": total})[outcome] = q
    return figures.risk_by_total([rows[t] for t in sorted(rows)], lang=lang)


register(
    Question(
        "double_down.risk",
        "Double Down: how risky is the next card at each running total? (exact)",
        (),
        _risk_exact,
        _risk_draw,
        None,
        grouped=True,
    )
)
