"""Esels-Rennen's actions: ``Start(order)``, ``Deal(cards)`` (chance), ``Move``, ``Back``, ``Pass``, their
parser, and the readers behind ``Start.of`` / ``Deal.of`` (chance outcomes written by hand)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any, Final

from donkeylab.core import Action, IllegalAction, action_table, quote
from donkeylab.core import parse_action as _parse
from donkeylab.esels_rennen.board import COLOURS, Board
from donkeylab.esels_rennen.messages import card_code
from donkeylab.esels_rennen.rules import PLAYERS, cards_per_player


@dataclasses.dataclass(frozen=True, slots=True)
class Start(Action):
    """Chance (option ``start_order="random"``): the donkeys on the start fields, from the left."""

    order: tuple[str, ...]

    @classmethod
    def of(cls, *order: object, board: Board | None = None, **places: object) -> Start:
        """The start order forced by hand (ER-SETUP-1), so a teacher can set up the race a lesson needs.

        Colours from the left: ``Start.of("yellow", "red", "green")``, ``Start.of(["yellow", "red", "green"])``
        or ``Start.of("YRG")`` (initials, any case). Or each donkey's place, in any order:
        ``Start.of(red="middle", yellow="left", green="right")`` (``"left"``/``"middle"``/``"right"`` or
        ``0``/``1``/``2``), with ``board=state.track.board`` also the start field ids
        (``Start.of(red="d0", yellow="b0", green="f0", board=...)``). Raises ``IllegalAction`` (ER-SETUP-1).
        """
        if places and not order and set(places) <= set(COLOURS):
            return cls(_from_places(places, board))
        colours = _order(order[0] if len(order) == 1 else order) if order and not places else None
        if colours is None:
            given = ", ".join([repr(o) for o in order] + [f"{k}={v!r}" for k, v in places.items()])
            raise IllegalAction.of("ER-SETUP-1", "ER-SETUP-1/start_of", {"given": f"({given})"})
        return cls(colours)


@dataclasses.dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: the order cards in the order they were dealt (player 1 first); the rest stay hidden."""

    cards: tuple[str, ...]

    @classmethod
    def of(cls, *seats: object) -> Deal:
        """The deal forced by hand (ER-SETUP-1): one argument per player, seat 0 (Player 1) first.

        A player's cards are one card (4–6 players) or a list of two (2–3 players); a card is its finishing
        order as initials (``"RGY"``, any case) or as three colours (``("red", "green", "yellow")``)::

            Deal.of("RGY", "GRY", "YRG", "YGR")          # 4 players, one card each
            Deal.of(["RGY", "RYG"], ["GRY", ("yellow", "green", "red")])  # 2 players, two cards each
            Deal.of({1: ["GRY", "GYR"], 0: ["RGY", "RYG"]})               # seats as keys, in any order

        The number of players is the number of seats given; the cards nobody gets stay hidden. ``Deal`` holds
        the cards flat, seat after seat, so four single cards equal two pairs: the table checks the count. Raises
        ``IllegalAction`` (ER-SETUP-1) for a wrong card, a card dealt twice or the wrong number of cards.
        """
        if len(seats) == 1 and isinstance(seats[0], Mapping):
            seats = _seats_in_order(seats[0])
        players = PLAYERS.check(len(seats))
        k = cards_per_player(players)
        cards: list[str] = []
        for seat, held in enumerate(seats):
            hand = _hand(held)
            if len(hand) != k:
                data = {"player": seat, "got": len(hand), "players": players, "per_player": k}
                raise IllegalAction.of("ER-SETUP-1", "ER-SETUP-1/hand", data)
            for card in hand:
                if card in cards:
                    raise IllegalAction.of("ER-SETUP-1", "ER-SETUP-1/twice", {"card": card})
                cards.append(card)
        return cls(tuple(cards))


@dataclasses.dataclass(frozen=True, slots=True)
class Move(Action):
    """ER-MOVE-1: move ``donkey`` forward to the free field ``to`` (then its chain runs)."""

    donkey: str
    to: str


@dataclasses.dataclass(frozen=True, slots=True)
class Back(Action):
    """ER-MOVE-2: move ``donkey`` from a sand field back to the free field ``to`` (then its chain runs)."""

    donkey: str
    to: str


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    """ER-MOVE-3: no donkey can move."""


ACTIONS: Final = action_table([Start, Deal, Move, Back, Pass])


def parse_action(text: str) -> Action:
    """``str(action)`` back into the action (``Move('red', 'c1')``)."""
    return _parse(text, ACTIONS)


# ---------------------------------------------------------------------- reading chance outcomes written by hand
_COLOUR_OF: Final = {**{c: c for c in COLOURS}, **{c[0]: c for c in COLOURS}}  # "red" or "r" → "red"
_PLACES: Final = {"left": 0, "middle": 1, "right": 2}


def _order(value: object) -> tuple[str, ...] | None:
    """Three colours, each once: from initials (``"ygr"``), words (``"yellow green red"``) or a sequence."""
    if isinstance(value, str):
        text = value.strip()
        parts: list[object] = list(text) if len(text) == 3 else re.split(r"[\s,;/–-]+", text)
    elif isinstance(value, (list, tuple)):
        parts = list(value)
    else:
        return None
    colours = [_COLOUR_OF.get(p.strip().lower()) if isinstance(p, str) else None for p in parts]
    if sorted(c or "" for c in colours) != sorted(COLOURS):
        return None
    return tuple(c for c in colours if c)


def _from_places(places: Mapping[str, object], board: Board | None) -> tuple[str, ...]:
    """``{colour: place}`` → colours from the left; a place is left/middle/right, 0/1/2 or a start field id."""
    starts = board.start_ids() if board is not None else ()
    allowed = "'left', 'middle', 'right', 0, 1, 2" + "".join(f", {s!r}" for s in starts)
    slots: dict[int, str] = {}
    for colour in COLOURS:
        place = places.get(colour)
        slot = _slot(place, starts)
        if slot is None:
            data = {"donkey": colour, "place": quote(place), "allowed": allowed}
            raise IllegalAction.of("ER-SETUP-1", "ER-SETUP-1/start_place", data)
        if slot in slots:
            data = {"donkey": slots[slot], "other": colour, "place": quote(place)}
            raise IllegalAction.of("ER-SETUP-1", "ER-SETUP-1/start_twice", data)
        slots[slot] = colour
    return tuple(slots[i] for i in range(3))


def _slot(place: object, starts: tuple[str, ...]) -> int | None:
    if isinstance(place, int) and not isinstance(place, bool):
        return place if 0 <= place <= 2 else None
    if not isinstance(place, str):
        return None
    if place.lower() in _PLACES:
        return _PLACES[place.lower()]
    return starts.index(place) if place in starts else None


def _card(value: object) -> str:
    order = _order(value)
    if order is None:
        raise IllegalAction.of("ER-SETUP-1", "ER-SETUP-1/card", {"given": quote(value)})
    return card_code(order)


def _hand(held: object) -> tuple[str, ...]:
    """One player's cards: a single card, or a list of cards (a list of three colours is one card)."""
    if isinstance(held, str) or (isinstance(held, (list, tuple)) and _order(held) is not None):
        return (_card(held),)
    if isinstance(held, (list, tuple)):
        return tuple(_card(c) for c in held)
    return (_card(held),)  # raises: neither a card nor a list of cards


def _seats_in_order(by_seat: Mapping[Any, object]) -> tuple[object, ...]:
    keys = list(by_seat)
    if sorted(k if isinstance(k, int) and not isinstance(k, bool) else -1 for k in keys) != list(range(len(keys))):
        data = {"last": len(keys) - 1, "seats": quote(keys)}
        raise IllegalAction.of("ER-SETUP-1", "ER-SETUP-1/seats", data)
    return tuple(by_seat[k] for k in sorted(keys))
