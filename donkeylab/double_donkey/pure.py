"""Double Donkey's samplers without numpy: the twins of ``fast_dice`` and ``fast_flips`` the browser runs
(Pyodide has no numpy here; ``core.fastpath.pick`` chooses).

Same rules, same answers, other draws: each function simulates the same slice of the rules as its numpy twin
(the same ``RULES_COVERED``) with a seeded ``random.Random``, so a run is reproducible for its seed, but a seed
gives other draws than numpy's PCG64 does. ``tests/lab/test_pure.py`` checks each against the exact answers and
against the fast path, within a few standard errors, in a process without numpy.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from types import SimpleNamespace

from donkeylab.double_donkey.cards import COLOURS

DICE = 6
#  The rule IDs each twin covers, equal to its fast path's (a test checks): a figure names them either way.
dice = SimpleNamespace(RULES_COVERED=("DD-DICE-1", "DD-DICE-2", "DD-DICE-3"))
flips = SimpleNamespace(RULES_COVERED=("DD-ANGRY-1", "DD-VALUE-1", *dice.RULES_COVERED))
RULES_COVERED = flips.RULES_COVERED


def _die(rng: random.Random) -> int:
    return int(rng.random() * 6) + 1  # 1..6 uniformly (random() < 1), faster than randint


def phase_one(rng: random.Random, policy: str = "random", last_die: str = "choose") -> tuple[list[int], int]:
    """One phase-1 round (DD-DICE-1..3): the pips in placement order and the final Hay-card bit mask.

    The same model as ``fast_dice``: every rolled die not yet placed is rolled, one allowed die is placed
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
    """Counts of 1..6 distinct values on the Hay card after ``n`` phase-1 rounds (``fast_dice``'s twin)."""
    if last_die not in ("choose", "roll"):
        raise ValueError(f"last_die must be 'choose' or 'roll', not {last_die!r}")
    rng = random.Random(seed)
    counts = Counter(phase_one(rng, policy, last_die)[1].bit_count() for _ in range(n))
    return {d: counts.get(d, 0) for d in range(1, DICE + 1)}


def flipped_colours(angry: Sequence[str], mode: str = "toggle_per_card") -> frozenset[str]:
    """The colours whose die ends up flipped (DD-ANGRY-1; ``fast_flips.flipped_colours``' twin)."""
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
    """Counts of ``card``'s value before and after the Angry Donkeys ``angry`` (``fast_flips``' twin)."""
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
