"""One Voila server for every pytest-xdist worker of a run, started by the first worker that needs it.

Each worker used to start its own gallery server, preheating a kernel for each of the 10 pages: the two servers
of ``make test`` started 20 kernels at once on two cores (the first browser test of each worker waited ~45 s
for its page), and at the end of the run each server left a full pool of kernels that no test used. One server
halves both. The pytest controller names a folder for the run (``reserve``, before the workers start, so they
inherit it); a worker takes a file lock there, starts the server if no other worker has, and writes its address
and process id for the others (``server``); the controller stops it when the run ends (``stop``), since no
worker knows whether it is the last to use it. Without the folder (a run that did not go through
``tests/conftest.py``) a worker starts and stops a server of its own, as before.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import signal
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tests.browser.helpers import Server

ENV = "DONKEYLAB_TEST_VOILA_DIR"
STOP_S = 20  # a server's own shutdown (it stops its kernels) before it is killed


_reserved: list[str] = []  # the folder this process reserved (a pytest run inside a test reserves its own)


def reserve() -> None:
    """In the controller, before any worker starts: the run's folder, inherited by the workers."""
    folder = tempfile.mkdtemp(prefix="donkeylab-voila-")
    os.environ[ENV] = folder
    _reserved.append(folder)


def server(start: Callable[[], tuple[int, Server]]) -> Server | None:
    """The run's shared server, started with ``start`` (→ process group id, server) by the first caller; None
    when no run folder was reserved (the caller then starts and stops its own)."""
    folder = os.environ.get(ENV)
    if not folder or not Path(folder).is_dir():
        return None
    info = Path(folder) / "server.json"
    with open(Path(folder) / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the other workers wait here until the first one's server answers
        if not info.exists():
            pid, started = start()
            info.write_text(json.dumps({"pid": pid, "url": started.url, "log": str(started.log_path)}))
        data = json.loads(info.read_text())
    return Server(data["url"], Path(data["log"]))


def stop() -> None:
    """In the controller, after the workers have finished: stop the shared server and forget the folder."""
    if not _reserved:
        return
    folder = _reserved.pop()
    if os.environ.get(ENV) == folder:
        del os.environ[ENV]
    info = Path(folder) / "server.json"
    if info.exists():
        stop_group(json.loads(info.read_text())["pid"])
    shutil.rmtree(folder, ignore_errors=True)


def stop_group(pid: int) -> None:
    """SIGTERM the server's process group, wait until the server is gone, SIGKILL it if it is not by then."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_S
    while alive(pid):
        if time.monotonic() > deadline:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)
            return
        time.sleep(0.1)  # another process's end: there is no event to wait on (it is not our child)


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for a parent that is not us counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"
