"""The classroom server's safe defaults, against the real server (``donkeylab serve``'s command, default address).

It serves a copy of the apps plus a notebook that raises, a cheap one, and things that must never be served:
a notebook in a subfolder, a hidden one, a ``.py`` and a ``.json`` beside the apps, a file and a notebook one
level up. The kernel cap is 2 here, so the cap test can fill it; every other test closes its pages.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import http.client
import re
import shutil
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from donkeylab.apps import APPS
from donkeylab.server.pageclient import KernelSession, close_page, fetch_page, message, steppers
from donkeylab.server.serve import voila_command
from tests.serving.conftest import ROOT, Server, children, free_port, kernel_alive, run_server, write_notebook

SECRET = "SENTINEL-7c1f0e"  # in every file that must not be served


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("site")
    apps = site / "apps"
    shutil.copytree(ROOT / "notebooks" / "apps", apps)
    write_notebook(apps / "broken.ipynb", "x = 1", f"raise ValueError('{SECRET} in a cell')")
    write_notebook(apps / "hello.ipynb", "print('hello')")
    write_notebook(apps / "private" / "secret.ipynb", f"print('{SECRET}')")
    write_notebook(apps / ".hidden.ipynb", f"print('{SECRET}')")
    write_notebook(site / "outside.ipynb", f"print('{SECRET}')")
    (apps / "helper.py").write_text(f"print('{SECRET}')\n")
    (apps / "notes.json").write_text(f'{{"secret": "{SECRET}"}}\n')
    (site / "secret.txt").write_text(SECRET)
    return site


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[Server]:
    port = free_port()
    yield from run_server(voila_command(port, site / "apps", max_kernels=2), port, site / "server.log")


def listening_addresses(port: int) -> set[str]:
    """Local addresses of the sockets listening on ``port`` (/proc/net/tcp{,6}: state 0A is LISTEN)."""
    found = set()
    for table in ("tcp", "tcp6"):
        for line in Path(f"/proc/net/{table}").read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, hex_port = local.split(":")
            if state == "0A" and int(hex_port, 16) == port:
                found.add(address)
    return found


def test_binds_127_0_0_1_only_by_default(server: Server) -> None:
    assert listening_addresses(server.port) == {"0100007F"}  # 127.0.0.1, and no 0.0.0.0 or ::


def test_every_app_page_passes_the_allowlist(server: Server) -> None:
    # HEAD reaches Voila's page handler (405: it only answers GET) without starting a kernel; refused is 404
    for name in [*APPS, "index"]:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        conn.request("HEAD", f"/voila/render/{name}.ipynb")
        assert conn.getresponse().status == 405, name
        conn.close()


def test_the_address_opens_the_gallery(server: Server) -> None:
    page = fetch_page(server.url, "/")
    try:
        assert page.status == 200 and page.kernel_id
        assert "application/vnd.jupyter.widget-view+json" in page.html
        # the template's Font Awesome links to a CDN are dropped: a pupil's browser asks no third party
        assert "cdn.jsdelivr.net" not in page.html and not re.search(r"<link[^>]+https?://", page.html)
    finally:
        if page.kernel_id:
            assert close_page(server.url, page.kernel_id) == 204


def test_a_pupil_steps_an_app_over_the_websocket_and_cannot_run_code(server: Server, site: Path) -> None:
    page = fetch_page(server.url, "/voila/render/double_down.ipynb?seed=7&step=3")
    assert page.status == 200 and page.kernel_id
    canary = site / "ran.txt"

    async def session(kernel_id: str) -> None:
        ks = await KernelSession.open(server.url, kernel_id)
        try:
            states = await ks.widget_states()
            (stepper,) = steppers(states)
            assert (states[stepper]["state"]["seed"], states[stepper]["state"]["index"]) == (7, 3)  # the link
            updates = await ks.custom(stepper, {"method": "step"})
            assert any(u.get("index", 0) == 4 or u.get("substep", 0) > 1 for u in updates), updates
            code = f"open({str(canary)!r}, 'w').write('x')"
            run = message("execute_request", {"code": code, "silent": False, "store_history": False})
            await ks.send(run)
            info = await ks.send(message("kernel_info_request", {}))
            seen = await ks.until_idle(info, reply=True)
            assert any(m["msg_type"] == "kernel_info_reply" for m in seen)
            assert not [m for m in ks.received if m["msg_type"].startswith("execute")]
        finally:
            ks.close()

    try:
        # In its own thread: after the browser tests, Playwright's sync API keeps an event loop running in
        # the main thread, where asyncio.run refuses to start.
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, session(page.kernel_id)).result()
        assert not canary.exists()
    finally:
        assert close_page(server.url, page.kernel_id) == 204


def test_a_failing_notebook_shows_no_traceback(server: Server, site: Path) -> None:
    page = fetch_page(server.url, "/voila/render/broken.ipynb")
    try:
        assert page.status == 200 and page.kernel_id
        for leak in ("Traceback", "ValueError", SECRET, str(site), "site-packages", 'File "'):
            assert leak not in page.html, leak
    finally:
        if page.kernel_id:
            close_page(server.url, page.kernel_id)
    assert "ValueError" in server.log_text()  # the teacher finds it in the server's log


REFUSED = [
    "/voila/render/private/secret.ipynb",
    "/voila/render/.hidden.ipynb",
    "/voila/render/../outside.ipynb",
    "/voila/render/..%2Foutside.ipynb",
    "/voila/render/%2e%2e/outside.ipynb",
    "/voila/render/%2E%2E%2Foutside.ipynb",
    "/voila/render/./hello.ipynb/../../outside.ipynb",
    "/voila/render/..\\outside.ipynb",
    "/voila/render/helper.py",
    "/voila/render/notes.json",
    "/voila/render/../secret.txt",
    "/voila/render/../../pyproject.toml",
    "/voila/render//etc/passwd",
    "/voila/render/%2Fetc%2Fpasswd",
    "/voila/render/hello.ipynb/x",
    "/voila/files/hello.ipynb",
    "/voila/files/helper.py",
    "/voila/files/notes.json",
    "/voila/files/../secret.txt",
    "/voila/files/..%2Fsecret.txt",
    "/voila/files/%2Fetc%2Fpasswd",
    "/voila/files/private/secret.ipynb",
    "/voila/tree/..",
    "/voila/tree/..%2F..",
    "/voila/tree/private",
    "/voila/api/contents/private",
    "/voila/api/contents/..%2F..",
    "/voila/static/..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd",
    "/voila/templates/lab/static/..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd",
    "/voila/labextensions/..%2F..%2F..%2F..%2Fetc%2Fpasswd",
    "/api/contents",
    "/api/contents/secret.txt",
    "/api/kernels",
    "/api/sessions",
    "/api/kernelspecs",
    "/api/terminals",
    "/lab",
    "/tree",
    "/notebooks/hello.ipynb",
    "/files/secret.txt",
    "/logout",
]


@pytest.mark.parametrize("path", REFUSED)
def test_only_the_apps_are_served(server: Server, path: str) -> None:
    before = set(children(server.proc.pid))
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    conn.request("GET", path)  # sent as written: no client-side normalising of "..", "%2F" or "//"
    reply = conn.getresponse()
    body = reply.read().decode("utf-8", "replace")
    conn.close()
    assert reply.status in (403, 404), (reply.status, reply.getheader("Location"))
    assert SECRET not in body and "root:" not in body and "Traceback" not in body
    assert set(children(server.proc.pid)) <= before  # no kernel was started for it


def test_the_kernel_cap_refuses_with_a_sentence_and_frees_a_place_on_tab_close(server: Server) -> None:
    held = [fetch_page(server.url, "/voila/render/hello.ipynb") for _ in range(2)]
    try:
        assert [p.status for p in held] == [200, 200]
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(server.url + "/voila/render/hello.ipynb", timeout=120)
        body = refused.value.read().decode()
        assert refused.value.code == 503 and refused.value.headers["Retry-After"] == "60"
        assert "All 2 places are taken" in body and "Alle 2 Plätze sind belegt" in body
        assert "refusing a page: 2 of 2 places in use" in server.log_text()
        first = held.pop(0)
        assert first.kernel_id and close_page(server.url, first.kernel_id) == 204  # the beacon, without _xsrf
        assert not kernel_alive(first.kernel_id)
        held.append(fetch_page(server.url, "/voila/render/hello.ipynb"))
        assert held[-1].status == 200
    finally:
        for page in held:
            if page.kernel_id:
                close_page(server.url, page.kernel_id)


def test_idle_culling_is_on(server: Server) -> None:
    page = fetch_page(server.url, "/voila/render/hello.ipynb")  # the culler starts with the first kernel
    assert page.kernel_id
    close_page(server.url, page.kernel_id)
    assert "Culling kernels with idle durations > 900 seconds at 60 second intervals" in server.log_text()
