"""The three Double Down actions. ``PlayCard`` names a card by its kind ("9", "2x", "reverse", "-10")."""

from __future__ import annotations

import dataclasses
from typing import Final

from donkeylab.core import Action, action_table
from donkeylab.core import parse_action as _parse
from donkeylab.double_down.deck import HAND_SIZE, KIND_INDEX, KINDS
from donkeylab.double_down.force import deal_order, shuffle_order


@dataclasses.dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance at each round start: a permutation of the 56 card ids (hands first, opener first, then pile)."""

    order: tuple[int, ...]

    @classmethod
    def of(
        cls,
        order: object = (),
        *,
        hands: object = None,
        rest: object = (),
        hand_size: object = HAND_SIZE,
        opener: object = 0,
    ) -> Deal:
        """The deal a teacher describes, as the canonical ``Deal`` (or ``IllegalAction`` DN-SETUP-1).

        Cards are names (``"9"``, ``"-10"``, ``"2x"``, ``"reverse"``, ``"76"``...) or card ids (whole numbers
        0..55, as in ``Deal.order``), mixed as you like; a name takes the lowest id of its kind still free.

        - ``Deal.of(["9", "9", "2x", ...])``: the deck from the top (the hands are dealt off it first, the
          opener's first); shorter than 56 cards, the others follow in id order.
        - ``Deal.of(hands=[["9", "9", "2x"], [], ["76"]], rest=["66"])``: one hand per seat, Player 1 first, in
          any order and up to ``hand_size`` cards, filled up with the lowest free ids; ``None`` for a seat
          not dealt to (eliminated). ``rest`` starts the draw pile. ``opener`` (the snapshot's ``opener``;
          0 in round 1 by default) is the seat dealt first, so the hands land on the seats named.
        """
        return cls(deal_order(order, hands, rest, hand_size, opener))


@dataclasses.dataclass(frozen=True, slots=True)
class Shuffle(Action):
    """Chance when the draw pile runs out (DN-DRAW-1): ``order[i]`` is the position, in the played pile
    (oldest first, top card excluded), of the card that becomes card ``i`` of the new draw pile."""

    order: tuple[int, ...]

    @classmethod
    def of(cls, order: object = (), *, played: object = None) -> Shuffle:
        """The reshuffle a teacher describes, as the canonical ``Shuffle`` (or ``IllegalAction`` DN-DRAW-1).

        - ``Shuffle.of([2, 0, 1])``: positions in the played pile under the top card (oldest first), each once.
        - ``Shuffle.of(["9", "2x"], played=state.played_cards)``: the new draw pile from the top as card names
          (or positions), found in the played pile as the state shows it (top card last, it stays); a name
          takes the oldest card of its kind still free, and the cards not named follow in pile order.
        """
        return cls(shuffle_order(order, played))


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
    double turn (DN-DOUBLE-1); cached here (look-up and fill in one place), because the same hands recur all
    game long."""
    cache = LEGAL_CACHE[first_of_double]
    found = cache.get(hand)
    if found is not None:
        return found
    kinds = dict.fromkeys(hand)
    if first_of_double:
        kinds.pop(DOUBLE, None)
    actions = tuple(map(PLAY.__getitem__, kinds))
    if len(cache) < 100_000:
        cache[hand] = actions
    return actions


def parse_action(text: str) -> Action:
    """``PlayCard('9')``, ``Deal((...))`` or ``Shuffle((...))`` back into an action."""
    return _parse(text, ACTIONS)
