"""The chances table: milliseconds per decision point over whole seeded games of each game (goal: p95 ≤ 200 ms).

Every decision point (a seat to move) of seeded games of Random bots is timed, in the order a pupil steps
through a page, in one process: caches fill as they would on a page (the first Esels-Rennen table solves the
board's chain once; that first call is reported apart as ``first``). Prints p50, p95 and max per game and
player count (wall time; the p95 of the process's CPU time beside it), and for Double Down the share of rows
that are bounds (unresolved mass > 0) and the mean unresolved probability per row.

    .venv/bin/python benchmarks/chances.py [--games N] [--game NAME] [--players N ...]
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from donkeylab.core import Match, RandomBot
from donkeylab.games import info

CASES = (
    ("double_donkey", 3, {"variant": "english"}),
    ("double_donkey", 3, {"variant": "german"}),
    ("double_down", 2, {}),
    ("double_down", 3, {}),
    ("double_down", 4, {}),
    ("double_down", 5, {}),
    ("esels_rennen", 3, {}),
)


def run(game: str, players: int, rules: dict[str, str], games: int) -> dict[str, float]:
    """Time ``chances`` at every decision point of ``games`` seeded games; figures in ms."""
    module = importlib.import_module(f"donkeylab.{game}.chances")
    spec = info(game)
    times: list[float] = []
    cpu: list[float] = []  # the process's own CPU time: what a shared machine's load does not inflate as much
    first = 0.0
    rows = bounds = 0
    open_mass = 0.0
    for seed in range(games):
        start = spec.new_game(players, spec.rules(rules))
        match = Match(start, seed=seed, bots={p: RandomBot() for p in range(players)})
        while match.state.current_player is not None and match.index < 400:
            state = match.state
            if isinstance(state.current_player, int):
                began, began_cpu = time.perf_counter(), time.process_time()
                table = module.chances(state)
                elapsed = (time.perf_counter() - began) * 1000
                used = (time.process_time() - began_cpu) * 1000
                if not times and not first and game == "esels_rennen":
                    first = elapsed  # the board's chain solved once per process
                else:
                    times.append(elapsed)
                    cpu.append(used)
                rows += len(table.moves)
                bounds += sum(not m.exact for m in table.moves)
                open_mass += sum(float(m.outcome("open")) for m in table.moves)  # Double Down's unresolved mass
            match.step()
    times.sort()
    cpu.sort()
    return {
        "points": len(times),
        "p50": statistics.median(times),
        "p95": times[min(len(times) - 1, int(0.95 * len(times)))],
        "max": times[-1],
        "cpu_p95": cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))],
        "first": first,
        "bound_rows": bounds / max(1, rows),
        "unresolved": open_mass / max(1, rows),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="seeded games per case (default 3)")
    parser.add_argument("--game", help="only this game (e.g. double_down)")
    parser.add_argument("--players", type=int, nargs="*", help="only these player counts")
    args = parser.parse_args()
    print(f"{'game':<14} {'players':>7} {'rules':<10} {'points':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}  notes")
    for game, players, rules in CASES:
        if (args.game and game != args.game) or (args.players and players not in args.players):
            continue
        r = run(game, players, rules, args.games)
        notes = []
        if r["first"]:
            notes.append(f"first table {r['first'] / 1000:.1f} s (chain solve)")
        notes.append(f"CPU p95 {r['cpu_p95']:.1f} ms")
        if game == "double_down":
            notes.append(f"{r['bound_rows']:.0%} of rows are bounds, mean unresolved {r['unresolved']:.1%}")
        label = rules.get("variant", "default")
        print(
            f"{game:<14} {players:>7} {label:<10} {r['points']:>6} {r['p50']:>8.1f} {r['p95']:>8.1f} {r['max']:>8.1f}"
            f"  {'; '.join(notes)}"
        )


if __name__ == "__main__":
    main()
