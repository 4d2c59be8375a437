"""Ready-made lesson figures: a question's exact answer beside its seeded simulation, in one call.

Every question of the registry (``questions``: each game's declared ones, and a lesson's own) has the same
grammar (exact diamonds, simulated bars with 95% whiskers), so a notebook cell or the CLI needs one line:
``figure("double_down.total_after", k=3)``. A lesson figure is the LivePlot's final figure for the same ``n``
and ``seed``. Reproducible: the figure depends only on the arguments; the title says which rules the
simulation covered. ``lang`` ("en" or "de") is the language of every word in the figure. No question lives
here (a question lives with its game or its lesson).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import plotly.graph_objects as go

from donkeylab.lab import figures, questions
from donkeylab.lab.figure_words import say


def figure(name: str, n: int = 100_000, seed: int = 0, lang: str = "en", **params: Any) -> go.Figure:
    """The question ``name``'s figure for ``(n, seed)`` with the default batch (capped at the question's own
    largest batch): the same data a LivePlot ends with."""
    question = questions.get(name)
    return question.answer(n, seed, min(questions.DEFAULT_BATCH, question.max_batch), params=params, lang=lang)


def convergence(hits: Sequence[bool | int], exact: Fraction | float | None, title: str, lang: str = "en") -> go.Figure:
    """The running estimate of a yes/no question with its 95% band, closing in on the exact value
    (``title`` is shown as given: pass it in ``lang``)."""
    ns, est = figures.running_estimates(hits)
    return figures.convergence(ns, est, title, say("estimated", lang), exact=exact, lang=lang)


def headline(name: str, n: int = 100_000, seed: int = 0, lang: str = "en", **params: Any) -> go.Figure:
    """A lesson's headline as a running estimate with its 95 % band closing in on the exact line: the final
    figure of the lesson's convergence LivePlot (an ``indexed`` question, e.g. ``headline("double_down.token_at",
    total=65)``). The same grammar as ``convergence``, drawn from seeded batches instead of a list of hits."""
    if not questions.get(name).indexed:
        headlines = [q for q in questions.names() if questions.get(q).indexed]
        raise ValueError(f"{name!r} is no lesson headline; choose one of {headlines}")
    return figure(name, n, seed, lang, **params)
