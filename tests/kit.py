"""The engine test kit: generic checks every game must pass (proved on ``toy_game``).

- ``check_random_games``: N seeded random games; at every state ``apply`` leaves the old state untouched,
  chance probabilities are exact Fractions in (0, 1] summing to 1, ``legal_actions`` is non-empty unless
  terminal, events render in every language, and at the end JSON and history replay rebuild the state.
- ``check_seed_determinism``: the same seed gives the same timeline, another seed a different one.
- golden playthroughs: ``playthrough_text`` renders a seeded game line by line; ``tests/playthroughs/``
  holds the files that ``tests/playthroughs/write.py`` wrote.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from donkeylab.core import CHANCE, LANGUAGES, GameState, Match, NotEnumerable, RandomBot, load_state
from donkeylab.core.snapshot import SNAPSHOT_KEYS

_HIDDEN = ("_parent", "_action", "_events")


def fingerprint(state: GameState) -> tuple[tuple[str, str], ...]:
    """Everything that makes up a state except its place in the timeline, as comparable text."""
    return tuple((k, repr(v)) for k, v in sorted(vars(state).items()) if k not in _HIDDEN)


def assert_immutable_fields(state: GameState) -> None:
    for key, value in vars(state).items():
        if key in (*_HIDDEN, "_setup"):
            continue
        try:
            hash(value)
        except TypeError:
            raise AssertionError(f"{state.game}: field {key} holds a mutable {type(value).__name__}") from None


def check_chance(state: GameState) -> None:
    try:
        outcomes = state.chance_outcomes()
    except NotEnumerable:
        return
    assert outcomes, "an enumerable chance point must have outcomes"
    total = Fraction(0)
    for outcome, p in outcomes:
        assert isinstance(p, Fraction), f"{outcome}: probability {p!r} is not a Fraction"
        assert 0 < p <= 1, f"{outcome}: probability {p} outside (0, 1]"
        total += p
    assert total == 1, f"chance probabilities sum to {total}, not exactly 1"
    assert len({o for o, _ in outcomes}) == len(outcomes), "duplicate chance outcomes"


def check_transition(state: GameState, action: Any) -> GameState:
    before = fingerprint(state)
    new = state.apply(action)
    assert fingerprint(state) == before, f"apply({action}) changed the old state"
    assert new.parent is state and new.last_action == action
    for event in new.events:
        assert isinstance(event.rule, str) and event.rule, f"event without rule ID: {event!r}"
        for lang in LANGUAGES:
            assert event.render(lang), f"{event.key} renders empty in {lang}"
    return new


def check_snapshot(state: GameState, langs: tuple[str, ...] = ("en",)) -> None:
    """The view contract: JSON only, the shared keys, legal = the actions of the player to act."""
    for lang in langs:
        for seat in (None, *range(state.num_players)):
            snap = state.snapshot(seat, lang)
            json.dumps(snap, allow_nan=False)
            assert tuple(snap) == SNAPSHOT_KEYS, f"snapshot keys {tuple(snap)}"
            player = state.current_player
            if isinstance(player, int) and seat in (None, player):
                assert [a["action"] for a in snap["legal"]] == [str(a) for a in state.legal_actions()]
            else:
                assert snap["legal"] == [], f"seat {seat} sees the choices of {player!r}"


def random_game(state: GameState, rng: random.Random, max_actions: int) -> GameState:
    s = state
    for k in range(max_actions):
        check_snapshot(s, LANGUAGES if k % 10 == 0 else ("en",))
        if s.is_terminal():
            assert s.legal_actions() == () or s.current_player is None
            return s
        assert_immutable_fields(s)
        actions = s.legal_actions()
        assert actions or s.current_player is CHANCE, f"no legal action for {s.current_player}"
        if s.current_player is CHANCE:
            check_chance(s)
            action = s.sample_chance(rng)
        else:
            action = rng.choice(actions)
        s = check_transition(s, action)
    raise AssertionError(f"game did not end within {max_actions} actions")


def check_round_trip(state: GameState, module: Any) -> None:
    again = load_state(state.to_json(), module)
    assert again.history == state.history
    assert fingerprint(again) == fingerprint(state), "JSON round trip changed the state"
    replayed: GameState = state.root()
    for action in state.history:
        replayed = replayed.apply(action)
    assert fingerprint(replayed) == fingerprint(state), "replaying the history changed the state"


def check_random_games(
    make_state: Callable[[random.Random], GameState],
    module: Any,
    games: int = 20,
    seed: int = 0,
    max_actions: int = 20_000,
) -> list[GameState]:
    """Play ``games`` seeded random games through every check; returns the final states."""
    finals = []
    for g in range(games):
        rng = random.Random(f"{seed}:{g}")
        final = random_game(make_state(rng), rng, max_actions)
        check_round_trip(final, module)
        finals.append(final)
    return finals


def run_match(state: GameState, seed: int, bots: Mapping[int, Any] | None = None) -> Match:
    bots = bots if bots is not None else {p: RandomBot() for p in range(state.num_players)}
    match = Match(state, seed=seed, bots=bots)
    match.run(max_actions=50_000)
    assert match.state.is_terminal(), "a match of bots must end"
    return match


def check_seed_determinism(state: GameState, seed: int = 1, bots: Mapping[int, Any] | None = None) -> None:
    a = run_match(state, seed, bots).state.history
    b = run_match(state, seed, bots).state.history
    assert a == b, "same seed, different timeline"
    c = run_match(state, seed + 1, bots).state.history
    assert c != a, "a different seed should give a different timeline"


def playthrough_text(state: GameState, seed: int, bots: Mapping[int, Any] | None = None) -> str:
    """A golden playthrough: header, then per action the actor, the action, its events and the state."""
    match = run_match(state, seed, bots)
    lines = [f"# game={state.game} players={state.num_players} seed={seed} rules={state.rules.to_dict()}"]
    lines.append(f"# setup={dict(state.setup)}")
    for k, s in enumerate(match.states[1:], start=1):
        parent = s.parent
        assert parent is not None
        lines.append(f"{k} {parent.current_player!r} {s.last_action}")
        lines.extend(f"    {e.rule}: {e.text}" for e in s.events)
        lines.append(f"    = {s.describe()}")
    lines.append(f"# winners={match.state.winners}")
    return "\n".join(lines) + "\n"
