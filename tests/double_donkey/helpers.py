"""Builders for Double Donkey test scenarios: forced deals, forced rolls, named cards.

With the identity deal (``Deal((0, 1, ..., 56))``) seat p holds cards 10p..10p+2 in hand and 10p+3..10p+9 in
its personal pile; the reconstruction deck lists the colour pairs in ``itertools.combinations`` order, then
the six Angry Donkeys (ids 51..56).
"""

from __future__ import annotations

from typing import Any

from donkeylab import double_donkey as dd
from donkeylab.double_donkey import COLOURS, Deal, Keep, Reroll, Roll
from donkeylab.double_donkey.state import DoubleDonkeyState

NAMES = ["Olivia", "Fran", "Jan", "Margaret"]


def dealt(players: int = 4, rules: dd.Rules | None = None, order: tuple[int, ...] | None = None) -> DoubleDonkeyState:
    s = dd.new_game(players, rules)
    return s.apply(Deal(order if order is not None else tuple(range(len(s.cards)))))


def card_id(state: DoubleDonkeyState, name: str) -> int:
    """The first card whose name starts with ``name`` (``"DD:light_blue+green"``, ``"ANGRY:orange"``)."""
    return next(c.id for c in state.cards if c.name.startswith(name))


def roll(state: DoubleDonkeyState, **pips: int) -> Roll:
    """A forced roll of every die not on the Hay card; each colour's pips must be given."""
    values = tuple((c, pips[c]) for c in COLOURS if c not in state.hay)
    assert len(values) == len(pips), f"roll needs exactly {[c for c, _ in values]}"
    return Roll(values)


def fill_hay(state: DoubleDonkeyState, **hay: int) -> DoubleDonkeyState:
    """Phase 1 forced to end with ``hay`` (placed in the given order; the last die by a (re)roll)."""
    items = list(hay.items())
    s = state
    for colour, pips in items[:-1]:
        s = s.apply(roll(s, **{c: pips for c in COLOURS if c not in s.hay}))
        s = s.apply(dd.Choose(colour))
    if s.phase == "last":
        s = s.apply(Reroll())
    colour, pips = items[-1]
    return s.apply(roll(s, **{colour: pips}))


def craft(state: DoubleDonkeyState, **fields: Any) -> DoubleDonkeyState:
    """A copy of ``state`` with some private fields replaced: a late-game position without playing there."""
    new = state._copy()
    for key, value in fields.items():
        assert hasattr(new, f"_{key}"), key
        setattr(new, f"_{key}", value)
    return new


def play_all(state: DoubleDonkeyState, plays: dict[int, tuple[int, ...]]) -> DoubleDonkeyState:
    """Phase 2: every seat asked in turn plays ``plays[seat]`` (default: its first card)."""
    s = state
    while s.phase == "play":
        p = s.current_player
        assert isinstance(p, int)
        s = s.apply(dd.Play(p, plays.get(p, s.hands[p][:1])))
    return s


def texts(state: DoubleDonkeyState, lang: str = "en") -> list[str]:
    return [e.render(lang, NAMES) for e in state.events]


__all__ = ["NAMES", "Keep", "card_id", "craft", "deal_hands", "dealt", "fill_hay", "play_all", "roll", "texts"]


def deal_hands(players: int, hands: dict[int, tuple[int, ...]], rules: dd.Rules | None = None) -> DoubleDonkeyState:
    """A forced deal in which seat p's personal pile starts with ``hands[p]`` (so they are its hand)."""
    s = dd.new_game(players, rules)
    fixed = {cid for ids in hands.values() for cid in ids}
    rest = [c.id for c in s.cards if c.id not in fixed]
    order: list[int] = []
    for p in range(players):
        mine = list(hands.get(p, ()))
        order += mine + [rest.pop(0) for _ in range(10 - len(mine))]
    return s.apply(Deal(tuple(order + rest)))
