"""The engine test kit proved on the toy race, plus the core contract (Match, JSON, errors)."""

from __future__ import annotations

import random

import pytest

from donkeylab.core import CHANCE, IllegalAction, LoadError, Match, RandomBot, WaitingForHuman
from tests import kit, toy_game
from tests.toy_game import Die, Roll, StepOne


def test_kit_random_games_on_toy() -> None:
    finals = kit.check_random_games(lambda rng: toy_game.new_game(rng.choice([1, 2, 3, 4])), toy_game, games=30)
    assert all(f.is_terminal() and len(f.winners) == 1 for f in finals)


def test_kit_seed_determinism_on_toy() -> None:
    kit.check_seed_determinism(toy_game.new_game(2), seed=5)


def test_kit_detects_mutation() -> None:
    """The kit must fail on an engine that mutates the old state (the kit itself can fail)."""

    class Mutating(toy_game.ToyState):
        def _apply(self, action):  # type: ignore[no-untyped-def]
            events = super()._apply(action)
            assert self._parent is not None
            self._parent._pos = self._pos  # the bug the kit must catch
            return events

    s = Mutating(2, toy_game.Rules())
    with pytest.raises(AssertionError, match="changed the old state"):
        kit.check_transition(s, StepOne())


def test_kit_detects_bad_probabilities() -> None:
    class Loaded(toy_game.ToyState):
        def chance_outcomes(self):  # type: ignore[no-untyped-def]
            return tuple((o, p * 2) for o, p in super().chance_outcomes())

    s = Loaded(2, toy_game.Rules()).apply(Roll())
    with pytest.raises(AssertionError, match="sum to"):
        kit.check_chance(s)


def test_apply_never_mutates_and_illegal_leaves_state() -> None:
    s = toy_game.new_game(2)
    before = kit.fingerprint(s)
    with pytest.raises(IllegalAction) as err:
        s.apply(Die(3))
    assert err.value.rule == "TOY-STEP"
    assert kit.fingerprint(s) == before
    s2 = s.apply(StepOne())
    assert s.positions == (0, 0) and s2.positions == (1, 0)
    assert [e.rule for e in s2.events] == ["TOY-STEP"]
    assert s2.events[0].text == "Player 1 steps to field 1."
    assert s2.events[0].render("de", names=["Ada", "Bo"]) == "Ada geht auf Feld 1."


def test_chance_point_exact_and_sampled() -> None:
    s = toy_game.new_game(2).apply(Roll())
    assert s.current_player is CHANCE
    kit.check_chance(s)
    counts = {p: 0 for p in range(1, 7)}
    rng = random.Random(0)
    for _ in range(6000):
        counts[s.sample_chance(rng).pips] += 1  # type: ignore[attr-defined]
    assert all(800 < c < 1200 for c in counts.values())


def test_match_push_pop_step_jump() -> None:
    m = Match(toy_game.new_game(2), seed=4, bots={1: RandomBot()})
    with pytest.raises(WaitingForHuman):
        m.step()
    m.push(Roll())
    assert m.can_step() and m.state.current_player is CHANCE
    rolled = m.step()
    assert len(m) == 3 and m.index == 2
    m.back()
    m.back()
    assert m.index == 0
    m.step()  # replays the stored future instead of redrawing
    m.step()
    assert m.state is rolled
    m.jump(0)
    m.push(StepOne())  # a new choice drops the future
    assert len(m) == 2 == m.index + 1
    m.pop()
    assert len(m) == 1 and m.index == 0
    with pytest.raises(IndexError):
        m.pop()


def test_match_same_seed_same_chance_after_navigation() -> None:
    a = Match(toy_game.new_game(2), seed=9)
    a.push(Roll())
    first = a.step().last_action
    a.pop()
    assert a.step().last_action == first


def test_json_round_trip_and_errors() -> None:
    s = toy_game.new_game(3, toy_game.Rules(goal=6)).apply(Roll()).apply(Die(4)).apply(StepOne())
    again = toy_game.load(s.to_json())
    assert again.history == s.history and again.positions == s.positions
    bad = s.to_json().replace('"schema": 1', '"schema": 99')
    with pytest.raises(LoadError, match="schema version 99"):
        toy_game.load(bad)
    with pytest.raises(LoadError, match="step 2"):
        toy_game.load(s.to_json().replace("Die(4)", "StepOne()"))
    with pytest.raises(LoadError, match="wrong type"):
        toy_game.load(s.to_json().replace('"players": 3', '"players": "3"'))
    with pytest.raises(LoadError, match="unknown rule option"):
        toy_game.load(s.to_json().replace('"goal": 6', '"goal": 6, "cheat": true'))
    with pytest.raises(LoadError, match="unknown action"):
        toy_game.load(s.to_json().replace("Roll()", "__import__('os')"))
    with pytest.raises(LoadError, match="not valid JSON"):
        toy_game.load("{")
