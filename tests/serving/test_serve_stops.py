"""``donkeylab serve`` as a teacher runs it: the addresses are printed once the server answers them, and a TERM
or a Ctrl-C to the command stops the server it started and frees its port (a teacher's trial found the server
still serving the port after its parent was stopped, and a first click refused because the addresses came
~20 s before the server)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import psutil  # type: ignore[import-untyped]
import pytest

from tests.serving.conftest import free_port


def answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/voila.js", timeout=2) as reply:
            return bool(reply.status == 200)
    except OSError:
        return False


def test_the_addresses_come_when_the_server_answers_and_a_term_stops_it() -> None:
    port = free_port()
    cmd = [sys.executable, "-m", "donkeylab.cli", "serve", "--port", str(port)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert proc.stdout is not None
        for line in proc.stdout:  # the banner's address line: by then the server must answer
            if f"127.0.0.1:{port}" in line:
                assert answers(port), "the address was printed before the server answered"
                break
        else:
            raise AssertionError("the command ended without printing its address")
        proc.send_signal(signal.SIGTERM)  # to the command only, as `kill PID` does
        assert proc.wait(timeout=60) is not None
        end = time.monotonic() + 60
        while answers(port) and time.monotonic() < end:  # the server child stops after its parent passed it on
            time.sleep(0.2)
        assert not answers(port), "the server went on serving after `donkeylab serve` was stopped"
    finally:  # the command's group: the server child too, whatever the test found
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)


def started(port: int) -> subprocess.Popen[str]:
    """``donkeylab serve`` on ``port`` (a session of its own, as a terminal's job), once it printed its address."""
    cmd = [sys.executable, "-m", "donkeylab.cli", "serve", "--port", str(port)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, start_new_session=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        if f"127.0.0.1:{port}" in line:
            return proc
    raise AssertionError("the command ended without printing its address")


def port_free(port: int) -> bool:
    """Whether the next ``donkeylab serve`` could bind ``port`` (as tornado binds: address reuse on)."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


@pytest.mark.parametrize("presses", [1, 2])
def test_ctrl_c_to_the_command_stops_the_server_and_frees_the_port(presses: int) -> None:
    """An INT to the command alone (``kill -INT``, a launcher's stop button; a terminal's Ctrl-C reaches only the
    command too, the server being in a group of its own): the server ends and the port is free. Pressed
    twice (a teacher who does not wait), the command still ends only with the server gone."""
    port = free_port()
    proc = started(port)
    server = psutil.Process(proc.pid).children(recursive=True)
    try:
        assert server, "the command started no server process"
        for _ in range(presses):
            proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            raise AssertionError("`donkeylab serve` did not end within 60 s of a Ctrl-C") from None
        _, alive = psutil.wait_procs(server, timeout=10)
        assert not alive, f"left running after `donkeylab serve` ended: {[p.pid for p in alive]}"
        assert not answers(port), "the server went on serving after `donkeylab serve` was stopped"
        assert port_free(port), f"port {port} still taken after `donkeylab serve` ended"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        for child in server:  # a server the command left: never past this test
            with contextlib.suppress(psutil.NoSuchProcess):
                child.kill()
