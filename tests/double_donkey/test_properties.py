"""Invariants under random play (hypothesis): cards conserved, dice in range, flips are involutions."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from donkeylab import double_donkey as dd
from donkeylab.core import CHANCE, IllegalAction
from donkeylab.double_donkey import COLOURS, Choose, Deal, Roll
from donkeylab.double_donkey.state import DoubleDonkeyState

games = st.tuples(st.integers(0, 10**9), st.sampled_from([2, 3, 4, 5]), st.sampled_from(["english", "german"]))


def all_cards(s: DoubleDonkeyState) -> Counter[int]:
    places = [*s.hands, *s.piles, *s.table, s.draw_pile, s.discard]
    return Counter(c for place in places for c in place)


def check(s: DoubleDonkeyState) -> None:
    n = len(s.cards)
    if s.phase != "deal":
        assert all_cards(s) == Counter(range(n)), "every card is in exactly one place"
    assert all(0 <= v <= 6 for v in (*s.dice, *s.rolled.values()))
    assert all(1 <= v <= 6 for v in (*s.hay.values(), *s.rolled.values()))
    assert not set(s.hay) & set(s.rolled), "a die is either on the Hay card or rolled"
    assert all(len(h) <= 3 for h in s.hands)
    parent = s.parent
    if parent is None or not isinstance(parent, DoubleDonkeyState):
        return
    flips = Counter(e.data["colour"] for e in s.events if e.key == "DD-ANGRY-1")
    for e in s.events:
        if e.rule == "DD-ANGRY-1" and e.key == "DD-ANGRY-1":
            assert e.data["after"] == 7 - e.data["before"]
    for colour, count in flips.items():  # the Angry Donkeys of one colour flip its die count times
        expected = 7 - parent.hay[colour] if count % 2 else parent.hay[colour]
        values = [e.data["value"] for e in s.events if e.key == "DD-VALUE-1/angry" and e.data["card"].endswith(colour)]
        assert all(v == expected for v in values), (colour, parent.hay[colour], count, values)


@settings(max_examples=40, deadline=None)
@given(games)
def test_dd_refill_1_cards_conserved_dice_in_range_flips_involution(game: tuple[int, int, str]) -> None:
    seed, players, variant = game
    rng = random.Random(seed)
    s = dd.new_game(players, dd.Rules(variant=variant, first_player=seed % players))  # type: ignore[arg-type]
    for _ in range(3000):
        check(s)
        if s.is_terminal():
            assert s.winners
            return
        s = s.apply(s.sample_chance(rng) if s.current_player is CHANCE else rng.choice(s.legal_actions()))
    raise AssertionError("no end within 3000 actions")


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(1, 6), min_size=6, max_size=6),
    st.lists(st.integers(1, 6), min_size=6, max_size=6),
    st.integers(1, 4),
)
def test_dd_dice_2_legal_set_matches_the_rule(first: list[int], second: list[int], placed: int) -> None:
    """After ``placed`` dice, the dice the engine accepts are exactly those DD-DICE-2 allows."""
    s = dd.new_game(2).apply(Deal(tuple(range(57))))
    for i in range(placed):
        s = s.apply(Roll(tuple((c, first[j]) for j, c in enumerate(COLOURS) if c not in s.hay)))
        allowed = [a.colour for a in s.legal_actions() if isinstance(a, Choose)]
        s = s.apply(Choose(allowed[i % len(allowed)]))
    s = s.apply(Roll(tuple((c, second[j]) for j, c in enumerate(COLOURS) if c not in s.hay)))
    on_hay = set(s.hay.values())
    new = {c for c, v in s.rolled.items() if v not in on_hay}
    expected = new or set(s.rolled)
    accepted = set()
    for colour in s.rolled:
        try:
            s.apply(Choose(colour))
            accepted.add(colour)
        except IllegalAction as err:
            assert err.rule == "DD-DICE-2"
    assert accepted == expected == {a.colour for a in s.legal_actions() if isinstance(a, Choose)}
