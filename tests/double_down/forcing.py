"""Forced deals for rulebook examples and rule tests: name the cards, get the ``Deal`` that produces them."""

from __future__ import annotations

from collections.abc import Sequence

from donkeylab import double_down as dn


def deal_order(hands: Sequence[Sequence[str]], hand_size: int = 5, pile: Sequence[str] = ()) -> tuple[int, ...]:
    """Card ids: hand i (seat order from the opener) gets ``hands[i]`` padded with the lowest free ids,
    then the draw pile starts with ``pile``, then every other card in id order (``Deal.of`` with the
    opener at seat 0 of the list)."""
    return dn.Deal.of(hands=[list(h) for h in hands], rest=list(pile), hand_size=hand_size).order


def forced(
    players: int,
    hands: Sequence[Sequence[str]],
    pile: Sequence[str] = (),
    rules: dn.Rules | None = None,
    opener: int = 0,
) -> dn.DoubleDownState:
    """A new game right after a forced first deal."""
    rules = rules or dn.Rules()
    state = dn.new_game(players, rules, opener=opener)
    return state.apply(dn.Deal(deal_order(hands, rules.hand_size, pile)))


def play(state: dn.DoubleDownState, *cards: str) -> dn.DoubleDownState:
    for card in cards:
        state = state.apply(dn.PlayCard(card))
    return state
