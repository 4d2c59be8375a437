"""Harness of the static-site test: ``site/`` served by ``python -m http.server`` on 127.0.0.1, every other host
blocked and counted, Debian Chromium driven by Playwright.

The site is built by ``make site`` (``make test`` builds it first, cached); ``DONKEYLAB_SITE`` points
elsewhere. A missing site fails the test (it never skips): the browser test is how we know the site works.
Each app page is compared with the same link on the run's Voila server, opened in a Chromium of its own.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright, Request, expect

from tests.browser import conftest as browser_harness
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.browser.helpers import App, Server

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("DONKEYLAB_SITE", ROOT / "site"))
FIGURES = Path(os.environ.get("DONKEYLAB_SITE_FIGURES", "/tmp/site18-figures.json"))
expect.set_options(timeout=60_000)

# Every host but the loopback fails to resolve, for the page and its workers (and any service worker) alike. Not
# Playwright's request routing: routing turns the browser's HTTP cache off, so a "second load" would be a
# first load again (measured: both ~11 s; the cache is what a second visit of a pupil uses).
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
LOCAL = ("blob:", "data:", "about:")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/site" in str(item.fspath):
            item.add_marker(pytest.mark.site)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} missing: apt-get install -y chromium (or set CHROMIUM_PATH)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": [*CHROMIUM_ARGS, OFFLINE]}


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """``site/`` over plain HTTP on a free loopback port, as any static host would serve it."""
    if not (SITE / ".donkeylab-site").exists():
        pytest.fail(f"no site at {SITE}: run `make site` (or `donkeylab site build {SITE}`) first")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    command = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(SITE)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 30
    while True:  # a condition: the server answers
        try:
            urllib.request.urlopen(url + ".donkeylab-site", timeout=2).close()
            break
        except OSError:
            assert time.monotonic() < deadline and server.poll() is None, "http.server did not start"
            time.sleep(0.05)
    yield url
    server.terminate()
    server.wait(10)


# The run's one Voila server (shared with the browser tests) and the folder of its log and screenshots: the site
# is compared with the same link on Voila (``parity.py``).
voila = browser_harness.voila
output_dir = browser_harness.output_dir


@pytest.fixture(scope="session")
def voila_profile(playwright: Playwright, tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    """A Chromium of its own for the Voila pages: the site's profile counts every request that is not the
    site's as a request to another host, and the two pages must not share caches or a service worker."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} missing: apt-get install -y chromium (or set CHROMIUM_PATH)")
    folder = tmp_path_factory.mktemp("voila-profile")
    context = playwright.chromium.launch_persistent_context(folder, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield context
    context.close()


@pytest.fixture
def voila_app(voila_profile: BrowserContext, voila: Server, output_dir: Path) -> Iterator[App]:
    """A Voila tab beside the site's; it leaves its page (the kernel is released) and checks its console after."""
    tab = voila_profile.new_page()
    opened = App(tab, voila, output_dir / "screens")
    yield opened
    opened.leave()
    tab.close()
    opened.check_console()


@pytest.fixture
def external() -> list[str]:
    """Every request of the test's browser context that tried to leave the site (must stay empty)."""
    return []


@pytest.fixture(scope="session")
def site_profile(
    playwright: Playwright, browser_type_launch_args: dict[str, Any], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[BrowserContext]:
    """The worker's Chromium for the site, with a profile on disk and every other host blocked (its own: the
    browser tests' ``profile`` reaches other hosts' names)."""
    context = playwright.chromium.launch_persistent_context(
        tmp_path_factory.mktemp("site-profile"), **browser_type_launch_args
    )
    yield context
    context.close()


@pytest.fixture
def page(site_profile: BrowserContext, site_url: str, external: list[str]) -> Iterator[Page]:
    """A new tab of the worker's site profile, as a pupil's browser
    opens one app after another: the worker's first site page is a first visit, the next ones take Pyodide,
    the wheels and the compiled wasm from the caches (a fresh context per test cost each page ~6 s more of
    Chromium CPU, measured). Every request of the test that leaves the site is counted (``OFFLINE`` makes it
    fail); a service worker's would be included, since its requests reach the context, not the page (the site
    registers none: ``site.build._without_service_worker``)."""

    def count(request: Request) -> None:
        if not request.url.startswith((site_url, *LOCAL)):
            external.append(request.url)

    site_profile.on("request", count)
    tab = site_profile.new_page()
    yield tab
    tab.close()
    site_profile.remove_listener("request", count)


@pytest.fixture
def errors(page: Page) -> list[str]:
    """Uncaught errors of the page (a Python traceback from the kernel arrives as one)."""
    found: list[str] = []
    page.on("pageerror", lambda e: found.append(str(e)[-2000:]))
    return found


@pytest.fixture(scope="session")
def figures() -> Iterator[dict[str, Any]]:
    """Load times and Step latencies measured by the tests, written to ``FIGURES``. A load is a first visit only
    for a worker's first site page; ``benchmarks/site_load.py`` measures first and second loads properly."""
    found: dict[str, Any] = {}
    yield found
    if found:  # each xdist worker measured some apps: one file for all (for figures, ``-n 0`` is quieter)
        earlier = json.loads(FIGURES.read_text()) if FIGURES.exists() else {}
        FIGURES.write_text(json.dumps(earlier | found, indent=1) + "\n")
