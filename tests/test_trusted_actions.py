"""The one trusted-action mechanism (``core.trust``): games stepping side by side, in one thread or in two,
stay correct *and* keep their fast path, because the trust lives on the state that produced an action.

The spies count the checked paths: a sampled Double Donkey roll that is re-checked goes through
``_roll``, an offered ``Play`` through ``_play``, a sampled Double Down deal through the permutation test.
With one module-level "last sampled" slot (the old design) the interleaved games evicted each other's entry
and every one of these counts was positive.
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable
from typing import Any

import pytest

from donkeylab import double_donkey as dd
from donkeylab import double_down as dn
from donkeylab.core import CHANCE, GameState, IllegalAction
from donkeylab.core.trust import NO_VOUCHER, UNTRUSTED
from donkeylab.double_donkey.state import DoubleDonkeyState
from donkeylab.double_down import state as dn_state

Checked = dict[str, int]


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> Checked:
    """How often each full check ran (the counts are shared by all threads)."""
    counts: Checked = {"dd roll": 0, "dd play": 0, "dn deal": 0}
    lock = threading.Lock()

    def spy(name: str, original: Callable[..., Any], when: Callable[..., bool] = lambda *a: True) -> Any:
        def wrapper(*args: Any) -> Any:
            if when(*args):
                with lock:
                    counts[name] += 1
            return original(*args)

        return wrapper

    monkeypatch.setattr(DoubleDonkeyState, "_roll", spy("dd roll", DoubleDonkeyState._roll))
    monkeypatch.setattr(DoubleDonkeyState, "_play", spy("dd play", DoubleDonkeyState._play))
    deck = dn_state.DECK_SIZE
    monkeypatch.setattr(dn_state, "_all_ints", spy("dn deal", dn_state._all_ints, lambda order: len(order) == deck))
    return counts


def final(start: GameState, seed: int) -> GameState:
    """The user's loop: sampled chance, a random offered action, to the end."""
    rng = random.Random(seed)
    s = start
    while not s.is_terminal():
        s = s.apply(choose(s, rng))
    return s


GAMES = [("double_donkey", dd.new_game), ("double_down", dn.new_game)]


def choose(s: GameState, rng: random.Random) -> Any:
    return s.sample_chance(rng) if s.current_player is CHANCE else rng.choice(s.legal_actions())


@pytest.mark.parametrize(("name", "new_game"), GAMES)
def test_two_games_interleaved_step_by_step_stay_correct_and_trusted(
    name: str, new_game: Callable[[int], GameState], checked: Checked
) -> None:
    """Two Steppers in one notebook: both draw or list their options (a view shows them), then both apply."""
    games = {"a": new_game(4), "b": new_game(3)}
    rngs = {"a": random.Random(1), "b": random.Random(2)}
    while not all(s.is_terminal() for s in games.values()):
        chosen = {k: choose(s, rngs[k]) for k, s in games.items() if not s.is_terminal()}
        for key, action in chosen.items():
            games[key] = games[key].apply(action)
    assert checked == {"dd roll": 0, "dd play": 0, "dn deal": 0}, "every sampled/offered action took the fast path"
    alone_a, alone_b = final(new_game(4), seed=1), final(new_game(3), seed=2)
    assert games["a"].history == alone_a.history and games["a"].describe() == alone_a.describe()
    assert games["b"].history == alone_b.history and games["b"].describe() == alone_b.describe()


@pytest.mark.parametrize(("name", "new_game"), GAMES)
def test_two_threads_simulate_side_by_side_with_the_same_results(
    name: str, new_game: Callable[[int], GameState], checked: Checked
) -> None:
    """A live plot simulating in a background thread beside a Stepper stepping in the main thread."""
    games = 15
    serial = [final(new_game(4), seed) for seed in range(games)]
    results: dict[int, list[GameState]] = {}

    def simulate(worker: int) -> None:
        results[worker] = [final(new_game(4), seed) for seed in range(games)]

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter allows
    try:
        background = threading.Thread(target=simulate, args=(1,))
        background.start()
        simulate(0)
        background.join()
    finally:
        sys.setswitchinterval(old)
    for worker in (0, 1):
        assert [s.history for s in results[worker]] == [s.history for s in serial]
        assert [s.describe() for s in results[worker]] == [s.describe() for s in serial]
    assert checked == {"dd roll": 0, "dd play": 0, "dn deal": 0}


def test_a_shared_start_state_sampled_by_two_games_is_correct_either_way(checked: Checked) -> None:
    """Two draws from one state: the later voucher wins; the earlier deal is checked in full, same result."""
    start = dn.new_game(4)
    first, second = start.sample_chance(random.Random(1)), start.sample_chance(random.Random(2))
    assert first != second
    after_first = start.apply(first)
    assert checked["dn deal"] == 1
    start.apply(second)
    assert checked["dn deal"] == 1, "the last draw is still trusted"
    assert after_first.describe() == dn.new_game(4).apply(dn.Deal(tuple(first.order))).describe()


def test_trust_is_not_inherited_by_the_next_state_or_a_copy() -> None:
    start = dd.new_game(4).apply(dd.Deal(tuple(range(57))))
    roll = start.sample_chance(random.Random(5))
    assert start._trusted(roll) is UNTRUSTED, "_trusted asks the parent: the state itself is not the parent"
    after = start.apply(roll)
    assert after._trusted(roll) is not UNTRUSTED, "inside _apply the new state trusts what its parent vouched"
    assert after._vouched == NO_VOUCHER and start._copy()._vouched == NO_VOUCHER
    later = after.apply(after.legal_actions()[0])
    with pytest.raises(IllegalAction) as err:
        later.apply(roll)  # a 6-dice roll on a Hay card with one die: refused by the full DD-DICE-1 check
    assert err.value.rule == "DD-DICE-1"
