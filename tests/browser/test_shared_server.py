"""The run's one Voila server (``shared_server``): started once however many workers ask, stopped by the
controller with its whole process group. A ``sleep`` stands in for the server: no browser, no Voila."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser import shared_server
from tests.browser.helpers import Server


def test_the_first_worker_starts_the_server_the_others_reuse_it_and_the_controller_stops_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(shared_server.ENV, raising=False)
    monkeypatch.setattr(shared_server, "_reserved", [])
    shared_server.reserve()
    folder = Path(os.environ[shared_server.ENV])
    started: list[subprocess.Popen[bytes]] = []

    def start() -> tuple[int, Server]:
        # a process group of two, as Voila and its kernels: the stop must reach the child too
        code = "import subprocess, time; subprocess.Popen(['sleep', '60']); time.sleep(60)"
        proc = subprocess.Popen([sys.executable, "-c", code], start_new_session=True)
        started.append(proc)
        return proc.pid, Server("http://127.0.0.1:1", folder / "voila.log")

    first = shared_server.server(start)
    second = shared_server.server(start)  # another worker: reads what the first one wrote
    assert first == second and first is not None and first.url == "http://127.0.0.1:1"
    assert len(started) == 1
    pid = started[0].pid
    assert shared_server.alive(pid)

    shared_server.stop()
    started[0].wait(5)  # this test is the parent here: reap it (in a run the controller is not)
    assert not shared_server.alive(pid)
    assert not folder.exists()
    assert shared_server.ENV not in os.environ
    assert shared_server.server(start) is None  # no reserved folder: the worker starts its own
    assert len(started) == 1
