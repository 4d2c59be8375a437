"""``donkeylab serve`` as a teacher runs it: the addresses are printed once the server answers them, and a TERM
to the command stops the server it started (a teacher's trial found the server still serving the port after
its parent was stopped, and a first click refused because the addresses came ~20 s before the server)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import urllib.request

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
