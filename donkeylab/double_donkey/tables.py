"""Legal-move and chance tables of Double Donkey, computed once and cached (the engine's hot path).

A random rollout asks for the legal dice, the 6^k roll outcomes and the card subsets thousands of times;
they depend only on small immutable tuples, so they are cached here instead of rebuilt per action.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache
from typing import Any

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


# ``Play`` and ``Roll`` objects filled in through their slots, without the dataclass ``__init__`` frame (they
# have no ``__post_init__``): the same objects at half the cost, for the up to 7 options of every phase-2
# turn (hands never repeat in a rollout) and for every sampled roll.
_NEW = object.__new__
_SET_PLAYER: Any = vars(Play)["player"].__set__
_SET_CARDS: Any = vars(Play)["cards"].__set__
_SET_VALUES: Any = vars(Roll)["values"].__set__


def new_roll(values: tuple[tuple[str, int], ...]) -> Roll:
    """``Roll(values)`` for values known to be well formed."""
    roll = _NEW(Roll)
    _SET_VALUES(roll, values)
    return roll


@lru_cache(maxsize=16)
def _index_combos(n: int) -> tuple[tuple[int, ...], ...]:
    """Positions of every 1..3-card set of an ``n``-card hand, in ``itertools.combinations`` order."""
    return tuple(combo for k in range(1, min(HAND_SIZE, n) + 1) for combo in itertools.combinations(range(n), k))


def play_options(player: int, hand: tuple[int, ...]) -> tuple[Play, ...]:
    """DD-PLAY-1: every set of 1..3 cards from ``hand`` (card ids ascending inside each set)."""
    cards = sorted(hand)
    if len(cards) == 3:  # the usual hand, spelled out
        a, b, c = cards
        combos: Any = ((a,), (b,), (c,), (a, b), (a, c), (b, c), (a, b, c))
    else:
        combos = [tuple([cards[i] for i in combo]) for combo in _index_combos(len(cards))]
    plays = []
    for combo in combos:
        play = _NEW(Play)
        _SET_PLAYER(play, player)
        _SET_CARDS(play, combo)
        plays.append(play)
    return tuple(plays)


_SIX = range(6)
ALL_COLOURS: tuple[int, ...] = tuple(_SIX)
CHOOSE: tuple[Choose, ...] = tuple(Choose(c) for c in COLOURS)
# DIE_TERMS[colour index][pips]: the term key of a die ("orange=5"), looked up instead of formatted.
DIE_TERMS: tuple[tuple[str, ...], ...] = tuple(tuple(die_term(c, p) if p else "" for p in range(7)) for c in COLOURS)
# ROLLED[colour index][pips - 1]: the ``(colour, pips)`` pair of a ``Roll``, shared instead of rebuilt.
ROLLED: tuple[tuple[tuple[str, int], ...], ...] = tuple(tuple((c, p) for p in range(1, 7)) for c in COLOURS)


# WITHOUT[colours][c]: the colour indices ``colours`` (ascending) without ``c``, for every subset of the six.
WITHOUT: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {
    subset: tuple(tuple([d for d in subset if d != c]) for c in _SIX)
    for k in range(7)
    for subset in itertools.combinations(_SIX, k)
}


@lru_cache(maxsize=64)
def choices(allowed: tuple[int, ...]) -> tuple[Choose, ...]:
    """DD-DICE-2 as actions: the ``Choose`` of every legal die (colour indices ``allowed``)."""
    return tuple([CHOOSE[c] for c in allowed])


@lru_cache(maxsize=64)
def colour_names(colours: tuple[int, ...]) -> tuple[str, ...]:
    """Colour names of ``colours`` (the dice not on the Hay card: what a ``Roll`` must list, in this order)."""
    return tuple(COLOURS[c] for c in colours)


@lru_cache(maxsize=128)
def on_hay_text(values: frozenset[int]) -> str:
    """The distinct values on the Hay card as text ("1, 2, 5"): numbers read the same in both languages."""
    return ", ".join(str(v) for v in sorted(values - {0}))


def dice_rule(
    hay: tuple[int, ...], colours: tuple[int, ...], shown: tuple[int, ...]
) -> tuple[tuple[int, ...], str, tuple[str, ...], tuple[str, ...], str]:
    """DD-DICE-2 for the dice ``colours`` just rolled: the allowed colours (rolled dice with a value not on the
    Hay card; if there is none, every rolled die), the sentence key, the rolled and the allowed dice as terms,
    and the values on the Hay card."""
    values = frozenset(hay)
    new, dice, new_dice = [], [], []
    for c in colours:
        pips = shown[c]
        term = DIE_TERMS[c][pips]
        dice.append(term)
        if pips not in values:
            new.append(c)
            new_dice.append(term)
    on_hay = on_hay_text(values)
    if not on_hay:
        return tuple(new), "DD-DICE-2/empty", tuple(dice), tuple(new_dice), on_hay
    if not new:
        all_dice = tuple(dice)
        return colours, "DD-DICE-2/free", all_dice, all_dice, on_hay
    key = "DD-DICE-2/one" if len(new) == 1 else "DD-DICE-2"
    return tuple(new), key, tuple(dice), tuple(new_dice), on_hay
