"""A page whose kernel dies says so: the heartbeat's banner (``widgets/common.js``) in the kernel's words."""

from __future__ import annotations

import os
import signal
import subprocess
import urllib.error
import urllib.request

from playwright.sync_api import expect

from tests.browser.helpers import App

LOST_EN = "This page lost its connection to the server: reload the page."


def _kill_kernel(app: App) -> None:
    """``DELETE /api/kernels/<id>`` as the brief measured; if the server refuses the route, end that kernel's
    process (its command line names its connection file, ``kernel-<id>.json``)."""
    kernel = app.kernel_id()
    assert kernel, "the page names its kernel"
    request = urllib.request.Request(f"{app.server.url}/api/kernels/{kernel}", method="DELETE")
    try:
        urllib.request.urlopen(request, timeout=10)
        return
    except urllib.error.HTTPError:
        pass
    found = subprocess.run(["pgrep", "-f", f"kernel-{kernel}.json"], capture_output=True, text=True, check=False)
    pids = [int(p) for p in found.stdout.split()]
    assert pids, "the page's kernel process was not found"
    for pid in pids:
        os.kill(pid, signal.SIGKILL)


def test_a_dead_kernel_shows_the_lost_banner(app: App) -> None:
    app.open("double_down.ipynb")
    banner = app.page.locator(".dl-lost").first
    expect(banner).to_be_hidden()
    _kill_kernel(app)
    expect(app.page.locator(".dl-lost:visible").first).to_have_text(LOST_EN, timeout=40_000)
    app.problems.clear()  # the dead kernel's websocket errors are expected here
