"""Where a command's CPU goes, by kind of process: Chromium, kernels, pytest workers, Voila servers, pip …

``make test`` on two cores is CPU-bound (issue 17: the cores were ~90 % busy through a run), so the question
for a faster run is which processes use the CPU. Their CPU time cannot be read from the command's own
``rusage``: Voila's kernels run in sessions of their own and are killed, not waited for, so their time never
reaches the parent. This script therefore samples ``/proc`` every ``--every`` seconds while the command runs
and adds up each process's CPU time (user + system, since the previous sample) under a kind named by its
command line. A process that lives less than one sample interval is counted from its last sample only; on a
run of minutes that loses little.

On a virtual machine the host may take CPU from this one ("steal", the 8th field of ``/proc/stat``'s cpu line):
the same run then takes longer and, since a process's counters are charged for part of it, more CPU. The
script prints the steal during the command and a speed probe (a fixed Python loop) before and after; runs are
comparable only when these are alike (here one loop ran 1.6x slower at one hour of an afternoon than at another).

Run: ``python3 benchmarks/cpu_split.py -- make test`` (on a fresh clone: ``git clone -q . /tmp/f && cd /tmp/f
&& python3 benchmarks/cpu_split.py -- make test``). Standard library only: it runs before the venv exists.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.procs import process_ticks

HZ = os.sysconf("SC_CLK_TCK")
# The first pattern that matches a command line names its kind (most specific first).
KINDS = (
    ("Chromium renderers (Pyodide runs here)", re.compile(r"chrom.*--type=renderer")),
    ("Chromium, other processes", re.compile(r"chrom")),
    ("kernels (apps, notebooks)", re.compile(r"ipykernel")),
    ("Voila servers", re.compile(r"donkeylab\.apps\.server|voila")),
    ("pytest-xdist workers", re.compile(r"python[\d.]* -u -c import sys;exec\(eval")),
    ("pytest", re.compile(r"pytest")),
    ("multiprocessing workers", re.compile(r"multiprocessing|python[\d.]* -B -c from m")),
    ("pip, uv (the venv)", re.compile(r"pip install|/uv pip")),
    ("Playwright's Node drivers", re.compile(r"\bnode\b")),
    ("PostgreSQL", re.compile(r"postgres")),
    ("ruff, mypy", re.compile(r"ruff|mypy")),
)


def kind_of(pid: int) -> str | None:
    try:
        line = (Path("/proc") / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return None
    return next((name for name, pattern in KINDS if pattern.search(line)), "other")


def cpu_seconds(pid: int) -> float | None:
    ticks = process_ticks(pid)
    return None if ticks is None else ticks / HZ


def sample(seen: dict[int, tuple[str, float]], totals: Counter[str], first: bool) -> None:
    """Add every process's CPU time since the last sample; processes already running at the start count 0."""
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        pid = int(entry.name)
        now = cpu_seconds(pid)
        if now is None:
            continue
        if pid not in seen:
            kind = kind_of(pid)
            if kind is None:
                continue
            seen[pid] = (kind, now if first else 0.0)
        kind, before = seen[pid]
        totals[kind] += max(0.0, now - before)
        seen[pid] = (kind, now)


class CpuLog:
    """Cumulative CPU seconds by kind, sampled by ``take()``: the CPU of a window of a run (``between``),
    e.g. while a class arrives against once it is in (``benchmarks/classroom.py``)."""

    def __init__(self) -> None:
        self.seen: dict[int, tuple[str, float]] = {}
        self.totals: Counter[str] = Counter()
        sample(self.seen, self.totals, first=True)
        self.marks: list[tuple[float, Counter[str]]] = [(time.monotonic(), Counter())]

    def take(self, mark: bool = True) -> None:
        """Add every process's CPU since the last sample; ``mark`` keeps the totals of this moment for ``between``."""
        sample(self.seen, self.totals, first=False)
        if mark:
            self.marks.append((time.monotonic(), self.totals.copy()))

    def between(self, start: float, end: float) -> tuple[float, Counter[str]]:
        """The samples nearest to ``start`` and ``end`` (monotonic): the seconds between them and the CPU used."""
        first = min(self.marks, key=lambda m: abs(m[0] - start))
        last = min(self.marks, key=lambda m: abs(m[0] - end))
        used = last[1].copy()
        used.subtract(first[1])
        return last[0] - first[0], +used


def steal_seconds() -> float:
    """CPU time the hypervisor gave to others while this machine's processes wanted it, all cores together."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    return int(fields[8]) / HZ if len(fields) > 8 else 0.0


def probe() -> float:
    """Seconds for a fixed pure-Python loop: how fast this machine's CPU is right now."""
    began = time.perf_counter()
    total = 0
    for i in range(10_000_000):
        total += i
    return time.perf_counter() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--every", type=float, default=0.5, help="seconds between two samples of /proc")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command to run (after --)")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("name a command after --, e.g. -- make test")
    speed_before, stolen = probe(), steal_seconds()
    log = CpuLog()
    start = time.monotonic()
    proc = subprocess.Popen(command)
    while proc.poll() is None:
        time.sleep(args.every)  # sampling another process tree's counters: there is no event to wait on
        log.take(mark=False)
    wall = time.monotonic() - start
    stolen = steal_seconds() - stolen
    totals = log.totals
    total = sum(totals.values())
    print(
        f"# {' '.join(command)}: exit {proc.returncode}, {wall:.0f} s wall, {total:.0f} s CPU "
        f"({total / wall / os.cpu_count() * 100 if os.cpu_count() else 0:.0f} % of {os.cpu_count()} cores)",
        file=sys.stderr,
    )
    print(
        f"# steal {stolen:.0f} s (all cores); speed probe {speed_before:.2f} s before, {probe():.2f} s after",
        file=sys.stderr,
    )
    for kind, seconds in totals.most_common():
        print(f"{seconds:8.1f} s  {seconds / total * 100:4.1f} %  {kind}", file=sys.stderr)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
