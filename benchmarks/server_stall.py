"""A server stall between preheating and a pupil's visit (issue 15 §2): is the link still applied?

Voila's ``get_query_string`` tried once; a 45 s stall broke its socket's keepalive and the next visit to each
app silently used the defaults. Serves Double Down with one preheated kernel, waits until it waits for its
pupil, stops the server (``SIGSTOP``) for ``--stall`` seconds, resumes it, opens
``?seed=9&step=3&lang=de`` and prints what the page's Stepper shows. Loopback only; about two minutes.

Run: ``.venv/bin/python benchmarks/server_stall.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.procs import free_port, stop_server
from donkeylab.server.pageclient import KernelSession, fetch_page, steppers
from donkeylab.server.serve import voila_command

LINK = "seed=9&step=3&lang=de"


async def stepper_state(base: str, kernel_id: str) -> dict[str, Any]:
    ks = await KernelSession.open(base, kernel_id, timeout=120)
    try:
        states = await ks.widget_states()
        (stepper,) = steppers(states)
        return dict(states[stepper]["state"])
    finally:
        ks.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--stall", type=float, default=45.0, help="seconds the server is stopped")
    parser.add_argument("--preheat-wait", type=float, default=60.0, help="seconds for the pool kernel to wait")
    args = parser.parse_args()
    port, log = free_port(), Path(tempfile.mkdtemp(prefix="stall-")) / "server.log"
    with open(log, "wb") as out:
        cmd = voila_command(port, preheat={"double_down": 1}, extra=["--CappedKernelManager.pool_refill_after=1"])
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        time.sleep(args.preheat_wait)  # the pool kernel starts, runs its imports and waits on /voila/query
        os.kill(proc.pid, signal.SIGSTOP)
        time.sleep(args.stall)
        os.kill(proc.pid, signal.SIGCONT)
        page = fetch_page(base, f"/voila/render/double_down.ipynb?{LINK}")
        if not page.kernel_id:
            print(f"the page answered {page.status} without a kernel")
            return 1
        state = asyncio.run(stepper_state(base, page.kernel_id))
    finally:
        stop_server(proc)
    shown = (state["seed"], state["index"], state["lang"])
    print(f"after a {args.stall:.0f} s stall, {LINK} shows seed {shown[0]}, step {shown[1]}, lang {shown[2]}")
    return 0 if shown == (9, 3, "de") else 1


if __name__ == "__main__":
    sys.exit(main())
