"""Chance points: the one place where randomness enters a game.

``CHANCE`` is the value of ``state.current_player`` while the game waits for a die roll, a shuffle or a
roll-off. The helpers here enumerate dice exactly (``Fraction`` probabilities) and sample them from a
``random.Random`` passed in by the caller, so nothing in an engine ever reaches for a global generator.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Final, TypeVar

T = TypeVar("T")


class _Chance:
    """Singleton sentinel; prints as ``CHANCE`` so timelines read well."""

    _instance: _Chance | None = None

    def __new__(cls) -> _Chance:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "CHANCE"

    def __reduce__(self) -> str:
        return "CHANCE"


CHANCE: Final = _Chance()

DIE_FACES: Final[tuple[int, ...]] = (1, 2, 3, 4, 5, 6)

# Above this many outcomes a chance point refuses to enumerate (6**7 already exceeds it).
MAX_ENUMERATED_OUTCOMES: Final = 50_000


def dice_outcomes(k: int) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """All ``6**k`` ordered results of ``k`` fair dice, each with its exact probability."""
    p = Fraction(1, 6**k)
    for faces in itertools.product(DIE_FACES, repeat=k):
        yield faces, p


def roll_dice(rng: random.Random, k: int) -> tuple[int, ...]:
    """``k`` fair dice drawn from ``rng`` (the caller's seeded generator)."""
    return tuple(rng.randint(1, 6) for _ in range(k))


def shuffled(rng: random.Random, items: Sequence[T]) -> tuple[T, ...]:
    """A uniformly random permutation of ``items`` as a new tuple; ``items`` is left alone."""
    out = list(items)
    rng.shuffle(out)
    return tuple(out)


def rng_for(seed: int | str, *path: int | str) -> random.Random:
    """A generator derived from ``seed`` and a path (e.g. a step number).

    Deriving per step (rather than drawing from one stream) makes a timeline independent of how the user
    navigated to it: stepping back and forward again redraws the same die.
    """
    return random.Random(":".join(str(x) for x in (seed, *path)))
