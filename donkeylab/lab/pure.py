"""The lab without numpy: pure-Python twins of the fast paths the lesson questions sample from.

Why: the static site runs the apps in the browser (Pyodide), where no numpy build can be had here, and the
engines never needed numpy. ``have_numpy()`` decides once per process; ``lab.questions`` samples from
``lab.fast`` (numpy, ~6 µs a trial) when it is there and from this module (~10-30 µs a trial) when it is not,
so a browser page runs fewer trials per batch (``questions.fit``).

Same rules, same answers, other draws: each function here simulates the same slice of the rules as its
``lab.fast`` twin (the same ``RULES_COVERED``) with a seeded ``random.Random``, so a run is reproducible for
its seed, but a seed gives other draws than numpy's PCG64 does. ``tests/lab/test_pure.py`` checks each one
against the exact answers and against the fast path, within a few standard errors, in a process without numpy.
"""

from __future__ import annotations

import bisect
import os
import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from types import SimpleNamespace
from typing import Any

from donkeylab.double_donkey.cards import COLOURS
from donkeylab.double_down import deck as dn_deck

DICE = 6
#  The rule IDs each twin covers, equal to its fast path's (a test checks): a figure names them either way.
dice = SimpleNamespace(RULES_COVERED=("DD-DICE-1", "DD-DICE-2", "DD-DICE-3"))
flips = SimpleNamespace(RULES_COVERED=("DD-ANGRY-1", "DD-VALUE-1", *dice.RULES_COVERED))
totals = SimpleNamespace(
    RULES_COVERED=("DN-PLAY-1", "DN-MINUS-1", "DN-ZERO-1", "DN-REVERSE-1", "DN-DOUBLE-1", "DN-DOUBLET-1", "DN-BUST-1")
)
race = SimpleNamespace(
    RULES_COVERED=(
        "ER-MOVE-1",
        "ER-MOVE-2",
        "ER-MOVE-3",
        "ER-CHAIN-1",
        "ER-CHAIN-2",
        "ER-CHAIN-3",
        "ER-FINISH-1",
        "ER-END-1",
    )
)


@cache
def have_numpy() -> bool:
    """True when numpy imports (the fast paths); ``DONKEYLAB_PURE=1`` forces the pure path (tests, benchmarks)."""
    if os.environ.get("DONKEYLAB_PURE") == "1":
        return False
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def _die(rng: random.Random) -> int:
    return int(rng.random() * 6) + 1  # 1..6 uniformly (random() < 1), faster than randint


def phase_one(rng: random.Random, policy: str = "random", last_die: str = "choose") -> tuple[list[int], int]:
    """One phase-1 round (DD-DICE-1..3): the pips in placement order and the final Hay-card bit mask.

    The same model as ``lab.fast.dice``: every rolled die not yet placed is rolled, one allowed die is placed
    (a new value, or any value when every rolled value is already there), the last die keeps the value it
    showed or is re-rolled (``english``), or is always rolled (``last_die="roll"``)."""
    mask, pips, shown = 0, [], 0
    for t in range(DICE - 1):
        vals = [_die(rng) for _ in range(DICE - t)]
        allowed = [i for i, v in enumerate(vals) if not (mask >> (v - 1)) & 1] or list(range(len(vals)))
        if policy == "random":
            idx = allowed[int(rng.random() * len(allowed))]
        elif policy == "lowest":
            idx = min(allowed, key=vals.__getitem__)
        elif policy == "highest":
            idx = max(allowed, key=vals.__getitem__)
        else:
            raise ValueError(f"unknown policy {policy!r}; choose one of random, lowest, highest")
        pips.append(vals[idx])
        mask |= 1 << (vals[idx] - 1)
        if len(vals) == 2:
            shown = vals[1 - idx]
    if last_die == "roll":
        keep = False
    elif policy == "lowest":
        keep = shown <= 3
    elif policy == "highest":
        keep = shown >= 4
    else:
        keep = rng.random() < 0.5
    last = shown if keep else _die(rng)
    pips.append(last)
    return pips, mask | 1 << (last - 1)


def distinct_distribution(n: int, seed: int = 0, policy: str = "random", last_die: str = "choose") -> dict[int, int]:
    """Counts of 1..6 distinct values on the Hay card after ``n`` phase-1 rounds (``fast.dice``'s twin)."""
    if last_die not in ("choose", "roll"):
        raise ValueError(f"last_die must be 'choose' or 'roll', not {last_die!r}")
    rng = random.Random(seed)
    counts = Counter(phase_one(rng, policy, last_die)[1].bit_count() for _ in range(n))
    return {d: counts.get(d, 0) for d in range(1, DICE + 1)}


def flipped_colours(angry: Sequence[str], mode: str = "toggle_per_card") -> frozenset[str]:
    """The colours whose die ends up flipped (DD-ANGRY-1; ``fast.flips.flipped_colours``' twin)."""
    unknown = set(angry) - set(COLOURS)
    if unknown:
        raise ValueError(f"unknown colour(s) {sorted(unknown)}; known: {', '.join(COLOURS)}")
    if mode == "once_per_colour":
        return frozenset(angry)
    if mode == "toggle_per_card":
        return frozenset(c for c, k in Counter(angry).items() if k % 2)
    raise ValueError(f"unknown angry_flip mode {mode!r}")


def card_value(pips: Sequence[int], card: Sequence[str], flipped: frozenset[str] = frozenset()) -> int:
    """DD-VALUE-1: ``card``'s value on one Hay card (pips in ``COLOURS`` order), flipped colours as 7 − pips."""
    if not 1 <= len(card) <= 2 or not set(card) <= set(COLOURS):
        raise ValueError(f"a card has one or two known colours, not {tuple(card)}")
    total = 0
    for colour in card:
        p = pips[COLOURS.index(colour)]
        total += 7 - p if colour in flipped else p
    return total


def hay_pips(rng: random.Random, hay: str = "uniform", last_die: str = "choose") -> list[int]:
    """One Hay card, pips per colour: six fair dice, or a phase-1 round under policy ``hay`` (the last die under
    ``last_die``) with its values given to the colours in a uniformly random order (colours are exchangeable
    under these policies)."""
    if hay == "uniform":
        return [_die(rng) for _ in COLOURS]
    pips = phase_one(rng, hay, last_die)[0]
    rng.shuffle(pips)
    return pips


def flip_distributions(
    card: Sequence[str],
    angry: Sequence[str],
    n: int,
    seed: int = 0,
    hay: str = "uniform",
    mode: str = "toggle_per_card",
    last_die: str = "choose",
) -> tuple[dict[int, int], dict[int, int]]:
    """Counts of ``card``'s value before and after the Angry Donkeys ``angry`` (``fast.flips``' twin)."""
    if last_die not in ("choose", "roll"):
        raise ValueError(f"last_die must be 'choose' or 'roll', not {last_die!r}")
    rng = random.Random(seed)
    flipped = flipped_colours(angry, mode)
    before: Counter[int] = Counter()
    after: Counter[int] = Counter()
    for _ in range(n):
        pips = hay_pips(rng, hay, last_die)
        before[card_value(pips, card)] += 1
        after[card_value(pips, card, flipped)] += 1
    return dict(sorted(before.items())), dict(sorted(after.items()))


_DELTA = tuple(dn_deck.DELTA[k] for k in dn_deck.CARD_KIND)  # card id -> change of the total


def total_distribution(k: int, n: int, seed: int = 0, replacement: bool = False) -> dict[int, int]:
    """Counts of Double Down's total after ``k`` cards from a full deck (``fast.totals``' twin)."""
    m = len(_DELTA)
    if not replacement and k > m:
        raise ValueError(f"cannot draw {k} cards from a deck of {m} without replacement")
    rng = random.Random(seed)
    ids = range(m)
    if replacement:
        counts = Counter(sum(_DELTA[int(rng.random() * m)] for _ in range(k)) for _ in range(n))
    else:
        counts = Counter(sum(_DELTA[c] for c in rng.sample(ids, k)) for _ in range(n))
    return dict(sorted(counts.items()))


def next_card_outcomes(outcome: Sequence[str], n: int, seed: int = 0) -> Counter[str]:
    """``n`` cards drawn from a full deck (``outcome[card id]`` is what it does): counts per outcome."""
    rng = random.Random(seed)
    m = len(outcome)
    return Counter(outcome[int(rng.random() * m)] for _ in range(n))


class RaceWalk:
    """The race chain (``esels_rennen.exact.random_play_chain``) as cumulative tables: a race walks it one
    uniform number per turn (``fast.race.RaceArrays``' twin, with bisection instead of alias tables)."""

    def __init__(self, chain: Any) -> None:
        self.cum: list[list[float]] = []
        self.targets: list[list[int]] = []
        for options in chain.successors:
            total, cum = 0.0, []
            for _, p in options:
                total += float(p)
                cum.append(total)
            if cum:
                cum[-1] = 2.0  # round-off never falls off the end
            self.cum.append(cum)
            self.targets.append([j for j, _ in options])
        self.outcome: list[Any] = list(chain.outcome)
        start = tuple(getattr(chain, "start", ((0, 1),)))
        self.start = [i for i, _ in start]
        self.start_cum = [float(sum(p for _, p in start[: j + 1])) for j in range(len(start))]
        self.start_cum[-1] = 2.0

    def orders(self, n: int, seed: int = 0, max_steps: int = 100_000) -> Counter[tuple[str, ...]]:
        """Finishing orders of ``n`` races under uniformly random play."""
        rng = random.Random(seed)
        out: Counter[tuple[str, ...]] = Counter()
        cum, targets, outcome = self.cum, self.targets, self.outcome
        for _ in range(n):
            s = self.start[bisect.bisect_right(self.start_cum, rng.random())]
            for _ in range(max_steps):
                if outcome[s] is not None:
                    break
                s = targets[s][bisect.bisect_right(cum[s], rng.random())]
            else:
                raise RuntimeError(f"a race did not end within {max_steps} steps")
            out[tuple(outcome[s])] += 1
        return out
