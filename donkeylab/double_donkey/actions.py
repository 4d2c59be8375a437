"""The actions of Double Donkey (ARCHITECTURE.md vocabulary plus ``Shuffle`` for DD-REFILL-2).

Chance outcomes are actions too, so a test can force a rulebook example and a save replays exactly:
``Deal``, ``Roll``, ``RollOff`` and ``Shuffle`` are applied at chance points; ``Choose``, ``Reroll``,
``Keep`` and ``Play`` by players. Every field is a literal (str, int, tuples) so ``str`` round-trips.
"""

from __future__ import annotations

import dataclasses

from donkeylab.core import Action, action_table
from donkeylab.core import parse_action as _parse


@dataclasses.dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance (DD-SETUP-1): the shuffled deck as a permutation of card ids, top card first."""

    order: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Roll(Action):
    """Chance (DD-DICE-1): ``(colour, pips)`` for every die not on the Hay card, in canonical colour order."""

    values: tuple[tuple[str, int], ...]


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


@dataclasses.dataclass(frozen=True, slots=True)
class Shuffle(Action):
    """Chance (DD-REFILL-2): the discard pile shuffled into a new draw pile, top card first."""

    order: tuple[int, ...]


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
