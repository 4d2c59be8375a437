"""``donkeylab serve --class`` against a live server: who may open what (issues 33 and 37).

The server listens on every address, as ``--class`` runs it, with a token and a short idle timeout. Requests to
127.0.0.1 come from the teacher's own machine; requests to this machine's network address
(``serve.lan_addresses``) come from "another device", as a pupil's tablet does: the server sees a
non-loopback client address. A pupil holds an open class's code (the QR link, or the ``/join`` box) and may
open that class's lesson page only; nothing else is served without the token.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import http.client
import http.cookiejar
import json
import os
import secrets
import shutil
import time
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest

from donkeylab.classroom import ClassStore
from donkeylab.server.class_gate import ADDRESS_MISSES, MISSES
from donkeylab.server.pageclient import KernelSession, fetch_page
from donkeylab.server.serve import lan_addresses, voila_command
from tests.serving.conftest import ROOT, Server, children, free_port, kernel_alive, run_server, wait_for, write_notebook

TOKEN = secrets.token_urlsafe(24)
FAKE_KERNEL = "0f0e0d0c-0b0a-4908-8706-050403020100"
LESSON = "doublet_penalties"
OTHER = (lan_addresses() or [""])[0]  # a device that is not this machine's loopback: what a tablet is


def run(coro: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro()).result()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    assert OTHER, "this machine has no network address besides loopback"
    site = tmp_path_factory.mktemp("class-server")
    shutil.copytree(ROOT / "notebooks" / "apps", site / "apps")
    write_notebook(site / "apps" / "hello.ipynb", "print('hello')")
    os.environ["DONKEYLAB_CLASS_DB"] = str(site / "class.db")  # the server (and its kernels) inherit it
    os.environ["DONKEYLAB_TEACHER_KEYS"] = str(site / "teacher-keys.json")
    port = free_port()
    cmd = voila_command(port, site / "apps", public=True, token=TOKEN, cull_idle=3)
    try:
        yield from run_server(cmd, port, site / "server.log")
    finally:
        os.environ.pop("DONKEYLAB_CLASS_DB", None)
        os.environ.pop("DONKEYLAB_TEACHER_KEYS", None)


def request(
    host: str, server: Server, method: str, path: str, headers: dict[str, str] | None = None, source: str = ""
) -> Any:
    conn = http.client.HTTPConnection(host, server.port, timeout=120, source_address=(source, 0) if source else None)
    conn.request(method, path, headers=headers or {})
    reply = conn.getresponse()
    body = reply.read().decode("utf-8", "replace")
    conn.close()
    return reply.status, reply.getheader("Location") or "", body, reply.getheaders()


def new_class(server: Server, lesson: str = LESSON) -> Any:
    """A class the server already knows: its gate re-reads the open classes at most once a second
    (``RECHECK_S``), so a code made a moment after its last read is unknown to it for up to that second (a
    pupil then gets 404 and types it again). The teacher's own machine asks until it is known."""
    store = ClassStore.open()
    made = store.create_class(lesson)
    store.close()
    known = lambda: request("127.0.0.1", server, "GET", f"/join?code={made.code}")[0] == 302  # noqa: E731
    wait_for(known, 30, f"the server knows class {made.code}")
    return made


@pytest.mark.parametrize(
    "path", ["/", "/voila/render/index.ipynb", "/voila/render/hello.ipynb", "/voila/render/class_mode.ipynb"]
)
def test_another_device_without_a_class_code_gets_the_join_box_and_no_kernel(server: Server, path: str) -> None:
    status, location, body, _ = request(OTHER, server, "GET", path)
    if status == 302 and location.endswith("/voila/render/index.ipynb"):  # "/" opens the gallery first
        status, location, body, _ = request(OTHER, server, "GET", location)
    assert (status, location.split("?")[0]) == (302, "/join"), (status, location)
    assert "kernelId" not in body and not children(server.proc.pid)
    status, _, page, headers = request(OTHER, server, "GET", "/join")
    assert status == 200 and "Class code" in page and "<script" not in page
    assert "default-src 'none'" in dict(headers)["Content-Security-Policy"]


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("POST", "/donkeylab/warm", 403),
        ("GET", f"/donkeylab/warm?lesson={LESSON}", 403),
        ("GET", "/api/kernels", 404),  # the list of kernels: Voila has no such route
        ("GET", f"/api/kernels/{FAKE_KERNEL}/channels", 403),  # a kernel's socket: only with a page's authority
        # A kernel's id is the key of its own status and its tab-close beacon (a page must release its kernel
        # even after its class ended): a made-up id finds nothing.
        ("POST", f"/voila/api/shutdown/{FAKE_KERNEL}", 404),
        ("GET", f"/api/kernels/{FAKE_KERNEL}", 404),
    ],
)
def test_the_api_from_another_device_without_a_class_is_refused(
    server: Server, method: str, path: str, status: int
) -> None:
    assert request(OTHER, server, method, path)[0] == status


def test_the_teacher_opens_class_mode_on_this_machine_or_with_the_token_elsewhere(server: Server) -> None:
    here = fetch_page(server.url, "/voila/render/class_mode.ipynb")
    assert here.status == 200 and here.kernel_id
    jar = http.cookiejar.CookieJar()  # the link with the token sets the teacher's cookie, then drops the token
    elsewhere = fetch_page(f"http://{OTHER}:{server.port}", "/voila/render/class_mode.ipynb", token=TOKEN, jar=jar)
    assert elsewhere.status == 200 and elsewhere.kernel_id
    proxied = request("127.0.0.1", server, "GET", "/voila/render/class_mode.ipynb", {"X-Forwarded-For": "10.0.0.9"})
    assert proxied[0] == 302, "a request a proxy forwarded is not this machine's"


def test_a_class_code_opens_its_lesson_only_and_the_kernel_never_sees_the_token(server: Server) -> None:
    made = new_class(server)
    base = f"http://{OTHER}:{server.port}"
    jar = http.cookiejar.CookieJar()
    page = fetch_page(base, f"/voila/render/{LESSON}.ipynb?class={made.code.lower()}&lang=de", jar=jar)
    assert page.status == 200 and page.kernel_id
    assert {c.name for c in jar} == {"dl_class", "dl_browser"}

    async def states() -> dict[str, Any]:
        session = await KernelSession.open(base, str(page.kernel_id), jar=jar)  # the class cookie lets it in
        try:
            return await session.widget_states()
        finally:
            session.close()

    text = json.dumps(run(states))
    assert f"Klasse {made.code}" in text and "Dieser Link hatte Fehler" not in text
    cookie = {"Cookie": "; ".join(f"{c.name}={c.value}" for c in jar)}
    for other in ("index.ipynb", "class_mode.ipynb", f"die_choice.ipynb?class={made.code}", "hello.ipynb"):
        status, location, _, _ = request(OTHER, server, "GET", f"/voila/render/{other}", cookie)
        assert (status, location.split("?")[0]) == (302, "/join"), other  # the cookie opens nothing else
    status, _, body, _ = request(OTHER, server, "GET", f"/voila/render/{LESSON}.ipynb?class={made.code}&_pupil=x")
    assert status == 400 and "_pupil" in body  # the browser key comes from the server's cookie, never a link
    status, location, _, _ = request("127.0.0.1", server, "GET", f"/voila/render/{LESSON}.ipynb?token={TOKEN}&lang=de")
    assert (status, location) == (303, f"/voila/render/{LESSON}.ipynb?lang=de")  # the token leaves the address bar


def test_the_join_box_forgives_case_and_look_alikes_and_stops_code_guessing(server: Server) -> None:
    made = new_class(server)
    typed = made.code.lower().replace("0", "o").replace("1", "l")
    status, location, _, _ = request(OTHER, server, "GET", f"/join?code={typed}&lang=de")
    assert status == 302 and location == f"voila/render/{LESSON}.ipynb?class={made.code}&lang=de"
    status, _, body, _ = request(OTHER, server, "GET", "/join?code=ZZZZZZ")
    assert status == 404 and "No class with the code ZZZZZZ" in body
    status, _, body, _ = request(OTHER, server, "GET", "/join?code=%3Cscript%3E")
    assert status == 404 and "<script>" not in body and "&lt;script&gt;" in body
    guesser = {"Cookie": "dl_browser=" + "g" * 32}  # one browser guessing, behind the class's router
    for _ in range(MISSES):
        request(OTHER, server, "GET", "/join?code=YYYYYY", guesser)
    status, _, body, headers = request(OTHER, server, "GET", f"/join?code={made.code}", guesser)
    assert status == 429 and "Too many wrong codes" in body and dict(headers)["Retry-After"] == "60"
    classmate = {"Cookie": "dl_browser=" + "c" * 32}  # the same address, another browser: not locked out
    assert request(OTHER, server, "GET", f"/join?code={made.code}", classmate)[0] == 302
    assert request(OTHER, server, "GET", f"/join?code={made.code}")[0] == 302  # a new browser there too
    assert request("127.0.0.1", server, "GET", f"/join?code={made.code}")[0] == 302  # another address: its own


def test_an_idle_kernel_is_culled(server: Server) -> None:
    page = fetch_page(server.url, "/voila/render/hello.ipynb")
    assert page.status == 200 and page.kernel_id
    kernel = page.kernel_id  # nobody is connected: culled after 3 s idle, checked every 3 s
    wait_for(lambda: not kernel_alive(kernel), 300, "the idle kernel culled")
    assert "Culling kernels with idle durations > 3 seconds at 3 second intervals" in server.log_text()


def test_the_server_tells_its_kernels_where_pupils_reach_it(server: Server) -> None:
    info = kernel_env(server)
    assert info["urls"][0] == f"http://{OTHER}:{server.port}/" and info["bind"] == "0.0.0.0"
    assert len(info["secret"]) >= 24


def test_guessing_codes_through_class_links_is_counted_too(server: Server) -> None:
    """A class link with a made-up code is a guess like one typed into the join box: past the limit, the
    address gets nothing for a minute, not even with a right code (from 127.0.0.2, an address of its own,
    through a proxy's header: not this machine, so not the teacher)."""
    made = new_class(server)
    forwarded = {"X-Forwarded-For": "10.9.9.9"}

    def attempt(code: str) -> tuple[int, str]:
        path = f"/voila/render/{LESSON}.ipynb?class={code}"
        status, location, _, _ = request("127.0.0.1", server, "GET", path, forwarded, source="127.0.0.2")
        return status, location.split("?")[0]

    before = len(children(server.proc.pid))
    for _ in range(ADDRESS_MISSES):  # a guesser that keeps no cookie: the address's bound holds it
        assert attempt("QQQQQQ") == (302, "/join")
    assert attempt(made.code) == (302, "/join")
    assert len(children(server.proc.pid)) == before  # no kernel was started for a guess


def kernel_env(server: Server) -> dict[str, Any]:
    page = fetch_page(server.url, "/voila/render/hello.ipynb")
    assert page.status == 200 and page.kernel_id
    pid = next(p for p in children(server.proc.pid) if f"kernel-{page.kernel_id}".encode() in _cmdline(p))
    env = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(json.loads(next(e for e in env if e.startswith(b"DONKEYLAB_SERVER=")).split(b"=", 1)[1]))


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def test_starting_a_class_warms_its_lesson_for_the_class_and_the_pool_is_spent_not_refilled(server: Server) -> None:
    """What "Start a class" asks of the server (``class_warm``): two kernels of the lesson made ready, each
    page of the class takes one, and none is started again after (the pool was the class's)."""
    secret = kernel_env(server)["secret"]
    headers = {"X-Donkeylab-Secret": secret, "Content-Type": "application/json"}
    assert request("127.0.0.1", server, "POST", "/donkeylab/warm", {"X-Donkeylab-Secret": "wrong"})[0] == 403
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    conn.request("POST", "/donkeylab/warm", body=json.dumps({"lesson": "die_choice", "size": 2}), headers=headers)
    assert json.loads(conn.getresponse().read())["size"] == 2
    conn.close()

    def status() -> dict[str, int]:
        found = request("127.0.0.1", server, "GET", "/donkeylab/warm?lesson=die_choice", headers)
        return dict(json.loads(found[2]))

    deadline = time.monotonic() + 300
    while status()["ready"] < 2:
        assert time.monotonic() < deadline, "the class's kernels were not made ready"
        time.sleep(0.5)  # kernels starting in the server: no event to wait on from here
    made = new_class(server, "die_choice")
    page = fetch_page(server.url, f"/voila/render/die_choice.ipynb?class={made.code}")  # (OTHER guessed codes above)
    assert page.status == 200 and f"Using pre-heated kernel: {page.kernel_id}" in server.log_text()
    assert status() == {"ready": 1, "size": 1}  # spent by one, and not refilled
