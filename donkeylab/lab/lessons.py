"""Ready-made lesson figures: an engine's exact answer beside a seeded fast-path simulation, in one call.

Each function answers one lesson question with the same grammar (exact diamonds, simulated bars with 95%
whiskers) so a notebook cell or an app needs one line. Reproducible: the figure depends only on the
arguments (``n``, ``seed``, the rules); the title says which rules the simulation covered.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import plotly.graph_objects as go

from donkeylab.lab import figures
from donkeylab.lab.fast import dice, flips, race, totals
from donkeylab.lab.stats import Estimate


def _title(main: str, module: Any) -> str:
    """The question as the title, the rules the simulation covers as a small second line."""
    return f"{main}<br><sup>simulation covers {', '.join(module.RULES_COVERED)}</sup>"


def distinct_values(
    n: int = 100_000, seed: int = 0, policy: dice.Policy = "random", last_die: dice.LastDie = "choose"
) -> go.Figure:
    """How many different values end up on the Hay card after phase 1?"""
    from donkeylab.double_donkey import exact

    ex = exact.distinct_values_distribution(policy, last_die)
    sim = figures.estimates_from_counts(dice.distinct_distribution(n, seed, policy, last_die), n, list(ex))
    title = _title(f"Distinct values on the Hay card after phase 1 (policy {policy})", dice)
    return figures.exact_vs_simulated(ex, sim, title, "distinct values on the Hay card")


def flip(
    card: Sequence[str], angry: Sequence[str], n: int = 100_000, seed: int = 0, policy: dice.Policy = "random"
) -> go.Figure:
    """A card's value before and after the Angry Donkeys ``angry`` flip their dice (after phase 1)."""
    from donkeylab.double_donkey import exact

    before, after = flips.flip_distributions(card, angry, n, seed, hay=policy)
    ex_before = exact.card_value_distribution(card, (), policy)
    ex_after = exact.card_value_distribution(card, tuple(angry), policy)
    keys = sorted(set(ex_before) | set(ex_after))
    series = {
        "before the flip": figures.estimates_from_counts(before, n, keys),
        "after the flip": figures.estimates_from_counts(after, n, keys),
    }
    exact_series = {"before the flip": ex_before, "after the flip": ex_after}
    name = " + ".join(c.replace("_", " ") for c in card)
    title = _title(f"Value of the card {name} before and after {', '.join(angry)} flips", flips)
    return figures.side_by_side(series, title, "card value (points)", exact=exact_series)


def total_after(k: int, n: int = 100_000, seed: int = 0, replacement: bool = False) -> go.Figure:
    """Double Down: the running total after ``k`` cards off a shuffled deck (or with replacement)."""
    from donkeylab.double_down import exact

    law = exact.total_distribution_with_replacement if replacement else exact.total_distribution_without_replacement
    ex: dict[int, Fraction] = law(k)
    sim = figures.estimates_from_counts(totals.total_distribution(k, n, seed, replacement), n, list(ex))
    how = "with" if replacement else "without"
    title = _title(f"Double Down: total after {k} cards, drawn {how} replacement", totals)
    return figures.exact_vs_simulated(ex, sim, title, "running total (points)")


def risk() -> go.Figure:
    """Double Down: P(safe / doublet / bust) of the next card for every running total (exact)."""
    from donkeylab.double_down import exact

    return figures.risk_by_total(exact.lesson_tables()["risk_by_total"])


def race_orders(board: Any = None, rules: Any = None, n: int = 100_000, seed: int = 0) -> go.Figure:
    """Esels-Rennen: is the race fair? Each finishing order, exact and simulated (random play)."""
    from donkeylab.esels_rennen import Board, exact, load_board

    odds = exact.race_odds(board, rules)
    races = race.simulate_races(race.RaceArrays.from_chain(exact.random_play_chain(board, rules)), n, seed)
    sim = {"".join(d[0].upper() for d in o): c for o, c in races.order_counts().items()}
    ex = dict(odds.order_probability)
    shown = board if isinstance(board, Board) else load_board(board if board is not None else "default")
    label = f" on board '{shown.name}'" + (
        " (our reconstruction, not the printed board)" if shown.reconstruction else ""
    )
    title = _title(f"Esels-Rennen: probability of each finishing order (random play){label}", race)
    return figures.race_orders(ex, figures.estimates_from_counts(sim, n, list(ex)), title)


def convergence(hits: Sequence[bool | int], exact: Fraction | float | None, title: str) -> go.Figure:
    """The running estimate of a yes/no question with its 95% band, closing in on the exact value."""
    ns, est = figures.running_estimates(hits)
    return figures.convergence(ns, est, title, "estimated probability", exact=exact)


def _hay_full(state: Any) -> bool:
    return len(state.hay) == len(flips.COLOURS)


def what_if(state: Any, n: int = 2000, seed: int = 0, policy: dice.Policy = "random") -> go.Figure:
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
    title = f"What if the chooser places this die? Their best card's value after phase 1 (policy {policy})"
    return figures.what_if(exact_dist, title, "best card value (points)", simulated=simulated)
