"""Widget speed in-process (issue 9 §7): Stepper.step() latency, bytes sent per step, snapshot() cost.

A recording comm stands in for the browser, so the bytes are exactly what ipywidgets would put on the
websocket (the JSON of each state update). Targets: step p95 ≤ 10 ms, update ≤ 8 KB per step.
Run: ``.venv/bin/python benchmarks/bench_widgets.py``.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import Row, print_table

GAMES = ("double_donkey", "double_down", "esels_rennen")
STEPS = 200


class _Recorder:
    comm_id = "bench"
    kernel = "bench"

    def __init__(self) -> None:
        self.sizes: list[int] = []

    def send(self, data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        self.sizes.append(len(json.dumps(data, separators=(",", ":"))))

    def close(self, *args: Any, **kwargs: Any) -> None:
        pass

    def on_msg(self, *args: Any, **kwargs: Any) -> None:
        pass


def _p95(values: list[float]) -> float:
    return sorted(values)[int(0.95 * (len(values) - 1))]


def measure(game: str) -> dict[str, float]:
    """Step ``STEPS`` times through seeded games (a new seed when one ends); time and weigh every step."""
    from donkeylab.widgets import Stepper

    times: list[float] = []
    cpu: list[float] = []
    sizes: list[int] = []
    snaps: list[float] = []
    seed = 0
    st = Stepper(game, seed=seed)
    rec = _Recorder()
    st.comm = rec
    while len(times) < STEPS:
        if st.state.is_terminal() and st.substep >= len(st.state.events):
            seed += 1
            st.reset(seed=seed)
        before = len(rec.sizes)
        t0, c0 = time.perf_counter(), time.thread_time()
        st.step()
        times.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
        sizes.extend(rec.sizes[before:])
        t0 = time.perf_counter()
        st.state.snapshot(None, "en")
        snaps.append(time.perf_counter() - t0)
    return {
        "step_median_ms": 1000 * statistics.median(times),
        "step_p95_ms": 1000 * _p95(times),
        "step_p95_cpu_ms": 1000 * _p95(cpu),
        "update_median_kb": statistics.median(sizes) / 1024,
        "update_max_kb": max(sizes) / 1024,
        "snapshot_median_ms": 1000 * statistics.median(snaps),
    }


def rows() -> list[Row]:
    out: list[Row] = []
    for game in GAMES:
        m = measure(game)
        out += [
            Row("widgets", f"{game} step() median", m["step_median_ms"], "ms"),
            Row("widgets", f"{game} step() p95", m["step_p95_ms"], "ms", "<= 10 ms", m["step_p95_ms"] <= 10),
            Row(
                "widgets",
                f"{game} step() p95, CPU time",
                m["step_p95_cpu_ms"],
                "ms",
                "",
                None,
                "excludes waits for the CPU",
            ),
            Row("widgets", f"{game} update per step, median", m["update_median_kb"], "KB", "<= 8 KB"),
            Row(
                "widgets", f"{game} update per step, max", m["update_max_kb"], "KB", "<= 8 KB", m["update_max_kb"] <= 8
            ),
            Row("widgets", f"{game} snapshot() median", m["snapshot_median_ms"], "ms"),
        ]
    return out


if __name__ == "__main__":
    print(f"# load average {os.getloadavg()[0]:.1f} (wall-clock p95 suffers on a busy machine; CPU time does not)")
    print_table(rows())
