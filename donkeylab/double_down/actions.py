"""The three Double Down actions. ``PlayCard`` names a card by its kind ("9", "2x", "reverse", "-10")."""

from __future__ import annotations

import dataclasses
from typing import Final

from donkeylab.core import Action, action_table
from donkeylab.core import parse_action as _parse
from donkeylab.double_down.deck import KIND_INDEX, KINDS


@dataclasses.dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance at each round start: a permutation of the 56 card ids (hands first, opener first, then pile)."""

    order: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Shuffle(Action):
    """Chance when the draw pile runs out (DN-DRAW-1): ``order[i]`` is the position, in the played pile
    (oldest first, top card excluded), of the card that becomes card ``i`` of the new draw pile."""

    order: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class PlayCard(Action):
    card: str


ACTIONS: Final = action_table([Deal, Shuffle, PlayCard])
# One shared action object per kind: legal_actions allocates nothing in the hot loop.
PLAY: Final[tuple[PlayCard, ...]] = tuple(PlayCard(name) for name in KINDS)


DOUBLE: Final = KIND_INDEX["2x"]
# hand -> legal PlayCard actions; [1] for the first card of a double turn. Hands are sorted kind tuples.
LEGAL_CACHE: Final[tuple[dict[tuple[int, ...], tuple[Action, ...]], ...]] = ({}, {})


def legal_plays(hand: tuple[int, ...], first_of_double: bool) -> tuple[Action, ...]:
    """One ``PlayCard`` per distinct card kind in ``hand`` (DN-PLAY-1), without 2x when it would open a
    double turn (DN-DOUBLE-1); cached, because the same hands recur all game long."""
    kinds = dict.fromkeys(hand)
    if first_of_double:
        kinds.pop(DOUBLE, None)
    actions = tuple(map(PLAY.__getitem__, kinds))
    cache = LEGAL_CACHE[first_of_double]
    if len(cache) < 100_000:
        cache[hand] = actions
    return actions


def parse_action(text: str) -> Action:
    """``PlayCard('9')``, ``Deal((...))`` or ``Shuffle((...))`` back into an action."""
    return _parse(text, ACTIONS)
