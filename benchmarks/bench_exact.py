"""Exact lesson tables: cold wall time of each game's ``exact.lesson_tables()`` (target < 1 s per table).

Each measurement runs in a fresh interpreter so caches filled earlier cannot flatter it. Besides the whole
``lesson_tables()`` call, every public no-argument function of the ``exact`` module named ``*_table`` is
timed on its own (cold), which gives per-table figures where a game builds its tables that way.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import Row, print_table
from donkeylab.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 120  # seconds; a slower exact computation is reported as a miss, not waited for
PROBE = """
import importlib, inspect, json, sys, time
module = importlib.import_module(sys.argv[1] + ".exact")
name = sys.argv[2]
if name == "?":
    found = [n for n, f in vars(module).items() if n.endswith("_table") and not n.startswith("_") and callable(f)
             and getattr(f, "__module__", "") == module.__name__
             and all(p.default is not p.empty for p in inspect.signature(f).parameters.values())]
    print(json.dumps(found))
    sys.exit()
start = time.perf_counter()
result = getattr(module, name)()
print(json.dumps({"elapsed": time.perf_counter() - start, "size": len(result)}))
"""


def _probe(game: str, function: str) -> object:
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, GAMES[game], function], capture_output=True, text=True, cwd=ROOT, timeout=TIMEOUT
    )
    if proc.returncode != 0:
        lines = proc.stderr.strip().splitlines()
        raise RuntimeError(lines[-1] if lines else "failed")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _row(game: str, function: str, what: str) -> Row:
    name = f"{game}.exact.{function}()"
    try:
        result = _probe(game, function)
    except subprocess.TimeoutExpired:
        return Row("exact", name, TIMEOUT, "s", "< 1 s", False, f"{what}: timed out")
    except Exception as exc:
        return Row("exact", name, 0, "-", note=f"unavailable: {exc}"[:90])
    assert isinstance(result, dict)
    elapsed = float(result["elapsed"])
    return Row("exact", name, elapsed, "s", "< 1 s", elapsed < 1.0 if what == "one table" else None, what)


def rows() -> list[Row]:
    out: list[Row] = []
    for game in GAMES:
        whole = _row(game, "lesson_tables", "all tables together")
        try:
            per_table = _probe(game, "?")
        except Exception:
            per_table = []
        assert isinstance(per_table, list)
        if whole.unit == "s" and (whole.value < 1.0 or not per_table):
            # under 1 s together: every table is; no per-table functions: the whole call is each table's cost
            whole = dataclasses.replace(whole, target="< 1 s", ok=whole.value < 1.0)
        out.append(whole)
        out.extend(_row(game, f, "one table") for f in per_table)
    return out


if __name__ == "__main__":
    print_table(rows())
