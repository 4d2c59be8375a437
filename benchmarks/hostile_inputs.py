"""Worst-case time and memory per hostile input: every case of ``tests/data/hostile/cases.json`` timed, then
traced (peak traced allocations), printed slowest first.

The limits of issue 11 are "no input may take more than ~2 s or 200 MB before it is refused". Caches are
cleared before each case, so a case pays for everything it makes us do (e.g. exploring a hostile board).
Run: ``python benchmarks/hostile_inputs.py`` (``--top N`` for only the N slowest).
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from donkeylab.esels_rennen import graph, validate
from tests.hostile.corpus import cases, run_case


def _fresh() -> None:
    graph._GRAPHS.clear()
    validate._validate.cache_clear()


def measure() -> list[tuple[str, float, float, str]]:
    """(case name, seconds, peak MB, outcome) for every case: timed in one pass, traced in another (tracing
    allocations slows Python several times over, so it would distort the times)."""
    rows = []
    for case in cases():
        _fresh()
        began = time.perf_counter()
        outcome = run_case(case)
        seconds = time.perf_counter() - began
        _fresh()
        tracemalloc.start()
        run_case(case)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        what = f"exit {outcome.exit}" if outcome.exit is not None else outcome.error
        rows.append((case.name, seconds, peak / 1e6, what))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--top", type=int, default=0, help="print only the N slowest cases")
    args = parser.parse_args(argv)
    rows = sorted(measure(), key=lambda r: -r[1])
    width = max(len(r[0]) for r in rows)
    print(f"{'case':{width}}  seconds  peak MB  outcome")
    for name, seconds, mb, what in rows[: args.top or None]:
        print(f"{name:{width}}  {seconds:7.3f}  {mb:7.1f}  {what}")
    worst_time, worst_mb = max(r[1] for r in rows), max(r[2] for r in rows)
    print(f"{len(rows)} hostile inputs: worst {worst_time:.2f} s, worst peak {worst_mb:.0f} MB (traced)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
