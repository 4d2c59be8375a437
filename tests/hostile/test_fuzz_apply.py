"""Fuzzing ``apply`` (issue 11, part 4): random, mutated and malformed actions at random reachable positions of
every game, under every variant, option and player count. Whatever comes in, either the new state's save
loads back identically, or an ``IllegalAction`` names a RULES.md rule and the old state is untouched."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from donkeylab.core import Match, RandomBot
from tests.hostile.fuzz import MODULES, any_action, check_apply, check_round_trip, fuzz, reachable_state


@pytest.mark.parametrize("game", sorted(MODULES))
@fuzz(60)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 250), data=st.data())
def test_apply_takes_any_input_at_any_position(game: str, seed: int, steps: int, data: st.DataObject) -> None:
    state = reachable_state(game, seed, steps)
    check_round_trip(state)
    for _ in range(4):
        new = check_apply(state, any_action(state, data))
        if new is not None and not new.is_terminal() and data.draw(st.booleans()):
            state = new


@pytest.mark.parametrize("game", sorted(MODULES))
@fuzz(8)
@given(seed=st.integers(0, 2**32), data=st.data())
def test_a_match_pushes_hostile_actions_without_breaking_its_timeline(
    game: str, seed: int, data: st.DataObject
) -> None:
    """The widgets' path: ``Match.push`` of anything a front end might send; refused pushes change nothing."""
    start = reachable_state(game, seed, 0)
    match = Match(start, seed=seed, bots={p: RandomBot() for p in range(start.num_players)})
    for _ in range(6):
        match.run(max_actions=data.draw(st.integers(0, 30)))
        length, index = len(match), match.index
        action = any_action(match.state, data)
        if check_apply(match.state, action) is None:
            with pytest.raises(Exception) as err:
                match.push(action)
            assert err.type.__name__ == "IllegalAction" and (len(match), match.index) == (length, index)
        else:
            match.push(action)
