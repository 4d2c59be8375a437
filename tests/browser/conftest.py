"""Browser harness: a live Voila on a free 127.0.0.1 port (own process group) and Debian Chromium.

Every app test builds on ``voila_url``: it serves ``notebooks/apps`` in tree mode, so a test opens
``voila_url + "/voila/render/<app>.ipynb"`` or the gallery index at ``voila_url + "/"``.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

# First Voila render on 2 cores: kernel start + imports + notebook run + plotly bundle, 10-20 s.
expect.set_options(timeout=90_000)

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright: Debian's chromium (``playwright install`` cannot download here)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} missing: apt-get install -y chromium (or set CHROMIUM_PATH)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    log_path = tmp_path_factory.mktemp("voila") / "voila.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "voila",
                str(ROOT / "notebooks" / "apps"),
                "--no-browser",
                "--Voila.ip=127.0.0.1",
                f"--port={port}",
                "--Voila.port_retries=0",
                "--show_tracebacks=True",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
            start_new_session=True,
        )
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        while True:  # poll a static file: every GET of a notebook page starts a kernel
            try:
                urllib.request.urlopen(url + "/voila/static/voila.js", timeout=2)
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    os.killpg(proc.pid, signal.SIGKILL)
                    raise RuntimeError("voila did not start:\n" + log_path.read_text()) from None
                time.sleep(0.2)  # polling a server that is starting: there is no event to wait on
        yield url
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


@pytest.fixture
def app_page(page: Any) -> Any:
    """A page with long timeouts and the CDN (unreachable here) short-circuited."""
    page.set_default_timeout(90_000)
    page.route("**/cdn.jsdelivr.net/**", lambda route: route.abort())
    return page
