"""Fast path: Double Donkey's die-choice phase (phase 1) for millions of trials at once.

Covers DD-DICE-1 (roll every die not yet on the Hay card, place exactly one), DD-DICE-2 (the chosen value
must be new unless every rolled value is already there: a "free choice") and DD-DICE-3 (the last die is
kept or re-rolled in ``english``, always rolled in ``german``). Who holds the dice does not change the
values, so players are not modelled. Colours are exchangeable under the policies here (they look at pips,
never at colours), so only pips are simulated; ``colour_pips`` assigns colours by a uniform permutation.

Policies (the same ones ``double_donkey.exact`` and ``double_donkey.bots.Policy`` state): ``random`` — a
uniformly random legal die, the last die kept or re-rolled with probability 1/2; ``lowest`` / ``highest`` —
the legal die with the lowest / highest pips (ties: any of them, which is the same in pips), the last die
kept on 1-3 / on 4-6, else re-rolled. The last die "already shows" the value it had when the second-to-last
die was chosen, so keeping it is NOT a fresh roll. ``last_die="roll"`` is the german variant.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Literal

import numpy as np

from donkeylab.core.fastchunks import POPCOUNT6, BoolArray, IntArray, generator, run_chunked
from donkeylab.double_donkey import pure

RULES_COVERED = pure.dice.RULES_COVERED  # stated once, in the twin numpy-free code can import
Policy = Literal["random", "lowest", "highest"]
LastDie = Literal["choose", "roll"]
POLICIES: tuple[Policy, ...] = ("random", "lowest", "highest")
DICE = 6


@dataclasses.dataclass(frozen=True)
class PhaseOne:
    """Per trial: pips in the order the dice were placed, and whether each placement was a free choice."""

    pips: IntArray  # (n, 6)
    free: BoolArray  # (n, 6): placement t had every rolled value already on the Hay card

    @property
    def n(self) -> int:
        return int(self.pips.shape[0])

    def distinct(self) -> IntArray:
        """Number of distinct values on the Hay card at the end of phase 1."""
        mask = np.zeros(self.n, dtype=np.int64)
        for t in range(DICE):
            mask |= 1 << (self.pips[:, t] - 1)
        counts: IntArray = POPCOUNT6[mask]
        return counts


def _choose(vals: IntArray, allowed: BoolArray, policy: Policy, rng: np.random.Generator) -> IntArray:
    """Column index of the die each row places."""
    if policy == "random":
        keys = rng.random(vals.shape)
        keys[~allowed] = -1.0
        idx = keys.argmax(axis=1)
    elif policy == "lowest":
        idx = np.where(allowed, vals, 99).argmin(axis=1)
    elif policy == "highest":
        idx = np.where(allowed, vals, -1).argmax(axis=1)
    else:
        raise ValueError(f"unknown policy {policy!r}; choose one of {', '.join(POLICIES)}")
    chosen: IntArray = idx
    return chosen


def _keep(last: IntArray, policy: Policy, last_die: LastDie, rng: np.random.Generator) -> BoolArray:
    """DD-DICE-3: which rows keep the last die's shown value instead of re-rolling it."""
    if last_die == "roll":
        return np.zeros(last.shape, dtype=bool)
    if policy == "lowest":
        return last <= 3
    if policy == "highest":
        return last >= 4
    coin: BoolArray = rng.random(last.shape) < 0.5
    return coin


def _one(rng: np.random.Generator, n: int, policy: Policy, last_die: LastDie) -> PhaseOne:
    pips = np.empty((n, DICE), dtype=np.int64)
    free = np.zeros((n, DICE), dtype=bool)
    mask = np.zeros(n, dtype=np.int64)  # bit v-1 set: value v is on the Hay card
    rows = np.arange(n)
    for t in range(DICE - 1):
        k = DICE - t
        vals = rng.integers(1, 7, size=(n, k))
        new = ((mask[:, None] >> (vals - 1)) & 1) == 0
        free[:, t] = ~new.any(axis=1)
        idx = _choose(vals, new | free[:, t, None], policy, rng)
        pips[:, t] = vals[rows, idx]
        mask |= 1 << (pips[:, t] - 1)
        if k == 2:
            shown = vals[rows, 1 - idx]  # the die left over still shows this value (DD-DICE-3)
    reroll = rng.integers(1, 7, size=n)
    pips[:, -1] = np.where(_keep(shown, policy, last_die, rng), shown, reroll)
    free[:, -1] = ((mask >> (pips[:, -1] - 1)) & 1) == 1
    return PhaseOne(pips, free)


def simulate_phase_one(
    n: int,
    seed: int = 0,
    policy: Policy = "random",
    last_die: LastDie = "choose",
    on_chunk: Callable[[int, PhaseOne], Any] | None = None,
) -> PhaseOne:
    """``n`` independent phase-1 rounds under ``policy`` (``last_die="roll"``: the german DD-DICE-3)."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}; choose one of {', '.join(POLICIES)}")
    if last_die not in ("choose", "roll"):
        raise ValueError(f"last_die must be 'choose' or 'roll', not {last_die!r}")
    parts = run_chunked(n, seed, lambda rng, size: _one(rng, size, policy, last_die), on_chunk)
    if not parts:
        return PhaseOne(np.empty((0, DICE), dtype=np.int64), np.empty((0, DICE), dtype=bool))
    return PhaseOne(np.concatenate([p.pips for p in parts]), np.concatenate([p.free for p in parts]))


def distinct_distribution(
    n: int, seed: int = 0, policy: Policy = "random", last_die: LastDie = "choose"
) -> dict[int, int]:
    """Counts of 1..6 distinct values on the Hay card after phase 1 (a lesson's histogram)."""
    counts = np.bincount(simulate_phase_one(n, seed, policy, last_die).distinct(), minlength=DICE + 1)
    return {d: int(counts[d]) for d in range(1, DICE + 1)}


def free_choice_hits(hay_values: frozenset[int] | set[int], k: int, n: int, seed: int = 0) -> int:
    """How many of ``n`` rolls of ``k`` dice show only values already on the Hay card (DD-DICE-2)."""
    on_hay = np.zeros(7, dtype=bool)
    on_hay[list(hay_values)] = True
    parts = run_chunked(n, seed, lambda rng, size: int(on_hay[rng.integers(1, 7, size=(size, k))].all(axis=1).sum()))
    return sum(parts)


def colour_pips(phase: PhaseOne, colours: tuple[str, ...], seed: int = 0) -> IntArray:
    """Pips per colour column (``colours`` order): the placed values under a uniform colour permutation."""
    rng = generator(seed, 1 << 30)
    perm = rng.permuted(np.tile(np.arange(DICE), (phase.n, 1)), axis=1)
    return np.take_along_axis(phase.pips, perm, axis=1)[:, : len(colours)]
