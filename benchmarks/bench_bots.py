"""Strategy bots vs Random: seat 0 plays the strategy, the other seats play Random (seeded experiments).

Not a speed figure but the "is the strategy any good?" number each engine issue asks for: seat 0's win
rate (and for Double Down its tokens lost) with the strategy, beside the same seat when everybody plays
Random. Same seeds for both, so the difference is the strategy. Run: ``python benchmarks/bench_bots.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import Row, print_table
from donkeylab.lab.experiment import ExperimentResult, ExperimentSpec, run_experiment
from donkeylab.lab.stats import Estimate, mean_normal

GAMES = 400
PLAYERS = 4
# game -> (strategy bot in seat 0, extra metric of seat 0 to report)
CASES: dict[str, tuple[str, str | None]] = {
    "double_donkey": ("Cautious", "biggest_seat0"),
    "double_down": ("Careful", "lost_seat0"),
    "esels_rennen": ("Greedy", None),
}


def _run(game: str, seat0: str) -> ExperimentResult:
    bots = (seat0,) + ("Random",) * (PLAYERS - 1)
    return run_experiment(ExperimentSpec(game, PLAYERS, GAMES, seed=2026, bots=bots))


def _ci(e: Estimate) -> str:
    return f"95% CI [{e.low:.3f}, {e.high:.3f}]"


def rows() -> list[Row]:
    out: list[Row] = []
    for game, (strategy, metric) in CASES.items():
        try:
            results = {bot: _run(game, bot) for bot in (strategy, "Random")}
        except Exception as exc:
            out.append(Row("bots", game, 0, "-", note=f"unavailable: {type(exc).__name__}: {exc}"[:90]))
            continue
        for bot, result in results.items():
            win = result.win_rate(0)
            out.append(Row("bots", f"{game}: seat 0 {bot} win rate", win.value, "share", note=_ci(win)))
            if metric is not None:
                m = mean_normal(result.values(metric), metric)
                out.append(Row("bots", f"{game}: seat 0 {bot} mean {metric}", m.value, "per game", note=_ci(m)))
    return out


if __name__ == "__main__":
    print_table(rows())
