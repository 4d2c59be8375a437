"""The 56-card LOBO 77 deck as data: card kinds, how many of each, and what each kind does to the total.

Cards have stable ids 0..55 (``CARD_KIND[id]``), grouped by kind in ``KINDS`` order, so a ``Deal`` is a
permutation of ids. Inside the engine a card is only its kind index: copies of a card are interchangeable,
so a pupil chooses "a 9", never "9 copy #2", and hands, piles and legal-action caches stay small.
"""

from __future__ import annotations

import random
from typing import Final, Literal

Effect = Literal["add", "minus", "zero", "reverse", "double"]

# kind name -> (copies, effect, change of the total). Order = display order of a hand.
DECK_SPEC: Final[dict[str, tuple[int, Effect, int]]] = {
    "-10": (4, "minus", -10),
    "0": (4, "zero", 0),
    **{str(v): (3, "add", v) for v in range(2, 10)},
    "10": (8, "add", 10),
    **{str(11 * d): (1, "add", 11 * d) for d in range(1, 7)},
    "76": (1, "add", 76),
    "2x": (4, "double", 0),
    "reverse": (5, "reverse", 0),
}

KINDS: Final[tuple[str, ...]] = tuple(DECK_SPEC)
KIND_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(KINDS)}
COUNTS: Final[tuple[int, ...]] = tuple(spec[0] for spec in DECK_SPEC.values())
EFFECT: Final[tuple[Effect, ...]] = tuple(spec[1] for spec in DECK_SPEC.values())
DELTA: Final[tuple[int, ...]] = tuple(spec[2] for spec in DECK_SPEC.values())
# 0, direction change and 2x repeat the total: no new announcement (DN-DOUBLET-1).
REPEATS: Final[tuple[bool, ...]] = tuple(e in ("zero", "reverse", "double") for e in EFFECT)
CARD_KIND: Final[tuple[int, ...]] = tuple(k for k, n in enumerate(COUNTS) for _ in range(n))
DECK_SIZE: Final = len(CARD_KIND)
ALL_CARD_IDS: Final = frozenset(range(DECK_SIZE))

DOUBLETS: Final = frozenset(11 * d for d in range(1, 7))
NEGATIVE_DOUBLETS: Final = frozenset(-11 * d for d in range(1, 7))
BUST_AT: Final = 77
HAND_SIZE: Final = 5
START_TOKENS: Final = 3


# n -> (i, i + 1, bit length of i + 1) for each swap ``random.shuffle`` makes on n items, last position first.
_SWAPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def shuffled_ids(n: int, rng: random.Random) -> tuple[int, ...]:
    """``0..n-1`` in the order ``rng.shuffle(list(range(n)))`` leaves them, from exactly the same draws (the
    golden playthroughs depend on them), but faster: ``shuffle`` makes a Python call per swap, and the deal's
    shuffle is a sizeable share of a random rollout. Any other generator class than ``random.Random`` (which may
    draw differently) gets ``rng.shuffle`` itself."""
    order = list(range(n))
    if type(rng) is not random.Random:
        rng.shuffle(order)
        return tuple(order)
    swaps = _SWAPS.get(n)
    if swaps is None:
        swaps = _SWAPS[n] = tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, n)))
    getrandbits = rng.getrandbits
    for i, below, bits in swaps:  # random.Random._randbelow_with_getrandbits(below), inlined
        j = getrandbits(bits)
        while j >= below:
            j = getrandbits(bits)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def validate_deck() -> None:
    """The deck facts of RULES.md; checked at import so a typo in the data cannot slip through."""
    if DECK_SIZE != 56:
        raise ValueError(f"the Double Down deck has 56 cards, not {DECK_SIZE}")
    if sum(COUNTS[KIND_INDEX[str(v)]] for v in range(2, 10)) != 24:
        raise ValueError("the deck needs 3 cards of each value 2-9")


validate_deck()
