"""Double Down's samplers without numpy: the twins of ``fast_totals`` the browser runs (Pyodide has no numpy
here; ``core.fastpath.pick`` chooses).

Same rules, same answers, other draws: each function simulates the same slice of the rules as its numpy twin
(the same ``RULES_COVERED``) with a seeded ``random.Random``, so a run is reproducible for its seed, but a seed
gives other draws than numpy's PCG64 does. ``tests/lab/test_pure.py`` checks each against the exact answers and
against the fast path, within a few standard errors, in a process without numpy.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from donkeylab.double_down import deck as dn_deck

RULES_COVERED = ("DN-PLAY-1", "DN-MINUS-1", "DN-ZERO-1", "DN-REVERSE-1", "DN-DOUBLE-1", "DN-DOUBLET-1", "DN-BUST-1")
_DELTA = tuple(dn_deck.DELTA[k] for k in dn_deck.CARD_KIND)  # card id -> change of the total


def total_distribution(k: int, n: int, seed: int = 0, replacement: bool = False) -> dict[int, int]:
    """Counts of Double Down's total after ``k`` cards from a full deck (``fast_totals``' twin)."""
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
