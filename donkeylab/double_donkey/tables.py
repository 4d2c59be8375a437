"""Legal-move and chance tables of Double Donkey, computed once and cached (the engine's hot path).

A random rollout asks for the legal dice, the 6^k roll outcomes and the card subsets thousands of times;
they depend only on small immutable tuples, so they are cached here instead of rebuilt per action.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache

from donkeylab.double_donkey.actions import Choose, Play, Roll, RollOff
from donkeylab.double_donkey.cards import COLOURS, HAND_SIZE
from donkeylab.double_donkey.messages import die_term


@lru_cache(maxsize=64)
def roll_outcomes(colours: tuple[int, ...]) -> tuple[tuple[Roll, Fraction], ...]:
    """All 6^k ``Roll`` outcomes for the dice of ``colours`` (indices), each with probability 1/6^k."""
    p = Fraction(1, 6 ** len(colours))
    names = [COLOURS[c] for c in colours]
    return tuple(
        (Roll(tuple(zip(names, faces, strict=True))), p) for faces in itertools.product(range(1, 7), repeat=len(names))
    )


@lru_cache(maxsize=64)
def rolloff_outcomes(seats: tuple[int, ...]) -> tuple[tuple[RollOff, Fraction], ...]:
    p = Fraction(1, 6 ** len(seats))
    return tuple(
        (RollOff(tuple(zip(seats, faces, strict=True))), p)
        for faces in itertools.product(range(1, 7), repeat=len(seats))
    )


@lru_cache(maxsize=8192)
def play_options(player: int, hand: tuple[int, ...]) -> tuple[Play, ...]:
    """DD-PLAY-1: every set of 1..3 cards from ``hand`` (card ids ascending inside each set)."""
    cards = sorted(hand)
    return tuple(
        Play(player, combo)
        for k in range(1, min(HAND_SIZE, len(cards)) + 1)
        for combo in itertools.combinations(cards, k)
    )


_SIX = range(6)
CHOOSE: tuple[Choose, ...] = tuple(Choose(c) for c in COLOURS)
# DIE_TERMS[colour index][pips]: the term key of a die ("orange=5"), looked up instead of formatted.
DIE_TERMS: tuple[tuple[str, ...], ...] = tuple(tuple(die_term(c, p) if p else "" for p in range(7)) for c in COLOURS)


def allowed_colours(hay: tuple[int, ...], shown: tuple[int, ...]) -> tuple[int, ...]:
    """DD-DICE-2: rolled dice with a value not on the Hay card; if there is none, every rolled die."""
    new = [c for c in _SIX if shown[c] and shown[c] not in hay]
    return tuple(new) if new else tuple([c for c in _SIX if shown[c]])


def choices(hay: tuple[int, ...], shown: tuple[int, ...]) -> tuple[Choose, ...]:
    """DD-DICE-2 as actions: the ``Choose`` of every legal die."""
    return tuple([CHOOSE[c] for c in allowed_colours(hay, shown)])


@lru_cache(maxsize=64)
def unplaced(hay: tuple[int, ...]) -> tuple[int, ...]:
    """Colour indices of the dice not on the Hay card."""
    return tuple(c for c in range(6) if not hay[c])


@lru_cache(maxsize=64)
def unplaced_names(hay: tuple[int, ...]) -> tuple[str, ...]:
    """Colour names of the dice not on the Hay card (what a ``Roll`` must list, in this order)."""
    return tuple(COLOURS[c] for c in range(6) if not hay[c])


@lru_cache(maxsize=4096)
def on_hay_text(hay: tuple[int, ...]) -> str:
    """The distinct values on the Hay card as text ("1, 2, 5"): numbers read the same in both languages."""
    return ", ".join(str(v) for v in sorted(set(hay) - {0}))


def dice_rule(hay: tuple[int, ...], shown: tuple[int, ...]) -> tuple[str, tuple[str, ...], str]:
    """DD-DICE-2 sentence key, the allowed dice as terms and the values on the Hay card."""
    allowed = allowed_colours(hay, shown)
    dice = tuple([DIE_TERMS[c][shown[c]] for c in allowed])
    on_hay = on_hay_text(hay)
    if not on_hay:
        return "DD-DICE-2/empty", dice, on_hay
    if all(shown[c] in hay for c in allowed):
        return "DD-DICE-2/free", dice, on_hay
    return ("DD-DICE-2/one" if len(allowed) == 1 else "DD-DICE-2"), dice, on_hay
