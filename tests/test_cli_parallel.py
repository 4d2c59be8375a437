"""``donkeylab simulate --workers N`` / ``--scheduler ADDRESS``: the same records as one process, and
Ctrl-C stops the run with one line and no worker left running."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from donkeylab.cli import main

ARGS = ["simulate", "double_down", "--games", "30", "--seed", "4", "--batch-size", "4", "--json", "-", "--no-progress"]


def _records(capsys: pytest.CaptureFixture[str], *extra: str) -> list[dict[str, object]]:
    assert main([*ARGS, *extra]) == 0
    records: list[dict[str, object]] = json.loads(capsys.readouterr().out)["records"]
    return records


def test_simulate_workers_gives_the_same_records(capsys: pytest.CaptureFixture[str]) -> None:
    one = _records(capsys, "--workers", "1")
    assert len(one) == 30
    assert _records(capsys, "--workers", "2") == one
    assert _records(capsys) == one


def test_simulate_bad_workers_and_scheduler_are_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([*ARGS, "--workers", "0"])
    assert exit_info.value.code == 2
    assert "--workers: 0 is outside 1..256" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([*ARGS, "--workers", "2", "--scheduler", "tcp://127.0.0.1:8786"])
    assert "not allowed with argument" in capsys.readouterr().err


@pytest.mark.slow
def test_simulate_on_a_dask_scheduler(capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip("distributed")
    one = _records(capsys, "--workers", "1")
    with distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster:
        assert _records(capsys, "--scheduler", cluster.scheduler_address) == one


def _ready_workers(pid: int) -> list[int]:
    """Child processes of ``pid`` that already ignore SIGINT (their initializer ran: Ctrl-C is the parent's)."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    ready = []
    for child in path.read_text().split() if path.exists() else []:
        try:
            status = Path(f"/proc/{child}/status").read_text()
        except OSError:
            continue
        ignored = int(next(line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:")), 16)
        if ignored & (1 << (signal.SIGINT - 1)):
            ready.append(int(child))
    return ready


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads child processes from /proc (Linux)")
def test_ctrl_c_stops_simulate_and_its_workers() -> None:
    cmd = [sys.executable, "-m", "donkeylab.cli", "simulate", "double_donkey", "--games", "200000", "--workers", "2"]
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # A terminal's Ctrl-C: SIGINT at its default. Something earlier in a full test run leaves it ignored in
        # this process, children inherit that, and Python then rightly keeps ignoring Ctrl-C in the CLI.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + 60
        while len(_ready_workers(proc.pid)) < 2:  # wait for the condition: both workers are running
            assert proc.poll() is None and time.monotonic() < deadline, "no workers started"
            time.sleep(0.05)  # polling /proc for another process's state: there is no event to wait on
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal sends on Ctrl-C: the whole process group
        try:
            _, err = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            # A slow machine may still be starting the pool: a user presses Ctrl-C again, which must end cleanly.
            os.killpg(proc.pid, signal.SIGINT)
            _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130
    assert "interrupted, workers stopped" in err and "Traceback" not in err
    with pytest.raises(ProcessLookupError):
        os.killpg(proc.pid, 0)  # nothing of the group is left: no stray worker
