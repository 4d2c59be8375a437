"""A mischievous pupil against the live classroom server (issue 15): every attack refused or bounded.

One server for the module, as ``make app`` runs it (preheated kernels that read their link), with a small
place count (``MAX_PLACES``) and a short orphan grace so the tests can watch both. Each attack is what a pupil
can do from devtools or a crafted link: forged query strings, raw websocket frames, sockets that never read.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import http.client
import json
import shutil
import time
import urllib.parse
import uuid
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest
from tornado.httpclient import HTTPClientError
from tornado.websocket import websocket_connect

from donkeylab.server.pageclient import KernelSession, close_page, fetch_page, message, steppers
from donkeylab.server.serve import voila_command
from tests.serving.conftest import ROOT, Server, children, free_port, kernel_alive, run_server, wait_for, write_notebook

MAX_PLACES = 3
ORPHAN_GRACE_S = 10
XSS = '"><script>alert(2)</script>'
PAGE = "/voila/render/double_down.ipynb"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    site = tmp_path_factory.mktemp("attacks")
    apps = site / "apps"
    apps.mkdir()
    for name in ("index", "double_down", "die_choice"):
        shutil.copy(ROOT / "notebooks" / "apps" / f"{name}.ipynb", apps)
    write_notebook(apps / "hello.ipynb", "print('hello')")
    port = free_port()
    refill = ["--CappedKernelManager.pool_refill_after=1"]  # a class's pool refills once it has gone; here at once
    cmd = voila_command(
        port, apps, max_kernels=MAX_PLACES, preheat={"double_down": 1}, orphan_grace=ORPHAN_GRACE_S, extra=refill
    )
    yield from run_server(cmd, port, site / "server.log")


def run(coro: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
    """Run a coroutine in its own thread (Playwright's sync API may hold an event loop in this one)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro()).result()


def get(server: Server, path: str) -> tuple[int, str, dict[str, str], float]:
    start = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    conn.request("GET", path)
    reply = conn.getresponse()
    body = reply.read().decode("utf-8", "replace")
    conn.close()
    return reply.status, body, dict(reply.getheaders()), time.monotonic() - start


def server_rss_mb(server: Server) -> float:
    for line in Path(f"/proc/{server.proc.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@pytest.mark.parametrize(
    "query",
    [
        "theme=" + urllib.parse.quote(XSS),
        "seed=7&theme="
        + urllib.parse.quote('"><h1>Wrong rule: 77 is safe!</h1><script>fetch("/api/kernels")</script>'),
        "template=nonexistent",
        "template=../../etc",
        "voila-template=lab",
        "seed=7&" + "x" * 500 + "=1",
    ],
)
def test_a_link_with_foreign_parameters_is_refused_at_once_with_a_sentence(server: Server, query: str) -> None:
    before = set(children(server.proc.pid))
    status, body, _, seconds = get(server, f"{PAGE}?{query}")
    assert status == 400 and seconds < 10
    assert "<script>alert" not in body and "<h1>Wrong rule" not in body and "Traceback" not in body
    assert "does not know" in body and "nicht kennt" in body
    assert len(body) < 2_500  # the unknown name is quoted short
    assert f'href="{PAGE}' in body  # the same link without the foreign parts
    assert set(children(server.proc.pid)) <= before  # no kernel was started or taken for it


def test_an_app_page_sends_a_csp_and_only_its_own_scripts_carry_the_nonce(server: Server) -> None:
    page = fetch_page(server.url, f"{PAGE}?seed=3")
    try:
        assert page.status == 200 and page.kernel_id
        _, body, headers, _ = get(server, "/voila/render/hello.ipynb")
        csp = headers["Content-Security-Policy"]
        assert "script-src 'self' 'nonce-" in csp and "unsafe-inline" not in csp and "object-src 'none'" in csp
        nonce = csp.split("'nonce-", 1)[1].split("'", 1)[0]
        assert len(nonce) >= 16
        scripts = body.split("<script")[1:]
        inline = [s for s in scripts if not s.lstrip().startswith(("src=", 'id="jupyter-config-data"'))]
        runnable = [s for s in inline if "application/" not in s.split(">", 1)[0]]
        assert runnable and all(s.startswith(f' nonce="{nonce}"') for s in runnable), runnable[:2]
    finally:
        if page.kernel_id:
            close_page(server.url, page.kernel_id)


def test_a_kernel_cannot_be_stopped_by_its_id_and_the_contents_list_is_closed(server: Server) -> None:
    page = fetch_page(server.url, "/voila/render/hello.ipynb")
    assert page.kernel_id
    try:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        conn.request("DELETE", f"/api/kernels/{page.kernel_id}")
        assert conn.getresponse().status == 405
        conn.close()
        assert kernel_alive(page.kernel_id)
        assert get(server, "/voila/api/contents")[0] == 404
    finally:
        close_page(server.url, page.kernel_id)


def test_the_request_socket_refuses_ids_of_no_kernel(server: Server) -> None:
    async def attempt() -> int:
        url = server.url.replace("http", "ws", 1) + f"/voila/query/{uuid.uuid4()}"
        try:
            ws = await websocket_connect(url)
        except HTTPClientError as err:
            return int(err.code)
        ws.close()
        return 101

    assert run(attempt) == 404


def test_sockets_on_the_request_route_cannot_hang_a_classmates_page(server: Server) -> None:
    """Issue 15 §2's reproduction with the ids a pupil can know: two request sockets for the pupil's own
    kernel, the pool refilled meanwhile, then the first closed. Voila's handler deleted the newest waiter
    (the refilled kernel's); the next pupil's page never became ready. Here it opens, with its link."""
    mine = fetch_page(server.url, PAGE)
    assert mine.status == 200 and mine.kernel_id

    async def meddle() -> dict[str, Any]:
        base = server.url.replace("http", "ws", 1) + f"/voila/query/{mine.kernel_id}"
        first, second = await websocket_connect(base), await websocket_connect(base)
        await asyncio.sleep(15)  # the reproduction's wait: the refilled pool kernel registers its waiter
        first.close()
        await asyncio.sleep(1)
        page = await asyncio.to_thread(fetch_page, server.url, f"{PAGE}?seed=11&step=2", None, 120)
        assert page.status == 200 and page.kernel_id, page.status
        ks = await KernelSession.open(server.url, page.kernel_id, timeout=60)
        try:
            states = await ks.widget_states()
            (stepper,) = steppers(states)
            return {"kernel": page.kernel_id, **states[stepper]["state"]}
        finally:
            ks.close()
            second.close()

    try:
        state = run(meddle)
        assert (state["seed"], state["index"]) == (11, 2)  # ready, and its link was read
    finally:
        close_page(server.url, mine.kernel_id)
        if "state" in locals():
            close_page(server.url, state["kernel"])


def flood(server: Server, kernel_id: str, frames: int, content: dict[str, Any], replay: bool = False) -> None:
    """Send ``frames`` comm messages to the page's Stepper as fast as possible, never reading a reply
    (``replay``: the same frame every time, message id and all)."""

    async def go() -> None:
        ks = await KernelSession.open(server.url, kernel_id, timeout=180)  # 2 busy cores in a full run
        (stepper,) = steppers(await ks.widget_states())
        data = {"method": "custom", "content": content}
        same = json.dumps(message("comm_msg", {"comm_id": stepper, "data": data}))
        for _ in range(frames):
            text = same if replay else json.dumps(message("comm_msg", {"comm_id": stepper, "data": data}))
            await ks.ws.write_message(text)
        ks.close()

    run(go)


def test_a_flood_from_a_page_that_never_reads_stays_bounded_and_quiet(server: Server) -> None:
    # One page per flood: a kernel's rate is shared by all its sockets, so the frames of a flooding socket the
    # server is still reading would also starve a second socket of the same page (only the flooder's own).
    floods = [({"method": "back"}, 20_000, False), ({"method": "jump", "k": 10**6}, 20_000, False)]
    floods.append(({"method": "step"}, 5_000, True))
    pages = []
    try:
        log_before, rss_before = len(server.log_text()), server_rss_mb(server)
        for content, frames, replay in floods:
            pages.append(page := fetch_page(server.url, f"{PAGE}?seed=1&step=40"))
            assert page.kernel_id
            flood(server, page.kernel_id, frames, content, replay=replay)
        rss_after = server_rss_mb(server)
        said = ("dropped messages beyond 100 per second", "dropped messages sent twice")
        wait_for(lambda: all(s in server.log_text()[log_before:] for s in said), 60, "the floods are logged")
        added = server.log_text()[log_before:]
        assert rss_after - rss_before < 60, (rss_before, rss_after)  # MB; unbounded, it grew by 680
        assert "Traceback" not in added and len(added) < 5_000, added[-2_000:]
    finally:
        for page in pages:
            if page.kernel_id:
                close_page(server.url, page.kernel_id)


def test_refused_message_types_are_logged_once_with_a_count(server: Server) -> None:
    page = fetch_page(server.url, "/voila/render/hello.ipynb")
    assert page.kernel_id

    async def go() -> None:
        ks = await KernelSession.open(server.url, page.kernel_id, timeout=60)
        for _ in range(150):
            code = message("execute_request", {"code": "1", "silent": False, "store_history": False})
            await ks.ws.write_message(json.dumps(code))
        info = await ks.send(message("kernel_info_request", {}))
        await ks.until_idle(info, reply=True)
        ks.close()

    try:
        log_before = len(server.log_text())
        run(go)
        added = server.log_text()[log_before:]
        assert added.count("execute_request") <= 3, added[-1_000:]  # 1st and 100th, not 150 lines
    finally:
        close_page(server.url, page.kernel_id)


def test_a_page_beyond_the_places_is_told_at_once_and_preheated_kernels_are_not_places(server: Server) -> None:
    pages: list[Any] = []

    async def fill_then_ask() -> tuple[int, str, dict[str, str], float]:
        sessions = []
        try:
            for _ in range(MAX_PLACES):  # pupils whose pages are open (connected, so never orphans)
                page = await asyncio.to_thread(fetch_page, server.url, "/voila/render/hello.ipynb")
                assert page.status == 200 and page.kernel_id
                pages.append(page)
                sessions.append(ks := await KernelSession.open(server.url, page.kernel_id, timeout=60))
                await ks.until_idle(await ks.send(message("kernel_info_request", {})), reply=True)
            return await asyncio.to_thread(get, server, PAGE)  # a preheated kernel waits, but no place is left
        finally:
            for ks in sessions:
                ks.close()

    try:
        status, body, headers, seconds = run(fill_then_ask)
        assert status == 503 and seconds < 5 and headers["Retry-After"] == "60"
        assert f"All {MAX_PLACES} places are taken" in body
    finally:
        for page in pages:
            close_page(server.url, page.kernel_id)


def test_a_busy_kernel_whose_page_vanished_without_a_beacon_is_stopped_after_the_grace(server: Server) -> None:
    """The zombie: a long simulation started, then the tab crashed (no beacon). Its output counted as activity,
    so idle culling never came; the orphan grace does, whatever the kernel is doing."""
    page = fetch_page(server.url, "/voila/render/die_choice.ipynb")
    assert page.kernel_id

    async def start_and_vanish() -> None:
        ks = await KernelSession.open(server.url, page.kernel_id, timeout=180)
        states = await ks.widget_states()
        plots = [k for k, v in states.items() if {"question", "n", "running"} <= set(v["state"])]
        assert plots
        big = {"method": "update", "state": {"n": 1_000_000}, "buffer_paths": []}  # the lessons' largest n
        for plot in plots:  # every live plot of the lesson runs
            await ks.until_idle(await ks.send(message("comm_msg", {"comm_id": plot, "data": big})))
            await ks.custom(plot, {"method": "start"})
        ks.close()  # a crashed tab: the socket goes, no shutdown beacon

    run(start_and_vanish)
    assert kernel_alive(page.kernel_id)
    wait_for(lambda: not kernel_alive(page.kernel_id), ORPHAN_GRACE_S + 20, "the orphan is stopped")
    assert "no page connected for" in server.log_text()


def test_a_forged_frame_cannot_make_a_live_plot_run_for_days(server: Server) -> None:
    """``n=10**12`` (36 days), ``batch=10**9`` (3 GB) and ``speed=NaN`` written from a raw frame: the kernel
    keeps its own values and sends them back."""
    page = fetch_page(server.url, "/voila/render/die_choice.ipynb")
    assert page.status == 200 and page.kernel_id

    async def forge() -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
        ks = await KernelSession.open(server.url, page.kernel_id, timeout=180)
        try:
            states = await ks.widget_states()
            (plot, state), *_ = [
                (k, v["state"]) for k, v in states.items() if {"question", "n", "batch"} <= set(v["state"])
            ]
            update = {"method": "update", "state": {"n": 10**12, "batch": 10**9}, "buffer_paths": []}
            seen = await ks.until_idle(await ks.send(message("comm_msg", {"comm_id": plot, "data": update})))
            back = [
                m["content"]["data"]["state"]
                for m in seen
                if m["msg_type"] == "comm_msg"
                and m["content"].get("comm_id") == plot
                and m["content"]["data"].get("method") == "update"
            ]
            return state, back, states
        finally:
            ks.close()

    try:
        before, sent_back, _ = run(forge)
        restored = {k: v for update in sent_back for k, v in update.items()}
        assert restored.get("n") == before["n"] and restored.get("batch") == before["batch"], sent_back
    finally:
        close_page(server.url, page.kernel_id)
