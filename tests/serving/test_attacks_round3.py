"""A hostile pupil and a hostile web page against the live classroom server, round 3: sockets that never time out
from many addresses, DNS rebinding, the token on the projector, reconnect floods in the log, a malformed control
comm. Each test failed before its bound existed.

One class server (``--class``: a token, every address) for the module, under a descriptor limit of 1,024 so that
a few addresses can reach it; pupils' devices are addresses of a network namespace (``crowd``).
"""

from __future__ import annotations

import asyncio
import http.client
import json
import re
import shutil
import socket
import time
import uuid
from collections.abc import Iterator

import pytest
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

from donkeylab.server.pageclient import KernelSession, close_page, fetch_page, message
from donkeylab.server.serve import voila_command
from tests.serving.conftest import ROOT, Server, free_port, run_server, write_notebook
from tests.serving.crowd import Crowd, crowd, finish
from tests.serving.test_attacks import run
from tests.serving.test_attacks_round2 import COUNTER, settled

TOKEN = "round-three-token-0123456789"
NOFILE = 1024  # the server's descriptor limit: four addresses at 256 connections each reach it
EVIL = "rebind.evil:9200"
IDLE_S = 15  # the page's websocket's idle timeout on this server (900 s by default)


@pytest.fixture(scope="module")
def pupils() -> Iterator[Crowd]:
    with crowd(7) as made:
        if made is None:
            pytest.skip("needs root for a network namespace (pupils on other addresses)")
        yield made


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, pupils: Crowd) -> Iterator[Server]:
    site = tmp_path_factory.mktemp("attacks3")
    apps = site / "apps"
    apps.mkdir()
    for name in ("index", "double_down"):
        shutil.copy(ROOT / "notebooks" / "apps" / f"{name}.ipynb", apps)
    write_notebook(apps / "counter.ipynb", COUNTER)
    port = free_port()
    extra = [f"--ClassroomConnection.idle_timeout={IDLE_S}"]
    cmd = voila_command(port, apps, public=True, token=TOKEN, max_kernels=8, extra=extra)
    yield from run_server(["prlimit", f"--nofile={NOFILE}:{NOFILE}", "--", *cmd], port, site / "server.log")


def raw(server: Server, path: str, headers: dict[str, str], method: str = "GET") -> tuple[int, dict[str, str], str]:
    """A request from this machine with exactly these headers (``Host`` included)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    for name, value in headers.items():
        conn.putheader(name, value)
    conn.endheaders()
    reply = conn.getresponse()
    body = reply.read().decode("utf-8", "replace")
    conn.close()
    return reply.status, dict(reply.getheaders()), body


def teacher_page(server: Server, path: str) -> str:
    page = fetch_page(server.url, path)
    assert page.status == 200 and page.kernel_id, page.status
    return page.kernel_id


def websocket_status(server: Server, kernel_id: str, headers: dict[str, str]) -> int:
    """101 if the page's websocket opens with these headers, else the status it was refused with."""
    url = f"ws://127.0.0.1:{server.port}/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}"

    async def connect() -> int:
        try:
            ws = await asyncio.wait_for(websocket_connect(HTTPRequest(url, headers=headers)), 60)
        except HTTPClientError as err:
            return err.code
        ws.close()
        return 101

    return int(run(connect))


def test_a_page_of_another_name_reaches_nothing(server: Server) -> None:
    """DNS rebinding: a page on rebind.evil (resolving to 127.0.0.1) sends ``Host: rebind.evil``; its requests are
    the teacher's by address, so only the name tells them apart."""
    kernel_id = teacher_page(server, "/voila/render/counter.ipynb")
    try:
        ours = f"127.0.0.1:{server.port}"
        for path in ("/voila/render/index.ipynb", "/join", "/voila/static/voila.js", "/donkeylab/worksheet/die_choice"):
            status, _, body = raw(server, path, {"Host": EVIL})
            assert status == 421, (path, status)
            assert "own addresses and names" in body and "eigenen Adressen" in body
        assert raw(server, f"/voila/api/shutdown/{kernel_id}", {"Host": EVIL}, "POST")[0] == 421
        origin = {"Host": ours, "Origin": f"http://{EVIL}"}
        assert raw(server, f"/voila/api/shutdown/{kernel_id}", origin, "POST")[0] == 403
        assert websocket_status(server, kernel_id, {"Host": EVIL, "Origin": f"http://{EVIL}"}) == 421
        assert websocket_status(server, kernel_id, origin) == 403
        assert websocket_status(server, kernel_id, {"Origin": "null"}) == 403
        # its own names and addresses still work: the teacher's and the pupils'
        for host in (ours, f"localhost:{server.port}", f"{socket.gethostname()}:{server.port}", f"[::1]:{server.port}"):
            assert raw(server, "/voila/static/voila.js", {"Host": host})[0] == 200, host
        assert websocket_status(server, kernel_id, {"Origin": f"http://127.0.0.1:{server.port}"}) == 101
    finally:
        close_page(server.url, kernel_id)


def test_the_token_leaves_the_address_bar_and_opens_no_answer_key(server: Server, pupils: Crowd) -> None:
    """The teacher's "another device" link carries ``?token=``: the server sets its cookie and sends the browser
    to the same link without it. The answer key opens on the serving machine only, not with the token."""
    here = f"{pupils.server_ip}:{server.port}"
    sheet = "/donkeylab/worksheet/die_choice?lang=de"
    out = pupils.ask("get", here, "--path", f"{sheet}&token={TOKEN}", "--sources", pupils.addresses[0])
    status, _, *cookies = out.split()
    (cookie,) = [c for c in cookies if c.startswith("username-")]  # the teacher's session on that device
    assert status == "303", out
    status, headers, _ = raw(server, f"{sheet}&token={TOKEN}", {"Host": f"127.0.0.1:{server.port}"})
    assert status == 303 and headers["Location"] == sheet, (status, headers)
    out = pupils.ask("get", here, "--path", sheet, "--cookie", cookie, "--sources", pupils.addresses[0])
    assert out.split()[0] == "200", out
    # the key: with the token's cookie from another device, a refusal in both languages; on this machine, the key
    key = "/donkeylab/worksheet/die_choice?kind=key"
    out = pupils.ask("get", here, "--path", key, "--cookie", cookie, "--sources", pupils.addresses[0])
    assert out.split()[0] == "403", out
    assert raw(server, key, {"Host": f"127.0.0.1:{server.port}"})[0] == 200
    proxied = {"Host": f"127.0.0.1:{server.port}", "X-Forwarded-For": "10.0.0.9", "Authorization": f"token {TOKEN}"}
    status, _, body = raw(server, key, proxied)
    assert status == 403 and "computer it runs on" in body and "Computer, auf dem er läuft" in body, status


def test_a_malformed_control_comm_gets_no_traceback(server: Server) -> None:
    kernel_id = teacher_page(server, "/voila/render/double_down.ipynb")

    async def forge() -> list[dict[str, object]]:
        ks = await KernelSession.open(server.url, kernel_id, timeout=120)
        try:
            for version, comm_id in (("9.0.0", uuid.uuid4().hex), (9, uuid.uuid4().hex), ("1.0.0", 5)):
                content = {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}}
                await ks.send(message("comm_open", content, {"version": version}))
            await settled(ks)
            await asyncio.sleep(1)  # stderr is flushed by the kernel's own timer: nothing to wait on
            await settled(ks)
            return [m for m in ks.received if m["msg_type"] == "stream"]
        finally:
            ks.close()

    try:
        log_before = len(server.log_text())
        streams = run(forge)
        assert not streams, json.dumps(streams)[:1_000]
        added = server.log_text()[log_before:]
        assert "Traceback" not in added and added.count("malformed comm_open") == 1, added[-2_000:]
    finally:
        close_page(server.url, kernel_id)


def test_reconnects_are_logged_once_per_kernel_a_minute(server: Server) -> None:
    kernel_id = teacher_page(server, "/voila/render/counter.ipynb")

    async def reconnect() -> None:
        for _ in range(100):
            ks = await KernelSession.open(server.url, kernel_id, timeout=120)
            ks.close()
        ks = await KernelSession.open(server.url, kernel_id, timeout=120)
        await settled(ks)
        ks.close()

    try:
        log_before = len(server.log_text())
        run(reconnect)
        added = server.log_text()[log_before:]
        assert added.count(f"Connecting to kernel {kernel_id}") <= 1, added[-2_000:]
        assert len(added) < 2_000, added[-2_000:]  # before: ~3 lines (~300 bytes) each
    finally:
        close_page(server.url, kernel_id)


def test_sockets_from_many_addresses_leave_join_and_pages_answering(server: Server, pupils: Crowd) -> None:
    """512 websockets to ``/voila/query/<own kernel id>`` from each of 40 addresses held the server's 20,000
    descriptors. Here: 1,024 descriptors, 256 sockets from each of 5 addresses (the per-address share), first
    websockets to the query route, then requests whose headers never end; a pupil on a sixth address still gets
    ``/join`` and the teacher a page."""
    kernel_id = teacher_page(server, "/voila/render/counter.ipynb")
    here = f"{pupils.server_ip}:{server.port}"
    attackers, newcomer = pupils.addresses[:5], pupils.addresses[5]
    try:
        for mode in ("websockets", "half-open"):
            proc = pupils.start(
                mode, here, "--path", f"/voila/query/{kernel_id}", "--each", "256", "--sources", *attackers
            )
            try:
                assert proc.stdout is not None
                opened = proc.stdout.readline()
                if mode == "websockets":
                    assert "101" not in opened, opened  # the kernel's socket is the serving machine's only
                out = pupils.ask("get", here, "--path", "/join", "--sources", newcomer)
                assert out.split()[0] == "200", (mode, opened, out)
                page = fetch_page(server.url, "/voila/render/counter.ipynb", timeout=120)
                assert page.status == 200 and page.kernel_id, (mode, page.status)
                close_page(server.url, page.kernel_id)
            finally:
                finish(proc)
        assert re.search(r"refused a connection|closed the oldest", server.log_text())
    finally:
        close_page(server.url, kernel_id)


def test_a_silent_page_socket_is_closed(server: Server) -> None:
    """A websocket held open without a frame (a real page pings every 5 s) is closed after the idle timeout."""
    kernel_id = teacher_page(server, "/voila/render/counter.ipynb")

    async def wait_silently() -> tuple[float, int | None]:
        ks = await KernelSession.open(server.url, kernel_id, timeout=120)
        start = time.monotonic()
        while await asyncio.wait_for(ks.ws.read_message(), 4 * IDLE_S) is not None:
            pass  # what the kernel sends on connecting
        return time.monotonic() - start, ks.ws.close_code

    try:
        silent, code = run(wait_silently)
        assert IDLE_S - 1 <= silent <= 3 * IDLE_S and code == 1000, (silent, code)
        assert "closed a websocket silent for" in server.log_text()
    finally:
        close_page(server.url, kernel_id)
