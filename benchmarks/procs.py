"""Processes of a served gallery, read from /proc: the server started as ``make app`` does, its kernels, their memory.

Used by ``classroom.py``. Kernels run in their own sessions (jupyter_client starts them with ``setsid``), so a
kill of the server's process group does not reach them: ``stop_server`` stops the server with SIGTERM (it shuts
its kernels down) and kills whatever is left by pid.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

WAIT_S = 300


def _proc_children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError):
                continue
            tree.setdefault(ppid, []).append(int(entry.name))
    return tree


def descendants(pid: int) -> list[int]:
    tree, found, todo = _proc_children(), [], [pid]
    while todo:
        kids = tree.get(todo.pop(), [])
        found += kids
        todo += kids
    return found


def _field_kb(path: Path, name: str) -> int:
    for line in path.read_text().splitlines():
        if line.startswith(name + ":"):
            return int(line.split()[1])
    return 0


def kernels(root: int) -> dict[str, tuple[int, int]]:
    """Kernel id -> (RSS, PSS) in kB of every kernel process under the server."""
    found = {}
    for pid in descendants(root):
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            if not any(b"ipykernel_launcher" in part for part in cmd):
                continue
            kid = next(p for p in cmd if b"kernel-" in p).decode().rsplit("kernel-", 1)[1].removesuffix(".json")
            rss = _field_kb(Path(f"/proc/{pid}/status"), "VmRSS")
            found[kid] = (rss, _field_kb(Path(f"/proc/{pid}/smaps_rollup"), "Pss"))
        except (OSError, StopIteration):
            continue  # the process ended while being read
    return found


def served_env() -> dict[str, str]:
    """The environment ``make app`` gives the server: without ``PYTHONDONTWRITEBYTECODE`` (the Makefile unexports
    it), so kernels write the bytecode of what they import once. A shell that sets it (this machine's does)
    made every pool kernel compile numpy, plotly and the apps from source again, ~1 s of CPU each, beside
    the page being measured."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(
    port: int, cull: int, log: Path, preheat: dict[str, int] | None = None, nice: int = 0
) -> subprocess.Popen[bytes]:
    """``make app``'s command (``donkeylab serve``), with the benchmark's short idle-cull time; ``preheat``
    gives pool sizes by app, as a teacher starts the server for an announced lesson (``--preheat APP=N``);
    ``nice`` is added to the server's niceness (negative: back up from a benchmark that lowered its own)."""
    cmd = [sys.executable, "-m", "donkeylab.cli", "serve", "--port", str(port), "--cull-idle", str(cull)]
    if preheat:
        cmd += ["--preheat", *(f"{app}={n}" for app, n in preheat.items())]
    with open(log, "wb") as out:
        renice = (lambda: os.nice(nice)) if nice else None
        proc = subprocess.Popen(
            cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True, preexec_fn=renice, env=served_env()
        )
    deadline = time.monotonic() + WAIT_S
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2):
                return proc
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server did not start:\n" + log.read_text(errors="replace")) from None
            time.sleep(0.5)


def pool_fills(log: Path, app: str) -> int:
    """How often the server's ``log`` says the pool of ``app`` is filled (at start, and after each refill)."""
    return log.read_text(errors="replace").count(f"Kernel pool of {app}.ipynb is filled")


def wait_pools_filled(root: int, log: Path, pools: dict[str, int], limit: float = WAIT_S) -> float:
    """Seconds until every named pool is full and its kernels have run their notebooks.

    Voila logs "Kernel pool of X is filled" once the pool's kernels have started, while their notebooks still
    run (measured: 33 kernels "filled" in 9 s on 2 cores); the pools are ready when, after that, the server and
    its kernels use less than a tenth of a core over two seconds.
    """
    began = time.monotonic()
    while not all(pool_fills(log, app) for app in pools):
        if time.monotonic() - began > limit:
            raise RuntimeError(f"the preheated pools were not filled in {limit} s")
        time.sleep(0.5)  # a log written by another process: there is no event to wait on
    hz = os.sysconf("SC_CLK_TCK")
    while True:
        before = cpu_ticks(root)
        time.sleep(2)  # CPU used over an interval: sampled, there is no event for "done"
        if (cpu_ticks(root) - before) / hz < 0.2:
            return time.monotonic() - began
        if time.monotonic() - began > limit:
            raise RuntimeError(f"the preheated kernels were still busy after {limit} s")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    left = descendants(proc.pid)
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
    for pid in left:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def server_rss_kb(root: int) -> int:
    """RSS of the Voila server process itself (the ``donkeylab.server.server`` under ``donkeylab serve``)."""
    for pid in [root, *descendants(root)]:
        with contextlib.suppress(OSError):
            if b"donkeylab.server.server" in Path(f"/proc/{pid}/cmdline").read_bytes():
                return _field_kb(Path(f"/proc/{pid}/status"), "VmRSS")
    return 0


def process_ticks(pid: int) -> int | None:
    """CPU ticks (utime + stime) process ``pid`` has used so far; None if it has ended."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None  # the process ended while being read
    return int(fields[11]) + int(fields[12])


def cpu_ticks(root: int) -> int:
    """CPU ticks (utime + stime) used so far by ``root`` and every process below it (server and kernels)."""
    return sum(process_ticks(pid) or 0 for pid in [root, *descendants(root)])


def wait_quiet(root: int, limit: float = 120.0) -> bool:
    """Until ``root``'s tree uses under 5% of a core for 2 s (preheating done), at most ``limit`` s."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        before = cpu_ticks(root)
        time.sleep(2.0)  # sampling CPU use over an interval: there is no event for "the server is idle"
        if cpu_ticks(root) - before < 0.05 * 2.0 * os.sysconf("SC_CLK_TCK"):
            return True
    return False
