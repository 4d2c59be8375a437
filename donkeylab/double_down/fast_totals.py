"""Fast path: Double Down's running total over k cards, for millions of deals at once.

Covers DN-PLAY-1 (number cards, doublet cards and the 76 add their value), DN-MINUS-1 (−10), DN-ZERO-1,
DN-REVERSE-1 and the total part of DN-DOUBLE-1 (0, direction change and 2x repeat the total), DN-DOUBLET-1
(a new announcement of 11, 22, …, 66 costs a token; repeats do not) and DN-BUST-1 (77 or more ends the
round). It does NOT model who plays (hands, the 2x double turn's ban on a 2x first card, tokens, swimming):
cards come off a uniformly shuffled full deck (or with replacement, the Markov-chain approximation).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import numpy as np

from donkeylab.core.fastchunks import BoolArray, IntArray, run_chunked
from donkeylab.double_down import deck as dn_deck
from donkeylab.double_down import pure

RULES_COVERED = pure.RULES_COVERED  # stated once, in the twin numpy-free code can import
BUST = dn_deck.BUST_AT
DOUBLETS = tuple(sorted(dn_deck.DOUBLETS))


CARD_KIND: IntArray = np.array(dn_deck.CARD_KIND, dtype=np.int64)  # card id -> kind, from the engine's deck
DELTA: IntArray = np.array(dn_deck.DELTA, dtype=np.int64)[CARD_KIND]  # card id -> change of the total
ANNOUNCES: BoolArray = ~np.array(dn_deck.REPEATS, dtype=np.bool_)[CARD_KIND]  # card id -> new announcement


@dataclasses.dataclass(frozen=True)
class Totals:
    """Per trial the running total after each of the first k cards, and which cards were announcements."""

    totals: IntArray  # (n, k)
    announces: BoolArray  # (n, k)
    kinds: IntArray  # (n, k): index into ``double_down.deck.KINDS`` of each card drawn

    def busted(self) -> BoolArray:
        """(n, k): the round is bust at or before card j (DN-BUST-1)."""
        return np.maximum.accumulate(self.totals >= BUST, axis=1)

    def doublet_hits(self) -> IntArray:
        """Tokens lost to doublets (DN-DOUBLET-1) before any bust, per trial."""
        hit = np.isin(self.totals, DOUBLETS) & self.announces
        hits: IntArray = (hit & ~self.busted()).sum(axis=1)
        return hits


def _draw(rng: np.random.Generator, n: int, k: int, replacement: bool, delta: IntArray) -> IntArray:
    m = delta.size
    if replacement:
        return rng.integers(0, m, size=(n, k))
    if k > m:
        raise ValueError(f"cannot draw {k} cards from a deck of {m} without replacement")
    perm = np.tile(np.arange(m, dtype=np.int16), (n, 1))
    rows = np.arange(n)
    for j in range(k):  # a partial Fisher–Yates shuffle: only the first k places are drawn
        r = rng.integers(j, m, size=n)
        a, b = perm[rows, j], perm[rows, r]
        perm[rows, j], perm[rows, r] = b, a
    drawn: IntArray = perm[:, :k].astype(np.int64)
    return drawn


def running_totals(
    k: int,
    n: int,
    seed: int = 0,
    replacement: bool = False,
    on_chunk: Callable[[int, Totals], Any] | None = None,
) -> Totals:
    """``n`` deals of ``k`` cards from a full deck, starting at total 0 (no reset at a bust)."""

    def one(rng: np.random.Generator, size: int) -> Totals:
        idx = _draw(rng, size, k, replacement, DELTA)
        return Totals(np.cumsum(DELTA[idx], axis=1), ANNOUNCES[idx], CARD_KIND[idx])

    parts = run_chunked(n, seed, one, on_chunk)
    if not parts:
        empty = np.empty((0, k), dtype=np.int64)
        return Totals(empty, empty.astype(bool), empty)
    return Totals(*(np.concatenate([getattr(p, f) for p in parts]) for f in ("totals", "announces", "kinds")))


def total_distribution(k: int, n: int, seed: int = 0, replacement: bool = False) -> dict[int, int]:
    """Counts of the total after exactly ``k`` cards."""
    last = running_totals(k, n, seed, replacement).totals[:, -1]
    values, counts = np.unique(last, return_counts=True)
    return {int(v): int(c) for v, c in zip(values, counts, strict=True)}
