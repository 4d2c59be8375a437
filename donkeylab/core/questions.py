"""A question a game asks of itself, declared in plain Python: what one trial's outcome is and, if it can, the
exact answer.

A lesson question of the lab (``lab.question_base.Question``) carries a plotly drawer and, for the three games,
numpy fast paths; a game package may import neither. So a game declares the plain part (``QUESTIONS`` →
``GameInfo.questions``) and the lab turns each into a lesson question named ``<game>.<name>``: seeded batches
of ``trial``, the exact answer beside them, the standard distribution figure. A fourth game so brings a
question a ``LivePlot`` runs without a module in ``lab/``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from typing import Any


@dataclasses.dataclass(frozen=True)
class GameQuestion:
    """One question: ``trial(rng, params)`` plays one trial with the caller's ``random.Random`` and returns its
    outcome (a bar of the figure); ``exact(params)`` maps each outcome to its probability (None: simulated only).
    ``title`` and ``axis`` are catalogue keys (the question as pupils read it, what an outcome counts);
    ``params`` maps each parameter to its default, whose type converts a page's value; ``rules`` names the rule
    IDs the trial covers (shown under the title)."""

    name: str
    title: str
    axis: str
    trial: Callable[[random.Random, Mapping[str, Any]], Hashable]
    exact: Callable[[Mapping[str, Any]], Mapping[Any, Fraction]] | None = None
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    rules: tuple[str, ...] = ()
