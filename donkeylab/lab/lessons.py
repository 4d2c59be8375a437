"""Ready-made lesson figures: an engine's exact answer beside a seeded fast-path simulation, in one call.

Each function answers one lesson question with the same grammar (exact diamonds, simulated bars with 95%
whiskers) so a notebook cell or an app needs one line. The questions themselves (exact answer, seeded batch
simulator, figure) live in ``questions``, shared with the ``LivePlot`` widget: a lesson figure is the
LivePlot's final figure for the same ``n`` and ``seed``. Reproducible: the figure depends only on the
arguments; the title says which rules the simulation covered. ``lang`` ("en" or "de") is the language of
every word in the figure.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import plotly.graph_objects as go

from donkeylab.lab import figures, questions
from donkeylab.lab.fast import dice, flips
from donkeylab.lab.figure_words import say
from donkeylab.lab.stats import Estimate


def _answer(name: str, n: int, seed: int, lang: str, **params: Any) -> go.Figure:
    """The question's figure for ``(n, seed)`` with the default batch: the same data a LivePlot ends with."""
    return questions.get(name).answer(n, seed, params=params, lang=lang)


def distinct_values(
    n: int = 100_000,
    seed: int = 0,
    policy: dice.Policy = "random",
    last_die: dice.LastDie = "choose",
    lang: str = "en",
) -> go.Figure:
    """How many different values end up on the Hay card after phase 1?"""
    return _answer("double_donkey.distinct_values", n, seed, lang, policy=policy, last_die=last_die)


def flip(
    card: Sequence[str],
    angry: Sequence[str],
    n: int = 100_000,
    seed: int = 0,
    policy: dice.Policy = "random",
    lang: str = "en",
) -> go.Figure:
    """A card's value before and after the Angry Donkeys ``angry`` flip their dice (after phase 1)."""
    return _answer("double_donkey.flip", n, seed, lang, card=card, angry=angry, policy=policy)


def total_after(k: int, n: int = 100_000, seed: int = 0, replacement: bool = False, lang: str = "en") -> go.Figure:
    """Double Down: the running total after ``k`` cards off a shuffled deck (or with replacement)."""
    return _answer("double_down.total_after", n, seed, lang, k=k, replacement=replacement)


def risk(lang: str = "en") -> go.Figure:
    """Double Down: P(safe / doublet / bust) of the next card for every running total (exact)."""
    return _answer("double_down.risk", 0, 0, lang)


def race_orders(board: Any = None, rules: Any = None, n: int = 100_000, seed: int = 0, lang: str = "en") -> go.Figure:
    """Esels-Rennen: is the race fair? Each finishing order, exact and simulated (random play)."""
    return _answer("esels_rennen.race_orders", n, seed, lang, board=board, rules=rules)


def convergence(hits: Sequence[bool | int], exact: Fraction | float | None, title: str, lang: str = "en") -> go.Figure:
    """The running estimate of a yes/no question with its 95% band, closing in on the exact value
    (``title`` is shown as given: pass it in ``lang``)."""
    ns, est = figures.running_estimates(hits)
    return figures.convergence(ns, est, title, say("estimated", lang), exact=exact, lang=lang)


def headline(name: str, n: int = 100_000, seed: int = 0, lang: str = "en", **params: Any) -> go.Figure:
    """A lesson's headline as a running estimate with its 95 % band closing in on the exact line: the final
    figure of the lesson's convergence LivePlot (``questions_lessons``, e.g. ``headline("lesson.token_at",
    total=70)``). The same grammar as ``convergence``, drawn from seeded batches instead of a list of hits."""
    if not name.startswith("lesson."):
        raise ValueError(
            f"{name!r} is no lesson headline; choose one of {[q for q in questions.names() if q.startswith('lesson.')]}"
        )
    question = questions.get(name)
    return question.answer(n, seed, min(questions.DEFAULT_BATCH, question.max_batch), params=params, lang=lang)


def _hay_full(state: Any) -> bool:
    return len(state.hay) == len(flips.COLOURS)


def what_if(state: Any, n: int = 2000, seed: int = 0, policy: dice.Policy = "random", lang: str = "en") -> go.Figure:
    """Double Donkey: for each legal die the chooser may place now, the distribution of their best card's
    value at the end of phase 1 — exact (lines) beside ``n`` engine games per choice (bars with CIs).

    The simulation is the engine itself (``rule_trial``): the choice is applied, then every seat places
    dice by ``policy`` until the Hay card is full. "Best card" as in ``double_donkey.exact.what_if``: the
    lowest value the chooser could play alone (an Angry Donkey counts its own flipped die).
    """
    from donkeylab.double_donkey import Choose, exact
    from donkeylab.double_donkey.bots import Policy
    from donkeylab.lab.experiment import rule_trial
    from donkeylab.lab.trials import run_trials

    chooser = state.current_player
    hand = [state.cards[cid].colour_names for cid in state.hands[chooser]]
    exact_dist = exact.what_if_state(state, policy)
    bots = [Policy(policy)] * state.num_players

    def best(final: Any) -> dict[str, Any]:
        pips = np.array([[final.hay[c] for c in flips.COLOURS]])
        values = [
            int(flips.card_values(pips, card, frozenset(card) if len(card) == 1 else frozenset())[0]) for card in hand
        ]
        return {"best": min(values)}

    simulated: dict[str, dict[Any, Estimate]] = {}
    for colour, dist in exact_dist.items():
        trial = rule_trial(state.apply(Choose(colour)), _hay_full, best, bots)
        counts = Counter(r["best"] for r in run_trials(trial, n, seed=f"{seed}:{colour}"))
        simulated[colour] = figures.estimates_from_counts(counts, n, sorted(set(dist) | set(counts)))
    title = say("what_if_title", lang, policy=say(f"policy/{policy}", lang))
    axis = say("what_if_axis", lang)
    return figures.what_if(exact_dist, title, axis, simulated=simulated, lang=lang)
