"""A live classroom server for the serving tests: the command ``donkeylab serve`` runs, on a free 127.0.0.1 port,
in its own process group, stopped at teardown (with its kernels: they run in their own sessions)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 180  # s: the server imports Voila, Jupyter and our apps package on two busy cores


def free_port() -> int:
    """A port free on every address (a class server binds them all), not only on the loopback."""
    with socket.socket() as s:
        s.bind(("0.0.0.0", 0))
        port: int = s.getsockname()[1]
        return port


def write_notebook(path: Path, *sources: str) -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src) for src in sources])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)


def children(pid: int) -> list[int]:
    """Processes whose parent is ``pid`` (the server's kernels), read from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def kernel_alive(kernel_id: str) -> bool:
    """Is there a process running the kernel with this id (its connection file is on its command line)?"""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if f"kernel-{kernel_id}".encode() in (entry / "cmdline").read_bytes():
                    return True
            except OSError:
                continue
    return False


@dataclass
class Server:
    url: str
    port: int
    proc: subprocess.Popen[bytes]
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


def wait_until_up(url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while True:  # a static file: a page GET would start a kernel
        try:
            urllib.request.urlopen(url + "/voila/static/voila.js", timeout=5).close()
            return
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server did not start:\n" + log.read_text(errors="replace")) from None
            time.sleep(0.25)  # polling a server that is starting: there is no event to wait on


def stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM: the server stops its kernels; whatever is left after 60 s is killed (kernels included)."""
    kernels = children(proc.pid)
    with contextlib.suppress(ProcessLookupError):  # a server that died at start: its own error is the one to show
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(60)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(30)
    for pid in kernels + children(proc.pid):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


class PortTaken(RuntimeError):
    """The free port was taken between :func:`free_port` and the server's bind (another worker's kernel or server)."""


def start_server(cmd: list[str], port: int, log: Path) -> subprocess.Popen[bytes]:
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=log.parent, start_new_session=True)
    try:
        wait_until_up(f"http://127.0.0.1:{port}", proc, log)
    except RuntimeError as e:
        stop(proc)
        if "already in use" in log.read_text(errors="replace"):
            raise PortTaken(str(e)) from None
        raise
    return proc


def on_port(cmd: list[str], old: int, new: int) -> list[str]:
    """``cmd`` with its port (``--port N`` or ``--port=N``) moved from ``old`` to ``new``."""
    moved = {str(old): str(new)}
    return [a.removesuffix(f"={old}") + f"={new}" if a.endswith(f"={old}") else moved.get(a, a) for a in cmd]


def run_server(cmd: list[str], port: int, log: Path) -> Iterator[Server]:
    """Start ``cmd`` and yield it once it answers; a port lost to a race is retried twice on a fresh one."""
    for attempt in range(3):
        try:
            proc = start_server(cmd, port, log)
            break
        except PortTaken:
            if attempt == 2:
                raise
            cmd, port = on_port(cmd, port, fresh := free_port()), fresh
    try:
        yield Server(f"http://127.0.0.1:{port}", port, proc, log)
    finally:
        stop(proc)


def wait_for(check: Callable[[], bool], limit: float, what: str) -> None:
    """Poll ``check`` until it holds, failing after ``limit`` seconds with ``what`` it waited for."""
    deadline = time.monotonic() + limit
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {limit} s: {what}")
        time.sleep(0.2)  # polling a server's processes from outside: no event to wait on


def in_its_own_loop(main: Coroutine[Any, Any, Any]) -> Any:
    """Run ``main`` in an event loop of its own thread (the pools' checks are periodic callbacks, and an earlier
    test of the same worker may leave an event loop running in this thread)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main).result()
