"""The actions of Double Donkey (ARCHITECTURE.md vocabulary plus ``Shuffle`` for DD-REFILL-2).

Chance outcomes are actions too, so a test can force a rulebook example and a save replays exactly:
``Deal``, ``Roll``, ``RollOff`` and ``Shuffle`` are applied at chance points; ``Choose``, ``Reroll``,
``Keep`` and ``Play`` by players. Every field is a literal (str, int, tuples) so ``str`` round-trips.

To force chance by hand, each chance action has an ``of`` constructor taking plain values in any order:
``Roll.of(orange=5, light_blue=2)``, ``RollOff.of({0: 4, 2: 6})``, ``Deal.of(range(57))``. It returns the
canonical action (what ``chance_outcomes`` lists), or raises the ``IllegalAction`` of the rule it breaks.
What only a state can know (which dice are still off the Hay card, which seats are tied, which cards are
in the discard pile) is checked when the action is applied.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

import donkeylab.double_donkey.messages  # noqa: F401  (registers the error sentences used below)
from donkeylab.core import Action, IllegalAction, action_table, quote
from donkeylab.core import parse_action as _parse
from donkeylab.double_donkey.cards import COLOUR_INDEX, COLOURS, is_pips

_COLOUR_IDS = ", ".join(COLOURS)  # how the errors list the colours a Roll may name


@dataclasses.dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance (DD-SETUP-1): the shuffled deck as a permutation of card ids, top card first."""

    order: tuple[int, ...]

    @classmethod
    def of(cls, order: Iterable[int]) -> Deal:
        """``Deal`` of any iterable of card ids (a non-permutation is refused when applied, DD-SETUP-1)."""
        return cls(_card_ids(order, "DD-SETUP-1"))


@dataclasses.dataclass(frozen=True, slots=True)
class Roll(Action):
    """Chance (DD-DICE-1): ``(colour, pips)`` for every die not on the Hay card, in canonical colour order."""

    values: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, values: Mapping[str, int] | Iterable[tuple[str, int]] = (), /, **pips: int) -> Roll:
        """``Roll.of(orange=5, light_blue=2)`` or ``Roll.of({"orange": 5})``: the canonical ``Roll``.

        Unknown colours, a colour given twice, or pips that are not an int 1..6 raise DD-DICE-1. A roll
        that misses a die not on the Hay card is refused by ``apply`` (only the state knows which)."""
        given: dict[str, int] = {}
        for colour, value in [*_pairs(values, "DD-DICE-1"), *pips.items()]:
            if type(colour) is not str or colour not in COLOUR_INDEX:
                raise IllegalAction.of("DD-DICE-1", "DD-DICE-1/colour", {"given": quote(colour), "names": _COLOUR_IDS})
            if colour in given:
                raise IllegalAction.of("DD-DICE-1", "DD-DICE-1/twice", {"colour": colour})
            if not is_pips(value):
                raise IllegalAction.of("DD-DICE-1", "DD-DICE-1/pips", {"colour": colour, "given": quote(value)})
            given[colour] = value
        if not given:
            raise IllegalAction.of("DD-DICE-1", "DD-DICE-1/empty")
        return cls(tuple((c, given[c]) for c in COLOURS if c in given))


@dataclasses.dataclass(frozen=True, slots=True)
class Choose(Action):
    """DD-DICE-1/2: put the rolled die of this colour on the Hay card."""

    colour: str


@dataclasses.dataclass(frozen=True, slots=True)
class Reroll(Action):
    """DD-DICE-3 (english): roll the last die once more before it goes on the Hay card."""


@dataclasses.dataclass(frozen=True, slots=True)
class Keep(Action):
    """DD-DICE-3 (english): place the last die with the value it already shows."""


@dataclasses.dataclass(frozen=True, slots=True)
class Play(Action):
    """DD-PLAY-1: ``player`` secretly puts down ``cards`` (1-3 card ids from their hand)."""

    player: int
    cards: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class RollOff(Action):
    """Chance (DD-BIGGEST-2): ``(seat, pips)`` for each tied player, seats ascending."""

    values: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, values: Mapping[int, int] | Iterable[tuple[int, int]]) -> RollOff:
        """``RollOff.of({0: 4, 2: 6})``: the canonical ``RollOff`` (seats ascending); bad input: DD-BIGGEST-2.

        Whether these are exactly the tied seats is checked by ``apply``."""
        given: dict[int, int] = {}
        for seat, value in _pairs(values, "DD-BIGGEST-2"):
            if type(seat) is not int or seat < 0:
                raise IllegalAction.of("DD-BIGGEST-2", "DD-BIGGEST-2/seat", {"given": quote(seat)})
            if seat in given:
                raise IllegalAction.of("DD-BIGGEST-2", "DD-BIGGEST-2/twice", {"player": seat})
            if not is_pips(value):
                raise IllegalAction.of("DD-BIGGEST-2", "DD-BIGGEST-2/pips", {"player": seat, "given": quote(value)})
            given[seat] = value
        if not given:
            raise IllegalAction.of("DD-BIGGEST-2", "DD-BIGGEST-2/empty")
        return cls(tuple(sorted(given.items())))


@dataclasses.dataclass(frozen=True, slots=True)
class Shuffle(Action):
    """Chance (DD-REFILL-2): the discard pile shuffled into a new draw pile, top card first."""

    order: tuple[int, ...]

    @classmethod
    def of(cls, order: Iterable[int]) -> Shuffle:
        """``Shuffle`` of any iterable of card ids (not exactly the discard pile: refused when applied)."""
        return cls(_card_ids(order, "DD-REFILL-2"))


def _pairs(values: Any, rule: str) -> list[tuple[Any, Any]]:
    """The ``(key, value)`` pairs of a mapping or an iterable of pairs; anything else breaks ``rule``."""
    if isinstance(values, Mapping):
        return list(values.items())
    try:
        pairs = list(values)
    except TypeError:
        raise IllegalAction.of(rule, f"{rule}/pair", {"given": quote(values)}) from None
    for pair in pairs:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise IllegalAction.of(rule, f"{rule}/pair", {"given": quote(pair)})
    return [(k, v) for k, v in pairs]


def _card_ids(order: Iterable[int], rule: str) -> tuple[int, ...]:
    """``order`` as a tuple of card ids; a non-iterable or a non-int id breaks ``rule``."""
    try:
        ids = tuple(order)
    except TypeError:
        raise IllegalAction.of(rule, f"{rule}/ids", {"given": quote(order)}) from None
    for cid in ids:
        if type(cid) is not int:
            raise IllegalAction.of(rule, f"{rule}/ids", {"given": quote(cid)})
    return ids


def well_formed(action: Action) -> bool:
    """Field shapes of a (possibly hand-written or loaded) action, so a bad one is refused, not a crash."""
    if isinstance(action, (Roll, RollOff)):
        return isinstance(action.values, tuple) and all(isinstance(v, tuple) and len(v) == 2 for v in action.values)
    if isinstance(action, Play):
        return isinstance(action.cards, tuple) and all(type(c) is int for c in action.cards)
    if isinstance(action, (Deal, Shuffle)):
        return isinstance(action.order, tuple) and all(type(c) is int for c in action.order)
    return True


ACTIONS = action_table([Deal, Roll, Choose, Reroll, Keep, Play, RollOff, Shuffle])


def parse_action(text: str) -> Action:
    """``parse_action(str(action)) == action`` for every Double Donkey action."""
    return _parse(text, ACTIONS)
