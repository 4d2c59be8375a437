"""Experiments on several cores: games/s of one ``run_experiment`` of 2,000 Double Donkey games (4 players,
Random bots) on 1 and 2 worker processes, and on a 4-worker Dask ``LocalCluster`` if ``distributed`` is
installed (the ``dask`` extra). Each figure is one run (wall time of the whole call, pool start included);
the records are checked to be identical. On a shared machine the wall-time speed-up says little, so the CPU
seconds of all our processes (this one and its workers) are reported too: 2 workers spending about the CPU
time of 1 means the split itself costs nothing and a quiet 2-core machine gets close to 2x.
Run: ``python benchmarks/bench_parallel.py``.
"""

from __future__ import annotations

import resource
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import Row, print_table
from donkeylab.lab.experiment import ExperimentSpec, run_experiment
from donkeylab.lab.parallel import cpu_count

GAMES = 2000
SPEC = ExperimentSpec("double_donkey", players=4, games=GAMES, seed=2026, batch_size=50)
TARGET = 1.7


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the pool's workers, once shut down)."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def _timed(**how: Any) -> tuple[float, list[dict[str, Any]], float]:
    """games/s (wall), the records, and the CPU seconds all our processes spent."""
    start, cpu = time.perf_counter(), _cpu()
    records = run_experiment(SPEC, **how).records
    return GAMES / (time.perf_counter() - start), records, _cpu() - cpu


def _dask_rows(reference: list[dict[str, Any]], one: float) -> list[Row]:
    try:
        import distributed
    except ImportError:
        return [Row("parallel", "Dask LocalCluster", 0, "-", note="distributed not installed (the dask extra)")]
    began = time.perf_counter()
    with (
        distributed.LocalCluster(n_workers=4, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        started = time.perf_counter() - began
        rate, records, _ = _timed(executor=client.get_executor())
    same = "same records" if records == reference else "RECORDS DIFFER"
    return [
        Row("parallel", "4-worker Dask LocalCluster games/s", rate, "games/s", note=f"{rate / one:.2f}x; {same}"),
        Row("parallel", "4-worker Dask LocalCluster start", started, "s", note="cluster start, not in games/s"),
    ]


def rows() -> list[Row]:
    one, reference, cpu_one = _timed(workers=1)
    two, records, cpu_two = _timed(workers=2)
    same = "same records" if records == reference else "RECORDS DIFFER"
    speedup = two / one
    cores = cpu_count()
    met = speedup >= TARGET if cores >= 2 else None
    out = [
        Row("parallel", f"{GAMES:,} Double Donkey games, 1 worker", one, "games/s", note=f"{cpu_one:.2f} CPU s"),
        Row(
            "parallel", f"{GAMES:,} Double Donkey games, 2 workers", two, "games/s", note=f"{cpu_two:.2f} CPU s; {same}"
        ),
        Row(
            "parallel", "speed-up 2 workers / 1 (wall)", speedup, "x", f">= {TARGET}", met, note=f"{cores} core(s) here"
        ),
        Row("parallel", "CPU seconds 2 workers / 1", cpu_two / cpu_one, "x", note="~1.0: the split costs nothing"),
    ]
    return out + _dask_rows(reference, one)


if __name__ == "__main__":
    print_table(rows())
