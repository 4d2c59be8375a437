"""Browser harness: the gallery served as ``make app`` serves it, and Debian Chromium driven by Playwright.

One Voila server for the session, started with ``donkeylab.server.serve.voila_command`` (the packaged
``voila.json``: preheated kernels that read the query string, no tracebacks, the plotly lab extension left
out), so the tests see what pupils get. Every test gets an ``App`` (``helpers.py``) over a fresh page; at
teardown the page leaves for ``about:blank`` so Voila's shutdown beacon releases the page's kernel.

The pages of a worker are tabs of one Chromium profile on disk (``profile``), as a pupil's browser is: the
second page of the session takes Voila's and plotly's scripts from the HTTP cache, compiled (V8's code
cache). A fresh in-memory context per test, pytest-playwright's default, compiled them again for every page:
an arrow_chains page cost 4.6 s of Chromium CPU that way and 2.5–3.0 s in the profile, measured. A test that
needs its own device (the tablet) or several pupils (class mode) still makes its own context of ``browser``.

Tests of one kind run for every app before the next kind starts (pytest's default order for parametrised
tests): a preheated kernel is refilled for an app while the other apps are being tested.
"""

from __future__ import annotations

import os
import shlex
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright, expect

from tests.browser import shared_server
from tests.browser.helpers import App, Server

# A click's round trip through the kernel on 2 busy cores: up to a few seconds. First renders wait longer
# (``App.wait_ready``: kernel start + imports + the app's build, 10-45 s on this machine).
expect.set_options(timeout=30_000)

ROOT = Path(__file__).resolve().parents[2]
APPS_DIR = ROOT / "notebooks" / "apps"
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


VIEWPORT = {"width": 1280, "height": 900}  # a laptop-sized window; screenshots take the whole page


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Keep each phase's report on the test, so the ``app`` fixture can photograph a page whose test failed."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A laptop-sized window for the contexts tests make themselves; screenshots take the whole page."""
    return {**browser_context_args, "viewport": VIEWPORT}


@pytest.fixture(scope="session")
def profile(
    playwright: Playwright, browser_type_launch_args: dict[str, Any], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[BrowserContext]:
    """The worker's Chromium with a profile on disk: one tab per test, sharing the HTTP and code caches."""
    context = playwright.chromium.launch_persistent_context(
        tmp_path_factory.mktemp("chromium-profile"), **browser_type_launch_args, viewport=VIEWPORT
    )
    yield context
    context.close()


@pytest.fixture
def page(profile: BrowserContext) -> Iterator[Page]:
    """A new tab of the worker's profile, its cookies cleared (``App.leave`` sets one); closed after the test."""
    profile.clear_cookies()
    tab = profile.new_page()
    yield tab
    tab.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def output_dir(pytestconfig: pytest.Config) -> Path:
    """pytest-playwright's ``--output`` folder (``.ci-tmp/test-results`` under ``make test``)."""
    folder = Path(pytestconfig.getoption("--output")).absolute()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def launch(
    cmd: list[str],
    log_path: Path,
    env: dict[str, str] | None = None,
    ready: str = "/voila/static/voila.js",
    cwd: Path = ROOT,
) -> tuple[subprocess.Popen[bytes], Server]:
    """Start a server (its own process group, its log in ``log_path``) and wait until ``ready`` answers.

    Voila's default ``ready`` is a static file: every GET of a notebook page would take a kernel.
    """
    with open(log_path, "w") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=cwd, env=env, start_new_session=True)
    server = Server(f"http://127.0.0.1:{port_of(cmd)}", log_path)
    deadline = time.monotonic() + 120
    while True:
        try:
            urllib.request.urlopen(server.url + ready, timeout=2)
            return proc, server
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                os.killpg(proc.pid, signal.SIGKILL)
                raise RuntimeError(f"{cmd[2]} did not start:\n" + log_path.read_text()) from None
            time.sleep(0.2)  # polling a server that is starting: there is no event to wait on


def port_of(cmd: list[str]) -> int:
    return int(next(part for part in cmd if part.startswith("--port=")).split("=", 1)[1])


@pytest.fixture(scope="session")
def voila(output_dir: Path) -> Iterator[Server]:
    """The gallery served like ``make app`` (``voila_command``), one server for all workers of the run
    (``shared_server``); its log lands in the output folder.

    ``DONKEYLAB_VOILA_ARGS`` appends options (e.g. ``--VoilaConfiguration.default_pool_size=2``) for
    experiments with the serving settings; the tests themselves never need it.
    """
    from donkeylab.server.serve import voila_command

    cmd = voila_command(_free_port(), APPS_DIR, preheat=True) + shlex.split(os.environ.get("DONKEYLAB_VOILA_ARGS", ""))

    def start() -> tuple[int, Server]:
        proc, server = launch(cmd, output_dir / "voila.log", class_env())
        return proc.pid, server

    shared = shared_server.server(start)
    if shared is not None:  # the controller stops it when the run ends
        yield shared
        return
    log = output_dir / f"voila-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log"
    proc, own = launch(cmd, log, class_env())
    yield own
    shared_server.stop_group(proc.pid)
    proc.wait(5)


def class_env() -> dict[str, str]:
    """The server's environment with a class store and teacher keys of the run's own (a class a test starts
    is never written to the machine user's data folder)."""
    folder = tempfile.mkdtemp(prefix="donkeylab-class-")
    keys = {"DONKEYLAB_CLASS_DB": f"{folder}/class.db", "DONKEYLAB_TEACHER_KEYS": f"{folder}/teacher-keys.json"}
    return {**os.environ, **keys}


@pytest.fixture
def app(page: Page, voila: Server, output_dir: Path, request: pytest.FixtureRequest) -> Iterator[App]:
    """A fresh tab with console watching; the kernel is released at teardown, after a screenshot of the page
    as the failing test left it (``failed/<test>.png``; leaving first would photograph a blank page)."""
    opened = App(page, voila, output_dir / "screens")
    yield opened
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        opened.screenshot_failure(request.node.name)
    opened.leave()
    opened.check_console()


@pytest.fixture(scope="session")
def gallery_links(profile: BrowserContext, voila: Server, output_dir: Path) -> dict[str, str]:
    """The gallery's card links by app name, each resolved to an absolute URL (read once per session)."""
    tab = profile.new_page()
    try:
        gallery = App(tab, voila, output_dir / "screens")
        gallery.open("index.ipynb", ready=".dl-gallery a.dl-card-link")
        links = gallery.page.eval_on_selector_all(
            ".dl-gallery a.dl-card-link", "els => els.map(a => [a.getAttribute('href'), a.href])"
        )
        gallery.screenshot("index")
        gallery.leave()
        gallery.check_console()
    finally:
        tab.close()
    # each card's link carries the gallery's language (?lang=en); the tests add their own query to the page
    return {href.split("?")[0].removesuffix(".ipynb"): url.split("?")[0] for href, url in links}
