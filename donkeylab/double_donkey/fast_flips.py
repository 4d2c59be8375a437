"""Fast path: Angry Donkey flips and card values (Double Donkey phase 2) for millions of Hay cards.

Covers DD-ANGRY-1 (each revealed Angry Donkey turns its colour's die to 7 − pips; with
``angry_flip="toggle_per_card"`` two of one colour flip back, with ``"once_per_colour"`` they flip once) and
DD-VALUE-1 (a Double Donkey is worth the sum of its two colours' dice, an Angry Donkey its one die). The
Hay card comes either from six fair independent dice (``hay="uniform"``) or from the phase-1 fast path
under a choosing policy (``dice.POLICIES``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import numpy as np

from donkeylab.core.fastchunks import IntArray, generator
from donkeylab.double_donkey import fast_dice as dice
from donkeylab.double_donkey import pure
from donkeylab.double_donkey.cards import COLOURS as DD_COLOURS
from donkeylab.double_donkey.pure import flipped_colours  # one rule, pure Python: shared with the twin

RULES_COVERED = pure.flips.RULES_COVERED  # stated once, in the twin numpy-free code can import
COLOURS = DD_COLOURS  # the engine's colour order
FlipMode = Literal["toggle_per_card", "once_per_colour"]


def hay_pips(n: int, seed: int = 0, hay: str = "uniform", last_die: dice.LastDie = "choose") -> IntArray:
    """(n, 6) pips per colour in ``COLOURS`` order."""
    if hay == "uniform":
        return generator(seed, 0).integers(1, 7, size=(n, len(COLOURS)))
    phase = dice.simulate_phase_one(n, seed, hay, last_die)  # type: ignore[arg-type]  # validated inside
    return dice.colour_pips(phase, COLOURS, seed)


def card_values(pips: IntArray, card: Sequence[str], flipped: frozenset[str] = frozenset()) -> IntArray:
    """Value of ``card`` (one colour: Angry Donkey, two: Double Donkey) on each Hay card row."""
    if not 1 <= len(card) <= 2 or not set(card) <= set(COLOURS):
        raise ValueError(f"a card has one or two known colours, not {tuple(card)}")
    total = np.zeros(pips.shape[0], dtype=np.int64)
    for colour in card:
        col = pips[:, COLOURS.index(colour)]
        total += 7 - col if colour in flipped else col
    return total


def flip_distributions(
    card: Sequence[str],
    angry: Sequence[str],
    n: int,
    seed: int = 0,
    hay: str = "uniform",
    mode: FlipMode = "toggle_per_card",
    last_die: dice.LastDie = "choose",
) -> tuple[dict[int, int], dict[int, int]]:
    """Counts of ``card``'s value before and after the Angry Donkeys ``angry`` are revealed; a phase-1 ``hay``
    places the last die under ``last_die`` (DD-DICE-3: "roll" is the German rules)."""
    pips = hay_pips(n, seed, hay, last_die)
    before = card_values(pips, card)
    after = card_values(pips, card, flipped_colours(angry, mode))
    return _counts(before), _counts(after)


def _counts(values: IntArray) -> dict[int, int]:
    counts = np.bincount(values)
    return {v: int(c) for v, c in enumerate(counts) if c}
