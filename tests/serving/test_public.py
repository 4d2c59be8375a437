"""``donkeylab serve --public``: nothing without the token, the page with it, and idle kernels culled.

The server runs ``voila_command(public=True)`` with the test-only address override (127.0.0.1 instead of every
address) and a 3 s idle timeout, so culling can be watched within the test.
"""

from __future__ import annotations

import http.client
import secrets
import shutil
import time
from collections.abc import Iterator

import pytest

from donkeylab.apps.pageclient import fetch_page
from donkeylab.apps.serve import voila_command
from tests.serving.conftest import ROOT, Server, children, free_port, kernel_alive, run_server, write_notebook

TOKEN = secrets.token_urlsafe(24)
FAKE_KERNEL = "0f0e0d0c-0b0a-4908-8706-050403020100"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    site = tmp_path_factory.mktemp("public")
    shutil.copytree(ROOT / "notebooks" / "apps", site / "apps")
    write_notebook(site / "apps" / "hello.ipynb", "print('hello')")
    port = free_port()
    cmd = voila_command(port, site / "apps", public=True, token=TOKEN, address="127.0.0.1", cull_idle=3)
    yield from run_server(cmd, port, site / "server.log")


def request(server: Server, method: str, path: str) -> tuple[int, str, str]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    conn.request(method, path)
    reply = conn.getresponse()
    body = reply.read().decode("utf-8", "replace")
    conn.close()
    return reply.status, reply.getheader("Location") or "", body


@pytest.mark.parametrize("query", ["", "?token=wrong-token-0123456789", "?token="])
def test_a_page_without_the_token_is_refused_and_starts_no_kernel(server: Server, query: str) -> None:
    status, location, body = request(server, "GET", "/voila/render/hello.ipynb" + query)
    assert (status, location.split("?")[0]) == (302, "/login") or status == 403, (status, location)
    assert "kernelId" not in body
    assert not children(server.proc.pid)


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", f"/voila/api/shutdown/{FAKE_KERNEL}"),
        ("GET", f"/api/kernels/{FAKE_KERNEL}"),
        ("DELETE", f"/api/kernels/{FAKE_KERNEL}"),
    ],
)
def test_the_api_without_the_token_is_refused(server: Server, method: str, path: str) -> None:
    assert request(server, method, path)[0] == 403


def test_the_token_opens_the_page_and_an_idle_kernel_is_culled(server: Server) -> None:
    page = fetch_page(server.url, "/voila/render/hello.ipynb", token=TOKEN)
    assert page.status == 200 and page.kernel_id
    deadline = time.monotonic() + 300
    while kernel_alive(page.kernel_id):  # nobody is connected: culled after 3 s idle, checked every 3 s
        assert time.monotonic() < deadline, "the idle kernel was not culled"
        time.sleep(0.5)  # waiting for the culler's next round: there is no event to wait on
    assert "Culling kernels with idle durations > 3 seconds at 3 second intervals" in server.log_text()
