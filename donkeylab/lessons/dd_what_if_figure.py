"""Lesson 1's "what if?" as a plotly figure for the notebook: for each die the chooser may place, their best
card's value after phase 1, exact beside engine games.

Why here: it is Lesson 1's figure (a lesson's content lives with its lesson), built from the lab's
experiments and figures and Double Donkey's public face (``exact``, ``card_value``); the page itself shows the
same answer as a table (``dd_what_if``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import plotly.graph_objects as go

from donkeylab.core.say import texts
from donkeylab.double_donkey import COLOURS, Choose, card_value, exact
from donkeylab.double_donkey.bots import Policy, PolicyName
from donkeylab.lab import figures
from donkeylab.lab.experiment import rule_trial
from donkeylab.lab.stats import Estimate
from donkeylab.lab.trials import run_trials

_say = texts(
    "figure/",
    {
        "what_if_title": (
            "What if the chooser places this die? Their best card's value after phase 1 (policy {policy})",
            "Was wäre, wenn der Wählende diesen Würfel legt? Der Wert seiner besten Karte nach Phase 1 "
            "(Strategie: {policy})",
        ),
        "what_if_axis": ("best card value (points)", "Wert der besten Karte (Punkte)"),
    },
)


def _hay_full(state: Any) -> bool:
    return len(state.hay) == len(COLOURS)


def what_if(state: Any, n: int = 2000, seed: int = 0, policy: PolicyName = "random", lang: str = "en") -> go.Figure:
    """For each legal die the chooser may place now, the distribution of their best card's value at the end of
    phase 1 — exact (lines) beside ``n`` engine games per choice (bars with CIs).

    The simulation is the engine itself (``rule_trial``): the choice is applied, then every seat places dice by
    ``policy`` until the Hay card is full. "Best card" as in ``double_donkey.exact.what_if``: the lowest value
    the chooser could play alone (an Angry Donkey counts its own flipped die)."""
    hand = [state.cards[cid] for cid in state.hands[state.current_player]]
    exact_dist = exact.what_if_state(state, policy)
    bots = [Policy(policy)] * state.num_players

    def best(final: Any) -> dict[str, Any]:
        dice = tuple(final.hay[c] for c in COLOURS)
        return {"best": min(7 - card_value(c, dice) if c.angry else card_value(c, dice) for c in hand)}

    simulated: dict[str, dict[Any, Estimate]] = {}
    for colour, dist in exact_dist.items():
        trial = rule_trial(state.apply(Choose(colour)), _hay_full, best, bots)
        counts = Counter(r["best"] for r in run_trials(trial, n, seed=f"{seed}:{colour}"))
        simulated[colour] = figures.estimates_from_counts(counts, n, sorted(set(dist) | set(counts)))
    title = _say("what_if_title", lang, policy=_say(f"policy/{policy}", lang))
    return figures.what_if(exact_dist, title, _say("what_if_axis", lang), simulated=simulated, lang=lang)
