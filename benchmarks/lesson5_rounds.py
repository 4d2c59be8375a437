"""Lesson 5's measured answer: how many rounds longer English Double Donkey games last than German ones, and
which of the three rule differences does it (``python benchmarks/lesson5_rounds.py [PAIRS] [SEED] [WORKERS]``).

Every rule set plays the same ``PAIRS`` deals (game ``i`` of every run starts from ``rng_for(seed, i)``), 4
players, every seat the ``Random`` bot (a random legal move). Five runs: the English rules, the German rules,
and the English rules with one German difference switched on (DD-END-1 ``end="immediate"``, DD-BIGGEST-2
``tie_break="roll"``, DD-DICE-3 ``last_die="roll"``). Each effect is a paired mean, deal by deal, with its
normal 95 % confidence interval: English rounds minus the rounds of the other run. The last line compares the
end rule with the tie rule on the same deals.

The printed figures are what ``donkeylab.lessons.full_games.MEASURED`` stores and the page states; a test
(``tests/apps/test_lesson5_measured.py``) checks that they support the page's words. About 1 ms per game on
one core: the stored run, ``python benchmarks/lesson5_rounds.py 50000 2024 1`` (250,000 games), took 266 s and
printed

    english minus german               0.523  (95 % CI 0.511 to 0.535; se 0.0060; n 50000)
    english minus english+end          0.354  (95 % CI 0.348 to 0.361; se 0.0032; n 50000)
    english minus english+tie_break    0.248  (95 % CI 0.239 to 0.257; se 0.0047; n 50000)
    english minus english+last_die     0.005  (95 % CI -0.007 to 0.017; se 0.0063; n 50000)
    end effect minus tie effect        0.107  (95 % CI 0.097 to 0.116; se 0.0046; n 50000)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence

from donkeylab.lab.experiment import ExperimentSpec, run_experiment
from donkeylab.lab.stats import Estimate, mean_normal

RUNS: dict[str, dict[str, str]] = {
    "english": {"variant": "english"},
    "german": {"variant": "german"},
    "end": {"variant": "english", "end": "immediate"},
    "tie_break": {"variant": "english", "tie_break": "roll"},
    "last_die": {"variant": "english", "last_die": "roll"},
}


def rounds(rules: dict[str, str], pairs: int, seed: int, workers: int) -> list[float]:
    """Rounds of each of ``pairs`` seeded 4-player games of Random bots under ``rules``."""
    spec = ExperimentSpec("double_donkey", 4, pairs, seed=seed, rules=rules, bots=("Random",), batch_size=200)
    return [float(r) for r in run_experiment(spec, workers=workers).values("rounds")]


def paired(a: Sequence[float], b: Sequence[float], label: str) -> Estimate:
    """Mean of ``a[i] - b[i]`` with its normal 95 % CI."""
    return mean_normal([x - y for x, y in zip(a, b, strict=True)], label)


def line(name: str, e: Estimate) -> str:
    return f"{name:<34} {e.value:.3f}  (95 % CI {e.low:.3f} to {e.high:.3f}; se {e.stderr:.4f}; n {e.n})"


def main(pairs: int = 50_000, seed: int = 2024, workers: int = 1) -> None:
    start = time.perf_counter()
    runs = {name: rounds(rules, pairs, seed, workers) for name, rules in RUNS.items()}
    english = runs["english"]
    print(f"Double Donkey, 4 Random bots, {pairs} deals played under every rule set, seed {seed}")
    for name in RUNS:
        print(line(f"mean rounds, {name}", mean_normal(runs[name])))
    print(line("english minus german", paired(english, runs["german"], "diff")))
    for name in ("end", "tie_break", "last_die"):
        print(line(f"english minus english+{name}", paired(english, runs[name], name)))
    print(line("end effect minus tie effect", paired(runs["tie_break"], runs["end"], "end - tie")))
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:4]]
    main(*args)
