"""Fast-path throughput: trials/s of each numpy simulator at 1,000,000 trials (target >= 1,000,000/s)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import Row, print_table
from donkeylab.double_donkey import fast_dice as dice
from donkeylab.double_donkey import fast_flips as flips
from donkeylab.double_down import fast_totals as totals
from donkeylab.esels_rennen import fast_race as race

N = 1_000_000
TARGET = 1_000_000


def _race() -> Callable[[], Any]:
    from donkeylab.esels_rennen import exact

    arrays = race.RaceArrays.from_chain(exact.random_play_chain())
    return lambda: race.simulate_races(arrays, N, seed=1)


CASES: dict[str, Callable[[], Callable[[], Any]]] = {
    "dice: phase 1, random policy (DD-DICE-1..3)": lambda: lambda: dice.distinct_distribution(N, 1, "random"),
    "dice: phase 1, lowest policy": lambda: lambda: dice.distinct_distribution(N, 1, "lowest"),
    "dice: free choice, 3 dice": lambda: lambda: dice.free_choice_hits({1, 2, 3}, 3, N, 1),
    "flips: card value before/after (uniform hay)": lambda: (
        lambda: flips.flip_distributions(("orange", "yellow"), ("orange",), N, 1)
    ),
    "flips: card value before/after (phase-1 hay)": lambda: (
        lambda: flips.flip_distributions(("orange", "yellow"), ("orange",), N, 1, hay="random")
    ),
    "totals: 5 cards without replacement (DN)": lambda: lambda: totals.running_totals(5, N, 1).doublet_hits(),
    "totals: 10 cards with replacement (DN)": lambda: lambda: totals.running_totals(10, N, 1, True).doublet_hits(),
    "race: order + length, default board (ER)": _race,
}


def rows() -> list[Row]:
    out: list[Row] = []
    for name, make in CASES.items():
        try:
            work = make()
            work()  # warm-up: imports, chain construction, numpy first-call costs
            start = time.perf_counter()
            work()
            per_s = N / (time.perf_counter() - start)
        except Exception as exc:
            out.append(Row("fast path", name, 0, "-", note=f"unavailable: {type(exc).__name__}: {exc}"[:90]))
            continue
        out.append(Row("fast path", name, per_s, "trials/s", f">= {TARGET:,}", per_s >= TARGET))
    return out


if __name__ == "__main__":
    print_table(rows())
