"""Shared parts of the chances tests: seeded decision points of bot games, and the 99.9 % rollout check.

A rollout test compares a move's exact value with the mean of seeded rollouts from the same position (the
seat's hidden information dealt afresh each time, the engine and the bots playing on); it fails when the
exact value lies outside the 99.9 % normal interval of that mean (z = 3.29).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from typing import Any

from donkeylab.core import Match, RandomBot

Z999 = 3.2905  # two-sided 99.9 % normal quantile
ROLLOUTS = 20_000
POINTS = 30


def decision_points(new: Callable[[], Any], players: int, count: int, seed: int) -> Iterator[Any]:
    """``count`` decision points (a seat to move) of seeded Random-bot games, a few from each game, spread
    over the game (every k-th decision, k drawn from the seed)."""
    rng = random.Random(seed)
    found, game = 0, 0
    while found < count:
        match = Match(new(), seed=seed * 1000 + game, bots={p: RandomBot() for p in range(players)})
        game += 1
        skip = rng.randint(2, 9)
        seen = 0
        while match.state.current_player is not None and found < count and match.index < 2000:
            state = match.state
            if isinstance(state.current_player, int) and state.legal_actions():
                seen += 1
                if seen % skip == 0:
                    found += 1
                    yield state
                    if seen > 4 * skip:
                        break
            match.step()


def assert_mean_within(exact: float, values: list[float], what: str, spread: tuple[float, float] = (0.0, 0.0)) -> None:
    """``exact`` (or the interval ``exact + spread``) meets the 99.9 % interval of the mean of ``values``."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(1, n - 1)
    half = Z999 * math.sqrt(var / n) + 1e-9
    low, high = exact + spread[0], exact + spread[1]
    assert low - half <= mean <= high + half, f"{what}: exact {low:.5f}..{high:.5f}, rollouts {mean:.5f} ± {half:.5f}"
