"""Exact lesson tables: cold wall time of each game's ``exact.lesson_tables()`` (target < 1 s per table).

Each game runs in a fresh interpreter so caches filled by another benchmark cannot flatter the figure;
the per-table time is measured by timing ``lesson_tables()`` as a whole (an upper bound for each table).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import Row, print_table
from donkeylab.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
PROBE = """
import importlib, json, sys, time
module = importlib.import_module(sys.argv[1] + ".exact")
start = time.perf_counter()
tables = module.lesson_tables()
elapsed = time.perf_counter() - start
print(json.dumps({"elapsed": elapsed, "tables": {k: len(v) for k, v in tables.items()}}))
"""


def cold_time(name: str) -> dict[str, object]:
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, GAMES[name]], capture_output=True, text=True, cwd=ROOT, timeout=600
    )
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else "failed")
    result: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def rows() -> list[Row]:
    out: list[Row] = []
    for name in GAMES:
        try:
            result = cold_time(name)
        except Exception as exc:
            out.append(Row("exact", name, 0, "-", note=f"unavailable: {exc}"[:90]))
            continue
        elapsed = float(result["elapsed"])  # type: ignore[arg-type]
        tables = result["tables"]
        assert isinstance(tables, dict)
        note = f"{len(tables)} tables: " + ", ".join(tables)
        out.append(Row("exact", f"{name}.exact.lesson_tables() (all)", elapsed, "s", "< 1 s each", elapsed < 1.0, note))
    return out


if __name__ == "__main__":
    print_table(rows())
