"""``make bench``: every benchmark figure in one table (rollouts vs OpenSpiel, cores, fast paths, exact, bots)."""

from __future__ import annotations

import os
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import bench_bots, bench_engines, bench_exact, bench_fast, bench_parallel
from benchmarks.common import print_table


def main() -> int:
    load = " ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(
        f"# donkeylab benchmarks: Python {platform.python_version()} on {platform.machine()}, {platform.node()}, "
        f"{os.cpu_count()} core(s), load average {load} (1/5/15 min) at start"
    )
    rows = bench_engines.rows() + bench_parallel.rows() + bench_fast.rows() + bench_exact.rows() + bench_bots.rows()
    print_table(rows)
    missed = [r for r in rows if r.ok is False]
    print(f"# {len(missed)} target(s) missed" + (": " + "; ".join(r.name for r in missed) if missed else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
