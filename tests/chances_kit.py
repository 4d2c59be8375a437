"""Shared parts of the chances tests: seeded decision points of bot games, and the 99.9 % rollout check.

A rollout test compares each move's exact value with the mean of seeded rollouts from the same position (the
seat's hidden information dealt afresh each time, the engine and the bots playing on); it fails when an exact
value lies outside the 99.9 % normal interval of its mean. The 99.9 % holds for the whole test (Šidák: with m
comparisons each interval is 1 − 0.001/m wide, z ≈ 4.5 for 150), so a correct table fails one run in a
thousand, not one in seven as 150 separate 99.9 % intervals would.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from functools import lru_cache
from statistics import NormalDist
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


@lru_cache(maxsize=128)
def _swaps(n: int) -> tuple[tuple[int, int, int], ...]:
    """``random.shuffle``'s steps for ``n`` items: (position, bound, bits of the bound), last position first."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, n)))


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``: the same draws and the same order, without two calls per item (``random``'s own
    ``_randbelow``: ``getrandbits`` of the bound's bit length until below it). A rollout test shuffles the
    hidden cards once per rollout; ``test_chances_kit`` checks it against ``random.shuffle``."""
    getrandbits = rng.getrandbits
    for i, below, bits in _swaps(len(items)):
        j = getrandbits(bits)
        while j >= below:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def law_variance(row: Any, number: Callable[[str], float]) -> float:
    """The variance of one rollout's number under the row's exact law (``number`` reads an outcome's name)."""
    mean = sum(float(p) * number(name) for name, p in row.outcomes)
    return sum(float(p) * (number(name) - mean) ** 2 for name, p in row.outcomes)


class Comparisons:
    """Exact values against rollout means, checked together at the end with one 99.9 % family-wise level."""

    def __init__(self) -> None:
        self.rows: list[tuple[float, str]] = []  # (|distance| in standard errors, what)

    def add(
        self,
        exact: float,
        values: list[float],
        what: str,
        spread: tuple[float, float] = (0.0, 0.0),
        var: float | None = None,
    ) -> None:
        """``exact`` (or the interval ``exact + spread``, for a bound) against the mean of ``values``; ``var`` is
        the variance the exact law gives one rollout (the sample's own when None): a rare outcome the rollouts
        never met then still has its standard error."""
        n = len(values)
        mean = sum(values) / n
        if var is None:
            var = sum((v - mean) ** 2 for v in values) / max(1, n - 1)
        se = math.sqrt(var / n)
        low, high = exact + spread[0], exact + spread[1]
        gap = max(low - mean, mean - high, 0.0)
        z = 0.0 if gap <= 1e-9 else (math.inf if se == 0 else gap / se)
        self.rows.append((z, f"{what}: exact {low:.5f}..{high:.5f}, rollouts {mean:.5f} (se {se:.5f})"))

    def check(self) -> None:
        """Fail when any comparison lies outside its Šidák-corrected interval (99.9 % for all together)."""
        assert self.rows, "nothing was compared"
        per = 1 - 0.999 ** (1 / len(self.rows))
        limit = NormalDist().inv_cdf(1 - per / 2)
        worst = max(self.rows)
        assert worst[0] <= limit, f"{worst[1]}: {worst[0]:.2f} se > {limit:.2f} ({len(self.rows)} comparisons)"


def check_table(table: Any, higher_is_better: bool) -> None:
    """What every chances table promises: a reason exactly when there are no moves, each row's outcomes a
    probability law (summing to 1), rows ranked best first by their value."""
    assert bool(table.reason) != bool(table.moves)
    for row in table.moves:
        assert sum(p for _, p in row.outcomes) == 1, row
    values = [m.value for m in table.moves]
    assert values == sorted(values, reverse=higher_is_better)
    assert table.higher_is_better == higher_is_better or not table.moves


def state_at(new: Callable[[], Any], seed: int, step: int) -> Any:
    """The state a page shows at ``step`` of the seeded Random-bot game (stops early at the end)."""
    start = new()
    match = Match(start, seed=seed, bots={p: RandomBot() for p in range(start.num_players)})
    for _ in range(step):
        if not match.can_step():
            break
        match.step()
    return match.state
