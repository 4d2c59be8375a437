"""A page that floods its kernel (issue 15 §3): the server's memory and log, before, during and after.

Serves the apps as ``make app`` does, opens the Double Down page at step 40, and from its own websocket (the
way devtools would) sends, never reading a reply:

1. 100,000 Back clicks as fast as the socket takes them, then closes the tab;
2. 20,000 jumps to a step far beyond the game;
3. 20,000 ``execute_request`` messages (refused: pages may only talk to widgets).

For each: the Voila server's RSS before, at its peak during the flood, and 15 s after, and the bytes it wrote
to its log. Loopback only; every wait has a deadline.

Run: ``.venv/bin/python benchmarks/server_flood.py``.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import Row, print_table
from benchmarks.procs import free_port, server_rss_kb, stop_server
from donkeylab.server.pageclient import KernelSession, fetch_page, message, steppers
from donkeylab.server.serve import voila_command

FLOODS: list[tuple[str, int, Any]] = [
    ("100,000 Back clicks", 100_000, {"method": "back"}),
    ("20,000 jumps beyond the game", 20_000, {"method": "jump", "k": 10**6}),
    ("20,000 execute_request", 20_000, None),
]


def start(port: int, log: Path) -> Any:
    import subprocess

    with open(log, "wb") as out:
        proc = subprocess.Popen(
            voila_command(port, preheat=True), stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    deadline = time.monotonic() + 300
    while True:
        try:
            if fetch_page(f"http://127.0.0.1:{port}", "/voila/static/voila.js", timeout=5).status == 200:
                return proc
        except OSError:
            pass
        if time.monotonic() > deadline or proc.poll() is not None:
            raise RuntimeError("the server did not start")
        time.sleep(0.5)  # polling a server that is starting: there is no event to wait on


async def flood(base: str, kernel_id: str, frames: int, content: Any, proc: Any) -> tuple[float, int]:
    """Send the frames without reading; return (seconds, peak server RSS in KB while sending)."""
    ks = await KernelSession.open(base, kernel_id, timeout=300)
    (stepper,) = steppers(await ks.widget_states())
    peak, start = 0, time.monotonic()
    for i in range(frames):
        if content is None:
            msg = message("execute_request", {"code": "1", "silent": False, "store_history": False})
        else:
            msg = message("comm_msg", {"comm_id": stepper, "data": {"method": "custom", "content": content}})
        await ks.ws.write_message(json.dumps(msg))
        if i % 2_000 == 0:
            peak = max(peak, server_rss_kb(proc.pid))
    seconds = time.monotonic() - start
    await asyncio.sleep(3)
    peak = max(peak, server_rss_kb(proc.pid))
    ks.close()  # the tab closes with the replies unread
    return seconds, peak


async def main_async() -> list[Row]:
    port, log = free_port(), Path(tempfile.mkdtemp(prefix="flood-")) / "server.log"
    proc = start(port, log)
    base = f"http://127.0.0.1:{port}"
    rows = []
    try:
        for name, frames, content in FLOODS:
            page = await asyncio.to_thread(fetch_page, base, "/voila/render/double_down.ipynb?seed=1&step=40")
            assert page.kernel_id, page.status
            await asyncio.sleep(5)
            before, log_before = server_rss_kb(proc.pid), log.stat().st_size
            seconds, peak = await flood(base, page.kernel_id, frames, content, proc)
            await asyncio.sleep(15)
            after, logged = server_rss_kb(proc.pid), log.stat().st_size - log_before
            note = f"sent in {seconds:.1f} s"
            rows += [
                Row(name, "server RSS before", before / 1024, "MB", note=note),
                Row(name, "server RSS peak (growth)", (peak - before) / 1024, "MB", "< 60", peak - before < 60 * 1024),
                Row(name, "server RSS 15 s after (growth)", (after - before) / 1024, "MB"),
                Row(name, "log written", logged / 1024, "KB", "< 20", logged < 20 * 1024),
            ]
    finally:
        stop_server(proc)
    return rows


def main() -> int:
    rows = asyncio.run(main_async())
    print("# a page floods its kernel: the Voila server's memory and log (one flood after another)")
    print_table(rows)
    return 0 if all(r.ok is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
