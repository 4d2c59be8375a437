"""The server attacks of issue 47 (§5 to §8 and the traceback of §9), for ``benchmarks/server_attacks.py``.

- ``query`` (§5): a class server under ``prlimit --nofile=1024:1024``; 256 websockets to ``/voila/query/<a
  kernel's id>`` from each of 5 addresses of a network namespace (needs root), held; then ``/join`` from a
  sixth address and a page for the teacher on 127.0.0.1;
- ``rebinding`` (§6): requests and the page's websocket with ``Host: rebind.evil:9200`` from 127.0.0.1;
- ``token`` (§7): the teacher's link with ``?token=`` from another address, and the answer key with it;
- ``reconnects`` (§8): one page's websocket reopened by 8 loops at once for 10 s: reconnects/s, log
  bytes/s and the server's CPU;
- ``control`` (§9): three malformed control ``comm_open`` frames: bytes of traceback the page receives.
"""

from __future__ import annotations

import asyncio
import http.client
import os
import time
import uuid
from typing import Any

from benchmarks.common import Row
from benchmarks.procs import process_ticks
from donkeylab.server.pageclient import KernelSession, close_page, fetch_page, message
from tests.serving.crowd import crowd, finish

EVIL = "rebind.evil:9200"


def _raw(served: Any, path: str, headers: dict[str, str]) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=60)
    conn.putrequest("GET", path, skip_host=True)
    for name, value in headers.items():
        conn.putheader(name, value)
    conn.endheaders()
    status = conn.getresponse().status
    conn.close()
    return status


def query(served: Any) -> list[Row]:
    kernel_id = served.page("/voila/render/counter.ipynb")
    with crowd(6) as pupils:
        if pupils is None:
            return [Row("§5 query sockets", "needs root (a network namespace)", float("nan"), "")]
        here = f"{pupils.server_ip}:{served.port}"
        start = time.monotonic()
        args = ("--path", f"/voila/query/{kernel_id}", "--each", "256", "--sources", *pupils.addresses[:5])
        proc = pupils.start("websockets", here, *args)
        assert proc.stdout is not None
        opened = proc.stdout.readline().strip()
        opened_s = time.monotonic() - start
        try:
            join = pupils.ask("get", here, "--path", "/join", "--sources", pupils.addresses[5]).split()
            page = fetch_page(served.url, "/voila/render/counter.ipynb", timeout=120)
        finally:
            finish(proc)
    if page.kernel_id:
        close_page(served.url, page.kernel_id)
    close_page(served.url, kernel_id)
    return [
        Row("§5 1,280 query websockets", "answers", 0, "", note=f"{opened} (in {opened_s:.0f} s)"),
        Row("", "/join from a 6th address", float(join[1]), "s", note=f"status {join[0]} (10 s: gave up)"),
        Row("", "the teacher's page", page.seconds, "s", note=f"status {page.status}"),
    ]


def rebinding(served: Any) -> list[Row]:
    kernel_id = served.page("/voila/render/counter.ipynb")
    page = _raw(served, "/voila/render/class_mode.ipynb", {"Host": EVIL})
    url = f"ws://127.0.0.1:{served.port}/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}"

    async def socket_status() -> int:
        from tornado.httpclient import HTTPClientError, HTTPRequest
        from tornado.websocket import websocket_connect

        headers = {"Host": EVIL, "Origin": f"http://{EVIL}"}
        try:
            ws = await websocket_connect(HTTPRequest(url, headers=headers))
        except HTTPClientError as err:
            return err.code
        ws.close()
        return 101

    ws = asyncio.run(socket_status())
    close_page(served.url, kernel_id)
    return [
        Row("§6 Host: rebind.evil", "class mode's page", page, "status"),
        Row("", "the page's websocket", ws, "status"),
    ]


def token(served: Any) -> list[Row]:
    with crowd(1) as pupils:
        if pupils is None:
            return [Row("§7 token", "needs root (a network namespace)", float("nan"), "")]
        here, source = f"{pupils.server_ip}:{served.port}", pupils.addresses[0]
        link = pupils.ask(
            "get", here, "--path", f"/donkeylab/worksheet/die_choice?token={served.token}", "--sources", source
        ).split()
        key = pupils.ask(
            "get", here, "--path", f"/donkeylab/worksheet/die_choice?kind=key&token={served.token}", "--sources", source
        ).split()
        cookie = [c for c in key[2:] if c.startswith("username-")]
        after = key
        if key[0] == "303" and cookie:  # the redirect: follow it as the browser does, with the cookie
            path = "/donkeylab/worksheet/die_choice?kind=key"
            after = pupils.ask("get", here, "--path", path, "--cookie", cookie[0], "--sources", source).split()
    return [
        Row("§7 ?token= from another device", "the link", int(link[0]), "status", note="303: sent on without it"),
        Row("", "the answer key with the token", int(after[0]), "status", note="after the redirect"),
    ]


def reconnects(served: Any) -> list[Row]:
    kernel_id = served.page("/voila/render/counter.ipynb")

    async def loop(end: float) -> int:
        n = 0
        while time.monotonic() < end:
            ks = await KernelSession.open(served.url, kernel_id, timeout=60)
            ks.close()
            n += 1
        return n

    async def go(seconds: float) -> int:  # 8 reconnecting at once: one alone waits for each handshake
        end = time.monotonic() + seconds
        return sum(await asyncio.gather(*(loop(end) for _ in range(8))))

    mark, ticks, start = served.log_bytes(), process_ticks(served.proc.pid) or 0, time.monotonic()
    n = asyncio.run(go(10))
    elapsed = time.monotonic() - start
    cpu = ((process_ticks(served.proc.pid) or 0) - ticks) / os.sysconf("SC_CLK_TCK") / elapsed
    time.sleep(1)  # the last lines
    log = (served.log_bytes() - mark) / elapsed
    close_page(served.url, kernel_id)
    return [
        Row("§8 reconnects", "websockets opened", n / elapsed, "per s"),
        Row("", "log written", log, "bytes/s"),
        Row("", "server CPU", 100 * cpu, "%"),
    ]


def control(served: Any) -> list[Row]:
    kernel_id = served.page("/voila/render/double_down.ipynb")

    async def forge() -> int:
        ks = await KernelSession.open(served.url, kernel_id, timeout=120)
        for version, comm_id in (("9.0.0", uuid.uuid4().hex), (9, uuid.uuid4().hex), ("1.0.0", 5)):
            content = {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}}
            await ks.send(message("comm_open", content, {"version": version}))
        info = await ks.send(message("kernel_info_request", {}))
        await ks.until_idle(info, reply=True)
        end = time.monotonic() + 2
        while time.monotonic() < end:  # stderr comes on the kernel's own flush timer
            try:
                await asyncio.wait_for(ks.next(), max(0.01, end - time.monotonic()))
            except TimeoutError:
                break
        ks.close()
        return sum(len(m["content"].get("text", "")) for m in ks.received if m["msg_type"] == "stream")

    sent = asyncio.run(forge())
    close_page(served.url, kernel_id)
    return [Row("§9 malformed control comm", "stderr sent to the page", sent, "bytes")]


ROUND3: dict[str, tuple[Any, dict[str, Any]]] = {
    "query": (query, {"nofile": 1024, "public": True}),
    "rebinding": (rebinding, {}),
    "token": (token, {"public": True}),
    "reconnects": (reconnects, {}),
    "control": (control, {}),
}
